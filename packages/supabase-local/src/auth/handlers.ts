// The public endpoints: signup, token, logout, user, recover, otp, resend, verify, reauthenticate.

import { randomUUID } from 'node:crypto';
import { escapeHtml } from '../mail/page.ts';
import type { Queryable, ServiceContext } from '../types.ts';
import { idTokenGrant, web3Grant } from './external.ts';
import {
  AuthError,
  type Body,
  badRequest,
  forbidden,
  json,
  noContent,
  notFound,
  obj,
  readJson,
  redirect,
  str,
  unprocessable,
} from './http.ts';
import { authLimiter, frequencyMessage, smsOf, tooSoon } from './limits.ts';
import { type AuthMethod, issueSession, refreshSession, requireUser, type SessionJson } from './sessions.ts';
import {
  checkCode,
  checkMailAllowed,
  consumeCode,
  consumeToken,
  createFlowState,
  exchangeAuthCode,
  type FoundToken,
  issueAuthCode,
  type LinkType,
  mailLink,
  newOtp,
  pkceFrom,
  resolveRedirect,
  SENT_AT,
  sendTokenMail,
  storeToken,
  type TokenType,
} from './tokens.ts';
import {
  createUser,
  findUserByEmail,
  findUserById,
  findUserByPhone,
  mergeMetadata,
  syncIdentities,
  type UserRow,
  upsertIdentity,
  userJson,
} from './users.ts';
import { checkPassword, hashPassword, passwordMatches, validateEmail, validatePhone } from './validate.ts';

/** A bcrypt hash to compare against when no user matches, so that timing does not reveal accounts. */
const DUMMY_HASH = '$2a$10$7EqJtq98hPqEX7fNZaFWoOhi5BWX4Z3XdzcnRKIWWeUsLbXW2Bq.W';

const INVALID_CREDENTIALS = () => badRequest('invalid_credentials', 'Invalid login credentials');

function isBanned(user: UserRow): boolean {
  return user.banned_until !== null && new Date(user.banned_until) > new Date();
}

// --- signup ------------------------------------------------------------------------------------------------------

/** What GoTrue answers for a sign-up with the address of a confirmed user while confirmations are on. */
function obfuscatedUser(address: { email: string } | { phone: string }, data: Record<string, unknown>) {
  const now = new Date().toISOString();
  const provider = 'email' in address ? 'email' : 'phone';
  return {
    id: randomUUID(),
    aud: 'authenticated',
    role: 'authenticated',
    email: 'email' in address ? address.email : '',
    phone: 'phone' in address ? address.phone : '',
    confirmation_sent_at: now,
    app_metadata: { provider, providers: [provider] },
    user_metadata: data,
    identities: [],
    created_at: now,
    updated_at: now,
    is_anonymous: false,
  };
}

