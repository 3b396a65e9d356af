-- Issue 26: a trader's whole history, right and fast.
--
-- * Fills are stored once. A trade was a set of parts of fills (`trade_executions`, one row per part), so every
--   rebuild deleted and rewrote every part of every trade it touched: a second year's file over the same shares
--   rewrote about three rows per fill. Now `fills` holds each fill once, as the broker reported it (its own symbol,
--   venue and charges), and a trade names the fills it holds and how many units of each (`trades.fill_ids`,
--   `trades.fill_units`): a rebuild writes the new fills and the trades, and never rewrites a fill.
-- * A fill's identity. Exchange trade numbers restart every day, so (user, broker, broker_trade_id) lost the second
--   of two fills with the same number on different days. A fill is its IST day, exchange, segment, order id and trade
--   id (`fills.fill_key`, generated from its own columns, so every writer gets the same key).
-- * Fractional units: ETF and mutual fund units are fractional (to 6 places); futures and options stay whole.
-- * An opening lot whose buy date is not known (an undated holdings statement) says so (`date_unknown`): its
--   executed_at only places it in FIFO order, and the tax P&L leaves it out of the short/long split.
-- * Fills the trader deleted (with their trade) are remembered in `deleted_fills`, so importing the same file again
--   does not bring them back. Rebuilds and undo are not deleting.
-- * rebuild_trades is set-based; a rebuilt trade may continue the trade it replaces (`id`): the row is rewritten in
--   place and keeps its journalling, tags and screenshots. Only replaced trades that nothing continues are deleted,
--   and their journalling moves to their successor.
-- * journal_fills() reads what a plan needs and tax_trades() what the tax P&L needs, each in one request.

-- Quantities: fractional units for equity, whole units for futures and options.
alter table public.trades alter column quantity type numeric using quantity::numeric;
alter table public.trades drop constraint if exists trades_quantity_units;
alter table public.trades add constraint trades_quantity_units check (
  quantity = round(quantity, 6) and (segment = 'equity' or quantity = trunc(quantity))
);

-- The fills.
create table if not exists public.fills (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  broker text not null check (broker in ('zerodha', 'upstox', 'angelone', 'groww', 'dhan', 'fyers', 'icici', 'other')),
  import_id uuid,
  exchange text not null check (exchange in ('NSE', 'BSE', 'MCX')),
  segment text not null check (segment in ('equity', 'futures', 'options')),
  -- The instrument as the broker wrote it for this fill (a share renamed later keeps its old name here).
  symbol text not null check (length(symbol) between 1 and 64),
  isin text check (isin ~ '^[A-Z]{2}[A-Z0-9]{9}[0-9]$'),
  underlying text,
  expiry date,
  strike numeric(12, 2) check (strike > 0),
  option_type text check (option_type in ('CE', 'PE')),
  side text not null check (side in ('buy', 'sell')),
  quantity numeric not null check (quantity > 0 and quantity = round(quantity, 6)),
  price numeric(14, 4) not null check (price >= 0),
  -- The broker's charges for this fill, when the export gives them.
  fees numeric(14, 4) check (fees >= 0),
  executed_at timestamptz not null,
  broker_trade_id text check (length(broker_trade_id) between 1 and 100),
  broker_order_id text check (length(broker_order_id) <= 100),
  -- A broker's fill, an opening lot (held before the history), or free shares of a bonus (made from the action with
  -- the trades that hold them).
  kind text not null default 'fill' check (kind in ('fill', 'opening', 'bonus')),
  date_unknown boolean not null default false,
  -- 'YYYY-MM-DD|exchange|segment|order id|trade id' (the IST day), from immutable parts so it can be generated.
  fill_key text generated always as (
    case when broker_trade_id is not null then
      lpad(extract(year from (executed_at at time zone 'Asia/Kolkata'))::integer::text, 4, '0') || '-'
      || lpad(extract(month from (executed_at at time zone 'Asia/Kolkata'))::integer::text, 2, '0') || '-'
      || lpad(extract(day from (executed_at at time zone 'Asia/Kolkata'))::integer::text, 2, '0') || '|'
      || exchange || '|' || segment || '|' || coalesce(broker_order_id, '') || '|' || broker_trade_id
    end
  ) stored,
  created_at timestamptz not null default now(),
  constraint fills_date_unknown_opening check (not date_unknown or kind = 'opening'),
  constraint fills_opening_buys check (kind = 'fill' or side = 'buy'),
  constraint fills_import_fk foreign key (import_id, user_id) references public.imports (id, user_id) on delete cascade
);
comment on table public.fills is
  'Each fill once, as the broker reported it; trades name the fills they hold (trades.fill_ids, fill_units).';
comment on column public.fills.fill_key is
  'The fill''s identity within (user, broker): IST day|exchange|segment|order id|trade id. Exchange trade numbers restart daily.';
comment on column public.fills.date_unknown is
  'An opening lot whose buy date is not known: executed_at only orders it (held before the history).';
create unique index if not exists fills_key on public.fills (user_id, broker, fill_key);
create index if not exists fills_import_user_idx on public.fills (import_id, user_id);

alter table public.fills enable row level security;
-- Fills are facts: never updated (default privileges would grant every privilege to authenticated).
revoke all on table public.fills from public, anon, authenticated;
grant select, insert, delete on table public.fills to authenticated;
grant all on table public.fills to service_role;
drop policy if exists "fills: read own" on public.fills;
create policy "fills: read own" on public.fills for select to authenticated using (user_id = (select auth.uid()));
drop policy if exists "fills: insert own with access" on public.fills;
create policy "fills: insert own with access" on public.fills for insert to authenticated
  with check (user_id = (select auth.uid()) and (select access.has_access()));
drop policy if exists "fills: delete own" on public.fills;
create policy "fills: delete own" on public.fills for delete to authenticated using (user_id = (select auth.uid()));

