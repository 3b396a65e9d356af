// The schema as a whole: RLS everywhere, RPC hygiene, migrations and seed safe to re-run, constraints,
// and the demo data the seed promises.
import { readFileSync } from 'node:fs';
import type { Database } from '@bahi/supabase-local';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, bootDatabase, migrationFiles, seedFile, sqlstate, user } from './support/db';
import { ADMIN, DEMO } from './support/ids';

let db: Database;

beforeAll(async () => {
  db = await bootDatabase();
}, 60_000);

afterAll(async () => {
  await db?.close();
});

type Row = Record<string, unknown>;
const rows = async <T = Row>(sql: string, params: unknown[] = []) => (await db.query<T>(sql, params)).rows;
const one = async <T = Row>(sql: string, params: unknown[] = []) => (await rows<T>(sql, params))[0] as T;

describe('migrations', () => {
  it('are named <14-digit timestamp>_<name>.sql', () => {
    const names = migrationFiles().map((f) => f.split('/').pop());
    expect(names.length).toBeGreaterThanOrEqual(5);
    for (const name of names) expect(name).toMatch(/^\d{14}_[a-z0-9_]+\.sql$/);
  });

  it('enable RLS on every table in public and private', async () => {
    const tables = await rows<{ name: string; rls: boolean }>(
      `select n.nspname || '.' || c.relname as name, c.relrowsecurity as rls
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname in ('public', 'private') and c.relkind in ('r', 'p')
       order by 1`,
    );
    expect(tables.map((t) => t.name)).toEqual([
      'private.app_settings',
      'public.broker_profiles',
      'public.corporate_actions',
      'public.deleted_fills',
      'public.fair_market_values',
      'public.fills',
      'public.funds',
      'public.gallery_items',
      'public.imports',
      'public.journal_revisions',
      'public.notes',
      'public.payment_orders',
      'public.payments',
      'public.playbooks',
      'public.subscriptions',
      'public.tags',
      'public.trade_playbook_rules',
      'public.trade_tags',
      'public.trades',
      'public.user_roles',
    ]);
    for (const t of tables) expect(t.rls, t.name).toBe(true);
  });

  // Only the server's own functions run as their owner; everything a signed-in user may call is SECURITY INVOKER
  // (RLS, and the checks inside, are its guard), so no SECURITY DEFINER function is open to anon or authenticated.
  const DEFINER = ['cancel_subscription', 'record_verified_payment'];
  it('make only the server-only public functions SECURITY DEFINER, all with an empty search_path, closed to anon', async () => {
    const fns = await rows<{ name: string; definer: boolean; config: string[] | null; anon: boolean; auth: boolean }>(
      `select p.proname as name, p.prosecdef as definer, p.proconfig as config,
         has_function_privilege('anon', p.oid, 'execute') as anon,
         has_function_privilege('authenticated', p.oid, 'execute') as auth
       from pg_proc p where p.pronamespace = 'public'::regnamespace order by 1`,
    );
    for (const f of fns) {
      expect(f.definer, f.name).toBe(DEFINER.includes(f.name));
      if (f.definer) expect(f.auth, f.name).toBe(false);
      expect(f.config, f.name).toContain('search_path=""');
      expect(f.anon, f.name).toBe(false);
    }
    // The app's RPCs are open to signed-in users (each checks the caller itself; journal_trades is a read under RLS).
    const forUsers = fns.filter((f) => f.auth).map((f) => f.name);
    expect(forUsers).toEqual([
      'add_role_to_user',
      'admin_list_subscriptions',
      'admin_list_users',
      'change_corporate_action',
      'has_free_access',
      'import_trades',
      'is_admin_secure',
      'journal_fills',
      'journal_revision',
      'journal_trades',
      'rebuild_trades',
      'remove_role_from_user',
      'tax_trades',
      'undo_import',
    ]);
  });

  it('apply a second time without error and without touching data or policies', async () => {
    const before = await one<{ trades: number; policies: number; settings: number }>(
      `select (select count(*) from public.trades)::int as trades,
         (select count(*) from pg_policies where schemaname = 'public' or policyname like 'gallery:%')::int as policies,
         (select count(*) from private.app_settings)::int as settings`,
    );
    for (const file of migrationFiles()) await db.exec(readFileSync(file, 'utf8'));
    const after = await one(
      `select (select count(*) from public.trades)::int as trades,
         (select count(*) from pg_policies where schemaname = 'public' or policyname like 'gallery:%')::int as policies,
         (select count(*) from private.app_settings)::int as settings`,
    );
    expect(after).toEqual(before);
    // 12 journal tables × 4 + 4 read-own + 2 role writes (admin) + 4 on storage.objects, fills' read, insert and
    // delete (fills are never updated), deleted_fills' read and delete, journal_revisions' read, insert and update
    expect(before.policies).toBe(66);
  });
});

