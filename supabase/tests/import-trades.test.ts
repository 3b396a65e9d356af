// import_trades: one broker import committed atomically as the caller (RLS applies), undone by deleting its
// imports row. The importer here is OTHER (an empty journal); DEMO (the seeded trader) is the other user.
import type { Database } from '@bahi/supabase-local';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { anon, as, bootDatabase, type Caller, commitAs, createUser, sqlstate, user } from './support/db';
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

// Each test starts from OTHER's empty journal.
afterEach(async () => {
  for (const table of ['imports', 'trades', 'tags', 'gallery_items', 'fills', 'deleted_fills']) {
    await db.query(`delete from public.${table} where user_id = $1`, [OTHER]);
  }
});

interface Execution {
  side: 'buy' | 'sell';
  quantity: number;
  price: number;
  executed_at: string;
  broker_trade_id: string | null;
  broker_order_id?: string | null;
}
type Trade = Record<string, unknown> & { executions: Execution[] };
interface Result {
  import_id: string;
  trades_created: number;
  executions_created: number;
}

const fill = (side: 'buy' | 'sell', quantity: number, price: number, time: string, id: string | null): Execution => ({
  side,
  quantity,
  price,
  executed_at: `2026-11-20T${time}+05:30`,
  broker_trade_id: id,
  broker_order_id: id === null ? null : `order-${id}`,
});

// Buy 100 SBIN at 880, sell at 884.50: gross (884.50 − 880) × 100 = 450.
const sbinRoundTrip = (ids: [string, string]): Trade => ({
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
  quantity: 100,
  avg_entry_price: 880,
  avg_exit_price: 884.5,
  entry_time: '2026-11-20T10:00:00+05:30',
  exit_time: '2026-11-20T11:00:00+05:30',
  status: 'closed',
  gross_pnl: 450,
  charges: 42.1,
  charges_breakdown: { brokerage: 40, stt: 22 },
  charges_source: 'broker',
  broker_profile_id: null,
  executions: [fill('buy', 100, 880, '10:00:00', ids[0]), fill('sell', 100, 884.5, '11:00:00', ids[1])],
});

// An open NIFTY call: 2 lots of 65 bought at 120.
const niftyCallOpen = (executions: Execution[], quantity = 130): Trade => ({
  exchange: 'NSE',
  segment: 'options',
  product: 'carry_forward',
  symbol: 'NIFTY26N2426000CE',
  underlying: 'NIFTY',
  expiry: '2026-11-24',
  strike: 26000,
  option_type: 'CE',
  lot_size: 65,
  side: 'long',
  quantity,
  avg_entry_price: 120,
  avg_exit_price: null,
  entry_time: executions[0]?.executed_at,
  exit_time: null,
  status: 'open',
  gross_pnl: null,
  charges: 0,
  charges_breakdown: null,
  charges_source: 'estimated',
  broker_profile_id: null,
  executions,
});

const fileOf = (name: string, broker = 'upstox') => ({
  broker,
  file_name: name,
  file_format: 'xlsx',
  rows_total: 4,
  rows_skipped: 1,
  duplicates_skipped: 0,
});

const CALL = 'select public.import_trades($1::jsonb, $2::jsonb, $3::uuid[], $4::jsonb) as v';
/** The call's arguments: trades written with their fills inline become p_trades and p_fills (support/fills.ts). */
const args = async (caller: Caller, file: object, trades: unknown, replace: string[] = [], reuseStored = true) => {
  const broker = (file as { broker?: string }).broker;
  const payload = Array.isArray(trades)
    ? await toRpc(db, caller.sub, trades as InlineTrade[], broker, { reuseStored })
    : { trades: JSON.stringify(trades), fills: '[]' };
  return [JSON.stringify(file), payload.trades, `{${replace.join(',')}}`, payload.fills];
};

/** Imports and rolls back. */
const tryImport = async (caller: Caller, file: object, trades: unknown, replace: string[] = []) =>
  (await as<{ v: Result }>(db, caller, CALL, await args(caller, file, trades, replace)))[0]?.v as Result;
