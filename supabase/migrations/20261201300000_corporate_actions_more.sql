-- Corporate actions beyond splits and bonuses (issue 26): a demerger credits a new share and moves part of the cost to
-- it; a merger or a symbol change moves the holding to a new share at a ratio. The journal's trades are rebuilt by the
-- client (@bahi/trading, import/corporate-actions.ts has the rules and the Income-tax Act sections); this table keeps
-- what the trader recorded and change_corporate_action checks it.
--
--   kind           ratio (ratio_from → ratio_to)              new_symbol, new_isin      cost_percent
--   split          every ratio_from shares become ratio_to     none                      none
--   bonus          ratio_to new shares per ratio_from held     none                      none
--   demerger       ratio_to new shares per ratio_from held     the resulting company     its share of the cost
--   merger         ratio_to new shares per ratio_from held     the amalgamated company   none
--   symbol_change  1:1                                         the new symbol (and ISIN) none
--
-- STAR → ONESOURCE (6 Dec 2024): demerger, 2 → 1, cost_percent 10.65. HDFC → HDFCBANK (13 Jul 2023): merger, 25 → 42.

alter table public.corporate_actions drop constraint if exists corporate_actions_kind_check;
alter table public.corporate_actions add constraint corporate_actions_kind_check
  check (kind in ('split', 'bonus', 'demerger', 'merger', 'symbol_change'));

-- The share's ISIN finds it under any symbol it traded as; the new share is the one a demerger, merger or symbol
-- change gives.
alter table public.corporate_actions add column if not exists isin text
  constraint corporate_actions_isin_format check (isin ~ '^[A-Z]{2}[A-Z0-9]{9}[0-9]$');
alter table public.corporate_actions add column if not exists new_symbol text
  constraint corporate_actions_new_symbol_format check (new_symbol ~ '^[A-Z0-9&_.-]{1,40}$');
alter table public.corporate_actions add column if not exists new_isin text
  constraint corporate_actions_new_isin_format check (new_isin ~ '^[A-Z]{2}[A-Z0-9]{9}[0-9]$');
alter table public.corporate_actions add column if not exists cost_percent numeric(7, 4)
  constraint corporate_actions_cost_percent_range check (cost_percent > 0 and cost_percent < 100);

alter table public.corporate_actions drop constraint if exists corporate_actions_shape;
alter table public.corporate_actions add constraint corporate_actions_shape check (
  case kind
    when 'demerger' then new_symbol is not null and cost_percent is not null
    when 'merger' then new_symbol is not null and cost_percent is null
    when 'symbol_change' then new_symbol is not null and cost_percent is null and ratio_from = 1 and ratio_to = 1
    else new_symbol is null and new_isin is null and cost_percent is null
  end
  and (new_symbol is null or new_symbol <> symbol)
  and (new_isin is null or isin is null or new_isin <> isin)
);

comment on column public.corporate_actions.cost_percent is
  'Demerger: the percentage of the parent''s cost of acquisition that goes to the new shares (Income-tax Act 1961 '
  's. 49(2C)), as the company announces it; the parent keeps the rest (s. 49(2D)).';
comment on column public.fills.kind is
  'fill: a broker''s fill; opening: a holding from before the imported history; bonus: shares made from a corporate '
  'action (a bonus issue''s free shares, or the new shares of a demerger at their part of the parent''s cost), made '
  'again whenever the share''s holding is rebuilt.';

-- A corporate action added or removed, with the trades it changes rebuilt (by the client), in one transaction.
--   p_action  {symbol, isin?, kind, ratio_from, ratio_to, ex_date, new_symbol?, new_isin?, cost_percent?, note?} to
--             add, or {id} of one to remove. p_trades, p_replace and p_fills as rebuild_trades.
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
  v_kind text;
  v_symbol text;
  v_new_symbol text;
  v_names constant jsonb := '{"split": "split", "bonus": "bonus", "demerger": "demerger", "merger": "merger",
    "symbol_change": "symbol change"}';
  symbol_pattern constant text := '^[A-Z0-9&_.-]{1,40}$';
  isin_pattern constant text := '^[A-Z]{2}[A-Z0-9]{9}[0-9]$';