-- Which fills a trade holds, and how many units of each (a fill may be split between trades: a flip, a day's
-- intraday and delivery parts, a lot sold in several sales). Units are in the fill's own units.
alter table public.trades add column if not exists fill_ids uuid[] not null default '{}';
alter table public.trades add column if not exists fill_units numeric[] not null default '{}';
alter table public.trades drop constraint if exists trades_fill_parts;
alter table public.trades add constraint trades_fill_parts check (cardinality(fill_ids) = cardinality(fill_units));

-- The parts stored so far become fills and references: the parts of one fill (same key) are one fill of their
-- summed units; a part without a broker id is a fill of its own.
do $$
begin
  if to_regclass('public.trade_executions') is null then
    return;
  end if;
  create temporary table part_fills on commit drop as
  select e.id as part_id, e.trade_id, e.quantity as units,
    case when e.broker_trade_id is null then e.id
      else first_value(e.id) over (
        partition by e.user_id, e.broker, (e.executed_at at time zone 'Asia/Kolkata')::date, t.exchange, t.segment,
          e.broker_order_id, regexp_replace(e.broker_trade_id, '#\d+$', '')
        order by e.executed_at, e.id)
    end as fill_id,
    sum(e.quantity) over (
      partition by e.user_id, e.broker, (e.executed_at at time zone 'Asia/Kolkata')::date, t.exchange, t.segment,
        e.broker_order_id, coalesce(regexp_replace(e.broker_trade_id, '#\d+$', ''), e.id::text)
    ) as fill_quantity
  from public.trade_executions e
  join public.trades t on t.id = e.trade_id;

  insert into public.fills (id, user_id, broker, import_id, exchange, segment, symbol, isin, underlying, expiry, strike,
    option_type, side, quantity, price, fees, executed_at, broker_trade_id, broker_order_id, kind, created_at)
  select e.id, e.user_id, case when e.broker = 'manual' then t.import_source else e.broker end, e.import_id,
    t.exchange, t.segment, t.symbol, t.isin, t.underlying, t.expiry, t.strike, t.option_type, e.side, p.fill_quantity,
    e.price, null, e.executed_at, regexp_replace(e.broker_trade_id, '#\d+$', ''), e.broker_order_id, e.kind,
    e.created_at
  from part_fills p
  join public.trade_executions e on e.id = p.part_id
  join public.trades t on t.id = e.trade_id
  where p.part_id = p.fill_id and t.import_source <> 'manual'
  on conflict do nothing;

  update public.trades t
  set fill_ids = x.ids, fill_units = x.units
  from (
    select p.trade_id, array_agg(p.fill_id order by e.executed_at, e.id) as ids,
      array_agg(p.units order by e.executed_at, e.id) as units
    from part_fills p
    join public.trade_executions e on e.id = p.part_id
    where exists (select 1 from public.fills f where f.id = p.fill_id)
    group by p.trade_id
  ) as x
  where x.trade_id = t.id;

  drop table public.trade_executions;
end
$$;

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
revoke all on table public.deleted_fills from public, anon, authenticated;
grant select, delete on table public.deleted_fills to authenticated;
grant all on table public.deleted_fills to service_role;
drop policy if exists "deleted_fills: read own" on public.deleted_fills;
create policy "deleted_fills: read own" on public.deleted_fills for select to authenticated
  using (user_id = (select auth.uid()));
drop policy if exists "deleted_fills: delete own" on public.deleted_fills;
create policy "deleted_fills: delete own" on public.deleted_fills for delete to authenticated
  using (user_id = (select auth.uid()));

-- When the trader deletes trades, the fills no other trade holds go too, remembered by key. Once per statement, from
-- the rows it deleted. Not while rebuilding (the rebuild RPCs set bahi.rebuilding for their transaction), not for a
-- user who is being deleted, not for the fills of an import being deleted (that is an undo). SECURITY DEFINER so that
-- the trader's delete can record them although they may not insert into deleted_fills; executable by no one (a
-- trigger needs no grant).
create or replace function private.forget_deleted_fills()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if coalesce(current_setting('bahi.rebuilding', true), '') = 'on' then
    return null;
  end if;
  with held as (
    select distinct g.user_id, u.id
    from gone g
    cross join lateral unnest(g.fill_ids) as u (id)
    where cardinality(g.fill_ids) > 0 and exists (select 1 from auth.users a where a.id = g.user_id)
  ), orphans as (
    select f.id, f.user_id, f.broker, f.fill_key
    from held h
    join public.fills f on f.id = h.id and f.user_id = h.user_id
    where (f.import_id is null or exists (select 1 from public.imports i where i.id = f.import_id))
      and not exists (
        select 1 from public.trades t where t.user_id = h.user_id and t.fill_ids @> array[h.id]
      )
  ), remembered as (
    insert into public.deleted_fills (user_id, broker, fill_key)
    select distinct o.user_id, o.broker, o.fill_key from orphans o where o.fill_key is not null
    on conflict do nothing
  )
  delete from public.fills f using orphans o where f.id = o.id;
  return null;
end
$$;
revoke all on function private.forget_deleted_fills() from public, anon, authenticated, service_role;
drop trigger if exists forget_deleted_fills on public.trades;
create trigger forget_deleted_fills after delete on public.trades
  referencing old table as gone for each statement execute function private.forget_deleted_fills();

-- The journal's revision: a number that every change to the caller's trades or fills moves on (a rebuild once per
-- call, anything else once per statement), so a client that keeps a copy of what it planned against (the import
-- worker) can ask whether it is still the journal, with one small read.
create table if not exists public.journal_revisions (
  user_id uuid primary key references auth.users (id) on delete cascade,
  revision bigint not null default 0 check (revision >= 0)
);
comment on table public.journal_revisions is
  'Moves on with every change to a user''s trades or fills: a copy of the journal at revision n is current while it is n.';
alter table public.journal_revisions enable row level security;
revoke all on table public.journal_revisions from public, anon, authenticated;
-- The rebuild RPCs (SECURITY INVOKER) move the caller's own revision; a write can only ever move it on by one.
grant select, insert, update (revision) on table public.journal_revisions to authenticated;
grant all on table public.journal_revisions to service_role;
drop policy if exists "journal_revisions: read own" on public.journal_revisions;
create policy "journal_revisions: read own" on public.journal_revisions for select to authenticated
  using (user_id = (select auth.uid()));