/** Imports every fill as new, as a client that did not de-duplicate would, and commits. */
const importBlind = async (caller: Caller, file: object, trades: unknown) =>
  (await commitAs<{ v: Result }>(db, caller, CALL, await args(caller, file, trades, [], false)))[0]?.v as Result;
/** Imports and commits. */
const commitImport = async (caller: Caller, file: object, trades: unknown, replace: string[] = []) =>
  (await commitAs<{ v: Result }>(db, caller, CALL, await args(caller, file, trades, replace)))[0]?.v as Result;

/** The SQLSTATE and message of a call that must fail. */
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
const countOf = async (sql: string, params: unknown[] = []) => Number((await rows<{ n: number }>(sql, params))[0]?.n);
const journalSize = async (uid: string) => ({
  imports: await countOf('select count(*) as n from public.imports where user_id = $1', [uid]),
  trades: await countOf('select count(*) as n from public.trades where user_id = $1', [uid]),
  fills: await countOf('select count(*) as n from public.fills where user_id = $1', [uid]),
});

describe('import_trades', () => {
  it('records the import, its trades and fills, and returns the counts', async () => {
    const result = await commitImport(trader, fileOf('trades-20-nov.xlsx'), [
      sbinRoundTrip(['U1', 'U2']),
      niftyCallOpen([fill('buy', 130, 120, '09:20:00', 'U3')]),
    ]);
    expect(result).toMatchObject({ trades_created: 2, executions_created: 3 });

    const [imported] = await rows(
      `select broker, file_name, file_format, rows_total, rows_skipped, duplicates_skipped, executions_created,
         trades_created, status, user_id from public.imports where id = $1`,
      [result.import_id],
    );
    expect(imported).toEqual({
      broker: 'upstox',
      file_name: 'trades-20-nov.xlsx',
      file_format: 'xlsx',
      rows_total: 4,
      rows_skipped: 1,
      duplicates_skipped: 0,
      executions_created: 3,
      trades_created: 2,
      status: 'completed',
      user_id: OTHER,
    });
    const trades = await rows(
      `select symbol, status, to_char(trade_date, 'YYYY-MM-DD') as day, gross_pnl::text as gross,
         net_pnl::text as net, charges_source, import_source,
         (select string_agg(e.broker_trade_id || ':' || e.broker || ':' || p.units, ',' order by e.executed_at)
          from unnest(t.fill_ids, t.fill_units) as p (id, units)
          join public.fills e on e.id = p.id and e.import_id = t.import_id) as fills
       from public.trades t where import_id = $1 order by entry_time`,
      [result.import_id],
    );
    // 450 gross − 42.10 charges = 407.90; the 09:20 IST entry stays on 20 Nov.
    expect(trades).toEqual([
      {
        symbol: 'NIFTY26N2426000CE',
        status: 'open',
        day: '2026-11-20',
        gross: null,
        net: null,
        charges_source: 'estimated',
        import_source: 'upstox',
        fills: 'U3:upstox:130',
      },
      {
        symbol: 'SBIN',
        status: 'closed',
        day: '2026-11-20',
        gross: '450.00',
        net: '407.90',
        charges_source: 'broker',
        import_source: 'upstox',
        fills: 'U1:upstox:100,U2:upstox:100',
      },
    ]);
  });

  it('records an empty import (every row a duplicate) with 0 trades', async () => {
    const result = await tryImport(trader, { ...fileOf('again.xlsx'), duplicates_skipped: 4 }, []);
    expect(result).toMatchObject({ trades_created: 0, executions_created: 0 });
  });

  it('refuses a fill already in the journal, and writes nothing', async () => {
    await commitImport(trader, fileOf('morning.xlsx'), [sbinRoundTrip(['D1', 'D2'])]);
    const before = await journalSize(OTHER);
    // A new round trip whose exit is the fill D2 again (an overlapping file the client did not de-duplicate).
    const overlapping = sbinRoundTrip(['D3', 'D2']);
    const error = await failure(
      importBlind(trader, fileOf('evening.xlsx'), [
        niftyCallOpen([fill('buy', 65, 118, '14:00:00', 'D4')]),
        overlapping,
      ]),
    );
    expect(error).toEqual({
      code: '23505',
      message: 'Some of these fills are already in your journal. Reload the page and import again.',
    });
    expect(await journalSize(OTHER)).toEqual(before);
  });

  it('stores a fill that flips the position once, held by both trades, and still finds it on re-import', async () => {
    // Buy 100 at 880, then sell 150 at 884.50 (F2): 100 close the long, 50 open a short.
    const closed = sbinRoundTrip(['F1', 'F2']);
    const short: Trade = {
      ...sbinRoundTrip(['F1', 'F2']),
      side: 'short',
      quantity: 50,
      avg_entry_price: 884.5,
      avg_exit_price: null,
      entry_time: '2026-11-20T11:00:00+05:30',
      exit_time: null,
      status: 'open',
      gross_pnl: null,
      executions: [fill('sell', 50, 884.5, '11:00:00', 'F2')],
    };
    const result = await commitImport(trader, fileOf('flip.xlsx'), [closed, short]);
    // Two fills: F1 (100) and F2 (150), the latter held 100 by the long and 50 by the short.
    expect(result).toMatchObject({ trades_created: 2, executions_created: 2 });
    expect(
      await rows(
        `select broker_trade_id as id, quantity::float8 as quantity from public.fills where import_id = $1 order by id`,
        [result.import_id],
      ),
    ).toEqual([
      { id: 'F1', quantity: 100 },
      { id: 'F2', quantity: 150 },
    ]);
    expect(
      await rows(
        `select t.side, (select array_agg(p.units::float8) from unnest(t.fill_units) as p (units)) as units
         from public.trades t where t.import_id = $1 order by t.side`,
        [result.import_id],
      ),
    ).toEqual([
      { side: 'long', units: [100, 100] },
      { side: 'short', units: [50] },
    ]);
    // The same file again, sent blind: F1 and F2 are already there.
    expect((await failure(importBlind(trader, fileOf('flip.xlsx'), [closed, short]))).code).toBe('23505');

    // A later file buys the 50 back at 880.50 (F3): the client names the stored F2 (50 of it in the short), re-matches
    // it with F3 and replaces the open trade. (884.50 − 880.50) × 50 = 200.
    const [open] = await rows<{ id: string }>(`select id from public.trades where user_id = $1 and status = 'open'`, [
      OTHER,
    ]);
    const covered: Trade = {
      ...short,
      avg_exit_price: 880.5,
      exit_time: '2026-11-20T15:00:00+05:30',
      status: 'closed',
      gross_pnl: 200,
      executions: [fill('sell', 50, 884.5, '11:00:00', 'F2'), fill('buy', 50, 880.5, '15:00:00', 'F3')],
    };
    expect(await commitImport(trader, fileOf('close.xlsx'), [covered], [open?.id as string])).toMatchObject({
      trades_created: 1,
      executions_created: 1,
    });
    expect(
      await rows(`select side, status, gross_pnl::text as gross from public.trades where user_id = $1 order by side`, [
        OTHER,
      ]),
    ).toEqual([
      { side: 'long', status: 'closed', gross: '450.00' },
      { side: 'short', status: 'closed', gross: '200.00' },
    ]);
  });

  it('refuses the same fill twice in one call, naming it', async () => {
    // R1 bought at 10:00 and R1 again at 11:00 of the same day and order: one fill by its identity, sent twice.
    const twice = sbinRoundTrip(['R1', 'R1']);
    twice.executions[1] = { ...(twice.executions[1] as Execution), broker_order_id: 'order-R1' };
    expect(await failure(tryImport(trader, fileOf('bad.xlsx'), [twice]))).toEqual({
      code: '22023',
      message: 'Fill R1 appears twice in this call: send each fill once.',
    });
  });

  it('continues an open trade from an earlier import as one trade, keeping its journalling', async () => {
    const first = await commitImport(trader, fileOf('monday.xlsx'), [
      niftyCallOpen([fill('buy', 130, 120, '09:20:00', 'C1')]),
    ]);
    const [open] = await rows<{ id: string }>('select id from public.trades where import_id = $1', [first.import_id]);
    // The trader journals the open trade: a stop, a rating and a tag.
    await commitAs(
      db,
      trader,
      `with tag as (insert into public.tags (name) values ('Breakout') returning id)
       insert into public.trade_tags (trade_id, tag_id) select '${open?.id}', id from tag`,
    );
    await commitAs(db, trader, `update public.trades set stop_loss = 96, rating = 4 where id = '${open?.id}'`);
    await db.query(
      `insert into public.gallery_items (user_id, storage_path, trade_id) values ($1::uuid, $1::text || '/entry.png', $2)`,
      [OTHER, open?.id],
    );

    // The next file sells the 130 at 150: the client re-matches C1 with C2 and replaces the open trade.
    const closedTrade: Trade = {
      ...niftyCallOpen([fill('buy', 130, 120, '09:20:00', 'C1'), fill('sell', 130, 150, '13:45:00', 'C2')]),
      avg_exit_price: 150,
      exit_time: '2026-11-20T13:45:00+05:30',
      status: 'closed',
      gross_pnl: 3900,
    };
    const second = await commitImport(trader, fileOf('tuesday.xlsx'), [closedTrade], [open?.id as string]);
    // C1 is stored already: only C2 is a new fill.
    expect(second).toMatchObject({ trades_created: 1, executions_created: 1 });

    const trades = await rows(
      `select t.status, t.gross_pnl::text as gross, t.stop_loss::text as stop, t.rating,
         (select string_agg(g.name, ',') from public.trade_tags tt join public.tags g on g.id = tt.tag_id
          where tt.trade_id = t.id) as tags,
         (select count(*)::int from public.gallery_items i where i.trade_id = t.id) as screenshots
       from public.trades t where t.user_id = $1`,
      [OTHER],
    );
    // (150 − 120) × 130 = 3,900; one trade, not a closed one beside a phantom open one.
    expect(trades).toEqual([
      { status: 'closed', gross: '3900.00', stop: '96.0000', rating: 4, tags: 'Breakout', screenshots: 1 },
    ]);
  });

  it('undo deletes the trades and fills of that import only, and the same file imports again afterwards', async () => {
    const keep = await commitImport(trader, fileOf('keep.xlsx'), [sbinRoundTrip(['K1', 'K2'])]);
    const undo = await commitImport(trader, fileOf('undo.xlsx'), [
      sbinRoundTrip(['X1', 'X2']),
      niftyCallOpen([fill('buy', 130, 120, '09:20:00', 'X3')]),
    ]);
    expect(await journalSize(OTHER)).toEqual({ imports: 2, trades: 3, fills: 5 });

    await commitAs(db, trader, `delete from public.imports where id = '${undo.import_id}'`);
    expect(await journalSize(OTHER)).toEqual({ imports: 1, trades: 1, fills: 2 });
    expect(await countOf('select count(*) as n from public.trades where import_id = $1', [keep.import_id])).toBe(1);

    const again = await commitImport(trader, fileOf('undo.xlsx'), [
      sbinRoundTrip(['X1', 'X2']),
      niftyCallOpen([fill('buy', 130, 120, '09:20:00', 'X3')]),
    ]);
    expect(again).toMatchObject({ trades_created: 2, executions_created: 3 });
    expect(await journalSize(OTHER)).toEqual({ imports: 2, trades: 3, fills: 5 });
  });
});

