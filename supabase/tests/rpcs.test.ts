// Access RPCs: has_free_access, is_admin_secure, add_role_to_user (admin or bootstrap account only),
// remove_role_from_user and the admin listings (42501 unless the caller is an admin).
import type { Database } from '@bahi/supabase-local';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anon, as, bootDatabase, commitAs, createUser, sqlstate, user } from './support/db';
import { ADMIN, DEMO, OTHER } from './support/ids';

const demo = user(DEMO, 'demo@bahi.local');
const admin = user(ADMIN, 'admin@bahi.local');
const other = user(OTHER, 'other@bahi.local');
let db: Database;

beforeAll(async () => {
  db = await bootDatabase();
  await createUser(db, OTHER, 'other@bahi.local');
}, 60_000);

afterAll(async () => {
  await db?.close();
});

const scalar = async (caller: typeof demo, sql: string) => (await as<{ v: unknown }>(db, caller, sql))[0]?.v;
const roles = async (id: string) =>
  (
    await db.query<{ role: string }>(`select role from public.user_roles where user_id = $1 order by role`, [id])
  ).rows.map((r) => r.role);

// The tests in this file run in order: the bootstrap admin first has no roles, then grants itself.
describe('before anyone is admin', () => {
  it('the seed grants no roles', async () => {
    expect(await roles(ADMIN)).toEqual([]);
    expect(await roles(DEMO)).toEqual([]);
    expect(await scalar(admin, `select public.is_admin_secure('${ADMIN}') as v`)).toBe(false);
  });

  it('a normal user cannot grant themselves admin or free access', async () => {
    expect(await sqlstate(as(db, demo, `select public.add_role_to_user('${DEMO}', 'admin')`))).toBe('42501');
    expect(await sqlstate(as(db, demo, `select public.add_role_to_user('${DEMO}', 'free_user')`))).toBe('42501');
    expect(await roles(DEMO)).toEqual([]);
  });

  it('the bootstrap account cannot grant roles to anyone else', async () => {
    expect(await sqlstate(as(db, admin, `select public.add_role_to_user('${DEMO}', 'free_user')`))).toBe('42501');
    expect(await sqlstate(as(db, admin, `select public.add_role_to_user('${OTHER}', 'admin')`))).toBe('42501');
  });

  it('the bootstrap account cannot grant itself a role that does not exist', async () => {
    expect(await sqlstate(as(db, admin, `select public.add_role_to_user('${ADMIN}', 'owner')`))).toBe('42501');
  });

  it('a token claiming the bootstrap email does not make another account the bootstrap account', async () => {
    const forged = user(OTHER, 'admin@bahi.local');
    expect(await sqlstate(as(db, forged, `select public.add_role_to_user('${OTHER}', 'admin')`))).toBe('42501');
  });

  it('with no bootstrap setting, not even the bootstrap account can bootstrap', async () => {
    await db.query(`delete from private.app_settings where key = 'bootstrap_admin_email'`);
    try {
      expect(await sqlstate(as(db, admin, `select public.add_role_to_user('${ADMIN}', 'admin')`))).toBe('42501');
    } finally {
      await db.query(
        `insert into private.app_settings (key, value) values ('bootstrap_admin_email', 'admin@bahi.local')`,
      );
    }
  });

  it('anon can call none of the RPCs', async () => {
    for (const call of [
      `select public.has_free_access('${DEMO}')`,
      `select public.is_admin_secure('${DEMO}')`,
      `select public.add_role_to_user('${DEMO}', 'admin')`,
      `select public.remove_role_from_user('${DEMO}', 'admin')`,
      'select * from public.admin_list_users()',
      'select * from public.admin_list_subscriptions()',
    ]) {
      expect(await sqlstate(as(db, anon, call)), call).toBe('42501');
    }
  });

  it('the admin RPCs refuse a non-admin with 42501', async () => {
    for (const caller of [demo, admin]) {
      for (const call of [
        'select * from public.admin_list_users()',
        'select * from public.admin_list_subscriptions()',
        `select public.remove_role_from_user('${DEMO}', 'free_user')`,
      ]) {
        expect(await sqlstate(as(db, caller, call)), call).toBe('42501');
      }
    }
  });
});

describe('bootstrap', () => {
  it('the bootstrap account grants itself admin and free_user (twice is harmless)', async () => {
    expect(await commitAs(db, admin, `select public.add_role_to_user('${ADMIN}', 'admin') as v`)).toEqual([
      { v: true },
    ]);
    expect(await commitAs(db, admin, `select public.add_role_to_user('${ADMIN}', 'free_user') as v`)).toEqual([
      { v: true },
    ]);
    expect(await commitAs(db, admin, `select public.add_role_to_user('${ADMIN}', 'admin') as v`)).toEqual([
      { v: true },
    ]);
    expect(await roles(ADMIN)).toEqual(['admin', 'free_user']);
    expect(await scalar(admin, `select public.is_admin_secure('${ADMIN}') as v`)).toBe(true);
    expect(await scalar(admin, `select public.has_free_access('${ADMIN}') as v`)).toBe(true);
  });

  it('is whichever account private.app_settings names, matched case-insensitively', async () => {
    await db.query(`update private.app_settings set value = 'Other@Bahi.Local' where key = 'bootstrap_admin_email'`);
    try {
      expect(await scalar(other, `select public.add_role_to_user('${OTHER}', 'free_user') as v`)).toBe(true);
      expect(await sqlstate(as(db, demo, `select public.add_role_to_user('${DEMO}', 'free_user')`))).toBe('42501');
    } finally {
      await db.query(`update private.app_settings set value = 'admin@bahi.local' where key = 'bootstrap_admin_email'`);
    }
  });

  it('needs a confirmed email', async () => {
    await db.query(`update private.app_settings set value = 'other@bahi.local' where key = 'bootstrap_admin_email'`);
    await db.query(`update auth.users set email_confirmed_at = null where id = $1`, [OTHER]);
    try {
      expect(await sqlstate(as(db, other, `select public.add_role_to_user('${OTHER}', 'admin')`))).toBe('42501');
    } finally {
      await db.query(`update auth.users set email_confirmed_at = now() where id = $1`, [OTHER]);
      await db.query(`update private.app_settings set value = 'admin@bahi.local' where key = 'bootstrap_admin_email'`);
    }
  });
});

