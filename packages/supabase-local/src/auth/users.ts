// auth.users, auth.identities and auth.mfa_factors rows, and the User JSON GoTrue answers with.

import { randomUUID } from 'node:crypto';
import type { Queryable } from '../types.ts';

export interface UserRow {
  id: string;
  aud: string | null;
  role: string | null;
  email: string | null;
  encrypted_password: string | null;
  email_confirmed_at: Date | null;
  invited_at: Date | null;
  confirmation_sent_at: Date | null;
  recovery_sent_at: Date | null;
  email_change: string | null;
  email_change_sent_at: Date | null;
  last_sign_in_at: Date | null;
  raw_app_meta_data: Record<string, unknown> | null;
  raw_user_meta_data: Record<string, unknown> | null;
  created_at: Date | null;
  updated_at: Date | null;
  phone: string | null;
  phone_confirmed_at: Date | null;
  phone_change: string | null;
  phone_change_sent_at: Date | null;
  confirmed_at: Date | null;
  banned_until: Date | null;
  reauthentication_sent_at: Date | null;
  deleted_at: Date | null;
  is_anonymous: boolean | null;
}

export interface IdentityRow {
  id: string;
  provider_id: string;
  user_id: string;
  identity_data: Record<string, unknown>;
  provider: string;
  last_sign_in_at: Date | null;
  created_at: Date | null;
  updated_at: Date | null;
  email: string | null;
}

export interface FactorRow {
  id: string;
  user_id: string;
  friendly_name: string | null;
  factor_type: string;
  status: string;
  created_at: Date;
  updated_at: Date;
  secret: string | null;
  phone: string | null;
}

export function iso(value: Date | string | null | undefined): string | undefined {
  if (value === null || value === undefined) return undefined;
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

/** Drops undefined members, as GoTrue's `omitempty` does. */
function compact<T extends Record<string, unknown>>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

export async function findUserById(db: Queryable, id: string): Promise<UserRow | undefined> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return undefined;
  return (await db.query<UserRow>('select * from auth.users where id = $1', [id])).rows[0];
}

export async function findUserByEmail(db: Queryable, email: string): Promise<UserRow | undefined> {
  return (
    await db.query<UserRow>(
      'select * from auth.users where lower(email) = lower($1) and is_sso_user = false order by created_at limit 1',
      [email],
    )
  ).rows[0];
}

export async function findUserByPhone(db: Queryable, phone: string): Promise<UserRow | undefined> {
  return (await db.query<UserRow>('select * from auth.users where phone = $1 limit 1', [phone])).rows[0];
}

export function identityJson(row: IdentityRow) {
  return {
    identity_id: row.id,
    id: row.provider_id,
    user_id: row.user_id,
    identity_data: row.identity_data,
    provider: row.provider,
    last_sign_in_at: iso(row.last_sign_in_at) ?? '',
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
    email: row.email ?? undefined,
  };
}

export function factorJson(row: FactorRow) {
  return compact({
    id: row.id,
    friendly_name: row.friendly_name ?? '',
    factor_type: row.factor_type,
    status: row.status,
    phone: row.phone ?? undefined,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  });
}

export type UserJson = Record<string, unknown> & { id: string };

/** The User object of GoTrue's responses. */
export async function userJson(db: Queryable, user: UserRow): Promise<UserJson> {
  const identities = (
    await db.query<IdentityRow>('select * from auth.identities where user_id = $1 order by created_at, id', [user.id])
  ).rows;
  const factors = (
    await db.query<FactorRow>('select * from auth.mfa_factors where user_id = $1 order by created_at', [user.id])
  ).rows;
  return compact({
    id: user.id,
    aud: user.aud ?? 'authenticated',
    role: user.role ?? 'authenticated',
    email: user.email ?? '',
    email_confirmed_at: iso(user.email_confirmed_at),
    phone: user.phone ?? '',
    phone_confirmed_at: iso(user.phone_confirmed_at),
    confirmation_sent_at: iso(user.confirmation_sent_at),
    confirmed_at: iso(user.confirmed_at ?? user.email_confirmed_at ?? user.phone_confirmed_at),
    recovery_sent_at: iso(user.recovery_sent_at),
    new_email: user.email_change || undefined,
    email_change_sent_at: user.email_change ? iso(user.email_change_sent_at) : undefined,
    new_phone: user.phone_change || undefined,
    phone_change_sent_at: user.phone_change ? iso(user.phone_change_sent_at) : undefined,
    reauthentication_sent_at: iso(user.reauthentication_sent_at),
    last_sign_in_at: iso(user.last_sign_in_at),
    invited_at: iso(user.invited_at),
    banned_until: user.banned_until && user.banned_until > new Date() ? iso(user.banned_until) : undefined,
    app_metadata: user.raw_app_meta_data ?? {},
    user_metadata: user.raw_user_meta_data ?? {},
    identities: identities.map(identityJson),
    factors: factors.length ? factors.map(factorJson) : undefined,
    created_at: iso(user.created_at),
    updated_at: iso(user.updated_at),
    is_anonymous: user.is_anonymous ?? false,
  }) as UserJson;
}

