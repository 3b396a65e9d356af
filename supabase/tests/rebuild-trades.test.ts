// Holdings from before the imported history, splits and bonuses, and undo: the RPCs that replace some of a trader's
// imported trades with trades rebuilt from their fills (rebuild_trades, import_trades, undo_import,
// change_corporate_action), called as the trader under RLS. OTHER imports here; DEMO (the seeded trader) is the other
// user.
import type { Database } from '@bahi/supabase-local';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { anon, as, bootDatabase, commitAs, createUser, sqlstate, user } from './support/db';
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
  for (const table of ['imports', 'trades', 'corporate_actions', 'fills', 'deleted_fills']) {
    await db.query(`delete from public.${table} where user_id = $1`, [OTHER]);
  }
});

interface Fill {
  side: 'buy' | 'sell';
  quantity: number;
  price: number;
  executed_at: string;
  broker_trade_id: string | null;
  kind?: 'fill' | 'opening';
  import_id?: string | null;
}

const fill = (
  side: 'buy' | 'sell',
  quantity: number,
  price: number,
  day: string,
  id: string,
  extra: Partial<Fill> = {},
) => ({
  side,
  quantity,
  price,
  executed_at: `${day}T10:00:00+05:30`,
  broker_trade_id: id,
  ...extra,
});

