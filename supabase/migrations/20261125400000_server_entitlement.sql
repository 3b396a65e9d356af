-- The server is the authority on paid access.
--
-- * One definition of "has access", the spec's: the admin or free_user role, an account younger than 24 hours, or a
--   subscription with status active and end_date in the future (access.has_access). RLS on every journal table and on
--   the gallery bucket uses it: without access a trader still reads, exports and deletes their own rows, but inserts
--   and updates are refused. broker_profiles stays writable: it is edited on /profile, which the spec opens to every
--   signed-in user.
-- * No SECURITY DEFINER function is executable by anon or authenticated (Supabase's linter, lints 0028/0029). What
--   needs more than the caller's own rows reads through read-only views in schema `access`, which the API does not
--   expose (config.toml [api] schemas = public): a view runs with its owner's rights, and only our SECURITY INVOKER
--   functions and policies, which check the caller first, use them. Roles are written under RLS (an admin, or the
--   bootstrap account on itself). The RPCs keep the names and arguments the spec gives them.
-- * Every foreign key has a covering index.

create schema if not exists access;
comment on schema access is
  'Bahi: privileged views and the access rule, for the functions and policies that check the caller first. Not in [api] schemas.';
revoke all on schema access from public;
grant usage on schema access to authenticated, service_role;

-- Read-only views over what the caller's own RLS hides: roles, account ages, subscriptions, the bootstrap email.
create or replace view access.accounts as
  select u.id, u.email::text as email, u.email_confirmed_at, u.created_at, u.last_sign_in_at from auth.users u;
create or replace view access.roles as
  select r.user_id, r.role, r.granted_by from public.user_roles r;
create or replace view access.subscriptions as
  select s.id, s.user_id, s.status, s.plan, s.provider, s.provider_subscription_id, s.created_at, s.updated_at,
    s.end_date, s.cancelled_at
  from public.subscriptions s;
-- Of the settings, only the one the grant rule needs.
create or replace view access.bootstrap_admin as
  select trim(s.value) as email from private.app_settings s
  where s.key = 'bootstrap_admin_email' and nullif(trim(s.value), '') is not null;
revoke all on access.accounts, access.roles, access.subscriptions, access.bootstrap_admin from public, anon;
grant select on access.accounts, access.roles, access.subscriptions, access.bootstrap_admin to authenticated, service_role;

create or replace function access.has_role(uid uuid, role_name text)
returns boolean
language sql
stable
set search_path = ''
as $$
  select exists (select 1 from access.roles r where r.user_id = uid and r.role = role_name)
$$;

-- True when the current request may learn about target: itself, an admin, or the server.
create or replace function access.may_inspect(target uuid)
returns boolean
language sql
stable
set search_path = ''
as $$
  select auth.role() = 'service_role'
    or (auth.uid() is not null and (auth.uid() = target or access.has_role(auth.uid(), 'admin')))
$$;

/* The spec's access rule for a user (the caller by default). */
create or replace function access.has_access(uid uuid default auth.uid())
returns boolean
language sql
stable
set search_path = ''
as $$
  select uid is not null and (
    exists (select 1 from access.roles r where r.user_id = uid and r.role in ('admin', 'free_user'))
    or exists (select 1 from access.accounts a where a.id = uid and a.created_at > now() - interval '24 hours')
    or exists (
      select 1 from access.subscriptions s where s.user_id = uid and s.status = 'active' and s.end_date > now()
    )
  )
$$;
comment on function access.has_access(uuid) is
  'Admin, free_user, an account younger than 24 hours, or an active subscription ending in the future.';

-- True when the caller may give target the role: an admin, or the configured bootstrap account (confirmed email)
-- giving itself admin or free_user.
create or replace function access.may_grant(target uuid, role_name text)
returns boolean
language sql
stable
set search_path = ''
as $$
  select auth.uid() is not null and (
    access.has_role(auth.uid(), 'admin')
    or (
      target = auth.uid()
      and role_name in ('admin', 'free_user')
      and exists (
        select 1
        from access.accounts a
        join access.bootstrap_admin b on lower(b.email) = lower(a.email)
        where a.id = auth.uid() and a.email_confirmed_at is not null
      )
    )
  )
$$;

revoke all on function access.has_role(uuid, text), access.may_inspect(uuid), access.has_access(uuid),
  access.may_grant(uuid, text) from public;
grant execute on function access.has_role(uuid, text), access.may_inspect(uuid), access.has_access(uuid),
  access.may_grant(uuid, text) to authenticated, service_role;

-- Roles: RLS is what lets an admin (or the bootstrap account, on itself) grant and remove them; the RPCs below add
-- the checks and messages. One policy per command, so no two permissive policies overlap.
grant insert, delete on public.user_roles to authenticated;
drop policy if exists "user_roles: read own" on public.user_roles;
drop policy if exists "user_roles: read own, or any as admin" on public.user_roles;
create policy "user_roles: read own, or any as admin" on public.user_roles for select to authenticated
  using (user_id = (select auth.uid()) or (select access.has_role((select auth.uid()), 'admin')));
drop policy if exists "user_roles: grant as admin or bootstrap" on public.user_roles;
create policy "user_roles: grant as admin or bootstrap" on public.user_roles for insert to authenticated
  with check (access.may_grant(user_id, role) and granted_by is not distinct from (select auth.uid()));
drop policy if exists "user_roles: remove as admin" on public.user_roles;
create policy "user_roles: remove as admin" on public.user_roles for delete to authenticated
  using ((select access.has_role((select auth.uid()), 'admin')));

-- The spec's RPCs, now SECURITY INVOKER: each checks the caller, then reads or writes through the views.
create or replace function public.is_admin_secure(check_user_id uuid)
returns boolean
language sql
stable
security invoker
set search_path = ''
as $$
  select coalesce(access.may_inspect(check_user_id) and access.has_role(check_user_id, 'admin'), false)
$$;

create or replace function public.has_free_access(user_id uuid)
returns boolean
language sql
stable
security invoker
set search_path = ''
as $$
  select coalesce(
    access.may_inspect(has_free_access.user_id) and access.has_role(has_free_access.user_id, 'free_user'),
    false
  )
$$;

create or replace function public.add_role_to_user(target_user_id uuid, role_name text)
returns boolean
language plpgsql
volatile
security invoker
set search_path = ''
as $$
begin
  if auth.role() is distinct from 'service_role' and not access.may_grant(target_user_id, role_name) then
    raise exception 'permission denied to grant role %', coalesce(role_name, 'null')
      using errcode = 'insufficient_privilege';
  end if;
  if role_name is null or role_name not in ('admin', 'free_user') then
    raise exception 'unknown role: %', coalesce(role_name, 'null') using errcode = 'invalid_parameter_value';
  end if;
  if not exists (select 1 from access.accounts a where a.id = target_user_id) then
    raise exception 'user not found' using errcode = 'no_data_found';
  end if;

  if not access.has_role(target_user_id, role_name) then
    insert into public.user_roles (user_id, role, granted_by) values (target_user_id, role_name, auth.uid());
  end if;
  return true;
end
$$;

create or replace function public.remove_role_from_user(target_user_id uuid, role_name text)
returns boolean
language plpgsql
volatile
security invoker
set search_path = ''
as $$
begin
  if not public.is_admin_secure(auth.uid()) then
    raise exception 'admin role required' using errcode = 'insufficient_privilege';
  end if;
  delete from public.user_roles r where r.user_id = target_user_id and r.role = role_name;
  return found;
end
$$;

-- Dropped first so the file applies again over a later version of the function (20261126100000 adds full_name).
drop function if exists public.admin_list_users();
create or replace function public.admin_list_users()
returns table (
  id uuid,
  email text,
  created_at timestamptz,
  last_sign_in_at timestamptz,
  roles text[],
  latest_subscription jsonb
)
language plpgsql
stable
security invoker
set search_path = ''
as $$
begin
  if not public.is_admin_secure(auth.uid()) then
    raise exception 'admin role required' using errcode = 'insufficient_privilege';
  end if;
  return query
  select
    a.id,
    a.email,
    a.created_at,
    a.last_sign_in_at,
    coalesce((select array_agg(r.role order by r.role) from access.roles r where r.user_id = a.id), '{}'::text[]),
    (
      select jsonb_build_object(
        'id', s.id, 'status', s.status, 'plan', s.plan, 'provider', s.provider,
        'provider_subscription_id', s.provider_subscription_id, 'created_at', s.created_at, 'end_date', s.end_date
      )
      from access.subscriptions s
      where s.user_id = a.id
      order by s.created_at desc
      limit 1
    )
  from access.accounts a
  order by a.created_at desc;
end
$$;
-- Dropped and created again above: only signed-in callers (whom it checks for the admin role) and the server.
revoke all on function public.admin_list_users() from public, anon, authenticated;
grant execute on function public.admin_list_users() to authenticated, service_role;

create or replace function public.admin_list_subscriptions()
returns table (
  id uuid,
  user_id uuid,
  email text,
  status text,
  plan text,
  provider text,
  provider_subscription_id text,
  created_at timestamptz,
  updated_at timestamptz,
  end_date timestamptz,
  cancelled_at timestamptz
)
language plpgsql
stable
security invoker
set search_path = ''
as $$
begin
  if not public.is_admin_secure(auth.uid()) then
    raise exception 'admin role required' using errcode = 'insufficient_privilege';
  end if;
  return query
  select s.id, s.user_id, a.email, s.status, s.plan, s.provider, s.provider_subscription_id,
    s.created_at, s.updated_at, s.end_date, s.cancelled_at
  from access.subscriptions s
  left join access.accounts a on a.id = s.user_id
  order by s.created_at desc;
end
$$;

-- The helpers in private are no longer used by the API's functions.
drop function if exists private.may_inspect(uuid);
drop function if exists private.has_role(uuid, text);

-- Journal tables: read and delete own rows always; insert and update own rows only with access.
do $$
declare
  t text;
  own text := 'user_id = (select auth.uid())';
  paid text := 'user_id = (select auth.uid()) and (select access.has_access())';
begin
  foreach t in array array[
    'imports', 'playbooks', 'trades', 'trade_executions', 'trade_playbook_rules', 'tags', 'trade_tags', 'notes',
    'funds', 'gallery_items', 'corporate_actions', 'fair_market_values'
  ] loop
    execute format('drop policy if exists "%s: insert own" on public.%I', t, t);
    execute format('drop policy if exists "%s: insert own with access" on public.%I', t, t);
    execute format('create policy "%s: insert own with access" on public.%I for insert to authenticated with check (%s)',
      t, t, paid);
    execute format('drop policy if exists "%s: update own" on public.%I', t, t);
    execute format('drop policy if exists "%s: update own with access" on public.%I', t, t);
    execute format(
      'create policy "%s: update own with access" on public.%I for update to authenticated using (%s) with check (%s)',
      t, t, own, paid);
  end loop;
end
$$;

-- The gallery bucket: upload and replace only with access; read and delete own files always.
do $$
declare
  own_folder text;
begin
  if to_regclass('storage.objects') is not null then
    if to_regprocedure('storage.foldername(text)') is not null then
      own_folder := '(storage.foldername(name))[1] = (select auth.uid())::text';
    else
      own_folder := 'split_part(name, ''/'', 1) = (select auth.uid())::text';
    end if;
    execute 'drop policy if exists "gallery: upload to own folder" on storage.objects';
    execute format(
      'create policy "gallery: upload to own folder" on storage.objects for insert to authenticated '
      'with check (bucket_id = ''gallery'' and %s and (select access.has_access()))', own_folder);
    execute 'drop policy if exists "gallery: update own folder" on storage.objects';
    execute format(
      'create policy "gallery: update own folder" on storage.objects for update to authenticated '
      'using (bucket_id = ''gallery'' and %s) with check (bucket_id = ''gallery'' and %s and (select access.has_access()))',
      own_folder, own_folder);
  end if;
end
$$;

-- The assistant's daily quota of model answers, kept by the server (the function calls take_assistant_answer with
-- the service role; nobody else reads or writes it).
create table if not exists access.assistant_usage (
  user_id uuid not null references auth.users (id) on delete cascade,
  day date not null,
  answers integer not null default 0 check (answers >= 0),
  primary key (user_id, day)
);
revoke all on table access.assistant_usage from public, anon, authenticated;
grant select, insert, update, delete on table access.assistant_usage to service_role;

