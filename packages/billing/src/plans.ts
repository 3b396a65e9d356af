import { messages } from './messages.ts';

/** The two plans a user can buy. Anything else is 'Invalid subscription plan'. */
export type PlanId = 'monthly' | 'yearly';

/** How long one payment for a plan buys. */
export type PlanPeriod = 'month' | 'year';

/** A plan on sale. */
export interface Plan {
  /** The plan's id. */
  id: PlanId;
  /** The plan's name ('Monthly', 'Yearly'). */
  name: string;
  /** One line about the plan ('Billed monthly', '25% off annual billing'). */
  description: string;
  /** Price in whole rupees, as shown to the user (360, 3240). */
  amount: number;
  /** The same price in paise, as Razorpay charges it (36000, 324000). */
  amountPaise: number;
  /** Always INR. */
  currency: 'INR';
  /** How long one payment buys. */
  period: PlanPeriod;
}

/** The plan ids in the order to show them: monthly, then yearly. */
export const PLAN_IDS: readonly PlanId[] = ['monthly', 'yearly'];

/** The plans on sale by id: Monthly ₹360 a month, Yearly ₹3,240 a year. The server's prices are tested against this table. */
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
  /** Always 'InvalidPlanError'. */
  override readonly name = 'InvalidPlanError';
  /** The value that is not a plan id. */
  readonly planId: unknown;
  constructor(planId: unknown) {
    super(messages.invalidPlan);
    this.planId = planId;
  }
}

/** True for 'monthly' and 'yearly'. */
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
