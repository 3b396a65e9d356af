-- The trading journal. Every row belongs to one user (user_id, cascading from auth.users). Child rows carry
-- user_id too and point at their parent through (id, user_id), so a row can never hang under another
-- user's trade, playbook, note or import, even by a guessed id (foreign-key checks ignore RLS).
-- Money is numeric (rupees, 2 places), prices numeric with 4 places (options tick at 0.05, MCX at 0.01),
-- times timestamptz; calendar days are Indian Standard Time (Asia/Kolkata). user_id defaults to the caller,
-- so clients may leave it out of inserts.

-- Per-user brokerage settings; defaults are the usual discount-broker rates (docs: shared/INDIA.md).
create table if not exists public.broker_profiles (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  name text not null check (length(trim(name)) between 1 and 80),
  broker text not null default 'zerodha'
    check (broker in ('zerodha', 'upstox', 'angelone', 'groww', 'dhan', 'fyers', 'icici', 'other')),
  is_default boolean not null default false,
  -- Percentages are of turnover per executed order (0.03 means 0.03 %); caps and flat fees in rupees.
  delivery_brokerage_pct numeric(8, 5) not null default 0 check (delivery_brokerage_pct >= 0),
  delivery_brokerage_cap numeric(10, 2) check (delivery_brokerage_cap >= 0),
  intraday_brokerage_pct numeric(8, 5) not null default 0.03 check (intraday_brokerage_pct >= 0),
  intraday_brokerage_cap numeric(10, 2) default 20 check (intraday_brokerage_cap >= 0),
  futures_brokerage_pct numeric(8, 5) not null default 0.03 check (futures_brokerage_pct >= 0),
  futures_brokerage_cap numeric(10, 2) default 20 check (futures_brokerage_cap >= 0),
  options_brokerage_per_order numeric(10, 2) not null default 20 check (options_brokerage_per_order >= 0),
  dp_charge_per_sell numeric(10, 2) not null default 0 check (dp_charge_per_sell >= 0),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (id, user_id)
);
create index if not exists broker_profiles_user_idx on public.broker_profiles (user_id);
create unique index if not exists broker_profiles_one_default_idx
  on public.broker_profiles (user_id) where is_default;

-- Import history; deleting an import (undo) deletes the trades and fills it created.
create table if not exists public.imports (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  broker text not null check (broker in ('zerodha', 'upstox', 'angelone', 'groww', 'dhan', 'fyers', 'icici', 'other')),
  file_name text not null,
  file_format text check (file_format in ('csv', 'xlsx')),
  rows_total integer not null default 0 check (rows_total >= 0),
  rows_skipped integer not null default 0 check (rows_skipped >= 0),
  duplicates_skipped integer not null default 0 check (duplicates_skipped >= 0),
  executions_created integer not null default 0 check (executions_created >= 0),
  trades_created integer not null default 0 check (trades_created >= 0),
  status text not null default 'pending' check (status in ('pending', 'completed', 'failed')),
  error text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (id, user_id)
);
create index if not exists imports_user_created_idx on public.imports (user_id, created_at desc);

create table if not exists public.playbooks (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  name text not null check (length(trim(name)) between 1 and 120),
  description text,
  -- Checklist: [{"id": "r1", "text": "Price above VWAP"}, …]; ids are what trade_playbook_rules refers to.
  rules jsonb not null default '[]'::jsonb check (jsonb_typeof(rules) = 'array'),
  markets text[] not null default '{}',
  timeframes text[] not null default '{}',
  is_archived boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (id, user_id)
);
create index if not exists playbooks_user_idx on public.playbooks (user_id, created_at desc);

