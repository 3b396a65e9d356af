// The pipeline against the real RPCs (migrations on PGlite, called as the signed-in trader under RLS): plans built
// from what the database stored (stored-journal.ts) pass the RPCs' checks, skip every fill already held, give a sale
// of earlier holdings its cost from an opening lot, and undo one import without touching another's fills.
import { fileURLToPath } from 'node:url';
import { bootstrap, type Database, migrate, openDatabase } from '@bahi/supabase-local';
import {
  type CorporateAction,
  type ImportPlan,
  openingLotsFromHoldings,
  type PlanContext,
  parseZerodhaTradebook,
  planActionChange,
  planImport,
  planUndo,
  type RebuildGroup,
} from '@bahi/trading';
import { CORPORATE_ACTIONS, ZERODHA_CORPORATE_ACTIONS_CSV } from '@bahi/trading/fixtures';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CHARGE_PROFILE } from '../broker-profile';
import {
  actionPayload,
  CORPORATE_ACTION_COLUMNS,
  type CorporateActionRow,
  corporateAction,
  STORED_FILL_COLUMNS,
  STORED_TRADE_COLUMNS,
  type StoredFillRow,
  type StoredTradeRow,
  storedTrades,
  tradePayload,
} from './stored-journal';

const TRADER = '5b0e3c1a-8d2f-4e6b-9a7c-1f2e3d4c5b6a';
const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
let db: Database;

beforeAll(async () => {
  db = await openDatabase();
  await bootstrap(db);
  await migrate(db, ROOT, { seed: false });
  await db.query(
    `insert into auth.users (id, email, aud, role, email_confirmed_at, created_at, updated_at, raw_user_meta_data)
     values ($1, 'importer@bahi.local', 'authenticated', 'authenticated', now(), now(), now(), '{}'::jsonb)`,
    [TRADER],
  );
}, 60_000);

afterAll(async () => {
  await db?.close();
});

afterEach(async () => {
  for (const table of ['imports', 'trades', 'corporate_actions']) {
    await db.query(`delete from public.${table} where user_id = $1`, [TRADER]);
  }
});

/** One statement as the trader, the way PostgREST runs a request. */
async function asTrader<T>(sql: string, params: unknown[] = []): Promise<T[]> {
  return db.transaction(async (tx) => {
    await tx.exec('set local role authenticated');
    await tx.query(`select set_config('request.jwt.claims', $1, true)`, [
      JSON.stringify({ role: 'authenticated', sub: TRADER, aud: 'authenticated' }),
    ]);
    return (await tx.query<T>(sql, params)).rows;
  });
}

/** What import-data.ts loads, read here with SQL under the trader's RLS. */
async function journal(): Promise<PlanContext> {
  const [trades, fills, actions] = await Promise.all([
    asTrader<StoredTradeRow>(`select ${STORED_TRADE_COLUMNS} from public.trades where import_source <> 'manual'`),
    asTrader<StoredFillRow>(`select ${STORED_FILL_COLUMNS} from public.trade_executions where broker <> 'manual'`),
    asTrader<CorporateActionRow>(`select ${CORPORATE_ACTION_COLUMNS} from public.corporate_actions`),
  ]);
  return {
    stored: storedTrades(trades, fills),
    actions: actions.map(corporateAction),
    charges: DEFAULT_CHARGE_PROFILE.settings,
  };
}

const payload = (groups: readonly RebuildGroup[]) =>
  JSON.stringify(groups.flatMap((g) => g.trades.map((t) => tradePayload(t, null))));
const replaced = (groups: readonly RebuildGroup[]) => `{${groups.flatMap((g) => g.replace).join(',')}}`;

async function commit(plan: ImportPlan, name: string, kind = 'tradebook'): Promise<string> {
  const [row] = await asTrader<{ result: { import_id: string } }>(
    'select public.import_trades($1::jsonb, $2::jsonb, $3::uuid[]) as result',
    [
      JSON.stringify({ broker: 'zerodha', file_name: name, file_format: 'csv', kind, rows_total: plan.rowsTotal }),
      payload(plan.groups),
      replaced(plan.groups),
    ],
  );
  return row!.result.import_id;
}