export async function signup(req: Request, ctx: ServiceContext, url: URL): Promise<Response> {
  const body = await readJson(req);
  const settings = ctx.config.auth;
  const db = ctx.db;
  const email = str(body, 'email');
  const phone = str(body, 'phone');
  const password = str(body, 'password');
  const data = obj(body, 'data') ?? {};
  const limiter = authLimiter(ctx);
  const signupsDisabled = () => unprocessable('signup_disabled', 'Signups not allowed for this instance');

  if (!email && !phone) {
    if (password) throw badRequest('validation_failed', 'Signup requires a valid email address or phone number');
    if (!settings.enableAnonymousSignIns) {
      throw unprocessable('anonymous_provider_disabled', 'Anonymous sign-ins are disabled');
    }
    limiter.perIp('anonymous', req);
    if (!settings.enableSignup) throw signupsDisabled();
    const user = await createUser(db, { isAnonymous: true, userMetadata: data });
    return json(req, await issueSession(ctx, db, user, 'anonymous'));
  }
  limiter.perIp('signup', req);
  if (!settings.enableSignup) throw signupsDisabled();
  if (email && phone) {
    throw badRequest('validation_failed', 'Only an email address or phone number should be provided on signup.');
  }
  if (!password) throw badRequest('validation_failed', 'Signup requires a valid password');
  checkPassword(password, settings);
  const pkce = pkceFrom(body);
  const redirectTo = resolveRedirect(ctx, url.searchParams.get('redirect_to'));

  if (phone) {
    const sms = smsOf(settings);
    if (!sms.enableSignup) throw badRequest('phone_provider_disabled', 'Phone signups are disabled');
    if (pkce.codeChallenge) throw badRequest('validation_failed', 'PKCE not supported for phone signups');
    const digits = validatePhone(phone);
    const existing = await findUserByPhone(db, digits);
    if (existing?.phone_confirmed_at) {
      if (!settings.enableConfirmations || !sms.enableConfirmations) {
        throw unprocessable('user_already_exists', 'User already registered');
      }
      return json(req, obfuscatedUser({ phone: digits }, data));
    }
    // GoTrue creates the user and sends the SMS in one transaction: nothing is left behind when it cannot be sent.
    if (sms.enableConfirmations) requireSmsProvider(ctx, digits);
    // As GoTrue: an unconfirmed number keeps its first password and data, since nobody has proven it yet.
    let user =
      existing ??
      (await createUser(db, {
        phone: digits,
        encryptedPassword: await hashPassword(password),
        phoneConfirmed: !sms.enableConfirmations,
        userMetadata: data,
      }));
    if (sms.enableConfirmations) {
      await sendSms(ctx, user, digits).catch(undoSignup(db, existing ? undefined : user.id));
      return json(req, await userJson(db, (await findUserById(db, user.id))!));
    }
    if (!user.phone_confirmed_at) user = await confirmPhone(db, user.id);
    return json(req, await issueSession(ctx, db, user, 'password'));
  }

  const address = validateEmail(email!);
  const existing = await findUserByEmail(db, address);
  if (existing?.email_confirmed_at) {
    if (!settings.enableConfirmations) throw unprocessable('user_already_exists', 'User already registered');
    return json(req, obfuscatedUser({ email: address }, data));
  }
  const encrypted = await hashPassword(password);
  let user: UserRow;
  if (existing) {
    // An unconfirmed sign-up repeated: new password and data, and a new confirmation mail.
    await db.query(
      'update auth.users set encrypted_password = $2, raw_user_meta_data = $3, updated_at = now() where id = $1',
      [existing.id, encrypted, JSON.stringify(mergeMetadata(existing.raw_user_meta_data, data))],
    );
    user = (await findUserById(db, existing.id))!;
  } else {
    user = await createUser(db, {
      email: address,
      encryptedPassword: encrypted,
      emailConfirmed: !settings.enableConfirmations,
      userMetadata: data,
    });
  }
  if (!settings.enableConfirmations) {
    if (!user.email_confirmed_at) {
      await db.query('update auth.users set email_confirmed_at = now() where id = $1', [user.id]);
      user = await syncIdentities(db, user.id);
    }
    return json(req, await issueSession(ctx, db, user, 'password'));
  }
  await createFlowState(db, user.id, pkce, 'email/signup');
  await mailLink(ctx, db, user, 'signup', redirectTo).catch(undoSignup(db, existing ? undefined : user.id));
  return json(req, await userJson(db, (await findUserById(db, user.id))!));
}

/** GoTrue signs up and sends in one transaction: a user whose first mail or SMS was refused is not kept. */
function undoSignup(db: Queryable, newUserId: string | undefined) {
  return async (error: unknown): Promise<never> => {
    if (newUserId) await db.query('delete from auth.users where id = $1', [newUserId]);
    throw error;
  };
}

// --- token ---------------------------------------------------------------------------------------------------------

const METHOD_OF_FLOW: Record<string, AuthMethod> = {
  'email/signup': 'email/signup',
  magiclink: 'magiclink',
  recovery: 'recovery',
  invite: 'invite',
  email_change: 'email_change',
};

