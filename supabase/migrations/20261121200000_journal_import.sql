-- import_trades: commits one broker import (the trades the browser matched from a file, with their fills) in
-- one transaction. SECURITY INVOKER on purpose: it runs as the signed-in caller, so RLS decides what it may
-- read, delete and insert, exactly as if the client wrote the rows itself; the function only makes it atomic.
--
--   p_import        {broker, file_name, file_format, rows_total, rows_skipped, duplicates_skipped}; a file too large
--                   for one call (20,000 trades) is sent in parts: the later parts add {import_id} of the first
--                   part's result, so the file stays one import with one undo, and each part adds its counts.
--   p_trades        [{exchange, segment, product, symbol, underlying, expiry, strike, option_type, lot_size, side,
--                     quantity, avg_entry_price, avg_exit_price, entry_time, exit_time, status, gross_pnl, charges,
--                     charges_breakdown, charges_source, broker_profile_id,
--                     executions: [{side, quantity, price, executed_at, broker_trade_id, broker_order_id}]}]
--   p_replace_open  the caller's OPEN trades whose fills the client re-matched together with the new file (a
--                   position opened in one import and closed in a later one becomes one trade). They are deleted
--                   first; the journalling on each (stop, target, playbook and rules, emotions, mistakes, rating,
--                   notes, tags, screenshots) moves to the new trade that holds its first fill.
--   returns         {"import_id", "trades_created", "executions_created"} (of this call)
--
-- A fill already in the journal, (user_id, broker, broker_trade_id), fails the whole call with 23505 and
-- nothing is written. A fill that flips a position belongs to two trades (the exit of one, the entry of the
-- next): it may appear twice in one call, on the same side, and its second part is stored as '<id>#2' so the
-- unique key holds; re-importing the file still finds '<id>' and skips it.
--
-- Undo is `delete from public.imports where id = …`: the import's trades and fills cascade.
-- Dropped first so the file applies again over a later version of the function (20261125200000 renames a parameter).
drop function if exists public.import_trades(jsonb, jsonb, uuid[]);
create or replace function public.import_trades(p_import jsonb, p_trades jsonb, p_replace_open uuid[] default '{}')
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
  max_trades constant integer := 20000;
