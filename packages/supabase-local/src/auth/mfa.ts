// TOTP factors: enroll, challenge, verify (session to aal2), unenroll.

import { randomUUID } from 'node:crypto';
import QRCode from 'qrcode';
import type { ServiceContext } from '../types.ts';
import { AuthError, badRequest, forbidden, json, notFound, readJson, str, unprocessable } from './http.ts';
import { authLimiter } from './limits.ts';
import { requireUser, upgradeSession } from './sessions.ts';
import { newTotpSecret, otpauthUri, verifyTotp } from './totp.ts';
import type { FactorRow } from './users.ts';

/** GoTrue's DefaultMFAHookRejectionMessage. */
const FACTOR_LOCKED_MESSAGE = 'Further MFA verification attempts will be rejected.';

/** `[auth.mfa] challenge_expiry_duration`. */
export const CHALLENGE_EXPIRY_SECONDS = 300;

function issuerFor(ctx: ServiceContext): string {
  try {
    return new URL(ctx.config.auth.siteUrl).hostname || 'localhost';
  } catch {
    return 'localhost';
  }
}

async function ownFactor(ctx: ServiceContext, userId: string, factorId: string): Promise<FactorRow> {
  const factor = /^[0-9a-f-]{36}$/i.test(factorId)
    ? (
        await ctx.db.query<FactorRow>('select * from auth.mfa_factors where id = $1 and user_id = $2', [
          factorId,
          userId,
        ])
      ).rows[0]
    : undefined;
  if (!factor) throw notFound('mfa_factor_not_found', 'Factor not found');
  return factor;
}

export async function enroll(req: Request, ctx: ServiceContext): Promise<Response> {
  const body = await readJson(req);
  const { user } = await requireUser(req, ctx);
  const factorType = str(body, 'factor_type');
  if (factorType === 'webauthn') return enrollWebAuthn(req, ctx, user.id, str(body, 'friendly_name') ?? '');
  if (factorType !== 'totp') {
    // GoTrue's words: "MFA enroll is disabled for Phone" / "… for WebAuthn"
    if (factorType === 'phone') throw unprocessable('mfa_phone_enroll_not_enabled', 'MFA enroll is disabled for Phone');
    throw badRequest('validation_failed', 'factor_type needs to be totp, phone or webauthn');
  }
  if (!ctx.config.auth.mfaTotpEnrollEnabled) {
    throw unprocessable('mfa_totp_enroll_not_enabled', 'MFA enroll is disabled for TOTP');
  }
  const friendlyName = str(body, 'friendly_name') ?? '';
  if (friendlyName.trim()) {
    const clash = await ctx.db.query('select 1 from auth.mfa_factors where user_id = $1 and friendly_name = $2', [
      user.id,
      friendlyName,
    ]);
    if (clash.rows.length) {
      throw unprocessable(
        'mfa_factor_name_conflict',
        `A factor with the friendly name "${friendlyName}" for this user already exists`,
      );
    }
  }
  const issuer = str(body, 'issuer') ?? issuerFor(ctx);
  const secret = newTotpSecret();
  const uri = otpauthUri(secret, issuer, user.email || user.phone || user.id);
  const qrCode = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  const id = randomUUID();
  await ctx.db.query(
    `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, secret, created_at, updated_at)
     values ($1, $2, $3, 'totp', 'unverified', $4, now(), now())`,
    [id, user.id, friendlyName, secret],
  );
  return json(req, { id, type: 'totp', friendly_name: friendlyName, totp: { qr_code: qrCode, secret, uri } });
}

/**
 * GoTrue's WebAuthn enrolment: refused while `[auth.mfa.web_authn] enroll_enabled` is off; when on, an unverified
 * factor `{id, type, friendly_name}`, whose challenge (the browser's credential ceremony) is not served here.
 */
async function enrollWebAuthn(req: Request, ctx: ServiceContext, userId: string, friendlyName: string) {
  if (!ctx.config.auth.mfaWebAuthnEnrollEnabled) {
    throw unprocessable('mfa_webauthn_enroll_not_enabled', 'MFA enroll is disabled for WebAuthn');
  }
  const id = randomUUID();
  await ctx.db.query(
    `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at)
     values ($1, $2, $3, 'webauthn', 'unverified', now(), now())`,
    [id, userId, friendlyName],
  );
  return json(req, { id, type: 'webauthn', friendly_name: friendlyName });
}