export async function token(req: Request, ctx: ServiceContext, url: URL): Promise<Response> {
  const body = await readJson(req);
  const grant = url.searchParams.get('grant_type');
  const db = ctx.db;
  // GoTrue: an unknown grant is refused first; every other one shares the `token_refresh` limit per IP.
  if (['password', 'refresh_token', 'pkce', 'id_token', 'web3'].includes(grant ?? '')) {
    authLimiter(ctx).perIp('token', req);
  }

  if (grant === 'password') {
    const email = str(body, 'email');
    const phone = str(body, 'phone');
    const password = str(body, 'password');
    if (!email && !phone) throw badRequest('validation_failed', 'missing email or phone');
    if (!email && !smsOf(ctx.config.auth).enableSignup) {
      throw unprocessable('phone_provider_disabled', 'Phone logins are disabled');
    }
    const user = email ? await findUserByEmail(db, email.trim()) : await findUserByPhone(db, validatePhone(phone!));
    const ok = await passwordMatches(password ?? '', user?.encrypted_password || DUMMY_HASH);
    if (!user || !password || !ok || user.is_anonymous) throw INVALID_CREDENTIALS();
    if (isBanned(user)) throw badRequest('user_banned', 'User is banned');
    if (email && !user.email_confirmed_at && ctx.config.auth.enableConfirmations) {
      throw badRequest('email_not_confirmed', 'Email not confirmed');
    }
    if (phone && !user.phone_confirmed_at) throw badRequest('phone_not_confirmed', 'Phone not confirmed');
    return json(req, await issueSession(ctx, db, user, 'password'));
  }

  if (grant === 'refresh_token') {
    const refreshToken = str(body, 'refresh_token');
    if (!refreshToken) throw badRequest('validation_failed', 'refresh_token required');
    const result = await db.transaction((tx) => refreshSession(ctx, tx, refreshToken));
    if (result instanceof AuthError) throw result;
    return json(req, result);
  }

  if (grant === 'pkce') {
    const authCode = str(body, 'auth_code');
    const verifier = str(body, 'code_verifier');
    if (!authCode || !verifier) {
      throw badRequest('validation_failed', 'invalid request: both auth code and code verifier should be non-empty');
    }
    const session = await db.transaction(async (tx) => {
      const flow = await exchangeAuthCode(tx, authCode, verifier);
      const user = await findUserById(tx, flow.userId);
      if (!user) throw forbidden('user_not_found', 'User not found');
      return issueSession(ctx, tx, user, METHOD_OF_FLOW[flow.authenticationMethod] ?? 'otp');
    });
    return json(req, session);
  }

  if (grant === 'id_token') return idTokenGrant(body, ctx);
  if (grant === 'web3') return web3Grant();
  throw badRequest('unsupported_grant_type', 'unsupported_grant_type');
}

// --- logout, user --------------------------------------------------------------------------------------------------

export async function logout(req: Request, ctx: ServiceContext, url: URL): Promise<Response> {
  const { user, session } = await requireUser(req, ctx);
  const scope = url.searchParams.get('scope') ?? 'global';
  if (scope === 'local') {
    if (session) await ctx.db.query('delete from auth.sessions where id = $1', [session.id]);
  } else if (scope === 'others') {
    await ctx.db.query('delete from auth.sessions where user_id = $1 and id <> $2', [
      user.id,
      session?.id ?? '00000000-0000-0000-0000-000000000000',
    ]);
  } else if (scope === 'global') {
    await ctx.db.query('delete from auth.sessions where user_id = $1', [user.id]);
  } else {
    throw badRequest('validation_failed', `Unsupported logout scope "${scope}"`);
  }
  return noContent(req);
}

export async function getUser(req: Request, ctx: ServiceContext): Promise<Response> {
  const { user } = await requireUser(req, ctx);
  return json(req, await userJson(ctx.db, user));
}