describe('a file in parts', () => {
  it('goes into one import: later parts name it, counts add up, and one undo removes every part', async () => {
    const first = await commitImport(trader, fileOf('big.xlsx'), [
      sbinRoundTrip(['P1', 'P2']),
      niftyCallOpen([fill('buy', 130, 120, '09:20:00', 'P3')]),
    ]);
    const second = await commitImport(trader, { broker: 'upstox', import_id: first.import_id, rows_total: 2 }, [
      sbinRoundTrip(['P4', 'P5']),
    ]);
    expect(second).toMatchObject({ import_id: first.import_id, trades_created: 1, executions_created: 2 });
    // rows 4 + 2, skipped 1 + 0; trades 2 + 1, fills 3 + 2
    expect(
      await rows(
        `select file_name, rows_total, rows_skipped, trades_created, executions_created from public.imports
         where user_id = $1`,
        [OTHER],
      ),
    ).toEqual([{ file_name: 'big.xlsx', rows_total: 6, rows_skipped: 1, trades_created: 3, executions_created: 5 }]);

    await commitAs(db, trader, `delete from public.imports where id = '${first.import_id}'`);
    expect(await journalSize(OTHER)).toEqual({ imports: 0, trades: 0, fills: 0 });
  });

  it('keeps the undated lots each part replaced, for the undo', async () => {
    const lot = (symbol: string) => ({ lot: { symbol, quantity: 10, price: 100 }, importId: null, rest: null });
    const first = await commitImport(trader, { ...fileOf('statement.xlsx'), replaced_lots: [lot('ITC')] }, []);
    await commitImport(trader, { broker: 'upstox', import_id: first.import_id, replaced_lots: [lot('TCS')] }, []);
    const [row] = await rows<{ replaced_lots: { lot: { symbol: string } }[] }>(
      'select replaced_lots from public.imports where id = $1',
      [first.import_id],
    );
    expect(row?.replaced_lots.map((r) => r.lot.symbol)).toEqual(['ITC', 'TCS']);
  });

  it("cannot add to another user's import, or to one of another broker", async () => {
    const [demoImport] = await rows<{ id: string }>('select id from public.imports where user_id = $1 limit 1', [DEMO]);
    expect(
      await failure(tryImport(trader, { broker: 'zerodha', import_id: demoImport?.id }, [sbinRoundTrip(['Q1', 'Q2'])])),
    ).toEqual({ code: '22023', message: 'p_import.import_id is not one of your zerodha imports.' });
    const mine = await commitImport(trader, fileOf('mine.xlsx'), []);
    expect((await failure(tryImport(trader, { broker: 'dhan', import_id: mine.import_id }, []))).message).toBe(
      'p_import.import_id is not one of your dhan imports.',
    );
  });
});