const equity = {
  exchange: 'NSE',
  segment: 'equity',
  product: 'delivery',
  symbol: 'TCS',
  isin: 'INE467B01029',
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

// 13 TCS sold at 4,300 on 13 Dec 2024, bought before the tradebook: no cost basis.
const missingSale = (extra: Partial<Fill> = {}) => ({
  ...equity,
  quantity: 13,
  avg_entry_price: null,
  avg_exit_price: 4300,
  entry_time: '2024-12-13T10:00:00+05:30',
  exit_time: '2024-12-13T10:00:00+05:30',
  status: 'missing_cost',
  gross_pnl: null,
  executions: [fill('sell', 13, 4300, '2024-12-13', 'S1', extra)],
});

// The same sale with its cost from an opening lot of 13 at 3,900: (4,300 − 3,900) × 13 = 5,200.
const costedSale = (saleImport: string | null, lotImport: string | null = null) => ({
  ...equity,
  quantity: 13,
  avg_entry_price: 3900,
  avg_exit_price: 4300,
  entry_time: '2024-03-28T15:30:00+05:30',
  exit_time: '2024-12-13T10:00:00+05:30',
  status: 'closed',
  gross_pnl: 5200,
  executions: [
    { ...fill('buy', 13, 3900, '2024-03-28', 'holding:2024-03-31:TCS'), kind: 'opening', import_id: lotImport },
    fill('sell', 13, 4300, '2024-12-13', 'S1', { import_id: saleImport }),
  ],
});

const file = (name: string, kind = 'tradebook') => ({ broker: 'zerodha', file_name: name, file_format: 'csv', kind });
const IMPORT = 'select public.import_trades($1::jsonb, $2::jsonb, $3::uuid[], $4::jsonb) as v';
const UNDO = 'select public.undo_import($1::uuid, $2::jsonb, $3::uuid[], $4::jsonb) as v';
const ACTION = 'select public.change_corporate_action($1::jsonb, $2::jsonb, $3::uuid[], $4::jsonb) as v';
const REBUILD = 'select public.rebuild_trades($1::jsonb, $2::uuid[], null, null, $3::jsonb) as v';
const uuids = (ids: string[]) => `{${ids.join(',')}}`;
const rpc = (trades: unknown[]) => toRpc(db, OTHER, trades as InlineTrade[]);

const importAs = async (f: object, trades: unknown[], replace: string[] = []) => {
  const payload = await rpc(trades);
  return (
    await commitAs<{ v: { import_id: string } }>(db, trader, IMPORT, [
      JSON.stringify(f),
      payload.trades,
      uuids(replace),
      payload.fills,
    ])
  )[0]!.v;
};
const undoAs = async (importId: string | undefined, trades: unknown[], replace: string[] = []) => {
  const payload = await rpc(trades);
  return commitAs<{ v: unknown }>(db, trader, UNDO, [importId, payload.trades, uuids(replace), payload.fills]);
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

const journal = () =>
  rows<{ status: string; gross: string | null; net: string | null; entry: string | null; fills: string }>(
    `select t.status, t.gross_pnl::text as gross, t.net_pnl::text as net, t.avg_entry_price::text as entry,
       (select string_agg(e.kind || ':' || e.broker_trade_id || '@' || coalesce(i.file_name, '-'), ' ' order by e.executed_at)
        from unnest(t.fill_ids) as u (id) join public.fills e on e.id = u.id
        left join public.imports i on i.id = e.import_id) as fills
     from public.trades t where t.user_id = $1 order by t.entry_time`,
    [OTHER],
  );

describe('a sale with no cost basis', () => {
  it('is stored without an entry price or P&L, and gets both when an opening lot is imported', async () => {
    const tradebook = await importAs(file('tradebook-2024.csv'), [missingSale()]);
    expect(await journal()).toEqual([
      { status: 'missing_cost', gross: null, net: null, entry: null, fills: 'fill:S1@tradebook-2024.csv' },
    ]);
    const [sale] = await rows<{ id: string }>('select id from public.trades where user_id = $1', [OTHER]);
    await commitAs(
      db,
      trader,
      `update public.trades set notes = 'Sold on the results', rating = 4 where id = '${sale?.id}'`,
    );

    // The holdings statement's lot rebuilds the sale; the sale's fill stays filed under the tradebook.
    await importAs(file('holdings.csv', 'holdings'), [costedSale(tradebook.import_id)], [sale?.id as string]);
    expect(await journal()).toEqual([
      {
        status: 'closed',
        gross: '5200.00',
        net: '5200.00',
        entry: '3900.0000',
        fills: 'opening:holding:2024-03-31:TCS@holdings.csv fill:S1@tradebook-2024.csv',
      },
    ]);
    // The trader's notes and rating moved to the rebuilt trade.
    expect(await rows('select notes, rating from public.trades where user_id = $1', [OTHER])).toEqual([
      { notes: 'Sold on the results', rating: 4 },
    ]);
  });

  it('takes an option bought and sold the same day as intraday, and refuses a delivery future', async () => {
    const option = {
      ...equity,
      segment: 'options',
      product: 'intraday',
      symbol: 'BANKNIFTY1941130000CE',
      isin: null,
      underlying: 'BANKNIFTY',
      expiry: '2019-04-11',
      strike: 30000,
      option_type: 'CE',
      lot_size: 20,
      quantity: 20,
      avg_entry_price: 245,
      avg_exit_price: 180.5,
      entry_time: '2019-04-09T10:00:00+05:30',
      exit_time: '2019-04-09T10:00:00+05:30',
      status: 'closed',
      gross_pnl: -1290,
      executions: [fill('buy', 20, 245, '2019-04-09', 'O1'), fill('sell', 20, 180.5, '2019-04-09', 'O2')],
    };
    await importAs(file('fo.csv'), [option]);
    expect(await rows('select product from public.trades where user_id = $1', [OTHER])).toEqual([
      { product: 'intraday' },
    ]);
    expect(
      (await failure(importAs(file('fo2.csv'), [{ ...option, product: 'delivery', executions: [] }]))).message,
    ).toBe(
      'Trade 1: product must be intraday or delivery for equity, intraday or carry_forward for futures and options.',
    );
  });

  it('refuses a missing-cost trade with a price or P&L, or an opening lot that sells', async () => {
    const bad = (trade: object) => failure(importAs(file('x.csv'), [trade]));
    expect((await bad({ ...missingSale(), gross_pnl: 100 })).message).toBe(
      'Trade 1: a missing_cost trade is a long equity delivery sale with no avg_entry_price and no gross_pnl.',
    );
    const sellingLot = {
      ...missingSale(),
      executions: [fill('sell', 13, 4300, '2024-12-13', 'S1', { kind: 'opening' })],
    };
    expect((await bad(sellingLot)).message).toBe('Fill 1: an opening lot or bonus is a buy.');
  });
});

describe('undo_import', () => {
  it('takes out only its own fills and puts the rebuilt trades back, atomically', async () => {
    const tradebook = await importAs(file('tradebook-2024.csv'), [missingSale()]);
    const [sale] = await rows<{ id: string }>('select id from public.trades where user_id = $1', [OTHER]);
    const holdings = await importAs(
      file('holdings.csv', 'holdings'),
      [costedSale(tradebook.import_id)],
      [sale?.id as string],
    );
    const [costed] = await rows<{ id: string }>('select id from public.trades where user_id = $1', [OTHER]);

    // Undoing the holdings statement: the sale is back to no cost basis, still from the tradebook.
    const result = await undoAs(
      holdings.import_id,
      [{ ...missingSale({ import_id: tradebook.import_id }), broker: 'zerodha', import_id: tradebook.import_id }],
      [costed?.id as string],
    );
    // The sale's fill is the stored one, named again: no fill is written.
    expect(result[0]?.v).toMatchObject({ trades_created: 1, executions_created: 0 });
    expect(await journal()).toEqual([
      { status: 'missing_cost', gross: null, net: null, entry: null, fills: 'fill:S1@tradebook-2024.csv' },
    ]);
    expect(await rows('select file_name from public.imports where user_id = $1', [OTHER])).toEqual([
      { file_name: 'tradebook-2024.csv' },
    ]);
  });

  it('stops when a trade holding its fills is not rebuilt, or a rebuilt trade keeps one, and changes nothing', async () => {
    const tradebook = await importAs(file('tradebook-2024.csv'), [missingSale()]);
    const [sale] = await rows<{ id: string }>('select id from public.trades where user_id = $1', [OTHER]);
    const holdings = await importAs(
      file('holdings.csv', 'holdings'),
      [costedSale(tradebook.import_id)],
      [sale?.id as string],
    );
    const before = await journal();
    // Nothing rebuilt: the costed trade still holds the holdings lot.
    expect(await failure(undoAs(holdings.import_id, []))).toEqual({
      code: '40001',
      message: 'Some trades of this import have changed since the page loaded. Reload the page and try again.',
    });
    // A rebuilt trade that keeps the lot.
    const keeps = [{ ...costedSale(tradebook.import_id, holdings.import_id), broker: 'zerodha' }];
    expect((await failure(undoAs(holdings.import_id, keeps))).code).toBe('22023');
    expect(await journal()).toEqual(before);
  });

  it("cannot undo another user's import", async () => {
    const [demoImport] = await rows<{ id: string }>('select id from public.imports where user_id = $1 limit 1', [DEMO]);
    expect(await failure(undoAs(demoImport?.id, []))).toEqual({
      code: 'P0002',
      message: 'That import is not in your journal (it may have been undone already).',
    });
    expect(await rows('select 1 from public.imports where id = $1', [demoImport?.id])).toHaveLength(1);
  });
});

describe('rebuild_trades', () => {
  it("refuses a fill filed under another user's import", async () => {
    const [demoImport] = await rows<{ id: string }>('select id from public.imports where user_id = $1 limit 1', [DEMO]);
    const trade = { ...missingSale({ import_id: demoImport?.id }), broker: 'zerodha' };
    const payload = await rpc([trade]);
    expect(await failure(commitAs(db, trader, REBUILD, [payload.trades, '{}', payload.fills]))).toEqual({
      code: '22023',
      message: 'A trade or fill names an import that is not one of yours.',
    });
  });

  it('needs the broker of each trade when there is no import, and never replaces a manual trade', async () => {
    const { trades: sale } = await rpc([missingSale()]);
    expect((await failure(commitAs(db, trader, REBUILD, [sale, '{}', '[]']))).message).toBe(
      'Trade 1: broker must be one of zerodha, upstox, angelone, groww, dhan, fyers, icici, other.',
    );
    const [manual] = await commitAs<{ id: string }>(
      db,
      trader,
      `insert into public.trades (exchange, segment, product, symbol, side, quantity, avg_entry_price, entry_time)
       values ('NSE', 'equity', 'delivery', 'TCS', 'long', 1, 4000, now()) returning id`,
    );
    expect((await failure(commitAs(db, trader, REBUILD, ['[]', uuids([manual?.id as string]), '[]']))).code).toBe(
      '40001',
    );
  });
});

describe('change_corporate_action', () => {
  const split = { symbol: 'nestleind', kind: 'split', ratio_from: 1, ratio_to: 10, ex_date: '2024-01-05' };

  it('records a split with the rebuilt trades, lists it only to its owner, and removes it', async () => {
    const [added] = await commitAs<{ v: { id: string; trades_created: number } }>(db, trader, ACTION, [
      JSON.stringify(split),
      '[]',
      '{}',
      '[]',
    ]);
    expect(added?.v.trades_created).toBe(0);
    expect(
      await as(
        db,
        trader,
        'select symbol, kind, ratio_from, ratio_to, ex_date::text as ex from public.corporate_actions',
      ),
    ).toEqual([{ symbol: 'NESTLEIND', kind: 'split', ratio_from: 1, ratio_to: 10, ex: '2024-01-05' }]);
    expect(await as(db, demo, 'select id from public.corporate_actions where user_id = $1', [OTHER])).toEqual([]);
    expect(await failure(commitAs(db, demo, ACTION, [JSON.stringify({ id: added?.v.id }), '[]', '{}', '[]']))).toEqual({
      code: 'P0002',
      message: 'That corporate action is not in your journal.',
    });
    expect(await failure(commitAs(db, trader, ACTION, [JSON.stringify(split), '[]', '{}', '[]']))).toEqual({
      code: '23505',
      message: 'That split of nestleind on 2024-01-05 is already recorded.',
    });
    await commitAs(db, trader, ACTION, [JSON.stringify({ id: added?.v.id }), '[]', '{}', '[]']);
    expect(await as(db, trader, 'select id from public.corporate_actions')).toEqual([]);
  });

  it('says what is wrong with a bad split or bonus', async () => {
    const message = async (action: object) =>
      (await failure(commitAs(db, trader, ACTION, [JSON.stringify(action), '[]', '{}', '[]']))).message;
    expect(await message({ ...split, ratio_to: 0 })).toBe(
      'The ratio must be two whole numbers from 1 to 1000, like 1:5.',
    );
    expect(await message({ ...split, ex_date: '05-01-2024' })).toBe('The ex-date must be a date YYYY-MM-DD.');
    expect(await message({ ...split, ex_date: '2024-02-30' })).toBe('The ex-date must be a date YYYY-MM-DD.');
    // A merger names the share the holding moves to (supabase/tests/corporate-actions.test.ts has the rest).
    expect(await message({ ...split, kind: 'merger' })).toBe(
      'A merger needs the symbol of the new share, like HDFCBANK.',
    );
  });
});

describe('privileges', () => {
  it('are SECURITY INVOKER functions that anon cannot call', async () => {
    for (const fn of [
      'public.rebuild_trades(jsonb, uuid[], uuid, text, jsonb)',
      'public.import_trades(jsonb, jsonb, uuid[], jsonb)',
      'public.undo_import(uuid, jsonb, uuid[], jsonb)',
      'public.change_corporate_action(jsonb, jsonb, uuid[], jsonb)',
      'public.journal_fills()',
      'public.tax_trades()',
    ]) {
      const [p] = await rows<{ definer: boolean; anon: boolean; auth: boolean }>(
        `select p.prosecdef as definer, has_function_privilege('anon', p.oid, 'execute') as anon,
           has_function_privilege('authenticated', p.oid, 'execute') as auth
         from pg_proc p where p.oid = $1::regprocedure`,
        [fn],
      );
      expect({ fn, ...p }).toEqual({ fn, definer: false, anon: false, auth: true });
    }
    expect(await sqlstate(as(db, anon, 'select public.rebuild_trades($1::jsonb)', ['[]']))).toBe('42501');
  });
});