create table if not exists public.trades (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  exchange text not null check (exchange in ('NSE', 'BSE', 'MCX')),
  segment text not null check (segment in ('equity', 'futures', 'options')),
  product text not null check (product in ('intraday', 'delivery', 'carry_forward')),
  symbol text not null check (length(trim(symbol)) between 1 and 64),
  underlying text,
  expiry date,
  strike numeric(12, 2) check (strike > 0),
  option_type text check (option_type in ('CE', 'PE')),
  lot_size integer check (lot_size > 0),
  side text not null check (side in ('long', 'short')),
  -- Units (shares or contracts × lot size), not lots.
  quantity integer not null check (quantity > 0),
  avg_entry_price numeric(14, 4) not null check (avg_entry_price >= 0),
  avg_exit_price numeric(14, 4) check (avg_exit_price >= 0),
  entry_time timestamptz not null,
  exit_time timestamptz,
  -- The IST calendar day of entry, for the calendar and per-day statistics.
  trade_date date generated always as ((entry_time at time zone 'Asia/Kolkata')::date) stored,
  status text not null default 'open' check (status in ('open', 'closed')),
  gross_pnl numeric(16, 2),
  charges numeric(14, 2) not null default 0 check (charges >= 0),
  charges_breakdown jsonb check (charges_breakdown is null or jsonb_typeof(charges_breakdown) = 'object'),
  charges_source text not null default 'estimated' check (charges_source in ('broker', 'estimated')),
  net_pnl numeric(16, 2) generated always as (gross_pnl - charges) stored,
  stop_loss numeric(14, 4) check (stop_loss >= 0),
  target numeric(14, 4) check (target >= 0),
  playbook_id uuid,
  broker_profile_id uuid,
  emotions_before text[] not null default '{}',
  emotions_after text[] not null default '{}',
  mistakes text[] not null default '{}',
  rating smallint check (rating between 1 and 5),
  notes text,
  import_source text not null default 'manual'
    check (import_source in ('manual', 'zerodha', 'upstox', 'angelone', 'groww', 'dhan', 'fyers', 'icici', 'other')),
  import_id uuid,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (id, user_id),
  constraint trades_instrument_shape check (
    (segment = 'equity' and expiry is null and strike is null and option_type is null)
    or (segment = 'futures' and underlying is not null and expiry is not null and strike is null
        and option_type is null and lot_size is not null)
    or (segment = 'options' and underlying is not null and expiry is not null and strike is not null
        and option_type is not null and lot_size is not null)
  ),
  constraint trades_product_fits_segment check (
    case when segment = 'equity' then product in ('intraday', 'delivery')
    else product in ('intraday', 'carry_forward') end
  ),
  constraint trades_closed_has_exit check (
    status = 'open' or (avg_exit_price is not null and exit_time is not null and gross_pnl is not null)
  ),
  constraint trades_exit_after_entry check (exit_time is null or exit_time >= entry_time),
  constraint trades_playbook_fk foreign key (playbook_id, user_id)
    references public.playbooks (id, user_id) on delete set null (playbook_id),
  constraint trades_broker_profile_fk foreign key (broker_profile_id, user_id)
    references public.broker_profiles (id, user_id) on delete set null (broker_profile_id),
  constraint trades_import_fk foreign key (import_id, user_id)
    references public.imports (id, user_id) on delete cascade
);
create index if not exists trades_user_entry_idx on public.trades (user_id, entry_time desc);
create index if not exists trades_user_date_idx on public.trades (user_id, trade_date);
create index if not exists trades_user_exit_idx on public.trades (user_id, exit_time desc) where exit_time is not null;
create index if not exists trades_user_symbol_idx on public.trades (user_id, underlying, symbol);
create index if not exists trades_playbook_idx on public.trades (playbook_id) where playbook_id is not null;
create index if not exists trades_import_idx on public.trades (import_id) where import_id is not null;

-- Fills. (user_id, broker, broker_trade_id) de-duplicates re-imports of overlapping files.
create table if not exists public.trade_executions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  trade_id uuid not null,
  broker text not null default 'manual',
  side text not null check (side in ('buy', 'sell')),
  quantity integer not null check (quantity > 0),
  price numeric(14, 4) not null check (price >= 0),
  executed_at timestamptz not null,
  broker_trade_id text,
  broker_order_id text,
  import_id uuid,
  created_at timestamptz not null default now(),
  constraint trade_executions_broker_trade_key unique (user_id, broker, broker_trade_id),
  constraint trade_executions_trade_fk foreign key (trade_id, user_id)
    references public.trades (id, user_id) on delete cascade,
  constraint trade_executions_import_fk foreign key (import_id, user_id)
    references public.imports (id, user_id) on delete cascade
);
create index if not exists trade_executions_trade_idx on public.trade_executions (trade_id, executed_at);
create index if not exists trade_executions_user_time_idx on public.trade_executions (user_id, executed_at desc);
create index if not exists trade_executions_import_idx on public.trade_executions (import_id) where import_id is not null;

-- Adherence: which checklist rules of a playbook a trade followed.
create table if not exists public.trade_playbook_rules (
  trade_id uuid not null,
  playbook_id uuid not null,
  rule_id text not null,
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  followed boolean not null,
  created_at timestamptz not null default now(),
  primary key (trade_id, playbook_id, rule_id),
  constraint trade_playbook_rules_trade_fk foreign key (trade_id, user_id)
    references public.trades (id, user_id) on delete cascade,
  constraint trade_playbook_rules_playbook_fk foreign key (playbook_id, user_id)
    references public.playbooks (id, user_id) on delete cascade
);
create index if not exists trade_playbook_rules_playbook_idx on public.trade_playbook_rules (playbook_id);
create index if not exists trade_playbook_rules_user_idx on public.trade_playbook_rules (user_id);

