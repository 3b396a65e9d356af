import { describe, expect, it } from 'vitest';
import { toIstTimestamp } from './ist-time';

describe('toIstTimestamp', () => {
  it('rewrites a UTC instant from the database in India time', () => {
    // 04:52:33 UTC is 10:22:33 IST.
    expect(toIstTimestamp('2025-06-09T04:52:33+00:00')).toBe('2025-06-09T10:22:33+05:30');
  });

  it('moves the day when UTC evening is already the next day in India', () => {
    expect(toIstTimestamp('2026-08-03T19:00:00Z')).toBe('2026-08-04T00:30:00+05:30');
  });

  it('keeps an IST value as it is', () => {
    expect(toIstTimestamp('2026-08-03T09:15:00+05:30')).toBe('2026-08-03T09:15:00+05:30');
  });

  it('refuses a value that is not a date', () => {
    expect(() => toIstTimestamp('yesterday')).toThrow("'yesterday' is not a date and time");
  });
});
