// Paid access, enforced by the database: with access (admin, free_user, an account younger than 24 hours, or an
// active subscription ending in the future) a trader inserts and updates their journal; without it they still read,
// export and delete their own rows, and every insert and update is refused (42501), through the tables, the RPCs
// and the gallery bucket alike. The assistant's daily quota is kept here too.
import type { Database } from '@bahi/supabase-local';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, bootDatabase, type Caller, commitAs, service, sqlstate, user } from './support/db';
import { toRpc } from './support/fills';

let db: Database;

interface Account {
  label: string;
  id: string;
  /** Hours since the account was created. */
  ageHours: number;
  role?: 'admin' | 'free_user';
  subscription?: { status: 'active' | 'cancelled' | 'expired'; endsInDays: number; cancelled?: boolean };
  access: boolean;
}

const DAY = 24;
const accounts: Account[] = [
  { label: 'new account (1 hour old)', id: 'e0000000-0000-4000-8000-000000000001', ageHours: 1, access: true },
  {
    label: 'paid (active, ends in 30 days)',
    id: 'e0000000-0000-4000-8000-000000000002',
    ageHours: 90 * DAY,
    subscription: { status: 'active', endsInDays: 30 },
    access: true,
  },
  {
    label: 'cancelled within the paid period',
    id: 'e0000000-0000-4000-8000-000000000003',
    ageHours: 90 * DAY,
    subscription: { status: 'active', endsInDays: 10, cancelled: true },
    access: true,
  },
  {
    label: 'free access (free_user)',
    id: 'e0000000-0000-4000-8000-000000000004',
    ageHours: 400 * DAY,
    role: 'free_user',
    access: true,
  },
  {
    label: 'admin',
    id: 'e0000000-0000-4000-8000-000000000005',
    ageHours: 400 * DAY,
    role: 'admin',
    access: true,
  },
  {
    label: 'lapsed (subscription cancelled)',
    id: 'e0000000-0000-4000-8000-000000000006',
    ageHours: 400 * DAY,
    subscription: { status: 'cancelled', endsInDays: -5, cancelled: true },
    access: false,
  },
  {
    label: 'expired (active, but end_date has passed)',
    id: 'e0000000-0000-4000-8000-000000000007',
    ageHours: 400 * DAY,
    subscription: { status: 'active', endsInDays: -1 },
    access: false,
  },
  {
    label: 'free window over (25 hours old, never paid)',
    id: 'e0000000-0000-4000-8000-000000000008',
    ageHours: 25,
    access: false,
  },
];

const callerOf = (a: Account): Caller => user(a.id, `${a.id.slice(-2)}@entitlement.test`);

/** Every journal table, with an insert a trader would make (params: $1 = the trader's id). */
const inserts: Record<string, string> = {
  imports: `insert into public.imports (user_id, broker, file_name) values ($1, 'zerodha', 'tradebook-2026.csv')`,
  playbooks: `insert into public.playbooks (user_id, name) values ($1, 'Opening range')`,
  trades: `insert into public.trades (user_id, exchange, segment, product, symbol, side, quantity, avg_entry_price,
      entry_time, status)
    values ($1, 'NSE', 'equity', 'intraday', 'SBIN', 'long', 10, 800, now(), 'open')`,
  fills: `insert into public.fills (user_id, broker, exchange, segment, symbol, side, quantity, price, executed_at)
    values ($1, 'zerodha', 'NSE', 'equity', 'SBIN', 'buy', 1, 2400, now())`,
  trade_playbook_rules: `insert into public.trade_playbook_rules (user_id, trade_id, playbook_id, rule_id, followed)
    select $1, t.id, p.id, 'r2', false from public.trades t, public.playbooks p
    where t.user_id = $1 and p.user_id = $1`,
  tags: `insert into public.tags (user_id, name) values ($1, 'gap-up')`,
  trade_tags: `insert into public.trade_tags (user_id, trade_id, tag_id)
    select $1, t.id, g.id from public.trades t, public.tags g where t.user_id = $1 and g.user_id = $1 and g.name = 'spare'`,
  notes: `insert into public.notes (user_id, title, body) values ($1, 'Weekly review', 'Cut losers faster.')`,
  funds: `insert into public.funds (user_id, kind, amount, occurred_on) values ($1, 'deposit', 50000, '2026-11-02')`,
  gallery_items: `insert into public.gallery_items (user_id, storage_path) values ($1, $1::uuid::text || '/breakout.png')`,
  corporate_actions: `insert into public.corporate_actions (user_id, symbol, kind, ratio_from, ratio_to, ex_date)
    values ($1, 'TCS', 'bonus', 1, 1, '2018-05-31')`,
  fair_market_values: `insert into public.fair_market_values (user_id, symbol, price) values ($1, 'TCS', 1508.55)`,
};
const journalTables = Object.keys(inserts);

