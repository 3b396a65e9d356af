// The tax P&L agrees with the broker's own statement for the same trades: each account's tradebooks, with the cost
// and buy dates of the shares held before them from the tax P&L statement itself, against that statement's FY
// 2024-25 figures (import/fixtures/README.md lists them, worked by hand).
import { describe, expect, it } from 'vitest';
import {
  KITE_ACCOUNT_TAX_PNL_EXITS,
  KITE_ACCOUNT_TRADEBOOK_CSV,
  kiteAccountTaxPnlXlsx,
} from '../import/fixtures/kite-account';
import {
  type TaxExit,
  ZERODHA_TRADEBOOK_EQ_CSV,
  ZERODHA_TRADEBOOK_FO_CSV,
  zerodhaTaxPnlXlsx,
} from '../import/fixtures/zerodha';
import { parseZerodhaTaxPnl } from '../import/tax-pnl-statement';
import { parseZerodhaTradebook } from '../import/zerodha';
import { savePlan, taxExecutions } from '../plan/journal.fixture';
import { openingLotsFromTaxPnl } from '../plan/opening-lots';
import { planImport } from '../plan/plan-import';
import { type PlannedTrade, plannedTrades, type StoredTrade } from '../plan/rebuild';
import { TaxJournal } from './tax-journal.fixture';
import { taxPnl } from './tax-pnl';
import { taxTradeOf } from './tax-trade';
import type { CapitalGainRow, TaxTrade } from './types';

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

// A second account, KT4417 (import/fixtures/kite-account.ts, worked row by row in import/fixtures/README.md): its
// Console tradebook from January 2024 and its tax P&L for FY 2024-25, in the layout of Zerodha's tradewise tax P&L
// (support.zerodha.com/category/console/reports/taxation/articles/grandfather-clause-tax-p-l: "the entry and exit
// dates as well as the holding period"; one row per FIFO lot sold, www.firstreports.in/blog/how-to-read-zerodha-tax-
// pnl-statement). Four of its sales are of shares bought before the tradebook; the statement gives their lots.
describe("the tax P&L against Zerodha's statement for account KT4417, FY 2024-25", () => {
  const statement = parseZerodhaTaxPnl(kiteAccountTaxPnlXlsx());
  const journal = new TaxJournal();
  const context = () => ({ stored: journal.trades, actions: [] });
  journal.save(planImport(parseZerodhaTradebook(KITE_ACCOUNT_TRADEBOOK_CSV), context()).groups, 'tradebook');
  const lots = openingLotsFromTaxPnl(statement.exits, 'zerodha', journal.trades);
  journal.save(planImport({ fills: lots.fills, errors: [] }, context()).groups, 'taxpnl');
  const year = taxPnl(journal.taxTrades(), '2024-25');

  type Figures = { buy: number; sell: number; profit: number; days: number[] };
  const add = (out: Record<string, Figures>, symbol: string, buy: number, sell: number, days: number) => {
    const s = out[symbol] ?? { buy: 0, sell: 0, profit: 0, days: [] };
    out[symbol] = s;
    s.buy = Math.round((s.buy + buy) * 100) / 100;
    s.sell = Math.round((s.sell + sell) * 100) / 100;
    s.profit = Math.round((s.sell - s.buy) * 100) / 100;
    s.days = [...s.days, days].sort((a, b) => a - b);
  };
  /** /tax's rows of a head per share: buy value (actual cost), sell value, profit and each row's days held. */
  const bahi = (rows: readonly CapitalGainRow[]) => {
    const out: Record<string, Figures> = {};
    for (const r of rows) add(out, r.symbol, r.actualCost, r.saleValue, r.daysHeld);
    return out;
  };
  /** The statement's exits of a section per share, with its Period of Holding. */
  const broker = (exits: readonly TaxExit[]) => {
    const out: Record<string, Figures> = {};
    for (const [symbol, , , , , buy, sell, days] of exits) add(out, symbol, buy, sell, days ?? 0);
    return out;
  };

  it('reads the statement it is compared with', () => {
    expect(statement.errors).toEqual([]);
    expect(statement.exits.map((e) => [e.section, e.symbol, e.quantity])).toEqual([
      ['short_term', 'TATAMOTORS', 60],
      ['short_term', 'SBIN', 50],
      ['short_term', 'HDFCBANK', 15],
      ['long_term', 'HDFCBANK', 25],
      ['long_term', 'TATAMOTORS', 40],
      ['long_term', 'ITC', 300],
      ['long_term', 'LT', 15],
    ]);
  });

  it('has the statement’s short-term figures per share: buy value, sell value, period and gain', () => {
    const expected = {
      // 60 × 561.35 → 60 × 951.10, 12 Jun 2023 to 21 May 2024.
      TATAMOTORS: { buy: 33_681, sell: 57_066, profit: 23_385, days: [344] },
      // 50 × 623.45 → 50 × 838.40, 9 Jan to 10 Jun 2024.
      SBIN: { buy: 31_172.5, sell: 41_920, profit: 10_747.5, days: [153] },
      // The later HDFCBANK lot: 15 × 1,595.20 → 15 × 1,618.40, 21 Aug 2023 to 25 Jul 2024.
      HDFCBANK: { buy: 23_928, sell: 24_276, profit: 348, days: [339] },
    };
    expect(broker(KITE_ACCOUNT_TAX_PNL_EXITS.shortTerm)).toEqual(expected);
    expect(bahi(year.shortTerm.rows)).toEqual(expected);
    // 23,385 + 10,747.50 + 348.
    expect(Object.values(expected).reduce((s, r) => s + r.profit, 0)).toBe(34_480.5);
  });

  it('has the statement’s long-term figures per share, the loss included', () => {
    const expected = {
      // 25 × 1,468.00 → 25 × 1,618.40, 15 Jun 2021 to 25 Jul 2024.
      HDFCBANK: { buy: 36_700, sell: 40_460, profit: 3_760, days: [1136] },
      // 40 × 561.35 → 40 × 1,087.75, 12 Jun 2023 to 30 Aug 2024.
      TATAMOTORS: { buy: 22_454, sell: 43_510, profit: 21_056, days: [445] },
      // 300 × 216.10 → 300 × 487.25, 20 Dec 2021 to 4 Oct 2024.
      ITC: { buy: 64_830, sell: 146_175, profit: 81_345, days: [1019] },
      // 15 × 3,512.60 → 15 × 3,298.45, 5 Feb 2024 to 11 Feb 2025: held 372 days, a loss of 15 × 214.15.
      LT: { buy: 52_689, sell: 49_476.75, profit: -3_212.25, days: [372] },
    };
    expect(broker(KITE_ACCOUNT_TAX_PNL_EXITS.longTerm)).toEqual(expected);
    expect(bahi(year.longTerm.rows)).toEqual(expected);
    // 3,760 + 21,056 + 81,345 − 3,212.25.
    expect(Object.values(expected).reduce((s, r) => s + r.profit, 0)).toBe(102_948.75);
    expect(year.undated.lots).toBe(0);
  });

  it('has the statement’s intraday result: INFY 30 × (1,944.60 − 1,931.00) = +408', () => {
    expect(year.speculative).toMatchObject({ trades: 1, gross: 408, turnover: 408 });
  });
});
