import { describe, expect, it } from 'vitest';
import { messages } from './messages.ts';
import { getPlan, InvalidPlanError, isPlanId, monthlyEquivalent, PLAN_IDS, PLANS, savingsPercent } from './plans.ts';

describe('plans', () => {
  it('has exactly monthly and yearly', () => {
    expect(PLAN_IDS).toEqual(['monthly', 'yearly']);
    expect(Object.keys(PLANS).sort()).toEqual(['monthly', 'yearly']);
  });

  it('prices monthly at ₹360 and yearly at ₹3,240 (25% off annual billing)', () => {
    expect(PLANS.monthly).toEqual({
      id: 'monthly',
      name: 'Monthly',
      description: 'Billed monthly',
      amount: 360,
      amountPaise: 36_000,
      currency: 'INR',
      period: 'month',
    });
    expect(PLANS.yearly).toEqual({
      id: 'yearly',
      name: 'Yearly',
      description: '25% off annual billing',
      amount: 3240,
      amountPaise: 324_000,
      currency: 'INR',
      period: 'year',
    });
  });

  it('makes the 25% true: 12 × 360 = 4,320 and 4,320 × 0.75 = 3,240', () => {
    expect(savingsPercent(PLANS.yearly)).toBe(25);
    expect(savingsPercent(PLANS.monthly)).toBe(0);
    expect(monthlyEquivalent(PLANS.yearly)).toBe(270); // 3,240 / 12
    expect(monthlyEquivalent(PLANS.monthly)).toBe(360);
  });

  it('keeps amount and amountPaise in step', () => {
    for (const plan of Object.values(PLANS)) expect(plan.amountPaise).toBe(plan.amount * 100);
  });

  it('cannot be changed at run time', () => {
    expect(Object.isFrozen(PLANS)).toBe(true);
    expect(Object.isFrozen(PLANS.monthly)).toBe(true);
  });

  it.each(['monthly', 'yearly'])('getPlan(%s) returns the plan', (id) => {
    expect(getPlan(id).id).toBe(id);
    expect(isPlanId(id)).toBe(true);
  });

  it.each([['weekly'], ['Monthly'], [''], [undefined], [null], [360]])(
    "rejects %s with 'Invalid subscription plan'",
    (id) => {
      expect(isPlanId(id)).toBe(false);
      expect(() => getPlan(id)).toThrow(InvalidPlanError);
      expect(() => getPlan(id)).toThrow('Invalid subscription plan');
      expect(messages.invalidPlan).toBe('Invalid subscription plan');
    },
  );
});
