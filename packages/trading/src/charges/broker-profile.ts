import type { PerCrore } from './paise';
import { percent } from './paise';
import type { Segment } from './rates';

/** How a broker charges one executed order. Amounts in rupees. */
export type BrokerageRule =
  | { kind: 'free' }
  | { kind: 'flat'; perOrder: number }
  /** A percentage of the order's turnover, capped at a flat amount per order ("0.03% or ₹20, whichever is lower"). */
  | { kind: 'percent-capped'; rate: PerCrore; capPerOrder: number };

/**
 * The depository (DP) charge on a delivery sale, once per share and day, as the broker's charges page states it:
 * Zerodha's "₹15.34 per scrip" already includes 18% GST (₹13 + ₹2.34); most others state it before GST.
 */
export interface DpCharge {
  amount: number;
  includesGst: boolean;
}

export interface BrokerProfile {
  name: string;
  brokerage: Record<Segment, BrokerageRule>;
  dp?: DpCharge;
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
  dp: { amount: 15.34, includesGst: true },
};
