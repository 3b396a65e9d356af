// Row-level security: a signed-in user sees and changes only their own rows, in every table; billing and
// role tables are read-only to users; anon sees nothing; the gallery bucket is split by uid folders.
import { bootstrap, type Database } from '@bahi/supabase-local';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anon, as, bootDatabase, commitAs, createUser, sqlstate, user, withCaller } from './support/db';
import { DEMO, OTHER } from './support/ids';

const A = user(DEMO, 'demo@bahi.local');
const B = user(OTHER, 'other@bahi.local');
let db: Database;
let userTables: string[];

beforeAll(async () => {
  db = await bootDatabase();
  await createUser(db, OTHER, 'other@bahi.local');
  // Give the demo trader a row in the tables the seed leaves empty for them.
  await db.exec(`
    insert into public.user_roles (user_id, role) values ('${DEMO}', 'free_user');
    insert into public.gallery_items (user_id, storage_path, caption, trade_id)
    select '${DEMO}', '${DEMO}/nifty-breakout.png', 'NIFTY breakout', id from public.trades
    where user_id = '${DEMO}' order by entry_time limit 1;
  `);
  // The trader deletes their last trade: its fills are remembered as deleted (deleted_fills).
  await commitAs(
    db,
    A,
    `delete from public.trades where id = (select id from public.trades order by entry_time desc limit 1)`,
  );
  // B's own journal: one playbook and one closed trade.
  await commitAs(
    db,
    B,
    `with p as (
       insert into public.playbooks (user_id, name) values ('${OTHER}', 'Gap fill') returning id
     )
     insert into public.trades (user_id, exchange, segment, product, symbol, underlying, side, quantity,
       avg_entry_price, avg_exit_price, entry_time, exit_time, status, gross_pnl, playbook_id)
     select '${OTHER}', 'NSE', 'equity', 'intraday', 'SBIN', 'SBIN', 'long', 100, 880, 884,
       '2026-11-20 10:00+05:30', '2026-11-20 11:00+05:30', 'closed', 400, p.id from p`,
  );
  userTables = (
    await db.query<{ table_name: string }>(
      `select c.table_name from information_schema.columns c
       join information_schema.tables t using (table_schema, table_name)
       where c.table_schema = 'public' and c.column_name = 'user_id' and t.table_type = 'BASE TABLE'
       order by 1`,
    )
  ).rows.map((r) => r.table_name);
}, 60_000);

afterAll(async () => {
  await db?.close();
});

const count = async (caller: typeof A, sql: string) => Number((await as<{ n: number }>(db, caller, sql))[0]?.n);

