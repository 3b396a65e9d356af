-- Demo data for local development (runs after the migrations, like `supabase db reset`).
--
--   demo@bahi.local  / demo-trader-2026  Asha Mehta, yearly subscriber, ~3 months of trades (Aug–Nov 2026)
--   admin@bahi.local / admin-bahi-2026   the bootstrap admin: gets admin + free_user on first load through
--                                        add_role_to_user (no roles are granted here)
--
-- Re-running the seed resets both accounts (their rows cascade from auth.users).
-- pgcrypto's crypt()/gen_salt() live in schema `extensions` on hosted Supabase, in public elsewhere.
create schema if not exists extensions;
create extension if not exists pgcrypto with schema extensions;
set search_path = public, extensions;

-- Inserts one row, keeping only the keys that are real, non-generated columns of the table: the auth
-- schema differs between GoTrue versions and local stacks.
create or replace function pg_temp.insert_row(target regclass, data jsonb)
returns void
language plpgsql
as $$
declare
  cols text;
begin
  select string_agg(quote_ident(a.attname), ', ' order by a.attnum)
  into cols
  from pg_attribute a
  where a.attrelid = target and a.attnum > 0 and not a.attisdropped and a.attgenerated = '' and data ? a.attname;
  execute format('insert into %s (%s) select %s from jsonb_populate_record(null::%s, $1)', target, cols, cols, target)
  using data;
end
$$;

-- A deterministic number in [0, 1) from a text seed, so the demo journal is the same on every reset.
create or replace function pg_temp.u(seed text)
returns numeric
language sql
immutable
as $$
  select ((('x' || substr(md5(seed), 1, 8))::bit(32)::int)::bigint + 2147483648) / 4294967296.0
$$;

-- Days this seed treats as exchange holidays.
create or replace function pg_temp.is_holiday(d date)
returns boolean
language sql
immutable
as $$
  select d in (date '2026-09-14', date '2026-10-02', date '2026-10-20', date '2026-11-10')
$$;

-- Monthly F&O expiry: the last Tuesday of the month (the Monday before when that is a holiday).
create or replace function pg_temp.last_tuesday(d date)
returns date
language sql
immutable
as $$
  with m as (select (date_trunc('month', d) + interval '1 month' - interval '1 day')::date as last_day)
  select x - case when pg_temp.is_holiday(x) then 1 else 0 end
  from (select last_day - ((extract(dow from last_day)::int - 2 + 7) % 7) as x from m) t
$$;

create or replace function pg_temp.monthly_expiry(d date)
returns date
language sql
immutable
as $$
  select case when pg_temp.last_tuesday(d) >= d then pg_temp.last_tuesday(d)
    else pg_temp.last_tuesday((d + interval '1 month')::date) end
$$;

-- NIFTY weekly expiry: the next Tuesday on or after the day (the Monday before when that is a holiday).
create or replace function pg_temp.weekly_expiry(d date)
returns date
language sql
immutable
as $$
  select x - case when pg_temp.is_holiday(x) then 1 else 0 end
  from (select d + ((2 - extract(dow from d)::int + 7) % 7) as x) t
$$;

create or replace function pg_temp.tick(price numeric)
returns numeric
language sql
immutable
as $$
  select round(price * 20) / 20
$$;

-- ---------------------------------------------------------------------------------------------------
-- Accounts
-- ---------------------------------------------------------------------------------------------------
delete from auth.users
where id in ('6d656d6f-0000-4000-8000-000000000001', '61646d69-0000-4000-8000-000000000001')
  or lower(email) in ('demo@bahi.local', 'admin@bahi.local');

select pg_temp.insert_row('auth.users', jsonb_build_object(
  'instance_id', '00000000-0000-0000-0000-000000000000',
  'id', a.id,
  'aud', 'authenticated',
  'role', 'authenticated',
  'email', a.email,
  'encrypted_password', crypt(a.password, gen_salt('bf')),
  'email_confirmed_at', a.created_at,
  'last_sign_in_at', a.last_sign_in_at,
  'raw_app_meta_data', '{"provider": "email", "providers": ["email"]}'::jsonb,
  'raw_user_meta_data', jsonb_build_object(
    'sub', a.id, 'email', a.email, 'email_verified', true, 'phone_verified', false,
    'full_name', a.full_name, 'onboarding_completed', true
  ),
  'is_super_admin', false,
  'created_at', a.created_at,
  'updated_at', a.created_at,
  -- GoTrue reads these as strings: empty, not null.
  'confirmation_token', '', 'recovery_token', '', 'email_change_token_new', '', 'email_change', '',
  'email_change_token_current', '', 'phone_change', '', 'phone_change_token', '', 'reauthentication_token', '',
  'is_sso_user', false,
  'is_anonymous', false
))
from (values
  ('6d656d6f-0000-4000-8000-000000000001'::uuid, 'demo@bahi.local', 'demo-trader-2026', 'Asha Mehta',
    timestamptz '2026-07-28 10:00:00+05:30', timestamptz '2026-11-20 08:55:00+05:30'),
  ('61646d69-0000-4000-8000-000000000001'::uuid, 'admin@bahi.local', 'admin-bahi-2026', 'Bahi Admin',
    timestamptz '2026-07-01 09:00:00+05:30', timestamptz '2026-11-20 09:30:00+05:30')
) as a (id, email, password, full_name, created_at, last_sign_in_at);

