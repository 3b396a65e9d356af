import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode, hotp, otpauthUri, totp, verifyTotp } from './totp.ts';

// RFC 6238 appendix B: the SHA1 seed is the ASCII string "12345678901234567890".
const RFC_SECRET = base32Encode(new TextEncoder().encode('12345678901234567890'));

describe('TOTP (RFC 6238)', () => {
  it('matches the RFC test vectors', () => {
    expect(RFC_SECRET).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
    expect(totp(RFC_SECRET, { time: 59, digits: 8 })).toBe('94287082');
    expect(totp(RFC_SECRET, { time: 59 })).toBe('287082');
    expect(totp(RFC_SECRET, { time: 1111111109, digits: 8 })).toBe('07081804');
    expect(totp(RFC_SECRET, { time: 1234567890, digits: 8 })).toBe('89005924');
    expect(totp(RFC_SECRET, { time: 20000000000, digits: 8 })).toBe('65353130');
  });

  it('matches RFC 4226 HOTP values', () => {
    const secret = new TextEncoder().encode('12345678901234567890');
    expect(hotp(secret, 0)).toBe('755224');
    expect(hotp(secret, 9)).toBe('520489');
  });

  it('accepts one step of clock skew either side and nothing further', () => {
    expect(verifyTotp(RFC_SECRET, '287082', 59)).toBe(true);
    expect(verifyTotp(RFC_SECRET, '287082', 89)).toBe(true);
    expect(verifyTotp(RFC_SECRET, '287082', 121)).toBe(false);
    expect(verifyTotp(RFC_SECRET, '28708', 59)).toBe(false);
  });

  it('round-trips base32 and builds an otpauth URI', () => {
    const bytes = Uint8Array.from([1, 2, 3, 250, 251, 252, 0, 9]);
    expect(base32Decode(base32Encode(bytes))).toEqual(bytes);
    expect(otpauthUri('JBSWY3DPEHPK3PXP', 'localhost', 'a@b.co')).toBe(
      'otpauth://totp/localhost:a%40b.co?algorithm=SHA1&digits=6&issuer=localhost&period=30&secret=JBSWY3DPEHPK3PXP',
    );
  });
});
