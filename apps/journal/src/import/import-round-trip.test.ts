// The pipeline against the real `import_trades` (migrations on PGlite, called as the signed-in trader under RLS):
// the payload passes the RPC's checks, and a plan built from what the database stored skips every fill it holds
// and continues an open position instead of duplicating it.
import { fileURLToPath } from 'node:url';
import { bootstrap, type Database, migrate, openDatabase } from '@bahi/supabase-local';
import { parseZerodhaTradebook } from '@bahi/trading';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CHARGE_PROFILE } from '../broker-profile';
import { type ImportPlan, planImport, storedExecutionFromRow, storedTradeFromRow } from './import-plan';

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
  await db.query('delete from public.imports where user_id = $1', [TRADER]);
  await db.query('delete from public.trades where user_id = $1', [TRADER]);
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

async function plan(text: string): Promise<ImportPlan> {
  const [trades, executions] = await Promise.all([
    asTrader(`select * from public.trades where import_source = 'zerodha'`),
    asTrader(`select * from public.trade_executions where broker = 'zerodha'`),
  ]);
  return planImport({
    broker: 'zerodha',
    parsed: parseZerodhaTradebook(text),
    trades: trades.map(storedTradeFromRow),
    executions: executions.map(storedExecutionFromRow),
    chargeProfile: DEFAULT_CHARGE_PROFILE,
  });
}

async function commit(p: ImportPlan) {
  const [row] = await asTrader<{ result: { trades_created: number; executions_created: number } }>(
    'select public.import_trades($1::jsonb, $2::jsonb, $3::uuid[]) as result',
    [
      JSON.stringify({
        broker: 'zerodha',
        file_name: 'tradebook.csv',
        file_format: 'csv',
        rows_total: p.rowsTotal,
        rows_skipped: p.errors.length,
        duplicates_skipped: p.duplicates,
      }),
      JSON.stringify(p.trades),
      p.replaceOpen,
    ],
  );
  return row?.result;
}

const HEADER =
  'symbol,isin,trade_date,exchange,segment,series,trade_type,auction,quantity,price,trade_id,order_id,order_execution_time,expiry_date';
const tradebook = (...rows: string[]) => [HEADER, ...rows].join('\n');

// INFY: long 10, a sell of 25 that flips to a short of 15, bought back.
const FLIP = tradebook(
  'INFY,INE009A01021,2026-08-04,NSE,EQ,EQ,buy,false,10,1500.00,2001,6001,2026-08-04T09:30:00,',
  'INFY,INE009A01021,2026-08-04,NSE,EQ,EQ,sell,false,25,1510.00,2002,6002,2026-08-04T10:30:00,',
  'INFY,INE009A01021,2026-08-04,NSE,EQ,EQ,buy,false,15,1490.00,2003,6003,2026-08-04T14:00:00,',
);

describe('import round trip through import_trades', () => {
  it('stores a flip as two trades and skips all of it on a second import', async () => {
    expect(await commit(await plan(FLIP))).toEqual(
      expect.objectContaining({ trades_created: 2, executions_created: 4 }),
    );
    const ids = await asTrader<{ broker_trade_id: string }>(
      'select broker_trade_id from public.trade_executions order by executed_at, broker_trade_id',
    );
    expect(ids.map((r) => r.broker_trade_id)).toEqual(['2001', '2002', '2002#2', '2003']);

    const again = await plan(FLIP);
    expect(again).toMatchObject({ duplicates: 3, newFills: 0, trades: [] });
  });

  it('closes a position opened by an earlier import as one trade', async () => {
    await commit(
      await plan(
        tradebook(
          'NIFTY26AUGFUT,,2026-08-10,NSE,FO,FUTIDX,buy,false,65,24500.00,4001,8001,2026-08-10T09:30:00,2026-08-27',
        ),
      ),
    );
    const closing = await plan(
      tradebook(
        'NIFTY26AUGFUT,,2026-08-11,NSE,FO,FUTIDX,sell,false,65,24600.00,4002,8002,2026-08-11T11:00:00,2026-08-27',
      ),
    );
    expect(closing.replaceOpen).toHaveLength(1);
    await commit(closing);
    const trades = await asTrader<{ status: string; gross_pnl: string; product: string; lot_size: number }>(
      'select status, gross_pnl, product, lot_size from public.trades',
    );
    // (24,600 − 24,500) × 65, one trade held overnight.
    expect(trades.map((t) => [t.status, Number(t.gross_pnl), t.product, t.lot_size])).toEqual([
      ['closed', 6500, 'carry_forward', 65],
    ]);
  });
});
