-- The P&L day. Realised P&L belongs to the day a position is closed: the exit fill's date in India (IST,
-- Asia/Kolkata), which is what the calendar, the daily curve, best and worst day, the drawdown, the dashboard's
-- periods, funds and the tax report count a trade on. `trade_date` stays the day of entry (the trades list can
-- filter by it); `exit_date` is the day of exit, null while the trade is open. Generated like `trade_date`, so no
-- client can date a trade in its own time zone.

alter table public.trades
  add column if not exists exit_date date generated always as ((exit_time at time zone 'Asia/Kolkata')::date) stored;

comment on column public.trades.trade_date is
  'The IST day of entry (Asia/Kolkata). Not the P&L day: see exit_date.';
comment on column public.trades.exit_date is
  'The IST day of exit (Asia/Kolkata), when the P&L is realised: the day every per-day figure counts the trade on. Null while open.';

-- Per-day reads of closed trades (a month of the calendar, a period of the dashboard or a tax year).
create index if not exists trades_user_exit_date_idx on public.trades (user_id, exit_date) where exit_date is not null;