create table if not exists public.tags (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  name text not null check (length(trim(name)) between 1 and 40),
  color text check (color ~ '^#[0-9a-fA-F]{6}$'),
  created_at timestamptz not null default now(),
  unique (id, user_id)
);
create unique index if not exists tags_user_name_idx on public.tags (user_id, lower(name));

create table if not exists public.trade_tags (
  trade_id uuid not null,
  tag_id uuid not null,
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (trade_id, tag_id),
  constraint trade_tags_trade_fk foreign key (trade_id, user_id)
    references public.trades (id, user_id) on delete cascade,
  constraint trade_tags_tag_fk foreign key (tag_id, user_id) references public.tags (id, user_id) on delete cascade
);
create index if not exists trade_tags_tag_idx on public.trade_tags (tag_id);
create index if not exists trade_tags_user_idx on public.trade_tags (user_id);

-- Notebook pages and the daily journal (one daily entry per IST day).
create table if not exists public.notes (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  kind text not null default 'page' check (kind in ('page', 'daily')),
  journal_date date,
  title text not null default '' check (length(title) <= 200),
  body text not null default '',
  pinned boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (id, user_id),
  constraint notes_daily_has_date check (kind <> 'daily' or journal_date is not null)
);
create unique index if not exists notes_one_daily_per_day_idx on public.notes (user_id, journal_date) where kind = 'daily';
create index if not exists notes_user_updated_idx on public.notes (user_id, updated_at desc);

-- Capital movements: deposits and withdrawals are positive amounts; an adjustment carries its sign.
create table if not exists public.funds (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  kind text not null check (kind in ('deposit', 'withdrawal', 'adjustment')),
  amount numeric(16, 2) not null check (amount <> 0 and (kind = 'adjustment' or amount > 0)),
  occurred_on date not null,
  note text,
  broker_profile_id uuid,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint funds_broker_profile_fk foreign key (broker_profile_id, user_id)
    references public.broker_profiles (id, user_id) on delete set null (broker_profile_id)
);
create index if not exists funds_user_date_idx on public.funds (user_id, occurred_on desc);

-- Screenshots and charts in the private storage bucket `gallery`, under the owner's uid folder.
create table if not exists public.gallery_items (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  bucket text not null default 'gallery' check (bucket = 'gallery'),
  storage_path text not null,
  caption text,
  trade_id uuid,
  note_id uuid,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (bucket, storage_path),
  constraint gallery_items_path_in_own_folder check (split_part(storage_path, '/', 1) = user_id::text),
  constraint gallery_items_trade_fk foreign key (trade_id, user_id)
    references public.trades (id, user_id) on delete set null (trade_id),
  constraint gallery_items_note_fk foreign key (note_id, user_id)
    references public.notes (id, user_id) on delete set null (note_id)
);
create index if not exists gallery_items_user_created_idx on public.gallery_items (user_id, created_at desc);
create index if not exists gallery_items_trade_idx on public.gallery_items (trade_id) where trade_id is not null;
create index if not exists gallery_items_note_idx on public.gallery_items (note_id) where note_id is not null;

-- updated_at triggers, RLS, privileges and the owner-only policies, the same for every journal table.
do $$
declare
  t text;
  own text := 'user_id = (select auth.uid())';
begin
  foreach t in array array[
    'broker_profiles', 'imports', 'playbooks', 'trades', 'trade_executions', 'trade_playbook_rules',
    'tags', 'trade_tags', 'notes', 'funds', 'gallery_items'
  ] loop
    if exists (
      select 1 from information_schema.columns
      where table_schema = 'public' and table_name = t and column_name = 'updated_at'
    ) then
      execute format(
        'create or replace trigger set_updated_at before update on public.%I '
        'for each row execute function private.set_updated_at()', t);
    end if;

    execute format('alter table public.%I enable row level security', t);
    execute format('revoke all on table public.%I from public, anon', t);
    execute format('grant select, insert, update, delete on table public.%I to authenticated', t);
    execute format('grant all on table public.%I to service_role', t);

    execute format('drop policy if exists "%s: read own" on public.%I', t, t);
    execute format('create policy "%s: read own" on public.%I for select to authenticated using (%s)', t, t, own);
    execute format('drop policy if exists "%s: insert own" on public.%I', t, t);
    execute format('create policy "%s: insert own" on public.%I for insert to authenticated with check (%s)',
      t, t, own);
    execute format('drop policy if exists "%s: update own" on public.%I', t, t);
    execute format('create policy "%s: update own" on public.%I for update to authenticated using (%s) with check (%s)',
      t, t, own, own);
    execute format('drop policy if exists "%s: delete own" on public.%I', t, t);
    execute format('create policy "%s: delete own" on public.%I for delete to authenticated using (%s)', t, t, own);
  end loop;
end
$$;