export async function updateUser(req: Request, ctx: ServiceContext, url: URL): Promise<Response> {
  const body = await readJson(req);
  const { user, session } = await requireUser(req, ctx);
  authLimiter(ctx).perIp('user', req);
  const db = ctx.db;
  const settings = ctx.config.auth;
  const data = obj(body, 'data');
  const password = str(body, 'password');
  const email = str(body, 'email');
  const phone = str(body, 'phone');
  const nonce = str(body, 'nonce');

  if (password !== undefined) {
    checkPassword(password, settings);
    if (await passwordMatches(password, user.encrypted_password)) {
      throw unprocessable('same_password', 'New password should be different from the old password.');
    }
    if (nonce) {
      // The code went to the email address, or by SMS when the user has none (see reauthenticate).
      const address = user.email || user.phone;
      if (!address) throw unprocessable('reauthentication_not_valid', 'Requires reauthentication');
      const invalid = () => unprocessable('reauthentication_not_valid', 'Verification code is invalid or has expired');
      await checkCode(
        ctx,
        address,
        () =>
          consumeCode(db, address, nonce, ['reauthentication_token']).catch(() => {
            throw invalid();
          }),
        invalid,
        (err) => err instanceof AuthError && err.code === 'reauthentication_not_valid',
      );
    }
  }
  const encrypted = password !== undefined ? await hashPassword(password) : undefined;
  const address = email ? validateEmail(email) : undefined;
  const digits = phone ? validatePhone(phone) : undefined;
  const pkce = pkceFrom(body);
  const redirectTo = resolveRedirect(ctx, url.searchParams.get('redirect_to'));
  // The mail limits answer before anything changes, as GoTrue's rolled-back transaction leaves nothing changed.
  const mailsChange = Boolean(address && address !== user.email && settings.enableConfirmations);
  if (mailsChange) checkMailAllowed(ctx, user, 'email_change_token_new');
  // With SMS confirmations a new number is only noted (`new_phone`) until the code sent to it is verified.
  const textsChange = Boolean(digits && digits !== user.phone && smsOf(settings).enableConfirmations);
  if (textsChange) requireSmsProvider(ctx, digits!);

  await db.transaction(async (tx) => {
    if (data) {
      await tx.query('update auth.users set raw_user_meta_data = $2, updated_at = now() where id = $1', [
        user.id,
        JSON.stringify(mergeMetadata(user.raw_user_meta_data, data)),
      ]);
    }
    if (encrypted) {
      await tx.query('update auth.users set encrypted_password = $2, updated_at = now() where id = $1', [
        user.id,
        encrypted,
      ]);
      // As GoTrue: a new password signs out every other session.
      await tx.query('delete from auth.sessions where user_id = $1 and id <> $2', [
        user.id,
        session?.id ?? '00000000-0000-0000-0000-000000000000',
      ]);
    }
    if (address && address !== user.email) {
      const taken = await findUserByEmail(tx, address);
      if (taken && taken.id !== user.id) {
        throw unprocessable('email_exists', 'A user with this email address has already been registered');
      }
      await tx.query('update auth.users set email_change = $2, updated_at = now() where id = $1', [user.id, address]);
      if (!settings.enableConfirmations) await confirmEmailChange(tx, user.id);
      else await createFlowState(tx, user.id, pkce, 'email_change');
    }
    if (digits && digits !== user.phone) {
      const taken = await findUserByPhone(tx, digits);
      if (taken && taken.id !== user.id) {
        throw unprocessable('phone_exists', 'A user with this phone number has already been registered');
      }
      if (textsChange) {
        await tx.query('update auth.users set phone_change = $2, updated_at = now() where id = $1', [user.id, digits]);
      } else {
        await tx.query(
          'update auth.users set phone = $2, phone_confirmed_at = now(), updated_at = now() where id = $1',
          [user.id, digits],
        );
        const fresh = (await findUserById(tx, user.id))!;
        await upsertIdentity(tx, fresh, 'phone');
      }
    }
  });
  let updated = await syncIdentities(db, user.id);
  if (mailsChange) {
    // After the commit: the inbox writes through the same database.
    await mailLink(ctx, db, updated, 'email_change', redirectTo, { address, checked: true });
  }
  if (textsChange) {
    await sendSms(ctx, updated, digits!, 'phone_change_token');
    updated = (await findUserById(db, user.id))!;
  }
  return json(req, await userJson(db, updated));
}

/** Moves `email_change` into `email`; an anonymous user becomes a permanent email user. */
async function confirmEmailChange(db: Queryable, userId: string): Promise<void> {
  const user = (await findUserById(db, userId))!;
  if (!user.email_change) return;
  const appMetadata = user.raw_app_meta_data ?? {};
  const providers = (Array.isArray(appMetadata.providers) ? (appMetadata.providers as string[]) : []).filter(
    (p) => p !== 'anonymous',
  );
  const nextMeta = {
    ...appMetadata,
    provider: appMetadata.provider === 'anonymous' || !appMetadata.provider ? 'email' : appMetadata.provider,
    providers: providers.includes('email') ? providers : [...providers, 'email'],
  };
  await db.query(
    `update auth.users set email = email_change, email_change = '', email_change_sent_at = null,
       email_confirmed_at = now(), is_anonymous = false, raw_app_meta_data = $2, updated_at = now() where id = $1`,
    [userId, JSON.stringify(nextMeta)],
  );
  await upsertIdentity(db, (await findUserById(db, userId))!, 'email');
}

