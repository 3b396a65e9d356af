import { describe, expect, it } from 'vitest';
import {
  dateOfDayNumber,
  dayNumber,
  istDay,
  istMinuteOfDay,
  parseDate,
  parseTimestamp,
  weekdayOfDayNumber,
} from './ist';

describe('ist', () => {
  it('parses timestamps with an offset or Z to the same instant as the spec says', () => {
    // 09:15 IST = 03:45 UTC
    const open = Date.UTC(2026, 10, 2, 3, 45);
    expect(parseTimestamp('2026-11-02T09:15:00+05:30')).toBe(open);
    expect(parseTimestamp('2026-11-02T09:15+05:30')).toBe(open);
    expect(parseTimestamp('2026-11-02 09:15:00+0530')).toBe(open);
    expect(parseTimestamp('2026-11-02T03:45:00Z')).toBe(open);
    expect(parseTimestamp('2026-11-02T03:45:00.250Z')).toBe(open + 250);
    expect(parseTimestamp('2026-11-01T22:15:00-05:30')).toBe(open);
  });

  it('rejects timestamps without an offset and malformed dates', () => {
    expect(() => parseTimestamp('2026-11-02T09:15:00')).toThrow(/with an offset/);
    expect(() => parseTimestamp('2026-11-02')).toThrow(RangeError);
    expect(() => parseTimestamp('2026-11-02T25:00:00Z')).toThrow(RangeError);
    expect(() => parseDate('02-11-2026')).toThrow('Expected a date as YYYY-MM-DD, got "02-11-2026"');
  });

  it('converts dates to day numbers and back', () => {
    expect(dayNumber(1970, 1, 1)).toBe(0);
    expect(dayNumber(2026, 11, 2)).toBe(Date.UTC(2026, 10, 2) / 86_400_000);
    for (const date of ['2024-02-29', '2000-03-01', '1999-12-31', '2026-11-30']) {
      expect(dateOfDayNumber(parseDate(date))).toBe(date);
    }
    expect(weekdayOfDayNumber(parseDate('2026-11-02'))).toBe(0); // Monday
    expect(weekdayOfDayNumber(parseDate('2026-11-01'))).toBe(6); // Sunday
  });

  it('reads the IST day and minute of an instant', () => {
    // 18:29:59Z is 23:59:59 IST the same day; 18:30Z is midnight IST the next day
    expect(dateOfDayNumber(istDay(Date.UTC(2026, 10, 1, 18, 29, 59)))).toBe('2026-11-01');
    expect(dateOfDayNumber(istDay(Date.UTC(2026, 10, 1, 18, 30)))).toBe('2026-11-02');
    expect(istMinuteOfDay(Date.UTC(2026, 10, 1, 18, 30))).toBe(0);
    expect(istMinuteOfDay(Date.UTC(2026, 10, 2, 3, 45))).toBe(555);
  });
});
