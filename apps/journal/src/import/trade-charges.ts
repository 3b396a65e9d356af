// The charges of an imported trade: the broker's own figures when the file carries them (Dhan), otherwise an
// estimate from the dated rate tables and the user's broker profile, one contract note per IST trading day.
import { type ChargeBreakdown, type ChargeLeg, estimateCharges, type MatchedTrade } from '@bahi/trading';
import { type ChargeProfile, dpChargePaise } from '../broker-profile';

export interface TradeCharges {
  charges: number;
  breakdown: (Omit<ChargeBreakdown, 'turnover'> & { dp: number }) | null;
  source: 'broker' | 'estimated';
}

const FIELDS = ['brokerage', 'stt', 'transaction', 'sebi', 'stamp', 'gst', 'ipft', 'dp', 'total'] as const;

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
  const paise = Object.fromEntries(FIELDS.map((f) => [f, 0])) as Record<(typeof FIELDS)[number], number>;
  for (const [day, dayLegs] of days) {
    const legs = [...dayLegs.values()];
    const note = estimateCharges({ exchange: trade.exchange, segment, tradeDate: day, legs }, broker.profile);
    for (const f of FIELDS) if (f !== 'dp') paise[f] += Math.round(note[f] * 100);
    // A delivery sell's depository charge, with its GST, once for the day's contract note.
    const dp = dpChargePaise(
      segment,
      legs.some((l) => l.side === 'sell'),
      broker.dpChargePerSell,
    );
    paise.dp += dp.dp;
    paise.gst += dp.gst;
    paise.total += dp.dp + dp.gst;
  }
  const rupees = Object.fromEntries(FIELDS.map((f) => [f, paise[f] / 100])) as NonNullable<TradeCharges['breakdown']>;
  return { charges: rupees.total, breakdown: rupees, source: 'estimated' };
}
