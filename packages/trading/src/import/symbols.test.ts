import { describe, expect, it } from 'vitest';
import { baseSymbol, decodeSymbol } from './symbols';

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

describe('baseSymbol', () => {
  it('drops an NSE series suffix: the share is the same in every series', () => {
    expect(
      ['IDEA-BE', 'SUZLON-BZ', 'RELIANCE-EQ', 'SBIN-BL', 'ABC-SM', 'XYZ-ST', 'TCS-IL', 'INFY-IQ', 'ITC-BT'].map(
        baseSymbol,
      ),
    ).toEqual(['IDEA', 'SUZLON', 'RELIANCE', 'SBIN', 'ABC', 'XYZ', 'TCS', 'INFY', 'ITC']);
    // Gold bonds and government securities: the symbol names the bond, the series is only its market.
    expect(baseSymbol('SGBAUG28V-GB')).toBe('SGBAUG28V');
    expect(baseSymbol('718GS2033-GS')).toBe('718GS2033');
  });

  it('keeps names whose hyphen or ampersand is part of them', () => {
    expect(['BAJAJ-AUTO', 'NAM-INDIA', 'MCDOWELL-N', 'M&M', 'J&KBANK', 'BAJAJ-AUTO-BE'].map(baseSymbol)).toEqual([
      'BAJAJ-AUTO',
      'NAM-INDIA',
      'MCDOWELL-N',
      'M&M',
      'J&KBANK',
      'BAJAJ-AUTO',
    ]);
  });

  it('keeps series that are other securities: partly paid shares, rights entitlements, bonds', () => {
    // E1: partly paid (its own ISIN); RE: rights entitlement; N1: one of a company's bond issues.
    expect(['RELIANCEPP-E1', 'AIRTEL-RE', 'NHAI-N1'].map(baseSymbol)).toEqual([
      'RELIANCEPP-E1',
      'AIRTEL-RE',
      'NHAI-N1',
    ]);
  });

  it('upper-cases and trims, and leaves a bare suffix alone', () => {
    expect(baseSymbol(' idea-be ')).toBe('IDEA');
    expect(baseSymbol('-BE')).toBe('-BE');
    expect(baseSymbol('BE')).toBe('BE');
  });
});