/** DELETE /user/identities/{identity_id}: unlink an identity, keeping at least one. */
export async function unlinkIdentity(req: Request, ctx: ServiceContext, identityId: string): Promise<Response> {
  const { user } = await requireUser(req, ctx);
  const identities = (
    await ctx.db.query<{ id: string; provider: string }>(
      'select id::text as id, provider from auth.identities where user_id = $1',
      [user.id],
    )
  ).rows;
  const target = identities.find((i) => i.id === identityId);
  if (!target) throw notFound('identity_not_found', "Identity doesn't exist");
  if (identities.length <= 1) {
    throw unprocessable('single_identity_not_deletable', 'User must have at least 1 identity after unlinking');
  }
  await ctx.db.query('delete from auth.identities where id = $1', [target.id]);
  const providers = [...new Set(identities.filter((i) => i !== target).map((i) => i.provider))];
  const appMetadata = { ...(user.raw_app_meta_data ?? {}), provider: providers[0], providers };
  await ctx.db.query('update auth.users set raw_app_meta_data = $2, updated_at = now() where id = $1', [
    user.id,
    JSON.stringify(appMetadata),
  ]);
  return json(req, {});
}

// --- recover, otp, resend, reauthenticate --------------------------------------------------------------------------

export async function recover(req: Request, ctx: ServiceContext, url: URL): Promise<Response> {
  const body = await readJson(req);
  const email = str(body, 'email');
  if (!email) throw badRequest('validation_failed', 'Password recovery requires an email');
  const address = validateEmail(email);
  const pkce = pkceFrom(body);
  const redirectTo = resolveRedirect(ctx, url.searchParams.get('redirect_to'));
  const user = await findUserByEmail(ctx.db, address);
  if (user && !isBanned(user)) {
    await createFlowState(ctx.db, user.id, pkce, 'recovery');
    await mailLink(ctx, ctx.db, user, 'recovery', redirectTo);
  }
  return json(req, {});
}

/** `[auth.sms.test_otp]`: keys compared as digits, the way GoTrue stores numbers. */
function testOtpFor(ctx: ServiceContext, phone: string): string | undefined {
  for (const [number, code] of Object.entries(ctx.config.auth.testOtp)) {
    if (number.replace(/\D/g, '') === phone) return code;
  }
  return undefined;
}

/** GoTrue's answer when an SMS must go out and no provider is configured (a test number needs none). */
function requireSmsProvider(ctx: ServiceContext, phone: string): void {
  if (!smsOf(ctx.config.auth).provider && testOtpFor(ctx, phone) === undefined) {
    throw new AuthError(500, 'unexpected_failure', 'Unable to get SMS provider');
  }
}

/**
 * An SMS code, as GoTrue's sendPhoneConfirmation: `[auth.sms] max_frequency` first (test numbers too), then for
 * real numbers `sms_sent` and a configured provider ("Unable to get SMS provider" without one). A configured
 * provider's messages land in the local inbox, addressed to the number; a test number's code is not sent at all.
 */
async function sendSms(
  ctx: ServiceContext,
  user: UserRow,
  phone: string,
  type: TokenType = user.phone_confirmed_at ? 'recovery_token' : 'confirmation_token',
): Promise<string> {
  const sms = smsOf(ctx.config.auth);
  const sentAt = user[SENT_AT[type]!] as Date | null;
  if (tooSoon(sentAt, sms.maxFrequency)) {
    throw new AuthError(429, 'over_sms_send_rate_limit', frequencyMessage(new Date(sentAt!), sms.maxFrequency));
  }
  const testCode = testOtpFor(ctx, phone);
  if (testCode === undefined) {
    authLimiter(ctx).smsSent();
    requireSmsProvider(ctx, phone);
  }
  const code = testCode ?? newOtp();
  await storeToken(ctx.db, user, type, phone, code);
  authLimiter(ctx).codeReset(phone);
  if (testCode !== undefined) return 'test-otp';
  const text = sms.template.replaceAll('{{ .Code }}', code);
  await ctx.mail.send({ to: `+${phone}`, subject: 'SMS', html: `<p>${escapeHtml(text)}</p>`, text });
  return randomUUID();
}