/** One row of each journal table for a trader, written as the database owner. */
async function seedJournal(id: string): Promise<void> {
  await db.query(
    `with bp as (insert into public.broker_profiles (user_id, name, broker) values ($1, 'Zerodha', 'zerodha') returning id),
     imp as (insert into public.imports (user_id, broker, file_name) values ($1, 'zerodha', 'old.csv') returning id),
     pb as (insert into public.playbooks (user_id, name) values ($1, 'Gap fill') returning id),
     ex as (
       insert into public.fills (user_id, broker, exchange, segment, symbol, side, quantity, price, executed_at,
         import_id)
       select $1, 'zerodha', 'NSE', 'equity', 'INFY', 'buy', 10, 1500, '2026-10-01 10:00+05:30', imp.id from imp
       returning id
     ),
     tr as (
       insert into public.trades (user_id, exchange, segment, product, symbol, side, quantity, avg_entry_price,
         avg_exit_price, entry_time, exit_time, status, gross_pnl, playbook_id, broker_profile_id, import_id,
         fill_ids, fill_units)
       select $1, 'NSE', 'equity', 'delivery', 'INFY', 'long', 10, 1500, 1550, '2026-10-01 10:00+05:30',
         '2026-10-20 11:00+05:30', 'closed', 500, pb.id, bp.id, imp.id, array[ex.id], array[10]
       from pb, bp, imp, ex
       returning id
     ),
     rules as (
       insert into public.trade_playbook_rules (user_id, trade_id, playbook_id, rule_id, followed)
       select $1, tr.id, pb.id, 'r1', true from tr, pb returning trade_id
     ),
     tg as (insert into public.tags (user_id, name) values ($1, 'breakout'), ($1, 'spare') returning id, name),
     tt as (
       insert into public.trade_tags (user_id, trade_id, tag_id)
       select $1, tr.id, tg.id from tr, tg where tg.name = 'breakout' returning trade_id
     ),
     nt as (insert into public.notes (user_id, title) values ($1, 'Plan') returning id),
     fd as (
       insert into public.funds (user_id, kind, amount, occurred_on, broker_profile_id)
       select $1, 'deposit', 100000, '2026-09-01', bp.id from bp returning id
     ),
     gi as (
       insert into public.gallery_items (user_id, storage_path, trade_id, note_id)
       select $1, $1::uuid::text || '/infy.png', tr.id, nt.id from tr, nt returning id
     ),
     ca as (
       insert into public.corporate_actions (user_id, symbol, kind, ratio_from, ratio_to, ex_date)
       values ($1, 'INFY', 'bonus', 1, 1, '2018-09-04') returning id
     ),
     fmv as (insert into public.fair_market_values (user_id, symbol, price) values ($1, 'INFY', 1164.8) returning id)
     select (select count(*) from ex) + (select count(*) from rules) + (select count(*) from tt)
       + (select count(*) from fd) + (select count(*) from gi) + (select count(*) from ca) + (select count(*) from fmv)`,
    [id],
  );
  await db.query(`insert into storage.objects (bucket_id, name) values ('gallery', $1::uuid::text || '/infy.png')`, [
    id,
  ]);
}

beforeAll(async () => {
  db = await bootDatabase();
  for (const a of accounts) {
    await db.query(
      `insert into auth.users (id, email, aud, role, email_confirmed_at, created_at, updated_at, raw_user_meta_data)
       values ($1, $2, 'authenticated', 'authenticated', now(), now() - make_interval(hours => $3), now(), '{}')`,
      [a.id, callerOf(a).email, a.ageHours],
    );
    if (a.role) await db.query(`insert into public.user_roles (user_id, role) values ($1, $2)`, [a.id, a.role]);
    if (a.subscription) {
      const s = a.subscription;
      await db.query(
        `insert into public.subscriptions (user_id, status, plan, provider, provider_subscription_id, created_at,
           end_date, cancelled_at)
         values ($1, $2, 'monthly', 'razorpay', 'sub_' || replace($1::uuid::text, '-', ''), now() - interval '40 days',
           now() + make_interval(days => $3), case when $4 then now() - interval '1 day' end)`,
        [a.id, s.status, s.endsInDays, s.cancelled === true],
      );
    }
    await seedJournal(a.id);
  }
}, 120_000);

