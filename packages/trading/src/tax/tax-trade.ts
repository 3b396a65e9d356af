// A journal trade as the tax P&L reads it: its IST days, its values, its STT, and for a delivery sale the lots it
// came from (each entry fill, opening lot, bonus or demerger lot, with its acquisition day and cost) in the sale's
// units, after the corporate actions between (./import/corporate-actions.ts): a split or merger changes a lot's units,
// a demerger takes its percentage of the parent's cost. An opening lot whose buy date is not known has no acquisition
// day: its executedAt only placed it in FIFO order.
import { type AppliedAction, costShare, unitScale } from '../import/corporate-actions';
import { units } from '../import/units';
import { istDate, parseTimestamp } from '../time/ist';
import type { TaxLot, TaxTrade } from './types';

/** The fields of a stored trade the tax P&L needs, with its fills when it has them. */
export interface TaxSource {
  id: string;
  symbol: string;
  isin: string | null;
  exchange: 'NSE' | 'BSE' | 'MCX';
  segment: 'equity' | 'futures' | 'options';
  product: 'intraday' | 'delivery' | 'carry_forward';
  side: 'long' | 'short';
  status: 'open' | 'closed' | 'missing_cost';
  entryTime: string;
  exitTime: string | null;
  quantity: number;
  entryPrice: number | null;
  exitPrice: number | null;
  grossPnl: number | null;
  charges: number;
  chargesBreakdown: Record<string, number> | null;
  /** Corporate actions applied while the position was open. */
  adjustments: readonly AppliedAction[];
  /** The trade's stored fills; absent for a trade typed by hand. */
  executions?: readonly {
    side: 'buy' | 'sell';
    quantity: number;
    price: number;
    executedAt: string;
    kind: string;
    /** An opening lot whose buy date is not known. */
    dateUnknown?: boolean;
    /** The stored fill's id: names an undated lot (for the trader to date it). */
    fillId?: string;
  }[];
}

const day = (instant: string) => istDate(parseTimestamp(instant));
const round2 = (n: number) => Math.round(n * 100) / 100;

/**
 * The lots of a delivery sale, in its units (the parts of fills are stored in the fills' own units). A lot's cost is
 * its fill's, less what demergers took, at its cost per share due: a split's or merger's fraction, or the rounding of
 * a fill's part, leaves with its share of the cost (as the matcher credits whole shares).
 */
function lotsOf(t: TaxSource, sold: string): TaxLot[] {
  const entries = (t.executions ?? []).filter((e) => e.side === 'buy');
  if (entries.length === 0) {
    return [{ acquired: day(t.entryTime), quantity: t.quantity, cost: round2((t.entryPrice ?? 0) * t.quantity) }];
  }
  const whole = Number.isInteger(t.quantity);
  const lots = entries.map((e) => {
    // An undated lot was held by the day it is placed on: the actions after that day apply to it.
    const held = day(e.executedAt);
    const exact = units(e.quantity * unitScale(t.adjustments, held, sold));
    // A bonus share's price is 0; a demerger's new share carries its part of the parent's cost as its price.
    const cost = e.quantity * e.price * costShare(t.adjustments, held, sold);
    return {
      acquired: e.dateUnknown ? null : held,
      held,
      exact,
      quantity: whole ? Math.round(exact) : exact,
      cost,
      lot: e.dateUnknown ? (e.fillId ?? `${t.id}:${held}`) : undefined,
    };
  });
  // Rounding a split's units can leave the lots a share off the sale: the largest lot takes the difference.
  const off = units(t.quantity - lots.reduce((s, l) => s + l.quantity, 0));
  if (off !== 0) {
    const largest = lots.reduce((a, b) => (b.quantity > a.quantity ? b : a));
    largest.quantity = units(largest.quantity + off);
  }
  // Oldest first; undated lots (held before the history) first of all.
  const order = (l: TaxLot) => l.acquired ?? '';
  return lots
    .filter((l) => l.quantity > 0)
    .map((l): TaxLot => {
      const lot: TaxLot = {
        acquired: l.acquired,
        quantity: l.quantity,
        cost: round2(l.exact > 0 ? (l.cost * l.quantity) / l.exact : l.cost),
      };
      if (l.lot !== undefined) lot.lot = l.lot;
      return lot;
    })
    .sort((a, b) => (order(a) < order(b) ? -1 : order(a) > order(b) ? 1 : 0));
}

/** The trade for the tax P&L, or null while it is open (nothing is realised yet). */
export function taxTradeOf(t: TaxSource): TaxTrade | null {
  if (t.status === 'open' || t.exitTime === null || t.exitPrice === null) return null;
  const exitDate = day(t.exitTime);
  const entryValue = round2((t.entryPrice ?? 0) * t.quantity);
  const exitValue = round2(t.exitPrice * t.quantity);
  const delivery = t.segment === 'equity' && t.exchange !== 'MCX' && t.product === 'delivery';
  const lots = delivery && t.status === 'closed' ? lotsOf(t, exitDate) : [];
  const long = t.side === 'long';
  const buyValue = lots.length > 0 ? round2(lots.reduce((s, l) => s + l.cost, 0)) : long ? entryValue : exitValue;
  const stt = t.chargesBreakdown ? Number(t.chargesBreakdown.stt ?? 0) : null;
  return {
    id: t.id,
    symbol: t.symbol,
    isin: t.isin,
    exchange: t.exchange,
    segment: t.segment,
    product: t.product,
    side: t.side,
    status: t.status,
    entryDate: day(t.entryTime),
    exitDate,
    quantity: t.quantity,
    buyValue: t.status === 'missing_cost' ? 0 : buyValue,
    sellValue: long ? exitValue : entryValue,
    grossPnl: t.grossPnl,
    charges: t.charges,
    stt,
    lots,
  };
}