-- Email identities, where this auth schema has them (GoTrue signs in through them).
select pg_temp.insert_row('auth.identities', jsonb_build_object(
  'id', u.id,
  'provider_id', u.id::text,
  'user_id', u.id,
  'identity_data', jsonb_build_object('sub', u.id::text, 'email', u.email, 'email_verified', true,
    'phone_verified', false),
  'provider', 'email',
  'last_sign_in_at', u.last_sign_in_at,
  'created_at', u.created_at,
  'updated_at', u.created_at
))
from auth.users u
where to_regclass('auth.identities') is not null
  and u.id in ('6d656d6f-0000-4000-8000-000000000001', '61646d69-0000-4000-8000-000000000001');

-- The one account allowed to grant itself admin and free_user (see migrations/*_access_rpcs.sql).
insert into private.app_settings (key, value)
values ('bootstrap_admin_email', 'admin@bahi.local')
on conflict (key) do update set value = excluded.value, updated_at = now();

-- ---------------------------------------------------------------------------------------------------
-- The demo trader's yearly subscription (₹3,240 paid through Razorpay test mode)
-- ---------------------------------------------------------------------------------------------------
insert into public.payment_orders (id, user_id, razorpay_order_id, plan, amount_paise, currency, status, receipt,
  created_at, updated_at)
values ('6d656d6f-0000-4000-8000-0000000000a1', '6d656d6f-0000-4000-8000-000000000001', 'order_DemoYearly0001',
  'yearly', 324000, 'INR', 'paid', 'rcpt_demo_yearly_0001', '2026-07-28 10:18:00+05:30', '2026-07-28 10:19:30+05:30');

insert into public.payments (razorpay_payment_id, order_id, user_id, amount_paise, currency, status,
  signature_verified_at, raw, created_at)
values ('pay_DemoYearly0001', '6d656d6f-0000-4000-8000-0000000000a1', '6d656d6f-0000-4000-8000-000000000001',
  324000, 'INR', 'captured', '2026-07-28 10:19:30+05:30',
  '{"razorpay_order_id": "order_DemoYearly0001", "razorpay_payment_id": "pay_DemoYearly0001", "method": "upi", "vpa": "success@razorpay"}',
  '2026-07-28 10:19:30+05:30');

-- A year from purchase; kept at least a month ahead so the demo account never loses access.
insert into public.subscriptions (user_id, status, plan, provider, provider_subscription_id, created_at, updated_at,
  end_date)
values ('6d656d6f-0000-4000-8000-000000000001', 'active', 'yearly', 'razorpay', 'pay_DemoYearly0001',
  '2026-07-28 10:19:30+05:30', '2026-07-28 10:19:30+05:30',
  greatest(timestamptz '2027-07-28 10:19:30+05:30', now() + interval '30 days'));

-- ---------------------------------------------------------------------------------------------------
-- Journal settings: broker profile, playbooks, tags, funds
-- ---------------------------------------------------------------------------------------------------
-- Zerodha states its DP charge as ₹15.34 per scrip including GST (₹13 + ₹2.34).
insert into public.broker_profiles (id, user_id, name, broker, is_default, dp_charge_per_sell, dp_charge_includes_gst,
  residence_state, created_at)
values ('6d656d6f-0000-4000-8000-0000000000b1', '6d656d6f-0000-4000-8000-000000000001', 'Zerodha', 'zerodha', true,
  15.34, true, 'MH', '2026-07-28 10:30:00+05:30');

insert into public.playbooks (id, user_id, name, description, rules, markets, timeframes, created_at)
values
  ('6d656d6f-0000-4000-8000-0000000000c1', '6d656d6f-0000-4000-8000-000000000001', 'Opening Range Breakout',
    'Trade the break of the first 15 minutes in liquid large caps and stock futures.',
    '[{"id": "orb-1", "text": "Wait for the 15-minute opening range to complete"},
      {"id": "orb-2", "text": "Enter on a 5-minute close beyond the range on above-average volume"},
      {"id": "orb-3", "text": "Stop at the middle of the range, never more than 0.6%"},
      {"id": "orb-4", "text": "Book half at 1R and trail the rest"}]',
    '{NSE equity,NSE futures}', '{5m,15m}', '2026-07-29 20:00:00+05:30'),
  ('6d656d6f-0000-4000-8000-0000000000c2', '6d656d6f-0000-4000-8000-000000000001', 'VWAP Pullback',
    'Join a trending stock on its first pullback to VWAP.',
    '[{"id": "vwap-1", "text": "Trend day: price held above (or below) VWAP since the open"},
      {"id": "vwap-2", "text": "Pullback to VWAP on falling volume"},
      {"id": "vwap-3", "text": "Enter on the reversal candle, stop beyond its extreme"}]',
    '{NSE equity,NSE futures}', '{5m}', '2026-07-29 20:10:00+05:30'),
  ('6d656d6f-0000-4000-8000-0000000000c3', '6d656d6f-0000-4000-8000-000000000001', 'Index Option Momentum',
    'Buy NIFTY/BANKNIFTY at-the-money options in the direction of a fresh intraday trend.',
    '[{"id": "opt-1", "text": "No entries before 09:30"},
      {"id": "opt-2", "text": "Risk at most 1% of capital: stop at 20% of premium"},
      {"id": "opt-3", "text": "Exit everything by 15:15, never carry overnight"},
      {"id": "opt-4", "text": "Never average a losing option"}]',
    '{NSE options}', '{3m,5m}', '2026-07-29 20:20:00+05:30'),
  ('6d656d6f-0000-4000-8000-0000000000c4', '6d656d6f-0000-4000-8000-000000000001', 'Swing Delivery',
    'Buy quality large caps near the 20-day average in a weekly uptrend; hold one to two weeks.',
    '[{"id": "swing-1", "text": "Weekly trend up"},
      {"id": "swing-2", "text": "Entry within 2% of the 20-day moving average"},
      {"id": "swing-3", "text": "Position at most 20% of capital"}]',
    '{NSE equity}', '{1D,1W}', '2026-07-29 20:30:00+05:30');

insert into public.tags (id, user_id, name, color)
values
  ('6d656d6f-0000-4000-8000-0000000000d1', '6d656d6f-0000-4000-8000-000000000001', 'A+ setup', '#16A34A'),
  ('6d656d6f-0000-4000-8000-0000000000d2', '6d656d6f-0000-4000-8000-000000000001', 'Expiry day', '#6366F1'),
  ('6d656d6f-0000-4000-8000-0000000000d3', '6d656d6f-0000-4000-8000-000000000001', 'Overtraded', '#DC2626'),
  ('6d656d6f-0000-4000-8000-0000000000d4', '6d656d6f-0000-4000-8000-000000000001', 'Swing', '#0EA5E9');

insert into public.funds (user_id, kind, amount, occurred_on, note, broker_profile_id)
values
  ('6d656d6f-0000-4000-8000-000000000001', 'deposit', 500000.00, '2026-07-31', 'Trading capital',
    '6d656d6f-0000-4000-8000-0000000000b1'),
  ('6d656d6f-0000-4000-8000-000000000001', 'deposit', 100000.00, '2026-09-01', 'Added from salary',
    '6d656d6f-0000-4000-8000-0000000000b1'),
  ('6d656d6f-0000-4000-8000-000000000001', 'withdrawal', 50000.00, '2026-10-05', 'Withdrew part of the profits',
    '6d656d6f-0000-4000-8000-0000000000b1'),
  ('6d656d6f-0000-4000-8000-000000000001', 'adjustment', -354.00, '2026-11-02', 'Demat AMC (₹300 + GST)',
    '6d656d6f-0000-4000-8000-0000000000b1');

-- A bonus the trader recorded (HDFC Bank's 1:1 of August 2025): before any of the demo's HDFCBANK trades, so it
-- adjusts nothing they hold, but it is in their list of splits and bonuses.
insert into public.corporate_actions (user_id, symbol, kind, ratio_from, ratio_to, ex_date, note)
values ('6d656d6f-0000-4000-8000-000000000001', 'HDFCBANK', 'bonus', 1, 1, '2025-08-26', 'Bonus 1:1');

-- A 31 Jan 2018 value the trader gave for the tax P&L (illustrative), for shares held since before 1 Feb 2018.
insert into public.fair_market_values (user_id, symbol, isin, price)
values ('6d656d6f-0000-4000-8000-000000000001', 'RELIANCE', 'INE002A01018', 966.25);

-- ---------------------------------------------------------------------------------------------------
-- Trades: one or two a trading day from 3 Aug to 20 Nov 2026, rotating through the instruments below.
-- Prices follow a smooth path around late-2026 levels; wins, sizes and times come from pg_temp.u.
-- ---------------------------------------------------------------------------------------------------
-- (Left over only if an earlier run in this session failed halfway.)
drop table if exists pg_temp.demo_charges, pg_temp.demo_trades, pg_temp.demo_instruments;

create temp table demo_instruments (inst, underlying, segment, product, option_type, expiry_kind, base, lot_size,
  strike_step, phase) as
values
  (0, 'NIFTY', 'options', 'intraday', 'CE', 'weekly', 26200.0, 65, 50, 0.0),
  (1, 'NIFTY', 'options', 'intraday', 'PE', 'weekly', 26200.0, 65, 50, 0.0),
  (2, 'BANKNIFTY', 'options', 'intraday', 'CE', 'monthly', 58500.0, 30, 100, 0.7),
  (3, 'BANKNIFTY', 'options', 'intraday', 'PE', 'monthly', 58500.0, 30, 100, 0.7),
  (4, 'RELIANCE', 'equity', 'intraday', null, null, 1480.0, null, null, 1.9),
  (5, 'HDFCBANK', 'equity', 'intraday', null, null, 990.0, null, null, 2.6),
  (6, 'SBIN', 'equity', 'intraday', null, null, 880.0, null, null, 3.3),
  (7, 'TCS', 'equity', 'delivery', null, null, 3150.0, null, null, 4.1),
  (8, 'INFY', 'equity', 'delivery', null, null, 1560.0, null, null, 4.8),
  (9, 'RELIANCE', 'futures', 'intraday', null, 'monthly', 1480.0, 500, null, 1.9),
  (10, 'SBIN', 'futures', 'intraday', null, 'monthly', 880.0, 750, null, 3.3),
  (11, 'NIFTY', 'options', 'intraday', 'CE', 'weekly', 26200.0, 65, 50, 0.0);

create temp table demo_trades as
with days as (
  select d::date as d, row_number() over (order by d)::int as i
  from generate_series(date '2026-08-03', date '2026-11-20', interval '1 day') as g (d)
  where extract(isodow from d) < 6 and not pg_temp.is_holiday(d::date)
),
slots as (
  select row_number() over (order by days.d, s.slot)::int as n, days.d, days.i, s.slot
  from days cross join generate_series(1, 2) as s (slot)
  where s.slot = 1 or days.i % 3 = 0
),
drawn as (
  select sl.*, ins.*,
    pg_temp.u(sl.n || ':win') as u_win, pg_temp.u(sl.n || ':move') as u_move, pg_temp.u(sl.n || ':size') as u_size,
    pg_temp.u(sl.n || ':time') as u_time, pg_temp.u(sl.n || ':side') as u_side,
    -- The underlying's price that day.
    (ins.base * (1 + 0.05 * sin(sl.i / 11.0 + ins.phase) + 0.02 * sin(sl.i / 3.7 + 2 * ins.phase)))::numeric as spot
  from slots sl
  join demo_instruments ins on ins.inst = (sl.i * 5 + sl.slot * 7) % 12
),
shaped as (
  select dr.*,
    case when dr.segment = 'futures' and dr.i % 2 = 0 then 'carry_forward' else dr.product end as product_final,
    case dr.expiry_kind
      when 'weekly' then pg_temp.weekly_expiry(dr.d)
      when 'monthly' then pg_temp.monthly_expiry(dr.d)
    end as expiry,
    case
      when dr.option_type = 'CE' then ceil(dr.spot / dr.strike_step) * dr.strike_step
      when dr.option_type = 'PE' then floor(dr.spot / dr.strike_step) * dr.strike_step
    end as strike,
    case when dr.segment in ('equity', 'futures') and dr.product = 'intraday' and dr.u_side < 0.3 then 'short'
      else 'long' end as side,
    -- Entry between 09:20 and 14:20 IST.
    ((dr.d + time '09:20') + make_interval(mins => floor(dr.u_time * 300)::int)) at time zone 'Asia/Kolkata'
      as entry_time
  from drawn dr
),
priced as (
  select sh.*,
    pg_temp.tick(case
      when sh.segment = 'options' and sh.underlying = 'NIFTY' then sh.spot * (0.0022 + 0.0011 * (sh.expiry - sh.d))
      when sh.segment = 'options' then sh.spot * (0.004 + 0.0004 * (sh.expiry - sh.d))
      when sh.segment = 'futures' then sh.spot * 1.004
      else sh.spot * (1 + 0.004 * (sh.u_time - 0.5))
    end) as entry_price,
    -- Favourable move as a fraction of the entry price: positive wins, negative losses.
    case
      when sh.segment = 'options' then
        case when sh.u_win < 0.5 then 0.12 + 0.40 * sh.u_move else -(0.08 + 0.17 * sh.u_move) end
      when sh.product = 'delivery' then
        case when sh.u_win < 0.6 then 0.02 + 0.05 * sh.u_move else -(0.015 + 0.025 * sh.u_move) end
      else case when sh.u_win < 0.56 then 0.003 + 0.012 * sh.u_move else -(0.002 + 0.005 * sh.u_move) end
    end as move,
    case
      when sh.segment = 'options' then (1 + floor(sh.u_size * (case when sh.underlying = 'NIFTY' then 4 else 3 end)))::int
        * sh.lot_size
      when sh.segment = 'futures' then (case when sh.u_size > 0.8 then 2 else 1 end) * sh.lot_size
      when sh.product = 'delivery' then round((80000 + 120000 * sh.u_size) / sh.spot)::int
      else round((150000 + 250000 * sh.u_size) / sh.spot)::int
    end as quantity,
    case
      when sh.product = 'delivery' then
        ((sh.d + (case when sh.n % 2 = 0 then 7 else 14 end)) + time '14:40') at time zone 'Asia/Kolkata'
      when sh.product_final = 'carry_forward' then
        ((sh.d + (case when extract(isodow from sh.d) = 5 then 3 else 1 end)) + time '10:05') at time zone 'Asia/Kolkata'
      else least(
        sh.entry_time + make_interval(mins => 10 + floor(sh.u_move * 110)::int),
        (sh.d + time '15:15') at time zone 'Asia/Kolkata')
    end as planned_exit_time
  from shaped sh
),
settled as (
  select p.*,
    p.planned_exit_time <= timestamptz '2026-11-20 15:30:00+05:30' as closed,
    case when p.side = 'long' then 1 else -1 end as dir,
    pg_temp.tick(p.entry_price * (1 + (case when p.side = 'long' then 1 else -1 end) * p.move)) as exit_price_raw,
    case when p.segment = 'options' then 0.20 when p.product = 'delivery' then 0.03 else 0.006 end as risk
  from priced p
)
select
  s.n, s.d, s.slot, s.inst, s.underlying, s.segment, s.product_final as product, s.option_type, s.expiry, s.strike,
  s.lot_size, s.side, s.quantity, s.entry_price, s.entry_time, s.u_win, s.move,
  md5('bahi-demo-trade-' || s.n)::uuid as id,
  case when s.closed then greatest(s.exit_price_raw, 0.05) end as exit_price,
  case when s.closed then s.planned_exit_time end as exit_time,
  case when s.closed then 'closed' else 'open' end as status,
  pg_temp.tick(s.entry_price * (1 - s.dir * s.risk)) as stop_loss,
  pg_temp.tick(s.entry_price * (1 + s.dir * 2 * s.risk)) as target,
  case
    when s.segment = 'options' and s.expiry = s.weekly_month_end then
      s.underlying || to_char(s.expiry, 'YY') || upper(to_char(s.expiry, 'MON')) || s.strike::int || s.option_type
    when s.segment = 'options' then
      s.underlying || to_char(s.expiry, 'YY')
        || case extract(month from s.expiry)::int when 10 then 'O' when 11 then 'N' when 12 then 'D'
          else extract(month from s.expiry)::int::text end
        || to_char(s.expiry, 'DD') || s.strike::int || s.option_type
    when s.segment = 'futures' then s.underlying || to_char(s.expiry, 'YY') || upper(to_char(s.expiry, 'MON')) || 'FUT'
    else s.underlying
  end as symbol
from (select st.*, pg_temp.last_tuesday(st.expiry) as weekly_month_end from settled st) s;

-- Charges at the rates in force from 1 Apr 2026 (shared/INDIA.md), Zerodha brokerage, NSE.
create temp table demo_charges as
with v as (
  select t.*,
    t.quantity * (case when t.side = 'long' then t.entry_price else t.exit_price end) as buy_value,
    coalesce(t.quantity * (case when t.side = 'long' then t.exit_price else t.entry_price end), 0) as sell_value,
    t.quantity * t.entry_price as entry_value,
    coalesce(t.quantity * t.exit_price, 0) as exit_value
  from demo_trades t
),
c as (
  select v.id, v.buy_value, v.sell_value,
    round(case
      when v.product = 'delivery' then 0
      when v.segment = 'options' then 20 * (case when v.status = 'closed' then 2 else 1 end)
      else least(0.0003 * v.entry_value, 20) + case when v.status = 'closed' then least(0.0003 * v.exit_value, 20) else 0 end
    end, 2) as brokerage,
    round(case
      when v.product = 'delivery' then 0.001 * (v.buy_value + v.sell_value)
      when v.segment = 'equity' then 0.00025 * v.sell_value
      when v.segment = 'futures' then 0.0005 * v.sell_value
      else 0.0015 * v.sell_value
    end, 0) as stt,
    round(case v.segment when 'equity' then 0.0000297 when 'futures' then 0.0000173 else 0.0003503 end
      * (v.buy_value + v.sell_value), 2) as exchange_txn,
    round(0.000001 * (v.buy_value + v.sell_value), 2) as sebi,
    round(case when v.segment = 'options' then 0.000005 else 0.000001 end * (v.buy_value + v.sell_value), 2) as ipft,
    round(case
      when v.product = 'delivery' then 0.00015
      when v.segment = 'futures' then 0.00002
      else 0.00003
    end * v.buy_value, 2) as stamp_duty,
    -- The DP charge before its GST: ₹15.34 including 18% GST is ₹13.00 + ₹2.34.
    case when v.product = 'delivery' and v.status = 'closed' then 13.00 else 0 end as dp_charges
  from v
)
select c.*,
  round(0.18 * (c.brokerage + c.exchange_txn + c.sebi), 2) + round(0.18 * c.dp_charges, 2) as gst,
  c.brokerage + c.stt + c.exchange_txn + c.sebi + c.ipft + c.stamp_duty + c.dp_charges
    + round(0.18 * (c.brokerage + c.exchange_txn + c.sebi), 2) + round(0.18 * c.dp_charges, 2) as total
from c;

-- One import per month of Zerodha tradebooks.
insert into public.imports (id, user_id, broker, file_name, file_format, status, created_at)
select md5('bahi-demo-import-' || m)::uuid, '6d656d6f-0000-4000-8000-000000000001', 'zerodha',
  'tradebook-' || to_char(make_date(2026, m, 1), 'Mon-YYYY') || '.csv', 'csv', 'completed',
  least(make_date(2026, m + 1, 1)::timestamp + time '19:00', timestamp '2026-11-20 19:00') at time zone 'Asia/Kolkata'
from generate_series(8, 11) as m;

insert into public.trades (id, user_id, exchange, segment, product, symbol, underlying, expiry, strike, option_type,
  lot_size, side, quantity, avg_entry_price, avg_exit_price, entry_time, exit_time, status, gross_pnl, charges,
  charges_breakdown, charges_source, stop_loss, target, playbook_id, broker_profile_id, emotions_before,
  emotions_after, mistakes, rating, notes, import_source, import_id, created_at)
select t.id, '6d656d6f-0000-4000-8000-000000000001', 'NSE', t.segment, t.product, t.symbol,
  t.underlying, t.expiry, t.strike, t.option_type,
  t.lot_size, t.side, t.quantity, t.entry_price, t.exit_price, t.entry_time, t.exit_time, t.status,
  case when t.status = 'closed' then
    round((t.exit_price - t.entry_price) * t.quantity * (case when t.side = 'long' then 1 else -1 end), 2) end,
  c.total,
  jsonb_build_object('brokerage', c.brokerage, 'stt', c.stt, 'exchange_txn', c.exchange_txn, 'sebi', c.sebi,
    'ipft', c.ipft, 'stamp_duty', c.stamp_duty, 'gst', c.gst, 'dp_charges', c.dp_charges),
  'estimated', t.stop_loss, t.target,
  case
    when t.n % 7 = 0 then null
    when t.segment = 'options' then '6d656d6f-0000-4000-8000-0000000000c3'::uuid
    when t.product = 'delivery' then '6d656d6f-0000-4000-8000-0000000000c4'::uuid
    when t.n % 2 = 0 then '6d656d6f-0000-4000-8000-0000000000c1'::uuid
    else '6d656d6f-0000-4000-8000-0000000000c2'::uuid
  end,
  '6d656d6f-0000-4000-8000-0000000000b1',
  case (t.n % 6) when 0 then '{calm,focused}' when 1 then '{confident}' when 2 then '{anxious}'
    when 3 then '{fomo}' when 4 then '{calm}' else '{impatient}' end::text[],
  case when t.status = 'open' then '{}'
    when t.move > 0 then (case when t.n % 3 = 0 then '{satisfied}' else '{calm,satisfied}' end)
    else (case when t.n % 2 = 0 then '{frustrated}' else '{disappointed}' end) end::text[],
  case
    when t.move < 0 and t.n % 5 = 0 then '{moved stop loss}'
    when t.move < 0 and t.n % 5 = 1 then '{entered before confirmation}'
    when t.move < 0 and t.slot = 2 then '{revenge trade}'
    when t.move > 0 and t.n % 9 = 0 then '{exited too early}'
    else '{}'
  end::text[],
  case when t.status = 'open' then null when t.move > 0.1 then 5 when t.move > 0 then 4
    when t.n % 5 = 0 then 2 else 3 end,
  case when t.n % 10 = 0 then 'Followed the plan; sized down because VIX was elevated.' end,
  'zerodha', md5('bahi-demo-import-' || extract(month from t.d)::int)::uuid,
  t.entry_time + interval '8 hours'
from demo_trades t
join demo_charges c on c.id = t.id;

-- Fills: the entry (split into two fills of one order for every fourth trade in equities) and, when closed, the exit;
-- each trade names its fills.
insert into public.fills (id, user_id, broker, import_id, exchange, segment, symbol, isin, underlying, expiry, strike,
  option_type, side, quantity, price, executed_at, broker_trade_id, broker_order_id)
select md5('bahi-demo-fill-' || f.n || '-' || f.k)::uuid, '6d656d6f-0000-4000-8000-000000000001', 'zerodha',
  md5('bahi-demo-import-' || extract(month from f.d)::int)::uuid, x.exchange, x.segment, x.symbol, x.isin,
  x.underlying, x.expiry, x.strike, x.option_type, f.side, f.quantity, f.price, f.executed_at,
  (100000000 + f.n * 10 + f.k)::text, (1300000000000000 + f.n * 10 + f.leg)::text
from (
  select t.n, t.d, t.id as trade_id, 1 as leg, 1 as k,
    case when t.side = 'long' then 'buy' else 'sell' end as side,
    case when t.n % 4 = 0 and t.segment = 'equity' then t.quantity - t.quantity / 2 else t.quantity end as quantity,
    t.entry_price as price, t.entry_time as executed_at
  from demo_trades t
  union all
  select t.n, t.d, t.id, 1, 2, case when t.side = 'long' then 'buy' else 'sell' end,
    t.quantity / 2, t.entry_price, t.entry_time + interval '1 second'
  from demo_trades t
  where t.n % 4 = 0 and t.segment = 'equity'
  union all
  select t.n, t.d, t.id, 2, 3, case when t.side = 'long' then 'sell' else 'buy' end,
    t.quantity, t.exit_price, t.exit_time
  from demo_trades t
  where t.status = 'closed'
) as f
join public.trades x on x.id = f.trade_id;

update public.trades t
set fill_ids = x.ids, fill_units = x.units
from (
  select d.id as trade_id, array_agg(md5('bahi-demo-fill-' || d.n || '-' || k.k)::uuid order by k.k) as ids,
    array_agg(k.units order by k.k) as units
  from demo_trades d
  cross join lateral (values
    (1, case when d.n % 4 = 0 and d.segment = 'equity' then d.quantity - d.quantity / 2 else d.quantity end),
    (2, case when d.n % 4 = 0 and d.segment = 'equity' then d.quantity / 2 end),
    (3, case when d.status = 'closed' then d.quantity end)
  ) as k (k, units)
  where k.units is not null
  group by d.id
) as x
where x.trade_id = t.id;

-- Playbook adherence: winners followed every rule; a loser skipped one.
insert into public.trade_playbook_rules (trade_id, playbook_id, rule_id, user_id, followed)
select t.id, t.playbook_id, r.rule ->> 'id', t.user_id,
  not (dt.move < 0 and r.ord = 1 + dt.n % jsonb_array_length(p.rules))
from public.trades t
join demo_trades dt on dt.id = t.id
join public.playbooks p on p.id = t.playbook_id
cross join lateral jsonb_array_elements(p.rules) with ordinality as r (rule, ord)
where t.user_id = '6d656d6f-0000-4000-8000-000000000001' and t.status = 'closed';

insert into public.trade_tags (trade_id, tag_id, user_id)
select t.id, tag.id, t.user_id
from public.trades t
join demo_trades dt on dt.id = t.id
join public.tags tag on tag.user_id = t.user_id and tag.name = case
  when t.segment = 'options' and t.expiry = t.trade_date then 'Expiry day'
  when t.product = 'delivery' then 'Swing'
  when t.rating = 5 then 'A+ setup'
  when dt.slot = 2 and dt.move < 0 then 'Overtraded'
end
where t.user_id = '6d656d6f-0000-4000-8000-000000000001';

update public.imports i
set rows_total = x.fills, executions_created = x.fills, trades_created = x.trades
from (
  select f.import_id, count(*)::int as fills,
    (select count(*) from public.trades t where t.import_id = f.import_id)::int as trades
  from public.fills f
  where f.user_id = '6d656d6f-0000-4000-8000-000000000001'
  group by f.import_id
) as x
where i.id = x.import_id;

-- ---------------------------------------------------------------------------------------------------
-- Notebook: pages and a few daily journal entries
-- ---------------------------------------------------------------------------------------------------
insert into public.notes (user_id, kind, journal_date, title, body, pinned, created_at)
values
  ('6d656d6f-0000-4000-8000-000000000001', 'page', null, 'My trading rules',
    E'1. Risk at most 1% of capital per trade.\n2. Stop trading for the day after two losses.\n3. No option buying in the last 45 minutes of expiry day.\n4. Journal every trade the same evening.',
    true, '2026-07-30 21:00:00+05:30'),
  ('6d656d6f-0000-4000-8000-000000000001', 'page', null, 'Lessons from August',
    E'Most losses came from second trades taken to win back the first. ORB works best on gap days; VWAP pullbacks need a clear trend day.',
    false, '2026-08-31 21:15:00+05:30'),
  ('6d656d6f-0000-4000-8000-000000000001', 'page', null, 'Watchlist: banks',
    E'HDFCBANK and SBIN around results; BANKNIFTY monthly expiry is the last Tuesday, so size down that week.',
    false, '2026-10-12 20:40:00+05:30'),
  ('6d656d6f-0000-4000-8000-000000000001', 'page', null, 'Pre-market checklist',
    E'- GIFT NIFTY and global cues\n- Results and events today (check the NSE corporate calendar)\n- Levels: previous day high/low, opening range after 09:30\n- Max loss for the day: ₹6,000 (1% of capital)\n- Is it expiry day? Then half size on options.',
    false, '2026-08-10 08:45:00+05:30'),
  ('6d656d6f-0000-4000-8000-000000000001', 'page', null, 'What F&O costs me',
    E'Since 1 Apr 2026 STT on options is 0.15% of the sell premium (was 0.1%) and 0.05% on futures sells. Brokerage is a flat ₹20 an order, so a one-lot NIFTY round trip costs about ₹80–90 all in. Scalps under ₹300 of profit are not worth taking.',
    false, '2026-10-25 21:05:00+05:30'),
  ('6d656d6f-0000-4000-8000-000000000001', 'daily', '2026-08-03', 'First day with the journal',
    'Calm start. Took one NIFTY trade, followed the checklist.', false, '2026-08-03 18:30:00+05:30'),
  ('6d656d6f-0000-4000-8000-000000000001', 'daily', '2026-08-25', 'Monthly expiry',
    'BANKNIFTY premiums decayed fast after lunch. Stayed out after 14:00 as planned.', false,
    '2026-08-25 18:45:00+05:30'),
  ('6d656d6f-0000-4000-8000-000000000001', 'daily', '2026-08-14', 'Long weekend ahead',
    'Light volumes before the holiday weekend. One trade, closed before lunch; did not carry anything.', false,
    '2026-08-14 18:10:00+05:30'),
  ('6d656d6f-0000-4000-8000-000000000001', 'daily', '2026-09-01', 'New month, fresh capital',
    'Added ₹1,00,000 from salary. Kept position size the same until the new capital proves itself.', false,
    '2026-09-01 18:40:00+05:30'),
  ('6d656d6f-0000-4000-8000-000000000001', 'daily', '2026-09-18', 'Overtraded',
    'Two trades, the second one was revenge. Rule 2 exists for days like this.', false, '2026-09-18 19:10:00+05:30'),
  ('6d656d6f-0000-4000-8000-000000000001', 'daily', '2026-09-29', 'BANKNIFTY expiry',
    'Premiums melted after 13:00. Took profit early on the one trade and stayed out of the last hour.', false,
    '2026-09-29 18:25:00+05:30'),
  ('6d656d6f-0000-4000-8000-000000000001', 'daily', '2026-10-09', 'Patient day',
    'Waited for the opening range, one clean breakout, done by 11.', false, '2026-10-09 17:55:00+05:30'),
  ('6d656d6f-0000-4000-8000-000000000001', 'daily', '2026-10-16', 'Stop honoured',
    'The stop hit within ten minutes. Did not re-enter: the setup was gone. Good loss.', false,
    '2026-10-16 18:05:00+05:30'),
  ('6d656d6f-0000-4000-8000-000000000001', 'daily', '2026-10-27', 'Monthly expiry again',
    'Sized down as the watchlist note says. Charges were a big share of the day: see "What F&O costs me".', false,
    '2026-10-27 19:00:00+05:30'),
  ('6d656d6f-0000-4000-8000-000000000001', 'daily', '2026-11-06', 'Before Diwali',
    'Thin volumes ahead of the holidays. Reduced size by half.', false, '2026-11-06 18:20:00+05:30'),
  ('6d656d6f-0000-4000-8000-000000000001', 'daily', '2026-11-13', 'After the Diwali break',
    'Gap up open; waited for the first pullback instead of chasing. Journal streak: every trade this week noted.',
    false, '2026-11-13 18:35:00+05:30'),
  ('6d656d6f-0000-4000-8000-000000000001', 'daily', '2026-11-20', 'Week review',
    'Three green days out of five. Carrying one swing position into next week.', false,
    '2026-11-20 19:30:00+05:30');

drop table demo_charges;
drop table demo_trades;
drop table demo_instruments;
reset search_path;