export async function otp(req: Request, ctx: ServiceContext, url: URL): Promise<Response> {
  const body = await readJson(req);
  const settings = ctx.config.auth;
  const email = str(body, 'email');
  const phone = str(body, 'phone');
  const data = obj(body, 'data') ?? {};
  const createUserAllowed = body.create_user !== false;
  if (!email && !phone) throw badRequest('validation_failed', 'An email address or phone number is required');
  const pkce = pkceFrom(body);
  const redirectTo = resolveRedirect(ctx, url.searchParams.get('redirect_to'));
  const db = ctx.db;

  const ensureUser = async (existing: UserRow | undefined, create: () => Promise<UserRow>) => {
    if (existing) return existing;
    if (!createUserAllowed) throw unprocessable('otp_disabled', 'Signups not allowed for otp');
    if (!settings.enableSignup) throw unprocessable('signup_disabled', 'Signups not allowed for this instance');
    return create();
  };

  if (email) {
    const address = validateEmail(email);
    const existing = await findUserByEmail(db, address);
    const user = await ensureUser(existing, () =>
      createUser(db, { email: address, emailConfirmed: !settings.enableConfirmations, userMetadata: data }),
    );
    if (isBanned(user)) return json(req, {});
    const linkType: LinkType = user.email_confirmed_at ? 'magiclink' : 'signup';
    await createFlowState(db, user.id, pkce, linkType === 'signup' ? 'email/signup' : 'magiclink');
    await mailLink(ctx, db, user, linkType, redirectTo).catch(undoSignup(db, existing ? undefined : user.id));
    return json(req, {});
  }

  // As GoTrue's SmsOtp: a number without a confirmed account signs up first (a new one is confirmed at once
  // unless SMS confirmations are on, and then only its confirmation SMS goes out).
  const digits = validatePhone(phone!);
  const sms = smsOf(settings);
  const existing = await findUserByPhone(db, digits);
  let user = existing;
  if (!user && !createUserAllowed) throw unprocessable('otp_disabled', 'Signups not allowed for otp');
  if (!sms.enableSignup) throw badRequest('phone_provider_disabled', 'Unsupported phone provider');
  if (!user?.phone_confirmed_at) {
    if (!settings.enableSignup) throw unprocessable('signup_disabled', 'Signups not allowed for this instance');
    if (sms.enableConfirmations) requireSmsProvider(ctx, digits);
    user ??= await createUser(db, { phone: digits, phoneConfirmed: !sms.enableConfirmations, userMetadata: data });
    if (sms.enableConfirmations) {
      await sendSms(ctx, user, digits).catch(undoSignup(db, existing ? undefined : user.id));
      return json(req, {});
    }
    if (!user.phone_confirmed_at) user = await confirmPhone(db, user.id);
  }
  return json(req, { message_id: await sendSms(ctx, user, digits) });
}

export async function resend(req: Request, ctx: ServiceContext, url: URL): Promise<Response> {
  const body = await readJson(req);
  const type = str(body, 'type');
  const email = str(body, 'email');
  const phone = str(body, 'phone');
  const pkce = pkceFrom(body);
  const redirectTo = resolveRedirect(ctx, url.searchParams.get('redirect_to'));
  const db = ctx.db;
  if (type === 'signup' || type === 'email_change') {
    if (!email) throw badRequest('validation_failed', 'Resend requires an email');
    const address = validateEmail(email);
    if (type === 'signup') {
      const user = await findUserByEmail(db, address);
      if (user && !user.email_confirmed_at) {
        await createFlowState(db, user.id, pkce, 'email/signup');
        await mailLink(ctx, db, user, 'signup', redirectTo);
      }
    } else {
      const user = (
        await db.query<UserRow>('select * from auth.users where lower(email) = $1 or lower(email_change) = $1', [
          address,
        ])
      ).rows[0];
      if (user?.email_change) {
        await mailLink(ctx, db, user, 'email_change', redirectTo, { address: user.email_change });
      }
    }
    return json(req, {});
  }
  if (type === 'sms' || type === 'phone_change') {
    if (!phone) throw badRequest('validation_failed', 'Resend requires a phone number');
    if (!smsOf(ctx.config.auth).enableSignup) throw badRequest('phone_provider_disabled', 'Phone logins are disabled');
    const digits = validatePhone(phone);
    const user = await findUserByPhone(db, digits);
    return json(req, { message_id: user ? await sendSms(ctx, user, digits) : randomUUID() });
  }
  throw badRequest('validation_failed', 'Missing one of these types: signup, email_change, sms, phone_change');
}

