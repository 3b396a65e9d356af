// Issue 26 on the server: a fill is its IST day, venue, order and trade number (exchange trade numbers restart every
// day); fills the trader deleted are remembered, rebuilds and undo are not deleting; a rebuilt trade may continue the
// trade it replaces in place; fractional units for equity only; journal_fills() reads the caller's own journal.
// Called as the trader under RLS, like PostgREST; DEMO (the seeded trader) is the other user.
import type { Database } from '@bahi/supabase-local';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { as, bootDatabase, commitAs, createUser, user } from './support/db';
import { type InlineTrade, toRpc } from './support/fills';
import { DEMO, OTHER } from './support/ids';

const trader = user(OTHER, 'other@bahi.local');
const demo = user(DEMO, 'demo@bahi.local');
let db: Database;

beforeAll(async () => {
  db = await bootDatabase();
  await createUser(db, OTHER, 'other@bahi.local');
}, 60_000);

afterAll(async () => {
  await db?.close();
});

afterEach(async () => {
  for (const table of ['imports', 'trades', 'fills', 'deleted_fills', 'tags', 'playbooks']) {
    await db.query(`delete from public.${table} where user_id = $1`, [OTHER]);
  }
});

const fill = (side: 'buy' | 'sell', quantity: number, price: number, day: string, id: string, order: string) => ({
  side,
  quantity,
  price,
  executed_at: `${day}T10:15:00+05:30`,
  broker_trade_id: id,
  broker_order_id: order,
});

const infy = {
  exchange: 'NSE',
  segment: 'equity',
  product: 'delivery',
  symbol: 'INFY',
  isin: 'INE009A01021',
  underlying: null,
  expiry: null,
  strike: null,
  option_type: null,
  lot_size: null,
  side: 'long',
  charges: 0,
  charges_breakdown: null,
  charges_source: 'estimated',
  broker_profile_id: null,
};

// INFY bought 2 Jan 2025 and sold 3 Jan 2025, both with exchange trade number 55001: (1,950 − 1,900) × 10 = 500.
const roundTrip = (buyDay = '2025-01-02') => ({
  ...infy,
  quantity: 10,
  avg_entry_price: 1900,
  avg_exit_price: 1950,
  entry_time: `${buyDay}T10:15:00+05:30`,
  exit_time: '2025-01-03T10:15:00+05:30',
  status: 'closed',
  gross_pnl: 500,
  executions: [fill('buy', 10, 1900, buyDay, '55001', 'O1'), fill('sell', 10, 1950, '2025-01-03', '55001', 'O2')],
});

const openHolding = {
  ...infy,
  quantity: 10,
  avg_entry_price: 1900,
  avg_exit_price: null,
  entry_time: '2025-01-02T10:15:00+05:30',
  exit_time: null,
  status: 'open',
  gross_pnl: null,
  executions: [fill('buy', 10, 1900, '2025-01-02', '55001', 'O1')],
};

const file = (name: string) => ({ broker: 'zerodha', file_name: name, file_format: 'csv', kind: 'tradebook' });
const IMPORT = 'select public.import_trades($1::jsonb, $2::jsonb, $3::uuid[], $4::jsonb) as v';
const uuids = (ids: string[]) => `{${ids.join(',')}}`;
const importAs = async (name: string, trades: unknown[], replace: string[] = [], reuseStored = true) => {
  const payload = await toRpc(db, OTHER, trades as InlineTrade[], 'zerodha', { reuseStored });
  return (
    await commitAs<{ v: { import_id: string } }>(db, trader, IMPORT, [
      JSON.stringify(file(name)),
      payload.trades,
      uuids(replace),
      payload.fills,
    ])
  )[0]!.v;
};

async function failure(promise: Promise<unknown>): Promise<{ code: string; message: string }> {
  try {
    await promise;
  } catch (error) {
    const e = error as { code?: string; message?: string };
    return { code: e.code ?? '', message: e.message ?? '' };
  }
  throw new Error('the call succeeded');
}

