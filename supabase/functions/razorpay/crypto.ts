// Razorpay signatures with Web Crypto only (crypto.subtle), so the same code runs in Deno and in Node.

const encoder = new TextEncoder();

async function hmacKey(secret: string, usage: 'sign' | 'verify'): Promise<CryptoKey> {
  return crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [usage]);
}

function toBytes(message: string | Uint8Array): Uint8Array<ArrayBuffer> {
  return typeof message === 'string' ? encoder.encode(message) : new Uint8Array(message);
}

/** Lower-case hex HMAC-SHA256 of `message` keyed with `secret`. */
export async function hmacSha256Hex(secret: string, message: string | Uint8Array): Promise<string> {
  const signature = await crypto.subtle.sign('HMAC', await hmacKey(secret, 'sign'), toBytes(message));
  return Array.from(new Uint8Array(signature), (b) => b.toString(16).padStart(2, '0')).join('');
}

function fromHex(hex: string): Uint8Array<ArrayBuffer> | null {
  if (hex.length !== 64 || !/^[0-9a-fA-F]+$/.test(hex)) return null;
  const bytes = new Uint8Array(32);
  for (let i = 0; i < 32; i++) bytes[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}

/**
 * Whether `signatureHex` is the HMAC-SHA256 of `message` under `secret`. The comparison is
 * `crypto.subtle.verify`, which compares in constant time; a malformed signature is simply false.
 */
export async function verifyHmacSha256(
  secret: string,
  message: string | Uint8Array,
  signatureHex: string,
): Promise<boolean> {
  const signature = fromHex(signatureHex);
  if (!signature) return false;
  return crypto.subtle.verify('HMAC', await hmacKey(secret, 'verify'), signature, toBytes(message));
}

/** Checkout's payment signature: HMAC-SHA256 of `order_id|payment_id` with the key secret. */
export function verifyPaymentSignature(
  keySecret: string,
  orderId: string,
  paymentId: string,
  signatureHex: string,
): Promise<boolean> {
  return verifyHmacSha256(keySecret, `${orderId}|${paymentId}`, signatureHex);
}

/** A webhook's `X-Razorpay-Signature`: HMAC-SHA256 of the raw body with the webhook secret. */
export function verifyWebhookSignature(
  webhookSecret: string,
  rawBody: Uint8Array,
  signatureHex: string,
): Promise<boolean> {
  return verifyHmacSha256(webhookSecret, rawBody, signatureHex);
}
