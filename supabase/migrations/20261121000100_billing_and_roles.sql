-- Subscriptions, roles and Razorpay payments. Only the server (service_role, which bypasses RLS) writes
-- these tables; a signed-in user may read their own subscription, roles, orders and payments.

create table if not exists public.subscriptions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  status text not null default 'pending' check (status in ('active', 'cancelled', 'expired', 'pending')),
  plan text not null check (plan in ('monthly', 'yearly')),
  provider text not null default 'razorpay',
  provider_subscription_id text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  end_date timestamptz not null,
  cancelled_at timestamptz
);
comment on table public.subscriptions is
  'Access rule: a row with status active and end_date in the future. Written only by the razorpay function.';
-- The app's access check: user_id = X and status = active order by created_at desc limit 1.
create index if not exists subscriptions_user_status_created_idx
  on public.subscriptions (user_id, status, created_at desc);
create unique index if not exists subscriptions_provider_subscription_id_key
  on public.subscriptions (provider, provider_subscription_id)
  where provider_subscription_id is not null;

create table if not exists public.user_roles (
  user_id uuid not null references auth.users (id) on delete cascade,
  role text not null check (role in ('admin', 'free_user')),
  granted_by uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  primary key (user_id, role)
);

-- A Razorpay order (Orders API): amounts in integer paise, as Razorpay takes them.
create table if not exists public.payment_orders (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  razorpay_order_id text not null unique check (razorpay_order_id like 'order\_%'),
  plan text not null check (plan in ('monthly', 'yearly')),
  amount_paise integer not null check (amount_paise > 0),
  currency text not null default 'INR' check (currency = 'INR'),
  status text not null default 'created' check (status in ('created', 'paid', 'failed')),
  receipt text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index if not exists payment_orders_user_created_idx on public.payment_orders (user_id, created_at desc);

create table if not exists public.payments (
  id uuid primary key default gen_random_uuid(),
  razorpay_payment_id text not null unique check (razorpay_payment_id like 'pay\_%'),
  order_id uuid not null references public.payment_orders (id) on delete cascade,
  user_id uuid not null references auth.users (id) on delete cascade,
  amount_paise integer not null check (amount_paise > 0),
  currency text not null default 'INR' check (currency = 'INR'),
  status text not null check (status in ('authorized', 'captured', 'failed', 'refunded')),
  -- Set only after the HMAC over the stored order id and the payment id matched.
  signature_verified_at timestamptz,
  raw jsonb,
  created_at timestamptz not null default now()
);
create index if not exists payments_order_idx on public.payments (order_id);
create index if not exists payments_user_created_idx on public.payments (user_id, created_at desc);

create or replace trigger set_updated_at before update on public.subscriptions
  for each row execute function private.set_updated_at();
create or replace trigger set_updated_at before update on public.payment_orders
  for each row execute function private.set_updated_at();

alter table public.subscriptions enable row level security;
alter table public.user_roles enable row level security;
alter table public.payment_orders enable row level security;
alter table public.payments enable row level security;

-- Privileges: read-only for signed-in users (RLS narrows to their rows), nothing for anon, all for the server.
revoke all on public.subscriptions, public.user_roles, public.payment_orders, public.payments from public;
revoke all on public.subscriptions, public.user_roles, public.payment_orders, public.payments from anon, authenticated;
grant select on public.subscriptions, public.user_roles, public.payment_orders, public.payments to authenticated;
grant all on public.subscriptions, public.user_roles, public.payment_orders, public.payments to service_role;

drop policy if exists "subscriptions: read own" on public.subscriptions;
create policy "subscriptions: read own" on public.subscriptions
  for select to authenticated using (user_id = (select auth.uid()));

drop policy if exists "user_roles: read own" on public.user_roles;
create policy "user_roles: read own" on public.user_roles
  for select to authenticated using (user_id = (select auth.uid()));

drop policy if exists "payment_orders: read own" on public.payment_orders;
create policy "payment_orders: read own" on public.payment_orders
  for select to authenticated using (user_id = (select auth.uid()));

drop policy if exists "payments: read own" on public.payments;
create policy "payments: read own" on public.payments
  for select to authenticated using (user_id = (select auth.uid()));
-- No insert/update/delete policies: with RLS on, those are refused for every role but service_role.