const trades = () =>
  asTrader<{ symbol: string; product: string; status: string; quantity: number; gross: string | null }>(
    `select symbol, product, status, quantity, gross_pnl::text as gross from public.trades order by entry_time, symbol`,
  );

const HEADER =
  'symbol,isin,trade_date,exchange,segment,series,trade_type,auction,quantity,price,trade_id,order_id,order_execution_time';
const tradebook = (...rows: string[]) => [HEADER, ...rows].join('\n');

// FY 2024-25: INFY bought and held; a flip in SBIN the same day; TCS sold on 13 Dec 2024 (bought before the file).
const FY25 = tradebook(
  'INFY,INE009A01021,2024-06-03,NSE,EQ,EQ,buy,false,10,1500.00,1001,5001,2024-06-03T10:00:00',
  'SBIN,INE062A01020,2024-08-01,NSE,EQ,EQ,buy,false,10,800.00,2001,6001,2024-08-01T09:30:00',
  'SBIN,INE062A01020,2024-08-01,NSE,EQ,EQ,sell,false,25,805.00,2002,6002,2024-08-01T10:30:00',
  'SBIN,INE062A01020,2024-08-01,NSE,EQ,EQ,buy,false,15,802.00,2003,6003,2024-08-01T14:00:00',
  'TCS,INE467B01029,2024-12-13,NSE,EQ,EQ,sell,false,13,4300.00,3001,7001,2024-12-13T10:00:00',
);

