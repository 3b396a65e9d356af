-- Access RPCs. All are SECURITY DEFINER with an empty search_path (every name is schema-qualified),
-- executable by authenticated and service_role only.
--
-- Who may ask about whom: has_free_access and is_admin_secure answer truthfully only when the caller
-- asks about themselves, when the caller is an admin, or when the caller is the server (service_role).
-- Anyone else asking about another user gets false, which tells them nothing.
--
-- Bootstrap admin: private.app_settings key 'bootstrap_admin_email' names one account (matched on the
-- confirmed email in auth.users, case-insensitively) that may grant ITSELF 'admin' or 'free_user' through
-- add_role_to_user. The app calls that on the account's first load. Set it in production with:
--   insert into private.app_settings (key, value) values ('bootstrap_admin_email', 'owner@example.com')
--   on conflict (key) do update set value = excluded.value, updated_at = now();

create or replace function private.has_role(uid uuid, role_name text)
returns boolean
language sql
stable
set search_path = ''
as $$
  select exists (select 1 from public.user_roles r where r.user_id = uid and r.role = role_name)
$$;
revoke all on function private.has_role(uuid, text) from public;

-- True when the current request may learn about target: itself, an admin, or the server.
create or replace function private.may_inspect(target uuid)
returns boolean
language sql
stable
set search_path = ''
as $$
  select auth.role() = 'service_role'
    or (auth.uid() is not null and (auth.uid() = target or private.has_role(auth.uid(), 'admin')))
$$;
revoke all on function private.may_inspect(uuid) from public;

create or replace function public.is_admin_secure(check_user_id uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(private.may_inspect(check_user_id) and private.has_role(check_user_id, 'admin'), false)
$$;

create or replace function public.has_free_access(user_id uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(
    private.may_inspect(has_free_access.user_id) and private.has_role(has_free_access.user_id, 'free_user'),
    false
  )
$$;

create or replace function public.add_role_to_user(target_user_id uuid, role_name text)
returns boolean
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  caller uuid := auth.uid();
  bootstrap_email text;
  caller_email text;
begin
  if auth.role() is distinct from 'service_role' and not private.has_role(caller, 'admin') then
    -- Not an admin: only the configured bootstrap account, on itself, for admin or free_user.
    select s.value into bootstrap_email from private.app_settings s where s.key = 'bootstrap_admin_email';
    select u.email into caller_email from auth.users u where u.id = caller and u.email_confirmed_at is not null;
    if caller is null
      or target_user_id is distinct from caller
      or role_name is null or role_name not in ('admin', 'free_user')
      or nullif(trim(bootstrap_email), '') is null
      or caller_email is null
      or lower(caller_email) <> lower(trim(bootstrap_email))
    then
      raise exception 'permission denied to grant role %', coalesce(role_name, 'null')
        using errcode = 'insufficient_privilege';
    end if;
  end if;

  if role_name is null or role_name not in ('admin', 'free_user') then
    raise exception 'unknown role: %', coalesce(role_name, 'null') using errcode = 'invalid_parameter_value';
  end if;
  if not exists (select 1 from auth.users u where u.id = target_user_id) then
    raise exception 'user not found' using errcode = 'no_data_found';
  end if;

  insert into public.user_roles (user_id, role, granted_by)
  values (target_user_id, role_name, caller)
  on conflict (user_id, role) do nothing;
  return true;
end
$$;

create or replace function public.remove_role_from_user(target_user_id uuid, role_name text)
returns boolean
language plpgsql
volatile
security definer
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
security definer
set search_path = ''
as $$
begin
  if not public.is_admin_secure(auth.uid()) then
    raise exception 'admin role required' using errcode = 'insufficient_privilege';
  end if;
  return query
  select
    u.id,
    u.email::text,
    u.created_at,
    u.last_sign_in_at,
    coalesce(
      (select array_agg(r.role order by r.role) from public.user_roles r where r.user_id = u.id),
      '{}'::text[]
    ),
    (
      select jsonb_build_object(
        'id', s.id, 'status', s.status, 'plan', s.plan, 'provider', s.provider,
        'provider_subscription_id', s.provider_subscription_id, 'created_at', s.created_at, 'end_date', s.end_date
      )
      from public.subscriptions s
      where s.user_id = u.id
      order by s.created_at desc
      limit 1
    )
  from auth.users u
  order by u.created_at desc;
end
$$;

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
security definer
set search_path = ''
as $$
begin
  if not public.is_admin_secure(auth.uid()) then
    raise exception 'admin role required' using errcode = 'insufficient_privilege';
  end if;
  return query
  select s.id, s.user_id, u.email::text, s.status, s.plan, s.provider, s.provider_subscription_id,
    s.created_at, s.updated_at, s.end_date, s.cancelled_at
  from public.subscriptions s
  left join auth.users u on u.id = s.user_id
  order by s.created_at desc;
end
$$;

-- Hosted Supabase grants EXECUTE on new public functions to anon and authenticated by default: take it back.
revoke all on function public.is_admin_secure(uuid) from public, anon, authenticated;
revoke all on function public.has_free_access(uuid) from public, anon, authenticated;
revoke all on function public.add_role_to_user(uuid, text) from public, anon, authenticated;
revoke all on function public.remove_role_from_user(uuid, text) from public, anon, authenticated;
revoke all on function public.admin_list_users() from public, anon, authenticated;
revoke all on function public.admin_list_subscriptions() from public, anon, authenticated;

grant execute on function public.is_admin_secure(uuid) to authenticated, service_role;
grant execute on function public.has_free_access(uuid) to authenticated, service_role;
grant execute on function public.add_role_to_user(uuid, text) to authenticated, service_role;
grant execute on function public.remove_role_from_user(uuid, text) to authenticated, service_role;
grant execute on function public.admin_list_users() to authenticated, service_role;
grant execute on function public.admin_list_subscriptions() to authenticated, service_role;
