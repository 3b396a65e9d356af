// The tax P&L agrees with the broker's own statement for the same trades: the Zerodha fixtures' tradebooks, with the
// cost of the shares held before them from the tax P&L statement itself, against that statement's FY 2024-25 figures
// (import/fixtures/README.md lists them, worked by hand).
import { describe, expect, it } from 'vitest';
import { ZERODHA_TRADEBOOK_EQ_CSV, ZERODHA_TRADEBOOK_FO_CSV, zerodhaTaxPnlXlsx } from '../import/fixtures/zerodha';
import { parseZerodhaTaxPnl } from '../import/tax-pnl-statement';
import { parseZerodhaTradebook } from '../import/zerodha';
import { savePlan, taxExecutions } from '../plan/journal.fixture';
import { openingLotsFromTaxPnl } from '../plan/opening-lots';
import { planImport } from '../plan/plan-import';
import { type PlannedTrade, plannedTrades, type StoredTrade } from '../plan/rebuild';
import { taxPnl } from './tax-pnl';
import { taxTradeOf } from './tax-trade';
import type { TaxTrade } from './types';

function journal(): PlannedTrade[] {
  const eq = parseZerodhaTradebook(ZERODHA_TRADEBOOK_EQ_CSV);
  const fo = parseZerodhaTradebook(ZERODHA_TRADEBOOK_FO_CSV);
  const first = plannedTrades(
    planImport({ fills: [...eq.fills, ...fo.fills], errors: [] }, { stored: [], actions: [] }).groups,
  );
  let n = 0;
  const stored: StoredTrade[] = savePlan(
    [],
    [{ key: 'all', replace: [], trades: first }],
    'tradebooks',
    () => `s${n++}`,
  );
  const lots = openingLotsFromTaxPnl(parseZerodhaTaxPnl(zerodhaTaxPnlXlsx()).exits, 'zerodha', stored);
  const plan = planImport({ fills: lots.fills, errors: [] }, { stored, actions: [] });
  const replaced = new Set(plan.groups.flatMap((g) => g.replace));
  // savePlan named the first plan's trades s0, s1… in order, and their fills after them.
  const kept = first.filter((_, i) => !replaced.has(stored[i]!.id));
  return [...kept, ...plannedTrades(plan.groups)];
}

const taxTrades = (planned: readonly PlannedTrade[]): TaxTrade[] =>
  planned
    .map((p, i) =>
      taxTradeOf({
        id: `p${i}`,
        symbol: p.trade.symbol,
        isin: p.trade.isin,
        exchange: p.trade.exchange,
        segment: p.trade.segment,
        product: p.trade.product,
        side: p.trade.side,
        status: p.trade.status,
        entryTime: p.trade.entryTime,
        exitTime: p.trade.exitTime,
        quantity: p.trade.quantity,
        entryPrice: p.trade.avgEntryPrice,
        exitPrice: p.trade.avgExitPrice,
        grossPnl: p.trade.grossPnl,
        charges: p.charges.total,
        chargesBreakdown: p.charges.lines ? { ...p.charges.lines } : null,
        adjustments: p.trade.adjustments,
        executions: taxExecutions(p.executions),
      }),
    )
    .filter((t): t is TaxTrade => t !== null);

describe("the tax P&L against Zerodha's statement for FY 2024-25", () => {
  // ASIANPAINT's FMV on 31 Jan 2018, from the statement: 11,645.00 for 10 shares.
  const year = taxPnl(taxTrades(journal()), '2024-25', { fmv: new Map([['ASIANPAINT', 1164.5]]) });
  const bySymbol = (rows: typeof year.longTerm.rows) => {
    const out: Record<string, { sale: number; cost: number; profit: number; taxable: number }> = {};
    for (const r of rows) {
      const s = out[r.symbol] ?? { sale: 0, cost: 0, profit: 0, taxable: 0 };
      out[r.symbol] = s;
      s.sale = Math.round((s.sale + r.saleValue) * 100) / 100;
      s.cost = Math.round((s.cost + r.actualCost) * 100) / 100;
      s.profit = Math.round((s.profit + r.saleValue - r.actualCost) * 100) / 100;
      s.taxable = Math.round((s.taxable + r.saleValue - r.costOfAcquisition) * 100) / 100;
    }
    return out;
  };

  it('has the same long-term sales per symbol: buy value, sell value, profit and taxable profit', () => {
    expect(bySymbol(year.longTerm.rows)).toEqual({
      ICICIBANK: { sale: 44_736, cost: 17_134, profit: 27_602, taxable: 27_602 },
      INFY: { sale: 57_150, cost: 20_700, profit: 36_450, taxable: 36_450 },
      'BAJAJ-AUTO': { sale: 57_400, cost: 13_677, profit: 43_723, taxable: 43_723 },
      // Sold as 12 + 8 in the statement: 29,910 + 19,940.
      TCS: { sale: 87_300, cost: 37_450, profit: 49_850, taxable: 49_850 },
      // Bought before 1 Feb 2018: taxable on the FMV of 11,645.00.
      ASIANPAINT: { sale: 24_500, cost: 11_200, profit: 13_300, taxable: 12_855 },
    });
    // The statement's long-term total: 1,70,925.
    const total = Object.values(bySymbol(year.longTerm.rows)).reduce((s, r) => s + r.profit, 0);
    expect(total).toBe(170_925);
  });

  it('has the same short-term sale and intraday result', () => {
    expect(bySymbol(year.shortTerm.rows)).toEqual({
      SUZLON: { sale: 39_300, cost: 20_925, profit: 18_375, taxable: 18_375 },
    });
    // HDFCBANK intraday, 14 Nov 2024: +935.00.
    expect(year.speculative).toMatchObject({ trades: 1, gross: 935, turnover: 935 });
  });

  it('has the F&O results of the year: +887.50, −1,118.75 and +3,930.00', () => {
    expect(year.nonSpeculative).toMatchObject({ trades: 3, gross: 3698.75, turnover: 5936.25 });
  });
});
