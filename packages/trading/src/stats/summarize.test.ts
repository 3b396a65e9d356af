import { describe, expect, it } from 'vitest';
import { JOURNAL, trade } from './journal.fixture';
import { summarize } from './summarize';

describe('summarize: the seven-trade journal', () => {
  const s = summarize(JOURNAL);

  it('totals net of charges', () => {
    // gross 1000 − 500 − 3250 + 3000 + 1500 − 100 + 20 = 1670; charges 40+30+50+60+100+20+20 = 320; net 1350
    expect(s.trades).toBe(7);
    expect(s.grossPnl).toEqual({ value: 1670, n: 7 });
    expect(s.charges).toEqual({ value: 320, n: 7 });
    expect(s.netPnl).toEqual({ value: 1350, n: 7 });
  });

  it('counts a ₹0 net trade as neither win nor loss, but in the rates’ denominators', () => {
    // wins T1 T4 T5, losses T2 T3 T6, break-even T7 (gross ₹20 eaten by ₹20 charges)
    expect([s.wins, s.losses, s.breakEven]).toEqual([3, 3, 1]);
    expect(s.winRate).toEqual({ value: 3 / 7, count: 3, n: 7 });
    expect(s.lossRate).toEqual({ value: 3 / 7, count: 3, n: 7 });
  });

  it('profit factor, averages, expectancy and extremes', () => {
    // gross profit 960 + 2940 + 1400 = 5300; gross loss 530 + 3300 + 120 = 3950
    expect(s.grossProfit.value).toBe(5300);
    expect(s.grossLoss.value).toBe(3950);
    expect(s.profitFactor.value).toBeCloseTo(5300 / 3950, 10); // 1.3418
    expect(s.averageWin).toEqual({ value: 5300 / 3, n: 3 });
    expect(s.averageLoss).toEqual({ value: -3950 / 3, n: 3 });
    // 3/7 × 1766.67 − 3/7 × 1316.67 = 1350 / 7 = 192.86
    expect(s.expectancy.value).toBeCloseTo(1350 / 7, 10);
    expect(s.expectancy.n).toBe(7);
    expect(s.largestWin).toEqual({ value: 2940, tradeId: 'T4', n: 3 });
    expect(s.largestLoss).toEqual({ value: -3300, tradeId: 'T3', n: 3 });
  });

  it('equity by trade in exit order', () => {
    // exit order T1 T2 T3 T4 T5 T7 T6: 960, 430, −2870, 70, 1470, 1470, 1350
    expect(s.equity.byTrade.map((p) => [p.tradeId, p.equity])).toEqual([
      ['T1', 960],
      ['T2', 430],
      ['T3', -2870],
      ['T4', 70],
      ['T5', 1470],
      ['T7', 1470],
      ['T6', 1350],
    ]);
  });

  it('days by IST exit day: the curve from ₹0, best and worst day', () => {
    // By exit day: 02: T1 960 + T2 −530 = 430; 03: T3 −3300 + T4 2940 = −360; 06: T5 1400 (entered Thu 05);
    // 09: T7 0; 10: T6 −120 (entered Fri 06). The curve starts at ₹0 on Sun 01.
    expect(s.equity.byDay).toEqual([
      { date: '2026-11-01', netPnl: 0, trades: 0, equity: 0 },
      { date: '2026-11-02', netPnl: 430, trades: 2, equity: 430 },
      { date: '2026-11-03', netPnl: -360, trades: 2, equity: 70 },
      { date: '2026-11-06', netPnl: 1400, trades: 1, equity: 1470 },
      { date: '2026-11-09', netPnl: 0, trades: 1, equity: 1470 },
      { date: '2026-11-10', netPnl: -120, trades: 1, equity: 1350 },
    ]);
    expect(s.tradingDays).toBe(5);
    expect(s.bestDay).toEqual({ date: '2026-11-06', value: 1400, trades: 1, n: 5 });
    expect(s.worstDay).toEqual({ date: '2026-11-03', value: -360, trades: 2, n: 5 });
  });

  it('max drawdown: the deepest fall of that daily curve, between day closes', () => {
    // Closes 0, 430, 70, 1470, 1470, 1350: peak 430 (2 Nov) to 70 (3 Nov) is 360, deeper than 1470 to 1350 (120).
    // Within 3 Nov equity went down to −2870 after T3, but the curve shows closes, and so does the drawdown.
    expect(s.maxDrawdown).toEqual({
      value: 360,
      percentOfPeak: 360 / 430,
      peak: 430,
      peakDate: '2026-11-02',
      troughDate: '2026-11-03',
      n: 5,
    });
  });

  it('streaks in exit order, a break-even ending them', () => {
    // W L L W W BE L
    expect(s.longestWinStreak).toEqual({ value: 2, n: 7 });
    expect(s.longestLossStreak).toEqual({ value: 2, n: 7 });
    const broken = summarize([
      trade({ id: 'a', netPnl: 10, exitTime: '2026-11-02T09:30:00+05:30' }),
      trade({ id: 'b', netPnl: 0, exitTime: '2026-11-02T09:31:00+05:30' }),
      trade({ id: 'c', netPnl: 10, exitTime: '2026-11-02T09:32:00+05:30' }),
    ]);
    expect(broken.longestWinStreak.value).toBe(1);
  });

  it('does not depend on the order trades are given in', () => {
    expect(summarize([...JOURNAL].reverse())).toEqual(s);
  });
});

