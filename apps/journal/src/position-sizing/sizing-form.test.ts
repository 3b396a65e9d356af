import type { PositionSizingValues } from '@bahi/ui';
import { describe, expect, it } from 'vitest';
import { applySizingChange, computeSizing, newSizingValues } from './sizing-form';

const equity: PositionSizingValues = {
  ...newSizingValues('2026-11-21'),
  capital: '2,50,000',
  riskPercent: '1',
  entry: '67.50',
  stop: '65',
  target: '72.50',
};

describe('computeSizing', () => {
  it('sizes an equity long: ₹2,500 at risk ÷ ₹2.50 a share = 1,000 shares', () => {
    expect(computeSizing(equity)).toEqual({
      errors: {},
      result: {
        quantity: 1000,
        lots: undefined,
        lotSize: undefined,
        riskBudget: 2500,
        risk: 2500,
        riskPerUnit: 2.5,
        positionValue: 67500,
        // (72.50 − 67.50) ÷ 2.50 = 2 R; 1,000 × ₹5 = ₹5,000.
        rewardToRisk: 2,
        reward: 5000,
        warnings: [],
      },
    });
  });

  it('sizes NIFTY options in whole lots of 65 and reports the risk after rounding down', () => {
    const fno = applySizingChange(equity, {
      ...equity,
      market: 'fno',
      lotSize: '',
      underlying: 'NIFTY',
      expiry: '2026-11-24',
      capital: '500000',
      entry: '112.40',
      stop: '92',
      target: '',
    });
    expect(fno.lotSize).toBe('65');
    // Budget ₹5,000; a lot risks 20.40 × 65 = ₹1,326; 3 lots (₹3,978), 195 units, premium 195 × 112.40 = ₹21,918.
    expect(computeSizing(fno).result).toMatchObject({
      lots: 3,
      lotSize: 65,
      quantity: 195,
      riskBudget: 5000,
      risk: 3978,
      positionValue: 21918,
    });
  });

  it('puts a stop on the wrong side of entry on the stop field', () => {
    expect(computeSizing({ ...equity, stop: '70', target: '' })).toEqual({
      errors: { stop: "A stop on the wrong side of entry: a long's stop must be below entry." },
    });
    // The same prices are a valid short.
    expect(computeSizing({ ...equity, side: 'short', stop: '70', target: '' }).result?.quantity).toBe(1000);
  });

  it('shows nothing until the required inputs are there, and flags what is not a number', () => {
    expect(computeSizing({ ...equity, stop: '' })).toEqual({ errors: {} });
    expect(computeSizing({ ...equity, capital: 'two lakh' })).toEqual({ errors: { capital: 'Enter a number.' } });
    expect(computeSizing({ ...equity, riskPercent: '0' }).errors).toEqual({
      riskPercent: 'Risk % must be more than zero.',
    });
  });

  it('asks for the lot size of an underlying the table does not know', () => {
    const stock = applySizingChange(equity, { ...equity, market: 'fno', underlying: 'RELIANCE', lotSize: '' });
    expect(computeSizing(stock).errors).toEqual({
      lotSize: 'Enter the lot size: the table does not know this underlying.',
    });
  });
});
