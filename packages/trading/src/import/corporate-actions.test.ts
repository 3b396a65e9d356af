import { describe, expect, it } from 'vitest';
import {
  type AppliedAction,
  type CorporateAction,
  costShare,
  fractionNote,
  unitScale,
  wholeShares,
} from './corporate-actions';
import { matchFills } from './match';
import type { Fill } from './types';

let nextId = 1;
function fill(symbol: string, isin: string | null, side: 'buy' | 'sell', quantity: number, price: number, day: string) {
  const f: Fill = {
    broker: 'zerodha',
    tradeId: String(nextId++),
    orderId: null,
    exchange: 'NSE',
    segment: 'equity',
    symbol,
    isin,
    underlying: null,
    expiry: null,
    strike: null,
    optionType: null,
    side,
    quantity,
    price,
    executedAt: `${day}T10:00:00+05:30`,
    fees: null,
    row: 0,
  };
  return f;
}

describe('wholeShares', () => {
  it("credits the holding's whole entitlement, whole parts first, then the largest fractions (the oldest on a tie)", () => {
    // 7.5 + 5 = 12.5 → 12: 7 and 5.
    expect(wholeShares([7.5, 5])).toEqual([7, 5]);
    // 2.6 + 1.7 = 4.3 → 4: 2 + 1 = 3, the one left to the 0.7.
    expect(wholeShares([2.6, 1.7])).toEqual([2, 2]);
    // 0.5 × 3 = 1.5 → 1: to the oldest.
    expect(wholeShares([0.5, 0.5, 0.5])).toEqual([1, 0, 0]);
    expect(wholeShares([])).toEqual([]);
  });
});

describe('fractionNote', () => {
  const split: CorporateAction = { symbol: 'ABC', kind: 'split', from: 2, to: 3, exDate: '2025-01-10' };
  it('says what was credited and that the company pays cash for the fraction', () => {
    expect(fractionNote(split, 25, 37.5, 37)).toBe(
      'The split gave 37.5 ABC shares for the 25 ABC held: 37 were credited and the fraction of 0.5 is paid in cash ' +
        'by the company, which is not in this journal.',
    );
    expect(fractionNote({ ...split, kind: 'bonus', from: 3, to: 1 }, 10, 3.333333, 3)).toBe(
      'The bonus gave 3.333 new shares for the 10 ABC held: 3 were credited and the fraction of 0.333 is paid in ' +
        'cash by the company, which is not in this journal.',
    );
    expect(fractionNote(split, 24, 36, 36)).toBeNull();
  });
});

describe('unitScale and costShare', () => {
  const adjustments: AppliedAction[] = [
    { symbol: 'A', kind: 'split', from: 1, to: 5, exDate: '2020-06-01' },
    { symbol: 'A', kind: 'merger', from: 25, to: 42, exDate: '2022-07-13', newSymbol: 'B' },
    { symbol: 'B', kind: 'demerger', from: 2, to: 1, exDate: '2023-12-06', newSymbol: 'C', costPercent: 10 },
    { symbol: 'B', kind: 'bonus', from: 1, to: 1, exDate: '2024-01-10' },
  ];
  it('scales a lot by the splits and mergers after it was acquired and by the sale, and takes the demergers', () => {
    expect(unitScale(adjustments, '2019-01-01', '2025-01-01')).toBeCloseTo(5 * 1.68, 12);
    expect(unitScale(adjustments, '2021-01-01', '2025-01-01')).toBeCloseTo(1.68, 12);
    expect(unitScale(adjustments, '2019-01-01', '2021-01-01')).toBe(5);
    expect(costShare(adjustments, '2019-01-01', '2025-01-01')).toBeCloseTo(0.9, 12);
    expect(costShare(adjustments, '2024-01-01', '2025-01-01')).toBe(1);
    // The new share's side of a demerger keeps its cost: its lots were made at their part of the parent's.
    expect(costShare([{ ...adjustments[2]!, credited: true }], '2019-01-01', '2025-01-01')).toBe(1);
  });
});

