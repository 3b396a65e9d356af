// Holding periods when the buy dates are not known: the KT4417 account (import/fixtures/README.md works every figure)
// through the planner and the tax P&L for FY 2024-25. Its tradebook starts in January 2024; HDFCBANK, ITC, TATAMOTORS
// and COALINDIA were held before it, and Kite's holdings CSV says how many at what average, but not when they were
// bought. Those lots wait for a date (neither short nor long term) until the trader gives the dates, or imports a
// statement that has them.
import { describe, expect, it } from 'vitest';
import {
  KITE_ACCOUNT_HOLDINGS_CSV,
  KITE_ACCOUNT_HOLDINGS_DATED_CSV,
  KITE_ACCOUNT_TRADEBOOK_CSV,
  kiteAccountTaxPnlXlsx,
} from '../import/fixtures/kite-account';
import { parseZerodhaHoldings } from '../import/holdings-statement';
import { parseZerodhaTaxPnl } from '../import/tax-pnl-statement';
import { parseZerodhaTradebook } from '../import/zerodha';
import { undatedLots } from '../plan/lot-dates';
import { dayBeforeHistory, openingLotsFromHoldings, openingLotsFromTaxPnl } from '../plan/opening-lots';
import { planImport, planLotDates, planUndo } from '../plan/plan-import';
import { taxReportSheets } from './tax-export';
import { TaxJournal } from './tax-journal.fixture';
import { taxPnl } from './tax-pnl';
import type { CapitalGainRow, TaxYear } from './types';

const context = (journal: TaxJournal) => ({ stored: journal.trades, actions: [] });
const rupees = (n: number) => Math.round(n * 100) / 100;

/** Sale value, actual cost and their difference per share (the statement's Buy Value, Sell Value and Profit). */
function bySymbol(rows: readonly CapitalGainRow[]) {
  const out: Record<string, { sale: number; cost: number; profit: number }> = {};
  for (const r of rows) {
    const s = out[r.symbol] ?? { sale: 0, cost: 0, profit: 0 };
    out[r.symbol] = s;
    s.sale = rupees(s.sale + r.saleValue);
    s.cost = rupees(s.cost + r.actualCost);
    s.profit = rupees(s.sale - s.cost);
  }
  return out;
}

/** The tradebook, then Kite's undated holdings CSV (the file says no date: held the day before the history). */
function withUndatedHoldings() {
  const journal = new TaxJournal();
  journal.save(planImport(parseZerodhaTradebook(KITE_ACCOUNT_TRADEBOOK_CSV), context(journal)).groups, 'tradebook');
  const asOf = dayBeforeHistory(journal.trades, 'zerodha');
  const statement = parseZerodhaHoldings(KITE_ACCOUNT_HOLDINGS_CSV);
  const lots = openingLotsFromHoldings(statement.holdings, asOf!, 'zerodha', journal.trades);
  const plan = planImport({ fills: lots.fills, errors: lots.skipped }, context(journal));
  journal.save(plan.groups, 'holdings');
  return { journal, asOf, lots, plan };
}

const year = (journal: TaxJournal): TaxYear => taxPnl(journal.taxTrades(), '2024-25');

