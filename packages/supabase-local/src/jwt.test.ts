import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLocalJWKSet, decodeProtectedHeader, jwtVerify, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { createKeys, DEFAULT_JWT_SECRET, generateSigningKey } from './jwt.ts';
import type { LocalConfig } from './types.ts';

// The Supabase CLI's well-known local demo keys (`supabase status`), for the default secret.
const CLI_ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';
const CLI_SERVICE_ROLE_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU';

function config(signingKeysPath?: string, jwtSecret = DEFAULT_JWT_SECRET): LocalConfig {
  return {
    workdir: '.',
    port: 0,
    jwtSecret,
    auth: {
      siteUrl: 'http://localhost:3000',
      additionalRedirectUrls: [],
      jwtExpiry: 3600,
      enableSignup: true,
      enableConfirmations: false,
      minimumPasswordLength: 6,
      enableAnonymousSignIns: false,
      enableRefreshTokenRotation: true,
      refreshTokenReuseInterval: 10,
      mfaTotpEnrollEnabled: true,
      mfaTotpVerifyEnabled: true,
      mfaWebAuthnEnrollEnabled: false,
      mfaWebAuthnVerifyEnabled: false,
      testOtp: {},
      signingKeysPath,
    },
  };
}

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const now = () => Math.floor(Date.now() / 1000);

describe('API keys', () => {
  it('are the Supabase CLI demo keys under the default secret', async () => {
    const keys = await createKeys(config());
    expect(keys.anonKey).toBe(CLI_ANON_KEY);
    expect(keys.serviceRoleKey).toBe(CLI_SERVICE_ROLE_KEY);
  });

  it('are HS256 JWTs over a custom secret with roles anon and service_role', async () => {
    const secret = 'another-secret-that-is-at-least-32-characters';
    const keys = await createKeys(config(undefined, secret));
    expect(keys.anonKey).not.toBe(CLI_ANON_KEY);
    const { payload, protectedHeader } = await jwtVerify(keys.serviceRoleKey, new TextEncoder().encode(secret));
    expect(protectedHeader.alg).toBe('HS256');
    expect(payload).toEqual({ iss: 'supabase-demo', role: 'service_role', exp: 1983812996 });
    expect((await keys.verify(keys.anonKey)).role).toBe('anon');
  });
});

describe('HS256 access tokens', () => {
  it('sign and verify, and publish no JWKs', async () => {
    const keys = await createKeys(config());
    const token = await keys.sign({ role: 'authenticated', sub: 'u1', exp: now() + 60 });
    expect(decodeProtectedHeader(token).alg).toBe('HS256');
    expect(await keys.verify(token)).toMatchObject({ role: 'authenticated', sub: 'u1' });
    expect(keys.jwks()).toEqual({ keys: [] });
  });

  it('refuses alg none, a bad signature, a changed role and an expired token', async () => {
    const keys = await createKeys(config());
    const payload = { role: 'service_role', exp: now() + 60 };
    await expect(keys.verify(`${b64({ alg: 'none', typ: 'JWT' })}.${b64(payload)}.`)).rejects.toThrow();

    const other = new TextEncoder().encode('a-different-secret-of-at-least-32-characters!!');
    const foreign = await new SignJWT(payload).setProtectedHeader({ alg: 'HS256' }).sign(other);
    await expect(keys.verify(foreign)).rejects.toThrow();

    const genuine = await keys.sign({ role: 'authenticated', sub: 'u1', exp: now() + 60 });
    const [header, , signature] = genuine.split('.');
    const forged = `${header}.${b64({ role: 'service_role', sub: 'u1', exp: now() + 60 })}.${signature}`;
    await expect(keys.verify(forged)).rejects.toThrow();

    const expired = await keys.sign({ role: 'authenticated', sub: 'u1', exp: now() - 10 });
    await expect(keys.verify(expired)).rejects.toThrow(/exp/);
  });
});

describe.each(['ES256', 'RS256'] as const)('%s signing keys', (alg) => {
  it('sign access tokens with a kid, verify them, and publish only the public part', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bahi-keys-'));
    const jwk = await generateSigningKey(alg);
    const path = join(dir, 'signing_keys.json');
    writeFileSync(path, JSON.stringify([jwk]));
    const keys = await createKeys(config(path));

    const token = await keys.sign({ role: 'authenticated', sub: 'u1', exp: now() + 60 });
    const header = decodeProtectedHeader(token);
    expect(header).toMatchObject({ alg, kid: jwk.kid });
    expect((await keys.verify(token)).sub).toBe('u1');

    const published = keys.jwks().keys;
    expect(published).toHaveLength(1);
    expect(published[0]).toMatchObject({ kid: jwk.kid, alg, kty: jwk.kty, use: 'sig', key_ops: ['verify'] });
    for (const secretPart of ['d', 'p', 'q', 'dp', 'dq', 'qi']) expect(published[0]).not.toHaveProperty(secretPart);

    // A client verifies with the published set alone.
    const { payload } = await jwtVerify(token, createLocalJWKSet(keys.jwks() as never));
    expect(payload.sub).toBe('u1');

    // The API keys stay HS256 and still verify.
    expect((await keys.verify(keys.anonKey)).role).toBe('anon');

    // A token from another key under the same kid is refused.
    const intruder = await generateSigningKey(alg);
    const otherPath = join(dir, 'other.json');
    writeFileSync(otherPath, JSON.stringify([{ ...intruder, kid: jwk.kid }]));
    const intruderKeys = await createKeys(config(otherPath));
    const forged = await intruderKeys.sign({ role: 'service_role', sub: 'u1', exp: now() + 60 });
    await expect(keys.verify(forged)).rejects.toThrow();
  });
});