describe('summarize: edge cases', () => {
  it('no trades: every figure undefined, every sample 0', () => {
    const s = summarize([]);
    expect(s.trades).toBe(0);
    expect(s.netPnl).toEqual({ value: null, n: 0 });
    expect(s.winRate).toEqual({ value: null, count: 0, n: 0 });
    expect(s.profitFactor).toEqual({ value: null, n: 0 });
    expect(s.expectancy).toEqual({ value: null, n: 0 });
    expect(s.maxDrawdown.value).toBeNull();
    expect(s.bestDay).toEqual({ date: null, value: null, trades: 0, n: 0 });
    expect(s.equity).toEqual({ byTrade: [], byDay: [] });
  });

  it('all wins: no profit factor (nothing to divide by), no drawdown, no average loss', () => {
    // 100, 200, 300 on one day: win rate 3/3, expectancy 600 / 3 = 200
    const s = summarize([
      trade({ id: 'a', netPnl: 100, exitTime: '2026-11-02T09:30:00+05:30' }),
      trade({ id: 'b', netPnl: 200, exitTime: '2026-11-02T09:31:00+05:30' }),
      trade({ id: 'c', netPnl: 300, exitTime: '2026-11-02T09:32:00+05:30' }),
    ]);
    expect(s.winRate).toEqual({ value: 1, count: 3, n: 3 });
    expect(s.profitFactor).toEqual({ value: null, n: 3 });
    expect(s.expectancy.value).toBe(200);
    expect(s.averageLoss).toEqual({ value: null, n: 0 });
    expect(s.largestLoss).toEqual({ value: null, tradeId: null, n: 0 });
    expect(s.maxDrawdown).toEqual({ value: 0, percentOfPeak: null, peak: 0, peakDate: null, troughDate: null, n: 1 });
    expect(s.longestWinStreak.value).toBe(3);
    expect(s.longestLossStreak.value).toBe(0);
  });

  it('all losses: profit factor 0, drawdown from the ₹0 start has no percentage', () => {
    // −100 on 2 Nov, −200 on 3 Nov: closes −100, −300; the peak stays the ₹0 start
    const s = summarize([
      trade({ id: 'a', netPnl: -100, exitTime: '2026-11-02T09:30:00+05:30' }),
      trade({
        id: 'b',
        netPnl: -200,
        entryTime: '2026-11-03T09:20:00+05:30',
        exitTime: '2026-11-03T09:31:00+05:30',
      }),
    ]);
    expect(s.winRate).toEqual({ value: 0, count: 0, n: 2 });
    expect(s.profitFactor.value).toBe(0);
    expect(s.expectancy.value).toBe(-150);
    expect(s.maxDrawdown).toEqual({
      value: 300,
      percentOfPeak: null,
      peak: 0,
      peakDate: null,
      troughDate: '2026-11-03',
      n: 2,
    });
    expect(s.longestLossStreak.value).toBe(2);
  });

  it('one trade', () => {
    const s = summarize([trade({ id: 'a', netPnl: 500, grossPnl: 540, charges: 40 })]);
    expect(s.netPnl).toEqual({ value: 500, n: 1 });
    expect(s.charges).toEqual({ value: 40, n: 1 });
    expect(s.bestDay).toEqual({ date: '2026-11-02', value: 500, trades: 1, n: 1 });
    expect(s.worstDay).toEqual(s.bestDay);
    expect(s.equity.byTrade).toEqual([
      { tradeId: 'a', exitTime: '2026-11-02T09:40:00+05:30', netPnl: 500, equity: 500 },
    ]);
    expect(s.equity.byDay).toEqual([
      { date: '2026-11-01', netPnl: 0, trades: 0, equity: 0 },
      { date: '2026-11-02', netPnl: 500, trades: 1, equity: 500 },
    ]);
  });

  it('counts a trade on its IST exit day: 18:29 UTC is 23:59 IST the same day, 18:31 UTC is 00:01 IST the next', () => {
    const s = summarize([
      trade({ id: 'a', netPnl: 100, entryTime: '2026-11-02T04:00:00Z', exitTime: '2026-11-02T18:29:00Z' }),
      trade({ id: 'b', netPnl: -40, entryTime: '2026-11-02T04:00:00Z', exitTime: '2026-11-02T18:31:00Z' }),
    ]);
    expect(s.equity.byDay.map((d) => [d.date, d.netPnl, d.trades])).toEqual([
      ['2026-11-01', 0, 0],
      ['2026-11-02', 100, 1],
      ['2026-11-03', -40, 1],
    ]);
  });

  it('rejects an exit date that is not the IST day of the exit time', () => {
    // 18:31 UTC on 2 Nov is 3 Nov in India: a row dated 2 Nov would land on the wrong calendar day.
    const wrong = {
      ...trade({ id: 'w', netPnl: 1, exitTime: '2026-11-02T18:31:00Z' }),
      exitDate: '2026-11-02',
    };
    expect(() => summarize([wrong])).toThrow(
      'Trade w: exitDate "2026-11-02" is not the IST day of exitTime "2026-11-02T18:31:00Z"',
    );
  });

  it('rejects a time without an offset instead of reading it in the machine’s zone', () => {
    expect(() => summarize([trade({ id: 'a', netPnl: 1, entryTime: '2026-11-02T09:20:00' })])).toThrow(RangeError);
  });
});
