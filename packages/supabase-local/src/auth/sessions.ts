// Sessions, refresh tokens and access tokens, and the bearer-token check of authenticated endpoints.

import { randomBytes, randomUUID } from 'node:crypto';
import { errors as joseErrors } from 'jose';
import type { Claims, Queryable, ServiceContext } from '../types.ts';
import { AuthError, bearerToken, forbidden } from './http.ts';
import { findUserById, type UserJson, type UserRow, userJson } from './users.ts';

export interface SessionRow {
  id: string;
  user_id: string;
  aal: string | null;
  factor_id: string | null;
  created_at: Date;
  updated_at: Date;
  not_after: Date | null;
}

export interface RefreshTokenRow {
  id: string | number;
  token: string;
  user_id: string;
  session_id: string;
  parent: string | null;
  revoked: boolean;
  created_at: Date;
  updated_at: Date;
}

/** GoTrue's authentication methods as they appear in the `amr` claim. */
export type AuthMethod =
  | 'password'
  | 'otp'
  | 'magiclink'
  | 'email/signup'
  | 'recovery'
  | 'invite'
  | 'email_change'
  | 'anonymous'
  | 'totp'
  | 'token_refresh';

const REFRESH_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

function newRefreshToken(): string {
  let token = '';
  for (const b of randomBytes(16)) token += REFRESH_ALPHABET[b % REFRESH_ALPHABET.length];
  return token;
}

export interface SessionJson {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
  expires_at: number;
  refresh_token: string;
  user: UserJson;
}

async function insertRefreshToken(
  db: Queryable,
  userId: string,
  sessionId: string,
  parent: string | null,
): Promise<string> {
  const token = newRefreshToken();
  await db.query(
    `insert into auth.refresh_tokens (instance_id, token, user_id, revoked, parent, session_id, created_at, updated_at)
     values ('00000000-0000-0000-0000-000000000000', $1, $2, false, $3, $4, now(), now())`,
    [token, userId, parent, sessionId],
  );
  return token;
}

export async function addAmrClaim(db: Queryable, sessionId: string, method: AuthMethod): Promise<void> {
  await db.query(
    `insert into auth.mfa_amr_claims (session_id, authentication_method, created_at, updated_at)
     values ($1, $2, now(), now())
     on conflict (session_id, authentication_method) do update set updated_at = now()`,
    [sessionId, method],
  );
}

/** Signs the access token of a session, with GoTrue's claims in GoTrue's order. */
export async function accessToken(
  ctx: ServiceContext,
  db: Queryable,
  user: UserRow,
  session: SessionRow,
): Promise<{ token: string; expiresAt: number; expiresIn: number }> {
  const amr = (
    await db.query<{ authentication_method: string; updated_at: Date }>(
      'select authentication_method, updated_at from auth.mfa_amr_claims where session_id = $1 order by updated_at desc',
      [session.id],
    )
  ).rows.map((r) => ({
    method: r.authentication_method,
    timestamp: Math.floor(new Date(r.updated_at).getTime() / 1000),
  }));
  const iat = Math.floor(Date.now() / 1000);
  const expiresIn = ctx.config.auth.jwtExpiry;
  const exp = iat + expiresIn;
  const claims: Claims = {
    aud: user.aud ?? 'authenticated',
    exp,
    iat,
    iss: `${ctx.apiUrl}/auth/v1`,
    sub: user.id,
    email: user.email ?? '',
    phone: user.phone ?? '',
    app_metadata: user.raw_app_meta_data ?? {},
    user_metadata: user.raw_user_meta_data ?? {},
    role: user.role || 'authenticated',
    aal: session.aal ?? 'aal1',
    amr,
    session_id: session.id,
    is_anonymous: user.is_anonymous ?? false,
  };
  return { token: await ctx.keys.sign(claims), expiresAt: exp, expiresIn };
}

async function sessionJson(
  ctx: ServiceContext,
  db: Queryable,
  userId: string,
  session: SessionRow,
  refreshToken: string,
): Promise<SessionJson> {
  const user = (await findUserById(db, userId))!;
  const { token, expiresAt, expiresIn } = await accessToken(ctx, db, user, session);
  return {
    access_token: token,
    token_type: 'bearer',
    expires_in: expiresIn,
    expires_at: expiresAt,
    refresh_token: refreshToken,
    user: await userJson(db, user),
  };
}

/** A new session for a user who has just authenticated with `method`. */
export async function issueSession(
  ctx: ServiceContext,
  db: Queryable,
  user: UserRow,
  method: AuthMethod,
): Promise<SessionJson> {
  const sessionId = randomUUID();
  const session = (
    await db.query<SessionRow>(
      `insert into auth.sessions (id, user_id, aal, created_at, updated_at, refreshed_at)
       values ($1, $2, 'aal1', now(), now(), now()::timestamp) returning *`,
      [sessionId, user.id],
    )
  ).rows[0]!;
  await addAmrClaim(db, sessionId, method);
  await db.query('update auth.users set last_sign_in_at = now(), updated_at = now() where id = $1', [user.id]);
  await db.query('update auth.identities set last_sign_in_at = now() where user_id = $1', [user.id]);
  const refreshToken = await insertRefreshToken(db, user.id, sessionId, null);
  return sessionJson(ctx, db, user.id, session, refreshToken);
}

