// One-time tokens (confirmation, recovery/magic link, invite, email change, reauthentication), the mails that
// carry them, and PKCE flow state. As in GoTrue, a mail holds a random 6-digit code and a link with a token hash;
// only the hash is stored, it expires, and a new mail replaces the old.

import { createHash, randomBytes, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { escapeHtml } from '../mail/page.ts';
import type { Queryable, ServiceContext } from '../types.ts';
import { AuthError, badRequest, forbidden, notFound } from './http.ts';
import { authLimiter, DEFAULT_EMAIL_MAX_FREQUENCY, frequencyMessage, tooSoon } from './limits.ts';
import type { UserRow } from './users.ts';

/** Mail and SMS codes last an hour (`[auth.email] otp_expiry`). */
export const OTP_EXPIRY_SECONDS = 3600;
/** A PKCE auth code must be exchanged within five minutes. */
export const FLOW_STATE_EXPIRY_SECONDS = 300;

export type TokenType =
  | 'confirmation_token'
  | 'recovery_token'
  | 'email_change_token_new'
  | 'email_change_token_current'
  | 'reauthentication_token'
  | 'phone_change_token';

/** The `type` of a verify link, and the mail template. */
export type LinkType = 'signup' | 'invite' | 'magiclink' | 'recovery' | 'email_change';

/**
 * The token hash of a code for an address. GoTrue's is `sha224_hex(address + code)` (internal/crypto
 * GenerateTokenHash), which needs no secret: knowing the email, anyone can compute the hash of all 10^6 codes
 * offline and send them to `/verify` as `token_hash`, where nothing ties a guess to the code it aims at, so only
 * the per-IP limit stands in the way. Here the hash starts with 96 random bits (a salt kept in the hash itself) and
 * ends with 128 bits of `sha224(salt + address + code)`: 56 hex characters as GoTrue's, accepted by `/verify` the
 * same way, but a link cannot be guessed, and a typed code is checked against the stored hash of its address.
 */
export function tokenHash(address: string, code: string, salt = randomBytes(12).toString('hex')): string {
  return (
    salt +
    createHash('sha224')
      .update(salt + address + code)
      .digest('hex')
      .slice(0, 32)
  );
}

/** Whether a stored token hash is that of a code for an address. */
export function codeMatches(hash: string, address: string, code: string): boolean {
  if (!/^[0-9a-f]{56}$/.test(hash)) return false;
  return timingSafeEqual(Buffer.from(tokenHash(address, code, hash.slice(0, 24))), Buffer.from(hash));
}

export function newOtp(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** Stores a new token of a type for a user, replacing an older one; returns the code and its hash. */
export async function storeToken(
  db: Queryable,
  user: UserRow,
  type: TokenType,
  relatesTo: string,
  code = newOtp(),
): Promise<{ code: string; hash: string }> {
  const hash = tokenHash(relatesTo, code);
  await db.query(
    `insert into auth.one_time_tokens (user_id, token_type, token_hash, relates_to, created_at, updated_at)
     values ($1, $2, $3, $4, now()::timestamp, now()::timestamp)
     on conflict (user_id, token_type) do update
       set token_hash = excluded.token_hash, relates_to = excluded.relates_to,
           created_at = excluded.created_at, updated_at = excluded.updated_at`,
    [user.id, type, hash, relatesTo],
  );
  const sentAt = SENT_AT[type];
  if (sentAt) await db.query(`update auth.users set ${sentAt} = now(), updated_at = now() where id = $1`, [user.id]);
  return { code, hash };
}

/** The column of auth.users that records when a token of a type was last sent. */
export const SENT_AT: Partial<Record<TokenType, keyof UserRow>> = {
  confirmation_token: 'confirmation_sent_at',
  recovery_token: 'recovery_sent_at',
  email_change_token_new: 'email_change_sent_at',
  reauthentication_token: 'reauthentication_sent_at',
  phone_change_token: 'phone_change_sent_at',
};

/**
 * GoTrue's checks before a mail leaves, in its order: `[auth.email] max_frequency` for the user and kind (not for
 * invites), then the project's `email_sent` per hour. Both answer 429 `over_email_send_rate_limit`.
 */
export function checkMailAllowed(ctx: ServiceContext, user: UserRow, type: TokenType, invite = false): void {
  const column = SENT_AT[type];
  const sentAt = column ? (user[column] as Date | null) : null;
  const maxFrequency = ctx.config.auth.emailMaxFrequency ?? DEFAULT_EMAIL_MAX_FREQUENCY;
  if (!invite && sentAt && tooSoon(sentAt, maxFrequency)) {
    throw new AuthError(429, 'over_email_send_rate_limit', frequencyMessage(new Date(sentAt), maxFrequency));
  }
  authLimiter(ctx).emailSent();
}

export interface FoundToken {
  id: string;
  user_id: string;
  token_type: TokenType;
  relates_to: string;
  expired: boolean;
}

const expiredToken = () => forbidden('otp_expired', 'Token has expired or is invalid');

/** Deletes a found token, or answers 403 otp_expired when there is none or it expired. */
async function consume(db: Queryable, found: FoundToken | undefined): Promise<FoundToken> {
  if (!found || found.expired) throw expiredToken();
  await db.query('delete from auth.one_time_tokens where id = $1', [found.id]);
  return found;
}

const TOKEN_COLUMNS = `id, user_id, token_type::text as token_type, relates_to,
  created_at < (now() - make_interval(secs => ${OTP_EXPIRY_SECONDS}))::timestamp as expired`;

/** Finds (and consumes) a token by its hash (a link's) among the allowed types; 403 otp_expired when none fits. */
export async function consumeToken(db: Queryable, hash: string, types: TokenType[]): Promise<FoundToken> {
  const found = (
    await db.query<FoundToken>(
      `select ${TOKEN_COLUMNS} from auth.one_time_tokens
       where token_hash = $1 and token_type::text = any($2::text[]) order by created_at desc limit 1`,
      [hash, types],
    )
  ).rows[0];
  return consume(db, found);
}

/** Finds (and consumes) the token of a code typed for an address (email or phone digits) among the allowed types. */
export async function consumeCode(
  db: Queryable,
  address: string,
  code: string,
  types: TokenType[],
): Promise<FoundToken> {
  const candidates = (
    await db.query<FoundToken & { token_hash: string }>(
      `select ${TOKEN_COLUMNS}, token_hash from auth.one_time_tokens
       where lower(relates_to) = lower($1) and token_type::text = any($2::text[]) order by created_at desc`,
      [address, types],
    )
  ).rows;
  return consume(
    db,
    candidates.find((row) => codeMatches(row.token_hash, row.relates_to, code)),
  );
}

/**
 * Checks a code typed for an address (email or phone digits) as `attempt`, counted against the address whoever
 * sends it: each try is taken before the check, so parallel guesses share MAX_CODE_ATTEMPTS tries; the last wrong
 * one deletes every code outstanding for the address, and from then on each try, right or wrong, gets `refused`
 * (GoTrue's answer to a code that is wrong or expired) until a new code is sent. GoTrue itself only limits
 * /verify per client address. `attempt` must run its own transaction: the delete runs after it failed.
 */
export async function checkCode<T>(
  ctx: ServiceContext,
  address: string,
  attempt: () => Promise<T>,
  refused: () => AuthError = expiredToken,
  wrong: (err: unknown) => boolean = (err) => err instanceof AuthError && err.code === 'otp_expired',
): Promise<T> {
  const codes = authLimiter(ctx).codes;
  const key = address.toLowerCase();
  if (!codes.take(key)) throw refused();
  let result: T;
  try {
    result = await attempt();
  } catch (err) {
    if (!wrong(err)) codes.refund(key);
    else if (codes.failed(key)) {
      await ctx.db.query('delete from auth.one_time_tokens where lower(relates_to) = $1', [key]);
    }
    throw err;
  }
  codes.clear(key);
  return result;
}

// --- redirect URLs -----------------------------------------------------------------------------------------

function globToRegExp(pattern: string): RegExp {
  let source = '';
  for (let i = 0; i < pattern.length; i++) {
    const char = pattern[i]!;
    if (char === '*' && pattern[i + 1] === '*') {
      source += '.*';
      i++;
    } else if (char === '*') source += '[^./]*';
    else if (char === '?') source += '[^./]';
    else source += char.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${source}$`);
}

/** GoTrue's rule: the site URL's host, or a match of an allowed URL (globs `*` and `**`); else the site URL. */
export function resolveRedirect(ctx: ServiceContext, requested: string | null | undefined): string {
  const { siteUrl, additionalRedirectUrls } = ctx.config.auth;
  if (!requested) return siteUrl;
  let url: URL;
  try {
    url = new URL(requested);
  } catch {
    return siteUrl;
  }
  try {
    if (new URL(siteUrl).hostname === url.hostname) return requested;
  } catch {
    // a site URL that is not a URL allows nothing by host
  }
  const trimmed = requested.replace(/\/$/, '');
  for (const allowed of additionalRedirectUrls) {
    if (allowed.replace(/\/$/, '') === trimmed || globToRegExp(allowed).test(requested)) return requested;
  }
  return siteUrl;
}

// --- PKCE ----------------------------------------------------------------------------------------------------

export interface PkceParams {
  codeChallenge?: string;
  codeChallengeMethod?: string;
}

export function pkceFrom(body: Record<string, unknown>): PkceParams {
  const codeChallenge = typeof body.code_challenge === 'string' ? body.code_challenge : undefined;
  const method = typeof body.code_challenge_method === 'string' ? body.code_challenge_method : undefined;
  if (codeChallenge && !method) throw badRequest('validation_failed', 'PKCE flow requires code_challenge_method');
  if (method && !['s256', 'plain'].includes(method.toLowerCase())) {
    throw badRequest('validation_failed', `code challenge method not supported: ${method}`);
  }
  return { codeChallenge, codeChallengeMethod: method?.toLowerCase() };
}

/** Records a pending PKCE flow for a user and the method that will complete it (e.g. `email/signup`). */
export async function createFlowState(
  db: Queryable,
  userId: string,
  pkce: PkceParams,
  authenticationMethod: string,
): Promise<void> {
  if (!pkce.codeChallenge) return;
  await db.query(
    `insert into auth.flow_state (id, user_id, auth_code, code_challenge_method, code_challenge, provider_type,
       authentication_method, created_at, updated_at)
     values ($1, $2, $3, $4, $5, 'email', $6, now(), now())`,
    [randomUUID(), userId, randomUUID(), pkce.codeChallengeMethod, pkce.codeChallenge, authenticationMethod],
  );
}

/** The pending PKCE flow of a user for a method: its auth code is now issued, to be exchanged at /token. */
export async function issueAuthCode(db: Queryable, userId: string, methods: string[]): Promise<string | undefined> {
  const flow = (
    await db.query<{ id: string; auth_code: string }>(
      `select id, auth_code from auth.flow_state
       where user_id = $1 and authentication_method = any($2::text[]) and auth_code_issued_at is null
         and created_at > now() - make_interval(secs => $3)
       order by created_at desc limit 1`,
      [userId, methods, OTP_EXPIRY_SECONDS],
    )
  ).rows[0];
  if (!flow) return undefined;
  await db.query('update auth.flow_state set auth_code_issued_at = now(), updated_at = now() where id = $1', [flow.id]);
  return flow.auth_code;
}

export async function exchangeAuthCode(
  db: Queryable,
  authCode: string,
  verifier: string,
): Promise<{ userId: string; authenticationMethod: string }> {
  const flow = (
    await db.query<{
      id: string;
      user_id: string | null;
      code_challenge: string;
      code_challenge_method: string;
      authentication_method: string;
      expired: boolean;
    }>(
      `select id, user_id, code_challenge, code_challenge_method::text as code_challenge_method, authentication_method,
              coalesce(auth_code_issued_at, created_at) < now() - make_interval(secs => $2) as expired
       from auth.flow_state where auth_code = $1`,
      [authCode, FLOW_STATE_EXPIRY_SECONDS],
    )
  ).rows[0];
  if (!flow?.user_id) throw notFound('flow_state_not_found', 'invalid flow state, no valid flow state found');
  if (flow.expired) {
    await db.query('delete from auth.flow_state where id = $1', [flow.id]);
    throw forbidden('flow_state_expired', 'invalid flow state, flow state has expired');
  }
  const expected =
    flow.code_challenge_method === 's256' ? createHash('sha256').update(verifier).digest('base64url') : verifier;
  if (expected !== flow.code_challenge) {
    throw forbidden('bad_code_verifier', 'code challenge does not match previously saved code verifier');
  }
  await db.query('delete from auth.flow_state where id = $1', [flow.id]);
  return { userId: flow.user_id, authenticationMethod: flow.authentication_method };
}

// --- mails -----------------------------------------------------------------------------------------------------

const TEMPLATES: Record<LinkType | 'reauthentication', { subject: string; heading: string; action: string }> = {
  signup: { subject: 'Confirm Your Signup', heading: 'Confirm your signup', action: 'Confirm your mail' },
  invite: {
    subject: 'You have been invited',
    heading: 'You have been invited',
    action: 'Accept the invite',
  },
  magiclink: { subject: 'Your Magic Link', heading: 'Magic Link', action: 'Log In' },
  recovery: { subject: 'Reset Your Password', heading: 'Reset Password', action: 'Reset Password' },
  email_change: {
    subject: 'Confirm Email Change',
    heading: 'Confirm Change of Email',
    action: 'Change Email',
  },
  reauthentication: {
    subject: 'Confirm reauthentication',
    heading: 'Confirm reauthentication',
    action: '',
  },
};

export function verifyUrl(ctx: ServiceContext, hash: string, type: LinkType, redirectTo: string): string {
  const query = new URLSearchParams({ token: hash, type, redirect_to: redirectTo });
  return `${ctx.apiUrl}/auth/v1/verify?${query.toString()}`;
}

/** Sends the mail of a link type with its verify link and code. */
export async function sendTokenMail(
  ctx: ServiceContext,
  to: string,
  type: LinkType | 'reauthentication',
  code: string,
  link?: string,
): Promise<void> {
  const template = TEMPLATES[type];
  const linkHtml = link ? `<p><a href="${escapeHtml(link)}">${escapeHtml(template.action)}</a></p>\n` : '';
  const codeLine = link ? `Alternatively, enter the code: ${code}` : `Enter the code: ${code}`;
  await ctx.mail.send({
    to,
    subject: template.subject,
    html: `<h2>${escapeHtml(template.heading)}</h2>\n${link ? `<p>Follow this link:</p>\n${linkHtml}` : ''}<p>${escapeHtml(codeLine)}</p>\n`,
    text: `${template.heading}\n\n${link ? `Follow this link: ${link}\n\n` : ''}${codeLine}\n`,
  });
}

/** The token a link of each type carries. */
export const TOKEN_OF_LINK: Record<LinkType, TokenType> = {
  signup: 'confirmation_token',
  invite: 'confirmation_token',
  magiclink: 'recovery_token',
  recovery: 'recovery_token',
  email_change: 'email_change_token_new',
};

/** Stores a token and mails its link: the common path of signup, invite, magic link, recovery, email change. */
export async function mailLink(
  ctx: ServiceContext,
  db: Queryable,
  user: UserRow,
  linkType: LinkType,
  redirectTo: string,
  options: { address?: string; checked?: boolean } = {},
): Promise<void> {
  const address = options.address ?? user.email ?? '';
  const tokenType = TOKEN_OF_LINK[linkType];
  if (!options.checked) checkMailAllowed(ctx, user, tokenType, linkType === 'invite');
  const { code, hash } = await storeToken(db, user, tokenType, address);
  authLimiter(ctx).codeReset(address.toLowerCase());
  await sendTokenMail(ctx, address, linkType, code, verifyUrl(ctx, hash, linkType, redirectTo));
}