describe('only the owner', () => {
  it("cannot see, undo or replace another user's import and open trades", async () => {
    const mine = await commitImport(trader, fileOf('mine.xlsx'), [
      niftyCallOpen([fill('buy', 130, 120, '09:20:00', 'O1')]),
    ]);
    const [myOpen] = await rows<{ id: string }>('select id from public.trades where import_id = $1', [mine.import_id]);

    // DEMO cannot read it, and deleting it (undo) deletes nothing.
    expect(await as(db, demo, `select id from public.imports where id = '${mine.import_id}'`)).toEqual([]);
    expect(await commitAs(db, demo, `delete from public.imports where id = '${mine.import_id}' returning id`)).toEqual(
      [],
    );
    const before = await journalSize(OTHER);
    expect(before).toEqual({ imports: 1, trades: 1, fills: 1 });

    // Naming OTHER's open trade in p_replace stops DEMO's import, and the trade stays.
    const demoBefore = await journalSize(DEMO);
    const error = await failure(commitImport(demo, fileOf('steal.xlsx', 'zerodha'), [], [myOpen?.id as string]));
    expect(error).toEqual({
      code: '40001',
      message:
        'Some trades this change rebuilds are no longer in your journal as they were. Reload the page and try again.',
    });
    expect(await journalSize(OTHER)).toEqual(before);
    expect(await journalSize(DEMO)).toEqual(demoBefore);
  });

  it("cannot charge trades to another user's broker profile", async () => {
    const [profile] = await rows<{ id: string }>('select id from public.broker_profiles where user_id = $1 limit 1', [
      DEMO,
    ]);
    const trade = { ...sbinRoundTrip(['P1', 'P2']), broker_profile_id: profile?.id };
    expect(await failure(tryImport(trader, fileOf('profile.xlsx'), [trade]))).toEqual({
      code: '22023',
      message: 'Trade 1: broker_profile_id is not one of your broker profiles.',
    });
  });

  it('refuses anon, and is not a SECURITY DEFINER function', async () => {
    expect(await sqlstate(as(db, anon, CALL, await args(anon, fileOf('x.xlsx'), [])))).toBe('42501');
    const [fn] = await rows<{ definer: boolean; anon: boolean; auth: boolean; service: boolean }>(
      `select p.prosecdef as definer, has_function_privilege('anon', p.oid, 'execute') as anon,
         has_function_privilege('authenticated', p.oid, 'execute') as auth,
         has_function_privilege('service_role', p.oid, 'execute') as service
       from pg_proc p where p.oid = 'public.import_trades(jsonb, jsonb, uuid[], jsonb)'::regprocedure`,
    );
    expect(fn).toEqual({ definer: false, anon: false, auth: true, service: false });
  });
});

