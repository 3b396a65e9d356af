// The pipeline against the real RPCs (migrations on PGlite, called as the signed-in trader under RLS): plans built
// from what the database stored (stored-journal.ts) pass the RPCs' checks, skip every fill already held, give a sale
// of earlier holdings its cost from an opening lot, and undo one import without touching another's fills.
import { fileURLToPath } from 'node:url';
import { bootstrap, type Database, migrate, openDatabase } from '@bahi/supabase-local';
import {
  type CorporateAction,
  dayBeforeHistory,
  type ImportPlan,
  openingLotsFromHoldings,
  openingLotsFromTaxPnl,
  type PlanContext,
  parseZerodhaHoldings,
  parseZerodhaTaxPnl,
  parseZerodhaTradebook,
  planActionChange,
  planImport,
  planLotDates,
  planUndo,
  type RebuildGroup,
  type ReplacedLot,
  taxPnl,
  undatedLots,
} from '@bahi/trading';
import {
  CORPORATE_ACTIONS,
  KITE_ACCOUNT_HOLDINGS_CSV,
  KITE_ACCOUNT_TRADEBOOK_CSV,
  kiteAccountTaxPnlXlsx,
  ZERODHA_CORPORATE_ACTIONS_CSV,
} from '@bahi/trading/fixtures';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEFAULT_CHARGE_PROFILE } from '../data/broker-profile';
import { fromColumns, patchTrades, readJournalTrades, revisionOf, toColumns } from '../data/journal-data';
import {
  actionPayload,
  CORPORATE_ACTION_COLUMNS,
  type CorporateActionRow,
  corporateAction,
  type JournalFillsJson,
  newIds,
  rebuildPayload,
  storedJournal,
} from '../data/stored-journal';
import { type TaxTradesJson, taxTradesOf, type UndatedFillRow, undatedLotViews } from '../tax/tax-rows';
import { type AdjustedTrade, listedActions } from './import-data';
import { commitPlan, type DataClient, type JournalForPlan, journalAfter, loadJournalForPlan } from './import-pipeline';
import { type JournalChange, makeChange } from './journal-changes';

