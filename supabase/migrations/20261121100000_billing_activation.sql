-- Billing activation and cancelling, each in one transaction. Owned by the billing work (issue 4); the
-- razorpay edge function (supabase/functions/razorpay) calls both with the service-role client:
--   supabase.rpc('record_verified_payment', {...}) from verify-payment and the payment.captured webhook,
--   supabase.rpc('cancel_subscription', {...}) from cancel-subscription.
--
-- Cancelling keeps status = 'active' and sets cancelled_at (like Stripe's cancel at period end): the app's
-- access check (status active, end_date in the future) keeps granting access until the paid end_date, and
-- access then ends by itself. A new payment on a cancelled but running subscription extends it and clears
-- cancelled_at (the user subscribed again).
--
-- Locks: record_verified_payment locks the order row (for update), then the user's subscriptions (a
-- transaction-scoped advisory lock per user, which also covers "no row yet"); cancel_subscription takes the
-- same per-user lock. Always in that order, so the two cannot deadlock. The unique payments.razorpay_payment_id
-- makes a replayed payment a no-op that answers the existing result.

comment on column public.subscriptions.cancelled_at is
  'Set when the user cancels: status stays active and access lasts until end_date. Cleared by a new payment.';

-- Periods are calendar months and years in India time (Asia/Kolkata, UTC+05:30 all year), exactly as
-- supabase/functions/razorpay/period.ts counts them: the local wall-clock time plus one month or one year,
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