drop policy if exists "journal_revisions: insert own" on public.journal_revisions;
create policy "journal_revisions: insert own" on public.journal_revisions for insert to authenticated
  with check (user_id = (select auth.uid()));
drop policy if exists "journal_revisions: update own" on public.journal_revisions;
create policy "journal_revisions: update own" on public.journal_revisions for update to authenticated
  using (user_id = (select auth.uid())) with check (user_id = (select auth.uid()));

-- Whatever a write says, a revision starts at 1 and moves on by one.
create or replace function private.step_journal_revision()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.revision := case when tg_op = 'INSERT' then 1 else old.revision + 1 end;
  return new;
end
$$;
drop trigger if exists step_journal_revision on public.journal_revisions;
create trigger step_journal_revision before insert or update on public.journal_revisions
  for each row execute function private.step_journal_revision();

-- Once per statement that changed trades or fills outside a rebuild (which moves it itself). SECURITY DEFINER: users
-- cannot write the table; executable by no one.
create or replace function private.move_journal_revision()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if coalesce(current_setting('bahi.rebuilding', true), '') = 'on' then
    return null;
  end if;
  insert into public.journal_revisions as r (user_id, revision)
  select distinct c.user_id, 1 from changed c
  where exists (select 1 from auth.users u where u.id = c.user_id)
  on conflict (user_id) do update set revision = r.revision + 1;
  return null;
end
$$;
revoke all on function private.move_journal_revision() from public, anon, authenticated, service_role;
do $$
declare
  t text;
  e text;
begin
  foreach t in array array['trades', 'fills'] loop
    foreach e in array array['insert', 'update', 'delete'] loop
      continue when t = 'fills' and e = 'update';
      execute format('drop trigger if exists move_journal_revision_%s on public.%I', e, t);
      execute format(
        'create trigger move_journal_revision_%s after %s on public.%I referencing %s table as changed '
        'for each statement execute function private.move_journal_revision()',
        e, e, t, case when e = 'delete' then 'old' else 'new' end);
    end loop;
  end loop;
end
$$;

-- The earlier signatures: the rebuild RPCs now take the new fills (p_fills).
drop function if exists public.rebuild_trades(jsonb, uuid[], uuid, text);
drop function if exists public.import_trades(jsonb, jsonb, uuid[]);
drop function if exists public.undo_import(uuid, jsonb, uuid[]);
drop function if exists public.change_corporate_action(jsonb, jsonb, uuid[]);