/** Raises a session to aal2 after a verified factor and hands out a fresh token pair within it. */
export async function upgradeSession(
  ctx: ServiceContext,
  db: Queryable,
  session: SessionRow,
  factorId: string,
  method: AuthMethod,
): Promise<SessionJson> {
  const upgraded = (
    await db.query<SessionRow>(
      `update auth.sessions set aal = 'aal2', factor_id = $2, updated_at = now() where id = $1 returning *`,
      [session.id, factorId],
    )
  ).rows[0]!;
  await addAmrClaim(db, session.id, method);
  await db.query('update auth.refresh_tokens set revoked = true, updated_at = now() where session_id = $1', [
    session.id,
  ]);
  const refreshToken = await insertRefreshToken(db, session.user_id, session.id, null);
  return sessionJson(ctx, db, session.user_id, upgraded, refreshToken);
}

/**
 * grant_type=refresh_token with rotation: the token is revoked and a child issued. A revoked token used again
 * inside the reuse interval gets the session's current token (the same child as the first use got); later
 * reuse revokes the whole family and fails with `refresh_token_already_used`.
 */
export async function refreshSession(
  ctx: ServiceContext,
  db: Queryable,
  token: string,
): Promise<SessionJson | AuthError> {
  const settings = ctx.config.auth;
  const row = (
    await db.query<RefreshTokenRow>('select * from auth.refresh_tokens where token = $1 for update', [token])
  ).rows[0];
  const session = row?.session_id
    ? (await db.query<SessionRow>('select * from auth.sessions where id = $1 for update', [row.session_id])).rows[0]
    : undefined;
  if (!row || !session) {
    throw new AuthError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
  }
  if (session.not_after && new Date(session.not_after) < new Date()) {
    throw new AuthError(400, 'session_expired', 'Invalid Refresh Token: Session Expired');
  }
  const user = await findUserById(db, session.user_id);
  if (!user) throw new AuthError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
  if (user.banned_until && new Date(user.banned_until) > new Date()) {
    throw new AuthError(400, 'user_banned', 'Invalid Refresh Token: User Banned');
  }

  let next: string;
  if (row.revoked) {
    const withinInterval = new Date(row.updated_at).getTime() + settings.refreshTokenReuseInterval * 1000 >= Date.now();
    const active = (
      await db.query<RefreshTokenRow>(
        'select * from auth.refresh_tokens where session_id = $1 and revoked = false order by id desc limit 1',
        [session.id],
      )
    ).rows[0];
    if (settings.enableRefreshTokenRotation && !withinInterval) {
      await db.query('update auth.refresh_tokens set revoked = true, updated_at = now() where session_id = $1', [
        session.id,
      ]);
      // Returned, not thrown: the caller commits the family's revocation, then answers with the error.
      return new AuthError(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used');
    }
    if (!active) throw new AuthError(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used');
    next = active.token;
  } else {
    await db.query('update auth.refresh_tokens set revoked = true, updated_at = now() where id = $1', [row.id]);
    next = await insertRefreshToken(db, session.user_id, session.id, row.token);
  }
  const refreshed = (
    await db.query<SessionRow>(
      'update auth.sessions set refreshed_at = now()::timestamp, updated_at = now() where id = $1 returning *',
      [session.id],
    )
  ).rows[0]!;
  return sessionJson(ctx, db, session.user_id, refreshed, next);
}

export interface Authenticated {
  claims: Claims;
  user: UserRow;
  session: SessionRow | undefined;
  token: string;
}

/** Verifies a bearer token, whatever its role, or answers GoTrue's 401/403. */
export async function verifyBearer(req: Request, ctx: ServiceContext): Promise<{ claims: Claims; token: string }> {
  const token = bearerToken(req);
  if (!token) throw new AuthError(401, 'no_authorization', 'This endpoint requires a valid Bearer token');
  try {
    return { claims: await ctx.keys.verify(token), token };
  } catch (err) {
    const reason =
      err instanceof joseErrors.JWTExpired ? 'token has invalid claims: token is expired' : (err as Error).message;
    throw forbidden('bad_jwt', `invalid JWT: unable to parse or verify signature, ${reason}`);
  }
}

/** The user (and session) behind a bearer access token; GoTrue's `requireAuthentication`. */
export async function requireUser(req: Request, ctx: ServiceContext, db: Queryable = ctx.db): Promise<Authenticated> {
  const { claims, token } = await verifyBearer(req, ctx);
  if (!claims.sub) throw forbidden('bad_jwt', 'invalid claim: missing sub claim');
  const user = await findUserById(db, claims.sub);
  if (!user) throw forbidden('user_not_found', 'User from sub claim in JWT does not exist');
  let session: SessionRow | undefined;
  if (claims.session_id) {
    session = (await db.query<SessionRow>('select * from auth.sessions where id = $1', [claims.session_id])).rows[0];
    if (!session || session.user_id !== user.id || (session.not_after && new Date(session.not_after) < new Date())) {
      throw forbidden('session_not_found', 'Session from session_id claim in JWT does not exist');
    }
  }
  return { claims, user, session, token };
}

/** Admin endpoints: a service_role (or supabase_admin) JWT. */
export async function requireAdmin(req: Request, ctx: ServiceContext): Promise<Claims> {
  const { claims } = await verifyBearer(req, ctx);
  if (claims.role !== 'service_role' && claims.role !== 'supabase_admin') {
    throw forbidden('not_admin', 'User not allowed');
  }
  return claims;
}
