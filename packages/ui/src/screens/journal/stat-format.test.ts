import { summarize, type TradeForStats } from '@bahi/trading';
import { describe, expect, it } from 'vitest';
import { shiftMonth } from './calendar';
import { chargesShare, drawdownHint, equityPoints } from './dashboard';
import { count, ofTrades, percent, profitFactor, rMultipleText } from './stat-format';

describe('statistics as the screens write them', () => {
  it('rounds rates to whole percent and says "—" without a sample', () => {
    expect(percent({ value: 11 / 18 })).toBe('61%');
    expect(percent({ value: null })).toBe('—');
  });

  it('writes a profit factor, ∞ with wins and no losses, — with neither', () => {
    expect(profitFactor({ value: 19_100 / 7_560, n: 12 }, 6)).toBe('2.53');
    expect(profitFactor({ value: null, n: 3 }, 3)).toBe('∞');
    expect(profitFactor({ value: null, n: 0 }, 0)).toBe('—');
  });

  it('counts with Indian digit grouping and the right plural', () => {
    expect(count(1, 'trade')).toBe('1 trade');
    expect(count(100_000, 'trade')).toBe('1,00,000 trades');
    expect(count(2, 'loss', 'losses')).toBe('2 losses');
    expect(ofTrades(11, 18)).toBe('11 of 18 trades');
  });
});

describe('chargesShare', () => {
  it('gives the share of gross profit that charges took', () => {
    // ₹600 of charges on ₹12,140 gross: 4.9%, shown as 5%.
    expect(chargesShare({ grossPnl: { value: 12_140, n: 12 }, charges: { value: 600, n: 12 } })).toBe(
      '5% of your gross profit',
    );
  });

  it('says charges deepened a gross loss rather than a negative share', () => {
    expect(chargesShare({ grossPnl: { value: -2_000, n: 3 }, charges: { value: 60, n: 3 } })).toBe(
      'on top of a gross loss',
    );
    expect(chargesShare({ grossPnl: { value: null, n: 0 }, charges: { value: null, n: 0 } })).toBe(
      'No charges recorded',
    );
  });
});

describe('shiftMonth', () => {
  it('crosses year ends both ways', () => {
    expect(shiftMonth('2026-01', -1)).toBe('2025-12');
    expect(shiftMonth('2026-12', 1)).toBe('2027-01');
    expect(shiftMonth('2026-11', 0)).toBe('2026-11');
  });
});

describe('equityPoints', () => {
  const day = (date: string, equity: number) => ({ date, netPnl: 0, trades: 1, equity });

  it('keeps every day of a short period', () => {
    expect(equityPoints([day('2026-01-01', 100), day('2026-01-02', 60)], 2)).toEqual([
      { date: '2026-01-01', equity: 100 },
      { date: '2026-01-02', equity: 60 },
    ]);
  });

  it("keeps the ₹0 start and each week's last close when there are too many days", () => {
    // The start on Wed 31 Dec 2025; Thu 1 and Fri 2 Jan 2026 close one week, Mon 5 and Tue 6 Jan the next.
    const days = [
      { date: '2025-12-31', netPnl: 0, trades: 0, equity: 0 },
      day('2026-01-01', 100),
      day('2026-01-02', 60),
      day('2026-01-05', 90),
      day('2026-01-06', 40),
    ];
    expect(equityPoints(days, 3)).toEqual([
      { date: '2025-12-31', equity: 0 },
      { date: '2026-01-02', equity: 60 },
      { date: '2026-01-06', equity: 40 },
    ]);
    // Kept as well: the drawdown's peak (1 Jan, 100) and trough (6 Jan, 40), so the chart falls 60 like the card.
    expect(equityPoints(days, 3, ['2026-01-01', '2026-01-06'])).toEqual([
      { date: '2025-12-31', equity: 0 },
      { date: '2026-01-01', equity: 100 },
      { date: '2026-01-02', equity: 60 },
      { date: '2026-01-06', equity: 40 },
    ]);
  });
});

describe('the dashboard chart of a long period', () => {
  it('falls as deep as the max drawdown card says, though thinned to a point a week', () => {
    // 700 one-trade days from 1 Jan 2024 (a Monday), a pseudo-random walk with a deep fall in the middle.
    const trades: TradeForStats[] = Array.from({ length: 700 }, (_, i) => {
      const date = new Date(Date.UTC(2024, 0, 1) + i * 86_400_000).toISOString().slice(0, 10);
      const netPnl = Math.round((Math.sin(i * 1.7) * 900 + (i > 300 && i < 360 ? -400 : 120)) * 100) / 100;
      return {
        id: `t${i}`,
        symbol: 'SBIN',
        segment: 'equity',
        product: 'intraday',
        side: 'long',
        entryTime: `${date}T10:00:00+05:30`,
        exitTime: `${date}T11:00:00+05:30`,
        entryDate: date,
        exitDate: date,
        grossPnl: netPnl,
        charges: 0,
        netPnl,
        quantity: 1,
        entryPrice: 1,
        exitPrice: 1,
        emotionsBefore: [],
        emotionsAfter: [],
        mistakes: [],
        tags: [],
      };
    });
    const s = summarize(trades);
    const dd = s.maxDrawdown;
    const shown = equityPoints(s.equity.byDay, 260, [dd.peakDate, dd.troughDate]);
    expect(shown.length).toBeLessThan(110);
    let peak = 0;
    let fall = 0;
    for (const p of shown) {
      peak = Math.max(peak, p.equity);
      fall = Math.max(fall, peak - p.equity);
    }
    expect(dd.value).toBeGreaterThan(0);
    expect(fall).toBe(dd.value);
  });
});

describe('drawdownHint', () => {
  const dd = { value: 2_800, percentOfPeak: 2_800 / 8_950, peak: 8_950, n: 10 };
  it('names the peak and trough days and the share of the peak', () => {
    expect(drawdownHint({ ...dd, peakDate: '2026-01-08', troughDate: '2026-01-14' })).toBe(
      '8 Jan to 14 Jan 2026 · 31% of the peak',
    );
    expect(drawdownHint({ ...dd, peakDate: '2025-12-30', troughDate: '2026-01-14' })).toBe(
      '30 Dec 2025 to 14 Jan 2026 · 31% of the peak',
    );
  });
  it('says when the fall began at the ₹0 start, or never came', () => {
    expect(
      drawdownHint({ value: 300, percentOfPeak: null, peak: 0, peakDate: null, troughDate: '2026-11-03', n: 2 }),
    ).toBe('from the start to 3 Nov 2026');
    expect(drawdownHint({ value: 0, percentOfPeak: null, peak: 0, peakDate: null, troughDate: null, n: 1 })).toBe(
      "no fall at any day's close · 1 day",
    );
    expect(
      drawdownHint({ value: null, percentOfPeak: null, peak: 0, peakDate: null, troughDate: null, n: 0 }),
    ).toBeUndefined();
  });
});

describe('rMultipleText', () => {
  it('signs a result in multiples of the risk with a real minus, and 0.00R unsigned', () => {
    // Long at 112.50, stop 100, out at 140.25: 27.75 / 12.50 = 2.22R.
    expect(rMultipleText(27.75 / 12.5)).toBe('+2.22R');
    expect(rMultipleText(-1)).toBe('−1.00R');
    expect(rMultipleText(-0.001)).toBe('0.00R');
    expect(rMultipleText(0)).toBe('0.00R');
  });
});
