// The whole-journal reads, journal_trades() and journal_fills(), return their columns with the rows in one documented
// order (each column an array, row i of every column the same trade or fill): journal_trades newest entry first and
// then by id, journal_fills' trades oldest entry first and its fills oldest execution first, each then by id. The
// demo trader's seeded journal, with trades that share an entry time so that the id decides.
import type { Database } from '@bahi/supabase-local';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, bootDatabase, user } from './support/db';
import { DEMO } from './support/ids';

const demo = user(DEMO, 'demo@bahi.local');
let db: Database;

beforeAll(async () => {
  db = await bootDatabase();
  // Three more of the demo's imported trades opened at the same moment as its latest one (as the owner: a fixture).
  await db.query(
    `insert into public.trades (id, user_id, exchange, segment, product, symbol, isin, underlying, expiry, strike,
       option_type, lot_size, side, quantity, avg_entry_price, entry_time, status, import_source, import_id)
     select x.id, t.user_id, t.exchange, t.segment, t.product, t.symbol, t.isin, t.underlying, t.expiry, t.strike,
       t.option_type, t.lot_size, t.side, t.quantity, t.avg_entry_price, t.entry_time, 'open', t.import_source,
       t.import_id
     from (select * from public.trades where user_id = $1 and import_source <> 'manual'
           order by entry_time desc limit 1) as t
     cross join (values ('ffffffff-0000-4000-8000-000000000001'::uuid), ('00000000-0000-4000-8000-000000000002'::uuid),
       ('88888888-0000-4000-8000-000000000003'::uuid)) as x (id)`,
    [DEMO],
  );
}, 60_000);

afterAll(async () => {
  await db?.close();
});

const ids = async (sql: string) => (await as<{ id: string }>(db, demo, sql)).map((r) => r.id);

describe('the whole-journal reads', () => {
  it('journal_trades() lists the trades newest entry first, then by id, in every column', async () => {
    const [{ j } = { j: null }] = await as<{ j: Record<string, unknown[]> }>(
      db,
      demo,
      'select public.journal_trades() as j',
    );
    const expected = await ids('select id from public.trades order by entry_time desc, id');
    expect(expected.length).toBeGreaterThan(10);
    expect(j?.id).toEqual(expected);
    const times = await as<{ entry_time: string }>(
      db,
      demo,
      `select to_json(entry_time) #>> '{}' as entry_time from public.trades order by entry_time desc, id`,
    );
    expect(j?.entry_time).toEqual(times.map((t) => t.entry_time));
    // The three that share a time: by id, whatever order they were written in.
    const tied = ((j?.id ?? []) as string[]).filter((id) => /^(ffffffff|00000000|88888888)-0000-4000/.test(id));
    expect(tied).toEqual([
      '00000000-0000-4000-8000-000000000002',
      '88888888-0000-4000-8000-000000000003',
      'ffffffff-0000-4000-8000-000000000001',
    ]);
  });

  it('journal_fills() lists imported trades oldest entry first and fills oldest execution first, each then by id', async () => {
    const [{ j } = { j: null }] = await as<{
      j: { trades: { id: string[]; symbol: string[] }; fills: { id: string[]; executed_at: number[] } };
    }>(db, demo, 'select public.journal_fills() as j');
    const trades = await as<{ id: string; symbol: string }>(
      db,
      demo,
      `select id, symbol from public.trades where import_source <> 'manual' order by entry_time, id`,
    );
    expect(j?.trades.id).toEqual(trades.map((t) => t.id));
    expect(j?.trades.symbol).toEqual(trades.map((t) => t.symbol));
    const fills = await as<{ id: string; at: number }>(
      db,
      demo,
      'select id, extract(epoch from executed_at)::float8 as at from public.fills order by executed_at, id',
    );
    expect(fills.length).toBeGreaterThan(10);
    expect(j?.fills.id).toEqual(fills.map((f) => f.id));
    expect(j?.fills.executed_at.map(Number)).toEqual(fills.map((f) => f.at));
  });
});