const rows = async <T = Record<string, unknown>>(sql: string, params: unknown[] = []) =>
  (await db.query<T>(sql, params)).rows;

describe('a fill is its day, venue, order and trade number', () => {
  it('stores two fills with the same trade number on different days, keyed apart', async () => {
    expect(await importAs('jan.csv', [roundTrip()])).toMatchObject({ trades_created: 1, executions_created: 2 });
    expect(
      await rows('select fill_key, exchange, segment from public.fills where user_id = $1 order by 1', [OTHER]),
    ).toEqual([
      { fill_key: '2025-01-02|NSE|equity|O1|55001', exchange: 'NSE', segment: 'equity' },
      { fill_key: '2025-01-03|NSE|equity|O2|55001', exchange: 'NSE', segment: 'equity' },
    ]);
  });

  it('keys a fill by its IST day, a minute either side of midnight IST', async () => {
    // 18:29 UTC on 1 Jan is 23:59 IST on 1 Jan; 18:31 UTC is 00:01 IST on 2 Jan.
    const trade = {
      ...openHolding,
      entry_time: '2025-01-01T18:29:00Z',
      executions: [
        { ...fill('buy', 5, 1900, '2025-01-01', '9', 'A'), executed_at: '2025-01-01T18:29:00Z' },
        { ...fill('buy', 5, 1900, '2025-01-01', '9', 'A'), executed_at: '2025-01-01T18:31:00Z' },
      ],
    };
    await importAs('midnight.csv', [trade]);
    expect(
      (await rows<{ k: string }>('select fill_key as k from public.fills where user_id = $1 order by 1', [OTHER])).map(
        (r) => r.k,
      ),
    ).toEqual(['2025-01-01|NSE|equity|A|9', '2025-01-02|NSE|equity|A|9']);
  });

  it('refuses the same fill of the same day again, and writes nothing', async () => {
    await importAs('jan.csv', [openHolding]);
    // Sent blind (as new), the same fill is refused.
    expect(await failure(importAs('again.csv', [openHolding], [], false))).toEqual({
      code: '23505',
      message: 'Some of these fills are already in your journal. Reload the page and import again.',
    });
    expect(await rows('select count(*)::int as n from public.imports where user_id = $1', [OTHER])).toEqual([{ n: 1 }]);
  });
});

