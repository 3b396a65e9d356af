import { describe, expect, it } from 'vitest';
import { decodeSymbol } from './symbols';

describe('decodeSymbol', () => {
  it('reads a monthly index option: underlying, month, strike and type; the day comes from expiry_date', () => {
    expect(decodeSymbol('NIFTY25DEC24500CE')).toEqual({
      segment: 'options',
      underlying: 'NIFTY',
      expiry: null,
      expiryMonth: '2025-12',
      strike: 24500,
      optionType: 'CE',
    });
    expect(decodeSymbol('BANKNIFTY26JAN52000PE')).toMatchObject({
      underlying: 'BANKNIFTY',
      expiryMonth: '2026-01',
      strike: 52000,
      optionType: 'PE',
    });
  });

  it('reads a stock future', () => {
    expect(decodeSymbol('RELIANCE26JANFUT')).toMatchObject({
      segment: 'futures',
      underlying: 'RELIANCE',
      expiryMonth: '2026-01',
      strike: null,
      optionType: null,
    });
  });

  it('keeps digits and symbols that belong to the underlying', () => {
    expect(decodeSymbol('NIFTYNXT5025DEC70000CE')).toMatchObject({ underlying: 'NIFTYNXT50', strike: 70000 });
    expect(decodeSymbol('M&M26JANFUT')).toMatchObject({ underlying: 'M&M', segment: 'futures' });
  });

  it('reads the full expiry date from a weekly option (YY, month code, DD)', () => {
    // 25 / 1 / 13 → 13 Jan 2025; O/N/D are October to December.
    expect(decodeSymbol('NIFTY2511324500CE')).toMatchObject({ expiry: '2025-01-13', strike: 24500, optionType: 'CE' });
    expect(decodeSymbol('NIFTY25D0924000PE')).toMatchObject({ expiry: '2025-12-09', strike: 24000, optionType: 'PE' });
  });

  it('treats a plain stock symbol as equity', () => {
    expect(decodeSymbol('SUZLON')).toMatchObject({ segment: 'equity', underlying: null, expiry: null });
  });
});