describe('with an admin', () => {
  it('an admin grants and removes roles for other users', async () => {
    expect(await commitAs(db, admin, `select public.add_role_to_user('${DEMO}', 'free_user') as v`)).toEqual([
      { v: true },
    ]);
    expect(await roles(DEMO)).toEqual(['free_user']);
    const [row] = (
      await db.query<{ granted_by: string }>(`select granted_by from public.user_roles where user_id = $1`, [DEMO])
    ).rows;
    expect(row?.granted_by).toBe(ADMIN);
  });

  it('an admin gets 22023 for an unknown role and P0002 for an unknown user', async () => {
    expect(await sqlstate(as(db, admin, `select public.add_role_to_user('${DEMO}', 'owner')`))).toBe('22023');
    expect(
      await sqlstate(as(db, admin, `select public.add_role_to_user('00000000-0000-4000-8000-0000000000ff', 'admin')`)),
    ).toBe('P0002');
  });

  it('has_free_access: true for the user themselves and for an admin asking', async () => {
    expect(await scalar(demo, `select public.has_free_access('${DEMO}') as v`)).toBe(true);
    expect(await scalar(admin, `select public.has_free_access('${DEMO}') as v`)).toBe(true);
  });

  it('has_free_access and is_admin_secure tell a normal user nothing about others', async () => {
    // OTHER asks about DEMO (who has free_user) and ADMIN (who is admin): both answers are false.
    expect(await scalar(other, `select public.has_free_access('${DEMO}') as v`)).toBe(false);
    expect(await scalar(other, `select public.is_admin_secure('${ADMIN}') as v`)).toBe(false);
    expect(await scalar(demo, `select public.is_admin_secure('${ADMIN}') as v`)).toBe(false);
    expect(await scalar(demo, `select public.is_admin_secure('${DEMO}') as v`)).toBe(false);
  });

  it('the server may ask about anyone', async () => {
    expect(await scalar({ role: 'service_role' }, `select public.is_admin_secure('${ADMIN}') as v`)).toBe(true);
  });

  it('admin_list_users shows every account with its name, roles and latest subscription', async () => {
    const rows = await as<{
      id: string;
      email: string;
      full_name: string | null;
      roles: string[];
      latest_subscription: { status: string } | null;
    }>(db, admin, 'select * from public.admin_list_users()');
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(rows).toHaveLength(3);
    expect(byId.get(DEMO)?.email).toBe('demo@bahi.local');
    // The names seed.sql gives its accounts; the account created here has none.
    expect(byId.get(DEMO)?.full_name).toBe('Asha Mehta');
    expect(byId.get(ADMIN)?.full_name).toBe('Bahi Admin');
    expect(byId.get(OTHER)?.full_name).toBeNull();
    expect(byId.get(DEMO)?.roles).toEqual(['free_user']);
    expect(byId.get(DEMO)?.latest_subscription?.status).toBe('active');
    expect(byId.get(ADMIN)?.roles).toEqual(['admin', 'free_user']);
    expect(byId.get(ADMIN)?.latest_subscription).toBeNull();
  });

  it('admin_list_subscriptions shows the demo yearly plan', async () => {
    const rows = await as<{ email: string; plan: string; status: string; cancelled_at: string | null }>(
      db,
      admin,
      'select email, plan, status, cancelled_at from public.admin_list_subscriptions()',
    );
    expect(rows).toEqual([{ email: 'demo@bahi.local', plan: 'yearly', status: 'active', cancelled_at: null }]);
  });

  it('a normal user still gets 42501 from the admin RPCs', async () => {
    expect(await sqlstate(as(db, demo, 'select * from public.admin_list_users()'))).toBe('42501');
    expect(await sqlstate(as(db, demo, 'select * from public.admin_list_subscriptions()'))).toBe('42501');
    expect(await sqlstate(as(db, demo, `select public.add_role_to_user('${OTHER}', 'free_user')`))).toBe('42501');
  });

  it("an admin still cannot read other users' tables directly", async () => {
    const rows = await as(db, admin, `select id from public.trades where user_id = '${DEMO}'`);
    expect(rows).toEqual([]);
  });

  it('remove_role_from_user takes a role away', async () => {
    expect(await commitAs(db, admin, `select public.remove_role_from_user('${DEMO}', 'free_user') as v`)).toEqual([
      { v: true },
    ]);
    expect(await roles(DEMO)).toEqual([]);
    expect(await scalar(demo, `select public.has_free_access('${DEMO}') as v`)).toBe(false);
    expect(await scalar(admin, `select public.remove_role_from_user('${DEMO}', 'free_user') as v`)).toBe(false);
  });
});