describe('an undated holdings statement', () => {
  it('gives the sales their cost, but no buy dates: its lots are placed the day before the history, undated', () => {
    const { asOf, lots, plan } = withUndatedHoldings();
    // The tradebook's first fill is SBIN on 9 Jan 2024.
    expect(asOf).toBe('2024-01-08');
    expect(lots.fills.map((f) => [f.symbol, f.quantity, f.price, f.executedAt.slice(0, 10), f.dateUnknown])).toEqual([
      ['COALINDIA', 120, 216.4, '2024-01-08', true],
      ['HDFCBANK', 40, 1515.7, '2024-01-08', true],
      ['ITC', 300, 216.1, '2024-01-08', true],
      ['TATAMOTORS', 100, 561.35, '2024-01-08', true],
    ]);
    // The four sales with no buy in the tradebook (TATAMOTORS 60 and 40, HDFCBANK 40, ITC 300) have a cost now.
    expect(plan).toMatchObject({ costFound: 4, missingCost: 0, undatedLots: 4 });
    // Stored with the flag, so a rebuild keeps it.
    const opening = plan.groups
      .flatMap((g) => g.trades.flatMap((t) => t.executions))
      .filter((e) => e.kind === 'opening');
    expect(opening.map((e) => e.fill.dateUnknown)).toEqual([true, true, true, true, true]);
  });

  it('keeps those sales out of the short/long split on /tax and says how many lots and how much sale value wait', () => {
    const fy = year(withUndatedHoldings().journal);
    // Only the tradebook's own buys have a holding period: SBIN 50 × (838.40 − 623.45) short term, LT 15 ×
    // (3,298.45 − 3,512.60) long term.
    expect(bySymbol(fy.shortTerm.rows)).toEqual({ SBIN: { sale: 41_920, cost: 31_172.5, profit: 10_747.5 } });
    expect(bySymbol(fy.longTerm.rows)).toEqual({ LT: { sale: 49_476.75, cost: 52_689, profit: -3_212.25 } });
    // Waiting: 3 lots (TATAMOTORS's one lot went into two sales). Sale value 60 × 951.10 + 40 × 1,087.75 +
    // 40 × 1,618.40 + 300 × 487.25 = 57,066 + 43,510 + 64,736 + 1,46,175 = 3,11,487; cost at the averages
    // 100 × 561.35 + 40 × 1,515.70 + 300 × 216.10 = 56,135 + 60,628 + 64,830 = 1,81,593.
    expect(fy.undated).toMatchObject({ lots: 3, quantity: 440, saleValue: 311_487, actualCost: 181_593 });
    expect(fy.undated.shares.map((s) => [s.symbol, s.lots, s.quantity, s.saleValue])).toEqual([
      ['HDFCBANK', 1, 40, 64_736],
      ['ITC', 1, 300, 146_175],
      ['TATAMOTORS', 1, 100, 100_576],
    ]);
    expect(fy.undated.rows.map((r) => [r.symbol, r.sold, r.quantity])).toEqual([
      ['TATAMOTORS', '2024-05-21', 60],
      ['HDFCBANK', '2024-07-25', 40],
      ['TATAMOTORS', '2024-08-30', 40],
      ['ITC', '2024-10-04', 300],
    ]);
    // Each gain is known before its head: the sale value less the cost and the transfer expenses.
    for (const r of fy.undated.rows) expect(r.gain).toBe(rupees(r.saleValue - r.actualCost - r.transferExpenses));
    // Nothing undated reaches the return's schedules; the export for a tax preparer lists them apart.
    expect(fy.schedule112A.map((r) => r.symbol)).toEqual(['LT']);
    const sheets = taxReportSheets(fy, []);
    expect(sheets.find((s) => s.name === 'Summary')?.rows).toContainEqual([
      'Sales from 3 lots with no buy date: in neither head until dated',
      4,
      311_487,
      181_593,
      null,
      fy.undated.gain,
    ]);
    expect(sheets.find((s) => s.name === 'Waiting for buy dates')?.rows.map((r) => r[0])).toEqual([
      'Symbol',
      'TATAMOTORS',
      'HDFCBANK',
      'TATAMOTORS',
      'ITC',
    ]);
  });

  it('dated by the trader lot by lot, splits each sale by the days given, at the statement’s average cost', () => {
    const { journal } = withUndatedHoldings();
    const lot = (symbol: string) => undatedLots(journal.trades).find((l) => l.symbol === symbol)!.key;
    const date = (symbol: string, parts: { quantity: number; boughtOn: string }[]) =>
      journal.save(planLotDates(lot(symbol), parts, context(journal)).groups, null);
    date('HDFCBANK', [
      { quantity: 25, boughtOn: '2021-06-15' },
      { quantity: 15, boughtOn: '2023-08-21' },
    ]);
    date('ITC', [{ quantity: 300, boughtOn: '2021-12-20' }]);
    date('TATAMOTORS', [{ quantity: 100, boughtOn: '2023-06-12' }]);
    // COALINDIA was not sold: it may stay undated.
    expect(undatedLots(journal.trades).map((l) => [l.symbol, l.quantity])).toEqual([['COALINDIA', 120]]);

    const fy = year(journal);
    expect(fy.undated).toMatchObject({ lots: 0, saleValue: 0, rows: [] });
    expect(taxReportSheets(fy, []).map((sheet) => sheet.name)).not.toContain('Waiting for buy dates');
    // HDFCBANK at 1,515.70 a share: 15 bought 21 Aug 2023 and sold 25 Jul 2024 (339 days) short term, 15 ×
    // (1,618.40 − 1,515.70) = 1,540.50; 25 bought 15 Jun 2021 long term, 25 × 102.70 = 2,567.50. TATAMOTORS bought
    // 12 Jun 2023: 60 sold 21 May 2024 short term (344 days), 40 sold 30 Aug 2024 long term (445 days).
    expect(bySymbol(fy.shortTerm.rows)).toEqual({
      TATAMOTORS: { sale: 57_066, cost: 33_681, profit: 23_385 },
      SBIN: { sale: 41_920, cost: 31_172.5, profit: 10_747.5 },
      HDFCBANK: { sale: 24_276, cost: 22_735.5, profit: 1_540.5 },
    });
    expect(bySymbol(fy.longTerm.rows)).toEqual({
      HDFCBANK: { sale: 40_460, cost: 37_892.5, profit: 2_567.5 },
      TATAMOTORS: { sale: 43_510, cost: 22_454, profit: 21_056 },
      ITC: { sale: 146_175, cost: 64_830, profit: 81_345 },
      LT: { sale: 49_476.75, cost: 52_689, profit: -3_212.25 },
    });
    expect(fy.longTerm.rows.find((r) => r.symbol === 'HDFCBANK')).toMatchObject({
      acquiredFrom: '2021-06-15',
      daysHeld: 1136,
    });

    // The dated lots stay in the holdings statement's import: undoing it takes them away, and the four sales wait
    // for their cost again.
    const undo = planUndo('holdings', context(journal));
    expect(undo).toMatchObject({ missingCost: 4 });
    journal.save(undo.groups, null);
    expect(journal.trades.flatMap((t) => t.fills).filter((s) => s.fill.opening)).toEqual([]);
  });

  it('refuses dates that do not fit the lot, saying why', () => {
    const { journal } = withUndatedHoldings();
    const hdfc = undatedLots(journal.trades).find((l) => l.symbol === 'HDFCBANK')!.key;
    expect(() => planLotDates(hdfc, [{ quantity: 30, boughtOn: '2021-06-15' }], context(journal))).toThrow(
      'The shares add up to 30, and the lot holds 40: give a date for each of its shares.',
    );
    expect(() => planLotDates(hdfc, [{ quantity: 40, boughtOn: '2024-02-01' }], context(journal))).toThrow(
      'HDFCBANK was held by 2024-01-08, so each buy date is on or before that day (2024-02-01 is after it).',
    );
    expect(() => planLotDates('zerodha|id|gone', [], context(journal))).toThrow(
      'That lot has its buy dates already, or is no longer in your journal.',
    );
  });

  it('is replaced, not added to, by the tax P&L statement’s lots: /tax then has the statement’s figures', () => {
    const { journal } = withUndatedHoldings();
    const lots = openingLotsFromTaxPnl(parseZerodhaTaxPnl(kiteAccountTaxPnlXlsx()).exits, 'zerodha', journal.trades);
    // SBIN and LT were bought in the tradebook: their exits (rows 17 and 25 of the tradewise sheet) are skipped.
    expect(lots.skipped.map((s) => s.message)).toEqual([
      'Row 17: SBIN bought on 2024-01-09 is in your tradebook already',
      'Row 25: LT bought on 2024-02-05 is in your tradebook already',
    ]);
    const plan = planImport({ fills: lots.fills, errors: lots.skipped }, context(journal));
    // The lots of HDFCBANK (25 + 15), TATAMOTORS (60 + 40) and ITC (300) take the place of the undated ones.
    expect(plan.undatedReplaced).toEqual({ lots: 3, symbols: ['HDFCBANK', 'ITC', 'TATAMOTORS'] });
    journal.save(plan.groups, 'taxpnl');
    expect(undatedLots(journal.trades).map((l) => l.symbol)).toEqual(['COALINDIA']);
    // No share is held twice: COALINDIA 120 (undated) is all that is left open.
    expect(
      journal.trades.filter((t) => t.status === 'open').flatMap((t) => t.fills.map((s) => s.fill.quantity)),
    ).toEqual([120]);

    const fy = year(journal);
    expect(fy.undated.lots).toBe(0);
    // The statement's rows (fixtures README): HDFCBANK 15 × (1,618.40 − 1,595.20) = 348 short and 25 × (1,618.40 −
    // 1,468.00) = 3,760 long, each at its own lot's cost.
    expect(bySymbol(fy.shortTerm.rows)).toEqual({
      TATAMOTORS: { sale: 57_066, cost: 33_681, profit: 23_385 },
      SBIN: { sale: 41_920, cost: 31_172.5, profit: 10_747.5 },
      HDFCBANK: { sale: 24_276, cost: 23_928, profit: 348 },
    });
    expect(bySymbol(fy.longTerm.rows)).toEqual({
      HDFCBANK: { sale: 40_460, cost: 36_700, profit: 3_760 },
      TATAMOTORS: { sale: 43_510, cost: 22_454, profit: 21_056 },
      ITC: { sale: 146_175, cost: 64_830, profit: 81_345 },
      LT: { sale: 49_476.75, cost: 52_689, profit: -3_212.25 },
    });
  });

  it('imported twice, the tax P&L adds nothing the second time: its own lots are duplicates', () => {
    const { journal } = withUndatedHoldings();
    const exits = parseZerodhaTaxPnl(kiteAccountTaxPnlXlsx()).exits;
    const first = openingLotsFromTaxPnl(exits, 'zerodha', journal.trades);
    journal.save(planImport({ fills: first.fills, errors: [] }, context(journal)).groups, 'taxpnl');
    const again = openingLotsFromTaxPnl(exits, 'zerodha', journal.trades);
    expect(again.fills).toHaveLength(5);
    expect(planImport({ fills: again.fills, errors: [] }, context(journal))).toMatchObject({
      duplicates: 5,
      newFills: 0,
      groups: [],
    });
  });

  it('after the trader dated a lot, skips the statement’s lots of the same days rather than adding to them', () => {
    const { journal } = withUndatedHoldings();
    const hdfc = undatedLots(journal.trades).find((l) => l.symbol === 'HDFCBANK')!.key;
    const parts = [
      { quantity: 25, boughtOn: '2021-06-15' },
      { quantity: 15, boughtOn: '2023-08-21' },
    ];
    journal.save(planLotDates(hdfc, parts, context(journal)).groups, null);
    const lots = openingLotsFromTaxPnl(parseZerodhaTaxPnl(kiteAccountTaxPnlXlsx()).exits, 'zerodha', journal.trades);
    expect(lots.fills.map((f) => [f.symbol, f.quantity])).toEqual([
      ['TATAMOTORS', 60],
      ['TATAMOTORS', 40],
      ['ITC', 300],
    ]);
    journal.save(planImport({ fills: lots.fills, errors: [] }, context(journal)).groups, 'taxpnl');
    // HDFCBANK's 40 are sold once, and nothing of it is left held.
    const held = journal.trades.filter((t) => t.status === 'open').map((t) => t.fills[0]!.fill.symbol);
    expect(held).toEqual(['COALINDIA']);
  });

  it('is replaced the same way by a holdings statement with buy dates', () => {
    const { journal, asOf } = withUndatedHoldings();
    const statement = parseZerodhaHoldings(KITE_ACCOUNT_HOLDINGS_DATED_CSV);
    expect(statement.holdings.map((h) => [h.symbol, h.quantity, h.boughtOn])).toEqual([
      ['COALINDIA', 120, '2023-02-14'],
      ['HDFCBANK', 25, '2021-06-15'],
      ['HDFCBANK', 15, '2023-08-21'],
      ['ITC', 300, '2021-12-20'],
      ['TATAMOTORS', 100, '2023-06-12'],
    ]);
    const lots = openingLotsFromHoldings(statement.holdings, asOf!, 'zerodha', journal.trades);
    expect(lots.fills.every((f) => f.dateUnknown === undefined)).toBe(true);
    const plan = planImport({ fills: lots.fills, errors: lots.skipped }, context(journal));
    expect(plan.undatedReplaced).toEqual({ lots: 4, symbols: ['COALINDIA', 'HDFCBANK', 'ITC', 'TATAMOTORS'] });
    journal.save(plan.groups, 'holdings-dated');
    expect(undatedLots(journal.trades)).toEqual([]);
    const fy = year(journal);
    expect(bySymbol(fy.shortTerm.rows).HDFCBANK).toEqual({ sale: 24_276, cost: 23_928, profit: 348 });
    expect(bySymbol(fy.longTerm.rows).HDFCBANK).toEqual({ sale: 40_460, cost: 36_700, profit: 3_760 });
    expect(fy.undated.lots).toBe(0);
  });

  it('imported after the tax P&L, brings only the shares the statement’s lots do not already hold', () => {
    const journal = new TaxJournal();
    journal.save(planImport(parseZerodhaTradebook(KITE_ACCOUNT_TRADEBOOK_CSV), context(journal)).groups, 'tradebook');
    const taxLots = openingLotsFromTaxPnl(parseZerodhaTaxPnl(kiteAccountTaxPnlXlsx()).exits, 'zerodha', journal.trades);
    journal.save(planImport({ fills: taxLots.fills, errors: [] }, context(journal)).groups, 'taxpnl');
    const lots = openingLotsFromHoldings(
      parseZerodhaHoldings(KITE_ACCOUNT_HOLDINGS_CSV).holdings,
      '2024-01-08',
      'zerodha',
      journal.trades,
    );
    // HDFCBANK 40 = 25 + 15, ITC 300 and TATAMOTORS 100 = 60 + 40 have their lots from the statement.
    expect(lots.skipped.map((s) => s.message)).toEqual([
      'Row 3: HDFCBANK: all 40 shares already have buy dates in your journal',
      'Row 4: ITC: all 300 shares already have buy dates in your journal',
      'Row 5: TATAMOTORS: all 100 shares already have buy dates in your journal',
    ]);
    expect(lots.fills.map((f) => [f.symbol, f.quantity, f.dateUnknown])).toEqual([['COALINDIA', 120, true]]);
  });

  it('keeps the holding’s cost when a dated lot takes part of it: the rest costs what is left', () => {
    const { journal } = withUndatedHoldings();
    // A typed opening position: 25 HDFCBANK bought 15 Jun 2021 at 1,468.00. The other 15 of the 40 held at an average
    // of 1,515.70 cost 60,628 − 36,700 = 23,928, i.e. 1,595.20 a share, and stay undated.
    const dated = {
      ...undatedLots(journal.trades).find((l) => l.symbol === 'HDFCBANK')!.fill,
      tradeId: 'opening:typed-1',
      quantity: 25,
      price: 1468,
      executedAt: '2021-06-15T15:30:00+05:30',
      dateUnknown: undefined,
    };
    const plan = planImport({ fills: [dated], errors: [] }, context(journal));
    expect(plan.undatedReplaced).toEqual({ lots: 1, symbols: ['HDFCBANK'] });
    journal.save(plan.groups, 'typed');
    expect(undatedLots(journal.trades).find((l) => l.symbol === 'HDFCBANK')).toMatchObject({
      quantity: 15,
      price: 1595.2,
    });
    const fy = year(journal);
    expect(bySymbol(fy.longTerm.rows).HDFCBANK).toEqual({ sale: 40_460, cost: 36_700, profit: 3_760 });
    expect(fy.undated.shares.find((s) => s.symbol === 'HDFCBANK')).toMatchObject({ lots: 1, quantity: 15 });
  });
});