describe('import round trip through the RPCs', () => {
  it('stores a sale of earlier holdings with no cost basis and no delivery short, and skips all of it again', async () => {
    await commit(planImport(parseZerodhaTradebook(FY25), await journal()), 'fy25.csv');
    expect(await trades()).toEqual([
      { symbol: 'INFY', product: 'delivery', status: 'open', quantity: 10, gross: null },
      // The flip is two intraday trades: (805 − 800) × 10 and (805 − 802) × 15.
      { symbol: 'SBIN', product: 'intraday', status: 'closed', quantity: 10, gross: '50.00' },
      { symbol: 'SBIN', product: 'intraday', status: 'closed', quantity: 15, gross: '45.00' },
      { symbol: 'TCS', product: 'delivery', status: 'missing_cost', quantity: 13, gross: null },
    ]);
    const ids = await asTrader<{ id: string }>(
      `select broker_trade_id as id from public.trade_executions order by executed_at, broker_trade_id`,
    );
    expect(ids.map((r) => r.id)).toEqual(['1001', '2001', '2002', '2002#2', '2003', '3001']);
    expect(planImport(parseZerodhaTradebook(FY25), await journal())).toMatchObject({
      duplicates: 5,
      newFills: 0,
      groups: [],
    });
  });

  it('gives the sale its cost from a holdings statement, and undoing the statement takes it away again', async () => {
    const tradebookId = await commit(planImport(parseZerodhaTradebook(FY25), await journal()), 'fy25.csv');
    const lots = openingLotsFromHoldings(
      [{ symbol: 'TCS', isin: 'INE467B01029', quantity: 13, averagePrice: 3900, row: 2 }],
      '2024-03-31',
      'zerodha',
      (await journal()).stored,
    );
    const holdings = planImport({ fills: lots.fills, errors: [] }, await journal());
    expect(holdings).toMatchObject({ costFound: 1, replaced: 1, missingCost: 0 });
    const holdingsId = await commit(holdings, 'holdings-2024-03-31.csv', 'holdings');
    // (4,300 − 3,900) × 13 = 5,200.
    expect((await trades()).find((t) => t.symbol === 'TCS')).toEqual({
      symbol: 'TCS',
      product: 'delivery',
      status: 'closed',
      quantity: 13,
      gross: '5200.00',
    });

    const undo = planUndo(holdingsId, await journal());
    await asTrader('select public.undo_import($1::uuid, $2::jsonb, $3::uuid[])', [
      holdingsId,
      payload(undo.groups),
      replaced(undo.groups),
    ]);
    expect((await trades()).find((t) => t.symbol === 'TCS')?.status).toBe('missing_cost');
    const files = await asTrader<{ file: string }>(
      `select i.file_name as file from public.trade_executions e join public.imports i on i.id = e.import_id
       where e.broker_trade_id = '3001'`,
    );
    expect(files).toEqual([{ file: 'fy25.csv' }]);
    expect(tradebookId).not.toBe(holdingsId);
  });

  it('records a split and rebuilds the holding it applies to', async () => {
    await commit(
      planImport(
        parseZerodhaTradebook(
          tradebook(
            'NESTLEIND,INE239A01016,2024-01-10,NSE,EQ,EQ,buy,false,10,25000.00,4001,8001,2024-01-10T10:00:00',
            'NESTLEIND,INE239A01016,2024-03-01,NSE,EQ,EQ,sell,false,100,2600.00,4002,8002,2024-03-01T10:00:00',
          ),
        ),
        await journal(),
      ),
      'nestle.csv',
    );
    const split: CorporateAction = { symbol: 'NESTLEIND', kind: 'split', from: 1, to: 10, exDate: '2024-01-05' };
    // The ex-date is before the buy, so the split changes nothing held: 10 sold of 100 at a loss, 90 with no cost.
    const before = planActionChange(split, { ...(await journal()), actions: [split] });
    expect(before.missingCost).toBe(1);
    const real: CorporateAction = { ...split, exDate: '2024-02-05' };
    const change = planActionChange(real, { ...(await journal()), actions: [real] });
    await asTrader('select public.change_corporate_action($1::jsonb, $2::jsonb, $3::uuid[])', [
      JSON.stringify({ symbol: 'NESTLEIND', kind: 'split', ratio_from: 1, ratio_to: 10, ex_date: '2024-02-05' }),
      payload(change.groups),
      replaced(change.groups),
    ]);
    // 10 at 25,000 become 100 at 2,500; sold at 2,600: 100 × 100 = 10,000.
    expect(await trades()).toEqual([
      { symbol: 'NESTLEIND', product: 'delivery', status: 'closed', quantity: 100, gross: '10000.00' },
    ]);
    expect(await asTrader('select adjustments from public.trades')).toEqual([
      { adjustments: [{ symbol: 'NESTLEIND', kind: 'split', from: 1, to: 10, ex_date: '2024-02-05' }] },
    ]);
  });

  it('records a merger and a demerger on stored trades, and rebuilds them the same from what it stored', async () => {
    // The fixture's tradebook (trading/src/import/fixtures/README.md, figures worked there), without its fund units:
    // trade_executions.quantity is whole until the numeric migration (20261201100000_history_identity.sql).
    const parsed = parseZerodhaTradebook(ZERODHA_CORPORATE_ACTIONS_CSV);
    const whole = { fills: parsed.fills.filter((f) => Number.isInteger(f.quantity)), errors: [] };
    await commit(planImport(whole, await journal()), 'corporate-actions.csv');
    const [merger, demerger] = CORPORATE_ACTIONS as [CorporateAction, CorporateAction];
    const record = async (action: CorporateAction) => {
      const before = await journal();
      const change = planActionChange(action, { ...before, actions: [...before.actions, action] });
      await asTrader('select public.change_corporate_action($1::jsonb, $2::jsonb, $3::uuid[])', [
        JSON.stringify(actionPayload(action)),
        payload(change.groups),
        replaced(change.groups),
      ]);
    };
    await record(merger);
    await record(demerger);
    // Two trades can share an entry time (the own HDFCBANK sold and held): ordered by status too.
    const all = () =>
      asTrader<{ symbol: string; product: string; status: string; quantity: number; gross: string | null }>(
        `select symbol, product, status, quantity, gross_pnl::text as gross from public.trades
         order by entry_time, symbol, status`,
      );
    // HDFCBANK: 16 from HDFC (26,320.00 − 25,142.86) and 2 own (2 × 45.00), 3 open; STAR +1,327.65 at 89.35% of its
    // cost; ONESOURCE +20,336.25 on 10.65% of STAR's; GE T&D +11,935.00 under today's name.
    const expected = [
      { symbol: 'HDFCBANK', product: 'delivery', status: 'closed', quantity: 16, gross: '1177.14' },
      { symbol: 'HDFCBANK', product: 'delivery', status: 'closed', quantity: 2, gross: '90.00' },
      { symbol: 'HDFCBANK', product: 'delivery', status: 'open', quantity: 3, gross: null },
      { symbol: 'ONESOURCE', product: 'delivery', status: 'closed', quantity: 12, gross: '20336.25' },
      { symbol: 'STAR', product: 'delivery', status: 'closed', quantity: 25, gross: '1327.65' },
      { symbol: 'GVT&D', product: 'delivery', status: 'closed', quantity: 11, gross: '11935.00' },
    ];
    expect(await all()).toEqual(expected);
    // The HDFC buy is stored in the HDFCBANK trade, and read back as HDFC's, so nothing is new in the same file.
    const stored = await journal();
    const hdfcBuy = stored.stored.flatMap((t) => t.fills).find((f) => f.fill.tradeId === '140822561');
    expect(hdfcBuy?.fill).toMatchObject({ symbol: 'HDFC', isin: 'INE001A01036', quantity: 10 });
    expect(planImport(whole, stored)).toMatchObject({ newFills: 0, groups: [] });

    // The merger removed and recorded again: HDFC held and a sale with no cost, then the same trades as before.
    const [row] = await asTrader<{ id: string }>(`select id from public.corporate_actions where kind = 'merger'`);
    const removal = planActionChange(
      { ...merger, id: row!.id },
      { ...stored, actions: stored.actions.filter((a) => a.id !== row!.id) },
    );
    await asTrader('select public.change_corporate_action($1::jsonb, $2::jsonb, $3::uuid[])', [
      JSON.stringify({ id: row!.id }),
      payload(removal.groups),
      replaced(removal.groups),
    ]);
    expect((await all()).filter((t) => t.symbol.startsWith('HDFC'))).toEqual([
      { symbol: 'HDFC', product: 'delivery', status: 'open', quantity: 10, gross: null },
      { symbol: 'HDFCBANK', product: 'delivery', status: 'closed', quantity: 5, gross: '225.00' },
      { symbol: 'HDFCBANK', product: 'delivery', status: 'missing_cost', quantity: 13, gross: null },
    ]);
    await record(merger);
    expect(await all()).toEqual(expected);
  });

  it('imports fund units with decimals once trades.quantity is numeric', async (context) => {
    const [column] = await asTrader<{ type: string }>(
      `select data_type as type from information_schema.columns
       where table_schema = 'public' and table_name = 'trade_executions' and column_name = 'quantity'`,
    );
    // The numeric quantities come with the lead's migration (20261201100000_history_identity.sql, issue 26).
    if (column?.type !== 'numeric') {
      context.skip('trade_executions.quantity is still an integer: fractional units wait for the numeric migration');
    }
    const parsed = parseZerodhaTradebook(ZERODHA_CORPORATE_ACTIONS_CSV);
    const units = { fills: parsed.fills.filter((f) => f.symbol === 'LIQUIDBEES'), errors: [] };
    await commit(planImport(units, await journal()), 'liquidbees.csv');
    // 24.609 × (1,004.00 − 1,000.00) = 98.436 → 98.44.
    expect(await trades()).toEqual([
      { symbol: 'LIQUIDBEES', product: 'delivery', status: 'closed', quantity: 24.609, gross: '98.44' },
    ]);
    expect(planImport(units, await journal())).toMatchObject({ newFills: 0 });
  });
});