-- One model answer for a user today (IST), if they have access and today's count is under the limit:
-- {"allowed", "reason" ('no_access' | 'quota' | null), "used", "limit"}.
create or replace function public.take_assistant_answer(p_user_id uuid, p_daily_limit integer)
returns jsonb
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  today date := (now() at time zone 'Asia/Kolkata')::date;
  used integer;
begin
  if not access.has_access(p_user_id) then
    return jsonb_build_object('allowed', false, 'reason', 'no_access', 'used', null, 'limit', p_daily_limit);
  end if;
  insert into access.assistant_usage (user_id, day, answers) values (p_user_id, today, 0)
  on conflict (user_id, day) do nothing;
  update access.assistant_usage u set answers = u.answers + 1
  where u.user_id = p_user_id and u.day = today and u.answers < p_daily_limit
  returning u.answers into used;
  if used is null then
    return jsonb_build_object('allowed', false, 'reason', 'quota', 'used', p_daily_limit, 'limit', p_daily_limit);
  end if;
  return jsonb_build_object('allowed', true, 'reason', null, 'used', used, 'limit', p_daily_limit);
end
$$;
revoke all on function public.take_assistant_answer(uuid, integer) from public, anon, authenticated;
grant execute on function public.take_assistant_answer(uuid, integer) to service_role;

