// A channel's JWT, checked as hosted Realtime checks it at join and on `access_token`: a valid signature, and the
// `role` and `exp` claims present; the refusals carry Realtime's codes and words.
import { decodeJwt } from 'jose';
import type { Claims, Keys } from '../types.ts';

/** Verified claims, or the refusal Realtime sends (`code: message`). */
export type TokenCheck = { claims: Claims } | { error: string };

export async function checkToken(keys: Keys, token: string): Promise<TokenCheck> {
  let payload: Record<string, unknown>;
  try {
    payload = decodeJwt(token);
  } catch {
    return { error: 'MalformedJWT: The token provided is not a valid JWT' };
  }
  if (typeof payload.role !== 'string' || typeof payload.exp !== 'number') {
    return { error: 'InvalidJWTToken: Fields `role` and `exp` are required in JWT' };
  }
  const left = payload.exp - Math.floor(Date.now() / 1000);
  if (left <= 0) return { error: `InvalidJWTToken: Token has expired ${-left} seconds ago` };
  try {
    return { claims: await keys.verify(token) };
  } catch {
    return { error: 'JwtSignatureError: Failed to validate JWT signature' };
  }
}
