-- Issue 26: undoing a dated statement (a tax P&L statement, a holdings statement with buy dates, a typed opening
-- position) gives back the undated lots it replaced. Replacing an undated lot deletes its fill (or keeps only its
-- rest), so the import now keeps each lot it replaced as it was: `imports.replaced_lots`, written by import_trades
-- from `p_import.replaced_lots` ([{lot, importId, rest}], the planner's ReplacedLot, in the caller's own words: the
-- client plans the undo from it, and rebuild_trades checks every fill the undo writes as it checks any other).
-- import_trades is as before otherwise.

alter table public.imports add column if not exists replaced_lots jsonb not null default '[]'::jsonb;
alter table public.imports drop constraint if exists imports_replaced_lots_array;
alter table public.imports add constraint imports_replaced_lots_array check (jsonb_typeof(replaced_lots) = 'array');
comment on column public.imports.replaced_lots is
  'The undated opening lots this import''s dated lots replaced, as they were: undoing the import brings them back.';

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
  if coalesce(jsonb_typeof(p_import -> 'replaced_lots'), 'null') not in ('null', 'array') then
    raise exception 'p_import.replaced_lots must be an array of the undated lots this import replaces.'
      using errcode = '22023';
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
    insert into public.imports (user_id, broker, file_name, file_format, kind, status, replaced_lots)
    values (caller, v_broker, trim(p_import ->> 'file_name'), p_import ->> 'file_format',
      coalesce(p_import ->> 'kind', 'tradebook'), 'pending', coalesce(p_import -> 'replaced_lots', '[]'))
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
    replaced_lots = case when p_import ->> 'import_id' is null then i.replaced_lots
      else i.replaced_lots || coalesce(p_import -> 'replaced_lots', '[]') end,
    status = 'completed'
  where i.id = v_import;

  return v_result || jsonb_build_object('import_id', v_import);
end
$$;

comment on function public.import_trades(jsonb, jsonb, uuid[], jsonb) is
  'Commits one import atomically as the caller (RLS applies). Undo: undo_import.';