describe('matchFills with corporate actions', () => {
  it('moves a holding to its new symbol and ISIN on a symbol change, cost and acquisition date kept', () => {
    const change: CorporateAction = {
      symbol: 'OLDCO',
      kind: 'symbol_change',
      from: 1,
      to: 1,
      exDate: '2025-03-03',
      newSymbol: 'NEWCO',
      newIsin: 'INE999Z01029',
    };
    const buy = fill('OLDCO', 'INE999Z01011', 'buy', 40, 250, '2024-01-15');
    const sell = fill('NEWCO', 'INE999Z01029', 'sell', 40, 310, '2025-04-02');
    const [trade, ...rest] = matchFills([buy, sell], { actions: [change] });
    expect(rest).toEqual([]);
    // 40 × (310 − 250) = 2,400, held since 15 Jan 2024.
    expect(trade).toMatchObject({
      symbol: 'NEWCO',
      isin: 'INE999Z01029',
      status: 'closed',
      quantity: 40,
      avgEntryPrice: 250,
      grossPnl: 2400,
      entryTime: '2024-01-15T10:00:00+05:30',
      adjustments: [change],
    });
  });

  it("leaves the units alone for a symbol change the ISIN already links, and says it was one share's", () => {
    const change: CorporateAction = {
      symbol: 'ZOMATO',
      kind: 'symbol_change',
      from: 1,
      to: 1,
      exDate: '2025-04-09',
      newSymbol: 'ETERNAL',
      newIsin: 'INE758T01015',
    };
    const [trade] = matchFills(
      [
        fill('ZOMATO', 'INE758T01015', 'buy', 100, 200, '2024-06-03'),
        fill('ETERNAL', 'INE758T01015', 'sell', 100, 240, '2025-06-02'),
      ],
      { actions: [change] },
    );
    expect(trade).toMatchObject({ symbol: 'ETERNAL', quantity: 100, grossPnl: 4000 });
    expect(trade?.adjustments).toEqual([{ ...change, credited: true }]);
  });

  it('credits whole shares of a split and notes the fraction, whose cost leaves with it', () => {
    const split: CorporateAction = { symbol: 'ABC', kind: 'split', from: 2, to: 3, exDate: '2025-02-03' };
    const [sold] = matchFills(
      [fill('ABC', null, 'buy', 25, 300, '2025-01-06'), fill('ABC', null, 'sell', 37, 210, '2025-02-10')],
      { actions: [split] },
    );
    // 25 × 3/2 = 37.5: 37 credited at 300 × 2/3 = 200 each (the 0.5's 100.00 of cost is paid out with its cash).
    // 37 × (210 − 200) = 370.
    expect(sold).toMatchObject({ status: 'closed', quantity: 37, avgEntryPrice: 200, grossPnl: 370 });
    expect(sold?.adjustments[0]?.note).toBe(
      'The split gave 37.5 ABC shares for the 25 ABC held: 37 were credited and the fraction of 0.5 is paid in cash ' +
        'by the company, which is not in this journal.',
    );
  });

  it('credits nothing when the entitlement is below one share, and still moves the cost the company apportioned', () => {
    const demerger: CorporateAction = {
      symbol: 'STAR',
      kind: 'demerger',
      from: 2,
      to: 1,
      exDate: '2024-12-06',
      newSymbol: 'ONESOURCE',
      newIsin: 'INE013P01021',
      costPercent: 10.65,
    };
    const trades = matchFills([fill('STAR', 'INE939A01011', 'buy', 1, 1000, '2024-06-03')], { actions: [demerger] });
    // 1 STAR gives 0.5 ONESOURCE: nothing credited; STAR keeps 89.35% of 1,000.00.
    expect(trades.map((t) => [t.symbol, t.status, t.quantity, t.avgEntryPrice])).toEqual([['STAR', 'open', 1, 893.5]]);
    expect(trades[0]?.adjustments[0]?.note).toMatch(/gave 0\.5 ONESOURCE shares for the 1 STAR held: 0 were credited/);
  });

  it('sells a demerged share oldest acquisition first: the lots from the parent before shares bought later', () => {
    const demerger: CorporateAction = {
      symbol: 'STAR',
      kind: 'demerger',
      from: 2,
      to: 1,
      exDate: '2024-12-06',
      newSymbol: 'ONESOURCE',
      newIsin: 'INE013P01021',
      costPercent: 10.65,
    };
    const trades = matchFills(
      [
        fill('STAR', 'INE939A01011', 'buy', 20, 1000, '2024-06-03'),
        fill('ONESOURCE', 'INE013P01021', 'buy', 5, 1700, '2025-01-27'),
        fill('ONESOURCE', 'INE013P01021', 'sell', 12, 1800, '2025-03-10'),
      ],
      { actions: [demerger] },
    );
    const onesource = trades.filter((t) => t.symbol === 'ONESOURCE');
    // The 12 sold are the 10 from STAR (20,000.00 × 10.65% ÷ 10 = 213.00 each, held from 3 Jun 2024), then 2 of the 5
    // bought: cost 2,130.00 + 3,400.00 = 5,530.00 (460.8333 a share); 21,600.00 − 5,530.00 = 16,070.00. 3 stay open.
    expect(onesource.map((t) => [t.entryTime.slice(0, 10), t.status, t.quantity, t.avgEntryPrice, t.grossPnl])).toEqual(
      [
        ['2024-06-03', 'closed', 12, 460.8333, 16070],
        ['2025-01-27', 'open', 3, 1700, null],
      ],
    );
    expect(onesource[0]?.executions.filter((e) => e.role === 'entry').map((e) => [e.quantity, e.fill.price])).toEqual([
      [10, 213],
      [2, 1700],
    ]);
  });

  it('follows a chain of mergers, the last share holding the first one’s fill and every step in its adjustments', () => {
    const first: CorporateAction = {
      symbol: 'AAA',
      kind: 'merger',
      from: 1,
      to: 2,
      exDate: '2021-04-01',
      newSymbol: 'BBB',
      newIsin: 'INE000B01011',
    };
    const second: CorporateAction = {
      symbol: 'BBB',
      kind: 'merger',
      from: 4,
      to: 3,
      exDate: '2023-04-03',
      newSymbol: 'CCC',
      newIsin: 'INE000C01011',
    };
    const buy = fill('AAA', 'INE000A01011', 'buy', 10, 600, '2020-02-03');
    const [trade, ...rest] = matchFills([buy, fill('CCC', 'INE000C01011', 'sell', 15, 450, '2024-02-01')], {
      actions: [second, first],
    });
    expect(rest).toEqual([]);
    // 10 AAA → 20 BBB at 300 → 15 CCC at 400: 15 × (450 − 400) = 750.
    expect(trade).toMatchObject({ symbol: 'CCC', quantity: 15, avgEntryPrice: 400, grossPnl: 750 });
    expect(trade?.adjustments).toEqual([first, second]);
    // The trade holds the AAA fill as it was traded.
    expect(trade?.executions[0]?.fill).toBe(buy);
  });
});
