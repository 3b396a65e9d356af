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
  /** The first sale date (YYYY-MM-DD, IST) it applies to, e.g. the day the trader set it; every date when absent. */
  from?: string;
}

export interface BrokerProfile {
  name: string;
  brokerage: Record<Segment, BrokerageRule>;
  /** The trader's own DP charge. Where it does not apply (before its `from`, or when absent), Zerodha's by date. */
  dp?: DpCharge;
  /**
   * Why Zerodha's dated DP charge is an assumption for this trader where their own does not apply: they have no
   * broker profile ('no-profile'), or their broker is another ('other-broker'). A sale charged with it is estimated.
   */
  dpAssumed?: 'no-profile' | 'other-broker';
}

/**
 * The common discount-broker schedule (Zerodha; the same cap at Upstox, Angel One, Groww, Dhan), for a trader with no
 * broker profile: Zerodha's DP charge by date, marked as assumed.
 */
export const DISCOUNT_BROKER: BrokerProfile = {
  name: 'Discount broker (Zerodha schedule)',
  brokerage: {
    'equity-delivery': { kind: 'free' },
    'equity-intraday': { kind: 'percent-capped', rate: percent(0.03), capPerOrder: 20 },
    futures: { kind: 'percent-capped', rate: percent(0.03), capPerOrder: 20 },
    options: { kind: 'flat', perOrder: 20 },
  },
  dpAssumed: 'no-profile',
};
