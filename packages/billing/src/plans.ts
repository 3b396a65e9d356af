import { messages } from './messages';

/** The two plans a user can buy. Anything else is 'Invalid subscription plan'. */
export type PlanId = 'monthly' | 'yearly';

/** How long one payment for a plan buys. */
export type PlanPeriod = 'month' | 'year';

export interface Plan {
  id: PlanId;
  name: string;
  description: string;
  /** Price in whole rupees, as shown to the user (360, 3240). */
  amount: number;
  /** The same price in paise, as Razorpay charges it (36000, 324000). */
  amountPaise: number;
  currency: 'INR';
  period: PlanPeriod;
}

export const PLAN_IDS: readonly PlanId[] = ['monthly', 'yearly'];

export const PLANS: Readonly<Record<PlanId, Plan>> = Object.freeze({
  monthly: Object.freeze({
    id: 'monthly',
    name: 'Monthly',
    description: 'Billed monthly',
    amount: 360,
    amountPaise: 36_000,
    currency: 'INR',
    period: 'month',
  }),
  yearly: Object.freeze({
    id: 'yearly',
    name: 'Yearly',
    description: '25% off annual billing',
    amount: 3240,
    amountPaise: 324_000,
    currency: 'INR',
    period: 'year',
  }),
} satisfies Record<PlanId, Plan>);

/** Thrown by {@link getPlan} for an id other than monthly or yearly. */
export class InvalidPlanError extends Error {
  override readonly name = 'InvalidPlanError';
  constructor(readonly planId: unknown) {
    super(messages.invalidPlan);
  }
}

export function isPlanId(value: unknown): value is PlanId {
  return value === 'monthly' || value === 'yearly';
}

/** The plan with this id; throws {@link InvalidPlanError} ('Invalid subscription plan') otherwise. */
export function getPlan(id: unknown): Plan {
  if (!isPlanId(id)) throw new InvalidPlanError(id);
  return PLANS[id];
}

/** Rupees per month a plan works out to (yearly: 3240 / 12 = 270). */
export function monthlyEquivalent(plan: Plan): number {
  return plan.period === 'year' ? plan.amount / 12 : plan.amount;
}

/** Whole-percent saving of a plan against paying monthly for the same time (yearly: 25). */
export function savingsPercent(plan: Plan, monthly: Plan = PLANS.monthly): number {
  const fullPrice = monthly.amount * (plan.period === 'year' ? 12 : 1);
  return Math.round(((fullPrice - plan.amount) / fullPrice) * 100);
}