begin
  if caller is null then
    raise exception 'Sign in to record a corporate action.' using errcode = '42501';
  end if;
  if p_action is null or jsonb_typeof(p_action) <> 'object' then
    raise exception 'p_action must be an object.' using errcode = '22023';
  end if;
  if p_action ? 'id' then
    if p_action ->> 'id' !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
      raise exception 'p_action.id must be the id of one of your corporate actions.' using errcode = '22023';
    end if;
    delete from public.corporate_actions a where a.id = (p_action ->> 'id')::uuid returning a.id into v_id;
    if v_id is null then
      raise exception 'That corporate action is not in your journal.' using errcode = 'P0002';
    end if;
  else
    v_kind := p_action ->> 'kind';
    if v_kind is null or not (v_names ? v_kind) then
      raise exception 'The kind must be split, bonus, demerger, merger or symbol_change.' using errcode = '22023';
    end if;
    v_symbol := upper(trim(coalesce(p_action ->> 'symbol', '')));
    if v_symbol !~ symbol_pattern then
      raise exception 'The symbol must be the share''s symbol as the exchange writes it, like RELIANCE or M&M.'
        using errcode = '22023';
    end if;
    if coalesce(jsonb_typeof(p_action -> 'isin'), 'null') not in ('null', 'string')
      or upper(trim(p_action ->> 'isin')) !~ isin_pattern then
      raise exception 'The ISIN must be 12 letters and digits, like INE467B01029, or left out.' using errcode = '22023';
    end if;
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

    v_new_symbol := nullif(upper(trim(coalesce(p_action ->> 'new_symbol', ''))), '');
    if v_kind in ('split', 'bonus') then
      if v_new_symbol is not null or coalesce(p_action ->> 'new_isin', '') <> ''
        or coalesce(jsonb_typeof(p_action -> 'cost_percent'), 'null') <> 'null' then
        raise exception 'A % names no new share and moves no cost: leave out new_symbol, new_isin and cost_percent.',
          v_names ->> v_kind using errcode = '22023';
      end if;
    else
      if v_new_symbol is null or v_new_symbol !~ symbol_pattern then
        raise exception 'A % needs the symbol of the new share, like %.', v_names ->> v_kind,
          case v_kind when 'demerger' then 'ONESOURCE' when 'merger' then 'HDFCBANK' else 'ETERNAL' end
          using errcode = '22023';
      end if;
      if v_new_symbol = v_symbol then
        raise exception 'The new share''s symbol must differ from %.', v_symbol using errcode = '22023';
      end if;
      if coalesce(jsonb_typeof(p_action -> 'new_isin'), 'null') not in ('null', 'string')
        or upper(trim(p_action ->> 'new_isin')) !~ isin_pattern then
        raise exception 'The new share''s ISIN must be 12 letters and digits, like INE013P01021, or left out.'
          using errcode = '22023';
      end if;
      if upper(trim(p_action ->> 'new_isin')) = upper(trim(p_action ->> 'isin')) then
        raise exception 'The new share''s ISIN must differ from %''s.', v_symbol using errcode = '22023';
      end if;
      if v_kind = 'symbol_change' and ((p_action ->> 'ratio_from')::numeric <> 1
        or (p_action ->> 'ratio_to')::numeric <> 1) then
        raise exception 'A symbol change is one new share for each one held: the ratio must be 1:1.'
          using errcode = '22023';
      end if;
      if v_kind = 'demerger' then
        if jsonb_typeof(p_action -> 'cost_percent') is distinct from 'number'
          or (p_action ->> 'cost_percent')::numeric <= 0 or (p_action ->> 'cost_percent')::numeric >= 100
          or (p_action ->> 'cost_percent')::numeric <> round((p_action ->> 'cost_percent')::numeric, 4) then
          raise exception 'A demerger needs the percentage of the cost that goes to the new share, above 0 and below '
            '100 with at most 4 decimals, as the company announced it (STAR to ONESOURCE: 10.65).'
            using errcode = '22023';
        end if;
      elsif coalesce(jsonb_typeof(p_action -> 'cost_percent'), 'null') <> 'null' then
        raise exception 'A % keeps the whole cost: leave out cost_percent.', v_names ->> v_kind using errcode = '22023';
      end if;
    end if;

    insert into public.corporate_actions (user_id, symbol, isin, kind, ratio_from, ratio_to, ex_date, new_symbol,
      new_isin, cost_percent, note)
    values (caller, v_symbol, nullif(upper(trim(coalesce(p_action ->> 'isin', ''))), ''), v_kind,
      (p_action ->> 'ratio_from')::integer, (p_action ->> 'ratio_to')::integer, (p_action ->> 'ex_date')::date,
      v_new_symbol, nullif(upper(trim(coalesce(p_action ->> 'new_isin', ''))), ''),
      (p_action ->> 'cost_percent')::numeric, nullif(trim(p_action ->> 'note'), ''))
    returning id into v_id;
  end if;
  v_result := public.rebuild_trades(p_trades, p_replace, null, null, p_fills);
  return v_result || jsonb_build_object('id', v_id);
exception
  when unique_violation then
    if sqlerrm like '%corporate_actions%' then
      raise exception 'That % of % on % is already recorded.', coalesce(v_names ->> v_kind, p_action ->> 'kind'),
        p_action ->> 'symbol', p_action ->> 'ex_date' using errcode = '23505';
    end if;
    raise;
  when check_violation then
    if sqlerrm like '%corporate_actions%' then
      raise exception 'That corporate action is not valid: check its kind, ratio, ex-date and new share.'
        using errcode = '22023';
    end if;
    raise;
  when invalid_datetime_format or datetime_field_overflow then
    raise exception 'The ex-date must be a date YYYY-MM-DD.' using errcode = '22023';
end
$$;

comment on function public.change_corporate_action(jsonb, jsonb, uuid[], jsonb) is
  'Adds or removes a corporate action (split, bonus, demerger, merger, symbol change) and rebuilds the trades it '
  'changes, atomically (RLS applies).';

revoke all on function public.change_corporate_action(jsonb, jsonb, uuid[], jsonb)
  from public, anon, authenticated, service_role;
grant execute on function public.change_corporate_action(jsonb, jsonb, uuid[], jsonb) to authenticated;