describe('user tables', () => {
  it('covers every table that has a user_id column', () => {
    expect(userTables).toEqual([
      'broker_profiles',
      'corporate_actions',
      'deleted_fills',
      'fair_market_values',
      'fills',
      'funds',
      'gallery_items',
      'imports',
      'journal_revisions',
      'notes',
      'payment_orders',
      'payments',
      'playbooks',
      'subscriptions',
      'tags',
      'trade_playbook_rules',
      'trade_tags',
      'trades',
      'user_roles',
    ]);
  });

  it('the demo trader owns at least one row in each, so the checks below mean something', async () => {
    for (const table of userTables) {
      const n = Number(
        (await db.query<{ n: number }>(`select count(*) as n from public.${table} where user_id = $1`, [DEMO])).rows[0]
          ?.n,
      );
      expect(n, table).toBeGreaterThan(0);
    }
  });

  it("user B reads none of A's rows, and A reads them all", async () => {
    for (const table of userTables) {
      const total = Number(
        (await db.query<{ n: number }>(`select count(*) as n from public.${table} where user_id = $1`, [DEMO])).rows[0]
          ?.n,
      );
      expect(await count(B, `select count(*) as n from public.${table} where user_id = '${DEMO}'`), table).toBe(0);
      expect(await count(A, `select count(*) as n from public.${table} where user_id = '${DEMO}'`), table).toBe(total);
    }
  });

  it('user B sees only their own rows when reading without a filter', async () => {
    for (const table of userTables) {
      expect(await count(B, `select count(*) as n from public.${table} where user_id <> '${OTHER}'`), table).toBe(0);
    }
  });

  it("user B can neither update nor delete A's rows", async () => {
    for (const table of userTables) {
      for (const statement of [
        `update public.${table} set user_id = user_id where user_id = '${DEMO}'`,
        `delete from public.${table} where user_id = '${DEMO}'`,
      ]) {
        const result = await sqlstate(
          withCaller(db, B, async (tx) => {
            const { affectedRows } = await tx.query(statement);
            expect(affectedRows, `${table}: ${statement}`).toBe(0);
          }),
        );
        // Journal tables: RLS hides the rows (0 affected). Billing tables: no UPDATE/DELETE privilege at all.
        expect(['ok', '42501'], `${table}: ${statement}`).toContain(result);
      }
    }
    const after = await db.query<{ n: number }>(`select count(*) as n from public.trades where user_id = $1`, [DEMO]);
    expect(Number(after.rows[0]?.n)).toBeGreaterThan(50);
  });

  it('user B cannot insert rows owned by A', async () => {
    expect(
      await sqlstate(
        as(db, B, `insert into public.notes (user_id, kind, title) values ('${DEMO}', 'page', 'planted')`),
      ),
    ).toBe('42501');
    expect(
      await sqlstate(
        as(
          db,
          B,
          `insert into public.funds (user_id, kind, amount, occurred_on) values ('${DEMO}', 'deposit', 1, '2026-11-20')`,
        ),
      ),
    ).toBe('42501');
  });

  it('user B cannot hand their own row over to A', async () => {
    expect(await sqlstate(as(db, B, `update public.trades set user_id = '${DEMO}' where user_id = '${OTHER}'`))).toBe(
      '42501',
    );
  });

  it("user B cannot file a fill under A's import, or hang a gallery item under A's trade, even knowing the ids", async () => {
    const [trade] = (
      await db.query<{ id: string; import_id: string }>(
        `select id, import_id from public.trades where user_id = $1 and import_id is not null limit 1`,
        [DEMO],
      )
    ).rows;
    // The rows claim B as owner, so RLS lets them through; the (import_id, user_id) and (trade_id, user_id) foreign
    // keys do not.
    expect(
      await sqlstate(
        as(
          db,
          B,
          `insert into public.fills (user_id, broker, import_id, exchange, segment, symbol, side, quantity, price,
             executed_at)
           values ('${OTHER}', 'zerodha', '${trade?.import_id}', 'NSE', 'equity', 'SBIN', 'buy', 1, 100, now())`,
        ),
      ),
    ).toBe('23503');
    expect(
      await sqlstate(
        as(
          db,
          B,
          `insert into public.gallery_items (user_id, storage_path, trade_id)
           values ('${OTHER}', '${OTHER}/x.png', '${trade?.id}')`,
        ),
      ),
    ).toBe('23503');
  });

  it("a trade of B's that names A's fills reads nothing of them", async () => {
    const [theirs] = (
      await db.query<{ ids: string[] }>(
        `select fill_ids as ids from public.trades where user_id = $1 and cardinality(fill_ids) > 0 limit 1`,
        [DEMO],
      )
    ).rows;
    const read = await withCaller(db, B, async (tx) => {
      // A delivery sale, so that tax_trades() looks up its lots.
      await tx.query(
        `update public.trades set product = 'delivery', fill_ids = $1::uuid[], fill_units = $2::numeric[]`,
        [theirs?.ids, theirs?.ids.map(() => 1)],
      );
      const { rows } = await tx.query<{ j: { fills: { id: string[] }; trades: { fills: number[][] } } }>(
        'select public.journal_fills() as j',
      );
      const { rows: tax } = await tx.query<{ j: { lots: unknown[] } }>('select public.tax_trades() as j');
      return { journal: rows[0]?.j, tax: tax[0]?.j };
    });
    // journal_fills reads no fill of A's, nor does the tax P&L's lots of B's sale.
    expect(read.journal?.fills.id).toEqual([]);
    expect(read.tax?.lots).toEqual([{ fill: [], units: [], price: [], executed_at: [], kind: [], date_unknown: [] }]);
  });

  it('a user can write their own journal rows', async () => {
    const rows = await as<{ net_pnl: string }>(
      db,
      B,
      `insert into public.trades (user_id, exchange, segment, product, symbol, underlying, side, quantity,
         avg_entry_price, avg_exit_price, entry_time, exit_time, status, gross_pnl, charges)
       values ('${OTHER}', 'NSE', 'equity', 'intraday', 'INFY', 'INFY', 'short', 50, 1560, 1550,
         '2026-11-20 10:00+05:30', '2026-11-20 10:30+05:30', 'closed', 500, 42.5)
       returning net_pnl`,
    );
    // 500 gross − 42.50 charges
    expect(rows[0]?.net_pnl).toBe('457.50');
  });

  it('deleting an import (undo) removes the trades and fills it created, and nothing else', async () => {
    const result = await withCaller(db, A, async (tx) => {
      const count = async (sql: string) => Number((await tx.query<{ n: number }>(sql)).rows[0]?.n);
      const before = await count('select count(*) as n from public.trades');
      const fillsBefore = await count('select count(*) as n from public.fills');
      const { rows } = await tx.query<{ trades_created: number; executions_created: number }>(
        `delete from public.imports where file_name = 'tradebook-Aug-2026.csv' returning trades_created, executions_created`,
      );
      return {
        imports: rows.length,
        tradesRemoved: before - (await count('select count(*) as n from public.trades')),
        fillsRemoved: fillsBefore - (await count('select count(*) as n from public.fills')),
        augustLeft: await count(`select count(*) as n from public.trades where trade_date < '2026-09-01'`),
        recorded: rows[0],
      };
    });
    expect(result.imports).toBe(1);
    expect(result.tradesRemoved).toBe(result.recorded?.trades_created);
    expect(result.fillsRemoved).toBe(result.recorded?.executions_created);
    expect(result.augustLeft).toBe(0);
  });

  it('a row inserted without user_id belongs to the caller', async () => {
    const rows = await as<{ user_id: string }>(
      db,
      B,
      `insert into public.notes (kind, journal_date, title) values ('daily', '2026-11-20', 'Calm day') returning user_id`,
    );
    expect(rows).toEqual([{ user_id: OTHER }]);
  });

  it("a gallery item must live under its owner's folder", async () => {
    expect(
      await sqlstate(
        as(db, B, `insert into public.gallery_items (user_id, storage_path) values ('${OTHER}', '${DEMO}/x.png')`),
      ),
    ).toBe('23514');
  });
});

