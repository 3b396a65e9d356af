import { PLAN_IDS, PLANS, type Plan } from '@bahi/billing';

/**
 * The plans on sale, in the order the screens show them. Names, prices and descriptions are `@bahi/billing`'s
 * `PLANS`, the same table the server's prices are tested against, so no screen carries a price of its own.
 */
export const plansOnSale: readonly Plan[] = PLAN_IDS.map((id) => PLANS[id]);

/** Everything a plan includes, in traders' words (marketing copy, not billing data). */
export const planFeatures: string[] = [
  'Unlimited trades, with Zerodha, Dhan, Upstox and Angel One imports',
  'Calendar with daily, weekly and monthly net P&L',
  'Analytics by setup, time of day, weekday and emotion',
  'Playbooks, notebook and chart gallery',
  'Position sizing calculator for equity and F&O lots',
  'AI assistant that reviews your trades',
];