begin
  if caller is null then
    raise exception 'Sign in to import trades.' using errcode = '42501';
  end if;

  -- The import row's fields.
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
  if jsonb_array_length(p_trades) > max_trades then
    raise exception 'This import has % trades; at most % can be imported in one call. Send them in parts.',
      jsonb_array_length(p_trades), max_trades using errcode = '54000';
  end if;


  -- Each trade's shape, named by its position (1-based) so the client can point at it. Values are read
  -- through `n` (the number, or null when the JSON value is not a number) so no cast can fail here.
  select x.ord, x.problem into v_problem
  from (
    select t.ord, case
        when jsonb_typeof(t.v) <> 'object' then 'is not an object'
        when coalesce(t.v ->> 'exchange', '') not in ('NSE', 'BSE', 'MCX') then 'exchange must be NSE, BSE or MCX'
        when coalesce(t.v ->> 'segment', '') not in ('equity', 'futures', 'options') then
          'segment must be equity, futures or options'
        when coalesce(t.v ->> 'product', '') not in ('intraday', 'delivery', 'carry_forward') then
          'product must be intraday, delivery or carry_forward'
        when (t.v ->> 'segment' = 'equity') <> (t.v ->> 'product' in ('intraday', 'delivery')) then
          'product must be intraday or delivery for equity, intraday or carry_forward for futures and options'
        when jsonb_typeof(t.v -> 'symbol') is distinct from 'string'
          or length(trim(t.v ->> 'symbol')) not between 1 and 64 then 'symbol must be 1 to 64 characters'
        when coalesce(t.v ->> 'side', '') not in ('long', 'short') then 'side must be long or short'
        when coalesce(t.v ->> 'status', '') not in ('open', 'closed') then 'status must be open or closed'
        when n.quantity is null or n.quantity <= 0 or n.quantity <> trunc(n.quantity) or n.quantity > 2147483647 then
          'quantity must be a whole number of units above 0'
        when n.avg_entry_price is null or n.avg_entry_price < 0 then 'avg_entry_price must be a number of 0 or more'
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
        when coalesce(jsonb_typeof(t.v -> 'charges'), 'null') not in ('null', 'number') or n.charges < 0 then
          'charges must be null or a number of 0 or more'
        when coalesce(jsonb_typeof(t.v -> 'charges_breakdown'), 'null') not in ('null', 'object') then
          'charges_breakdown must be null or an object'
        when coalesce(t.v ->> 'charges_source', 'estimated') not in ('broker', 'estimated') then
          'charges_source must be broker or estimated'
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
          or t.v ->> 'broker_profile_id' !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
          'broker_profile_id must be null or a uuid'
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

  -- A broker trade id repeats in one call only for a flip: twice, on the same side, in two trades.
  select x.id into v_problem
  from (
    select f.v ->> 'broker_trade_id' as id, count(*) as n, count(distinct f.v ->> 'side') as sides,
      count(distinct t.ord) as trades
    from jsonb_array_elements(p_trades) with ordinality as t (v, ord)
    cross join lateral jsonb_array_elements(t.v -> 'executions') as f (v)
    where f.v ->> 'broker_trade_id' is not null
    group by 1
  ) as x
  where x.n > 2 or (x.n = 2 and (x.sides > 1 or x.trades < 2))
  limit 1;
  if found then
    raise exception 'Fill % appears more than once in this import (only a fill that flips a position may be in two trades).',
      v_problem.id using errcode = '22023';
  end if;

  begin
    -- Open trades the client re-matched: take their journalling along, then delete them (RLS: only the
    -- caller's; an id that is not the caller's open trade, or no longer open, stops the import).
    v_replace := array(select distinct u from unnest(coalesce(p_replace_open, '{}')) as u where u is not null);
    if cardinality(v_replace) > 0 then
      select coalesce(jsonb_agg(jsonb_build_object(
          'id', t.id,
          'stop_loss', t.stop_loss, 'target', t.target, 'playbook_id', t.playbook_id,
          'emotions_before', t.emotions_before, 'emotions_after', t.emotions_after, 'mistakes', t.mistakes,
          'rating', t.rating, 'notes', t.notes,
          'fills', (select coalesce(jsonb_agg(e.broker_trade_id order by e.executed_at), '[]'::jsonb)
                    from public.trade_executions e where e.trade_id = t.id and e.broker_trade_id is not null),
          'tags', (select coalesce(jsonb_agg(g.tag_id), '[]'::jsonb) from public.trade_tags g where g.trade_id = t.id),
          'rules', (select coalesce(jsonb_agg(jsonb_build_object('playbook_id', p.playbook_id, 'rule_id', p.rule_id,
                      'followed', p.followed)), '[]'::jsonb)
                    from public.trade_playbook_rules p where p.trade_id = t.id),
          'gallery', (select coalesce(jsonb_agg(i.id), '[]'::jsonb) from public.gallery_items i where i.trade_id = t.id)
        )), '[]'::jsonb)
      into v_replaced
      from public.trades t
      where t.id = any(v_replace) and t.status = 'open';

      delete from public.trades t where t.id = any(v_replace) and t.status = 'open';
      get diagnostics v_deleted = row_count;
      if v_deleted <> cardinality(v_replace) then
        raise exception 'Some open trades this import continues are no longer open in your journal. Reload the page and import again.'
          using errcode = '40001';
      end if;
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
      insert into public.imports (user_id, broker, file_name, file_format, status)
      values (caller, v_broker, trim(p_import ->> 'file_name'), p_import ->> 'file_format', 'pending')
      returning id into v_import;
    end if;

    -- Ids first, so the fills can point at their trade without matching rows back.
    v_trade_ids := array(select gen_random_uuid() from generate_series(1, jsonb_array_length(p_trades)));

    insert into public.trades (id, user_id, exchange, segment, product, symbol, underlying, expiry, strike,
      option_type, lot_size, side, quantity, avg_entry_price, avg_exit_price, entry_time, exit_time, status, gross_pnl,
      charges, charges_breakdown, charges_source, broker_profile_id, import_source, import_id)
    select v_trade_ids[t.ord], caller, t.v ->> 'exchange', t.v ->> 'segment', t.v ->> 'product',
      trim(t.v ->> 'symbol'), nullif(trim(t.v ->> 'underlying'), ''), (t.v ->> 'expiry')::date,
      (t.v ->> 'strike')::numeric, t.v ->> 'option_type', (t.v ->> 'lot_size')::integer, t.v ->> 'side',
      (t.v ->> 'quantity')::integer, (t.v ->> 'avg_entry_price')::numeric, (t.v ->> 'avg_exit_price')::numeric,
      (t.v ->> 'entry_time')::timestamptz, (t.v ->> 'exit_time')::timestamptz, t.v ->> 'status',
      (t.v ->> 'gross_pnl')::numeric, coalesce((t.v ->> 'charges')::numeric, 0), nullif(t.v -> 'charges_breakdown', 'null'::jsonb),
      coalesce(t.v ->> 'charges_source', 'estimated'), (t.v ->> 'broker_profile_id')::uuid, v_broker, v_import
    from jsonb_array_elements(p_trades) with ordinality as t (v, ord);
    get diagnostics v_trades = row_count;

    insert into public.trade_executions (user_id, trade_id, broker, side, quantity, price, executed_at,
      broker_trade_id, broker_order_id, import_id)
    select caller, v_trade_ids[f.t_ord], v_broker, f.v ->> 'side', (f.v ->> 'quantity')::integer,
      (f.v ->> 'price')::numeric, (f.v ->> 'executed_at')::timestamptz,
      case when f.part = 1 then trim(f.v ->> 'broker_trade_id') else trim(f.v ->> 'broker_trade_id') || '#2' end,
      nullif(trim(f.v ->> 'broker_order_id'), ''), v_import
    from (
      select t.ord as t_ord, x.v,
        row_number() over (partition by x.v ->> 'broker_trade_id' order by t.ord, x.ord) as part
      from jsonb_array_elements(p_trades) with ordinality as t (v, ord)
      cross join lateral jsonb_array_elements(t.v -> 'executions') with ordinality as x (v, ord)
    ) as f;
    get diagnostics v_executions = row_count;

    -- The journalling of each replaced trade goes to the new trade holding its first fill.
    for r in select * from jsonb_array_elements(coalesce(v_replaced, '[]'::jsonb)) loop
      select e.trade_id into v_successor
      from public.trade_executions e
      where e.import_id = v_import
        and e.broker_trade_id in (select jsonb_array_elements_text(r -> 'fills'))
      order by e.executed_at
      limit 1;
      continue when v_successor is null;
      update public.trades t
      set stop_loss = (r ->> 'stop_loss')::numeric, target = (r ->> 'target')::numeric,
        playbook_id = (r ->> 'playbook_id')::uuid,
        emotions_before = array(select jsonb_array_elements_text(r -> 'emotions_before')),
        emotions_after = array(select jsonb_array_elements_text(r -> 'emotions_after')),
        mistakes = array(select jsonb_array_elements_text(r -> 'mistakes')),
        rating = (r ->> 'rating')::smallint, notes = r ->> 'notes'
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

    -- Each part adds its own counts.
    update public.imports i
    set executions_created = i.executions_created + v_executions, trades_created = i.trades_created + v_trades,
      rows_total = i.rows_total + coalesce((p_import ->> 'rows_total')::integer, 0),
      rows_skipped = i.rows_skipped + coalesce((p_import ->> 'rows_skipped')::integer, 0),
      duplicates_skipped = i.duplicates_skipped + coalesce((p_import ->> 'duplicates_skipped')::integer, 0),
      status = 'completed'
    where i.id = v_import;
  exception
    when unique_violation then
      get stacked diagnostics v_constraint = constraint_name;
      if v_constraint = 'trade_executions_broker_trade_key' then
        raise exception 'Some of these fills are already in your journal. Reload the page and import again.'
          using errcode = '23505';
      end if;
      raise;
  end;

  return jsonb_build_object('import_id', v_import, 'trades_created', v_trades, 'executions_created', v_executions);
end
$$;

comment on function public.import_trades(jsonb, jsonb, uuid[]) is
  'Commits one broker import atomically as the caller (RLS applies). Undo: delete the imports row.';

-- Hosted Supabase grants EXECUTE on new public functions to anon and authenticated by default: take it back.
revoke all on function public.import_trades(jsonb, jsonb, uuid[]) from public, anon, authenticated, service_role;
grant execute on function public.import_trades(jsonb, jsonb, uuid[]) to authenticated;