afterAll(async () => {
  await db?.close();
});

describe.each(accounts)('$label', (account) => {
  const me = callerOf(account);
  const refused = account.access ? 'ok' : '42501';

  it(`access.has_access() is ${account.access}`, async () => {
    const rows = await as<{ v: boolean }>(db, me, 'select access.has_access() as v');
    expect(rows[0]?.v).toBe(account.access);
  });

  it.each(journalTables)('%s: reads and deletes own rows; inserts and updates only with access', async (table) => {
    const mine = await as<{ n: number }>(db, me, `select count(*)::int as n from public.${table}`);
    expect(mine[0]?.n).toBeGreaterThan(0);

    expect(await sqlstate(as(db, me, inserts[table] as string, [account.id])), 'insert').toBe(refused);
    const update = as(db, me, `update public.${table} set created_at = created_at where user_id = $1 returning 1`, [
      account.id,
    ]);
    // Fills are never updated, with access or without: a rebuild writes trades, not fills.
    expect(await sqlstate(update), 'update').toBe(table === 'fills' ? '42501' : refused);

    const deleted = await as(db, me, `delete from public.${table} where user_id = $1 returning 1`, [account.id]);
    expect(deleted.length).toBeGreaterThan(0);
  });

  it('the insert really adds a row when allowed', async () => {
    if (!account.access) return;
    const n = await as<{ n: number }>(
      db,
      me,
      `with t as (${inserts.trades} returning 1) select count(*)::int as n from t`,
      [account.id],
    );
    expect(n[0]?.n).toBe(1);
  });

  it('broker profiles stay editable: /profile is open to every signed-in user', async () => {
    const rows = await as(
      db,
      me,
      `update public.broker_profiles set intraday_brokerage_cap = 20 where user_id = $1 returning id`,
      [account.id],
    );
    expect(rows).toHaveLength(1);
  });

  it('deleting a playbook still works without access (the trade keeps its row, without the playbook)', async () => {
    const rows = await as<{ n: number }>(
      db,
      me,
      `with d as (delete from public.playbooks where user_id = $1 returning id)
       select (select count(*)::int from d) as n`,
      [account.id],
    );
    expect(rows[0]?.n).toBe(1);
  });

  it('the gallery bucket: reads and deletes own files; uploads and replaces only with access', async () => {
    const files = await as(db, me, `select name from storage.objects where bucket_id = 'gallery'`);
    expect(files).toEqual([{ name: `${account.id}/infy.png` }]);
    const upload = as(
      db,
      me,
      `insert into storage.objects (bucket_id, name) values ('gallery', $1::uuid::text || '/new.png')`,
      [account.id],
    );
    expect(await sqlstate(upload), 'upload').toBe(refused);
    const replace = as(
      db,
      me,
      `update storage.objects set metadata = '{"size": 1}' where bucket_id = 'gallery' and name = $1::uuid::text || '/infy.png'
       returning 1`,
      [account.id],
    );
    expect(await sqlstate(replace), 'replace').toBe(refused);
    const removed = await as(
      db,
      me,
      `delete from storage.objects where name = $1::uuid::text || '/infy.png' returning 1`,
      [account.id],
    );
    expect(removed).toHaveLength(1);
  });

  it('import_trades refuses a file without access', async () => {
    const file = { broker: 'zerodha', file_name: 'tradebook.csv', file_format: 'csv', rows_total: 1 };
    // Buy 1 SBIN at 800, sell at 801.
    const fill = (side: 'buy' | 'sell', price: number, time: string) => ({
      side,
      quantity: 1,
      price,
      executed_at: `2026-11-20T${time}+05:30`,
      broker_trade_id: `${side}-${account.id}`,
      broker_order_id: null,
    });
    const trade = {
      exchange: 'NSE',
      segment: 'equity',
      product: 'intraday',
      symbol: 'SBIN',
      underlying: null,
      expiry: null,
      strike: null,
      option_type: null,
      lot_size: null,
      side: 'long',
      quantity: 1,
      avg_entry_price: 800,
      avg_exit_price: 801,
      entry_time: '2026-11-20T10:00:00+05:30',
      exit_time: '2026-11-20T11:00:00+05:30',
      status: 'closed',
      gross_pnl: 1,
      charges: 0.1,
      charges_breakdown: null,
      charges_source: 'estimated',
      broker_profile_id: null,
      executions: [fill('buy', 800, '10:00:00'), fill('sell', 801, '11:00:00')],
    };
    const payload = await toRpc(db, account.id, [trade]);
    const call = as(db, me, "select public.import_trades($1::jsonb, $2::jsonb, '{}', $3::jsonb) as v", [
      JSON.stringify(file),
      payload.trades,
      payload.fills,
    ]);
    expect(await sqlstate(call)).toBe(refused);
  });
});

