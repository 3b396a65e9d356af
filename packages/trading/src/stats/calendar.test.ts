import { describe, expect, it } from 'vitest';
import { calendarMonth } from './calendar';
import { JOURNAL, trade } from './journal.fixture';

describe('calendarMonth: November 2026 (1 Nov is a Sunday)', () => {
  const october = trade({
    id: 'oct',
    netPnl: 500,
    entryTime: '2026-10-31T10:00:00+05:30',
    exitTime: '2026-10-31T11:00:00+05:30',
  });
  const c = calendarMonth([...JOURNAL, october], '2026-11');

  it('lists every day with the P&L of the trades closed that IST day', () => {
    expect(c.days).toHaveLength(30);
    expect(c.days[0]).toEqual({ date: '2026-11-01', weekday: 6, netPnl: 0, trades: 0, wins: 0, losses: 0 });
    // 2 Nov: T1 960 + T2 −530
    expect(c.days[1]).toEqual({ date: '2026-11-02', weekday: 0, netPnl: 430, trades: 2, wins: 1, losses: 1 });
    // T5 was entered on the 5th and closed on the 6th: its P&L is the 6th's
    expect(c.days[4]).toMatchObject({ date: '2026-11-05', netPnl: 0, trades: 0 });
    expect(c.days[5]).toMatchObject({ date: '2026-11-06', netPnl: 1400, trades: 1 });
    // T6, entered Friday the 6th, closed on Tuesday the 10th
    expect(c.days[9]).toMatchObject({ date: '2026-11-10', netPnl: -120, trades: 1, losses: 1 });
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
    // 430 − 360 + 1400 = 1470 over 5 trades on 3 days, 2 up (02, 06) and 1 down (03)
    expect(c.weeks[1]).toMatchObject({ netPnl: 1470, trades: 5, tradingDays: 3, winningDays: 2, losingDays: 1 });
    // T7's ₹0 day (09) is a trading day, neither up nor down; T6's −120 on the 10th is down
    expect(c.weeks[2]).toMatchObject({ netPnl: -120, trades: 2, tradingDays: 2, winningDays: 0, losingDays: 1 });
  });

  it('totals the month', () => {
    expect(c.total).toEqual({ netPnl: 1350, trades: 7, tradingDays: 5, winningDays: 2, losingDays: 2 });
  });

  it('a month starting on Monday and a leap February', () => {
    const feb = calendarMonth(
      [trade({ id: 'a', netPnl: 7, entryTime: '2028-02-29T09:20:00+05:30', exitTime: '2028-02-29T09:40:00+05:30' })],
      '2028-02',
    );
    expect(feb.days).toHaveLength(29);
    expect(feb.total.netPnl).toBe(7);
    const june = calendarMonth([], '2026-06'); // 1 June 2026 is a Monday
    expect(june.weeks[0]!.start).toBe('2026-06-01');
    expect(june.weeks).toHaveLength(5);
  });

  it('shows a month whose closed trades were all entered the month before', () => {
    // Entered in October, closed in November: +1,000 on 2 Nov, −250 and +75 on 3 Nov (the last at 00:01 IST,
    // 18:31 UTC on the 2nd). October shows none of them; November shows 3 trades and 1,000 − 250 + 75 = 825.
    const carried = [
      trade({ id: 'c1', netPnl: 1000, entryTime: '2026-10-29T10:00:00+05:30', exitTime: '2026-11-02T10:00:00+05:30' }),
      trade({ id: 'c2', netPnl: -250, entryTime: '2026-10-30T14:00:00+05:30', exitTime: '2026-11-03T09:30:00+05:30' }),
      trade({ id: 'c3', netPnl: 75, entryTime: '2026-10-30T18:00:00Z', exitTime: '2026-11-02T18:31:00Z' }),
    ];
    expect(calendarMonth(carried, '2026-10').total).toEqual({
      netPnl: 0,
      trades: 0,
      tradingDays: 0,
      winningDays: 0,
      losingDays: 0,
    });
    const november = calendarMonth(carried, '2026-11');
    expect(november.total).toEqual({ netPnl: 825, trades: 3, tradingDays: 2, winningDays: 1, losingDays: 1 });
    expect(november.days[2]).toMatchObject({ date: '2026-11-03', netPnl: -175, trades: 2, wins: 1, losses: 1 });
  });

  it('rejects a malformed month', () => {
    expect(() => calendarMonth([], '2026-13')).toThrow('Expected a month as YYYY-MM, got "2026-13"');
    expect(() => calendarMonth([], '2026-1')).toThrow(RangeError);
  });
});