describe('constraints', () => {
  const insertTrade = (columns: string) =>
    sqlstate(
      as(
        db,
        user(DEMO),
        `insert into public.trades (user_id, exchange, ${Object.keys(parse(columns)).join(', ')})
         values ('${DEMO}', 'NSE', ${Object.values(parse(columns)).join(', ')}) returning trade_date, net_pnl`,
      ),
    );
  const parse = (s: string) => Object.fromEntries(s.split(';').map((kv) => kv.split('=').map((x) => x.trim())));
  const option = `segment='options'; product='intraday'; symbol='NIFTY26N2426000CE'; underlying='NIFTY';
    expiry='2026-11-24'; strike=26000; option_type='CE'; lot_size=65; side='long'; quantity=130;
    avg_entry_price=120; entry_time='2026-11-20 10:00+05:30'`;

  it('accept a well-formed open option trade', async () => {
    expect(await insertTrade(option)).toBe('ok');
  });

  it('refuse an option without a strike, a future with a strike, equity carried forward', async () => {
    expect(await insertTrade(option.replace('strike=26000', 'strike=null'))).toBe('23514');
    expect(
      await insertTrade(
        option.replace("segment='options'", "segment='futures'").replace("option_type='CE'", 'option_type=null'),
      ),
    ).toBe('23514');
    expect(
      await insertTrade(
        `segment='equity'; product='carry_forward'; symbol='SBIN'; side='long'; quantity=10; avg_entry_price=880;
         entry_time='2026-11-20 10:00+05:30'`,
      ),
    ).toBe('23514');
  });

  it('refuse a closed trade without an exit, and a rating of 6', async () => {
    expect(await insertTrade(`${option}; status='closed'`)).toBe('23514');
    expect(await insertTrade(`${option}; rating=6`)).toBe('23514');
  });

  it('date a trade by its Indian day and derive net P&L', async () => {
    const [row] = await as<{ trade_date: Date; net_pnl: string }>(
      db,
      user(DEMO),
      // 20:00 UTC on 20 Nov is 01:30 IST on 21 Nov. Gross 3,900 − charges 91.41 = 3,808.59.
      `insert into public.trades (user_id, exchange, segment, product, symbol, side, quantity, avg_entry_price,
         avg_exit_price, entry_time, exit_time, status, gross_pnl, charges)
       values ('${DEMO}', 'NSE', 'equity', 'delivery', 'TCS', 'long', 10, 3100, 3490,
         '2026-11-20 20:00:00+00', '2026-11-20 20:05:00+00', 'closed', 3900, 91.41)
       returning to_char(trade_date, 'YYYY-MM-DD') as trade_date, net_pnl`,
    );
    expect(row).toEqual({ trade_date: '2026-11-21', net_pnl: '3808.59' });
  });

  it('date the P&L by the Indian day of exit, a minute either side of IST midnight, and none while open', async () => {
    // Entered 10:00 IST on 20 Nov. 18:29 UTC on 20 Nov is 23:59 IST the same day; 18:31 UTC is 00:01 IST on 21 Nov.
    const rows = await as<{ symbol: string; trade_date: string; exit_date: string | null }>(
      db,
      user(DEMO),
      `insert into public.trades (user_id, exchange, segment, product, symbol, side, quantity, avg_entry_price,
         avg_exit_price, entry_time, exit_time, status, gross_pnl)
       values
         ('${DEMO}', 'NSE', 'equity', 'delivery', 'TCS', 'long', 1, 3100, 3110,
          '2026-11-20 10:00+05:30', '2026-11-20 18:29:00+00', 'closed', 10),
         ('${DEMO}', 'NSE', 'equity', 'delivery', 'INFY', 'long', 1, 1500, 1490,
          '2026-11-20 10:00+05:30', '2026-11-20 18:31:00+00', 'closed', -10),
         ('${DEMO}', 'NSE', 'equity', 'delivery', 'SBIN', 'long', 1, 800, null,
          '2026-11-20 10:00+05:30', null, 'open', null)
       returning symbol, to_char(trade_date, 'YYYY-MM-DD') as trade_date, to_char(exit_date, 'YYYY-MM-DD') as exit_date`,
    );
    expect(rows).toEqual([
      { symbol: 'TCS', trade_date: '2026-11-20', exit_date: '2026-11-20' },
      { symbol: 'INFY', trade_date: '2026-11-20', exit_date: '2026-11-21' },
      { symbol: 'SBIN', trade_date: '2026-11-20', exit_date: null },
    ]);
  });

  it('index the exit day for per-day reads', async () => {
    const index = await one<{ def: string }>(
      `select indexdef as def from pg_indexes where schemaname = 'public' and indexname = 'trades_user_exit_date_idx'`,
    );
    expect(index.def).toContain('(user_id, exit_date)');
  });

  it('stamp updated_at on every update', async () => {
    const [row] = await as<{ moved: boolean }>(
      db,
      user(DEMO),
      `update public.notes set title = 'My trading rules (v2)' where title = 'My trading rules'
       returning updated_at > created_at and updated_at = now() as moved`,
    );
    expect(row).toEqual({ moved: true });
  });

  it('refuse a second daily journal entry for the same day', async () => {
    expect(
      await sqlstate(
        as(
          db,
          user(DEMO),
          `insert into public.notes (user_id, kind, journal_date) values ('${DEMO}', 'daily', '2026-08-03')`,
        ),
      ),
    ).toBe('23505');
  });

  it('de-duplicate a re-imported fill by its day, venue, order and trade id, and keep a same-numbered fill of another day', async () => {
    const [fill] = await rows<{ id: string }>(
      `select id from public.fills where user_id = $1 and broker_trade_id is not null limit 1`,
      [DEMO],
    );
    const insert = (later: string) =>
      as(
        db,
        user(DEMO),
        `insert into public.fills (user_id, broker, exchange, segment, symbol, side, quantity, price, executed_at,
           broker_trade_id, broker_order_id)
         select user_id, broker, exchange, segment, symbol, side, quantity, price, executed_at + interval '${later}',
           broker_trade_id, broker_order_id
         from public.fills where id = '${fill?.id}'`,
      );
    // The same fill again (same IST day, venue, order and trade number): refused.
    expect(await sqlstate(insert('0 days'))).toBe('23505');
    // Exchange trade numbers restart every day: the same number a day later is another fill.
    expect(await sqlstate(insert('1 day'))).toBe('ok');
  });
});