/**
 * GET /reauthenticate: a code to the user's email, or by SMS to a user with only a phone number, as GoTrue sends it
 * (a confirmed address first; a user with neither, such as an anonymous one, cannot reauthenticate).
 */
export async function reauthenticate(req: Request, ctx: ServiceContext): Promise<Response> {
  const { user } = await requireUser(req, ctx);
  if (!user.email && !user.phone) {
    throw badRequest('validation_failed', 'Reauthentication requires the user to have an email or a phone number');
  }
  if (!user.email) {
    if (!user.phone_confirmed_at) throw unprocessable('phone_not_confirmed', 'Please verify your phone first.');
    return json(req, { message_id: await sendSms(ctx, user, user.phone!, 'reauthentication_token') });
  }
  if (!user.email_confirmed_at) throw unprocessable('email_not_confirmed', 'Please verify your email first.');
  checkMailAllowed(ctx, user, 'reauthentication_token');
  const { code } = await storeToken(ctx.db, user, 'reauthentication_token', user.email);
  authLimiter(ctx).codeReset(user.email);
  await sendTokenMail(ctx, user.email, 'reauthentication', code);
  return json(req, {});
}

// --- verify --------------------------------------------------------------------------------------------------------

const TOKEN_TYPES: Record<string, TokenType[]> = {
  signup: ['confirmation_token'],
  invite: ['confirmation_token'],
  magiclink: ['recovery_token', 'confirmation_token'],
  recovery: ['recovery_token'],
  email: ['confirmation_token', 'recovery_token'],
  email_change: ['email_change_token_new', 'email_change_token_current'],
  sms: ['confirmation_token', 'recovery_token'],
  phone_change: ['phone_change_token'],
};

const METHOD_OF_TYPE: Record<string, AuthMethod> = {
  signup: 'email/signup',
  invite: 'invite',
  magiclink: 'magiclink',
  recovery: 'recovery',
  email: 'otp',
  email_change: 'email_change',
  sms: 'otp',
  phone_change: 'otp',
};

const FLOW_METHODS: Record<string, string[]> = {
  signup: ['email/signup'],
  invite: ['invite'],
  magiclink: ['magiclink', 'email/signup'],
  recovery: ['recovery'],
  email_change: ['email_change'],
};

/** Confirms a user's phone number (SMS autoconfirm, or a verified code) and its phone identity. */
async function confirmPhone(db: Queryable, userId: string): Promise<UserRow> {
  await db.query('update auth.users set phone_confirmed_at = coalesce(phone_confirmed_at, now()) where id = $1', [
    userId,
  ]);
  await upsertIdentity(db, (await findUserById(db, userId))!, 'phone');
  return syncIdentities(db, userId);
}

/** Applies a consumed token to its user: confirms the address, or completes an email change. */
async function applyToken(db: Queryable, userId: string, tokenType: TokenType, relatesTo: string): Promise<UserRow> {
  const user = (await findUserById(db, userId))!;
  if (tokenType === 'email_change_token_new' || tokenType === 'email_change_token_current') {
    await confirmEmailChange(db, userId);
  } else if (tokenType === 'phone_change_token') {
    await db.query(
      `update auth.users set phone = phone_change, phone_change = '', phone_change_sent_at = null,
         phone_confirmed_at = now(), updated_at = now() where id = $1 and phone_change = $2`,
      [userId, relatesTo],
    );
    return confirmPhone(db, userId);
  } else if (user.phone && relatesTo === user.phone) {
    return confirmPhone(db, userId);
  } else {
    await db.query('update auth.users set email_confirmed_at = coalesce(email_confirmed_at, now()) where id = $1', [
      userId,
    ]);
  }
  return syncIdentities(db, userId);
}

/** Applies a consumed token to the user it was sent to (403 otp_expired when the user is gone). */
async function applyFound(db: Queryable, found: FoundToken): Promise<UserRow> {
  const user = await findUserById(db, found.user_id);
  if (!user) throw forbidden('otp_expired', 'Token has expired or is invalid');
  if (isBanned(user)) throw forbidden('user_banned', 'User is banned');
  return applyToken(db, user.id, found.token_type, found.relates_to);
}

