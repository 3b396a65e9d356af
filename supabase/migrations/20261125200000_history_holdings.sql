-- Real trading history: shares held before the imported files, splits and bonuses, and imports that rebuild the
-- trades they touch.
--
-- * A sale of shares bought before the imported history has no cost basis until the trader gives one: such a trade is
--   status 'missing_cost' (no entry price, no P&L; every P&L figure leaves it out). Opening lots (from a holdings or
--   tax P&L statement, or typed) are fills of kind 'opening' and give it its cost.
-- * Splits and bonuses (`corporate_actions`) adjust the holdings of a share from their ex-date.
-- * Trades are derived from fills, so a change rebuilds the trades it can affect: `rebuild_trades` deletes them and
--   writes their replacements in one transaction. Each fill keeps the import that brought it, so undoing an import
--   (`undo_import`) takes out only its own fills and rebuilds the trades they were in from the others.

-- Trades: the third status, the share's ISIN, and the splits and bonuses applied while the position was open.
alter table public.trades drop constraint if exists trades_status_check;
alter table public.trades add constraint trades_status_check check (status in ('open', 'closed', 'missing_cost'));
alter table public.trades alter column avg_entry_price drop not null;
alter table public.trades drop constraint if exists trades_closed_has_exit;
alter table public.trades add constraint trades_closed_has_exit check (
  status = 'open'
  or (avg_exit_price is not null and exit_time is not null and (gross_pnl is not null or status = 'missing_cost'))
);
alter table public.trades drop constraint if exists trades_entry_price_known;
alter table public.trades add constraint trades_entry_price_known check (
  avg_entry_price is not null or status = 'missing_cost'
);
alter table public.trades drop constraint if exists trades_missing_cost_shape;
alter table public.trades add constraint trades_missing_cost_shape check (
  status <> 'missing_cost'
  or (segment = 'equity' and product = 'delivery' and side = 'long' and avg_entry_price is null and gross_pnl is null)
);
alter table public.trades add column if not exists isin text
  constraint trades_isin_format check (isin ~ '^[A-Z]{2}[A-Z0-9]{9}[0-9]$');
alter table public.trades add column if not exists adjustments jsonb not null default '[]'::jsonb
  constraint trades_adjustments_array check (jsonb_typeof(adjustments) = 'array');
comment on column public.trades.status is
  'open, closed, or missing_cost: a sale of shares bought before the imported history, with no cost basis yet';

-- Fills: an opening lot is a holding from before the history, not a trade on the exchange; bonus shares come from a
-- corporate action (price 0, on its ex-date) and are made again whenever the share's holding is rebuilt.
alter table public.trade_executions add column if not exists kind text not null default 'fill'
  constraint trade_executions_kind_check check (kind in ('fill', 'opening', 'bonus'));

-- Imports: what was brought in (a tradebook, a statement of holdings or of taxes, or a typed opening position).
alter table public.imports add column if not exists kind text not null default 'tradebook'
  constraint imports_kind_check check (kind in ('tradebook', 'holdings', 'tax_pnl', 'opening'));

-- Broker profiles: the DP charge as the broker's page states it, and the trader's state for stamp duty before
-- 1 Jul 2020 (each state had its own rates until then).
alter table public.broker_profiles add column if not exists dp_charge_includes_gst boolean not null default false;
alter table public.broker_profiles add column if not exists residence_state text
  constraint broker_profiles_residence_state_format check (residence_state ~ '^[A-Z]{2}$');
comment on column public.broker_profiles.dp_charge_includes_gst is
  'True when dp_charge_per_sell is stated with its 18% GST included (Zerodha: ₹15.34 = ₹13 + GST).';

-- Splits and bonuses the trader records for a share.
create table if not exists public.corporate_actions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  symbol text not null check (symbol ~ '^[A-Z0-9&_.-]{1,40}$'),
  kind text not null check (kind in ('split', 'bonus')),
  -- Split: every ratio_from shares become ratio_to. Bonus: ratio_to new shares for every ratio_from held.
  ratio_from integer not null check (ratio_from between 1 and 1000),
  ratio_to integer not null check (ratio_to between 1 and 1000),
  ex_date date not null,
  note text check (length(note) <= 500),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (user_id, symbol, kind, ex_date)
);

create or replace trigger set_updated_at before update on public.corporate_actions
  for each row execute function private.set_updated_at();
alter table public.corporate_actions enable row level security;
revoke all on table public.corporate_actions from public, anon;
grant select, insert, update, delete on table public.corporate_actions to authenticated;
grant all on table public.corporate_actions to service_role;
drop policy if exists "corporate_actions: read own" on public.corporate_actions;
create policy "corporate_actions: read own" on public.corporate_actions for select to authenticated
  using (user_id = (select auth.uid()));
drop policy if exists "corporate_actions: insert own" on public.corporate_actions;
create policy "corporate_actions: insert own" on public.corporate_actions for insert to authenticated
  with check (user_id = (select auth.uid()));
