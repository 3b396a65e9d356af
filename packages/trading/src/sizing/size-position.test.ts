import { describe, expect, it } from 'vitest';
import { type SizingInput, SizingInputError, sizePosition } from './size-position';

describe('sizePosition: shares', () => {
  it('sizes a long from the risk budget and reports reward-to-risk', () => {
    // budget 5,00,000 × 1% = 5,000; risk per share 2,950 − 2,920 = 30; quantity floor(5,000 ÷ 30 = 166.67) = 166
    // risk 166 × 30 = 4,980; value 166 × 2,950 = 4,89,700 (within capital); reward-to-risk (3,040 − 2,950) ÷ 30 = 3
    // reward 166 × 90 = 14,940
    expect(sizePosition({ capital: 500_000, riskPercent: 1, entry: 2950, stop: 2920, target: 3040 })).toEqual({
      side: 'long',
      quantity: 166,
      riskBudget: 5000,
      riskPerUnit: 30,
      risk: 4980,
      positionValue: 489_700,
      rewardToRisk: 3,
      reward: 14_940,
      warnings: [],
    });
  });

  it('takes a short from a target below entry', () => {
    // budget 2,00,000 × 0.5% = 1,000; risk per share 1,520 − 1,500 = 20; quantity 50
    // reward-to-risk (1,500 − 1,450) ÷ 20 = 2.5; value 50 × 1,500 = 75,000
    expect(sizePosition({ capital: 200_000, riskPercent: 0.5, entry: 1500, stop: 1520, target: 1450 })).toMatchObject({
      side: 'short',
      quantity: 50,
      risk: 1000,
      rewardToRisk: 2.5,
      reward: 2500,
      positionValue: 75_000,
    });
  });

  it('takes the side from the stop when there is no target', () => {
    // stop above entry: short; budget 1,000; 1,000 ÷ 20 = 50
    const sized = sizePosition({ capital: 100_000, riskPercent: 1, entry: 400, stop: 420 });
    expect(sized).toMatchObject({ side: 'short', quantity: 50 });
    expect(sized.rewardToRisk).toBeUndefined();
  });

  it('does not lose a share to float drift, and warns when the position exceeds capital', () => {
    // budget 1,00,000 × 1% = 1,000; risk per share 100.30 − 100.10 = 0.20 → 5,000 shares
    // (in binary floats 100.3 − 100.1 = 0.2000000000000028, which would floor to 4,999)
    // value 5,000 × 100.30 = 5,01,500 > 1,00,000
    const sized = sizePosition({ capital: 100_000, riskPercent: 1, entry: 100.3, stop: 100.1 });
    expect(sized.quantity).toBe(5000);
    expect(sized.warnings).toEqual([
      {
        code: 'exceeds-capital',
        message:
          "The position's value of ₹5,01,500.00 is more than the capital of ₹1,00,000.00: it needs margin or leverage.",
      },
    ]);
  });
});

describe('sizePosition: F&O lots', () => {
  it('sizes an option in whole lots on the premium', () => {
    // budget 2,00,000 × 2% = 4,000; risk per unit 120 − 95.50 = 24.50; per lot 24.50 × 65 = 1,592.50
    // lots floor(4,000 ÷ 1,592.50 = 2.51) = 2; quantity 130; risk 130 × 24.50 = 3,185; value 130 × 120 = 15,600
    expect(sizePosition({ capital: 200_000, riskPercent: 2, entry: 120, stop: 95.5, lotSize: 65 })).toMatchObject({
      side: 'long',
      lots: 2,
      quantity: 130,
      risk: 3185,
      positionValue: 15_600,
      warnings: [],
    });
  });

  it('warns that a future needs margin when its notional exceeds capital', () => {
    // budget 2,000; per lot (24,000 − 23,980) × 65 = 1,300; lots 1; value 65 × 24,000 = 15,60,000 > 2,00,000
    const sized = sizePosition({ capital: 200_000, riskPercent: 1, entry: 24_000, stop: 23_980, lotSize: 65 });
    expect(sized).toMatchObject({ lots: 1, quantity: 65, positionValue: 1_560_000 });
    expect(sized.warnings.map((warning) => warning.code)).toEqual(['exceeds-capital']);
  });

  it('warns when the budget does not cover one lot', () => {
    // budget 50,000 × 1% = 500; one lot risks (120 − 110) × 65 = 650 > 500 → 0 lots
    expect(sizePosition({ capital: 50_000, riskPercent: 1, entry: 120, stop: 110, lotSize: 65 })).toMatchObject({
      lots: 0,
      quantity: 0,
      risk: 0,
      warnings: [
        {
          code: 'below-one-unit',
          message: 'The risk budget of ₹500.00 is less than the risk on one lot of 65 (₹650.00).',
        },
      ],
    });
  });
});

describe('sizePosition: input errors', () => {
  const base: SizingInput = { capital: 100_000, riskPercent: 1, entry: 100, stop: 95 };
  it.each<[Partial<SizingInput>, string]>([
    [{ stop: 100 }, 'Stop cannot equal entry: the risk per unit would be zero.'],
    [{ stop: 100.001 }, 'Stop cannot equal entry: the risk per unit would be zero.'], // the same paisa
    [{ stop: 105, target: 110 }, "A stop on the wrong side of entry: a long's stop must be below entry."],
    [{ stop: 95, side: 'short' }, "A stop on the wrong side of entry: a short's stop must be above entry."],
    [{ target: 90, side: 'long' }, "A target on the wrong side of entry: a long's target must be above entry."],
    [{ target: 100 }, 'Target cannot equal entry.'],
    [{ capital: 0 }, 'Capital must be more than zero.'],
    [{ capital: -5000 }, 'Capital must be more than zero.'],
    [{ riskPercent: 0 }, 'Risk % must be more than zero.'],
    [{ riskPercent: -1 }, 'Risk % must be more than zero.'],
    [{ riskPercent: 100.5 }, 'Risk % cannot be more than 100.'],
    [{ entry: 0 }, 'Entry must be more than zero.'],
    [{ lotSize: 0 }, 'Lot size must be a whole number more than zero.'],
    [{ lotSize: 12.5 }, 'Lot size must be a whole number more than zero.'],
  ])('refuses %o', (change, message) => {
    const attempt = () => sizePosition({ ...base, ...change });
    expect(attempt).toThrow(SizingInputError);
    expect(attempt).toThrow(message);
  });

  it('accepts a risk of exactly 100%', () => {
    // budget 1,00,000; risk per share 5 → 20,000 shares
    expect(sizePosition({ ...base, riskPercent: 100 }).quantity).toBe(20_000);
  });
});