export interface NewUser {
  id?: string;
  email?: string;
  phone?: string;
  encryptedPassword?: string;
  emailConfirmed?: boolean;
  phoneConfirmed?: boolean;
  userMetadata?: Record<string, unknown>;
  appMetadata?: Record<string, unknown>;
  isAnonymous?: boolean;
  invited?: boolean;
  role?: string;
}

/** Inserts a user and its identity (email or phone provider; none for anonymous users). */
export async function createUser(db: Queryable, input: NewUser): Promise<UserRow> {
  const id = input.id ?? randomUUID();
  const provider = input.isAnonymous ? undefined : input.email ? 'email' : 'phone';
  // As GoTrue's signupNewUser: provider "anonymous" for anonymous users, who have no identity.
  const shownProvider = provider ?? 'anonymous';
  const appMetadata = { provider: shownProvider, providers: [shownProvider], ...(input.appMetadata ?? {}) };
  const row = (
    await db.query<UserRow>(
      `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
         phone, phone_confirmed_at, raw_app_meta_data, raw_user_meta_data, is_anonymous, invited_at,
         created_at, updated_at)
       values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', $2, $3, $4,
         case when $5::boolean then now() end, $6, case when $7::boolean then now() end, $8, $9, $10,
         case when $11::boolean then now() end, now(), now())
       returning *`,
      [
        id,
        input.role ?? 'authenticated',
        input.email?.toLowerCase() ?? null,
        input.encryptedPassword ?? '',
        input.emailConfirmed ?? false,
        input.phone ?? null,
        input.phoneConfirmed ?? false,
        JSON.stringify(appMetadata),
        JSON.stringify(input.userMetadata ?? {}),
        input.isAnonymous ?? false,
        input.invited ?? false,
      ],
    )
  ).rows[0]!;
  if (provider) await upsertIdentity(db, row, provider);
  return row;
}

/** The email/phone identity GoTrue keeps beside each user, with `identity_data` mirroring the user. */
export async function upsertIdentity(db: Queryable, user: UserRow, provider: 'email' | 'phone'): Promise<void> {
  const data: Record<string, unknown> = {
    sub: user.id,
    email_verified: user.email_confirmed_at !== null,
    phone_verified: user.phone_confirmed_at !== null,
  };
  if (provider === 'email') data.email = user.email;
  else data.phone = user.phone;
  await db.query(
    `insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
     values ($1, $4, $2, $3, now(), now(), now())
     on conflict (provider_id, provider) do update set identity_data = excluded.identity_data, updated_at = now()`,
    [user.id, JSON.stringify(data), provider, user.id],
  );
}

/** Re-reads the user and refreshes the identities' `identity_data` after a change. */
export async function syncIdentities(db: Queryable, userId: string): Promise<UserRow> {
  const user = (await findUserById(db, userId))!;
  const providers = (
    await db.query<{ provider: string }>('select provider from auth.identities where user_id = $1', [userId])
  ).rows.map((r) => r.provider);
  if (user.email && (providers.includes('email') || (!user.is_anonymous && providers.length === 0))) {
    await upsertIdentity(db, user, 'email');
  }
  if (user.phone && providers.includes('phone')) await upsertIdentity(db, user, 'phone');
  return user;
}

/** GoTrue's metadata merge: keys set to null are removed. */
export function mergeMetadata(
  current: Record<string, unknown> | null,
  patch: Record<string, unknown>,
): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...(current ?? {}) };
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete merged[key];
    else merged[key] = value;
  }
  return merged;
}
