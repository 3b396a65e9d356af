import { describe, expect, it } from 'vitest';
import { type ClosedTrade, dashboardData } from './dashboard-data';

const trade = (id: string, tradeDate: string, pnl: number, charges = 20): ClosedTrade => ({
  id,
  symbol: 'NIFTY',
  segment: 'Options',
  side: 'Long',
  closedAt: `${tradeDate}T10:00:00+05:30`,
  tradeDate,
  pnl,
  charges,
});

describe('dashboardData', () => {
  it('is null without trades', () => {
    expect(dashboardData([])).toBeNull();
  });

  it("sums the newest trade's month by day, newest first in, oldest first out", () => {
    // Worked by hand: 3 Nov +1,000 and −400 (one day, +600), 5 Nov +250; October is another month.
    const data = dashboardData([
      trade('d', '2026-11-05', 250),
      trade('c', '2026-11-03', -400),
      trade('b', '2026-11-03', 1000),
      trade('a', '2026-10-30', 5000),
    ])!;
    expect(data.month).toBe('2026-11');
    expect(data.summary).toMatchObject({ netPnl: 850, wins: 2, trades: 3, charges: 60 });
    expect(data.summary.winRate).toBeCloseTo(2 / 3);
    expect(data.daily).toEqual([
      { date: '2026-11-03', pnl: 600 },
      { date: '2026-11-05', pnl: 250 },
    ]);
    expect(data.equity).toEqual([
      { date: '2026-11-03', equity: 600 },
      { date: '2026-11-05', equity: 850 },
    ]);
    expect(data.calendar['2026-11-03']).toEqual({ pnl: 600, trades: 2 });
    expect(data.recentTrades.map((t) => t.id)).toEqual(['d', 'c', 'b', 'a']);
  });
});
