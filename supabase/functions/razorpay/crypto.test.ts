import { describe, expect, it } from 'vitest';
import { hmacSha256Hex, verifyHmacSha256, verifyPaymentSignature, verifyWebhookSignature } from './crypto.ts';

// Expected values computed with OpenSSL, not with this code:
//   printf '%s' 'The quick brown fox jumps over the lazy dog' | openssl dgst -sha256 -hmac 'key'
//   (also the well-known HMAC-SHA256 example value)
//   printf '%s' 'order_IEIaMR65cu6nz3|pay_IH4NVgf4Dreq1l' | openssl dgst -sha256 -hmac 'test_key_secret_0001'
const FOX = 'f7bc83f430538424b13298e6aa6fb143ef4d59a14946175997479dbc2d1a3cd8';
const PAYMENT_SIG = 'e865d4a46f21807570e95c486075b49412ae958545a6f0b82c89cfc4a3bf533c';

describe('HMAC-SHA256 with Web Crypto', () => {
  it('matches OpenSSL', async () => {
    expect(await hmacSha256Hex('key', 'The quick brown fox jumps over the lazy dog')).toBe(FOX);
    expect(await hmacSha256Hex('test_key_secret_0001', 'order_IEIaMR65cu6nz3|pay_IH4NVgf4Dreq1l')).toBe(PAYMENT_SIG);
  });

  it('verifies the payment signature over order_id|payment_id', async () => {
    expect(
      await verifyPaymentSignature('test_key_secret_0001', 'order_IEIaMR65cu6nz3', 'pay_IH4NVgf4Dreq1l', PAYMENT_SIG),
    ).toBe(true);
  });

  it.each<[string, string, string, string, string]>([
    ['another secret', 'test_key_secret_0002', 'order_IEIaMR65cu6nz3', 'pay_IH4NVgf4Dreq1l', PAYMENT_SIG],
    ['another order', 'test_key_secret_0001', 'order_IEIaMR65cu6nz4', 'pay_IH4NVgf4Dreq1l', PAYMENT_SIG],
    ['another payment', 'test_key_secret_0001', 'order_IEIaMR65cu6nz3', 'pay_IH4NVgf4Dreq1m', PAYMENT_SIG],
    [
      'a flipped digit',
      'test_key_secret_0001',
      'order_IEIaMR65cu6nz3',
      'pay_IH4NVgf4Dreq1l',
      `f${PAYMENT_SIG.slice(1)}`,
    ],
    ['an empty signature', 'test_key_secret_0001', 'order_IEIaMR65cu6nz3', 'pay_IH4NVgf4Dreq1l', ''],
    ['too long', 'test_key_secret_0001', 'order_IEIaMR65cu6nz3', 'pay_IH4NVgf4Dreq1l', `${PAYMENT_SIG}00`],
  ])('refuses %s', async (_name, secret, order, payment, signature) => {
    expect(await verifyPaymentSignature(secret, order, payment, signature)).toBe(false);
  });

  it('verifies a webhook over the raw bytes of the body', async () => {
    // printf '%s' '{"event":"payment.failed"}' | openssl dgst -sha256 -hmac 'whsec_test_0001'
    const body = new TextEncoder().encode('{"event":"payment.failed"}');
    const sig = '697ff77a789414413b116c4a9106bd9ed952a7a56d1fbcee23e995063af8c154';
    expect(await verifyWebhookSignature('whsec_test_0001', body, sig)).toBe(true);
    const spaced = new TextEncoder().encode('{"event": "payment.failed"}');
    expect(await verifyWebhookSignature('whsec_test_0001', spaced, sig)).toBe(false);
  });

  it('accepts either case of hex', async () => {
    expect(await verifyHmacSha256('key', 'The quick brown fox jumps over the lazy dog', FOX.toUpperCase())).toBe(true);
  });
});
