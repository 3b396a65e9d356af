// The migration @bahi/billing ships (packages/billing/src/project/billing.sql, which `npx bahi-billing init` writes
// into a user's project) makes the same billing objects as this project's migrations: the same columns, constraints,
// indexes, triggers, RLS policies, grants and function bodies. The razorpay function's tests run on this project's
// schema (razorpay/activation.sql.test.ts), so they hold for the shipped one too.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Database, Queryable } from '@bahi/supabase-local';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootDatabase, bootstrappedDatabase, supabaseDir } from './support/db';

const shipped = readFileSync(join(supabaseDir, '..', 'packages', 'billing', 'src', 'project', 'billing.sql'), 'utf8');

const TABLES = ['subscriptions', 'payment_orders', 'payments'];
const FUNCTIONS = [
  'public.record_verified_payment',
  'public.cancel_subscription',
  'private.add_billing_period',
  'private.lock_user_subscriptions',
  'private.subscription_json',
  'private.set_updated_at',
];

/** The billing objects as the catalog describes them, in a stable order. */
async function describeBilling(db: Queryable) {
  const rows = async (sql: string) => (await db.query(sql, [TABLES, FUNCTIONS])).rows;
  return {
    columns: await rows(`select table_name, column_name, data_type, is_nullable, column_default
                           from information_schema.columns
                          where table_schema = 'public' and table_name = any($1) and cardinality($2::text[]) > 0
                          order by table_name, ordinal_position`),
    constraints: await rows(`select conrelid::regclass::text as "table", conname, pg_get_constraintdef(oid) as def
                               from pg_constraint
                              where conrelid::regclass::text = any(select 'public.' || t from unnest($1::text[]) t)
                                and cardinality($2::text[]) > 0
                              order by 1, 2`),
    indexes: await rows(`select tablename, indexname, indexdef from pg_indexes
                          where schemaname = 'public' and tablename = any($1) and cardinality($2::text[]) > 0
                          order by 1, 2`),
    triggers: await rows(`select tgrelid::regclass::text as "table", tgname, pg_get_triggerdef(oid) as def
                            from pg_trigger
                           where not tgisinternal
                             and tgrelid::regclass::text = any(select 'public.' || t from unnest($1::text[]) t)
                             and cardinality($2::text[]) > 0
                           order by 1, 2`),
    rls: await rows(`select relname, relrowsecurity from pg_class
                      where relnamespace = 'public'::regnamespace and relname = any($1) and cardinality($2::text[]) > 0
                      order by 1`),
    policies: await rows(`select tablename, policyname, cmd, roles::text, qual, with_check from pg_policies
                           where schemaname = 'public' and tablename = any($1) and cardinality($2::text[]) > 0
                           order by 1, 2`),
    grants: await rows(`select table_name, grantee, privilege_type from information_schema.role_table_grants
                         where table_schema = 'public' and table_name = any($1)
                           and grantee in ('anon', 'authenticated', 'service_role', 'PUBLIC')
                           and cardinality($2::text[]) > 0
                         order by 1, 2, 3`),
    functions: await rows(`select p.oid::regprocedure::text as signature, pg_get_functiondef(p.oid) as def,
                                  has_function_privilege('anon', p.oid, 'execute') as anon,
                                  has_function_privilege('authenticated', p.oid, 'execute') as authenticated,
                                  has_function_privilege('service_role', p.oid, 'execute') as service_role
                             from pg_proc p
                            where p.pronamespace::regnamespace::text || '.' || p.proname = any($2)
                              and cardinality($1::text[]) > 0
                            order by 1`),
  };
}

let project: Database;
let fresh: Database;

beforeAll(async () => {
  [project, fresh] = await Promise.all([bootDatabase(), bootstrappedDatabase()]);
}, 120_000);

afterAll(async () => {
  await Promise.all([project?.close(), fresh?.close()]);
});

describe("@bahi/billing's migration", () => {
  it("makes what this project's migrations make of the billing tables and functions, and can be applied twice", async () => {
    const expected = await describeBilling(project);
    expect(expected.columns.length).toBeGreaterThan(20);
    expect(expected.functions.map((f) => f.signature)).toHaveLength(FUNCTIONS.length);

    await fresh.exec(shipped);
    expect(await describeBilling(fresh)).toEqual(expected);
    await fresh.exec(shipped);
    expect(await describeBilling(fresh)).toEqual(expected);
  });

  it('changes nothing in a project that already has them', async () => {
    const before = await describeBilling(project);
    await project.exec(shipped);
    expect(await describeBilling(project)).toEqual(before);
  });

  it('leaves the money path to the server: a signed-in user may read their rows and call neither function', async () => {
    const { functions, grants } = await describeBilling(fresh);
    for (const f of functions.filter((fn) => String(fn.signature).startsWith('public.'))) {
      expect(f, String(f.signature)).toMatchObject({ anon: false, authenticated: false, service_role: true });
    }
    const userGrants = grants.filter((g) => g.grantee === 'authenticated').map((g) => g.privilege_type);
    expect(new Set(userGrants)).toEqual(new Set(['SELECT']));
    expect(grants.filter((g) => g.grantee === 'anon')).toEqual([]);
  });
});