describe('a rebuilt trade continuing the one it replaces', () => {
  it('rewrites the row in place: same id, its notes and tags kept, new fills', async () => {
    await importAs('jan-2.csv', [openHolding]);
    const [open] = await rows<{ id: string }>('select id from public.trades where user_id = $1', [OTHER]);
    const [tag] = await commitAs<{ id: string }>(
      db,
      trader,
      `insert into public.tags (user_id, name) values ($1, 'results') returning id`,
      [OTHER],
    );
    await commitAs(db, trader, `insert into public.trade_tags (trade_id, tag_id, user_id) values ($1, $2, $3)`, [
      open!.id,
      tag!.id,
      OTHER,
    ]);
    await commitAs(db, trader, `update public.trades set notes = 'Bought the dip.' where id = $1`, [open!.id]);
    // The next file closes it: the closed trade continues the open one (the buy is the same stored fill).
    const closed = { ...roundTrip(), id: open!.id };
    expect(await importAs('jan-3.csv', [closed], [open!.id])).toMatchObject({ trades_created: 1 });
    expect(
      await rows(
        `select t.id, t.status, t.gross_pnl::text as gross, t.notes,
           (select count(*)::int from public.trade_tags g where g.trade_id = t.id) as tags,
           cardinality(t.fill_ids) as fills
         from public.trades t where t.user_id = $1`,
        [OTHER],
      ),
    ).toEqual([{ id: open!.id, status: 'closed', gross: '500.00', notes: 'Bought the dip.', tags: 1, fills: 2 }]);
    // Rebuilding is not deleting: nothing is remembered as deleted by the trader.
    expect(await rows('select count(*)::int as n from public.deleted_fills where user_id = $1', [OTHER])).toEqual([
      { n: 0 },
    ]);
  });

  it('never rewrites a trade it does not replace, and refuses one id twice', async () => {
    await importAs('jan-2.csv', [openHolding]);
    const [open] = await rows<{ id: string }>('select id from public.trades where user_id = $1', [OTHER]);
    // The id of a stored trade that the call does not replace is refused, not rewritten.
    expect((await failure(importAs('x.csv', [{ ...roundTrip('2024-12-30'), id: open!.id }]))).message).toBe(
      "A new trade's id is already taken. Reload the page and import again.",
    );
    // So is another user's.
    const [theirs] = await rows<{ id: string }>('select id from public.trades where user_id = $1 limit 1', [DEMO]);
    expect((await failure(importAs('x.csv', [{ ...roundTrip('2024-12-30'), id: theirs!.id }]))).code).toBe('23505');
    expect(await rows('select user_id from public.trades where id = $1', [theirs!.id])).toEqual([{ user_id: DEMO }]);
    const twice = [
      { ...openHolding, id: open!.id, executions: [fill('buy', 10, 1900, '2025-01-06', '1', 'X1')] },
      { ...openHolding, id: open!.id, executions: [fill('buy', 10, 1900, '2025-01-07', '1', 'X2')] },
    ];
    expect((await failure(importAs('x.csv', twice, [open!.id]))).message).toBe(
      'A trade id appears twice in this call: a replaced trade can be continued by one rebuilt trade only.',
    );
  });
});

describe('the journal revision', () => {
  const revision = async () =>
    Number((await as<{ r: string }>(db, trader, 'select public.journal_revision() as r'))[0]?.r);

  it('moves on once per rebuild call and with every change the trader makes, and journal_fills reports it', async () => {
    const start = await revision();
    await importAs('jan-2.csv', [openHolding]);
    // One call, however many trades and fills it writes.
    expect(await revision()).toBe(start + 1);
    const [own] = await rows<{ id: string }>('select id from public.trades where user_id = $1', [OTHER]);
    await commitAs(db, trader, `update public.trades set notes = 'x' where id = $1`, [own!.id]);
    expect(await revision()).toBe(start + 2);
    const [read] = await as<{ j: { revision: number } }>(db, trader, 'select public.journal_fills() as j');
    expect(read!.j.revision).toBe(start + 2);
    // Deleting trades (and with them the fills no other trade holds) moves it on too.
    await commitAs(db, trader, 'delete from public.trades where user_id = $1', [OTHER]);
    const afterDelete = await revision();
    expect(afterDelete).toBeGreaterThan(start + 2);
    // By hand it only moves on by one, whatever is written.
    await commitAs(db, trader, 'update public.journal_revisions set revision = 0');
    expect(await revision()).toBe(afterDelete + 1);
  });

  it("moves on with a trade's tags and a playbook's name, which journal_trades() returns with the trade", async () => {
    await importAs('jan-2.csv', [openHolding]);
    const [own] = await rows<{ id: string }>('select id from public.trades where user_id = $1', [OTHER]);
    const start = await revision();
    const [tag] = await commitAs<{ id: string }>(
      db,
      trader,
      `insert into public.tags (name) values ('breakout') returning id`,
    );
    // A new tag is on no trade: the journal is as it was.
    expect(await revision()).toBe(start);
    await commitAs(db, trader, 'insert into public.trade_tags (trade_id, tag_id) values ($1, $2)', [own!.id, tag!.id]);
    expect(await revision()).toBe(start + 1);
    await commitAs(db, trader, `update public.tags set name = 'breakouts' where id = $1`, [tag!.id]);
    expect(await revision()).toBe(start + 2);
    const [playbook] = await commitAs<{ id: string }>(
      db,
      trader,
      `insert into public.playbooks (name) values ('Opening range') returning id`,
    );
    expect(await revision()).toBe(start + 2);
    await commitAs(db, trader, `update public.playbooks set name = 'ORB' where id = $1`, [playbook!.id]);
    expect(await revision()).toBe(start + 3);
    await commitAs(db, trader, 'delete from public.tags where id = $1', [tag!.id]);
    expect(await revision()).toBeGreaterThan(start + 3);
  });

  it('takes the id the client gives a new trade, so its copy of the journal needs no read', async () => {
    const id = '3b7f0a52-6c1d-4e2f-9a8b-0c1d2e3f4a5b';
    await importAs('jan.csv', [{ ...roundTrip(), id }]);
    expect(await rows('select id from public.trades where user_id = $1', [OTHER])).toEqual([{ id }]);
    expect((await failure(importAs('dec.csv', [{ ...roundTrip('2024-12-30'), id }]))).message).toBe(
      "A new trade's id is already taken. Reload the page and import again.",
    );
  });
});

