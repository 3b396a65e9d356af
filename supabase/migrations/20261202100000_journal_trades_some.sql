-- Issue 26: journal_trades() reads some trades too, so that a change of a few trades in a heavy journal refreshes
-- those trades and not all 22,000 (11 MB). With p_ids, only the caller's trades of those ids (ids that are not theirs,
-- or gone, are left out); without, every trade as before. Either way the object also says the journal's revision at
-- the read ('revision', as journal_revision() does), so the app can tell whether its copy and a change it made follow
-- each other. Same columns and order as before. SECURITY INVOKER: RLS applies as to a select.

drop function if exists public.journal_trades();

create or replace function public.journal_trades(p_ids uuid[] default null)
returns json
language sql
stable
security invoker
set search_path = ''
as $$
  with links as (
    select l.trade_id,
      array_agg(l.tag_id order by l.tag_id) as tag_ids,
      array_agg(g.name order by l.tag_id) filter (where g.name is not null) as tag_names
    from public.trade_tags l
    left join public.tags g on g.id = l.tag_id
    where l.user_id = (select auth.uid()) and (p_ids is null or l.trade_id = any (p_ids))
    group by l.trade_id
  ), t as (
    select tr.*,
      coalesce(links.tag_ids, '{}') as tag_ids,
      coalesce(links.tag_names, '{}') as tag_names,
      p.name as playbook_name
    from public.trades tr
    left join links on links.trade_id = tr.id
    left join public.playbooks p on p.id = tr.playbook_id
    -- the caller's own journal, whatever other policies may let them read (and by the user's index)
    where tr.user_id = (select auth.uid()) and (p_ids is null or tr.id = any (p_ids))
  )
  select json_build_object(
    'id', coalesce(json_agg(t.id order by t.entry_time desc, t.id), '[]'),
    'exchange', coalesce(json_agg(t.exchange order by t.entry_time desc, t.id), '[]'),
    'segment', coalesce(json_agg(t.segment order by t.entry_time desc, t.id), '[]'),
    'product', coalesce(json_agg(t.product order by t.entry_time desc, t.id), '[]'),
    'symbol', coalesce(json_agg(t.symbol order by t.entry_time desc, t.id), '[]'),
    'underlying', coalesce(json_agg(t.underlying order by t.entry_time desc, t.id), '[]'),
    'expiry', coalesce(json_agg(t.expiry order by t.entry_time desc, t.id), '[]'),
    'strike', coalesce(json_agg(t.strike order by t.entry_time desc, t.id), '[]'),
    'option_type', coalesce(json_agg(t.option_type order by t.entry_time desc, t.id), '[]'),
    'lot_size', coalesce(json_agg(t.lot_size order by t.entry_time desc, t.id), '[]'),
    'side', coalesce(json_agg(t.side order by t.entry_time desc, t.id), '[]'),
    'quantity', coalesce(json_agg(t.quantity order by t.entry_time desc, t.id), '[]'),
    'avg_entry_price', coalesce(json_agg(t.avg_entry_price order by t.entry_time desc, t.id), '[]'),
    'avg_exit_price', coalesce(json_agg(t.avg_exit_price order by t.entry_time desc, t.id), '[]'),
    'entry_time', coalesce(json_agg(t.entry_time order by t.entry_time desc, t.id), '[]'),
    'exit_time', coalesce(json_agg(t.exit_time order by t.entry_time desc, t.id), '[]'),
    'trade_date', coalesce(json_agg(t.trade_date order by t.entry_time desc, t.id), '[]'),
    'exit_date', coalesce(json_agg(t.exit_date order by t.entry_time desc, t.id), '[]'),
    'status', coalesce(json_agg(t.status order by t.entry_time desc, t.id), '[]'),
    'gross_pnl', coalesce(json_agg(t.gross_pnl order by t.entry_time desc, t.id), '[]'),
    'charges', coalesce(json_agg(t.charges order by t.entry_time desc, t.id), '[]'),
    'charges_breakdown', coalesce(json_agg(t.charges_breakdown order by t.entry_time desc, t.id), '[]'),
    'charges_source', coalesce(json_agg(t.charges_source order by t.entry_time desc, t.id), '[]'),
    'net_pnl', coalesce(json_agg(t.net_pnl order by t.entry_time desc, t.id), '[]'),
    'stop_loss', coalesce(json_agg(t.stop_loss order by t.entry_time desc, t.id), '[]'),
    'target', coalesce(json_agg(t.target order by t.entry_time desc, t.id), '[]'),
    'playbook_id', coalesce(json_agg(t.playbook_id order by t.entry_time desc, t.id), '[]'),
    'broker_profile_id', coalesce(json_agg(t.broker_profile_id order by t.entry_time desc, t.id), '[]'),
    'emotions_before', coalesce(json_agg(t.emotions_before order by t.entry_time desc, t.id), '[]'),
    'emotions_after', coalesce(json_agg(t.emotions_after order by t.entry_time desc, t.id), '[]'),
    'mistakes', coalesce(json_agg(t.mistakes order by t.entry_time desc, t.id), '[]'),
    'rating', coalesce(json_agg(t.rating order by t.entry_time desc, t.id), '[]'),
    'notes', coalesce(json_agg(t.notes order by t.entry_time desc, t.id), '[]'),
    'import_source', coalesce(json_agg(t.import_source order by t.entry_time desc, t.id), '[]'),
    'import_id', coalesce(json_agg(t.import_id order by t.entry_time desc, t.id), '[]'),
    'tag_ids', coalesce(json_agg(t.tag_ids order by t.entry_time desc, t.id), '[]'),
    'tag_names', coalesce(json_agg(t.tag_names order by t.entry_time desc, t.id), '[]'),
    'playbook_name', coalesce(json_agg(t.playbook_name order by t.entry_time desc, t.id), '[]'),
    'revision', coalesce((select r.revision from public.journal_revisions r where r.user_id = (select auth.uid())), 0)
  )
  from t
$$;

revoke all on function public.journal_trades(uuid[]) from public, anon, authenticated, service_role;
grant execute on function public.journal_trades(uuid[]) to authenticated, service_role;
