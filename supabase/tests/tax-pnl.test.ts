// The tax P&L from what the database holds (on PGlite and on PostgreSQL 15): trades saved through import_trades,
// their fills and the trader's 31 Jan 2018 values, read back under RLS as the app reads them, give the year's figures
// worked by hand. Another user reads none of the values.
import type { Database } from '@bahi/supabase-local';
import { type TaxTrade, taxPnl } from '@bahi/trading';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TaxTradesJson, taxTradesOf } from '../../apps/journal/src/tax/tax-rows';
import { as, bootDatabase, commitAs, createUser, user } from './support/db';
import { type InlineTrade, toRpc } from './support/fills';
import { DEMO, OTHER } from './support/ids';

const trader = user(OTHER, 'other@bahi.local');
let db: Database;

const at = (day: string, time = '10:00:00') => `${day}T${time}+05:30`;
const fill = (side: 'buy' | 'sell', quantity: number, price: number, executedAt: string, id: string) => ({
  side,
  quantity,
  price,
  executed_at: executedAt,
  broker_trade_id: id,
});
const base = {
  exchange: 'NSE',
  segment: 'equity',
  underlying: null,
  expiry: null,
  strike: null,
  option_type: null,
  lot_size: null,
  side: 'long',
  charges_source: 'estimated',
  broker_profile_id: null,
};

// FY 2024-25, worked by hand:
// 1. SBIN intraday, 1 Aug 2024: 100 @ 800 → 805, +500; charges 40 (STT 20).
// 2. NIFTY option, bought 3 Oct 2024, sold 4 Oct: 25 @ 100 → 60, −1,000; charges 45.
// 3. TCS, 20 sold @ 4,300 on 13 Dec 2024 from 10 bought 1 Jun 2023 @ 3,000 (long term) and 10 on 3 Jun 2024 @ 3,800
//    (short term); charges 100 of which STT 86, so 14 of transfer expenses, 7 each.
// 4. ASIANPAINT, 10 bought 1 Dec 2017 @ 1,000, sold 10 May 2024 @ 2,450; no charges; FMV 1,164.50 a share.
// 5. INFY, 30 sold 18 Sep 2024 with no cost basis.
const TRADES = [
  {
    ...base,
    product: 'intraday',
    symbol: 'SBIN',
    isin: 'INE062A01020',
    quantity: 100,
    avg_entry_price: 800,
    avg_exit_price: 805,
    entry_time: at('2024-08-01', '09:30:00'),
    exit_time: at('2024-08-01', '14:00:00'),
    status: 'closed',
    gross_pnl: 500,
    charges: 40,
    charges_breakdown: { brokerage: 12, stt: 20, total: 40 },
    executions: [
      fill('buy', 100, 800, at('2024-08-01', '09:30:00'), 'A1'),
      fill('sell', 100, 805, at('2024-08-01', '14:00:00'), 'A2'),
    ],
  },
  {
    ...base,
    segment: 'options',
    product: 'carry_forward',
    symbol: 'NIFTY24OCT25000CE',
    underlying: 'NIFTY',
    expiry: '2024-10-31',
    strike: 25000,
    option_type: 'CE',
    lot_size: 25,
    quantity: 25,
    avg_entry_price: 100,
    avg_exit_price: 60,
    entry_time: at('2024-10-03'),
    exit_time: at('2024-10-04'),
    status: 'closed',
    gross_pnl: -1000,
    charges: 45,
    charges_breakdown: { brokerage: 40, stt: 2, total: 45 },
    executions: [fill('buy', 25, 100, at('2024-10-03'), 'B1'), fill('sell', 25, 60, at('2024-10-04'), 'B2')],
  },
  {
    ...base,
    product: 'delivery',
    symbol: 'TCS',
    isin: 'INE467B01029',
    quantity: 20,
    avg_entry_price: 3400,
    avg_exit_price: 4300,
    entry_time: at('2023-06-01'),
    exit_time: at('2024-12-13'),
    status: 'closed',
    gross_pnl: 18_000,
    charges: 100,
    charges_breakdown: { stt: 86, stamp: 14, total: 100 },
    executions: [
      fill('buy', 10, 3000, at('2023-06-01'), 'C1'),
      fill('buy', 10, 3800, at('2024-06-03'), 'C2'),
      fill('sell', 20, 4300, at('2024-12-13'), 'C3'),
    ],
  },
  {
    ...base,
    product: 'delivery',
    symbol: 'ASIANPAINT',
    isin: 'INE021A01026',
    quantity: 10,
    avg_entry_price: 1000,
    avg_exit_price: 2450,
    entry_time: at('2017-12-01'),
    exit_time: at('2024-05-10'),
    status: 'closed',
    gross_pnl: 14_500,
    charges: 0,
    charges_breakdown: { stt: 0, total: 0 },
    executions: [fill('buy', 10, 1000, at('2017-12-01'), 'D1'), fill('sell', 10, 2450, at('2024-05-10'), 'D2')],
  },
  {
    ...base,
    product: 'delivery',
    symbol: 'INFY',
    isin: 'INE009A01021',
    quantity: 30,
    avg_entry_price: null,
    avg_exit_price: 1905,
    entry_time: at('2024-09-18'),
    exit_time: at('2024-09-18'),
    status: 'missing_cost',
    gross_pnl: null,
    charges: 57,
    charges_breakdown: { stt: 57, total: 57 },
    executions: [fill('sell', 30, 1905, at('2024-09-18'), 'E1')],
  },
];