/** A link's token hash. Unguessable (see tokenHash), so a miss names no code to count against. */
async function verifyHash(db: Queryable, type: string, hash: string): Promise<UserRow> {
  return applyFound(db, await consumeToken(db, hash, TOKEN_TYPES[type] ?? []));
}

function requireType(type: string | undefined | null): string {
  if (!type) throw badRequest('validation_failed', 'Verify requires a verification type');
  if (!TOKEN_TYPES[type]) throw badRequest('validation_failed', `Unsupported verification type "${type}"`);
  return type;
}

export async function verifyPost(req: Request, ctx: ServiceContext): Promise<Response> {
  const body: Body = await readJson(req);
  const type = requireType(str(body, 'type'));
  const tokenValue = str(body, 'token');
  const hashValue = str(body, 'token_hash');
  const email = str(body, 'email');
  const phone = str(body, 'phone');
  const db = ctx.db;
  const code = tokenValue?.trim();
  const issue = async (tx: Queryable, user: UserRow) => issueSession(ctx, tx, user, METHOD_OF_TYPE[type] ?? 'otp');
  let session: SessionJson;
  if (hashValue) {
    session = await db.transaction(async (tx) => issue(tx, await verifyHash(tx, type, hashValue)));
  } else if (code && (email || phone)) {
    // A typed code is counted against its address, whatever client sends it (see checkCode).
    const address = email ? validateEmail(email) : validatePhone(phone!);
    session = await checkCode(ctx, address, () =>
      db.transaction(async (tx) => {
        const testCode = email ? undefined : testOtpFor(ctx, address);
        const byPhone = testCode === code ? await findUserByPhone(tx, address) : undefined;
        if (byPhone) {
          await tx.query('delete from auth.one_time_tokens where user_id = $1 and relates_to = $2', [
            byPhone.id,
            address,
          ]);
          return issue(tx, await applyToken(tx, byPhone.id, 'confirmation_token', address));
        }
        return issue(tx, await applyFound(tx, await consumeCode(tx, address, code, TOKEN_TYPES[type] ?? [])));
      }),
    );
  } else {
    throw badRequest('validation_failed', 'Verify requires either a token or a token hash');
  }
  return json(req, session);
}

function withFragment(base: string, params: Record<string, string>): string {
  const url = base.split('#')[0]!;
  return `${url}#${new URLSearchParams(params).toString()}`;
}

/** GET /verify: the link in a mail. Answers 303 to the redirect URL with tokens (or `?code=` under PKCE). */
export async function verifyGet(req: Request, ctx: ServiceContext, url: URL): Promise<Response> {
  const redirectTo = resolveRedirect(ctx, url.searchParams.get('redirect_to'));
  const type = url.searchParams.get('type');
  const tokenValue = url.searchParams.get('token');
  try {
    const linkType = requireType(type);
    if (!tokenValue) throw forbidden('otp_expired', 'Token has expired or is invalid');
    const result = await ctx.db.transaction(async (tx) => {
      const user = await verifyHash(tx, linkType, tokenValue);
      const code = await issueAuthCode(tx, user.id, FLOW_METHODS[linkType] ?? []);
      if (code) return { code };
      return { session: await issueSession(ctx, tx, user, METHOD_OF_TYPE[linkType] ?? 'otp') };
    });
    if (result.code) {
      const target = new URL(redirectTo);
      target.searchParams.set('code', result.code);
      return redirect(req, target.toString());
    }
    const session = result.session!;
    return redirect(
      req,
      withFragment(redirectTo, {
        access_token: session.access_token,
        token_type: 'bearer',
        expires_in: String(session.expires_in),
        expires_at: String(session.expires_at),
        refresh_token: session.refresh_token,
        type: linkType,
      }),
    );
  } catch (err) {
    if (!(err instanceof AuthError)) throw err;
    const expired = err.code === 'otp_expired';
    return redirect(
      req,
      withFragment(redirectTo, {
        error: expired ? 'access_denied' : 'invalid_request',
        error_code: err.code,
        error_description: expired ? 'Email link is invalid or has expired' : err.message,
      }),
    );
  }
}