describe('server-only tables', () => {
  it('a user reads their own subscription, order and payment', async () => {
    expect(await count(A, `select count(*) as n from public.subscriptions where status = 'active'`)).toBe(1);
    expect(await count(A, `select count(*) as n from public.payment_orders`)).toBe(1);
    expect(await count(A, `select count(*) as n from public.payments`)).toBe(1);
  });

  it.each([
    [
      'subscriptions',
      `insert into public.subscriptions (user_id, status, plan, end_date) values ('${OTHER}', 'active', 'yearly', '2030-01-01')`,
    ],
    ['subscriptions', `update public.subscriptions set end_date = '2030-01-01' where user_id = '${OTHER}'`],
    ['subscriptions', `delete from public.subscriptions where user_id = '${OTHER}'`],
    ['user_roles', `insert into public.user_roles (user_id, role) values ('${OTHER}', 'admin')`],
    ['user_roles', `insert into public.user_roles (user_id, role) values ('${OTHER}', 'free_user')`],
    [
      'payment_orders',
      `insert into public.payment_orders (user_id, razorpay_order_id, plan, amount_paise) values ('${OTHER}', 'order_Fake1', 'yearly', 1)`,
    ],
    ['payments', `update public.payments set status = 'captured' where user_id = '${OTHER}'`],
  ])('user B cannot write %s: %s', async (_table, statement) => {
    expect(await sqlstate(as(db, B, statement))).toBe('42501');
  });

  it('the demo trader cannot extend or re-plan their own subscription', async () => {
    expect(await sqlstate(as(db, A, `update public.subscriptions set end_date = '2099-01-01'`))).toBe('42501');
    expect(await sqlstate(as(db, A, `update public.payment_orders set amount_paise = 100`))).toBe('42501');
  });

  it('the server (service_role) writes them', async () => {
    const rows = await as(
      db,
      { role: 'service_role' },
      `insert into public.subscriptions (user_id, status, plan, end_date)
       values ('${OTHER}', 'active', 'monthly', now() + interval '30 days') returning id`,
    );
    expect(rows).toHaveLength(1);
  });

  it('settings are out of reach of every API role', async () => {
    for (const caller of [A, B, anon, { role: 'service_role' as const }]) {
      expect(await sqlstate(as(db, caller, `select * from private.app_settings`))).toBe('42501');
    }
  });
});

