// Admin endpoints (service_role): users, generate_link, invite.

import type { Queryable, ServiceContext } from '../types.ts';
import { badRequest, json, notFound, obj, readJson, str, unprocessable } from './http.ts';
import { authLimiter } from './limits.ts';
import { handleOAuthClients } from './oauth-clients.ts';
import { requireAdmin } from './sessions.ts';
import { type LinkType, mailLink, resolveRedirect, storeToken, type TokenType, verifyUrl } from './tokens.ts';
import {
  createUser,
  type FactorRow,
  factorJson,
  findUserByEmail,
  findUserById,
  findUserByPhone,
  mergeMetadata,
  syncIdentities,
  type UserRow,
  upsertIdentity,
  userJson,
} from './users.ts';
import { checkPassword, hashPassword, validateEmail, validatePhone } from './validate.ts';

const EMAIL_EXISTS = () => unprocessable('email_exists', 'A user with this email address has already been registered');

/** `ban_duration` as GoTrue takes it: "none", or a Go duration such as "24h", "90m", "1h30m". */
function parseBanDuration(value: string): Date | null {
  if (value === 'none') return null;
  const units: Record<string, number> = { ns: 1e-6, us: 1e-3, µs: 1e-3, ms: 1, s: 1000, m: 60_000, h: 3_600_000 };
  let total = 0;
  let rest = value.trim();
  while (rest.length) {
    const match = /^(\d+(?:\.\d+)?)(ns|us|µs|ms|s|m|h)/.exec(rest);
    if (!match) throw badRequest('validation_failed', 'invalid format for ban duration');
    total += Number(match[1]) * units[match[2]!]!;
    rest = rest.slice(match[0].length);
  }
  return new Date(Date.now() + total);
}

async function loadUser(db: Queryable, id: string): Promise<UserRow> {
  const user = await findUserById(db, id);
  if (!user) throw notFound('user_not_found', 'User not found');
  return user;
}

/** A `page` or `per_page` value as Go's strconv.ParseUint reads it: decimal digits only, at most 2^64 - 1. */
function parseUint(name: string, value: string): bigint {
  if (!/^\d+$/.test(value)) {
    throw badRequest(
      'validation_failed',
      `Bad Pagination Parameters: strconv.ParseUint: parsing "${value}": invalid syntax`,
    );
  }
  const parsed = BigInt(value);
  if (parsed > 18_446_744_073_709_551_615n) {
    throw badRequest(
      'validation_failed',
      `Bad Pagination Parameters: strconv.ParseUint: parsing "${value}": value out of range`,
    );
  }
  if (name === 'per_page' && parsed === 0n) {
    throw badRequest('validation_failed', 'Bad Pagination Parameters: per_page must be greater than 0');
  }
  return parsed;
}

/**
 * GET /admin/users, paginated as GoTrue does: `page` (default 1; 0 reads as 1) and `per_page` (default 50, no
 * upper bound), `X-Total-Count`, and a `Link` with `next` (while there are more pages) and `last`, each the
 * request's own URL with `page` replaced.
 */
async function listUsers(req: Request, ctx: ServiceContext, url: URL): Promise<Response> {
  const pageParam = url.searchParams.get('page') ?? '';
  const perPageParam = url.searchParams.get('per_page') ?? '';
  const page = pageParam === '' ? 1n : parseUint('page', pageParam);
  const perPage = perPageParam === '' ? 50n : parseUint('per_page', perPageParam);
  const total = BigInt(
    (await ctx.db.query<{ n: number }>('select count(*)::int as n from auth.users')).rows[0]?.n ?? 0,
  );
  const offset = ((page > 0n ? page : 1n) - 1n) * perPage;
  const rows =
    offset >= total
      ? []
      : (
          await ctx.db.query<UserRow>('select * from auth.users order by created_at desc, id limit $1 offset $2', [
            String(perPage < total ? perPage : total),
            String(offset),
          ])
        ).rows;
  const users = [];
  for (const row of rows) users.push(await userJson(ctx.db, row));
  const last = (total + perPage - 1n) / perPage;
  const linkTo = (target: bigint) => {
    const query = new URLSearchParams(url.searchParams);
    query.set('page', String(target));
    query.sort();
    return `</admin/users?${query.toString()}>`;
  };
  const links: string[] = [];
  if (last > page) links.push(`${linkTo(page + 1n)}; rel="next"`);
  links.push(`${linkTo(last)}; rel="last"`);
  return json(req, { users, aud: 'authenticated' }, 200, { 'X-Total-Count': String(total), Link: links.join(', ') });
}