-- rebuild_trades: replaces some of the caller's imported trades with trades rebuilt from their fills, in one
-- transaction. SECURITY INVOKER: RLS decides what it may read, delete and insert, as if the client wrote the rows.
--
--   p_fills    the new fills: [{id, broker?, import_id?, exchange, segment, symbol, isin?, underlying, expiry, strike,
--                option_type, side, quantity, price, fees?, executed_at, broker_trade_id, broker_order_id, kind?,
--                date_unknown?}], id chosen by the caller (a uuid). broker defaults to p_broker, import_id to p_import.
--   p_trades   [{id?, broker?, import_id?, exchange, segment, product, symbol, isin?, underlying, expiry, strike,
--                option_type, lot_size, side, quantity, avg_entry_price, avg_exit_price, entry_time, exit_time, status,
--                gross_pnl, charges, charges_breakdown, charges_source, broker_profile_id, adjustments?,
--                fills: [[fill id, units], …]}]: each fill a new one of p_fills or one of the caller's stored fills.
--              id: one of p_replace that this trade continues (that row is rewritten in place and keeps its
--              journalling), or a new uuid for a new trade (so a client that keeps a copy of its journal knows it).
--   p_replace  the caller's imported trades these replace. Those no trade continues are deleted; the journalling of
--              each (stop, target, playbook and rules, emotions, mistakes, rating, notes, tags, screenshots) moves
--              to the rebuilt trade holding its earliest fill. A fill the replaced trades held and no trade holds after
--              the call goes (bonus shares, derived from their action, come again in p_fills when still held).
--   returns    {"trades_created", "executions_created", "revision"}: trades written (new or continued), fills
--              written, and the journal's revision after this change.
--
-- A fill already in the journal (same user, broker and fill_key) fails the whole call with 23505.
create or replace function public.rebuild_trades(
  p_trades jsonb,
  p_replace uuid[] default '{}',
  p_import uuid default null,
  p_broker text default null,
  p_fills jsonb default '[]'
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
  v_fills integer;
  v_replace uuid[];
  v_continued uuid[];
  v_derived uuid[];
  v_refs uuid[];
  v_moving jsonb;
  v_found integer;
  v_problem record;
  v_constraint text;
  r jsonb;
  v_successor uuid;
  v_revision bigint;
  ts_pattern constant text := '^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?\s*(Z|[+-]\d{2}(:?\d{2})?)$';
  uuid_pattern constant text := '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';
  brokers constant text[] := array['zerodha', 'upstox', 'angelone', 'groww', 'dhan', 'fyers', 'icici', 'other'];
  max_trades constant integer := 20000;
  max_fills constant integer := 100000;
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
  if p_fills is null or jsonb_typeof(p_fills) <> 'array' then
    raise exception 'p_fills must be an array of fills (it may be empty).' using errcode = '22023';
  end if;
  if jsonb_array_length(p_trades) > max_trades then
    raise exception 'This import has % trades; at most % can be imported in one call. Send them in parts.',
      jsonb_array_length(p_trades), max_trades using errcode = '54000';
  end if;
  if jsonb_array_length(p_fills) > max_fills then
    raise exception 'This import has % fills; at most % can be imported in one call. Send them in parts.',
      jsonb_array_length(p_fills), max_fills using errcode = '54000';
  end if;
  -- The deletes below are rebuilding, not the trader deleting fills (see private.forget_deleted_fills).
  perform set_config('bahi.rebuilding', 'on', true);
  v_replace := array(select distinct u from unnest(coalesce(p_replace, '{}')) as u where u is not null);

  -- Each new fill's shape, named by its position (1-based). Numbers are read through `n` (null when the JSON value
  -- is not a number), so no cast can fail here.
  select x.ord, x.problem into v_problem
  from (
    select f.ord, case
        when jsonb_typeof(f.v) <> 'object' then 'is not an object'
        when jsonb_typeof(f.v -> 'id') is distinct from 'string' or f.v ->> 'id' !~* uuid_pattern then
          'id must be a uuid'
        when coalesce(jsonb_typeof(f.v -> 'broker'), 'null') not in ('null', 'string')
          or not (coalesce(f.v ->> 'broker', p_broker, '') = any(brokers)) then
          'broker must be one of zerodha, upstox, angelone, groww, dhan, fyers, icici, other'
        when coalesce(jsonb_typeof(f.v -> 'import_id'), 'null') not in ('null', 'string')
          or f.v ->> 'import_id' !~* uuid_pattern then 'import_id must be null or the id of one of your imports'
        when coalesce(f.v ->> 'exchange', '') not in ('NSE', 'BSE', 'MCX') then 'exchange must be NSE, BSE or MCX'
        when coalesce(f.v ->> 'segment', '') not in ('equity', 'futures', 'options') then
          'segment must be equity, futures or options'
        when jsonb_typeof(f.v -> 'symbol') is distinct from 'string'
          or length(trim(f.v ->> 'symbol')) not between 1 and 64 then 'symbol must be 1 to 64 characters'
        when coalesce(jsonb_typeof(f.v -> 'isin'), 'null') not in ('null', 'string')
          or f.v ->> 'isin' !~ '^[A-Z]{2}[A-Z0-9]{9}[0-9]$' then 'isin must be null or an ISIN like INE467B01029'
        when coalesce(jsonb_typeof(f.v -> 'expiry'), 'null') not in ('null', 'string')
          or f.v ->> 'expiry' !~ '^\d{4}-\d{2}-\d{2}$' then 'expiry must be null or a date YYYY-MM-DD'
        when coalesce(jsonb_typeof(f.v -> 'strike'), 'null') not in ('null', 'number') or n.strike <= 0 then
          'strike must be null or a number above 0'
        when coalesce(f.v ->> 'option_type', 'CE') not in ('CE', 'PE') then 'option_type must be CE, PE or null'
        when coalesce(f.v ->> 'side', '') not in ('buy', 'sell') then 'side must be buy or sell'
        when n.quantity is null or n.quantity <= 0 or n.quantity <> round(n.quantity, 6) or n.quantity >= 1e12 then
          'quantity must be a number of units above 0, with at most 6 decimals'
        when f.v ->> 'segment' <> 'equity' and n.quantity <> trunc(n.quantity) then
          'quantity must be a whole number of units for futures and options'
        when n.price is null or n.price < 0 then 'price must be a number of 0 or more'
        when coalesce(jsonb_typeof(f.v -> 'fees'), 'null') not in ('null', 'number') or n.fees < 0 then
          'fees must be null or a number of 0 or more'
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
        when coalesce(jsonb_typeof(f.v -> 'date_unknown'), 'null') not in ('null', 'boolean') then
          'date_unknown must be true, false or null'
        when f.v ->> 'date_unknown' = 'true' and coalesce(f.v ->> 'kind', 'fill') <> 'opening' then
          'only an opening lot can have an unknown date'
      end as problem
    from jsonb_array_elements(p_fills) with ordinality as f (v, ord)
    cross join lateral (
      select
        case jsonb_typeof(f.v -> 'quantity') when 'number' then (f.v ->> 'quantity')::numeric end as quantity,
        case jsonb_typeof(f.v -> 'price') when 'number' then (f.v ->> 'price')::numeric end as price,
        case jsonb_typeof(f.v -> 'fees') when 'number' then (f.v ->> 'fees')::numeric end as fees,
        case jsonb_typeof(f.v -> 'strike') when 'number' then (f.v ->> 'strike')::numeric end as strike
    ) as n
  ) as x
  where x.problem is not null
  order by x.ord
  limit 1;
  if found then
    raise exception 'Fill %: %.', v_problem.ord, v_problem.problem using errcode = '22023';
  end if;

  -- Each trade's shape.
  select x.ord, x.problem into v_problem
  from (
    select t.ord, case
        when jsonb_typeof(t.v) <> 'object' then 'is not an object'
        when coalesce(jsonb_typeof(t.v -> 'id'), 'null') not in ('null', 'string') or t.v ->> 'id' !~* uuid_pattern
          then 'id must be null, a new uuid, or the id of a trade this call replaces'
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
        when jsonb_typeof(t.v -> 'fills') is distinct from 'array' or jsonb_array_length(t.v -> 'fills') = 0
          then 'fills must be a non-empty array of [fill id, units]'
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

  -- Each trade's fills: [fill id, units] pairs, every id a new fill of this call or a stored fill of the caller
  -- (RLS: another user's fill is not found), and no stored bonus shares (they are made again with their trades).
  select x.t_ord, x.p_ord, x.problem into v_problem
  from (
    select t.ord as t_ord, p.ord as p_ord, case
        when jsonb_typeof(p.v) <> 'array' or jsonb_array_length(p.v) <> 2
          or jsonb_typeof(p.v -> 0) <> 'string' or p.v ->> 0 !~* uuid_pattern or jsonb_typeof(p.v -> 1) <> 'number'
          then 'must be [fill id, units]'
        when (p.v ->> 1)::numeric <= 0 or (p.v ->> 1)::numeric <> round((p.v ->> 1)::numeric, 6) then
          'units must be a number above 0, with at most 6 decimals'
      end as problem
    from jsonb_array_elements(p_trades) with ordinality as t (v, ord)
    cross join lateral jsonb_array_elements(t.v -> 'fills') with ordinality as p (v, ord)
  ) as x
  where x.problem is not null
  order by x.t_ord, x.p_ord
  limit 1;
  if found then
    raise exception 'Trade %, fill %: %.', v_problem.t_ord, v_problem.p_ord, v_problem.problem using errcode = '22023';
  end if;

  -- (Set operations throughout: a call holds up to 20,000 trades, and a filter like `id = any(array)` per row would
  -- cost the product of the two.)
  v_refs := array(
    select distinct (p.v ->> 0)::uuid
    from jsonb_array_elements(p_trades) as t (v)
    cross join lateral jsonb_array_elements(t.v -> 'fills') as p (v)
  );
  select x.id, s.kind into v_problem
  from (
    select ref from unnest(v_refs) as ref
    except
    select (f.v ->> 'id')::uuid from jsonb_array_elements(p_fills) as f (v)
    except
    select s.id from public.fills s where s.id = any(v_refs) and s.user_id = caller and s.kind <> 'bonus'
  ) as x (id)
  left join public.fills s on s.id = x.id and s.user_id = caller
  limit 1;
  if found then
    if v_problem.kind = 'bonus' then
      raise exception 'Fill % is bonus shares of a stored trade: send them again as a new fill.', v_problem.id
        using errcode = '22023';
    end if;
    raise exception 'Fill % is neither a new fill of this call nor one of your fills.', v_problem.id
      using errcode = '22023';
  end if;

  -- Ids given are new trades' or replaced trades' (continued in place), each once.
  v_continued := array(select (t.v ->> 'id')::uuid from jsonb_array_elements(p_trades) as t (v)
    where t.v ->> 'id' is not null);
  if cardinality(v_continued) <> (select count(distinct u) from unnest(v_continued) as u) then
    raise exception 'A trade id appears twice in this call: a replaced trade can be continued by one rebuilt trade only.'
      using errcode = '22023';
  end if;
  v_continued := array(select unnest(v_continued) intersect select unnest(v_replace));

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
          'stop_loss', t.stop_loss, 'target', t.target, 'playbook_id', t.playbook_id,
          'emotions_before', t.emotions_before, 'emotions_after', t.emotions_after, 'mistakes', t.mistakes,
          'rating', t.rating, 'notes', t.notes, 'fills', to_jsonb(t.fill_ids),
          'tags', (select coalesce(jsonb_agg(g.tag_id), '[]'::jsonb) from public.trade_tags g where g.trade_id = t.id),
          'rules', (select coalesce(jsonb_agg(jsonb_build_object('playbook_id', p.playbook_id, 'rule_id', p.rule_id,
                      'followed', p.followed)), '[]'::jsonb)
                    from public.trade_playbook_rules p where p.trade_id = t.id),
          'gallery', (select coalesce(jsonb_agg(i.id), '[]'::jsonb) from public.gallery_items i where i.trade_id = t.id)
        ) order by t.entry_time), '[]'::jsonb)
      into v_moving
      from public.trades t
      where t.id = any(v_replace) and t.id not in (select unnest(v_continued))
        and (t.stop_loss is not null or t.target is not null or t.playbook_id is not null or t.rating is not null
          or t.notes is not null or cardinality(t.emotions_before) > 0 or cardinality(t.emotions_after) > 0
          or cardinality(t.mistakes) > 0
          or exists (select 1 from public.trade_tags g where g.trade_id = t.id)
          or exists (select 1 from public.trade_playbook_rules p where p.trade_id = t.id)
          or exists (select 1 from public.gallery_items i where i.trade_id = t.id));

      -- The fills the replaced trades held that no trade will hold: bonus shares (derived from their action, and sent
      -- again), an undated lot replaced by its dated parts, an undone import's fills. They go before the new fills
      -- come, which may take their place (the same fill with fewer units keeps its identity).
      v_derived := array(
        select u.id
        from public.trades t
        cross join lateral unnest(t.fill_ids) as u (id)
        where t.id = any(v_replace) and t.user_id = caller
        except
        select unnest(v_refs)
      );
      if cardinality(v_derived) > 0 then
        -- A trade that stays (not replaced) may hold another part of such a fill: then it stays too.
        v_derived := array(
          select unnest(v_derived)
          except
          select u.id
          from public.trades t
          cross join lateral unnest(t.fill_ids) as u (id)
          where t.user_id = caller and t.id not in (select unnest(v_replace))
        );
      end if;
      delete from public.trades t where t.id = any(v_replace) and t.id not in (select unnest(v_continued));
      delete from public.fills f where f.id = any(v_derived) and f.user_id = caller;
    end if;

    insert into public.fills (id, user_id, broker, import_id, exchange, segment, symbol, isin, underlying, expiry,
      strike, option_type, side, quantity, price, fees, executed_at, broker_trade_id, broker_order_id, kind,
      date_unknown)
    select (f.v ->> 'id')::uuid, caller, coalesce(f.v ->> 'broker', p_broker),
      coalesce((f.v ->> 'import_id')::uuid, p_import), f.v ->> 'exchange', f.v ->> 'segment', trim(f.v ->> 'symbol'),
      f.v ->> 'isin', nullif(trim(f.v ->> 'underlying'), ''), (f.v ->> 'expiry')::date, (f.v ->> 'strike')::numeric,
      f.v ->> 'option_type', f.v ->> 'side', (f.v ->> 'quantity')::numeric, (f.v ->> 'price')::numeric,
      (f.v ->> 'fees')::numeric, (f.v ->> 'executed_at')::timestamptz, trim(f.v ->> 'broker_trade_id'),
      nullif(trim(f.v ->> 'broker_order_id'), ''), coalesce(f.v ->> 'kind', 'fill'),
      coalesce((f.v ->> 'date_unknown')::boolean, false)
    from jsonb_array_elements(p_fills) as f (v);
    get diagnostics v_fills = row_count;

    -- Ids first, so the journalling can follow its fills to the rebuilt trades.
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
      import_id = coalesce((x.v ->> 'import_id')::uuid, p_import),
      fill_ids = array(select (p.v ->> 0)::uuid from jsonb_array_elements(x.v -> 'fills') as p (v)),
      fill_units = array(select (p.v ->> 1)::numeric from jsonb_array_elements(x.v -> 'fills') as p (v))
    from jsonb_array_elements(p_trades) as x (v)
    where x.v ->> 'id' is not null and (x.v ->> 'id')::uuid in (select unnest(v_continued))
      and d.id = (x.v ->> 'id')::uuid;

    insert into public.trades (id, user_id, exchange, segment, product, symbol, isin, underlying, expiry, strike,
      option_type, lot_size, side, quantity, avg_entry_price, avg_exit_price, entry_time, exit_time, status, gross_pnl,
      charges, charges_breakdown, charges_source, broker_profile_id, adjustments, import_source, import_id, fill_ids,
      fill_units)
    select v_trade_ids[t.ord], caller, t.v ->> 'exchange', t.v ->> 'segment', t.v ->> 'product',
      trim(t.v ->> 'symbol'), t.v ->> 'isin', nullif(trim(t.v ->> 'underlying'), ''), (t.v ->> 'expiry')::date,
      (t.v ->> 'strike')::numeric, t.v ->> 'option_type', (t.v ->> 'lot_size')::integer, t.v ->> 'side',
      (t.v ->> 'quantity')::numeric, (t.v ->> 'avg_entry_price')::numeric, (t.v ->> 'avg_exit_price')::numeric,
      (t.v ->> 'entry_time')::timestamptz, (t.v ->> 'exit_time')::timestamptz, t.v ->> 'status',
      (t.v ->> 'gross_pnl')::numeric, coalesce((t.v ->> 'charges')::numeric, 0),
      nullif(t.v -> 'charges_breakdown', 'null'::jsonb), coalesce(t.v ->> 'charges_source', 'estimated'),
      (t.v ->> 'broker_profile_id')::uuid, coalesce(nullif(t.v -> 'adjustments', 'null'::jsonb), '[]'::jsonb),
      coalesce(t.v ->> 'broker', p_broker), coalesce((t.v ->> 'import_id')::uuid, p_import),
      array(select (p.v ->> 0)::uuid from jsonb_array_elements(t.v -> 'fills') as p (v)),
      array(select (p.v ->> 1)::numeric from jsonb_array_elements(t.v -> 'fills') as p (v))
    from jsonb_array_elements(p_trades) with ordinality as t (v, ord)
    where t.v ->> 'id' is null or (t.v ->> 'id')::uuid not in (select unnest(v_continued));
    v_trades := jsonb_array_length(p_trades);

    -- The journalling of each deleted trade goes to the rebuilt trade holding its earliest fill.
    for r in select * from jsonb_array_elements(coalesce(v_moving, '[]'::jsonb)) loop
      select t.id into v_successor
      from public.trades t
      cross join lateral unnest(t.fill_ids) as u (id)
      join public.fills f on f.id = u.id
      where t.id = any(v_trade_ids) and t.user_id = caller
        and u.id in (select g::uuid from jsonb_array_elements_text(r -> 'fills') as g)
      order by f.executed_at
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
      if v_constraint = 'fills_key' then
        -- Which it is: a fill sent twice in this call, or one already stored.
        select f.v ->> 'broker_trade_id' as id into v_problem
        from jsonb_array_elements(p_fills) as f (v)
        where f.v ->> 'broker_trade_id' is not null
        group by coalesce(f.v ->> 'broker', p_broker), f.v ->> 'exchange', f.v ->> 'segment',
          f.v ->> 'broker_order_id', f.v ->> 'broker_trade_id',
          ((f.v ->> 'executed_at')::timestamptz at time zone 'Asia/Kolkata')::date
        having count(*) > 1
        limit 1;
        if found then
          raise exception 'Fill % appears twice in this call: send each fill once.', v_problem.id
            using errcode = '22023';
        end if;
        raise exception 'Some of these fills are already in your journal. Reload the page and import again.'
          using errcode = '23505';
      end if;
      if v_constraint = 'fills_pkey' then
        raise exception 'A new fill''s id is already taken. Reload the page and import again.' using errcode = '23505';
      end if;
      if v_constraint = 'trades_pkey' then
        raise exception 'A new trade''s id is already taken. Reload the page and import again.' using errcode = '23505';
      end if;
      raise;
    when foreign_key_violation then
      get stacked diagnostics v_constraint = constraint_name;
      if v_constraint in ('trades_import_fk', 'fills_import_fk') then
        raise exception 'A trade or fill names an import that is not one of yours.' using errcode = '22023';
      end if;
      raise;
  end;

  -- One change of the journal: what a client that keeps a copy compares (journal_revision()).
  insert into public.journal_revisions as r (user_id, revision) values (caller, 1)
  on conflict (user_id) do update set revision = r.revision + 1
  returning r.revision into v_revision;

  return jsonb_build_object('trades_created', v_trades, 'executions_created', v_fills, 'revision', v_revision);