drop policy if exists "corporate_actions: update own" on public.corporate_actions;
create policy "corporate_actions: update own" on public.corporate_actions for update to authenticated
  using (user_id = (select auth.uid())) with check (user_id = (select auth.uid()));
drop policy if exists "corporate_actions: delete own" on public.corporate_actions;
create policy "corporate_actions: delete own" on public.corporate_actions for delete to authenticated
  using (user_id = (select auth.uid()));

-- rebuild_trades: replaces some of the caller's imported trades with trades rebuilt from their fills, in one
-- transaction. SECURITY INVOKER: RLS decides what it may read, delete and insert, as if the client wrote the rows.
--
--   p_trades   [{broker?, import_id?, exchange, segment, product, symbol, isin?, underlying, expiry, strike,
--                option_type, lot_size, side, quantity, avg_entry_price, avg_exit_price, entry_time, exit_time, status,
--                gross_pnl, charges, charges_breakdown, charges_source, broker_profile_id, adjustments?,
--                executions: [{side, quantity, price, executed_at, broker_trade_id, broker_order_id, kind?,
--                              import_id?}]}]
--              broker defaults to p_broker; import_id (of the trade and of each fill) to p_import: a rebuilt fill
--              keeps the import that brought it.
--   p_replace  the caller's imported trades these replace: deleted first. Their journalling (stop, target, playbook
--              and rules, emotions, mistakes, rating, notes, tags, screenshots) moves to the new trade holding their
--              earliest surviving fill.
--   returns    {"trades_created", "executions_created"}
--
-- A fill already in the journal, (user_id, broker, broker_trade_id), fails the whole call with 23505. A fill split
-- between trades (a flip, or a day's intraday and delivery parts) carries '<id>#2', '<id>#3'… on its later parts.
create or replace function public.rebuild_trades(
  p_trades jsonb,
  p_replace uuid[] default '{}',
  p_import uuid default null,
  p_broker text default null
)
returns jsonb
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  caller uuid := auth.uid();
  v_trade_ids uuid[];
  v_trades integer;
  v_executions integer;
  v_replace uuid[];
  v_replaced jsonb;
  v_deleted integer;
  v_problem record;
  v_constraint text;
  r jsonb;
  v_successor uuid;
  ts_pattern constant text := '^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?\s*(Z|[+-]\d{2}(:?\d{2})?)$';
  uuid_pattern constant text := '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';
  brokers constant text[] := array['zerodha', 'upstox', 'angelone', 'groww', 'dhan', 'fyers', 'icici', 'other'];
  max_trades constant integer := 20000;
begin
  if caller is null then
    raise exception 'Sign in to import trades.' using errcode = '42501';
  end if;
  if p_broker is not null and not (p_broker = any(brokers)) then
    raise exception 'p_broker must be one of zerodha, upstox, angelone, groww, dhan, fyers, icici, other.'
      using errcode = '22023';
  end if;
  if p_trades is null or jsonb_typeof(p_trades) <> 'array' then
    raise exception 'p_trades must be an array of trades (it may be empty).' using errcode = '22023';
  end if;
  if jsonb_array_length(p_trades) > max_trades then
    raise exception 'This import has % trades; at most % can be imported in one call. Send them in parts.',
      jsonb_array_length(p_trades), max_trades using errcode = '54000';
  end if;

  -- Each trade's shape, named by its position (1-based). Values are read through `n` (the number, or null when the
  -- JSON value is not a number), so no cast can fail here.
  select x.ord, x.problem into v_problem
  from (
    select t.ord, case
        when jsonb_typeof(t.v) <> 'object' then 'is not an object'
        when coalesce(jsonb_typeof(t.v -> 'broker'), 'null') not in ('null', 'string')
          or not (coalesce(t.v ->> 'broker', p_broker, '') = any(brokers)) then
          'broker must be one of zerodha, upstox, angelone, groww, dhan, fyers, icici, other'
        when p_broker is not null and coalesce(t.v ->> 'broker', p_broker) <> p_broker then
          'broker must be the import''s broker'
        when coalesce(jsonb_typeof(t.v -> 'import_id'), 'null') not in ('null', 'string')
          or t.v ->> 'import_id' !~* uuid_pattern then 'import_id must be null or the id of one of your imports'
        when coalesce(t.v ->> 'exchange', '') not in ('NSE', 'BSE', 'MCX') then 'exchange must be NSE, BSE or MCX'
        when coalesce(t.v ->> 'segment', '') not in ('equity', 'futures', 'options') then
          'segment must be equity, futures or options'
        when coalesce(t.v ->> 'product', '') not in ('intraday', 'delivery', 'carry_forward') then
          'product must be intraday, delivery or carry_forward'
        when case when t.v ->> 'segment' = 'equity' then t.v ->> 'product' not in ('intraday', 'delivery')
          else t.v ->> 'product' not in ('intraday', 'carry_forward') end then
          'product must be intraday or delivery for equity, intraday or carry_forward for futures and options'
        when jsonb_typeof(t.v -> 'symbol') is distinct from 'string'
          or length(trim(t.v ->> 'symbol')) not between 1 and 64 then 'symbol must be 1 to 64 characters'
        when coalesce(jsonb_typeof(t.v -> 'isin'), 'null') not in ('null', 'string')
          or t.v ->> 'isin' !~ '^[A-Z]{2}[A-Z0-9]{9}[0-9]$' then 'isin must be null or an ISIN like INE467B01029'
        when coalesce(t.v ->> 'side', '') not in ('long', 'short') then 'side must be long or short'
        when coalesce(t.v ->> 'status', '') not in ('open', 'closed', 'missing_cost') then
          'status must be open, closed or missing_cost'
        when n.quantity is null or n.quantity <= 0 or n.quantity <> trunc(n.quantity) or n.quantity > 2147483647 then
          'quantity must be a whole number of units above 0'
        when t.v ->> 'status' = 'missing_cost' and (t.v ->> 'avg_entry_price' is not null
          or t.v ->> 'gross_pnl' is not null or t.v ->> 'segment' <> 'equity' or t.v ->> 'product' <> 'delivery'
          or t.v ->> 'side' <> 'long') then
          'a missing_cost trade is a long equity delivery sale with no avg_entry_price and no gross_pnl'
        when t.v ->> 'status' <> 'missing_cost' and (n.avg_entry_price is null or n.avg_entry_price < 0) then
          'avg_entry_price must be a number of 0 or more'
        when jsonb_typeof(t.v -> 'entry_time') is distinct from 'string' or t.v ->> 'entry_time' !~ ts_pattern then
          'entry_time must be a timestamp with its offset, e.g. 2026-11-20T09:20:00+05:30'
        when coalesce(jsonb_typeof(t.v -> 'exit_time'), 'null') not in ('null', 'string')
          or t.v ->> 'exit_time' !~ ts_pattern then
          'exit_time must be null or a timestamp with its offset, e.g. 2026-11-20T15:10:00+05:30'
        when coalesce(jsonb_typeof(t.v -> 'avg_exit_price'), 'null') not in ('null', 'number')
          or n.avg_exit_price < 0 then 'avg_exit_price must be null or a number of 0 or more'
        when coalesce(jsonb_typeof(t.v -> 'gross_pnl'), 'null') not in ('null', 'number') then
          'gross_pnl must be null or a number'
        when t.v ->> 'status' = 'closed'
          and (t.v ->> 'avg_exit_price' is null or t.v ->> 'exit_time' is null or t.v ->> 'gross_pnl' is null) then
          'a closed trade needs avg_exit_price, exit_time and gross_pnl'
        when t.v ->> 'status' = 'missing_cost' and (t.v ->> 'avg_exit_price' is null or t.v ->> 'exit_time' is null)
          then 'a missing_cost trade needs avg_exit_price and exit_time'
        when coalesce(jsonb_typeof(t.v -> 'charges'), 'null') not in ('null', 'number') or n.charges < 0 then
          'charges must be null or a number of 0 or more'
        when coalesce(jsonb_typeof(t.v -> 'charges_breakdown'), 'null') not in ('null', 'object') then
          'charges_breakdown must be null or an object'
        when coalesce(t.v ->> 'charges_source', 'estimated') not in ('broker', 'estimated') then
          'charges_source must be broker or estimated'
        when coalesce(jsonb_typeof(t.v -> 'adjustments'), 'null') not in ('null', 'array') then
          'adjustments must be null or an array'
        when coalesce(jsonb_typeof(t.v -> 'expiry'), 'null') not in ('null', 'string')
          or t.v ->> 'expiry' !~ '^\d{4}-\d{2}-\d{2}$' then 'expiry must be null or a date YYYY-MM-DD'
        when coalesce(jsonb_typeof(t.v -> 'strike'), 'null') not in ('null', 'number') or n.strike <= 0 then
          'strike must be null or a number above 0'
        when coalesce(jsonb_typeof(t.v -> 'lot_size'), 'null') not in ('null', 'number')
          or n.lot_size <= 0 or n.lot_size <> trunc(n.lot_size) or n.lot_size > 2147483647 then
          'lot_size must be null or a whole number above 0'
        when coalesce(t.v ->> 'option_type', 'CE') not in ('CE', 'PE') then 'option_type must be CE, PE or null'
        when t.v ->> 'segment' = 'equity'
          and (t.v ->> 'expiry' is not null or t.v ->> 'strike' is not null or t.v ->> 'option_type' is not null) then
          'an equity trade has no expiry, strike or option_type'
        when t.v ->> 'segment' = 'futures' and (t.v ->> 'underlying' is null or t.v ->> 'expiry' is null
          or t.v ->> 'lot_size' is null or t.v ->> 'strike' is not null or t.v ->> 'option_type' is not null) then
          'a futures trade needs underlying, expiry and lot_size, and has no strike or option_type'
        when t.v ->> 'segment' = 'options' and (t.v ->> 'underlying' is null or t.v ->> 'expiry' is null
          or t.v ->> 'lot_size' is null or t.v ->> 'strike' is null or t.v ->> 'option_type' is null) then
          'an options trade needs underlying, expiry, strike, option_type and lot_size'
        when coalesce(jsonb_typeof(t.v -> 'broker_profile_id'), 'null') not in ('null', 'string')
          or t.v ->> 'broker_profile_id' !~* uuid_pattern then 'broker_profile_id must be null or a uuid'
        -- RLS: another user's profile is not found.
        when t.v ->> 'broker_profile_id' is not null and not exists (
          select 1 from public.broker_profiles b where b.id = (t.v ->> 'broker_profile_id')::uuid
        ) then 'broker_profile_id is not one of your broker profiles'
        when jsonb_typeof(t.v -> 'executions') is distinct from 'array' or jsonb_array_length(t.v -> 'executions') = 0
          then 'executions must be a non-empty array of fills'
      end as problem
    from jsonb_array_elements(p_trades) with ordinality as t (v, ord)
    cross join lateral (
      select
        case jsonb_typeof(t.v -> 'quantity') when 'number' then (t.v ->> 'quantity')::numeric end as quantity,
        case jsonb_typeof(t.v -> 'avg_entry_price') when 'number' then (t.v ->> 'avg_entry_price')::numeric end
          as avg_entry_price,
        case jsonb_typeof(t.v -> 'avg_exit_price') when 'number' then (t.v ->> 'avg_exit_price')::numeric end
          as avg_exit_price,
        case jsonb_typeof(t.v -> 'charges') when 'number' then (t.v ->> 'charges')::numeric end as charges,
        case jsonb_typeof(t.v -> 'strike') when 'number' then (t.v ->> 'strike')::numeric end as strike,
        case jsonb_typeof(t.v -> 'lot_size') when 'number' then (t.v ->> 'lot_size')::numeric end as lot_size
    ) as n
  ) as x
  where x.problem is not null
  order by x.ord
  limit 1;
  if found then
    raise exception 'Trade %: %.', v_problem.ord, v_problem.problem using errcode = '22023';
  end if;

  -- Each fill's shape.
  select x.t_ord, x.f_ord, x.problem into v_problem
  from (
    select t.ord as t_ord, f.ord as f_ord, case
        when jsonb_typeof(f.v) <> 'object' then 'is not an object'
        when coalesce(f.v ->> 'side', '') not in ('buy', 'sell') then 'side must be buy or sell'
        when n.quantity is null or n.quantity <= 0 or n.quantity <> trunc(n.quantity) or n.quantity > 2147483647 then
          'quantity must be a whole number of units above 0'
        when n.price is null or n.price < 0 then 'price must be a number of 0 or more'
        when jsonb_typeof(f.v -> 'executed_at') is distinct from 'string' or f.v ->> 'executed_at' !~ ts_pattern then
          'executed_at must be a timestamp with its offset, e.g. 2026-11-20T09:20:00+05:30'
        when coalesce(jsonb_typeof(f.v -> 'broker_trade_id'), 'null') not in ('null', 'string')
          or length(trim(f.v ->> 'broker_trade_id')) not between 1 and 100 then
          'broker_trade_id must be null or 1 to 100 characters'
        when coalesce(jsonb_typeof(f.v -> 'broker_order_id'), 'null') not in ('null', 'string')
          or length(f.v ->> 'broker_order_id') > 100 then 'broker_order_id must be null or at most 100 characters'
        when coalesce(f.v ->> 'kind', 'fill') not in ('fill', 'opening', 'bonus') then
          'kind must be fill, opening or bonus'
        when f.v ->> 'kind' in ('opening', 'bonus') and f.v ->> 'side' <> 'buy' then 'an opening lot or bonus is a buy'
        when coalesce(jsonb_typeof(f.v -> 'import_id'), 'null') not in ('null', 'string')
          or f.v ->> 'import_id' !~* uuid_pattern then 'import_id must be null or the id of one of your imports'
      end as problem
    from jsonb_array_elements(p_trades) with ordinality as t (v, ord)
    cross join lateral jsonb_array_elements(t.v -> 'executions') with ordinality as f (v, ord)
    cross join lateral (
      select
        case jsonb_typeof(f.v -> 'quantity') when 'number' then (f.v ->> 'quantity')::numeric end as quantity,
        case jsonb_typeof(f.v -> 'price') when 'number' then (f.v ->> 'price')::numeric end as price
    ) as n
  ) as x
  where x.problem is not null
  order by x.t_ord, x.f_ord
  limit 1;
  if found then
    raise exception 'Trade %, fill %: %.', v_problem.t_ord, v_problem.f_ord, v_problem.problem using errcode = '22023';
  end if;

  -- A broker trade id repeats in one call only for a flip: twice, on the same side, in two trades (the client names
  -- the parts of a fill split further '<id>#2', '<id>#3'…).
  select x.id into v_problem
  from (
    select coalesce(t.v ->> 'broker', p_broker) as broker, f.v ->> 'broker_trade_id' as id, count(*) as n,
      count(distinct f.v ->> 'side') as sides, count(distinct t.ord) as trades
    from jsonb_array_elements(p_trades) with ordinality as t (v, ord)
    cross join lateral jsonb_array_elements(t.v -> 'executions') as f (v)
    where f.v ->> 'broker_trade_id' is not null
    group by 1, 2
  ) as x
  where x.n > 2 or (x.n = 2 and (x.sides > 1 or x.trades < 2))
  limit 1;
  if found then
    raise exception 'Fill % appears more than once in this import (only a fill that flips a position may be in two trades).',
      v_problem.id using errcode = '22023';
  end if;

  begin
    -- The trades being rebuilt: take their journalling along, then delete them (RLS: only the caller's; an id that
    -- is not one of the caller's imported trades stops the call: the page's view of the journal is out of date).
    v_replace := array(select distinct u from unnest(coalesce(p_replace, '{}')) as u where u is not null);
    if cardinality(v_replace) > 0 then
      select coalesce(jsonb_agg(jsonb_build_object(
          'id', t.id,
          'stop_loss', t.stop_loss, 'target', t.target, 'playbook_id', t.playbook_id,
          'emotions_before', t.emotions_before, 'emotions_after', t.emotions_after, 'mistakes', t.mistakes,
          'rating', t.rating, 'notes', t.notes,
          'fills', (select coalesce(jsonb_agg(regexp_replace(e.broker_trade_id, '#\d+$', '') order by e.executed_at),
                      '[]'::jsonb)
                    from public.trade_executions e where e.trade_id = t.id and e.broker_trade_id is not null),
          'tags', (select coalesce(jsonb_agg(g.tag_id), '[]'::jsonb) from public.trade_tags g where g.trade_id = t.id),
          'rules', (select coalesce(jsonb_agg(jsonb_build_object('playbook_id', p.playbook_id, 'rule_id', p.rule_id,
                      'followed', p.followed)), '[]'::jsonb)
                    from public.trade_playbook_rules p where p.trade_id = t.id),
          'gallery', (select coalesce(jsonb_agg(i.id), '[]'::jsonb) from public.gallery_items i where i.trade_id = t.id)
        ) order by t.entry_time), '[]'::jsonb)
      into v_replaced
      from public.trades t
      where t.id = any(v_replace) and t.import_source <> 'manual';

      delete from public.trades t where t.id = any(v_replace) and t.import_source <> 'manual';
      get diagnostics v_deleted = row_count;
      if v_deleted <> cardinality(v_replace) then
        raise exception 'Some trades this change rebuilds are no longer in your journal as they were. Reload the page and try again.'
          using errcode = '40001';
      end if;
    end if;

    -- Ids first, so the fills can point at their trade without matching rows back.
    v_trade_ids := array(select gen_random_uuid() from generate_series(1, jsonb_array_length(p_trades)));

    insert into public.trades (id, user_id, exchange, segment, product, symbol, isin, underlying, expiry, strike,
      option_type, lot_size, side, quantity, avg_entry_price, avg_exit_price, entry_time, exit_time, status, gross_pnl,
      charges, charges_breakdown, charges_source, broker_profile_id, adjustments, import_source, import_id)
    select v_trade_ids[t.ord], caller, t.v ->> 'exchange', t.v ->> 'segment', t.v ->> 'product',
      trim(t.v ->> 'symbol'), t.v ->> 'isin', nullif(trim(t.v ->> 'underlying'), ''), (t.v ->> 'expiry')::date,
      (t.v ->> 'strike')::numeric, t.v ->> 'option_type', (t.v ->> 'lot_size')::integer, t.v ->> 'side',
      (t.v ->> 'quantity')::integer, (t.v ->> 'avg_entry_price')::numeric, (t.v ->> 'avg_exit_price')::numeric,
      (t.v ->> 'entry_time')::timestamptz, (t.v ->> 'exit_time')::timestamptz, t.v ->> 'status',
      (t.v ->> 'gross_pnl')::numeric, coalesce((t.v ->> 'charges')::numeric, 0),
      nullif(t.v -> 'charges_breakdown', 'null'::jsonb), coalesce(t.v ->> 'charges_source', 'estimated'),
      (t.v ->> 'broker_profile_id')::uuid, coalesce(nullif(t.v -> 'adjustments', 'null'::jsonb), '[]'::jsonb),
      coalesce(t.v ->> 'broker', p_broker), coalesce((t.v ->> 'import_id')::uuid, p_import)
    from jsonb_array_elements(p_trades) with ordinality as t (v, ord);
    get diagnostics v_trades = row_count;

    insert into public.trade_executions (user_id, trade_id, broker, side, quantity, price, executed_at,
      broker_trade_id, broker_order_id, kind, import_id)
    select caller, v_trade_ids[f.t_ord], f.broker, f.v ->> 'side', (f.v ->> 'quantity')::integer,
      (f.v ->> 'price')::numeric, (f.v ->> 'executed_at')::timestamptz,
      case when f.part = 1 then trim(f.v ->> 'broker_trade_id') else trim(f.v ->> 'broker_trade_id') || '#2' end,
      nullif(trim(f.v ->> 'broker_order_id'), ''), coalesce(f.v ->> 'kind', 'fill'),
      coalesce((f.v ->> 'import_id')::uuid, p_import)
    from (
      select t.ord as t_ord, x.v, coalesce(t.v ->> 'broker', p_broker) as broker,
        row_number() over (partition by coalesce(t.v ->> 'broker', p_broker), x.v ->> 'broker_trade_id'
          order by t.ord, x.ord) as part
      from jsonb_array_elements(p_trades) with ordinality as t (v, ord)
      cross join lateral jsonb_array_elements(t.v -> 'executions') with ordinality as x (v, ord)
    ) as f;
    get diagnostics v_executions = row_count;

    -- The journalling of each replaced trade goes to the new trade holding its earliest surviving fill.
    for r in select * from jsonb_array_elements(coalesce(v_replaced, '[]'::jsonb)) loop
      select e.trade_id into v_successor
      from public.trade_executions e
      where e.trade_id = any(v_trade_ids)
        and regexp_replace(e.broker_trade_id, '#\d+$', '') in (select jsonb_array_elements_text(r -> 'fills'))
      order by e.executed_at
      limit 1;
      continue when v_successor is null;
      update public.trades t
      set stop_loss = coalesce(t.stop_loss, (r ->> 'stop_loss')::numeric),
        target = coalesce(t.target, (r ->> 'target')::numeric),
        playbook_id = coalesce(t.playbook_id, (r ->> 'playbook_id')::uuid),
        emotions_before = case when cardinality(t.emotions_before) > 0 then t.emotions_before
          else array(select jsonb_array_elements_text(r -> 'emotions_before')) end,
        emotions_after = case when cardinality(t.emotions_after) > 0 then t.emotions_after
          else array(select jsonb_array_elements_text(r -> 'emotions_after')) end,
        mistakes = case when cardinality(t.mistakes) > 0 then t.mistakes
          else array(select jsonb_array_elements_text(r -> 'mistakes')) end,
        rating = coalesce(t.rating, (r ->> 'rating')::smallint),
        notes = case when t.notes is null then r ->> 'notes'
          when r ->> 'notes' is null then t.notes else t.notes || E'\n\n' || (r ->> 'notes') end
      where t.id = v_successor;
      insert into public.trade_tags (trade_id, tag_id, user_id)
      select v_successor, g::uuid, caller from jsonb_array_elements_text(r -> 'tags') as g
      on conflict do nothing;
      insert into public.trade_playbook_rules (trade_id, playbook_id, rule_id, user_id, followed)
      select v_successor, (p ->> 'playbook_id')::uuid, p ->> 'rule_id', caller, (p ->> 'followed')::boolean
      from jsonb_array_elements(r -> 'rules') as p
      on conflict do nothing;
      update public.gallery_items i set trade_id = v_successor
      where i.id in (select g::uuid from jsonb_array_elements_text(r -> 'gallery') as g);
    end loop;
  exception
    when unique_violation then
      get stacked diagnostics v_constraint = constraint_name;
      if v_constraint = 'trade_executions_broker_trade_key' then
        raise exception 'Some of these fills are already in your journal. Reload the page and import again.'
          using errcode = '23505';
      end if;
      raise;
    when foreign_key_violation then
      get stacked diagnostics v_constraint = constraint_name;
      if v_constraint in ('trades_import_fk', 'trade_executions_import_fk') then
        raise exception 'A trade or fill names an import that is not one of yours.' using errcode = '22023';
      end if;
      raise;
  end;

  return jsonb_build_object('trades_created', v_trades, 'executions_created', v_executions);
