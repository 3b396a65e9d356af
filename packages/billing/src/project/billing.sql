-- @bahi/billing: the tables and functions its `razorpay` edge function and its supabase-js adapter use, in one
-- migration that `npx bahi-billing init` writes into a Supabase project (supabase/migrations/<time>_bahi_billing.sql).
-- Applying it twice changes nothing. It needs Supabase's auth schema and roles (hosted Supabase, the Supabase CLI's
-- stack or @bahi/supabase-local); it is what the Bahi app's own migrations make of the same objects (a test compares).
--
-- Only the server (service_role, which bypasses RLS) writes these tables; a signed-in user may read their own
-- subscription, orders and payments. Activation and cancelling are each one transaction: record_verified_payment
-- and cancel_subscription, for service_role only.
--
-- Cancelling keeps status = 'active' and sets cancelled_at (like Stripe's cancel at period end): access (status
-- active, end_date in the future) lasts until the paid end_date. A new payment on a cancelled but running
-- subscription extends it and clears cancelled_at.
--
-- Locks: record_verified_payment locks the order row (for update), then the user's subscriptions (a
-- transaction-scoped advisory lock per user, which also covers "no row yet"); cancel_subscription takes the same
-- per-user lock. Always in that order, so the two cannot deadlock. The unique payments.razorpay_payment_id makes a
-- replayed payment a no-op that answers the existing result.

-- Helpers the API never exposes.
create schema if not exists private;
revoke all on schema private from public;
do $$
begin
  -- The API roles exist on hosted Supabase and in supabase-local; guard for a bare PostgreSQL.
  if exists (select 1 from pg_roles where rolname = 'anon') then
    execute 'revoke all on schema private from anon, authenticated';
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

create table if not exists public.subscriptions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  status text not null default 'pending' check (status in ('active', 'cancelled', 'expired', 'pending')),
  plan text not null check (plan in ('monthly', 'yearly')),
  provider text not null default 'razorpay',
  provider_subscription_id text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  end_date timestamptz not null,
  cancelled_at timestamptz
);
comment on table public.subscriptions is
  'Access rule: a row with status active and end_date in the future. Written only by the razorpay function.';
-- The app's access check: user_id = X and status = active order by created_at desc limit 1.
create index if not exists subscriptions_user_status_created_idx
  on public.subscriptions (user_id, status, created_at desc);
create unique index if not exists subscriptions_provider_subscription_id_key
  on public.subscriptions (provider, provider_subscription_id)
  where provider_subscription_id is not null;

