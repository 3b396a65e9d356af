import { describe, expect, it } from 'vitest';
import { monthWeeks } from './calendar-heatmap';
import { bucketPnl } from './journal-charts';

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
