import { describe, expect, it } from 'vitest';
import { JOURNAL, trade } from './journal.fixture';
import { rDistribution, tradeR } from './r-multiples';

describe('tradeR', () => {
  it('measures a long and a short in units of the risk at entry', () => {
    // long 100 → 110, stop 95: +10 ÷ 5 = 2R; short 300 → 250, stop 320: +50 ÷ 20 = 2.5R
    expect(tradeR({ side: 'long', entryPrice: 100, exitPrice: 110, stopLoss: 95 })).toBe(2);
    expect(tradeR({ side: 'short', entryPrice: 300, exitPrice: 250, stopLoss: 320 })).toBe(2.5);
    // short stopped out past the stop: 1500 → 1510, stop 1505: −10 ÷ 5 = −2R
    expect(tradeR({ side: 'short', entryPrice: 1500, exitPrice: 1510, stopLoss: 1505 })).toBe(-2);
  });

  it('gives no R without a stop or with a stop at or on the wrong side of entry', () => {
    expect(tradeR({ side: 'long', entryPrice: 100, exitPrice: 110 })).toBeNull();
    expect(tradeR({ side: 'long', entryPrice: 100, exitPrice: 110, stopLoss: null })).toBeNull();
    expect(tradeR({ side: 'long', entryPrice: 100, exitPrice: 110, stopLoss: 105 })).toBeNull();
    expect(tradeR({ side: 'short', entryPrice: 100, exitPrice: 90, stopLoss: 95 })).toBeNull();
    expect(tradeR({ side: 'long', entryPrice: 100, exitPrice: 110, stopLoss: 100 })).toBeNull();
  });
});

describe('rDistribution: the seven-trade journal', () => {
  const r = rDistribution(JOURNAL);

  it('uses only trades with a stop and counts the rest', () => {
    // R: T1 1.0, T2 −2.0, T4 1.5, T5 2.5, T7 0.5; T3 and T6 have no stop
    expect(r.n).toBe(5);
    expect(r.withoutStop).toBe(2);
    expect(r.invalidStop).toBe(0);
    // 1 − 2 + 1.5 + 2.5 + 0.5 = 3.5; ÷ 5 = 0.7
    expect(r.totalR).toEqual({ value: 3.5, n: 5 });
    expect(r.averageR.value).toBeCloseTo(0.7, 12);
    expect(r.positive).toEqual({ value: 4 / 5, count: 4, n: 5 });
  });

  it('buckets R with the lower edge inclusive', () => {
    expect(r.buckets.map((b) => [b.label, b.count])).toEqual([
      ['< −2R', 0],
      ['−2R to −1R', 1], // T2 at exactly −2R
      ['−1R to 0R', 0],
      ['0R to 1R', 1], // T7
      ['1R to 2R', 2], // T1 at exactly 1R, T4
      ['2R to 3R', 1], // T5
      ['≥ 3R', 0],
    ]);
  });

  it('counts a wrong-side stop apart from a missing one', () => {
    const d = rDistribution([trade({ id: 'a', netPnl: 10, entryPrice: 100, exitPrice: 110, stopLoss: 120 })]);
    expect(d).toMatchObject({ n: 0, withoutStop: 0, invalidStop: 1, averageR: { value: null, n: 0 } });
  });

  it('no trades', () => {
    const d = rDistribution([]);
    expect(d).toMatchObject({ n: 0, withoutStop: 0, averageR: { value: null, n: 0 } });
    expect(d.buckets.every((b) => b.count === 0)).toBe(true);
  });
});
