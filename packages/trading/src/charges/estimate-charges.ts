import { type BrokerageRule, type BrokerProfile, DISCOUNT_BROKER } from './broker-profile';
import { chargeInPaise, chargeInPaiseToRupee, percentOfPaise, toPaise, toRupees } from './paise';
import { CHARGE_RATES, type Exchange, type RateTable, rateSetOn, type Segment } from './rates';
import { kolkataDate } from './trade-date';

export type Side = 'buy' | 'sell';

/** One side of a trade: the fills of one or more executed orders at one (average) price or premium. */
export interface ChargeLeg {
  side: Side;
  quantity: number;
  /** Price per share or unit; the premium per unit for options. */
  price: number;
  /** Executed orders behind this leg (default 1): brokerage is charged per executed order. */
  orders?: number;
}

/** A round trip (a buy leg and a sell leg) or a single side, all on one contract note. */
export interface ChargeableTrade {
  exchange: Exchange;
  segment: Segment;
  /** A YYYY-MM-DD exchange date, or an instant read in Asia/Kolkata. */
  tradeDate: string | Date;
  legs: readonly ChargeLeg[];
}

/** Charges in rupees, each already rounded as a contract note rounds it. */
export interface ChargeBreakdown {
  turnover: number;
  brokerage: number;
  stt: number;
  transaction: number;
  sebi: number;
  stamp: number;
  gst: number;
  ipft: number;
  total: number;
}

function checkLeg(leg: ChargeLeg): void {
  if (!Number.isFinite(leg.quantity) || leg.quantity <= 0) {
    throw new RangeError(`Quantity must be more than zero (got ${leg.quantity}).`);
  }
  if (!Number.isFinite(leg.price) || leg.price < 0) {
    throw new RangeError(`Price cannot be negative (got ${leg.price}).`);
  }
  const orders = leg.orders ?? 1;
  if (!Number.isInteger(orders) || orders < 1) {
    throw new RangeError(`Executed orders must be a whole number of at least 1 (got ${orders}).`);
  }
}

// With several orders in one leg the split is unknown; an even split makes the per-order cap simply cap × orders.
function brokerageInPaise(rule: BrokerageRule, turnoverPaise: number, orders: number): number {
  switch (rule.kind) {
    case 'free':
      return 0;
    case 'flat':
      return toPaise(rule.perOrder) * orders;
    case 'percent-capped':
      return Math.min(chargeInPaise(turnoverPaise, rule.rate), toPaise(rule.capPerOrder) * orders);
  }
}

/**
 * Estimates a contract note's charges at the rates in force on the trade date.
 * Computed in integer paise: each charge is rounded once on the note's turnover (STT to the rupee, the rest to the
 * paisa, half up), brokerage per leg, and GST on the rounded brokerage + transaction charge + SEBI fee.
 */
export function estimateCharges(
  trade: ChargeableTrade,
  profile: BrokerProfile = DISCOUNT_BROKER,
  table: RateTable = CHARGE_RATES,
): ChargeBreakdown {
  if (trade.legs.length === 0) throw new RangeError('A trade needs at least one buy or sell to charge.');
  trade.legs.forEach(checkLeg);

  const rateSet = rateSetOn(kolkataDate(trade.tradeDate), table);
  const rates = rateSet.rates[trade.exchange][trade.segment];
  const rule = profile.brokerage[trade.segment];

  let buyTurnover = 0;
  let sellTurnover = 0;
  let brokerage = 0;
  for (const leg of trade.legs) {
    const turnover = Math.round(leg.quantity * toPaise(leg.price));
    if (leg.side === 'buy') buyTurnover += turnover;
    else sellTurnover += turnover;
    brokerage += brokerageInPaise(rule, turnover, leg.orders ?? 1);
  }
  const turnover = buyTurnover + sellTurnover;

  const stt = chargeInPaiseToRupee([buyTurnover, rates.sttBuy], [sellTurnover, rates.sttSell]);
  const transaction = chargeInPaise(turnover, rates.transaction);
  const sebi = chargeInPaise(turnover, rateSet.sebiFee);
  const ipft = chargeInPaise(turnover, rates.ipft);
  const stamp = chargeInPaise(buyTurnover, rates.stampBuy);
  const gst = percentOfPaise(brokerage + transaction + sebi, rateSet.gstPercent);
  const total = brokerage + stt + transaction + sebi + stamp + gst + ipft;

  return {
    turnover: toRupees(turnover),
    brokerage: toRupees(brokerage),
    stt: toRupees(stt),
    transaction: toRupees(transaction),
    sebi: toRupees(sebi),
    stamp: toRupees(stamp),
    gst: toRupees(gst),
    ipft: toRupees(ipft),
    total: toRupees(total),
  };
}