async function createUserAdmin(req: Request, ctx: ServiceContext): Promise<Response> {
  const body = await readJson(req);
  const db = ctx.db;
  const email = str(body, 'email');
  const phone = str(body, 'phone');
  const password = str(body, 'password');
  const address = email ? validateEmail(email) : undefined;
  const digits = phone ? validatePhone(phone) : undefined;
  if (address && (await findUserByEmail(db, address))) throw EMAIL_EXISTS();
  if (digits && (await findUserByPhone(db, digits))) {
    throw unprocessable('phone_exists', 'A user with this phone number has already been registered');
  }
  if (password !== undefined) checkPassword(password, ctx.config.auth);
  const id = str(body, 'id');
  let user = await createUser(db, {
    id,
    email: address,
    phone: digits,
    encryptedPassword: password !== undefined ? await hashPassword(password) : undefined,
    emailConfirmed: body.email_confirm === true,
    phoneConfirmed: body.phone_confirm === true,
    userMetadata: obj(body, 'user_metadata') ?? obj(body, 'data') ?? {},
    appMetadata: obj(body, 'app_metadata'),
    isAnonymous: !address && !digits,
    role: str(body, 'role'),
  });
  const ban = str(body, 'ban_duration');
  if (ban) await db.query('update auth.users set banned_until = $2 where id = $1', [user.id, parseBanDuration(ban)]);
  user = await syncIdentities(db, user.id);
  return json(req, await userJson(db, user));
}

async function updateUserAdmin(req: Request, ctx: ServiceContext, id: string): Promise<Response> {
  const body = await readJson(req);
  const db = ctx.db;
  const user = await loadUser(db, id);
  const email = str(body, 'email');
  const phone = str(body, 'phone');
  const password = str(body, 'password');
  if (password !== undefined) checkPassword(password, ctx.config.auth);
  const encrypted = password !== undefined ? await hashPassword(password) : undefined;
  await db.transaction(async (tx) => {
    if (email) {
      const address = validateEmail(email);
      const taken = await findUserByEmail(tx, address);
      if (taken && taken.id !== id) throw EMAIL_EXISTS();
      await tx.query('update auth.users set email = $2, is_anonymous = false where id = $1', [id, address]);
    }
    if (phone) {
      const digits = validatePhone(phone);
      const taken = await findUserByPhone(tx, digits);
      if (taken && taken.id !== id) {
        throw unprocessable('phone_exists', 'A user with this phone number has already been registered');
      }
      await tx.query('update auth.users set phone = $2, is_anonymous = false where id = $1', [id, digits]);
    }
    if (encrypted) await tx.query('update auth.users set encrypted_password = $2 where id = $1', [id, encrypted]);
    if (body.email_confirm === true) {
      await tx.query('update auth.users set email_confirmed_at = coalesce(email_confirmed_at, now()) where id = $1', [
        id,
      ]);
    }
    if (body.phone_confirm === true) {
      await tx.query('update auth.users set phone_confirmed_at = coalesce(phone_confirmed_at, now()) where id = $1', [
        id,
      ]);
    }
    const userMeta = obj(body, 'user_metadata');
    if (userMeta) {
      await tx.query('update auth.users set raw_user_meta_data = $2 where id = $1', [
        id,
        JSON.stringify(mergeMetadata(user.raw_user_meta_data, userMeta)),
      ]);
    }
    const appMeta = obj(body, 'app_metadata');
    if (appMeta) {
      await tx.query('update auth.users set raw_app_meta_data = $2 where id = $1', [
        id,
        JSON.stringify(mergeMetadata(user.raw_app_meta_data, appMeta)),
      ]);
    }
    const role = str(body, 'role');
    if (role) await tx.query('update auth.users set role = $2 where id = $1', [id, role]);
    const ban = str(body, 'ban_duration');
    if (ban) await tx.query('update auth.users set banned_until = $2 where id = $1', [id, parseBanDuration(ban)]);
    await tx.query('update auth.users set updated_at = now() where id = $1', [id]);
    const fresh = (await findUserById(tx, id))!;
    if (fresh.email && !fresh.is_anonymous) await upsertIdentity(tx, fresh, 'email');
  });
  return json(req, await userJson(db, await syncIdentities(db, id)));
}

async function deleteUserAdmin(req: Request, ctx: ServiceContext, id: string): Promise<Response> {
  const body = await readJson(req);
  const user = await loadUser(ctx.db, id);
  const shown = await userJson(ctx.db, user);
  if (body.should_soft_delete === true) {
    await ctx.db.query(
      `update auth.users set deleted_at = now(), email = null, phone = null, encrypted_password = '',
         raw_user_meta_data = '{}'::jsonb, updated_at = now() where id = $1`,
      [id],
    );
    await ctx.db.query('delete from auth.identities where user_id = $1', [id]);
    await ctx.db.query('delete from auth.sessions where user_id = $1', [id]);
  } else {
    await ctx.db.query('delete from auth.users where id = $1', [id]);
  }
  return json(req, shown);
}

const GENERATE_TYPES = ['signup', 'invite', 'magiclink', 'recovery', 'email_change_current', 'email_change_new'];