// The journal's trades are read here through this file's own client.
vi.mock('../data/supabase', () => ({ supabase: {} }));

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
  // Deleting trades outside a rebuild remembers their fills as deleted by the trader: forget those too.
  for (const table of ['imports', 'trades', 'corporate_actions', 'deleted_fills']) {
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

/** The pipeline's data client over PGlite: an RPC as PostgREST calls it (named arguments), as the trader. */
const api: DataClient = {
  async rpc(fn, args = {}) {
    const types: Record<string, string> = {
      p_import: fn === 'undo_import' ? 'uuid' : 'jsonb',
      p_trades: 'jsonb',
      p_replace: 'uuid[]',
      p_fills: 'jsonb',
      p_action: 'jsonb',
      p_ids: 'uuid[]',
    };
    const entries = Object.entries(args);
    const sql = `select public.${fn}(${entries.map(([k], i) => `${k} => $${i + 1}::${types[k]}`).join(', ')}) as v`;
    const params = entries.map(([k, v]) =>
      k === 'p_replace' || k === 'p_ids'
        ? `{${(v as string[]).join(',')}}`
        : typeof v === 'string'
          ? v
          : JSON.stringify(v),
    );
    try {
      const [row] = await asTrader<{ v: unknown }>(sql, params);
      return { data: row?.v ?? null, error: null };
    } catch (e) {
      const error = e as { code?: string; message: string };
      return { data: null, error: { code: error.code, message: error.message } };
    }
  },
};

/** What import-data.ts loads, read here with SQL under the trader's RLS. */
async function journal(): Promise<PlanContext> {
  const [[row], actions] = await Promise.all([
    asTrader<{ journal: JournalFillsJson }>('select public.journal_fills() as journal'),
    asTrader<CorporateActionRow>(`select ${CORPORATE_ACTION_COLUMNS} from public.corporate_actions`),
  ]);
  return {
    ...storedJournal(row!.journal),
    actions: actions.map(corporateAction),
    charges: DEFAULT_CHARGE_PROFILE.settings,
  };
}

/** p_trades and p_fills, as JSON. */
const payload = (groups: readonly RebuildGroup[]) => {
  const { p_trades, p_fills } = rebuildPayload(
    groups.flatMap((g) => g.trades),
    null,
  );
  return [JSON.stringify(p_trades), JSON.stringify(p_fills)] as const;
};
const replaced = (groups: readonly RebuildGroup[]) => `{${groups.flatMap((g) => g.replace).join(',')}}`;

async function commit(plan: ImportPlan, name: string, kind = 'tradebook'): Promise<string> {
  const [p_trades, p_fills] = payload(plan.groups);
  const [row] = await asTrader<{ result: { import_id: string } }>(
    'select public.import_trades($1::jsonb, $2::jsonb, $3::uuid[], $4::jsonb) as result',
    [
      JSON.stringify({
        broker: 'zerodha',
        file_name: name,
        file_format: 'csv',
        kind,
        rows_total: plan.rowsTotal,
        replaced_lots: plan.replacedLots,
      }),
      p_trades,
      replaced(plan.groups),
      p_fills,
    ],
  );
  return row!.result.import_id;
}

const trades = () =>
  asTrader<{ symbol: string; product: string; status: string; quantity: number; gross: string | null }>(
    `select symbol, product, status, quantity::float8 as quantity, gross_pnl::text as gross from public.trades order by entry_time, symbol`,
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
      `select broker_trade_id as id from public.fills order by executed_at, broker_trade_id`,
    );
    // Each fill once: the flip's 2002 (sold 25) is held by both SBIN trades, 10 and 15.
    expect(ids.map((r) => r.id)).toEqual(['1001', '2001', '2002', '2003', '3001']);
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
    const [undoTrades, undoFills] = payload(undo.groups);
    await asTrader('select public.undo_import($1::uuid, $2::jsonb, $3::uuid[], $4::jsonb)', [
      holdingsId,
      undoTrades,
      replaced(undo.groups),
      undoFills,
    ]);
    expect((await trades()).find((t) => t.symbol === 'TCS')?.status).toBe('missing_cost');
    const files = await asTrader<{ file: string }>(
      `select i.file_name as file from public.fills e join public.imports i on i.id = e.import_id
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
    const [changeTrades, changeFills] = payload(change.groups);
    await asTrader('select public.change_corporate_action($1::jsonb, $2::jsonb, $3::uuid[], $4::jsonb)', [
      JSON.stringify({ symbol: 'NESTLEIND', kind: 'split', ratio_from: 1, ratio_to: 10, ex_date: '2024-02-05' }),
      changeTrades,
      replaced(change.groups),
      changeFills,
    ]);
    // 10 at 25,000 become 100 at 2,500; sold at 2,600: 100 × 100 = 10,000.
    expect(await trades()).toEqual([
      { symbol: 'NESTLEIND', product: 'delivery', status: 'closed', quantity: 100, gross: '10000.00' },
    ]);
    expect(await asTrader('select adjustments from public.trades')).toEqual([
      { adjustments: [{ symbol: 'NESTLEIND', kind: 'split', from: 1, to: 10, ex_date: '2024-02-05' }] },
    ]);
  });

  it('keeps fills whose trade numbers restart each day, and a trade continued by a later file keeps its id and notes', async () => {
    // INFY: trade number 55001 on 2 and on 3 January 2025 (other orders): a buy, then the sale that closes it.
    const buy =
      'INFY,INE009A01021,2025-01-02,NSE,EQ,EQ,buy,false,10,1900.00,55001,1100000000000001,2025-01-02T10:15:00';
    const sell =
      'INFY,INE009A01021,2025-01-03,NSE,EQ,EQ,sell,false,10,1950.00,55001,1100000000000002,2025-01-03T10:15:00';
    await commit(planImport(parseZerodhaTradebook(tradebook(buy)), await journal()), 'jan-2.csv');
    const [open] = await asTrader<{ id: string }>('select id from public.trades');
    await asTrader(`update public.trades set notes = 'Bought on the results dip.' where id = $1`, [open!.id]);
    const plan = planImport(parseZerodhaTradebook(tradebook(buy, sell)), await journal());
    expect([plan.newFills, plan.duplicates]).toEqual([1, 1]);
    await commit(plan, 'jan-3.csv');
    // (1,950 − 1,900) × 10 = 500, on the same row, which kept its notes.
    expect(
      await asTrader('select id, status, gross_pnl::text as gross, notes from public.trades order by entry_time'),
    ).toEqual([{ id: open!.id, status: 'closed', gross: '500.00', notes: 'Bought on the results dip.' }]);
    expect(await asTrader('select fill_key from public.fills order by executed_at').then((r) => r.length)).toBe(2);
  });

  it('remembers a trade the trader deleted: importing its file again skips its fills and says so', async () => {
    await commit(planImport(parseZerodhaTradebook(FY25), await journal()), 'fy25.csv');
    // The trader deletes the SBIN flip's first trade (fills 2001 and the first part of 2002).
    await asTrader(
      `delete from public.trades
       where fill_ids @> array[(select id from public.fills where broker_trade_id = '2001')]`,
    );
    const again = planImport(parseZerodhaTradebook(FY25), await journal());
    // 2001 is deleted; 2002 is still held by the second trade (its other part), so it is a duplicate.
    expect(again).toMatchObject({ newFills: 0, duplicates: 4, deletedSkipped: 1, groups: [] });
    // Only 2001 is remembered: a fill is deleted when its last part goes.
    expect(await asTrader('select split_part(fill_key, $1, 5) as id from public.deleted_fills', ['|'])).toEqual([
      { id: '2001' },
    ]);
  });

  it("keeps the journal it saved: the worker's copy equals what the server then reads", async () => {
    const first = await loadJournalForPlan(api);
    const plan = planImport(parseZerodhaTradebook(FY25), first);
    const ids = newIds();
    const result = await commitPlan(
      api,
      plan.groups,
      {
        broker: 'zerodha',
        name: 'fy25.csv',
        format: 'csv',
        kind: 'tradebook',
        rowsTotal: 5,
        rowsSkipped: 0,
        duplicates: 0,
      },
      null,
      () => undefined,
      { ids },
    );
    const kept = journalAfter(first, plan.groups, result, ids);
    const read = await loadJournalForPlan(api);
    // One call moved the revision on by one, so the copy is current, and it is the journal the server holds.
    expect(kept?.revision).toBe(read.revision);
    const shape = (j: PlanContext) =>
      j.stored
        .map((t) => ({
          id: t.id,
          status: t.status,
          product: t.product,
          importId: t.importId,
          fills: t.fills.map((f) => [
            f.id,
            f.importId,
            f.fill.tradeId,
            f.fill.side,
            f.fill.quantity,
            f.fill.executedAt,
          ]),
        }))
        .sort((a, b) => a.id.localeCompare(b.id));
    expect(shape(kept as PlanContext)).toEqual(shape(read));
    // Kept while the journal stands; a change elsewhere (a trade's note) makes the worker read it again.
    expect(await loadJournalForPlan(api, kept)).toBe(kept);
    await asTrader(`update public.trades set notes = 'changed in another tab'`);
    expect(await loadJournalForPlan(api, kept)).not.toBe(kept);
  });

  it("changes a few trades on the worker's copy: the copy and the page's patched trades equal what the server reads", async () => {
    const NESTLE = [
      'NESTLEIND,INE239A01016,2024-01-10,NSE,EQ,EQ,buy,false,10,25000.00,4001,8001,2024-01-10T10:00:00',
      'NESTLEIND,INE239A01016,2024-03-01,NSE,EQ,EQ,sell,false,100,2600.00,4002,8002,2024-03-01T10:00:00',
    ];
    const file = tradebook(...FY25.split('\n').slice(1), ...NESTLE);
    const first = await loadJournalForPlan(api);
    const plan = planImport(parseZerodhaTradebook(file), first);
    const ids = newIds();
    const result = await commitPlan(
      api,
      plan.groups,
      {
        broker: 'zerodha',
        name: 'fy25.csv',
        format: 'csv',
        kind: 'tradebook',
        rowsTotal: 7,
        rowsSkipped: 0,
        duplicates: 0,
      },
      null,
      () => undefined,
      { ids },
    );
    let kept = journalAfter(first, plan.groups, result, ids);
    const read = (only?: readonly string[]) => readJournalTrades(api as unknown as Pick<SupabaseClient, 'rpc'>, only);
    const figures = (j: readonly { symbol: string; status: string; quantity: number; grossPnl: number | null }[]) =>
      j.map((t) => `${t.symbol} ${t.status} ${t.quantity} ${t.grossPnl}`);
    let page = await read();
    // One change after another, each planned on the copy the one before left (no journal_fills read in between).
    const steps: [JournalChange, string[]][] = [
      // TCS's 13 sold at 4,300 on 13 Dec 2024 now have a cost: (4,300 − 3,000) × 13 = 16,900.
      [
        {
          kind: 'opening',
          opening: {
            broker: 'zerodha',
            symbol: 'TCS',
            quantity: 13,
            price: 3000,
            date: '2023-05-02',
            id: crypto.randomUUID(),
          },
        },
        ['INFY open 10 null', 'NESTLEIND closed 10 -224000', 'NESTLEIND missing_cost 90 null', 'TCS closed 13 16900'],
      ],
      // 10 NESTLEIND at 25,000 become 100 at 2,500, sold at 2,600: 100 × 100 = 10,000.
      [
        { kind: 'action', add: { symbol: 'NESTLEIND', kind: 'split', from: 1, to: 10, exDate: '2024-02-05' } },
        ['INFY open 10 null', 'NESTLEIND closed 100 10000', 'TCS closed 13 16900'],
      ],
    ];
    for (const [change, expected] of steps) {
      const made = await makeChange(api, change, kept);
      expect(made.outcome.revisionBefore).toBe(kept?.revision);
      expect(made.outcome.revision).toBe(made.outcome.revisionBefore + 1);
      kept = made.journal as JournalForPlan;
      const server = await loadJournalForPlan(api);
      expect(kept.revision).toBe(server.revision);
      expect(kept.stored.map((t) => [t.id, t.status, t.fills.map((f) => f.id).join()]).sort()).toEqual(
        server.stored.map((t) => [t.id, t.status, t.fills.map((f) => f.id).join()]).sort(),
      );
      expect(kept.actions.map((a) => [a.id, a.symbol])).toEqual(server.actions.map((a) => [a.id, a.symbol]));
      // The page reads only the trades the change wrote and puts them in place of those it replaced.
      expect(revisionOf(page)).toBe(made.outcome.revisionBefore);
      const written = await read(made.outcome.written);
      expect(written).toHaveLength(made.outcome.written.length);
      expect(revisionOf(written)).toBe(made.outcome.revision);
      page = patchTrades(page, new Set([...made.outcome.replaced, ...made.outcome.written]), written);
      const whole = await read();
      expect(page).toEqual(whole);
      // The patched journal kept in the browser as columns reads back as the same trades.
      expect(fromColumns(toColumns(page))).toEqual(page);
      expect(
        figures(page)
          .filter((f) => !f.startsWith('SBIN'))
          .sort(),
      ).toEqual(expected);
      page = whole;
    }
    expect(kept?.actions).toHaveLength(1);
  });

  it('stores a holdings statement’s undated lots as undated, and dates them per lot through rebuild_trades', async () => {
    // Account KT4417 (trading fixtures README): the tradebook, then Kite's holdings CSV, which gives no buy dates.
    await commit(planImport(parseZerodhaTradebook(KITE_ACCOUNT_TRADEBOOK_CSV), await journal()), 'tradebook.csv');
    const before = await journal();
    const lots = openingLotsFromHoldings(
      parseZerodhaHoldings(KITE_ACCOUNT_HOLDINGS_CSV).holdings,
      dayBeforeHistory(before.stored, 'zerodha')!,
      'zerodha',
      before.stored,
    );
    await commit(planImport({ fills: lots.fills, errors: [] }, before), 'holdings.csv', 'holdings');
    expect(
      await asTrader(
        `select symbol, sum(quantity)::float8 as quantity, bool_and(date_unknown) as undated
         from public.fills where kind = 'opening' group by symbol order by symbol`,
      ),
    ).toEqual([
      { symbol: 'COALINDIA', quantity: 120, undated: true },
      { symbol: 'HDFCBANK', quantity: 40, undated: true },
      { symbol: 'ITC', quantity: 300, undated: true },
      { symbol: 'TATAMOTORS', quantity: 100, undated: true },
    ]);

    // /tax's read (tax_trades()): 3 lots and 3,11,487.00 of sales wait for a date (README).
    const taxYear = async () => {
      const [row] = await asTrader<{ j: TaxTradesJson }>('select public.tax_trades() as j');
      return taxPnl(taxTradesOf(row!.j), '2024-25');
    };
    const waiting = await taxYear();
    expect(waiting.undated).toMatchObject({ lots: 3, saleValue: 311_487 });
    expect(waiting.shortTerm.rows.map((r) => r.symbol)).toEqual(['SBIN']);

    // The page's lots are named as the planner names them (the fill's id), so a form's save finds its lot.
    // As PostgREST returns the rows (JSON, ISO times).
    const [undatedRows] = await asTrader<{ rows: UndatedFillRow[] }>(
      `select coalesce(json_agg(f), '[]') as rows
       from (select id, symbol, isin, quantity, price, executed_at from public.fills where date_unknown) f`,
    );
    const views = undatedLotViews(undatedRows!.rows);
    expect(views.map((l) => [l.symbol, l.quantity, l.price, l.heldOn])).toEqual([
      ['COALINDIA', 120, 216.4, '2024-01-08'],
      ['HDFCBANK', 40, 1515.7, '2024-01-08'],
      ['ITC', 300, 216.1, '2024-01-08'],
      ['TATAMOTORS', 100, 561.35, '2024-01-08'],
    ]);
    expect(views.map((l) => l.id)).toEqual(undatedLots((await journal()).stored).map((l) => l.key));

    // The trader dates HDFCBANK's 40 as two buys: one rebuild, the lots staying in the holdings import, the undated
    // lot gone.
    const hdfc = views.find((l) => l.symbol === 'HDFCBANK')!;
    const dated = planLotDates(
      hdfc.id,
      [
        { quantity: 25, boughtOn: '2021-06-15' },
        { quantity: 15, boughtOn: '2023-08-21' },
      ],
      await journal(),
    );
    const [datedTrades, datedFills] = payload(dated.groups);
    await asTrader('select public.rebuild_trades($1::jsonb, $2::uuid[], null, null, $3::jsonb)', [
      datedTrades,
      replaced(dated.groups),
      datedFills,
    ]);
    expect(
      await asTrader(
        `select (f.executed_at at time zone 'Asia/Kolkata')::date::text as day, f.quantity::float8 as quantity,
           f.date_unknown as undated, i.file_name as file
         from public.fills f join public.imports i on i.id = f.import_id
         where f.kind = 'opening' and f.symbol = 'HDFCBANK' order by 1`,
      ),
    ).toEqual([
      { day: '2021-06-15', quantity: 25, undated: false, file: 'holdings.csv' },
      { day: '2023-08-21', quantity: 15, undated: false, file: 'holdings.csv' },
    ]);
    // 15 short term at the average: 15 × (1,618.40 − 1,515.70) = 1,540.50 gross; 25 long term, 2,567.50.
    const dates = await taxYear();
    expect(dates.undated).toMatchObject({ lots: 2, saleValue: 311_487 - 64_736 });
    expect(dates.shortTerm.rows.find((r) => r.symbol === 'HDFCBANK')).toMatchObject({ quantity: 15, daysHeld: 339 });
    expect(dates.longTerm.rows.find((r) => r.symbol === 'HDFCBANK')).toMatchObject({ quantity: 25, daysHeld: 1136 });

    // The tax P&L statement dates the rest: its lots replace the undated ITC and TATAMOTORS. HDFCBANK's 25 and 15
    // have their days in the journal already (given by the trader): skipped, not added to them. Only COALINDIA, never
    // sold, is left waiting, and it is the only holding.
    const statement = openingLotsFromTaxPnl(
      parseZerodhaTaxPnl(kiteAccountTaxPnlXlsx()).exits,
      'zerodha',
      (await journal()).stored,
    );
    expect(statement.skipped.map((r) => r.message).filter((m) => m.includes('HDFCBANK'))).toEqual([
      'Row 18: HDFCBANK bought on 2023-08-21: these shares have their lot in your journal already',
      'Row 22: HDFCBANK bought on 2021-06-15: these shares have their lot in your journal already',
    ]);
    const taxPlan = planImport({ fills: statement.fills, errors: [] }, await journal());
    expect(taxPlan.undatedReplaced).toEqual({ lots: 2, symbols: ['ITC', 'TATAMOTORS'] });
    const undatedFills = () =>
      asTrader(
        `select symbol, quantity::float8 as quantity, price::float8 as price, i.file_name as file
         from public.fills f join public.imports i on i.id = f.import_id where date_unknown order by symbol`,
      );
    const beforeStatement = await undatedFills();
    const taxImport = await commit(taxPlan, 'taxpnl-FY2024-25.xlsx', 'tax_pnl');
    expect(await asTrader('select distinct symbol from public.fills where date_unknown')).toEqual([
      { symbol: 'COALINDIA' },
    ]);
    expect(
      await asTrader(`select symbol, quantity::float8 as quantity from public.trades where status = 'open'`),
    ).toEqual([{ symbol: 'COALINDIA', quantity: 120 }]);
    expect((await taxYear()).undated.lots).toBe(0);

    // Undoing the statement gives the undated ITC and TATAMOTORS lots back, as the holdings statement brought them,
    // and their sales wait for a date again, as before the statement.
    const [kept] = await asTrader<{ replaced_lots: ReplacedLot[] }>(
      'select replaced_lots from public.imports where id = $1',
      [taxImport],
    );
    expect(kept!.replaced_lots.map((r) => [r.lot.symbol, r.lot.quantity, r.rest])).toEqual([
      ['ITC', 300, null],
      ['TATAMOTORS', 100, null],
    ]);
    const undo = planUndo(taxImport, await journal(), kept!.replaced_lots);
    const [undoTrades, undoFills] = payload(undo.groups);
    await asTrader('select public.undo_import($1::uuid, $2::jsonb, $3::uuid[], $4::jsonb)', [
      taxImport,
      undoTrades,
      replaced(undo.groups),
      undoFills,
    ]);
    expect(beforeStatement).toEqual([
      { symbol: 'COALINDIA', quantity: 120, price: 216.4, file: 'holdings.csv' },
      { symbol: 'ITC', quantity: 300, price: 216.1, file: 'holdings.csv' },
      { symbol: 'TATAMOTORS', quantity: 100, price: 561.35, file: 'holdings.csv' },
    ]);
    expect(await undatedFills()).toEqual(beforeStatement);
    expect((await taxYear()).undated).toMatchObject({ lots: 2, saleValue: 311_487 - 64_736 });
  });

  it('records a merger and a demerger on stored trades, and rebuilds them the same from what it stored', async () => {
    // The fixture's tradebook (trading/src/import/fixtures/README.md, figures worked there).
    const parsed = parseZerodhaTradebook(ZERODHA_CORPORATE_ACTIONS_CSV);
    const whole = { fills: parsed.fills.filter((f) => Number.isInteger(f.quantity)), errors: [] };
    await commit(planImport(whole, await journal()), 'corporate-actions.csv');
    const [merger, demerger] = CORPORATE_ACTIONS as [CorporateAction, CorporateAction];
    const change = async (p_action: object, groups: readonly RebuildGroup[]) => {
      const [changeTrades, changeFills] = payload(groups);
      await asTrader('select public.change_corporate_action($1::jsonb, $2::jsonb, $3::uuid[], $4::jsonb)', [
        JSON.stringify(p_action),
        changeTrades,
        replaced(groups),
        changeFills,
      ]);
    };
    const record = async (action: CorporateAction) => {
      const before = await journal();
      const plan = planActionChange(action, { ...before, actions: [...before.actions, action] });
      await change(actionPayload(action), plan.groups);
    };
    await record(merger);
    await record(demerger);
    // Two trades can share an entry time (the own HDFCBANK sold and held): ordered by status too.
    const all = () =>
      asTrader<{ symbol: string; product: string; status: string; quantity: number; gross: string | null }>(
        `select symbol, product, status, quantity::float8 as quantity, gross_pnl::text as gross from public.trades
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
    // The dialog lists each action with its fraction, as the trades it changed stored it (the query's filter, as
    // PostgREST runs `adjustments=neq.[]`): HDFC's 10 gave 16.8 HDFCBANK, STAR's 25 gave 12.5 ONESOURCE.
    const listed = listedActions(
      await asTrader<CorporateActionRow>(`select ${CORPORATE_ACTION_COLUMNS} from public.corporate_actions`),
      await asTrader<AdjustedTrade>(`select adjustments from public.trades where adjustments <> '[]'::jsonb`),
    );
    expect(Object.fromEntries(listed.map((a) => [a.kind, a.notes]))).toEqual({
      merger: [
        'The merger gave 16.8 HDFCBANK shares for the 10 HDFC held: 16 were credited and the fraction of 0.8 is ' +
          'paid in cash by the company, which is not in this journal.',
      ],
      demerger: [
        'The demerger gave 12.5 ONESOURCE shares for the 25 STAR held: 12 were credited and the fraction of 0.5 ' +
          'is paid in cash by the company, which is not in this journal.',
      ],
    });
    // The HDFC buy is stored once, as traded (HDFC, its ISIN), held by the HDFCBANK trades: nothing is new in the
    // same file.
    const stored = await journal();
    const hdfcBuy = stored.stored.flatMap((t) => t.fills).find((f) => f.fill.tradeId === '140822561');
    expect(hdfcBuy?.fill).toMatchObject({ symbol: 'HDFC', isin: 'INE001A01036' });
    expect(planImport(whole, stored)).toMatchObject({ newFills: 0, groups: [] });

    // The merger removed and recorded again: HDFC held and a sale with no cost, then the same trades as before.
    const [row] = await asTrader<{ id: string }>(`select id from public.corporate_actions where kind = 'merger'`);
    const removal = planActionChange(
      { ...merger, id: row!.id },
      { ...stored, actions: stored.actions.filter((a) => a.id !== row!.id) },
    );
    await change({ id: row!.id }, removal.groups);
    expect((await all()).filter((t) => t.symbol.startsWith('HDFC'))).toEqual([
      { symbol: 'HDFC', product: 'delivery', status: 'open', quantity: 10, gross: null },
      { symbol: 'HDFCBANK', product: 'delivery', status: 'closed', quantity: 5, gross: '225.00' },
      { symbol: 'HDFCBANK', product: 'delivery', status: 'missing_cost', quantity: 13, gross: null },
    ]);
    await record(merger);
    expect(await all()).toEqual(expected);
  });

  it('imports fund units with decimals', async () => {
    const parsed = parseZerodhaTradebook(ZERODHA_CORPORATE_ACTIONS_CSV);
    const fundUnits = { fills: parsed.fills.filter((f) => f.symbol === 'LIQUIDBEES'), errors: [] };
    await commit(planImport(fundUnits, await journal()), 'liquidbees.csv');
    // 24.609 × (1,004.00 − 1,000.00) = 98.436 → 98.44.
    expect(await trades()).toEqual([
      { symbol: 'LIQUIDBEES', product: 'delivery', status: 'closed', quantity: 24.609, gross: '98.44' },
    ]);
    expect(planImport(fundUnits, await journal())).toMatchObject({ newFills: 0 });
  });
});
