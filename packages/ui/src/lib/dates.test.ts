import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatDayMonth } from './dates';

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
