import { describe, expect, it } from 'vitest';
import { monthWeeks } from './calendar-heatmap';
import { bucketPnl, pnlBars } from './journal-charts';

describe('monthWeeks', () => {
  it('starts weeks on Monday', () => {
    // 1 January 2026 is a Thursday.
    const weeks = monthWeeks('2026-01');
    expect(weeks[0]!.slice(0, 3)).toEqual([null, null, null]);
    expect(weeks[0]![3]).toEqual({ iso: '2026-01-01', day: 1 });
    expect(weeks).toHaveLength(5);
    expect(weeks.at(-1)![5]).toEqual({ iso: '2026-01-31', day: 31 });
  });

  it('handles a February that fits in four weeks', () => {
    // February 2027 starts on a Monday and has 28 days.
    expect(monthWeeks('2027-02')).toHaveLength(4);
  });
});

describe('bucketPnl', () => {
  it('groups into equal buckets, losses below zero', () => {
    expect(bucketPnl([-1500, -200, 300, 900, 2100], 1000)).toEqual([
      { from: -2000, to: -1000, count: 1 },
      { from: -1000, to: 0, count: 1 },
      { from: 0, to: 1000, count: 2 },
      { from: 1000, to: 2000, count: 0 },
      { from: 2000, to: 3000, count: 1 },
    ]);
  });
});

describe('pnlBars', () => {
  it('keeps days while they fit', () => {
    const days = [
      { date: '2026-01-01', pnl: 100 },
      { date: '2026-01-02', pnl: -40 },
    ];
    expect(pnlBars(days, 2)).toEqual({ unit: 'day', bars: days });
  });

  it('adds days into Monday-to-Sunday weeks, then into months', () => {
    // Thu 1 Jan 2026 and Fri 2 Jan fall in the week of Mon 29 Dec 2025; Mon 5 and Wed 7 Jan in the next.
    const days = [
      { date: '2026-01-01', pnl: 100 },
      { date: '2026-01-02', pnl: -40 },
      { date: '2026-01-05', pnl: 300 },
      { date: '2026-01-07', pnl: 25 },
      { date: '2026-02-02', pnl: -500 },
    ];
    expect(pnlBars(days, 4)).toEqual({
      unit: 'week',
      bars: [
        { date: '2025-12-29', pnl: 60 },
        { date: '2026-01-05', pnl: 325 },
        { date: '2026-02-02', pnl: -500 },
      ],
    });
    expect(pnlBars(days, 2)).toEqual({
      unit: 'month',
      bars: [
        { date: '2026-01-01', pnl: 385 },
        { date: '2026-02-01', pnl: -500 },
      ],
    });
  });
});
