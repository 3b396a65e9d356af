-- Issue 26: a trader's whole history, right and fast.
--
-- * A fill's identity. Exchange trade numbers restart every day, so (user, broker, broker_trade_id) lost the second
--   of two fills with the same number on different days. A fill is now identified by its IST day, exchange, segment,
--   order id and trade id (`fill_key`, generated from the fill's own columns, so every writer gets the same key);
--   each fill keeps its own exchange and segment (a share's trade may hold NSE and BSE fills).
-- * Fractional units: ETF and mutual fund units are fractional (to 6 places); futures and options stay whole.
-- * An opening lot whose buy date is not known (an undated holdings statement) says so (`date_unknown`): its
--   executed_at only places it in FIFO order, and the tax P&L leaves it out of the short/long split.
-- * Fills the trader deleted (with their trade) are remembered in `deleted_fills`, so importing the same file again
--   does not bring them back. Rebuilds and undo do not count as deleting.
-- * rebuild_trades is set-based: a rebuilt trade may keep the id of the trade it continues (`id`), so the trade is
--   updated in place and keeps its journalling, tags and screenshots without being deleted and re-linked; only the
--   replaced trades that no rebuilt trade continues are deleted, and their journalling moves in one pass.
-- * journal_fills(): the imported trades and fills a plan needs, in one request.

-- Quantities: fractional units for equity, whole units for futures and options.
alter table public.trades alter column quantity type numeric using quantity::numeric;
alter table public.trades drop constraint if exists trades_quantity_units;
alter table public.trades add constraint trades_quantity_units check (
  quantity = round(quantity, 6) and (segment = 'equity' or quantity = trunc(quantity))
);
alter table public.trade_executions alter column quantity type numeric using quantity::numeric;
alter table public.trade_executions drop constraint if exists trade_executions_quantity_units;
alter table public.trade_executions add constraint trade_executions_quantity_units check (quantity = round(quantity, 6));

-- Each fill's own venue, filled in from its trade for the fills stored so far.
alter table public.trade_executions add column if not exists exchange text
  constraint trade_executions_exchange_check check (exchange in ('NSE', 'BSE', 'MCX'));
alter table public.trade_executions add column if not exists segment text
  constraint trade_executions_segment_check check (segment in ('equity', 'futures', 'options'));
update public.trade_executions e set exchange = t.exchange, segment = t.segment
from public.trades t
where t.id = e.trade_id and (e.exchange is null or e.segment is null);

alter table public.trade_executions add column if not exists date_unknown boolean not null default false;
alter table public.trade_executions drop constraint if exists trade_executions_date_unknown_opening;
alter table public.trade_executions add constraint trade_executions_date_unknown_opening check (
  not date_unknown or kind = 'opening'
);
comment on column public.trade_executions.date_unknown is
  'An opening lot whose buy date is not known: executed_at only orders it (held before the history).';

-- The identity: 'YYYY-MM-DD|exchange|segment|order id|trade id' (IST day; the trade id without the '#n' of a fill
-- split between trades). Built from immutable parts so it can be a generated column.
alter table public.trade_executions add column if not exists fill_key text generated always as (
  case when broker_trade_id is not null then
    lpad(extract(year from (executed_at at time zone 'Asia/Kolkata'))::integer::text, 4, '0') || '-'
    || lpad(extract(month from (executed_at at time zone 'Asia/Kolkata'))::integer::text, 2, '0') || '-'
    || lpad(extract(day from (executed_at at time zone 'Asia/Kolkata'))::integer::text, 2, '0') || '|'
    || coalesce(exchange, '') || '|' || coalesce(segment, '') || '|' || coalesce(broker_order_id, '') || '|'
    || split_part(broker_trade_id, '#', 1)
  end
) stored;
comment on column public.trade_executions.fill_key is
  'The fill''s identity within (user, broker): IST day|exchange|segment|order id|trade id. Exchange trade numbers restart daily.';

alter table public.trade_executions drop constraint if exists trade_executions_broker_trade_key;
-- The parts of one fill (a flip, a day's intraday and delivery parts) share its key and differ in broker_trade_id.
create unique index if not exists trade_executions_fill_key on public.trade_executions
  (user_id, broker, fill_key, broker_trade_id);

-- Leaner writes: the user is already checked through the trade (trade_executions_trade_fk is on (trade_id, user_id),
-- and deleting a user deletes their trades and so their fills), and a trade's few fills need no index of their own
-- order. Each index and key check costs every one of the tens of thousands of rows a large import writes.
alter table public.trade_executions drop constraint if exists trade_executions_user_id_fkey;
drop index if exists public.trade_executions_trade_idx;
drop index if exists public.trade_executions_user_time_idx;

-- Fills the trader deleted.
create table if not exists public.deleted_fills (
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  broker text not null,
  fill_key text not null,
  deleted_at timestamptz not null default now(),
  primary key (user_id, broker, fill_key)
);
comment on table public.deleted_fills is
  'Imported fills the trader deleted with their trade: a re-import skips them. Delete a row to let the fill import again.';
alter table public.deleted_fills enable row level security;
revoke all on table public.deleted_fills from public, anon;
grant select, delete on table public.deleted_fills to authenticated;
grant all on table public.deleted_fills to service_role;
drop policy if exists "deleted_fills: read own" on public.deleted_fills;
create policy "deleted_fills: read own" on public.deleted_fills for select to authenticated
  using (user_id = (select auth.uid()));
drop policy if exists "deleted_fills: delete own" on public.deleted_fills;
create policy "deleted_fills: delete own" on public.deleted_fills for delete to authenticated
  using (user_id = (select auth.uid()));

-- Once per statement, from the rows it deleted. Not while rebuilding (rebuild_trades sets bahi.rebuilding for its
-- transaction), and not when the user themselves is being deleted. SECURITY DEFINER so that the trader's delete can
-- record it although they may not insert into deleted_fills; not executable by anyone (a trigger needs no grant).
create or replace function private.remember_deleted_fills()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if coalesce(current_setting('bahi.rebuilding', true), '') = 'on' then
    return null;
  end if;
  insert into public.deleted_fills (user_id, broker, fill_key)
  select distinct g.user_id, g.broker, g.fill_key
  from gone g
  where g.fill_key is not null and g.kind = 'fill' and g.broker <> 'manual'
    and exists (select 1 from auth.users u where u.id = g.user_id)
    -- a fill split between trades is deleted when its last part goes
    and not exists (
      select 1 from public.trade_executions e
      where e.user_id = g.user_id and e.broker = g.broker and e.fill_key = g.fill_key
    )
  on conflict do nothing;
  return null;
end
$$;
revoke all on function private.remember_deleted_fills() from public, anon, authenticated, service_role;
drop trigger if exists remember_deleted_fills on public.trade_executions;
create trigger remember_deleted_fills after delete on public.trade_executions
  referencing old table as gone for each statement execute function private.remember_deleted_fills();

-- rebuild_trades: replaces some of the caller's imported trades with trades rebuilt from their fills, in one
-- transaction. SECURITY INVOKER: RLS decides what it may read, delete and insert, as if the client wrote the rows.
--
--   p_trades   [{id?, broker?, import_id?, exchange, segment, product, symbol, isin?, underlying, expiry, strike,
--                option_type, lot_size, side, quantity, avg_entry_price, avg_exit_price, entry_time, exit_time, status,
--                gross_pnl, charges, charges_breakdown, charges_source, broker_profile_id, adjustments?,
--                executions: [{side, quantity, price, executed_at, broker_trade_id, broker_order_id, kind?,
--                              import_id?, exchange?, date_unknown?}]}]
--              id: one of p_replace that this trade continues: that row is updated in place and keeps its
--              journalling. broker defaults to p_broker; import_id (of the trade and of each fill) to p_import; a
--              fill's exchange to its trade's.
--   p_replace  the caller's imported trades these replace. Those no trade continues are deleted; the journalling of
--              each (stop, target, playbook and rules, emotions, mistakes, rating, notes, tags, screenshots) moves
--              to the rebuilt trade holding its earliest surviving fill.
--   returns    {"trades_created", "executions_created"} (trades written, new or continued)
--
-- A fill already in the journal (same user, broker and fill_key) fails the whole call with 23505. A fill split
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
  v_continued uuid[];
  v_moving jsonb;
  v_found integer;
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
  -- The deletes below are rebuilding, not the trader deleting fills (see private.remember_deleted_fills).
  perform set_config('bahi.rebuilding', 'on', true);
  v_replace := array(select distinct u from unnest(coalesce(p_replace, '{}')) as u where u is not null);

  -- Each trade's shape, named by its position (1-based). Values are read through `n` (the number, or null when the
  -- JSON value is not a number), so no cast can fail here.
  select x.ord, x.problem into v_problem
  from (
    select t.ord, case
        when jsonb_typeof(t.v) <> 'object' then 'is not an object'
        when coalesce(jsonb_typeof(t.v -> 'id'), 'null') not in ('null', 'string') or t.v ->> 'id' !~* uuid_pattern
          or (t.v ->> 'id' is not null and not ((t.v ->> 'id')::uuid = any(v_replace))) then
          'id must be null or the id of a trade this call replaces'
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
        when n.quantity is null or n.quantity <= 0 or n.quantity <> round(n.quantity, 6) or n.quantity >= 1e12 then
          'quantity must be a number of units above 0, with at most 6 decimals'
        when t.v ->> 'segment' <> 'equity' and n.quantity <> trunc(n.quantity) then
          'quantity must be a whole number of units for futures and options'
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

  -- A trade continues at most one replaced trade, and a replaced trade is continued at most once.
  v_continued := array(select (t.v ->> 'id')::uuid from jsonb_array_elements(p_trades) as t (v) where t.v ? 'id'
    and t.v ->> 'id' is not null);
  if cardinality(v_continued) <> (select count(distinct u) from unnest(v_continued) as u) then
    raise exception 'A replaced trade can be continued by one rebuilt trade only.' using errcode = '22023';
  end if;

  -- Each fill's shape.
  select x.t_ord, x.f_ord, x.problem into v_problem
  from (
    select t.ord as t_ord, f.ord as f_ord, case
        when jsonb_typeof(f.v) <> 'object' then 'is not an object'
        when coalesce(f.v ->> 'side', '') not in ('buy', 'sell') then 'side must be buy or sell'
        when n.quantity is null or n.quantity <= 0 or n.quantity <> round(n.quantity, 6) or n.quantity >= 1e12 then
          'quantity must be a number of units above 0, with at most 6 decimals'
        when t.v ->> 'segment' <> 'equity' and n.quantity <> trunc(n.quantity) then
          'quantity must be a whole number of units for futures and options'
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
        when coalesce(jsonb_typeof(f.v -> 'exchange'), 'null') not in ('null', 'string')
          or f.v ->> 'exchange' not in ('NSE', 'BSE', 'MCX') then 'exchange must be null, NSE, BSE or MCX'
        when coalesce(jsonb_typeof(f.v -> 'date_unknown'), 'null') not in ('null', 'boolean') then
          'date_unknown must be true, false or null'
        when f.v ->> 'date_unknown' = 'true' and coalesce(f.v ->> 'kind', 'fill') <> 'opening' then
          'only an opening lot can have an unknown date'
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

  -- A fill repeats in one call only for a flip: twice, on the same side, in two trades (the client names the parts
  -- of a fill split further '<id>#2', '<id>#3'…). A fill is its broker, IST day, venue, order and trade id.
  select x.id into v_problem
  from (
    select f.v ->> 'broker_trade_id' as id, count(*) as n, count(distinct f.v ->> 'side') as sides,
      count(distinct t.ord) as trades
    from jsonb_array_elements(p_trades) with ordinality as t (v, ord)
    cross join lateral jsonb_array_elements(t.v -> 'executions') as f (v)
    where f.v ->> 'broker_trade_id' is not null
    group by coalesce(t.v ->> 'broker', p_broker), f.v ->> 'broker_trade_id', f.v ->> 'broker_order_id',
      coalesce(f.v ->> 'exchange', t.v ->> 'exchange'), t.v ->> 'segment',
      ((f.v ->> 'executed_at')::timestamptz at time zone 'Asia/Kolkata')::date
  ) as x
  where x.n > 2 or (x.n = 2 and (x.sides > 1 or x.trades < 2))
  limit 1;
  if found then
    raise exception 'Fill % appears more than once in this import (only a fill that flips a position may be in two trades).',
      v_problem.id using errcode = '22023';
  end if;

  begin
    if cardinality(v_replace) > 0 then
      -- RLS: only the caller's. An id that is not one of the caller's imported trades stops the call: the page's view
      -- of the journal is out of date.
      select count(*) into v_found
      from (
        select 1 from public.trades t where t.id = any(v_replace) and t.import_source <> 'manual' for update
      ) as locked;
      if v_found <> cardinality(v_replace) then
        raise exception 'Some trades this change rebuilds are no longer in your journal as they were. Reload the page and try again.'
          using errcode = '40001';
      end if;

      -- The journalling of replaced trades that no rebuilt trade continues, with the fills it follows. Most imported
      -- trades have none, so only those that do are read.
      select coalesce(jsonb_agg(jsonb_build_object(
          'id', t.id, 'broker', t.import_source,
          'stop_loss', t.stop_loss, 'target', t.target, 'playbook_id', t.playbook_id,
          'emotions_before', t.emotions_before, 'emotions_after', t.emotions_after, 'mistakes', t.mistakes,
          'rating', t.rating, 'notes', t.notes,
          'fills', (select coalesce(jsonb_agg(e.fill_key), '[]'::jsonb)
                    from public.trade_executions e
                    where e.trade_id = t.id and e.user_id = caller and e.fill_key is not null),
          'tags', (select coalesce(jsonb_agg(g.tag_id), '[]'::jsonb) from public.trade_tags g where g.trade_id = t.id),
          'rules', (select coalesce(jsonb_agg(jsonb_build_object('playbook_id', p.playbook_id, 'rule_id', p.rule_id,
                      'followed', p.followed)), '[]'::jsonb)
                    from public.trade_playbook_rules p where p.trade_id = t.id),
          'gallery', (select coalesce(jsonb_agg(i.id), '[]'::jsonb) from public.gallery_items i where i.trade_id = t.id)
        ) order by t.entry_time), '[]'::jsonb)
      into v_moving
      from public.trades t
      where t.id = any(v_replace) and not (t.id = any(v_continued))
        and (t.stop_loss is not null or t.target is not null or t.playbook_id is not null or t.rating is not null
          or t.notes is not null or cardinality(t.emotions_before) > 0 or cardinality(t.emotions_after) > 0
          or cardinality(t.mistakes) > 0
          or exists (select 1 from public.trade_tags g where g.trade_id = t.id)
          or exists (select 1 from public.trade_playbook_rules p where p.trade_id = t.id)
          or exists (select 1 from public.gallery_items i where i.trade_id = t.id));

      -- Their fills go in one statement (not one cascade per trade); continued trades stay and are rewritten.
      delete from public.trade_executions e where e.user_id = caller and e.trade_id = any(v_replace);
      delete from public.trades t where t.id = any(v_replace) and not (t.id = any(v_continued));
    end if;

    -- Ids first, so the fills can point at their trade without matching rows back.
    v_trade_ids := array(
      select coalesce((t.v ->> 'id')::uuid, gen_random_uuid())
      from jsonb_array_elements(p_trades) with ordinality as t (v, ord)
      order by t.ord
    );

    update public.trades d
    set exchange = x.v ->> 'exchange', segment = x.v ->> 'segment', product = x.v ->> 'product',
      symbol = trim(x.v ->> 'symbol'), isin = x.v ->> 'isin', underlying = nullif(trim(x.v ->> 'underlying'), ''),
      expiry = (x.v ->> 'expiry')::date, strike = (x.v ->> 'strike')::numeric, option_type = x.v ->> 'option_type',
      lot_size = (x.v ->> 'lot_size')::integer, side = x.v ->> 'side', quantity = (x.v ->> 'quantity')::numeric,
      avg_entry_price = (x.v ->> 'avg_entry_price')::numeric, avg_exit_price = (x.v ->> 'avg_exit_price')::numeric,
      entry_time = (x.v ->> 'entry_time')::timestamptz, exit_time = (x.v ->> 'exit_time')::timestamptz,
      status = x.v ->> 'status', gross_pnl = (x.v ->> 'gross_pnl')::numeric,
      charges = coalesce((x.v ->> 'charges')::numeric, 0),
      charges_breakdown = nullif(x.v -> 'charges_breakdown', 'null'::jsonb),
      charges_source = coalesce(x.v ->> 'charges_source', 'estimated'),
      broker_profile_id = (x.v ->> 'broker_profile_id')::uuid,
      adjustments = coalesce(nullif(x.v -> 'adjustments', 'null'::jsonb), '[]'::jsonb),
      import_source = coalesce(x.v ->> 'broker', p_broker),
      import_id = coalesce((x.v ->> 'import_id')::uuid, p_import)
    from jsonb_array_elements(p_trades) as x (v)
    where x.v ->> 'id' is not null and d.id = (x.v ->> 'id')::uuid;

    insert into public.trades (id, user_id, exchange, segment, product, symbol, isin, underlying, expiry, strike,
      option_type, lot_size, side, quantity, avg_entry_price, avg_exit_price, entry_time, exit_time, status, gross_pnl,
      charges, charges_breakdown, charges_source, broker_profile_id, adjustments, import_source, import_id)
    select v_trade_ids[t.ord], caller, t.v ->> 'exchange', t.v ->> 'segment', t.v ->> 'product',
      trim(t.v ->> 'symbol'), t.v ->> 'isin', nullif(trim(t.v ->> 'underlying'), ''), (t.v ->> 'expiry')::date,
      (t.v ->> 'strike')::numeric, t.v ->> 'option_type', (t.v ->> 'lot_size')::integer, t.v ->> 'side',
      (t.v ->> 'quantity')::numeric, (t.v ->> 'avg_entry_price')::numeric, (t.v ->> 'avg_exit_price')::numeric,
      (t.v ->> 'entry_time')::timestamptz, (t.v ->> 'exit_time')::timestamptz, t.v ->> 'status',
      (t.v ->> 'gross_pnl')::numeric, coalesce((t.v ->> 'charges')::numeric, 0),
      nullif(t.v -> 'charges_breakdown', 'null'::jsonb), coalesce(t.v ->> 'charges_source', 'estimated'),
      (t.v ->> 'broker_profile_id')::uuid, coalesce(nullif(t.v -> 'adjustments', 'null'::jsonb), '[]'::jsonb),
      coalesce(t.v ->> 'broker', p_broker), coalesce((t.v ->> 'import_id')::uuid, p_import)
    from jsonb_array_elements(p_trades) with ordinality as t (v, ord)
    where t.v ->> 'id' is null;
    v_trades := jsonb_array_length(p_trades);

    -- The second appearance of a fill in this call (a flip) is stored as '<id>#2'.
    insert into public.trade_executions (user_id, trade_id, broker, exchange, segment, side, quantity, price,
      executed_at, broker_trade_id, broker_order_id, kind, import_id, date_unknown)
    select caller, v_trade_ids[f.t_ord], f.broker, f.exchange, f.segment, f.v ->> 'side',
      (f.v ->> 'quantity')::numeric, (f.v ->> 'price')::numeric, f.executed_at,
      case when f.part = 1 then trim(f.v ->> 'broker_trade_id') else trim(f.v ->> 'broker_trade_id') || '#2' end,
      nullif(trim(f.v ->> 'broker_order_id'), ''), coalesce(f.v ->> 'kind', 'fill'),
      coalesce((f.v ->> 'import_id')::uuid, p_import), coalesce((f.v ->> 'date_unknown')::boolean, false)
    from (
      select y.*, case when y.v ->> 'broker_trade_id' is null then 1 else row_number() over (
          partition by y.broker, y.v ->> 'broker_trade_id', y.v ->> 'broker_order_id', y.exchange, y.segment,
            (y.executed_at at time zone 'Asia/Kolkata')::date
          order by y.t_ord, y.f_ord) end as part
      from (
        select t.ord as t_ord, x.ord as f_ord, x.v, coalesce(t.v ->> 'broker', p_broker) as broker,
          coalesce(x.v ->> 'exchange', t.v ->> 'exchange') as exchange, t.v ->> 'segment' as segment,
          (x.v ->> 'executed_at')::timestamptz as executed_at
        from jsonb_array_elements(p_trades) with ordinality as t (v, ord)
        cross join lateral jsonb_array_elements(t.v -> 'executions') with ordinality as x (v, ord)
      ) as y
    ) as f;
    get diagnostics v_executions = row_count;

    -- The journalling of each deleted trade goes to the rebuilt trade holding its earliest surviving fill.
    for r in select * from jsonb_array_elements(coalesce(v_moving, '[]'::jsonb)) loop
      select e.trade_id into v_successor
      from public.trade_executions e
      where e.user_id = caller and e.broker = r ->> 'broker'
        and e.fill_key in (select jsonb_array_elements_text(r -> 'fills'))
        and e.trade_id = any(v_trade_ids)
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
      if v_constraint = 'trade_executions_fill_key' then
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

-- import_trades as before, except that a later part of a file no longer locks the import row for its whole
-- transaction: parts of one file touch different instruments, so on PostgreSQL they may run side by side; each adds
-- its counts with one UPDATE at its end (row-locked then, so no count is lost).
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
    where i.id = (p_import ->> 'import_id')::uuid and i.broker = v_broker;
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

-- undo_import and change_corporate_action delete through rebuild_trades (rebuilding, not the trader deleting), and
-- delete the import row itself, whose cascade is the same undo: mark the whole call.
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
  perform set_config('bahi.rebuilding', 'on', true);
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
  if exists (select 1 from public.trade_executions e where e.import_id = p_import and e.user_id = caller) then
    raise exception 'Some trades of this import have changed since the page loaded. Reload the page and try again.'
      using errcode = '40001';
  end if;
  delete from public.imports i where i.id = p_import;
  return v_result;
end
$$;

comment on function public.undo_import(uuid, jsonb, uuid[]) is
  'Undoes one import: its fills go, the trades they were in are rebuilt from the rest (RLS applies).';

-- journal_fills(): every imported trade of the caller with its fills, and the fills they deleted, for planning an
-- import, an undo or a corporate action in one request. Columns as arrays (one per field, rows in the same order);
-- a fill names its trade by position in `trades`; times are epoch seconds. SECURITY INVOKER: RLS applies.
create or replace function public.journal_fills()
returns json
language sql
stable
security invoker
set search_path = ''
as $$
  with t as (
    select tr.*, (row_number() over (order by tr.id) - 1) as n
    from public.trades tr
    where tr.user_id = (select auth.uid()) and tr.import_source <> 'manual'
  ), f as (
    select e.*, t.n
    from public.trade_executions e
    join t on t.id = e.trade_id
    where e.user_id = (select auth.uid())
  )
  select json_build_object(
    'trades', (select json_build_object(
      'id', coalesce(json_agg(t.id order by t.n), '[]'),
      'exchange', coalesce(json_agg(t.exchange order by t.n), '[]'),
      'segment', coalesce(json_agg(t.segment order by t.n), '[]'),
      'product', coalesce(json_agg(t.product order by t.n), '[]'),
      'symbol', coalesce(json_agg(t.symbol order by t.n), '[]'),
      'isin', coalesce(json_agg(t.isin order by t.n), '[]'),
      'underlying', coalesce(json_agg(t.underlying order by t.n), '[]'),
      'expiry', coalesce(json_agg(t.expiry order by t.n), '[]'),
      'strike', coalesce(json_agg(t.strike order by t.n), '[]'),
      'option_type', coalesce(json_agg(t.option_type order by t.n), '[]'),
      'status', coalesce(json_agg(t.status order by t.n), '[]'),
      'import_source', coalesce(json_agg(t.import_source order by t.n), '[]'),
      'import_id', coalesce(json_agg(t.import_id order by t.n), '[]'),
      'charges', coalesce(json_agg(t.charges order by t.n), '[]'),
      'charges_source', coalesce(json_agg(t.charges_source order by t.n), '[]')
    ) from t),
    'fills', (select json_build_object(
      'trade', coalesce(json_agg(f.n order by f.n, f.executed_at, f.broker_trade_id), '[]'),
      'side', coalesce(json_agg(f.side order by f.n, f.executed_at, f.broker_trade_id), '[]'),
      'quantity', coalesce(json_agg(f.quantity order by f.n, f.executed_at, f.broker_trade_id), '[]'),
      'price', coalesce(json_agg(f.price order by f.n, f.executed_at, f.broker_trade_id), '[]'),
      'executed_at', coalesce(json_agg(extract(epoch from f.executed_at) order by f.n, f.executed_at,
        f.broker_trade_id), '[]'),
      'broker_trade_id', coalesce(json_agg(f.broker_trade_id order by f.n, f.executed_at, f.broker_trade_id), '[]'),
      'broker_order_id', coalesce(json_agg(f.broker_order_id order by f.n, f.executed_at, f.broker_trade_id), '[]'),
      'kind', coalesce(json_agg(f.kind order by f.n, f.executed_at, f.broker_trade_id), '[]'),
      'import_id', coalesce(json_agg(f.import_id order by f.n, f.executed_at, f.broker_trade_id), '[]'),
      'exchange', coalesce(json_agg(f.exchange order by f.n, f.executed_at, f.broker_trade_id), '[]'),
      'date_unknown', coalesce(json_agg(f.date_unknown order by f.n, f.executed_at, f.broker_trade_id), '[]')
    ) from f),
    'deleted', (select json_build_object(
      'broker', coalesce(json_agg(d.broker order by d.broker, d.fill_key), '[]'),
      'fill_key', coalesce(json_agg(d.fill_key order by d.broker, d.fill_key), '[]')
    ) from public.deleted_fills d where d.user_id = (select auth.uid()))
  )
$$;

comment on function public.journal_fills() is
  'The caller''s imported trades with their fills, and the fills they deleted, as columns: what an import plans against.';

do $$
declare
  f text;
begin
  foreach f in array array[
    'public.rebuild_trades(jsonb, uuid[], uuid, text)',
    'public.import_trades(jsonb, jsonb, uuid[])',
    'public.undo_import(uuid, jsonb, uuid[])',
    'public.journal_fills()'
  ] loop
    execute format('revoke all on function %s from public, anon, authenticated, service_role', f);
    execute format('grant execute on function %s to authenticated', f);
  end loop;
end
$$;