describe('one rule for every caller', () => {
  it('the journal policies all use access.has_access for insert and update', async () => {
    const rows = await db.query<{ tablename: string; cmd: string; check: string | null }>(
      `select tablename, cmd, coalesce(with_check, '') as check from pg_policies
       where schemaname = 'public' and tablename = any($1) and cmd in ('INSERT', 'UPDATE') order by 1, 2`,
      [journalTables],
    );
    // An insert and an update policy on each, but fills, which have no update.
    expect(rows.rows).toHaveLength(journalTables.length * 2 - 1);
    for (const row of rows.rows) expect(row.check, `${row.tablename} ${row.cmd}`).toMatch(/access\.has_access\(\)/);
  });

  it('access.has_access is not reachable by anon, and answers false for a caller without a user', async () => {
    expect(await sqlstate(as(db, { role: 'anon' }, 'select access.has_access()'))).toBe('42501');
    expect((await as<{ v: boolean }>(db, service, 'select access.has_access() as v'))[0]?.v).toBe(false);
  });

  it('a trader cannot give themselves access: the views are read-only and roles are written by admins', async () => {
    const lapsed = accounts[5] as Account;
    const trader = callerOf(lapsed);
    const viaView = as(db, trader, `insert into access.roles (user_id, role) values ($1, 'free_user')`, [lapsed.id]);
    expect(await sqlstate(viaView)).toBe('42501');
    const viaTable = as(db, trader, `insert into public.user_roles (user_id, role) values ($1, 'free_user')`, [
      lapsed.id,
    ]);
    expect(await sqlstate(viaTable)).toBe('42501');
    const viaRpc = as(db, trader, `select public.add_role_to_user($1, 'free_user')`, [lapsed.id]);
    expect(await sqlstate(viaRpc)).toBe('42501');
    const viaSubscription = as(
      db,
      trader,
      `update access.subscriptions set end_date = now() + interval '1 year' where user_id = $1`,
      [lapsed.id],
    );
    expect(await sqlstate(viaSubscription)).toBe('42501');
  });
});

describe('take_assistant_answer: the daily quota of assistant answers', () => {
  const paid = accounts[1] as Account;
  const lapsed = accounts[5] as Account;
  const take = (id: string, limit: number) =>
    commitAs<{ v: Record<string, unknown> }>(db, service, 'select public.take_assistant_answer($1, $2) as v', [
      id,
      limit,
    ]).then((rows) => rows[0]?.v);

  it('counts answers up to the limit, then refuses with reason quota', async () => {
    expect(await take(paid.id, 2)).toEqual({ allowed: true, reason: null, used: 1, limit: 2 });
    expect(await take(paid.id, 2)).toEqual({ allowed: true, reason: null, used: 2, limit: 2 });
    expect(await take(paid.id, 2)).toEqual({ allowed: false, reason: 'quota', used: 2, limit: 2 });
    // A larger limit (the setting raised) lets the same day continue.
    expect(await take(paid.id, 3)).toEqual({ allowed: true, reason: null, used: 3, limit: 3 });
  });

  it('refuses without access, and counts nothing', async () => {
    expect(await take(lapsed.id, 5)).toEqual({ allowed: false, reason: 'no_access', used: null, limit: 5 });
    const used = await db.query<{ n: number }>(
      'select count(*)::int as n from access.assistant_usage where user_id = $1',
      [lapsed.id],
    );
    expect(used.rows[0]?.n).toBe(0);
  });

  it('is for the server only: a trader cannot call it or read the counts', async () => {
    const me = callerOf(paid);
    expect(await sqlstate(as(db, me, 'select public.take_assistant_answer($1, 1000)', [paid.id]))).toBe('42501');
    expect(await sqlstate(as(db, me, 'select * from access.assistant_usage'))).toBe('42501');
  });
});
