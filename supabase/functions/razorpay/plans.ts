// The server's price list. The price of an order comes from here, never from the request.
// It must match PLANS in @bahi/billing (plans.test.ts checks that); it is repeated here because an edge function
// is deployed on its own and imports nothing from the workspace.

export type PlanId = 'monthly' | 'yearly';
export type PlanPeriod = 'month' | 'year';

export interface ServerPlan {
  id: PlanId;
  /** Rupees, as the browser shows and sends it. */
  amount: number;
  /** Paise, as Razorpay charges it. */
  amountPaise: number;
  currency: 'INR';
  period: PlanPeriod;
}

export const SERVER_PLANS: Readonly<Record<PlanId, ServerPlan>> = Object.freeze({
  monthly: Object.freeze({ id: 'monthly', amount: 360, amountPaise: 36_000, currency: 'INR', period: 'month' }),
  yearly: Object.freeze({ id: 'yearly', amount: 3240, amountPaise: 324_000, currency: 'INR', period: 'year' }),
} satisfies Record<PlanId, ServerPlan>);

export function findPlan(id: unknown): ServerPlan | null {
  return id === 'monthly' || id === 'yearly' ? SERVER_PLANS[id] : null;
}
