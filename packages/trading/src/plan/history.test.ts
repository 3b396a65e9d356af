// A trader's real history through the planner, with the Zerodha fixtures (import/fixtures/README.md works every
// figure by hand): seven years of tradebooks, four sales of shares bought before them, then the holdings statement
// or the tax P&L that gives those sales their cost.
import { describe, expect, it } from 'vitest';
import {
  ZERODHA_HOLDINGS_CSV,
  ZERODHA_TRADEBOOK_EQ_CSV,
  ZERODHA_TRADEBOOK_FO_CSV,
  zerodhaTaxPnlXlsx,
} from '../import/fixtures/zerodha';
import { parseZerodhaHoldings } from '../import/holdings-statement';
import { parseZerodhaTaxPnl } from '../import/tax-pnl-statement';
import { parseZerodhaTradebook } from '../import/zerodha';
import { savePlan } from './journal.fixture';
import { openingLotsFromHoldings, openingLotsFromTaxPnl } from './opening-lots';
import { planImport } from './plan-import';
import { plannedTrades, type RebuildGroup, type StoredTrade } from './rebuild';

/** The journal after saving plans, as the rebuild RPCs leave it. */
const save = (stored: StoredTrade[], groups: readonly RebuildGroup[], importId: string) => {
  let n = 0;
  return savePlan(stored, groups, importId, () => `${importId}-${n++}`);
};

const history = () => {
  const eq = parseZerodhaTradebook(ZERODHA_TRADEBOOK_EQ_CSV);
  const fo = parseZerodhaTradebook(ZERODHA_TRADEBOOK_FO_CSV);
  const plan = planImport(
    { fills: [...eq.fills, ...fo.fills], errors: [...eq.errors, ...fo.errors] },
    { stored: [], actions: [] },
  );
  return { plan, stored: save([], plan.groups, 'tradebooks') };
};

describe('seven years of Zerodha tradebooks', () => {
  it('has no delivery shorts: the four sales with no buy in the file wait for their cost', () => {
    const { plan } = history();
    const trades = plannedTrades(plan.groups).map((p) => p.trade);
    expect(trades.filter((t) => t.segment === 'equity' && t.side === 'short').map((t) => t.product)).toEqual([
      'intraday', // M&M, 5 Aug 2020
      'intraday', // AXISBANK's flip, 8 Nov 2023
    ]);
    expect(
      trades.filter((t) => t.status === 'missing_cost').map((t) => [t.symbol, t.quantity, t.exitTime?.slice(0, 10)]),
    ).toEqual([
      ['INFY', 30, '2024-09-18'],
      ['BAJAJ-AUTO', 5, '2024-10-07'],
      ['TCS', 20, '2024-12-13'],
      ['ASIANPAINT', 10, '2025-01-20'],
    ]);
    expect(plan).toMatchObject({ missingCost: 4, errors: expect.any(Array) });
    // The sale of IDEA-BE closes the IDEA bought as EQ: 1,000 × 0.85.
    expect(trades.find((t) => t.symbol === 'IDEA')).toMatchObject({ status: 'closed', grossPnl: 850 });
    // Still open: SUZLON 450 and the NIFTY December future.
    expect(trades.filter((t) => t.status === 'open').map((t) => t.symbol)).toEqual(['SUZLON', 'NIFTY26DECFUT']);
  });

  it('gives those sales their cost from the holdings statement as on 31 Mar 2019', () => {
    const { stored } = history();
    const statement = parseZerodhaHoldings(ZERODHA_HOLDINGS_CSV);
    expect(statement.asOf).toBe('2019-03-31');
    const lots = openingLotsFromHoldings(statement.holdings, '2019-03-31', 'zerodha', stored);
    const plan = planImport({ fills: lots.fills, errors: lots.skipped }, { stored, actions: [] });
    expect(plan).toMatchObject({ costFound: 4, missingCost: 0 });
    const pnl = Object.fromEntries(
      plannedTrades(plan.groups)
        .filter((p) => p.trade.status === 'closed' && p.trade.product === 'delivery')
        .map((p) => [p.trade.symbol, p.trade.grossPnl]),
    );
    // At the statement's averages (fixtures README): TCS 20 × 2,492.50; BAJAJ-AUTO 5 × 8,744.60;
    // ASIANPAINT 10 × 1,330.00; INFY 30 × 1,202.70.
    expect(pnl).toEqual({ TCS: 49_850, 'BAJAJ-AUTO': 43_723, ASIANPAINT: 13_300, INFY: 36_081 });
    // INFY 20 (of the 50 held) and SBIN 100 are still held; the BSE day trade in SBIN left the holding alone.
    expect(
      plannedTrades(plan.groups)
        .filter((p) => p.trade.status === 'open')
        .map((p) => [p.trade.symbol, p.trade.openQuantity]),
    ).toEqual([
      ['INFY', 20],
      ['SBIN', 100],
    ]);
  });

  it('or from the tax P&L, lot by lot at their real buy dates', () => {
    const { stored } = history();
    const statement = parseZerodhaTaxPnl(zerodhaTaxPnlXlsx());
    const lots = openingLotsFromTaxPnl(statement.exits, 'zerodha', stored);
    // The five pre-history lots (TCS sold as 12 + 8); the others are explained by the tradebook itself.
    expect(lots.fills.map((f) => [f.symbol, f.quantity, f.executedAt.slice(0, 10)])).toEqual([
      ['INFY', 30, '2018-11-20'],
      ['BAJAJ-AUTO', 5, '2018-10-22'],
      ['TCS', 12, '2018-07-10'],
      ['TCS', 8, '2018-07-10'],
      ['ASIANPAINT', 10, '2018-01-15'],
    ]);
    const plan = planImport({ fills: lots.fills, errors: lots.skipped }, { stored, actions: [] });
    const pnl = Object.fromEntries(plannedTrades(plan.groups).map((p) => [p.trade.symbol, p.trade.grossPnl]));
    // INFY's lot cost 690.00: 30 × (1,905 − 690) = 36,450; TCS 29,910 + 19,940.
    expect(pnl).toEqual({ INFY: 36_450, 'BAJAJ-AUTO': 43_723, TCS: 49_850, ASIANPAINT: 13_300 });
  });
});
