-- The tax P&L: the fair market value on 31 Jan 2018 of a share bought before 1 Feb 2018, which the trader gives so
-- that its long-term gain is worked out on the grandfathered cost (Income-tax Act, 1961 s. 55(2)(ac)). One value per
-- share (base symbol, with its ISIN when known), per user.
create table if not exists public.fair_market_values (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  symbol text not null check (symbol ~ '^[A-Z0-9&_.-]{1,40}$'),
  isin text check (isin ~ '^[A-Z]{2}[A-Z0-9]{9}[0-9]$'),
  -- Rupees a share on 31 Jan 2018 (the highest price quoted that day, as the Act defines it).
  price numeric(14, 4) not null check (price > 0),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (user_id, symbol)
);

create or replace trigger set_updated_at before update on public.fair_market_values
  for each row execute function private.set_updated_at();
alter table public.fair_market_values enable row level security;
revoke all on table public.fair_market_values from public, anon;
grant select, insert, update, delete on table public.fair_market_values to authenticated;
grant all on table public.fair_market_values to service_role;
drop policy if exists "fair_market_values: read own" on public.fair_market_values;
create policy "fair_market_values: read own" on public.fair_market_values for select to authenticated
  using (user_id = (select auth.uid()));
drop policy if exists "fair_market_values: insert own" on public.fair_market_values;
create policy "fair_market_values: insert own" on public.fair_market_values for insert to authenticated
  with check (user_id = (select auth.uid()));
drop policy if exists "fair_market_values: update own" on public.fair_market_values;
create policy "fair_market_values: update own" on public.fair_market_values for update to authenticated
  using (user_id = (select auth.uid())) with check (user_id = (select auth.uid()));
drop policy if exists "fair_market_values: delete own" on public.fair_market_values;
create policy "fair_market_values: delete own" on public.fair_market_values for delete to authenticated
  using (user_id = (select auth.uid()));
