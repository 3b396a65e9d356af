import { describe, expect, it } from 'vitest';
import {
  dateOfDayNumber,
  dayNumber,
  dayNumberOf,
  formatIstTimestamp,
  isCalendarDate,
  isIsoDate,
  istDate,
  istDay,
  istMinuteOfDay,
  parseTimestamp,
  toIstTimestamp,
  weekdayOfDayNumber,
} from './ist';

describe('India time', () => {
  it('parses timestamps with an offset or Z to the same instant', () => {
    // 09:15 IST = 03:45 UTC
    const open = Date.UTC(2026, 10, 2, 3, 45);
    expect(parseTimestamp('2026-11-02T09:15:00+05:30')).toBe(open);
    expect(parseTimestamp('2026-11-02T09:15+05:30')).toBe(open);
    expect(parseTimestamp('2026-11-02 09:15:00+0530')).toBe(open);
    expect(parseTimestamp('2026-11-02T03:45:00Z')).toBe(open);
    expect(parseTimestamp('2026-11-02T03:45:00.250Z')).toBe(open + 250);
    expect(parseTimestamp('2026-11-01T22:15:00-05:30')).toBe(open);
  });

  it('rejects timestamps without an offset, impossible clocks and days that do not exist', () => {
    expect(() => parseTimestamp('2026-11-02T09:15:00')).toThrow(/with an offset/);
    expect(() => parseTimestamp('2026-11-02')).toThrow(RangeError);
    expect(() => parseTimestamp('2026-11-02T25:00:00Z')).toThrow(RangeError);
    expect(() => parseTimestamp('2026-11-02T09:15:61Z')).toThrow(RangeError);
    expect(() => parseTimestamp('2026-02-30T09:15:00+05:30')).toThrow(RangeError);
    expect(() => dayNumberOf('02-11-2026')).toThrow('Expected a date as YYYY-MM-DD, got "02-11-2026"');
    expect(() => dayNumberOf('2025-02-29')).toThrow(RangeError);
  });

  it('knows which days exist', () => {
    expect(isCalendarDate(2024, 2, 29)).toBe(true); // leap year
    expect(isCalendarDate(2025, 2, 29)).toBe(false);
    expect(isCalendarDate(1900, 2, 29)).toBe(false); // divisible by 100, not by 400
    expect(isCalendarDate(2000, 2, 29)).toBe(true);
    expect(isCalendarDate(2026, 4, 31)).toBe(false);
    expect(isCalendarDate(2026, 13, 1)).toBe(false);
    expect(isIsoDate('2026-04-30')).toBe(true);
    expect(isIsoDate('2026-4-30')).toBe(false);
  });

  it('converts dates to day numbers and back', () => {
    expect(dayNumber(1970, 1, 1)).toBe(0);
    expect(dayNumber(2026, 11, 2)).toBe(Date.UTC(2026, 10, 2) / 86_400_000);
    for (const date of ['2024-02-29', '2000-03-01', '1999-12-31', '2026-11-30']) {
      expect(dateOfDayNumber(dayNumberOf(date))).toBe(date);
    }
    expect(weekdayOfDayNumber(dayNumberOf('2026-11-02'))).toBe(0); // Monday
    expect(weekdayOfDayNumber(dayNumberOf('2026-11-01'))).toBe(6); // Sunday
  });

  it('reads the IST day, date, minute and wall clock of an instant', () => {
    // 18:29:59Z is 23:59:59 IST the same day; 18:30Z is midnight IST the next day
    expect(dateOfDayNumber(istDay(Date.UTC(2026, 10, 1, 18, 29, 59)))).toBe('2026-11-01');
    expect(istDate(Date.UTC(2026, 10, 1, 18, 30))).toBe('2026-11-02');
    expect(istMinuteOfDay(Date.UTC(2026, 10, 1, 18, 30))).toBe(0);
    expect(istMinuteOfDay(Date.UTC(2026, 10, 2, 3, 45))).toBe(555);
    expect(formatIstTimestamp(Date.UTC(2025, 5, 9, 19, 0, 0))).toBe('2025-06-10T00:30:00+05:30');
    expect(formatIstTimestamp(Date.UTC(2026, 2, 31, 18, 29, 59, 999))).toBe('2026-03-31T23:59:59+05:30');
  });
});

describe('toIstTimestamp', () => {
  it('rewrites a UTC instant from the database in India time', () => {
    // 04:52:33 UTC is 10:22:33 IST.
    expect(toIstTimestamp('2025-06-09T04:52:33+00:00')).toBe('2025-06-09T10:22:33+05:30');
  });

  it('moves the day when UTC evening is already the next day in India', () => {
    expect(toIstTimestamp('2026-08-03T19:00:00Z')).toBe('2026-08-04T00:30:00+05:30');
    expect(toIstTimestamp(new Date('2026-08-03T19:00:00Z'))).toBe('2026-08-04T00:30:00+05:30');
  });

  it('keeps an IST value as it is', () => {
    expect(toIstTimestamp('2026-08-03T09:15:00+05:30')).toBe('2026-08-03T09:15:00+05:30');
  });

  it('refuses a value that is not a date, a day that does not exist, and an invalid Date', () => {
    expect(() => toIstTimestamp('yesterday')).toThrow(RangeError);
    expect(() => toIstTimestamp('2026-02-30T10:00:00+05:30')).toThrow(RangeError);
    expect(() => toIstTimestamp(new Date('nope'))).toThrow(RangeError);
  });
});
