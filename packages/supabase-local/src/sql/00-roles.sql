-- Roles and default privileges as on Supabase. Idempotent: runs on every start. Roles belong to the whole server,
-- so on a real PostgreSQL two databases may bootstrap at once (the `supabase-pg` tests, one database per file):
-- a role that another session created meanwhile is not an error.
do $$
declare
  r record;
begin
  for r in
    select * from (values
      ('anon', 'nologin noinherit'),
      ('authenticated', 'nologin noinherit'),
      ('service_role', 'nologin noinherit bypassrls'),
      ('authenticator', 'noinherit login'),
      ('supabase_admin', 'nologin bypassrls'),
      ('supabase_auth_admin', 'nologin noinherit'),
      ('supabase_storage_admin', 'nologin noinherit'),
      ('dashboard_user', 'nologin')
    ) as roles (name, options)
  loop
    if not exists (select 1 from pg_roles where rolname = r.name) then
      begin
        execute format('create role %I %s', r.name, r.options);
      exception when duplicate_object or unique_violation then
        null;
      end;
    end if;
  end loop;
end
$$;

grant anon, authenticated, service_role to authenticator;

create schema if not exists extensions;
grant usage on schema extensions to anon, authenticated, service_role;
create extension if not exists pgcrypto with schema extensions;
create extension if not exists "uuid-ossp" with schema extensions;

grant usage on schema public to anon, authenticated, service_role;
-- Default privileges only, as hosted Supabase: objects get their grants when a migration creates them, and a
-- migration's later REVOKE stands. A blanket `grant all on all … in schema public` here would re-open every
-- function a migration closed (the billing functions, for one) whenever this file runs again.
alter default privileges in schema public grant all on tables to anon, authenticated, service_role;
alter default privileges in schema public grant all on sequences to anon, authenticated, service_role;
alter default privileges in schema public grant all on functions to anon, authenticated, service_role;

do $$
begin
  execute format('alter database %I set search_path = "$user", public, extensions', current_database());
end
$$;
select pg_catalog.set_config('search_path', '"$user", public, extensions', false);