beforeAll(async () => {
  db = await bootDatabase();
  await createUser(db, OTHER, 'other@bahi.local');
  const payload = await toRpc(db, OTHER, TRADES as InlineTrade[]);
  await commitAs(db, trader, "select public.import_trades($1::jsonb, $2::jsonb, '{}', $3::jsonb)", [
    JSON.stringify({ broker: 'zerodha', file_name: 'fy25.csv', file_format: 'csv' }),
    payload.trades,
    payload.fills,
  ]);
  await commitAs(
    db,
    trader,
    `insert into public.fair_market_values (symbol, isin, price) values ('ASIANPAINT', 'INE021A01026', 1164.5)`,
  );
}, 60_000);

afterAll(async () => {
  await db?.close();
});

/** The trades as the app reads them (tax-data.ts: `tax_trades()`, mapped by tax-rows.ts), through the caller's RLS. */
async function taxTrades(): Promise<TaxTrade[]> {
  const [row] = await as<{ j: TaxTradesJson }>(db, trader, 'select public.tax_trades() as j');
  return taxTradesOf(row!.j);
}

async function fmv(): Promise<Map<string, number>> {
  const rows = await as<{ symbol: string; price: string }>(
    db,
    trader,
    'select symbol, price from public.fair_market_values',
  );
  return new Map(rows.map((r) => [r.symbol, Number(r.price)]));
}

describe('the tax P&L of FY 2024-25 from the database', () => {
  it('gives each head its figures, worked by hand', async () => {
    const year = taxPnl(await taxTrades(), '2024-25', { fmv: await fmv() });
    expect(year.speculative).toMatchObject({ trades: 1, turnover: 500, gross: 500, expenses: 40, net: 460 });
    expect(year.nonSpeculative).toMatchObject({ trades: 1, turnover: 1000, gross: -1000, expenses: 45, net: -1045 });
    // TCS short term: 43,000 − 38,000 − 7 = 4,993 at 20% (sold after 23 Jul 2024).
    expect(year.shortTerm.rows.map((r) => [r.symbol, r.quantity, r.gain, r.rate, r.stt])).toEqual([
      ['TCS', 10, 4993, 20, 43],
    ]);
    // ASIANPAINT long term on the FMV: 24,500 − max(10,000, min(11,645, 24,500)) = 12,855 at 10% (before 23 Jul);
    // TCS long term: 43,000 − 30,000 − 7 = 12,993 at 12.5%. 25,848 in all, inside the ₹1.25 lakh exemption.
    expect(year.longTerm.rows.map((r) => [r.symbol, r.quantity, r.costOfAcquisition, r.gain, r.rate])).toEqual([
      ['ASIANPAINT', 10, 11_645, 12_855, 10],
      ['TCS', 10, 30_000, 12_993, 12.5],
    ]);
    expect(year.longTerm).toMatchObject({ total: 25_848, exemption: 125_000, exemptionUsed: 25_848 });
    expect(year.schedule112A.map((r) => [r.symbol, r.isin, r.acquired, r.fmv])).toEqual([
      ['ASIANPAINT', 'INE021A01026', 'BE', 11_645],
      ['TCS', 'INE467B01029', 'AE', null],
    ]);
    expect(year.missingCost).toHaveLength(1);
    expect(year.needsFmv).toEqual([]);
  });

  it("keeps a trader's 31 Jan 2018 values to themselves", async () => {
    expect(await as(db, user(DEMO), `select symbol from public.fair_market_values where user_id = '${OTHER}'`)).toEqual(
      [],
    );
  });
});