-- A Razorpay order (Orders API): amounts in integer paise, as Razorpay takes them.
create table if not exists public.payment_orders (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  razorpay_order_id text not null unique check (razorpay_order_id like 'order\_%'),
  plan text not null check (plan in ('monthly', 'yearly')),
  amount_paise integer not null check (amount_paise > 0),
  currency text not null default 'INR' check (currency = 'INR'),
  status text not null default 'created' check (status in ('created', 'paid', 'failed')),
  receipt text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index if not exists payment_orders_user_created_idx on public.payment_orders (user_id, created_at desc);

create table if not exists public.payments (
  id uuid primary key default gen_random_uuid(),
  razorpay_payment_id text not null unique check (razorpay_payment_id like 'pay\_%'),
  order_id uuid not null references public.payment_orders (id) on delete cascade,
  user_id uuid not null references auth.users (id) on delete cascade,
  amount_paise integer not null check (amount_paise > 0),
  currency text not null default 'INR' check (currency = 'INR'),
  status text not null check (status in ('authorized', 'captured', 'failed', 'refunded')),
  -- Set only after the HMAC over the stored order id and the payment id matched.
  signature_verified_at timestamptz,
  raw jsonb,
  created_at timestamptz not null default now()
);
create index if not exists payments_order_idx on public.payments (order_id);
create index if not exists payments_user_created_idx on public.payments (user_id, created_at desc);

create or replace trigger set_updated_at before update on public.subscriptions
  for each row execute function private.set_updated_at();
create or replace trigger set_updated_at before update on public.payment_orders
  for each row execute function private.set_updated_at();

alter table public.subscriptions enable row level security;
alter table public.payment_orders enable row level security;
alter table public.payments enable row level security;

-- Privileges: read-only for signed-in users (RLS narrows to their rows), nothing for anon, all for the server.
revoke all on public.subscriptions, public.payment_orders, public.payments from public;
revoke all on public.subscriptions, public.payment_orders, public.payments from anon, authenticated;
grant select on public.subscriptions, public.payment_orders, public.payments to authenticated;
grant all on public.subscriptions, public.payment_orders, public.payments to service_role;

drop policy if exists "subscriptions: read own" on public.subscriptions;
create policy "subscriptions: read own" on public.subscriptions
  for select to authenticated using (user_id = (select auth.uid()));

drop policy if exists "payment_orders: read own" on public.payment_orders;
create policy "payment_orders: read own" on public.payment_orders
  for select to authenticated using (user_id = (select auth.uid()));

drop policy if exists "payments: read own" on public.payments;
create policy "payments: read own" on public.payments
  for select to authenticated using (user_id = (select auth.uid()));
-- No insert/update/delete policies: with RLS on, those are refused for every role but service_role.

comment on column public.subscriptions.cancelled_at is
  'Set when the user cancels: status stays active and access lasts until end_date. Cleared by a new payment.';

-- Periods are calendar months and years in India time (Asia/Kolkata, UTC+05:30 all year), exactly as
-- the function's period.ts counts them: the local wall-clock time plus one month or one year,
-- keeping the time of day, with a day the target month lacks clamped to its last day (PostgreSQL's
-- timestamp + interval does that): 31 Jan 00:30 IST + 1 month = 28 Feb 00:30 IST (29 Feb in a leap year),
-- 29 Feb + 1 year = 28 Feb.
create or replace function private.add_billing_period(p_from timestamptz, p_plan text)
returns timestamptz
language sql
immutable
strict
set search_path = ''
as $$
  select ((p_from at time zone 'Asia/Kolkata')
          + case p_plan when 'yearly' then interval '1 year' when 'monthly' then interval '1 month' end)
         at time zone 'Asia/Kolkata'
$$;
revoke all on function private.add_billing_period(timestamptz, text) from public;

-- The per-user lock both functions take before reading or writing the user's subscriptions.
create or replace function private.lock_user_subscriptions(p_user_id uuid)
returns void
language sql
volatile
set search_path = ''
as $$
  select pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended('public.subscriptions:' || p_user_id::text, 0))
$$;
revoke all on function private.lock_user_subscriptions(uuid) from public;

