// TOTP (RFC 6238 over RFC 4226 HOTP): HMAC-SHA1, 30-second steps, 6 digits, as authenticator apps expect.

import { createHmac, randomBytes } from 'node:crypto';

const BASE32_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function base32Encode(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32_ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32_ALPHABET[(value << (5 - bits)) & 31];
  return out;
}

export function base32Decode(text: string): Uint8Array {
  const clean = text.toUpperCase().replace(/=+$/, '').replace(/\s/g, '');
  const out: number[] = [];
  let bits = 0;
  let value = 0;
  for (const char of clean) {
    const index = BASE32_ALPHABET.indexOf(char);
    if (index < 0) throw new Error(`Invalid base32 character ${char}`);
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Uint8Array.from(out);
}

/** RFC 4226 HOTP with dynamic truncation. */
export function hotp(secret: Uint8Array, counter: number, digits = 6): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac('sha1', secret).update(message).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const binary = ((mac[offset]! & 0x7f) << 24) | (mac[offset + 1]! << 16) | (mac[offset + 2]! << 8) | mac[offset + 3]!;
  return String(binary % 10 ** digits).padStart(digits, '0');
}

export interface TotpOptions {
  /** Unix time in seconds; now by default. */
  time?: number;
  digits?: number;
  period?: number;
}

/** The TOTP code of a base32 secret at a moment. */
export function totp(secretBase32: string, { time = Date.now() / 1000, digits = 6, period = 30 }: TotpOptions = {}) {
  return hotp(base32Decode(secretBase32), Math.floor(time / period), digits);
}

/** Accepts the code of the current step or one step either side (clock skew), as GoTrue does. */
export function verifyTotp(secretBase32: string, code: string, time = Date.now() / 1000, period = 30): boolean {
  if (!/^\d{6}$/.test(code)) return false;
  const secret = base32Decode(secretBase32);
  const step = Math.floor(time / period);
  return [step - 1, step, step + 1].some((s) => hotp(secret, s) === code);
}

/** A new 160-bit secret, base32 without padding (32 characters). */
export function newTotpSecret(): string {
  return base32Encode(randomBytes(20));
}

export function otpauthUri(secretBase32: string, issuer: string, account: string): string {
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(account)}`;
  const query = new URLSearchParams({ algorithm: 'SHA1', digits: '6', issuer, period: '30', secret: secretBase32 });
  return `otpauth://totp/${label}?${query.toString()}`;
}