describe('fills the trader deleted', () => {
  it('are remembered when the trader deletes the trade, visible to them only, and can be forgotten', async () => {
    await importAs('jan.csv', [roundTrip()]);
    await commitAs(db, trader, 'delete from public.trades where user_id = $1', [OTHER]);
    expect(await as(db, trader, 'select broker, fill_key from public.deleted_fills order by fill_key')).toEqual([
      { broker: 'zerodha', fill_key: '2025-01-02|NSE|equity|O1|55001' },
      { broker: 'zerodha', fill_key: '2025-01-03|NSE|equity|O2|55001' },
    ]);
    expect(await as(db, demo, 'select * from public.deleted_fills')).toEqual([]);
    // Nobody records one by hand (the trigger does).
    expect(
      (
        await failure(
          commitAs(db, trader, `insert into public.deleted_fills (broker, fill_key) values ('zerodha', 'x')`),
        )
      ).code,
    ).toBe('42501');
    await commitAs(db, trader, `delete from public.deleted_fills where fill_key like '2025-01-03%'`);
    expect(await rows('select count(*)::int as n from public.deleted_fills where user_id = $1', [OTHER])).toEqual([
      { n: 1 },
    ]);
  });

  it('are not remembered when an import is undone, and its fills go', async () => {
    const { import_id } = await importAs('jan.csv', [roundTrip()]);
    const [t] = await rows<{ id: string }>('select id from public.trades where user_id = $1', [OTHER]);
    await commitAs(db, trader, 'select public.undo_import($1::uuid, $2::jsonb, $3::uuid[], $4::jsonb)', [
      import_id,
      '[]',
      uuids([t!.id]),
      '[]',
    ]);
    expect(
      await rows(
        `select (select count(*) from public.trades where user_id = $1)::int as trades,
           (select count(*) from public.fills where user_id = $1)::int as fills`,
        [OTHER],
      ),
    ).toEqual([{ trades: 0, fills: 0 }]);
    expect(await rows('select count(*)::int as n from public.deleted_fills where user_id = $1', [OTHER])).toEqual([
      { n: 0 },
    ]);
  });

  it('go with the user: deleting an account with trades leaves nothing behind', async () => {
    const GONE = '7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
    await createUser(db, GONE, 'gone@bahi.local');
    // A new account has access for its first 24 hours.
    const payload = await toRpc(db, GONE, [roundTrip()] as InlineTrade[]);
    await commitAs(db, user(GONE, 'gone@bahi.local'), IMPORT, [
      JSON.stringify(file('jan.csv')),
      payload.trades,
      '{}',
      payload.fills,
    ]);
    // The account goes with its trades: their fills cascade, and are not remembered for a user who is gone.
    await db.query('delete from auth.users where id = $1', [GONE]);
    expect(
      await rows(
        `select (select count(*) from public.trades where user_id = $1)::int as trades,
           (select count(*) from public.fills where user_id = $1)::int as fills,
           (select count(*) from public.deleted_fills where user_id = $1)::int as deleted`,
        [GONE],
      ),
    ).toEqual([{ trades: 0, fills: 0, deleted: 0 }]);
  });
});