end
$$;

comment on function public.rebuild_trades(jsonb, uuid[], uuid, text, jsonb) is
  'Replaces some of the caller''s imported trades with trades rebuilt from their fills, atomically (RLS applies).';

-- import_trades as before, except that a later part of a file no longer locks the import row for its whole
-- transaction: parts of one file touch different instruments, so on PostgreSQL they may run side by side; each adds
-- its counts with one UPDATE at its end (row-locked then, so no count is lost).
create or replace function public.import_trades(p_import jsonb, p_trades jsonb, p_replace uuid[] default '{}',
  p_fills jsonb default '[]')
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

  v_result := public.rebuild_trades(p_trades, p_replace, v_import, v_broker, p_fills);

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

comment on function public.import_trades(jsonb, jsonb, uuid[], jsonb) is
  'Commits one import atomically as the caller (RLS applies). Undo: undo_import.';

-- undo_import deletes through rebuild_trades (rebuilding, not the trader deleting), then the import row itself,
-- whose cascade takes the import's fills: the whole call is marked as rebuilding.
create or replace function public.undo_import(p_import uuid, p_trades jsonb default '[]', p_replace uuid[] default '{}',
  p_fills jsonb default '[]')
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
  if (jsonb_typeof(p_trades) = 'array' and exists (
      select 1 from jsonb_array_elements(p_trades) as t (v)
      where jsonb_typeof(t.v) = 'object' and (t.v ->> 'import_id' = p_import::text
        or (jsonb_typeof(t.v -> 'fills') = 'array' and exists (
          select 1 from jsonb_array_elements(t.v -> 'fills') as p (v)
          join public.fills f on f.id::text = p.v ->> 0 and f.import_id = p_import))))
    ) or (jsonb_typeof(p_fills) = 'array' and exists (
      select 1 from jsonb_array_elements(p_fills) as f (v) where f.v ->> 'import_id' = p_import::text
    )) then
    raise exception 'The rebuilt trades cannot keep fills of the import being undone.' using errcode = '22023';
  end if;
  v_result := public.rebuild_trades(p_trades, p_replace, null, null, p_fills);
  -- Every trade that held a fill of the import was rebuilt without it; otherwise the journal changed meanwhile.
  if exists (
    select 1 from public.trades t
    cross join lateral unnest(t.fill_ids) as u (id)
    join public.fills f on f.id = u.id and f.import_id = p_import
    where t.user_id = caller
  ) then
    raise exception 'Some trades of this import have changed since the page loaded. Reload the page and try again.'
      using errcode = '40001';
  end if;
  delete from public.imports i where i.id = p_import;
  return v_result;
