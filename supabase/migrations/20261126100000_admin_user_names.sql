-- The admin page names each account: the full_name the trader gave at sign-up, in onboarding or on /profile
-- (auth.users.raw_user_meta_data, where supabase-js's `data` and `updateUser({ data })` put it). Without it the page
-- showed "—" for every user.

-- A view of its own rather than a column more on access.accounts, so that 20261125400000 still applies again over
-- this one (CREATE OR REPLACE VIEW cannot drop a column). Read like access.accounts: only by the functions and
-- policies that check the caller first.
create or replace view access.account_names as
  select u.id, nullif(trim(u.raw_user_meta_data ->> 'full_name'), '') as full_name from auth.users u;
revoke all on access.account_names from public, anon;
grant select on access.account_names to authenticated, service_role;

-- A new result column changes the function's type, which CREATE OR REPLACE cannot do.
drop function if exists public.admin_list_users();

create function public.admin_list_users()
returns table (
  id uuid,
  email text,
  full_name text,
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
    n.full_name,
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
  left join access.account_names n on n.id = a.id
  order by a.created_at desc;
end
$$;

-- Hosted Supabase grants EXECUTE on new public functions to anon and authenticated by default: as before, only
-- signed-in callers (whom the function checks for the admin role) and the server.
revoke all on function public.admin_list_users() from public, anon, authenticated;
grant execute on function public.admin_list_users() to authenticated, service_role;
