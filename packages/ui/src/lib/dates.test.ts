import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatDayMonth, formatDuration } from './dates';

// Expectations worked by hand (IST is UTC+05:30) and checked against Chromium's en-IN Intl.DateTimeFormat with
// timeZone Asia/Kolkata, which they replace: "Sept", a 24-hour clock that reads 00 after midnight.
describe('IST dates', () => {
  it('moves an instant past midnight UTC+05:30 to the next day, and the next year', () => {
    expect(formatDate('2026-09-10T18:35:00Z')).toBe('11 September 2026');
    expect(formatDateTime('2026-09-10T18:35:00Z')).toBe('11 Sept 2026, 00:05');
    expect(formatDate('2026-12-31T19:00:00Z')).toBe('1 January 2027');
  });

  it('reads a morning trade at its exchange time', () => {
    expect(formatDateTime('2026-05-31T03:04:00Z')).toBe('31 May 2026, 08:34');
    expect(formatDateTime(new Date('2026-01-05T03:45:00Z'))).toBe('5 Jan 2026, 09:15');
  });

  it('gives a calendar day its own date, with or without the year', () => {
    expect(formatDayMonth('2026-03-05')).toBe('5 Mar');
    expect(formatDayMonth('2026-03-05', { year: true })).toBe('5 Mar 2026');
    expect(formatDayMonth('2026-09-30T20:00:00+05:30')).toBe('30 Sept');
  });
});

describe('holding time', () => {
  const min = 60_000;
  const hour = 60 * min;
  const day = 24 * hour;
  it('reads a scalp, an intraday trade and a swing as a trader would say them', () => {
    expect(formatDuration(40_000)).toBe('Under a minute');
    expect(formatDuration(45 * min + 59_000)).toBe('45 min');
    // 09:30 to 12:50 IST.
    expect(formatDuration(3 * hour + 20 * min)).toBe('3 h 20 min');
    expect(formatDuration(2 * hour)).toBe('2 h');
    expect(formatDuration(2 * day + 3 * hour + 10 * min)).toBe('2 days 3 h');
    expect(formatDuration(day)).toBe('1 day');
  });

  it('counts a long holding in days only', () => {
    // Bought 1 April, sold 16 May: 45 days and some hours.
    expect(formatDuration(45 * day + 6 * hour)).toBe('45 days');
  });
});