end
$$;

comment on function public.undo_import(uuid, jsonb, uuid[], jsonb) is
  'Undoes one import: its fills go, the trades they were in are rebuilt from the rest (RLS applies).';

-- A split or bonus added or removed, with the trades of the share rebuilt from its ex-date, in one transaction.
--   p_action  {symbol, kind, ratio_from, ratio_to, ex_date, note} to add, or {id} of one to remove.
create or replace function public.change_corporate_action(p_action jsonb, p_trades jsonb default '[]',
  p_replace uuid[] default '{}', p_fills jsonb default '[]')
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
  v_result := public.rebuild_trades(p_trades, p_replace, null, null, p_fills);
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

comment on function public.change_corporate_action(jsonb, jsonb, uuid[], jsonb) is
  'Adds or removes a split or bonus and rebuilds the share''s trades, atomically (RLS applies).';

-- journal_fills(): every imported trade of the caller with the fills it holds, the fills they deleted, their splits,
-- bonuses and other corporate actions and their default broker profile: what planning an import, an undo or a
-- corporate action reads, in one request. Columns as arrays (one per field, rows in the
-- same order); a trade names its fills by position in `fills` (with the units it holds of each); an import id is a
-- position in `imports`; times are epoch seconds. SECURITY INVOKER: RLS applies.
create or replace function public.journal_fills()
returns json
language sql
stable
security invoker
set search_path = ''
as $$
  with i as (
    select d.import_id as id, (row_number() over (order by d.import_id) - 1) as n
    from (select distinct x.import_id from public.fills x where x.user_id = (select auth.uid())) as d
    where d.import_id is not null
  ), f as materialized (
    select x.*, (row_number() over (order by x.executed_at, x.id) - 1) as n, i.n as import_n
    from public.fills x
    left join i on i.id = x.import_id
    where x.user_id = (select auth.uid())
  ), t as materialized (
    select tr.*, (row_number() over (order by tr.entry_time, tr.id) - 1) as n, i.n as import_n
    from public.trades tr
    left join i on i.id = tr.import_id
    where tr.user_id = (select auth.uid()) and tr.import_source <> 'manual'
  ), parts as (
    -- each trade's fills by position in `fills`, in the trade's order
    select t.n, array_agg(f.n order by p.ord) as fills
    from t
    cross join lateral unnest(t.fill_ids) with ordinality as p (id, ord)
    join f on f.id = p.id
    group by t.n
  ), tp as (
    select t.*, coalesce(parts.fills, '{}') as parts from t left join parts on parts.n = t.n
  )
  select json_build_object(
    'imports', (select coalesce(json_agg(i.id order by i.n), '[]') from i),
    'trades', (select json_build_object(
      'id', coalesce(json_agg(tp.id order by tp.n), '[]'),
      'exchange', coalesce(json_agg(tp.exchange order by tp.n), '[]'),
      'segment', coalesce(json_agg(tp.segment order by tp.n), '[]'),
      'product', coalesce(json_agg(tp.product order by tp.n), '[]'),
      'symbol', coalesce(json_agg(tp.symbol order by tp.n), '[]'),
      'isin', coalesce(json_agg(tp.isin order by tp.n), '[]'),
      'status', coalesce(json_agg(tp.status order by tp.n), '[]'),
      'import_source', coalesce(json_agg(tp.import_source order by tp.n), '[]'),
      'import', coalesce(json_agg(tp.import_n order by tp.n), '[]'),
      'charges', coalesce(json_agg(tp.charges order by tp.n), '[]'),
      'charges_source', coalesce(json_agg(tp.charges_source order by tp.n), '[]'),
      'gross_pnl', coalesce(json_agg(tp.gross_pnl order by tp.n), '[]'),
      'fills', coalesce(json_agg(tp.parts order by tp.n), '[]'),
      'units', coalesce(json_agg(tp.fill_units order by tp.n), '[]')
    ) from tp),
    'fills', (select json_build_object(
      'id', coalesce(json_agg(f.id order by f.n), '[]'),
      'broker', coalesce(json_agg(f.broker order by f.n), '[]'),
      'import', coalesce(json_agg(f.import_n order by f.n), '[]'),
      'exchange', coalesce(json_agg(f.exchange order by f.n), '[]'),
      'segment', coalesce(json_agg(f.segment order by f.n), '[]'),
      'symbol', coalesce(json_agg(f.symbol order by f.n), '[]'),
      'isin', coalesce(json_agg(f.isin order by f.n), '[]'),
      'underlying', coalesce(json_agg(f.underlying order by f.n), '[]'),
      'expiry', coalesce(json_agg(f.expiry order by f.n), '[]'),
      'strike', coalesce(json_agg(f.strike order by f.n), '[]'),
      'option_type', coalesce(json_agg(f.option_type order by f.n), '[]'),
      'side', coalesce(json_agg(f.side order by f.n), '[]'),
      'quantity', coalesce(json_agg(f.quantity order by f.n), '[]'),
      'price', coalesce(json_agg(f.price::float8 order by f.n), '[]'),
      'fees', coalesce(json_agg(f.fees::float8 order by f.n), '[]'),
      'executed_at', coalesce(json_agg(extract(epoch from f.executed_at) order by f.n), '[]'),
      'broker_trade_id', coalesce(json_agg(f.broker_trade_id order by f.n), '[]'),
      'broker_order_id', coalesce(json_agg(f.broker_order_id order by f.n), '[]'),
      'kind', coalesce(json_agg(f.kind order by f.n), '[]'),
      'date_unknown', coalesce(json_agg(f.date_unknown order by f.n), '[]')
    ) from f),
    'deleted', (select json_build_object(
      'broker', coalesce(json_agg(d.broker order by d.broker, d.fill_key), '[]'),
      'fill_key', coalesce(json_agg(d.fill_key order by d.broker, d.fill_key), '[]')
    ) from public.deleted_fills d where d.user_id = (select auth.uid())),
    'actions', (select coalesce(json_agg(to_jsonb(a) order by a.ex_date, a.id), '[]')
      from public.corporate_actions a where a.user_id = (select auth.uid())),
    'profile', (select to_jsonb(b) from public.broker_profiles b
      where b.user_id = (select auth.uid()) and b.is_default limit 1),
    'revision', coalesce((select r.revision from public.journal_revisions r where r.user_id = (select auth.uid())), 0)
  )
