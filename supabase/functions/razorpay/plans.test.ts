import { PLANS } from '@bahi/billing';
import { describe, expect, it } from 'vitest';
import { findPlan, SERVER_PLANS } from './plans.ts';

describe('server plans', () => {
  it('match the plans the browser shows', () => {
    for (const plan of Object.values(PLANS)) {
      expect(SERVER_PLANS[plan.id]).toEqual({
        id: plan.id,
        amount: plan.amount,
        amountPaise: plan.amountPaise,
        currency: plan.currency,
        period: plan.period,
      });
    }
    expect(Object.keys(SERVER_PLANS).sort()).toEqual(Object.keys(PLANS).sort());
  });

  it('are ₹360 a month and ₹3,240 a year', () => {
    expect(findPlan('monthly')).toMatchObject({ amountPaise: 36_000, period: 'month' });
    expect(findPlan('yearly')).toMatchObject({ amountPaise: 324_000, period: 'year' });
    expect(findPlan('weekly')).toBeNull();
    expect(findPlan(undefined)).toBeNull();
  });
});
