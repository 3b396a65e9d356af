/**
 * Plans as the screens show them. The catalogue itself (names, prices in rupees and paise, the table the server's
 * prices are tested against) is billing's `PLANS`; this package does not depend on billing, so screens that
 * show prices take the catalogue as a `plans` prop and the app passes billing's `PLANS`. These types are the part
 * of a billing plan the screens read: billing's `PLANS` fits `PlanCatalog` as it is.
 */

import { formatINR } from '@bahi/trading';

/** The plans a user can buy. */
export type PlanId = 'monthly' | 'yearly';

/** A plan as the screens show it (a structural subset of billing's `Plan`). */
export interface PlanOnSale {
  id: PlanId;
  name: string;
  description: string;
  /** Price in whole rupees, as shown to the user. */
  amount: number;
  period: 'month' | 'year';
}

/** Every plan on sale by id: pass billing's `PLANS`. */
export type PlanCatalog = Readonly<Record<PlanId, PlanOnSale>>;

/** The plans in the order the screens show them: monthly, then yearly. */
export function plansOnSale(plans: PlanCatalog): readonly PlanOnSale[] {
  return [plans.monthly, plans.yearly];
}

/**
 * A price the product sets, as the spec states it: whole rupees without paise (₹360, ₹3,240, ₹270 a month); paise
 * only if a price ever has them. Every other amount is a figure, exact with paise (README, "Money").
 */
export function formatPrice(rupees: number): string {
  return formatINR(rupees, { paise: 'auto' });
}

/** Rupees per month a plan works out to (yearly ₹3,240: ₹270), as billing's `monthlyEquivalent`. */
export function monthlyEquivalent(plan: PlanOnSale): number {
  return plan.period === 'year' ? plan.amount / 12 : plan.amount;
}

/** Whole-percent saving of a plan against paying monthly for the same time, as billing's `savingsPercent`. */
export function savingsPercent(plan: PlanOnSale, monthly: PlanOnSale): number {
  const fullPrice = monthly.amount * (plan.period === 'year' ? 12 : 1);
  return Math.round(((fullPrice - plan.amount) / fullPrice) * 100);
}

/** Everything a plan includes, in traders' words (marketing copy, not billing data). */
export const planFeatures: string[] = [
  'Unlimited trades, with Zerodha, Dhan, Upstox and Angel One imports',
  'Calendar with daily, weekly and monthly net P&L',
  'Analytics by setup, time of day, weekday and emotion',
  'Playbooks, notebook and chart gallery',
  'Position sizing calculator for equity and F&O lots',
  'AI assistant that reviews your trades',
];