$$;

comment on function public.journal_fills() is
  'What an import plans against, in one read: the caller''s imported trades with the fills they hold, the fills they deleted, their corporate actions and default broker profile.';

-- journal_revision(): the caller's journal revision (0 before any change), to check a kept copy with one small read.
create or replace function public.journal_revision()
returns bigint
language sql
stable
security invoker
set search_path = ''
as $$
  select coalesce((select r.revision from public.journal_revisions r where r.user_id = (select auth.uid())), 0)
$$;

-- tax_trades(): every realised trade of the caller (closed, or a sale with no cost basis) with what the tax P&L
-- needs, and for a delivery sale its lots: the buy fills it came from, with the units it holds of each. Columns as
-- arrays like journal_trades(); a trade's lots are arrays in `lots`. SECURITY INVOKER: RLS applies.
create or replace function public.tax_trades()
returns json
language sql
stable
security invoker
set search_path = ''
as $$
  with t as (
    select tr.*,
      case when tr.segment = 'equity' and tr.product = 'delivery' and tr.status = 'closed' then (
        select json_build_object(
          'fill', coalesce(json_agg(f.id order by p.ord), '[]'),
          'units', coalesce(json_agg(p.units order by p.ord), '[]'),
          'price', coalesce(json_agg(f.price::float8 order by p.ord), '[]'),
          'executed_at', coalesce(json_agg(extract(epoch from f.executed_at) order by p.ord), '[]'),
          'kind', coalesce(json_agg(f.kind order by p.ord), '[]'),
          'date_unknown', coalesce(json_agg(f.date_unknown order by p.ord), '[]')
        )
        from unnest(tr.fill_ids, tr.fill_units) with ordinality as p (id, units, ord)
        join public.fills f on f.id = p.id and f.side = 'buy'
      ) end as lots
    from public.trades tr
    where tr.user_id = (select auth.uid()) and tr.status <> 'open'
  )
  select json_build_object(
    'id', coalesce(json_agg(t.id order by t.exit_time, t.id), '[]'),
    'symbol', coalesce(json_agg(t.symbol order by t.exit_time, t.id), '[]'),
    'isin', coalesce(json_agg(t.isin order by t.exit_time, t.id), '[]'),
    'exchange', coalesce(json_agg(t.exchange order by t.exit_time, t.id), '[]'),
    'segment', coalesce(json_agg(t.segment order by t.exit_time, t.id), '[]'),
    'product', coalesce(json_agg(t.product order by t.exit_time, t.id), '[]'),
    'side', coalesce(json_agg(t.side order by t.exit_time, t.id), '[]'),
    'status', coalesce(json_agg(t.status order by t.exit_time, t.id), '[]'),
    'entry_time', coalesce(json_agg(t.entry_time order by t.exit_time, t.id), '[]'),
    'exit_time', coalesce(json_agg(t.exit_time order by t.exit_time, t.id), '[]'),
    'quantity', coalesce(json_agg(t.quantity order by t.exit_time, t.id), '[]'),
    'avg_entry_price', coalesce(json_agg(t.avg_entry_price order by t.exit_time, t.id), '[]'),
    'avg_exit_price', coalesce(json_agg(t.avg_exit_price order by t.exit_time, t.id), '[]'),
    'gross_pnl', coalesce(json_agg(t.gross_pnl order by t.exit_time, t.id), '[]'),
    'charges', coalesce(json_agg(t.charges order by t.exit_time, t.id), '[]'),
    'charges_breakdown', coalesce(json_agg(t.charges_breakdown order by t.exit_time, t.id), '[]'),
    'adjustments', coalesce(json_agg(t.adjustments order by t.exit_time, t.id), '[]'),
    'lots', coalesce(json_agg(t.lots order by t.exit_time, t.id), '[]')
  )
  from t
$$;

comment on function public.tax_trades() is
  'The caller''s realised trades with the lots of each delivery sale, as columns: what the tax P&L reads.';

-- Hosted Supabase grants EXECUTE on new public functions to anon and authenticated by default: take it back.
do $$
declare
  f text;
begin
  foreach f in array array[
    'public.rebuild_trades(jsonb, uuid[], uuid, text, jsonb)',
    'public.import_trades(jsonb, jsonb, uuid[], jsonb)',
    'public.undo_import(uuid, jsonb, uuid[], jsonb)',
    'public.change_corporate_action(jsonb, jsonb, uuid[], jsonb)',
    'public.journal_fills()',
    'public.journal_revision()',
    'public.tax_trades()'
  ] loop
    execute format('revoke all on function %s from public, anon, authenticated, service_role', f);
    execute format('grant execute on function %s to authenticated', f);
  end loop;
end
$$;
