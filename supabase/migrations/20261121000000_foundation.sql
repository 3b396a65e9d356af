-- Foundation: a private schema for settings and helpers that the API never exposes, and the shared
-- updated_at trigger. Every migration in this folder can be applied twice without error.

create schema if not exists private;
comment on schema private is 'Bahi internals: not in [api] schemas, no usage for anon/authenticated.';
revoke all on schema private from public;
do $$
begin
  -- The API roles exist on hosted Supabase and in supabase-local; guard for a bare PostgreSQL.
  if exists (select 1 from pg_roles where rolname = 'anon') then
    execute 'revoke all on schema private from anon, authenticated';
  end if;
end
$$;

-- Settings read only by SECURITY DEFINER functions. Set in production with, for example:
--   insert into private.app_settings (key, value) values ('bootstrap_admin_email', 'owner@example.com')
--   on conflict (key) do update set value = excluded.value, updated_at = now();
create table if not exists private.app_settings (
  key text primary key check (key ~ '^[a-z][a-z0-9_]*$'),
  value text not null,
  updated_at timestamptz not null default now()
);
comment on table private.app_settings is
  'Server-side settings (bootstrap_admin_email: the one account that may grant itself admin/free_user).';
alter table private.app_settings enable row level security;
revoke all on table private.app_settings from public;
do $$
begin
  if exists (select 1 from pg_roles where rolname = 'anon') then
    execute 'revoke all on table private.app_settings from anon, authenticated, service_role';
  end if;
end
$$;

create or replace function private.set_updated_at()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at := now();
  return new;
end
$$;
revoke all on function private.set_updated_at() from public;