describe('anon', () => {
  it('reads nothing from any table', async () => {
    for (const table of userTables) {
      expect(await sqlstate(as(db, anon, `select * from public.${table}`)), table).toBe('42501');
    }
  });

  it('writes nothing', async () => {
    expect(await sqlstate(as(db, anon, `insert into public.notes (user_id, title) values ('${DEMO}', 'x')`))).toBe(
      '42501',
    );
  });
});

describe('gallery bucket', () => {
  it('exists and is private', async () => {
    const { rows } = await db.query<{ public: boolean }>(`select public from storage.buckets where id = 'gallery'`);
    expect(rows).toEqual([{ public: false }]);
  });

  it('lets a user upload into their own uid folder only', async () => {
    expect(
      await sqlstate(
        as(db, B, `insert into storage.objects (bucket_id, name) values ('gallery', '${OTHER}/chart.png')`),
      ),
    ).toBe('ok');
    expect(
      await sqlstate(
        as(db, B, `insert into storage.objects (bucket_id, name) values ('gallery', '${DEMO}/chart.png')`),
      ),
    ).toBe('42501');
    expect(
      await sqlstate(as(db, B, `insert into storage.objects (bucket_id, name) values ('gallery', 'chart.png')`)),
    ).toBe('42501');
  });

  it("hides A's objects from B", async () => {
    await db.query(`insert into storage.objects (bucket_id, name) values ('gallery', $1)`, [`${DEMO}/setup.png`]);
    expect(await count(A, `select count(*) as n from storage.objects where bucket_id = 'gallery'`)).toBe(1);
    expect(await count(B, `select count(*) as n from storage.objects where bucket_id = 'gallery'`)).toBe(0);
    const rows = await as(db, B, `delete from storage.objects where name like '${DEMO}/%' returning id`);
    expect(rows).toHaveLength(0);
  });
});

// The local stack re-runs its platform bootstrap on every start, and that grants everything in public to the
// API roles again (as Supabase's default privileges do for new objects). RLS must hold on its own.
describe('after the platform grants everything back', () => {
  beforeAll(async () => {
    await bootstrap(db);
    await db.exec(`grant all on all tables in schema public to anon, authenticated, service_role;
      grant all on all functions in schema public to anon, authenticated, service_role;`);
  });

  it("anon still reads no user's rows", async () => {
    for (const table of userTables) {
      const result = await sqlstate(as(db, anon, `select * from public.${table}`));
      if (result === 'ok') expect(await count(anon, `select count(*) as n from public.${table}`), table).toBe(0);
      else expect(result, table).toBe('42501');
    }
  });

  it("user B still reads none of A's rows", async () => {
    for (const table of userTables) {
      expect(await count(B, `select count(*) as n from public.${table} where user_id = '${DEMO}'`), table).toBe(0);
    }
  });

  it('a user still cannot create, extend or delete a subscription or grant a role', async () => {
    expect(
      await sqlstate(
        as(
          db,
          B,
          `insert into public.subscriptions (user_id, plan, end_date) values ('${OTHER}', 'yearly', '2030-01-01')`,
        ),
      ),
    ).toBe('42501');
    expect(
      await sqlstate(as(db, B, `insert into public.user_roles (user_id, role) values ('${OTHER}', 'admin')`)),
    ).toBe('42501');
    const changed = await withCaller(db, A, async (tx) => ({
      updated: (await tx.query(`update public.subscriptions set end_date = '2099-01-01'`)).affectedRows,
      deleted: (await tx.query(`delete from public.payments`)).affectedRows,
    }));
    expect(changed).toEqual({ updated: 0, deleted: 0 });
  });

  it('anon learns nothing from the RPCs', async () => {
    for (const call of [
      `select public.is_admin_secure('${DEMO}') as v`,
      `select public.has_free_access('${DEMO}') as v`,
    ]) {
      const result = await sqlstate(as(db, anon, call));
      if (result === 'ok') expect((await as<{ v: boolean }>(db, anon, call))[0]?.v, call).toBe(false);
      else expect(result, call).toBe('42501');
    }
    expect(await sqlstate(as(db, anon, 'select * from public.admin_list_users()'))).toBe('42501');
    expect(await sqlstate(as(db, anon, `select public.add_role_to_user('${DEMO}', 'admin')`))).toBe('42501');
  });
});
