import { describe, expect, it } from 'vitest';
import { type LotSizeTable, lotSize } from './lot-sizes';

describe('lotSize', () => {
  // INDIA.md: from January 2026 expiries NIFTY 65, BANKNIFTY 30, FINNIFTY 60, MIDCPNIFTY 120, NIFTYNXT50 25;
  // before: 75, 35, 65, 140, 25.
  it.each([
    ['NIFTY', 75, 65],
    ['BANKNIFTY', 35, 30],
    ['FINNIFTY', 65, 60],
    ['MIDCPNIFTY', 140, 120],
    ['NIFTYNXT50', 25, 25],
  ])('%s is %i for a December 2025 expiry and %i from January 2026', (underlying, before, after) => {
    expect(lotSize(underlying, '2025-12-30')).toBe(before);
    expect(lotSize(underlying, '2025-12-31')).toBe(before);
    expect(lotSize(underlying, '2026-01-06')).toBe(after);
    expect(lotSize(underlying, '2026-01-27')).toBe(after);
  });

  it('reads an expiry instant in Asia/Kolkata: 31 Dec 2025 20:00 UTC is 1 Jan 2026 01:30 IST', () => {
    expect(lotSize('NIFTY', new Date('2025-12-31T20:00:00Z'))).toBe(65);
    expect(lotSize('NIFTY', new Date('2025-12-31T18:00:00Z'))).toBe(75); // 23:30 IST
  });

  it('ignores case and surrounding spaces in the symbol', () => {
    expect(lotSize(' banknifty ', '2026-02-24')).toBe(30);
  });

  it('returns undefined for an underlying it does not know, so the caller asks', () => {
    expect(lotSize('RELIANCE', '2026-01-27')).toBeUndefined();
    expect(lotSize('SENSEX', '2026-01-27')).toBeUndefined();
  });

  it('returns undefined for an expiry before the earliest dated size of an underlying', () => {
    const table: LotSizeTable = [{ underlying: 'RELIANCE', lotSize: 500, fromExpiry: '2025-01-30' }];
    expect(lotSize('RELIANCE', '2025-01-29', table)).toBeUndefined();
    expect(lotSize('RELIANCE', '2025-01-30', table)).toBe(500);
  });

  it('refuses a malformed expiry', () => {
    expect(() => lotSize('NIFTY', '27-01-2026')).toThrow('Expiry "27-01-2026" is not a YYYY-MM-DD date.');
  });
});