describe('bad input', () => {
  const message = async (file: object, trades: unknown) =>
    (await failure(as(db, trader, CALL, await args(trader, file, trades)))).message;

  it('names the field and the trade or fill', async () => {
    expect(await message({ file_name: 'x.csv' }, [])).toBe(
      'p_import.broker must be one of zerodha, upstox, angelone, groww, dhan, fyers, icici, other.',
    );
    expect(await message({ broker: 'zerodha', file_name: ' ' }, [])).toBe(
      'p_import.file_name must be the name of the imported file.',
    );
    expect(await message({ ...fileOf('x.csv'), rows_total: -1 }, [])).toBe(
      'p_import.rows_total must be a whole number of 0 or more.',
    );
    expect(await message({ ...fileOf('x.csv'), replaced_lots: { ITC: 10 } }, [])).toBe(
      'p_import.replaced_lots must be an array of the undated lots this import replaces.',
    );
    expect(await message(fileOf('x.csv'), { trades: [] })).toBe(
      'p_trades must be an array of trades (it may be empty).',
    );
    const noExit = { ...sbinRoundTrip(['B1', 'B2']), exit_time: null };
    expect(await message(fileOf('x.csv'), [sbinRoundTrip(['B3', 'B4']), noExit])).toBe(
      'Trade 2: a closed trade needs avg_exit_price, exit_time and gross_pnl.',
    );
    expect(await message(fileOf('x.csv'), [{ ...sbinRoundTrip(['B1', 'B2']), quantity: 'ten' }])).toBe(
      'Trade 1: quantity must be a number of units above 0, with at most 6 decimals.',
    );
    expect(await message(fileOf('x.csv'), [{ ...sbinRoundTrip(['B1', 'B2']), product: 'carry_forward' }])).toBe(
      'Trade 1: product must be intraday or delivery for equity, intraday or carry_forward for futures and options.',
    );
    // A time without its offset would land on the server's time zone and could move the trade to another day.
    const naive = sbinRoundTrip(['B1', 'B2']);
    naive.executions[1] = { ...(naive.executions[1] as Execution), executed_at: '2026-11-20 11:00:00' };
    expect(await message(fileOf('x.csv'), [naive])).toBe(
      'Fill 2: executed_at must be a timestamp with its offset, e.g. 2026-11-20T09:20:00+05:30.',
    );
    expect(await message(fileOf('x.csv'), [{ ...sbinRoundTrip(['B1', 'B2']), executions: [] }])).toBe(
      'Trade 1: fills must be a non-empty array of [fill id, units].',
    );
    const stranger = { ...sbinRoundTrip(['B1', 'B2']), executions: undefined, fills: [[OTHER, 100]] };
    expect(await message(fileOf('x.csv'), [stranger])).toBe(
      `Fill ${OTHER} is neither a new fill of this call nor one of your fills.`,
    );
  });

  it('takes at most 20,000 trades in one call', async () => {
    const error = await failure(
      as(
        db,
        trader,
        `select public.import_trades($1::jsonb, (select jsonb_agg('{}'::jsonb) from generate_series(1, 20001)))`,
        [JSON.stringify(fileOf('big.csv'))],
      ),
    );
    expect(error).toEqual({
      code: '54000',
      message: 'This import has 20001 trades; at most 20000 can be imported in one call. Send them in parts.',
    });
  });
});