end
$$;

comment on function public.rebuild_trades(jsonb, uuid[], uuid, text) is
  'Replaces some of the caller''s imported trades with trades rebuilt from their fills, atomically (RLS applies).';

-- import_trades: commits one import (a broker file, a statement of holdings, or a typed opening position) in one
-- transaction: the import row, then rebuild_trades with the trades the client matched.
--
--   p_import   {broker, file_name, file_format, kind, rows_total, rows_skipped, duplicates_skipped}; a file too
--              large for one call (20,000 trades) is sent in parts: the later parts add {import_id} of the first
--              part's result, so the file stays one import with one undo, and each part adds its counts.
--   p_trades   as rebuild_trades; a fill or trade without an import_id belongs to this import.
--   p_replace  as rebuild_trades: the trades this import rebuilds (open positions it continues, sales it gives a
--              cost, and every later trade of an instrument it adds earlier fills to).
--   returns    {"import_id", "trades_created", "executions_created"} (of this call)
--
-- Undo is `undo_import`, which rebuilds the trades the import's fills were in from the other imports' fills.
drop function if exists public.import_trades(jsonb, jsonb, uuid[]);
create or replace function public.import_trades(p_import jsonb, p_trades jsonb, p_replace uuid[] default '{}')
returns jsonb
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  caller uuid := auth.uid();
  v_broker text;
  v_import uuid;
  v_problem record;
  v_result jsonb;