export async function challenge(req: Request, ctx: ServiceContext, factorId: string): Promise<Response> {
  await readJson(req);
  const { user } = await requireUser(req, ctx);
  const factor = await ownFactor(ctx, user.id, factorId);
  authLimiter(ctx).perIp('factor_challenge', req);
  const id = randomUUID();
  const created = (
    await ctx.db.query<{ created_at: Date }>(
      `insert into auth.mfa_challenges (id, factor_id, created_at) values ($1, $2, now()) returning created_at`,
      [id, factor.id],
    )
  ).rows[0]!;
  const expiresAt = Math.floor(new Date(created.created_at).getTime() / 1000) + CHALLENGE_EXPIRY_SECONDS;
  return json(req, { id, type: factor.factor_type, expires_at: expiresAt });
}

export async function verify(req: Request, ctx: ServiceContext, factorId: string): Promise<Response> {
  const body = await readJson(req);
  const { user, session } = await requireUser(req, ctx);
  if (!ctx.config.auth.mfaTotpVerifyEnabled) {
    throw unprocessable('mfa_totp_verify_not_enabled', 'MFA verification is disabled for TOTP');
  }
  const factor = await ownFactor(ctx, user.id, factorId);
  authLimiter(ctx).perIp('factor_verify', req);
  const challengeId = str(body, 'challenge_id');
  const code = str(body, 'code') ?? '';
  if (!challengeId) throw badRequest('validation_failed', 'challenge_id is required');
  if (!session) throw forbidden('session_not_found', 'Session from session_id claim in JWT does not exist');
  // Wrong codes count against the factor, whichever client address sends them (GoTrue limits only per address):
  // after MAX_FACTOR_ATTEMPTS it refuses every code for FACTOR_LOCK_SECONDS as GoTrue does when its MFA
  // verification attempt hook rejects: the user's sessions end and the answer is 403 mfa_verification_rejected.
  const tries = authLimiter(ctx).factors;
  if (!tries.take(factor.id)) {
    await ctx.db.query('delete from auth.sessions where user_id = $1', [user.id]);
    throw forbidden('mfa_verification_rejected', FACTOR_LOCKED_MESSAGE);
  }
  let wrongCode = false;
  let result: Awaited<ReturnType<typeof upgradeSession>> | AuthError;
  try {
    result = await ctx.db.transaction(async (tx) => {
      const found = /^[0-9a-f-]{36}$/i.test(challengeId)
        ? (
            await tx.query<{ id: string; verified_at: Date | null; expired: boolean }>(
              `select id, verified_at, created_at < now() - make_interval(secs => $3) as expired
               from auth.mfa_challenges where id = $1 and factor_id = $2 for update`,
              [challengeId, factor.id, CHALLENGE_EXPIRY_SECONDS],
            )
          ).rows[0]
        : undefined;
      if (!found) return notFound('mfa_factor_not_found', 'MFA factor with the provided challenge ID not found');
      if (found.verified_at) return unprocessable('mfa_challenge_expired', `Challenge ${challengeId} already verified`);
      if (found.expired) {
        await tx.query('delete from auth.mfa_challenges where id = $1', [challengeId]);
        return unprocessable(
          'mfa_challenge_expired',
          `MFA challenge ${challengeId} has expired, verify against another challenge or create a new challenge.`,
        );
      }
      if (!verifyTotp(factor.secret ?? '', code.trim())) {
        wrongCode = true;
        return unprocessable('mfa_verification_failed', 'Invalid TOTP code entered');
      }
      await tx.query('update auth.mfa_challenges set verified_at = now() where id = $1', [challengeId]);
      await tx.query(`update auth.mfa_factors set status = 'verified', updated_at = now() where id = $1`, [factor.id]);
      return upgradeSession(ctx, tx, session, factor.id, 'totp');
    });
  } catch (err) {
    tries.refund(factor.id);
    throw err;
  }
  if (result instanceof AuthError) {
    if (wrongCode) tries.failed(factor.id);
    else tries.refund(factor.id);
    throw result;
  }
  tries.clear(factor.id);
  return json(req, result);
}

export async function unenroll(req: Request, ctx: ServiceContext, factorId: string): Promise<Response> {
  const { user, session, claims } = await requireUser(req, ctx);
  const factor = await ownFactor(ctx, user.id, factorId);
  if (factor.status === 'verified' && claims.aal !== 'aal2') {
    throw forbidden('insufficient_aal', 'AAL2 required to unenroll verified factor');
  }
  await ctx.db.query('delete from auth.mfa_factors where id = $1', [factor.id]);
  if (session?.factor_id === factor.id) {
    await ctx.db.query(`update auth.sessions set aal = 'aal1', factor_id = null where id = $1`, [session.id]);
    await ctx.db.query(`delete from auth.mfa_amr_claims where session_id = $1 and authentication_method = 'totp'`, [
      session.id,
    ]);
  }
  return json(req, { id: factor.id });
}
