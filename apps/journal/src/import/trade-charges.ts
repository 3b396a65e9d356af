// The charges of an imported trade: the broker's own figures when the file carries them (Dhan), otherwise an
// estimate from the dated rate tables and the user's broker profile, one contract note per IST trading day.
import type { ChargeLeg, MatchedTrade } from '@bahi/trading';
import { type ChargeProfile, contractNotes, type TradeChargeBreakdown } from '../broker-profile';

export interface TradeCharges {
  charges: number;
  breakdown: Omit<TradeChargeBreakdown, 'turnover'> | null;
  source: 'broker' | 'estimated';
}

export function tradeCharges(trade: MatchedTrade, broker: ChargeProfile): TradeCharges {
  if (trade.fees !== null) return { charges: trade.fees, breakdown: null, source: 'broker' };
  if (trade.exchange === 'MCX') return { charges: 0, breakdown: null, source: 'estimated' };
  const segment =
    trade.segment === 'equity' ? (trade.product === 'intraday' ? 'equity-intraday' : 'equity-delivery') : trade.segment;
  // One leg per executed order and side, per IST day: brokerage is per order, a contract note per day.
  const days = new Map<string, Map<string, ChargeLeg>>();
  trade.executions.forEach((e, i) => {
    const day = e.fill.executedAt.slice(0, 10);
    let legs = days.get(day);
    if (!legs) {
      legs = new Map();
      days.set(day, legs);
    }
    const key = `${e.fill.side}|${e.fill.orderId ?? `fill-${i}`}`;
    const leg = legs.get(key);
    if (leg) {
      const quantity = leg.quantity + e.quantity;
      legs.set(key, { ...leg, quantity, price: (leg.price * leg.quantity + e.fill.price * e.quantity) / quantity });
    } else legs.set(key, { side: e.fill.side, quantity: e.quantity, price: e.fill.price });
  });
  const breakdown = contractNotes(
    trade.exchange,
    segment,
    [...days].map(([date, legs]) => ({ date, legs: [...legs.values()] })),
    broker,
  );
  const { turnover: _turnover, ...charges } = breakdown;
  return { charges: breakdown.total, breakdown: charges, source: 'estimated' };
}