describe('seed', () => {
  it('creates the demo trader, confirmed, with the documented password and profile', async () => {
    await db.exec('set search_path = public, extensions');
    const demo = await one<Row>(
      `select email, email_confirmed_at is not null as confirmed,
         encrypted_password = crypt('demo-trader-2026', encrypted_password) as password_ok,
         encrypted_password = crypt('wrong-password', encrypted_password) as wrong_ok,
         raw_user_meta_data ->> 'full_name' as full_name,
         raw_user_meta_data -> 'onboarding_completed' as onboarding_completed
       from auth.users where id = $1`,
      [DEMO],
    );
    expect(demo).toEqual({
      email: 'demo@bahi.local',
      confirmed: true,
      password_ok: true,
      wrong_ok: false,
      full_name: 'Asha Mehta',
      onboarding_completed: true,
    });
    const identities = await rows(
      `select provider, identity_data ->> 'email' as email from auth.identities where user_id = $1`,
      [DEMO],
    );
    expect(identities).toEqual([{ provider: 'email', email: 'demo@bahi.local' }]);
  });

  it('creates the bootstrap admin with no roles and points the setting at it', async () => {
    const admin = await one<Row>(
      `select email, email_confirmed_at is not null as confirmed,
         encrypted_password = crypt('admin-bahi-2026', encrypted_password) as password_ok
       from auth.users where id = $1`,
      [ADMIN],
    );
    expect(admin).toEqual({ email: 'admin@bahi.local', confirmed: true, password_ok: true });
    expect(await rows(`select * from public.user_roles`)).toEqual([]);
    expect(await rows(`select value from private.app_settings where key = 'bootstrap_admin_email'`)).toEqual([
      { value: 'admin@bahi.local' },
    ]);
  });

  it("gives the demo trader an active yearly subscription, found by the app's own query", async () => {
    const found = await as<Row>(
      db,
      user(DEMO),
      `select plan, status, end_date > now() as in_future from public.subscriptions
       where user_id = '${DEMO}' and status = 'active' order by created_at desc limit 1`,
    );
    expect(found).toEqual([{ plan: 'yearly', status: 'active', in_future: true }]);
    // ₹3,240 = 3,24,000 paise
    expect(await rows(`select amount_paise, status from public.payments where user_id = $1`, [DEMO])).toEqual([
      { amount_paise: 324000, status: 'captured' },
    ]);
  });

  it('journals Aug–Nov 2026 across equity, futures and options', async () => {
    const summary = await one<Row>(
      `select count(*)::int as trades, min(trade_date)::text as first, max(trade_date)::text as last,
         count(distinct segment)::int as segments, count(distinct product)::int as products,
         count(*) filter (where status = 'open')::int as open,
         count(distinct to_char(trade_date, 'YYYY-MM'))::int as months
       from public.trades where user_id = $1`,
      [DEMO],
    );
    expect(summary.trades).toBeGreaterThan(80);
    expect(summary.first).toBe('2026-08-03');
    expect(summary.last).toBe('2026-11-20');
    expect(summary).toMatchObject({ segments: 3, products: 3, months: 4 });
    const symbols = await rows<{ underlying: string }>(
      `select distinct underlying from public.trades where user_id = $1 order by 1`,
      [DEMO],
    );
    expect(symbols.map((s) => s.underlying)).toEqual([
      'BANKNIFTY',
      'HDFCBANK',
      'INFY',
      'NIFTY',
      'RELIANCE',
      'SBIN',
      'TCS',
    ]);
  });

  it('sizes index options in 2026 lots: NIFTY 65, BANKNIFTY 30', async () => {
    const bad = await rows(
      `select symbol, quantity, lot_size from public.trades
       where user_id = $1 and segment = 'options'
         and not (((underlying = 'NIFTY' and lot_size = 65) or (underlying = 'BANKNIFTY' and lot_size = 30))
                  and quantity % lot_size = 0)`,
      [DEMO],
    );
    expect(bad).toEqual([]);
  });

  it('backs every trade with fills that add up to its quantity', async () => {
    const bad = await rows(
      `select t.id, t.quantity, sum(p.units) filter (where e.side = 'buy') as bought,
         sum(p.units) filter (where e.side = 'sell') as sold
       from public.trades t
       left join lateral unnest(t.fill_ids, t.fill_units) as p (id, units) on true
       left join public.fills e on e.id = p.id
       where t.user_id = $1
       group by t.id
       having (t.status = 'closed' and (coalesce(sum(p.units) filter (where e.side = 'buy'), 0) <> t.quantity
                or coalesce(sum(p.units) filter (where e.side = 'sell'), 0) <> t.quantity))
           or (t.status = 'open' and sum(p.units) <> t.quantity)`,
      [DEMO],
    );
    expect(bad).toEqual([]);
  });

  it('charges the first trade as worked by hand (NIFTY weekly option, 3 lots, a loss)', async () => {
    // Buy 195 NIFTY 26500 CE expiring Tue 4 Aug at 87.30, sell at 80.20, on Mon 3 Aug 2026.
    // Buy value 17,023.50; sell value 15,639.00; turnover 32,662.50.
    // Brokerage 2 × ₹20 = 40; STT 0.15% of 15,639 = 23.46 → ₹23; NSE txn 0.03503% = 11.44;
    // SEBI ₹10/crore = 0.03; IPFT ₹50/crore = 0.16; stamp 0.003% of buy = 0.51; GST 18% of 51.47 = 9.26.
    // Charges 84.40; gross (80.20 − 87.30) × 195 = −1,384.50; net −1,468.90.
    const trade = await one<Row>(
      `select symbol, expiry::text, quantity::text as quantity, avg_entry_price::text as entry, avg_exit_price::text as exit,
         gross_pnl::text as gross, charges::text as charges, net_pnl::text as net, charges_breakdown as breakdown
       from public.trades where user_id = $1 order by entry_time limit 1`,
      [DEMO],
    );
    expect(trade).toEqual({
      symbol: 'NIFTY2680426500CE',
      expiry: '2026-08-04',
      quantity: '195',
      entry: '87.3000',
      exit: '80.2000',
      gross: '-1384.50',
      charges: '84.40',
      net: '-1468.90',
      breakdown: {
        brokerage: 40,
        stt: 23,
        exchange_txn: 11.44,
        sebi: 0.03,
        ipft: 0.16,
        stamp_duty: 0.51,
        gst: 9.26,
        dp_charges: 0,
      },
    });
  });

  it('adds playbooks, notes and funds', async () => {
    const counts = await one<Row>(
      `select (select count(*) from public.playbooks where user_id = $1)::int as playbooks,
         (select count(*) from public.notes where user_id = $1 and kind = 'daily')::int as daily,
         (select count(*) from public.notes where user_id = $1 and kind = 'page')::int as pages,
         (select sum(amount) from public.funds where user_id = $1 and kind = 'deposit')::text as deposits`,
      [DEMO],
    );
    expect(counts).toEqual({ playbooks: 4, daily: 12, pages: 5, deposits: '600000.00' });
  });

  it('writes the daily journal on trading days, each with its trades to link to', async () => {
    // A day's trades, as the notebook and the calendar list them: closed that day, or opened that day.
    const lonely = await rows(
      `select n.journal_date::text as day from public.notes n
       where n.user_id = $1 and n.kind = 'daily'
         and not exists (
           select 1 from public.trades t
           where t.user_id = n.user_id and (t.exit_date = n.journal_date or t.trade_date = n.journal_date))`,
      [DEMO],
    );
    expect(lonely).toEqual([]);
  });

  it('can run again: it resets the two accounts to the same state', async () => {
    const before = await one(`select count(*)::int as n, sum(net_pnl)::text as net from public.trades`);
    await db.exec(readFileSync(seedFile, 'utf8'));
    const after = await one(`select count(*)::int as n, sum(net_pnl)::text as net from public.trades`);
    expect(after).toEqual(before);
  });
});
