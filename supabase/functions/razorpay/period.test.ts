import { describe, expect, it } from 'vitest';
import { addPeriod, extendEndDate } from './period.ts';

// Worked by hand. India time is UTC+05:30, so 00:00Z is 05:30 IST and 18:30Z is 00:00 IST the next day.
describe('addPeriod (calendar months in India time, end of month clamped)', () => {
  it.each<[string, 'month' | 'year', string]>([
    ['2026-11-21T10:00:00.000Z', 'month', '2026-12-21T10:00:00.000Z'],
    ['2026-11-21T10:00:00.000Z', 'year', '2027-11-21T10:00:00.000Z'],
    ['2026-12-15T00:00:00.000Z', 'month', '2027-01-15T00:00:00.000Z'], // over the new year
    ['2026-01-31T06:30:00.000Z', 'month', '2026-02-28T06:30:00.000Z'], // 31 Jan noon IST → 28 Feb noon IST
    ['2028-01-31T06:30:00.000Z', 'month', '2028-02-29T06:30:00.000Z'], // leap year
    ['2028-02-29T06:30:00.000Z', 'year', '2029-02-28T06:30:00.000Z'], // 29 Feb + 1 year
    ['2026-05-31T06:30:00.000Z', 'month', '2026-06-30T06:30:00.000Z'],
    // 30 Mar 20:00Z is 31 Mar 01:30 IST; + 1 month is 30 Apr 01:30 IST = 29 Apr 20:00Z.
    // (Counting in UTC would give 30 Apr 20:00Z, a day more than India's calendar allows.)
    ['2026-03-30T20:00:00.000Z', 'month', '2026-04-29T20:00:00.000Z'],
    // 31 Dec 18:30Z is 1 Jan 00:00 IST: + 1 month is 1 Feb 00:00 IST = 31 Jan 18:30Z.
    ['2026-12-31T18:30:00.000Z', 'month', '2027-01-31T18:30:00.000Z'],
  ])('%s + 1 %s = %s', (from, period, to) => {
    expect(addPeriod(new Date(from), period).toISOString()).toBe(to);
  });
});

describe('extendEndDate = max(now, current end) + period', () => {
  const now = new Date('2026-11-21T10:00:00.000Z');
  it.each<[string, string | null, 'month' | 'year', string]>([
    ['no subscription: from now', null, 'month', '2026-12-21T10:00:00.000Z'],
    ['running: from its end', '2026-12-05T00:00:00.000Z', 'month', '2027-01-05T00:00:00.000Z'],
    ['running, yearly', '2026-12-05T00:00:00.000Z', 'year', '2027-12-05T00:00:00.000Z'],
    ['ended: from now', '2026-11-01T00:00:00.000Z', 'month', '2026-12-21T10:00:00.000Z'],
    ['ending this very moment: from now', '2026-11-21T10:00:00.000Z', 'month', '2026-12-21T10:00:00.000Z'],
  ])('%s', (_name, end, period, expected) => {
    expect(extendEndDate(now, end ? new Date(end) : null, period).toISOString()).toBe(expected);
  });
});
