import { describe, expect, it } from 'vitest';
import { istTimestamp, normaliseExchange, normaliseSide, parseDate, parseNumber } from './normalise';

describe('normalisers', () => {
  it('reads sides as brokers write them', () => {
    expect(['BUY', 'B', 'Buy', ' sell ', 'S', 'Sold'].map(normaliseSide)).toEqual([
      'buy',
      'buy',
      'buy',
      'sell',
      'sell',
      'sell',
    ]);
    expect(normaliseSide('hold')).toBeNull();
  });

  it('stores the F&O venues as their exchange', () => {
    expect(['NFO', 'bfo', 'NSE_EQ', 'MCX'].map(normaliseExchange)).toEqual(['NSE', 'BSE', 'NSE', 'MCX']);
  });

  it('reads Indian-grouped and rupee-marked numbers, and nothing else', () => {
    expect(parseNumber('1,23,456.50')).toBe(123456.5);
    expect(parseNumber('₹ 67.5')).toBe(67.5);
    expect(parseNumber('450.000000')).toBe(450);
    expect(parseNumber('12abc')).toBeNull();
    expect(parseNumber('')).toBeNull();
  });

  it('reads dates day-first and rejects days that do not exist', () => {
    expect(['2025-06-09', '09-06-2025', '09/06/2025', '09-Jun-2025', '9 June 2025'].map(parseDate)).toEqual(
      Array(5).fill('2025-06-09'),
    );
    expect(parseDate('29-02-2024')).toBe('2024-02-29');
    expect(parseDate('29-02-2025')).toBeNull();
  });

  it('keeps exchange time as IST and converts times that carry an offset', () => {
    expect(istTimestamp('2025-06-09T10:22:33')).toBe('2025-06-09T10:22:33+05:30');
    expect(istTimestamp('09-06-2025', '2:05 PM')).toBe('2025-06-09T14:05:00+05:30');
    // 19:00 UTC on the 9th is 00:30 on the 10th in India: the trade belongs to the 10th.
    expect(istTimestamp('2025-06-09T19:00:00Z')).toBe('2025-06-10T00:30:00+05:30');
    expect(istTimestamp('2025-06-09T25:00:00')).toBeNull();
  });
});