async function generateLink(req: Request, ctx: ServiceContext, url: URL): Promise<Response> {
  const body = await readJson(req);
  const db = ctx.db;
  const type = str(body, 'type') ?? '';
  if (!GENERATE_TYPES.includes(type)) throw badRequest('validation_failed', 'Invalid email action link type requested');
  const email = validateEmail(str(body, 'email') ?? '');
  const redirectTo = resolveRedirect(ctx, str(body, 'redirect_to') ?? url.searchParams.get('redirect_to'));
  const data = obj(body, 'data') ?? {};
  let user = await findUserByEmail(db, email);
  let linkType: LinkType;
  let tokenType: TokenType = 'confirmation_token';
  let address = email;

  if (type === 'signup') {
    if (user?.email_confirmed_at) throw EMAIL_EXISTS();
    const password = str(body, 'password');
    if (!password) throw badRequest('validation_failed', 'Signup requires a valid password');
    checkPassword(password, ctx.config.auth);
    if (!user)
      user = await createUser(db, { email, encryptedPassword: await hashPassword(password), userMetadata: data });
    linkType = 'signup';
  } else if (type === 'invite') {
    if (user?.email_confirmed_at) throw EMAIL_EXISTS();
    if (!user) user = await createUser(db, { email, userMetadata: data, invited: true });
    linkType = 'invite';
  } else {
    if (!user) throw notFound('user_not_found', 'User with this email not found');
    if (type === 'magiclink' || type === 'recovery') {
      linkType = type === 'magiclink' && !user.email_confirmed_at ? 'signup' : (type as LinkType);
      tokenType = linkType === 'signup' ? 'confirmation_token' : 'recovery_token';
    } else {
      const newEmail = validateEmail(str(body, 'new_email') ?? '');
      const taken = await findUserByEmail(db, newEmail);
      if (taken && taken.id !== user.id) throw EMAIL_EXISTS();
      await db.query('update auth.users set email_change = $2, email_change_sent_at = now() where id = $1', [
        user.id,
        newEmail,
      ]);
      linkType = 'email_change';
      tokenType = type === 'email_change_new' ? 'email_change_token_new' : 'email_change_token_current';
      if (type === 'email_change_new') address = newEmail;
    }
  }
  const { code, hash } = await storeToken(db, user, tokenType, address);
  authLimiter(ctx).codeReset(address);
  const fresh = (await findUserById(db, user.id))!;
  return json(req, {
    ...(await userJson(db, fresh)),
    action_link: verifyUrl(ctx, hash, linkType, redirectTo),
    email_otp: code,
    hashed_token: hash,
    verification_type: linkType,
    redirect_to: redirectTo,
  });
}

/** POST /invite (auth.admin.inviteUserByEmail): creates the user and mails an invite link. */
export async function invite(req: Request, ctx: ServiceContext, url: URL): Promise<Response> {
  await requireAdmin(req, ctx);
  const body = await readJson(req);
  const email = validateEmail(str(body, 'email') ?? '');
  const redirectTo = resolveRedirect(ctx, url.searchParams.get('redirect_to'));
  let user = await findUserByEmail(ctx.db, email);
  if (user?.email_confirmed_at) throw EMAIL_EXISTS();
  if (!user) user = await createUser(ctx.db, { email, userMetadata: obj(body, 'data') ?? {}, invited: true });
  await mailLink(ctx, ctx.db, user, 'invite', redirectTo);
  return json(req, await userJson(ctx.db, (await findUserById(ctx.db, user.id))!));
}

/** Routes `/admin/...` (path without the /auth/v1 prefix). */
export async function handleAdmin(req: Request, ctx: ServiceContext, path: string, url: URL): Promise<Response> {
  await requireAdmin(req, ctx);
  const method = req.method;
  if (path === '/admin/oauth' || path.startsWith('/admin/oauth/')) return handleOAuthClients(req, ctx, path);
  if (path === '/admin/users') {
    if (method === 'GET') return listUsers(req, ctx, url);
    if (method === 'POST') return createUserAdmin(req, ctx);
  }
  if (path === '/admin/generate_link' && method === 'POST') return generateLink(req, ctx, url);
  const factors = /^\/admin\/users\/([^/]+)\/factors(?:\/([^/]+))?$/.exec(path);
  if (factors) {
    const user = await loadUser(ctx.db, factors[1]!);
    if (!factors[2] && method === 'GET') {
      const rows = await ctx.db.query<FactorRow>(
        'select * from auth.mfa_factors where user_id = $1 order by created_at',
        [user.id],
      );
      return json(req, rows.rows.map(factorJson));
    }
    if (factors[2] && method === 'DELETE') {
      const deleted = await ctx.db.query<{ id: string }>(
        'delete from auth.mfa_factors where id::text = $1 and user_id = $2 returning id',
        [factors[2], user.id],
      );
      if (!deleted.rows[0]) throw notFound('mfa_factor_not_found', 'Factor not found');
      return json(req, { id: deleted.rows[0].id });
    }
  }
  const one = /^\/admin\/users\/([^/]+)$/.exec(path);
  if (one) {
    const id = one[1]!;
    if (method === 'GET') return json(req, await userJson(ctx.db, await loadUser(ctx.db, id)));
    if (method === 'PUT') return updateUserAdmin(req, ctx, id);
    if (method === 'DELETE') return deleteUserAdmin(req, ctx, id);
  }
  throw notFound('not_found', 'Not found');
}