-- Covering indexes for the foreign keys that had none (each composite key is (parent id, user_id)).
create index if not exists funds_broker_profile_idx on public.funds (broker_profile_id, user_id);
create index if not exists gallery_items_note_user_idx on public.gallery_items (note_id, user_id);
create index if not exists gallery_items_trade_user_idx on public.gallery_items (trade_id, user_id);
create index if not exists trade_executions_import_user_idx on public.trade_executions (import_id, user_id);
create index if not exists trade_executions_trade_user_idx on public.trade_executions (trade_id, user_id);
create index if not exists trade_playbook_rules_playbook_user_idx on public.trade_playbook_rules (playbook_id, user_id);
create index if not exists trade_playbook_rules_trade_user_idx on public.trade_playbook_rules (trade_id, user_id);
create index if not exists trade_tags_tag_user_idx on public.trade_tags (tag_id, user_id);
create index if not exists trade_tags_trade_user_idx on public.trade_tags (trade_id, user_id);
create index if not exists trades_broker_profile_idx on public.trades (broker_profile_id, user_id);
create index if not exists trades_import_user_idx on public.trades (import_id, user_id);
create index if not exists trades_playbook_user_idx on public.trades (playbook_id, user_id);
create index if not exists user_roles_granted_by_idx on public.user_roles (granted_by);
-- The single-column indexes these cover.
drop index if exists public.gallery_items_trade_idx;
drop index if exists public.gallery_items_note_idx;
drop index if exists public.trade_executions_import_idx;
drop index if exists public.trade_playbook_rules_playbook_idx;
drop index if exists public.trade_tags_tag_idx;
drop index if exists public.trades_playbook_idx;
drop index if exists public.trades_import_idx;

-- The app speaks PostgREST only. Hosted Supabase installs pg_graphql, whose /graphql/v1 introspection lists every
-- table and view the API roles may read (linter 0026/0027, WARN); disabling it is Supabase's documented remedy.
drop extension if exists pg_graphql;
