import { describe, expect, it } from 'vitest';
import { calendarMonth } from './calendar';
import { JOURNAL, trade } from './journal.fixture';

describe('calendarMonth: November 2026 (1 Nov is a Sunday)', () => {
  const october = trade({ id: 'oct', netPnl: 500, tradeDate: '2026-10-31' });
  const c = calendarMonth([...JOURNAL, october], '2026-11');

  it('lists every day with its IST-date P&L', () => {
    expect(c.days).toHaveLength(30);
    expect(c.days[0]).toEqual({ date: '2026-11-01', weekday: 6, netPnl: 0, trades: 0, wins: 0, losses: 0 });
    // 2 Nov: T1 960 + T2 −530
    expect(c.days[1]).toEqual({ date: '2026-11-02', weekday: 0, netPnl: 430, trades: 2, wins: 1, losses: 1 });
    // T5 exits on the 6th but belongs to its entry day, the 5th
    expect(c.days[4]).toMatchObject({ date: '2026-11-05', netPnl: 1400, trades: 1 });
    expect(c.days[5]).toMatchObject({ date: '2026-11-06', netPnl: -120, trades: 1 });
    expect(c.days[29]!.date).toBe('2026-11-30');
  });

  it('totals Monday–Sunday weeks, counting only the month’s days', () => {
    expect(c.weeks.map((w) => [w.start, w.end, w.days.length])).toEqual([
      ['2026-10-26', '2026-11-01', 1],
      ['2026-11-02', '2026-11-08', 7],
      ['2026-11-09', '2026-11-15', 7],
      ['2026-11-16', '2026-11-22', 7],
      ['2026-11-23', '2026-11-29', 7],
      ['2026-11-30', '2026-12-06', 1],
    ]);
    // the first week holds 31 Oct, but its total leaves October's ₹500 out
    expect(c.weeks[0]).toMatchObject({ netPnl: 0, trades: 0, tradingDays: 0 });
    // 430 − 360 + 1400 − 120 = 1350 over 6 trades on 4 days, 2 up (02, 05) and 2 down (03, 06)
    expect(c.weeks[1]).toMatchObject({ netPnl: 1350, trades: 6, tradingDays: 4, winningDays: 2, losingDays: 2 });
    // T7's ₹0 day is a trading day, neither up nor down
    expect(c.weeks[2]).toMatchObject({ netPnl: 0, trades: 1, tradingDays: 1, winningDays: 0, losingDays: 0 });
  });

  it('totals the month', () => {
    expect(c.total).toEqual({ netPnl: 1350, trades: 7, tradingDays: 5, winningDays: 2, losingDays: 2 });
  });

  it('a month starting on Monday and a leap February', () => {
    const feb = calendarMonth([trade({ id: 'a', netPnl: 7, tradeDate: '2028-02-29' })], '2028-02');
    expect(feb.days).toHaveLength(29);
    expect(feb.total.netPnl).toBe(7);
    const june = calendarMonth([], '2026-06'); // 1 June 2026 is a Monday
    expect(june.weeks[0]!.start).toBe('2026-06-01');
    expect(june.weeks).toHaveLength(5);
  });

  it('rejects a malformed month', () => {
    expect(() => calendarMonth([], '2026-13')).toThrow('Expected a month as YYYY-MM, got "2026-13"');
    expect(() => calendarMonth([], '2026-1')).toThrow(RangeError);
  });
});