-- A subscription as the function answers it (timestamps as ISO 8601 strings in UTC).
create or replace function private.subscription_json(s public.subscriptions)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select case when s.id is null then null else pg_catalog.jsonb_build_object(
    'id', s.id,
    'user_id', s.user_id,
    'status', s.status,
    'plan', s.plan,
    'provider', s.provider,
    'provider_subscription_id', s.provider_subscription_id,
    'created_at', pg_catalog.to_char(s.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'end_date', pg_catalog.to_char(s.end_date at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'cancelled_at', pg_catalog.to_char(s.cancelled_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
  ) end
$$;
revoke all on function private.subscription_json(public.subscriptions) from public;

-- Records a payment of an order and activates or extends the order owner's subscription, once per payment.
--   p_order_id            payment_orders.id (the server's row, found by razorpay_order_id beforehand)
--   p_razorpay_payment_id pay_…
--   p_amount_paise        the amount paid; must equal the order's
--   p_raw                 what the caller saw (the checkout response or the webhook event), kept in payments.raw
--   p_status              'authorized' (verify-payment) or 'captured' (webhook)
--   p_signature_verified  true when the caller checked the checkout signature (verify-payment)
-- Answers {"outcome": …, "subscription": {…} | null}:
--   activated         the payment was new: recorded, order marked paid, subscription extended
--                     (end_date = greatest(now, running end_date) + plan period, cancelled_at cleared) or created
--   already_recorded  this payment was recorded before (a replay, or the other of verify/webhook): nothing is
--                     extended; the payment's status becomes captured and its signature_verified_at is filled in
--                     when this call knows more; subscription = the user's running one
--   order_not_found, payment_used (this payment belongs to another order), order_paid (the order was paid with
--   another payment), order_closed (status failed), amount_mismatch: nothing written.
create or replace function public.record_verified_payment(
  p_order_id uuid,
  p_razorpay_payment_id text,
  p_amount_paise integer,
  p_raw jsonb,
  p_status text default 'authorized',
  p_signature_verified boolean default true
)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_order public.payment_orders;
  v_payment public.payments;
  v_sub public.subscriptions;
  v_payment_id uuid;
  v_end timestamptz;
begin
  -- Defence in depth: even if EXECUTE were granted by mistake, an end user's token never reaches the money path.
  if coalesce(auth.role(), '') in ('anon', 'authenticated') then
    raise exception 'Only the server may record payments' using errcode = 'insufficient_privilege';
  end if;
  if p_status is null or p_status not in ('authorized', 'captured') then
    raise exception 'p_status must be authorized or captured' using errcode = 'invalid_parameter_value';
  end if;

  -- Serialises every call for this order: a second call for the same payment waits here, then sees the first
  -- one's payment row and answers already_recorded.
  select * into v_order from public.payment_orders o where o.id = p_order_id for update;
  if not found then
    return pg_catalog.jsonb_build_object('outcome', 'order_not_found', 'subscription', null);
  end if;

  select * into v_payment from public.payments p where p.razorpay_payment_id = p_razorpay_payment_id;
  if found then
    if v_payment.order_id <> v_order.id then
      return pg_catalog.jsonb_build_object('outcome', 'payment_used', 'subscription', null);
    end if;
    update public.payments p
       set status = case when p_status = 'captured' and p.status = 'authorized' then 'captured' else p.status end,
           signature_verified_at = coalesce(p.signature_verified_at, case when p_signature_verified then now() end)
     where p.id = v_payment.id;
    perform private.lock_user_subscriptions(v_order.user_id);
    select * into v_sub from public.subscriptions s
     where s.user_id = v_order.user_id and s.status = 'active' and s.end_date > now()
     order by s.end_date desc limit 1;
    return pg_catalog.jsonb_build_object('outcome', 'already_recorded', 'subscription', private.subscription_json(v_sub));
  end if;

  if v_order.status = 'paid' then
    return pg_catalog.jsonb_build_object('outcome', 'order_paid', 'subscription', null);
  elsif v_order.status <> 'created' then
    return pg_catalog.jsonb_build_object('outcome', 'order_closed', 'subscription', null);
  elsif p_amount_paise is distinct from v_order.amount_paise then
    return pg_catalog.jsonb_build_object('outcome', 'amount_mismatch', 'subscription', null);
  end if;

  insert into public.payments
    (razorpay_payment_id, order_id, user_id, amount_paise, currency, status, signature_verified_at, raw)
  values
    (p_razorpay_payment_id, v_order.id, v_order.user_id, v_order.amount_paise, v_order.currency, p_status,
     case when p_signature_verified then now() end, p_raw)
  on conflict (razorpay_payment_id) do nothing
  returning id into v_payment_id;
  if v_payment_id is null then
    -- Recorded meanwhile by a transaction for another order (calls for this order wait on its lock).
    return pg_catalog.jsonb_build_object('outcome', 'payment_used', 'subscription', null);
  end if;

  perform private.lock_user_subscriptions(v_order.user_id);
  select * into v_sub from public.subscriptions s
   where s.user_id = v_order.user_id and s.status = 'active' and s.end_date > now()
   order by s.end_date desc limit 1
   for update;
  if found then
    v_end := private.add_billing_period(greatest(now(), v_sub.end_date), v_order.plan);
    update public.subscriptions s
       set plan = v_order.plan, end_date = v_end, cancelled_at = null
     where s.id = v_sub.id
    returning * into v_sub;
  else
    v_end := private.add_billing_period(now(), v_order.plan);
    insert into public.subscriptions (user_id, status, plan, provider, provider_subscription_id, end_date)
    values (v_order.user_id, 'active', v_order.plan, 'razorpay', v_order.razorpay_order_id, v_end)
    returning * into v_sub;
  end if;

  update public.payment_orders o set status = 'paid' where o.id = v_order.id;
  return pg_catalog.jsonb_build_object('outcome', 'activated', 'subscription', private.subscription_json(v_sub));
end
$$;

-- Cancels a user's subscription at the end of its paid period: status stays 'active', cancelled_at = now(),
-- end_date unchanged. p_provider_subscription_id names it (subscriptions.provider_subscription_id, provider
-- razorpay); null means the user's running one (active, end_date in the future, latest end_date).
-- Answers {"outcome": …, "subscription": {…} | null}:
--   cancelled          cancelled_at set now
--   already_cancelled  cancelled before: nothing changes (cancelling twice is idempotent)
--   not_found          no such subscription (or, without an id, nothing running)
--   not_yours          it belongs to another user: nothing changes, nothing about it is answered
--   not_active         it has ended or is not active: nothing changes
create or replace function public.cancel_subscription(p_user_id uuid, p_provider_subscription_id text default null)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_sub public.subscriptions;
begin
  if coalesce(auth.role(), '') in ('anon', 'authenticated') then
    raise exception 'Only the server may cancel subscriptions' using errcode = 'insufficient_privilege';
  end if;
  if p_user_id is null then
    raise exception 'p_user_id is required' using errcode = 'invalid_parameter_value';
  end if;
  if p_provider_subscription_id is not null then
    select * into v_sub from public.subscriptions s
     where s.provider = 'razorpay' and s.provider_subscription_id = p_provider_subscription_id;
    if not found then
      return pg_catalog.jsonb_build_object('outcome', 'not_found', 'subscription', null);
    elsif v_sub.user_id <> p_user_id then
      return pg_catalog.jsonb_build_object('outcome', 'not_yours', 'subscription', null);
    end if;
    perform private.lock_user_subscriptions(p_user_id);
    select * into v_sub from public.subscriptions s where s.id = v_sub.id for update;
  else
    perform private.lock_user_subscriptions(p_user_id);
    select * into v_sub from public.subscriptions s
     where s.user_id = p_user_id and s.status = 'active' and s.end_date > now()
     order by s.end_date desc limit 1
     for update;
    if not found then
      return pg_catalog.jsonb_build_object('outcome', 'not_found', 'subscription', null);
    end if;
  end if;

  if v_sub.cancelled_at is not null then
    return pg_catalog.jsonb_build_object('outcome', 'already_cancelled', 'subscription', private.subscription_json(v_sub));
  elsif v_sub.status <> 'active' or v_sub.end_date <= now() then
    return pg_catalog.jsonb_build_object('outcome', 'not_active', 'subscription', null);
  end if;

  update public.subscriptions s set cancelled_at = now() where s.id = v_sub.id returning * into v_sub;
  return pg_catalog.jsonb_build_object('outcome', 'cancelled', 'subscription', private.subscription_json(v_sub));
end
$$;

-- Only the server may call them: hosted Supabase grants EXECUTE on new public functions to anon and
-- authenticated by default, so take it back.
revoke all on function public.record_verified_payment(uuid, text, integer, jsonb, text, boolean)
  from public, anon, authenticated;
revoke all on function public.cancel_subscription(uuid, text) from public, anon, authenticated;
grant execute on function public.record_verified_payment(uuid, text, integer, jsonb, text, boolean) to service_role;
grant execute on function public.cancel_subscription(uuid, text) to service_role;

