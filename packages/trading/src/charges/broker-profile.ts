import type { PerCrore } from './paise';
import { percent } from './paise';
import type { Segment } from './rates';

/** How a broker charges one executed order. Amounts in rupees. */
export type BrokerageRule =
  | { kind: 'free' }
  | { kind: 'flat'; perOrder: number }
  /** A percentage of the order's turnover, capped at a flat amount per order ("0.03% or ₹20, whichever is lower"). */
  | { kind: 'percent-capped'; rate: PerCrore; capPerOrder: number };

export interface BrokerProfile {
  name: string;
  brokerage: Record<Segment, BrokerageRule>;
}

/** The common discount-broker schedule (Zerodha; the same cap at Upstox, Angel One, Groww, Dhan). */
export const DISCOUNT_BROKER: BrokerProfile = {
  name: 'Discount broker (Zerodha schedule)',
  brokerage: {
    'equity-delivery': { kind: 'free' },
    'equity-intraday': { kind: 'percent-capped', rate: percent(0.03), capPerOrder: 20 },
    futures: { kind: 'percent-capped', rate: percent(0.03), capPerOrder: 20 },
    options: { kind: 'flat', perOrder: 20 },
  },
};
