// API keys and access-token signing, as the Supabase CLI and GoTrue do them.
//
// - The anon and service_role API keys are HS256 JWTs over the project's JWT secret with
//   `{iss: "supabase-demo", role, exp: 1983812996}`: with the CLI's default secret they are
//   byte for byte the CLI's well-known demo keys.
// - Access tokens are signed with the first asymmetric key of `auth.signingKeysPath`
//   (a JSON array of private JWKs, RS256 or ES256, `kid` in the header) when configured,
//   else with the HS256 secret.
// - `verify` accepts HS256 and the configured asymmetric keys, and nothing else.

import { readFileSync } from 'node:fs';
import {
  type CryptoKey,
  decodeProtectedHeader,
  exportJWK,
  generateKeyPair,
  importJWK,
  type JWK,
  type JWTPayload,
  jwtVerify,
  SignJWT,
} from 'jose';
import type { Claims, Keys, LocalConfig } from './types.ts';

/** The Supabase CLI's default JWT secret. */
export const DEFAULT_JWT_SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long';

/** Expiry of the CLI's demo API keys (2032-11-13). */
const DEMO_KEY_EXPIRY = 1983812996;

export type SigningAlgorithm = 'RS256' | 'ES256';

interface SigningKey {
  kid: string;
  alg: SigningAlgorithm;
  privateKey: CryptoKey | Uint8Array;
  publicKey: CryptoKey | Uint8Array;
  publicJwk: Record<string, unknown>;
}

const PRIVATE_JWK_MEMBERS = new Set(['d', 'p', 'q', 'dp', 'dq', 'qi', 'oth', 'k']);

function algorithmOf(jwk: JWK): SigningAlgorithm {
  if (jwk.alg === 'RS256' || jwk.alg === 'ES256') return jwk.alg as SigningAlgorithm;
  if (jwk.alg) throw new Error(`Unsupported signing key algorithm ${jwk.alg}: use RS256 or ES256`);
  if (jwk.kty === 'RSA') return 'RS256';
  if (jwk.kty === 'EC' && jwk.crv === 'P-256') return 'ES256';
  throw new Error(`Unsupported signing key type ${jwk.kty}: use RSA (RS256) or EC P-256 (ES256)`);
}

function publicPart(jwk: JWK, alg: SigningAlgorithm, kid: string): Record<string, unknown> {
  const pub: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(jwk)) {
    if (!PRIVATE_JWK_MEMBERS.has(name) && name !== 'key_ops') pub[name] = value;
  }
  return { ...pub, alg, kid, use: 'sig', key_ops: ['verify'] };
}

async function loadSigningKeys(path: string): Promise<SigningKey[]> {
  const parsed: unknown = JSON.parse(readFileSync(path, 'utf8'));
  const list = Array.isArray(parsed) ? parsed : [parsed];
  const keys: SigningKey[] = [];
  for (const entry of list as JWK[]) {
    if (!entry.d) throw new Error(`Signing key ${entry.kid ?? '(no kid)'} in ${path} has no private part`);
    const alg = algorithmOf(entry);
    const kid = entry.kid ?? `${alg.toLowerCase()}-${keys.length}`;
    const publicJwk = publicPart(entry, alg, kid);
    const { key_ops: _ops, use: _use, ...importable } = entry;
    const { key_ops: _pops, use: _puse, ...publicImportable } = publicJwk;
    keys.push({
      kid,
      alg,
      privateKey: await importJWK(importable, alg),
      publicKey: await importJWK(publicImportable as JWK, alg),
      publicJwk,
    });
  }
  if (keys.length === 0) throw new Error(`${path} holds no signing keys`);
  return keys;
}

/** A new private JWK for `signingKeysPath` (like `supabase gen signing-key`). */
export async function generateSigningKey(alg: SigningAlgorithm = 'ES256'): Promise<JWK> {
  const { privateKey } = await generateKeyPair(alg, { extractable: true });
  const jwk = await exportJWK(privateKey);
  return { ...jwk, alg, kid: crypto.randomUUID(), use: 'sig', key_ops: ['sign', 'verify'] };
}

async function signApiKey(role: string, secret: Uint8Array): Promise<string> {
  // Claim order matters for byte-identical demo keys: iss, role, exp.
  return new SignJWT({ iss: 'supabase-demo', role, exp: DEMO_KEY_EXPIRY })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .sign(secret);
}

export async function createKeys(config: LocalConfig): Promise<Keys> {
  const secret = new TextEncoder().encode(config.jwtSecret);
  const signingKeys = config.auth.signingKeysPath ? await loadSigningKeys(config.auth.signingKeysPath) : [];
  const current = signingKeys[0];
  const anonKey = await signApiKey('anon', secret);
  const serviceRoleKey = await signApiKey('service_role', secret);

  return {
    anonKey,
    serviceRoleKey,

    async sign(claims: Claims): Promise<string> {
      const jwt = new SignJWT(claims as JWTPayload);
      if (current)
        return jwt.setProtectedHeader({ alg: current.alg, kid: current.kid, typ: 'JWT' }).sign(current.privateKey);
      return jwt.setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(secret);
    },

    async verify(token: string): Promise<Claims> {
      const header = decodeProtectedHeader(token);
      let key: CryptoKey | Uint8Array;
      if (header.alg === 'HS256') {
        key = secret;
      } else if (header.alg === 'RS256' || header.alg === 'ES256') {
        const match = signingKeys.find(
          (k) => k.alg === header.alg && (header.kid === undefined || k.kid === header.kid),
        );
        if (!match) throw new Error(`No key with kid ${header.kid ?? '(none)'} for ${header.alg}`);
        key = match.publicKey;
      } else {
        throw new Error(`Unsupported JWT algorithm ${String(header.alg)}`);
      }
      const { payload } = await jwtVerify(token, key, { algorithms: [header.alg] });
      if (typeof payload.role !== 'string') throw new Error('JWT has no role claim');
      return payload as Claims;
    },

    jwks() {
      return { keys: signingKeys.map((k) => ({ ...k.publicJwk })) };
    },
  };
}