begin
  if caller is null then
    raise exception 'Sign in to import trades.' using errcode = '42501';
  end if;
  if p_import is null or jsonb_typeof(p_import) <> 'object' then
    raise exception 'p_import must be an object {broker, file_name, …}.' using errcode = '22023';
  end if;
  v_broker := p_import ->> 'broker';
  if v_broker is null or v_broker not in ('zerodha', 'upstox', 'angelone', 'groww', 'dhan', 'fyers', 'icici', 'other')
  then
    raise exception 'p_import.broker must be one of zerodha, upstox, angelone, groww, dhan, fyers, icici, other.'
      using errcode = '22023';
  end if;
  if coalesce(jsonb_typeof(p_import -> 'import_id'), 'null') not in ('null', 'string')
    or p_import ->> 'import_id' !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
    raise exception 'p_import.import_id must be null or the id of an import to continue.' using errcode = '22023';
  end if;
  if p_import ->> 'import_id' is null
    and (jsonb_typeof(p_import -> 'file_name') is distinct from 'string' or trim(p_import ->> 'file_name') = '') then
    raise exception 'p_import.file_name must be the name of the imported file.' using errcode = '22023';
  end if;
  if jsonb_typeof(p_import -> 'file_format') not in ('null', 'string')
    or (p_import ->> 'file_format') not in ('csv', 'xlsx') then
    raise exception 'p_import.file_format must be csv, xlsx or null.' using errcode = '22023';
  end if;
  if jsonb_typeof(p_import -> 'kind') not in ('null', 'string')
    or (p_import ->> 'kind') not in ('tradebook', 'holdings', 'tax_pnl', 'opening') then
    raise exception 'p_import.kind must be tradebook, holdings, tax_pnl or opening.' using errcode = '22023';
  end if;
  select k into v_problem
  from unnest(array['rows_total', 'rows_skipped', 'duplicates_skipped']) as k
  where coalesce(jsonb_typeof(p_import -> k), 'null') <> 'null'
    and not coalesce(case when jsonb_typeof(p_import -> k) = 'number' then
      (p_import ->> k)::numeric between 0 and 2147483647 and (p_import ->> k)::numeric = trunc((p_import ->> k)::numeric)
    end, false)
  limit 1;
  if found then
    raise exception 'p_import.% must be a whole number of 0 or more.', v_problem.k using errcode = '22023';
  end if;
  if p_trades is null or jsonb_typeof(p_trades) <> 'array' then
    raise exception 'p_trades must be an array of trades (it may be empty).' using errcode = '22023';
  end if;

  -- A file too large for one call goes in parts into one import (one undo): later parts name it.
  if p_import ->> 'import_id' is not null then
    select i.id into v_import
    from public.imports i
    where i.id = (p_import ->> 'import_id')::uuid and i.broker = v_broker
    for update;
    if v_import is null then
      raise exception 'p_import.import_id is not one of your % imports.', v_broker using errcode = '22023';
    end if;
  else
    insert into public.imports (user_id, broker, file_name, file_format, kind, status)
    values (caller, v_broker, trim(p_import ->> 'file_name'), p_import ->> 'file_format',
      coalesce(p_import ->> 'kind', 'tradebook'), 'pending')
    returning id into v_import;
  end if;

  v_result := public.rebuild_trades(p_trades, p_replace, v_import, v_broker);

  -- Each part adds its own counts.
  update public.imports i
  set executions_created = i.executions_created + (v_result ->> 'executions_created')::integer,
    trades_created = i.trades_created + (v_result ->> 'trades_created')::integer,
    rows_total = i.rows_total + coalesce((p_import ->> 'rows_total')::integer, 0),
    rows_skipped = i.rows_skipped + coalesce((p_import ->> 'rows_skipped')::integer, 0),
    duplicates_skipped = i.duplicates_skipped + coalesce((p_import ->> 'duplicates_skipped')::integer, 0),
    status = 'completed'
  where i.id = v_import;

  return v_result || jsonb_build_object('import_id', v_import);