describe('units', () => {
  it('takes fractional units of a share or ETF, to 6 decimals, and never of an option', async () => {
    const etf = {
      ...openHolding,
      symbol: 'LIQUIDBEES',
      isin: 'INF732E01037',
      quantity: 24.609,
      executions: [{ ...fill('buy', 24.609, 1000, '2025-01-02', '1', 'L1') }],
    };
    await importAs('etf.csv', [etf]);
    expect(
      await rows('select quantity::text as q from public.trades where user_id = $1 and symbol = $2', [
        OTHER,
        'LIQUIDBEES',
      ]),
    ).toEqual([{ q: '24.609' }]);
    const option = {
      ...openHolding,
      segment: 'options',
      product: 'carry_forward',
      symbol: 'NIFTY25JAN23500CE',
      isin: null,
      underlying: 'NIFTY',
      expiry: '2025-01-30',
      strike: 23500,
      option_type: 'CE',
      lot_size: 75,
      quantity: 75.5,
      executions: [fill('buy', 75.5, 100, '2025-01-02', '2', 'N1')],
    };
    // The fill is checked first, then the trade: both say so.
    expect((await failure(importAs('fo.csv', [option]))).message).toBe(
      'Fill 1: quantity must be a whole number of units for futures and options.',
    );
    const wholeFill = { ...option, executions: [fill('buy', 75, 100, '2025-01-02', '3', 'N2')] };
    expect((await failure(importAs('fo.csv', [wholeFill]))).message).toBe(
      'Trade 1: quantity must be a whole number of units for futures and options.',
    );
    expect(
      (await failure(importAs('fo.csv', [{ ...etf, quantity: 1.1234567, executions: [etf.executions[0]] }]))).message,
    ).toBe('Trade 1: quantity must be a number of units above 0, with at most 6 decimals.');
  });
});

describe('journal_fills', () => {
  it("reads the caller's imported trades and the fills they hold as columns, and nobody else's", async () => {
    await importAs('jan.csv', [roundTrip()]);
    const [mine] = await as<{
      j: { imports: string[]; trades: Record<string, unknown[]>; fills: Record<string, unknown[]> };
    }>(db, trader, 'select public.journal_fills() as j');
    expect(mine!.j.trades).toMatchObject({ symbol: ['INFY'], fills: [[0, 1]], units: [[10, 10]], import: [0] });
    expect(mine!.j.fills).toMatchObject({
      side: ['buy', 'sell'],
      broker_trade_id: ['55001', '55001'],
      broker_order_id: ['O1', 'O2'],
      exchange: ['NSE', 'NSE'],
      symbol: ['INFY', 'INFY'],
      import: [0, 0],
      date_unknown: [false, false],
      // 2 Jan 2025 10:15 IST = 04:45 UTC.
      executed_at: [Date.UTC(2025, 0, 2, 4, 45) / 1000, Date.UTC(2025, 0, 3, 4, 45) / 1000],
    });
    expect(mine!.j.imports).toHaveLength(1);
    const [theirs] = await as<{ j: { trades: { id: string[] }; fills: { id: string[] } } }>(
      db,
      demo,
      'select public.journal_fills() as j',
    );
    const [own] = await rows<{ id: string }>('select id from public.trades where user_id = $1', [OTHER]);
    expect(theirs!.j.trades.id.length).toBeGreaterThan(0);
    expect(theirs!.j.trades.id).not.toContain(own!.id);
    const ownFills = await rows<{ id: string }>('select id from public.fills where user_id = $1', [OTHER]);
    for (const f of ownFills) expect(theirs!.j.fills.id).not.toContain(f.id);
  });
});
