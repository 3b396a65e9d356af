-- Issue 15: the whole journal in one read. PostgREST answers at most max_rows (1000) rows a request, so a journal of
-- 10,000 trades took ten requests of a 35-key object per row (7.5 MB of JSON). public.journal_trades() returns the
-- same columns, rows and order as the app's paged read of public.trades (entry_time descending, then id), one JSON
-- array per column ({"id": [...], "symbol": [...], ...}, every array in the same row order): one request, about half
-- the bytes. SECURITY INVOKER: the trades policies apply as to a select, and only the caller's own rows are read.

create or replace function public.journal_trades()
returns json
language sql
stable
security invoker
set search_path = ''
as $$
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
    'import_id', coalesce(json_agg(t.import_id order by t.entry_time desc, t.id), '[]')
  )
  from public.trades t
  -- the caller's own journal, whatever other policies may let them read (and by the user's index)
  where t.user_id = (select auth.uid())
$$;

revoke all on function public.journal_trades() from public, anon;
grant execute on function public.journal_trades() to authenticated, service_role;