end
$$;

comment on function public.import_trades(jsonb, jsonb, uuid[]) is
  'Commits one import atomically as the caller (RLS applies). Undo: undo_import.';

-- undo_import: takes out one import's fills and rebuilds the trades they were in from the other imports' fills,
-- atomically. p_trades and p_replace as rebuild_trades (the client re-matched the remaining fills); every trade
-- holding a fill of the import must be in p_replace, or the call stops (the page's journal is out of date).
create or replace function public.undo_import(p_import uuid, p_trades jsonb default '[]', p_replace uuid[] default '{}')
returns jsonb
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  caller uuid := auth.uid();
  v_result jsonb;
begin
  if caller is null then
    raise exception 'Sign in to undo an import.' using errcode = '42501';
  end if;
  -- RLS: another user's import is not found.
  perform 1 from public.imports i where i.id = p_import for update;
  if not found then
    raise exception 'That import is not in your journal (it may have been undone already).' using errcode = 'P0002';
  end if;
  if jsonb_typeof(p_trades) = 'array' and exists (
    select 1 from jsonb_array_elements(p_trades) as t (v)
    where jsonb_typeof(t.v) = 'object' and (t.v ->> 'import_id' = p_import::text
      or (jsonb_typeof(t.v -> 'executions') = 'array' and exists (
        select 1 from jsonb_array_elements(t.v -> 'executions') as f (v)
        where jsonb_typeof(f.v) = 'object' and f.v ->> 'import_id' = p_import::text)))
  ) then
    raise exception 'The rebuilt trades cannot keep fills of the import being undone.' using errcode = '22023';
  end if;
  v_result := public.rebuild_trades(p_trades, p_replace, null, null);
  -- Every trade that held a fill of the import was rebuilt without it; otherwise the journal changed meanwhile.
  if exists (select 1 from public.trade_executions e where e.import_id = p_import) then
    raise exception 'Some trades of this import have changed since the page loaded. Reload the page and try again.'
      using errcode = '40001';
  end if;
  delete from public.imports i where i.id = p_import;
  return v_result;
end
$$;

comment on function public.undo_import(uuid, jsonb, uuid[]) is
  'Undoes one import: its fills go, the trades they were in are rebuilt from the rest (RLS applies).';

-- A split or bonus added or removed, with the trades of the share rebuilt from its ex-date, in one transaction.
--   p_action  {symbol, kind, ratio_from, ratio_to, ex_date, note} to add, or {id} of one to remove.
create or replace function public.change_corporate_action(p_action jsonb, p_trades jsonb default '[]',
  p_replace uuid[] default '{}')
returns jsonb
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  caller uuid := auth.uid();
  v_id uuid;
  v_result jsonb;
begin
  if caller is null then
    raise exception 'Sign in to record a split or bonus.' using errcode = '42501';
  end if;
  if p_action is null or jsonb_typeof(p_action) <> 'object' then
    raise exception 'p_action must be an object.' using errcode = '22023';
  end if;
  if p_action ? 'id' then
    if p_action ->> 'id' !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
      raise exception 'p_action.id must be the id of one of your splits or bonuses.' using errcode = '22023';
    end if;
    delete from public.corporate_actions a where a.id = (p_action ->> 'id')::uuid returning a.id into v_id;
    if v_id is null then
      raise exception 'That split or bonus is not in your journal.' using errcode = 'P0002';
    end if;
  else
    if jsonb_typeof(p_action -> 'ratio_from') is distinct from 'number'
      or jsonb_typeof(p_action -> 'ratio_to') is distinct from 'number'
      or (p_action ->> 'ratio_from')::numeric <> trunc((p_action ->> 'ratio_from')::numeric)
      or (p_action ->> 'ratio_to')::numeric <> trunc((p_action ->> 'ratio_to')::numeric)
      or (p_action ->> 'ratio_from')::numeric not between 1 and 1000
      or (p_action ->> 'ratio_to')::numeric not between 1 and 1000 then
      raise exception 'The ratio must be two whole numbers from 1 to 1000, like 1:5.' using errcode = '22023';
    end if;
    if coalesce(p_action ->> 'ex_date', '') !~ '^\d{4}-\d{2}-\d{2}$' then
      raise exception 'The ex-date must be a date YYYY-MM-DD.' using errcode = '22023';
    end if;
    insert into public.corporate_actions (user_id, symbol, kind, ratio_from, ratio_to, ex_date, note)
    values (caller, upper(trim(p_action ->> 'symbol')), p_action ->> 'kind', (p_action ->> 'ratio_from')::integer,
      (p_action ->> 'ratio_to')::integer, (p_action ->> 'ex_date')::date, nullif(trim(p_action ->> 'note'), ''))
    returning id into v_id;
  end if;
  v_result := public.rebuild_trades(p_trades, p_replace, null, null);
  return v_result || jsonb_build_object('id', v_id);
exception
  when unique_violation then
    if sqlerrm like '%corporate_actions%' then
      raise exception 'That % of % on % is already recorded.', p_action ->> 'kind', p_action ->> 'symbol',
        p_action ->> 'ex_date' using errcode = '23505';
    end if;
    raise;
  when check_violation then
    raise exception 'That split or bonus is not valid: a symbol like RELIANCE, split or bonus, a ratio and an ex-date.'
      using errcode = '22023';
  when invalid_datetime_format or datetime_field_overflow then
    raise exception 'The ex-date must be a date YYYY-MM-DD.' using errcode = '22023';
end
$$;

comment on function public.change_corporate_action(jsonb, jsonb, uuid[]) is
  'Adds or removes a split or bonus and rebuilds the share''s trades, atomically (RLS applies).';

-- Hosted Supabase grants EXECUTE on new public functions to anon and authenticated by default: take it back.
do $$
declare
  f text;
begin
  foreach f in array array[
    'public.rebuild_trades(jsonb, uuid[], uuid, text)',
    'public.import_trades(jsonb, jsonb, uuid[])',
    'public.undo_import(uuid, jsonb, uuid[])',
    'public.change_corporate_action(jsonb, jsonb, uuid[])'
  ] loop
    execute format('revoke all on function %s from public, anon, authenticated, service_role', f);
    execute format('grant execute on function %s to authenticated', f);
  end loop;
end
$$;
