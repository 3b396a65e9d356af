// The database lints this project relies on, as SQL over the catalogs, on PGlite and on PostgreSQL 15: the checks
// Supabase's database linter makes at WARN or ERROR that apply to a schema like ours, plus covering indexes for every
// foreign key. Each query lists what is wrong; every list must be empty. (Written here from what each lint is for,
// not copied: the system schemas Supabase manages are left out as the linter leaves them out.)
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Database } from '@bahi/supabase-local';
import { parse } from 'smol-toml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootDatabase, supabaseDir } from './support/db';

let db: Database;

beforeAll(async () => {
  db = await bootDatabase();
}, 60_000);

afterAll(async () => {
  await db?.close();
});

/** Schemas Supabase itself manages, which its linter does not report on. */
const MANAGED = `('auth', 'storage', 'extensions', 'graphql', 'graphql_public', 'information_schema', 'pg_catalog',
  'pg_toast', 'realtime', 'supabase_functions', 'supabase_migrations', 'vault', 'pgsodium', 'net', 'cron')`;

const findings = async (sql: string) => (await db.query<{ finding: string }>(sql)).rows.map((r) => r.finding);

describe('database lints', () => {
  it('no SECURITY DEFINER function is executable by anon or authenticated, in any schema of ours', async () => {
    expect(
      await findings(`
        select format('%s.%s(%s) runs as its owner and %s may call it', n.nspname, p.proname,
          pg_get_function_identity_arguments(p.oid), r.role) as finding
        from pg_proc p
        join pg_namespace n on n.oid = p.pronamespace
        cross join (values ('anon'), ('authenticated')) as r (role)
        where p.prosecdef and n.nspname not in ${MANAGED} and has_function_privilege(r.role, p.oid, 'execute')
        order by 1`),
    ).toEqual([]);
  });

  it('every function of ours has an empty search_path', async () => {
    expect(
      await findings(`
        select format('%s.%s has a mutable search_path', n.nspname, p.proname) as finding
        from pg_proc p
        join pg_namespace n on n.oid = p.pronamespace
        left join pg_depend d on d.objid = p.oid and d.deptype = 'e'
        where n.nspname not in ${MANAGED} and n.nspname not like 'pg_temp%' and d.objid is null
          and not coalesce(p.proconfig, '{}') && array['search_path=""']
        order by 1`),
    ).toEqual([]);
  });

  it('every foreign key has an index whose leading columns are its columns', async () => {
    expect(
      await findings(`
        select format('%s.%s has no covering index', c.conrelid::regclass, c.conname) as finding
        from pg_constraint c
        join pg_class t on t.oid = c.conrelid
        join pg_namespace n on n.oid = t.relnamespace
        where c.contype = 'f' and n.nspname not in ${MANAGED}
          and not exists (
            select 1 from pg_index i
            where i.indrelid = c.conrelid and i.indisvalid
              and (string_to_array(i.indkey::text, ' ')::smallint[])[1:cardinality(c.conkey)] operator(pg_catalog.@>) c.conkey
              and (string_to_array(i.indkey::text, ' ')::smallint[])[1:cardinality(c.conkey)] operator(pg_catalog.<@) c.conkey
          )
        order by 1`),
    ).toEqual([]);
  });

  it('no policy calls auth.uid(), auth.jwt() or auth.role() once per row', async () => {
    expect(
      await findings(`
        select format('%s.%s: policy "%s" calls %s per row', schemaname, tablename, policyname,
          substring(coalesce(qual, '') || ' ' || coalesce(with_check, '') from 'auth\\.(?:uid|jwt|role|email)\\(\\)'))
          as finding
        from pg_policies
        where (coalesce(qual, '') ~ 'auth\\.(uid|jwt|role|email)\\(\\)'
               and lower(coalesce(qual, '')) !~ 'select\\s+auth\\.(uid|jwt|role|email)\\(\\)')
           or (coalesce(with_check, '') ~ 'auth\\.(uid|jwt|role|email)\\(\\)'
               and lower(coalesce(with_check, '')) !~ 'select\\s+auth\\.(uid|jwt|role|email)\\(\\)')
        order by 1`),
    ).toEqual([]);
  });

  it('no table has two permissive policies for the same role and command', async () => {
    expect(
      await findings(`
        with expanded as (
          select p.schemaname, p.tablename, p.policyname, r.role, k.command
          from pg_policies p
          cross join lateral unnest(p.roles) as r (role)
          cross join lateral unnest(case when p.cmd = 'ALL' then array['SELECT', 'INSERT', 'UPDATE', 'DELETE']
            else array[p.cmd] end) as k (command)
          where p.permissive = 'PERMISSIVE' and p.schemaname not in ${MANAGED}
        )
        select format('%s.%s: %s policies for %s on %s', schemaname, tablename,
          string_agg(policyname, ', ' order by policyname), role, command) as finding
        from expanded
        group by schemaname, tablename, role, command
        having count(*) > 1
        order by 1`),
    ).toEqual([]);
  });

  it('every table in public has RLS on and at least one policy; no policy sits on a table without RLS', async () => {
    expect(
      await findings(`
        select format('%s.%s: %s', n.nspname, c.relname,
          case when not c.relrowsecurity then 'RLS is off'
               else 'RLS is on with no policy' end) as finding
        from pg_class c
        join pg_namespace n on n.oid = c.relnamespace
        where c.relkind in ('r', 'p') and n.nspname = 'public'
          and (not c.relrowsecurity or not exists (select 1 from pg_policy p where p.polrelid = c.oid))
        order by 1`),
    ).toEqual([]);
  });

  it('no view in an exposed schema runs as its owner, and none there exposes auth.users', async () => {
    expect(
      await findings(`
        select format('public.%s runs as its owner (security_invoker is off)', c.relname) as finding
        from pg_class c
        join pg_namespace n on n.oid = c.relnamespace
        where c.relkind in ('v', 'm') and n.nspname = 'public'
          and not coalesce(c.reloptions, '{}') && array['security_invoker=true', 'security_invoker=on',
            'security_invoker=1', 'security_invoker=yes']
        order by 1`),
    ).toEqual([]);
  });

  it('no two indexes on a table are the same', async () => {
    expect(
      await findings(`
        select format('%s: %s are the same index', i.indrelid::regclass,
          string_agg(i.indexrelid::regclass::text, ' and ' order by i.indexrelid::regclass::text)) as finding
        from pg_index i
        join pg_class t on t.oid = i.indrelid
        join pg_namespace n on n.oid = t.relnamespace
        where n.nspname not in ${MANAGED}
        group by i.indrelid, i.indkey::text, i.indclass::text, i.indcollation::text,
          coalesce(pg_get_expr(i.indexprs, i.indrelid), ''), coalesce(pg_get_expr(i.indpred, i.indrelid), '')
        having count(*) > 1
        order by 1`),
    ).toEqual([]);
  });

  it('no policy lets everyone write, trusts user metadata, or opens up when there is no user', async () => {
    expect(
      await findings(`
        with p as (
          select schemaname, tablename, policyname, cmd,
            lower(regexp_replace(coalesce(qual, ''), '\\s', '', 'g')) as q,
            lower(regexp_replace(coalesce(with_check, ''), '\\s', '', 'g')) as c,
            qual is null as no_qual, with_check is null as no_check
          from pg_policies
          where permissive = 'PERMISSIVE' and schemaname not in ${MANAGED}
        )
        select format('%s.%s: policy "%s" (%s) %s', schemaname, tablename, policyname, cmd, problem) as finding
        from p
        cross join lateral (values
          (cmd in ('UPDATE', 'DELETE', 'ALL') and (q in ('true', '(true)') or no_qual), 'lets anyone change any row'),
          ((cmd in ('INSERT', 'ALL') and (c in ('true', '(true)') or (no_check and cmd = 'INSERT'))),
            'lets anyone insert any row'),
          ((q || c) ~ 'user_metadata', 'trusts user_metadata, which the user can edit'),
          (q ~ '(^|\\(|or)auth\\.(uid|role|jwt)\\(\\)isnull', 'admits every row when there is no user')
        ) as x (wrong, problem)
        where wrong
        order by 1`),
    ).toEqual([]);
  });

  it('no extension is installed in public', async () => {
    expect(
      await findings(`
        select format('extension %s is in public', e.extname) as finding
        from pg_extension e join pg_namespace n on n.oid = e.extnamespace
        where n.nspname = 'public'`),
    ).toEqual([]);
  });

  it('the schemas that hold privileged views and settings are not ones the API exposes', async () => {
    const config = parse(readFileSync(join(supabaseDir, 'config.toml'), 'utf8')) as { api: { schemas: string[] } };
    expect(config.api.schemas).not.toContain('access');
    expect(config.api.schemas).not.toContain('private');
    const { rows } = await db.query<{ access: boolean; private: boolean }>(
      `select has_schema_privilege('anon', 'access', 'usage') as access,
         has_schema_privilege('authenticated', 'private', 'usage') as private`,
    );
    expect(rows[0]).toEqual({ access: false, private: false });
  });
});
