-- Issue 15: journal_trades() also returns each trade's tag ids and names and its playbook's name, the references the
-- journal shows beside a trade. The app read them apart (the tag links page by page, the tag names, the playbooks),
-- so a dashboard load made four requests, each with its own CORS preflight, where one now does. Same rows and order
-- as before; SECURITY INVOKER, so the tags, links and playbooks policies apply as to a select. Tag ids and names are
-- in tag id order (as the app read the links); a tag the caller cannot read keeps its id and has no name.

create or replace function public.journal_trades()
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
    where l.user_id = (select auth.uid())
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
    where tr.user_id = (select auth.uid())
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
    'playbook_name', coalesce(json_agg(t.playbook_name order by t.entry_time desc, t.id), '[]')
  )
  from t
$$;

revoke all on function public.journal_trades() from public, anon;
grant execute on function public.journal_trades() to authenticated, service_role;
