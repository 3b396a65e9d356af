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

/**
 * An option exercised at expiry in the money (NSE exercises every in-the-money contract automatically). The holder
 * pays STT on its intrinsic value at the underlying's final settlement price, at the rate in force on that day;
 * an out-of-the-money option expires worthless and pays none. Exercise is not a trade: no brokerage, exchange
 * charge or stamp duty is added here.
 */
export interface OptionExercise {
  optionType: 'CE' | 'PE';
  strike: number;
  /** The underlying's final settlement price on expiry. */
  settlementPrice: number;
  /** Units exercised (lots × lot size). */
  quantity: number;
}

/** A round trip (a buy leg and a sell leg), a single side, or exercised options, all on one contract note. */
export interface ChargeableTrade {
  exchange: Exchange;
  segment: Segment;
  /** A YYYY-MM-DD exchange date, or an instant read in Asia/Kolkata. For an exercise, the expiry day. */
  tradeDate: string | Date;
  legs: readonly ChargeLeg[];
  /** Options exercised on this note (options only). */
  exercises?: readonly OptionExercise[];
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

function checkExercise(exercise: OptionExercise): void {
  if (!Number.isFinite(exercise.quantity) || exercise.quantity <= 0) {
    throw new RangeError(`Quantity must be more than zero (got ${exercise.quantity}).`);
  }
  for (const [what, value] of [
    ['Strike', exercise.strike],
    ['Settlement price', exercise.settlementPrice],
  ] as const) {
    if (!Number.isFinite(value) || value < 0) throw new RangeError(`${what} cannot be negative (got ${value}).`);
  }
}

/** Intrinsic value of an exercise at settlement, in paise: (settlement − strike) for a call, the reverse for a put. */
function intrinsicPaise({ optionType, strike, settlementPrice, quantity }: OptionExercise): number {
  const perUnit = (toPaise(settlementPrice) - toPaise(strike)) * (optionType === 'CE' ? 1 : -1);
  return perUnit > 0 ? Math.round(quantity * perUnit) : 0;
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
  const exercises = trade.exercises ?? [];
  if (trade.legs.length === 0 && exercises.length === 0) {
    throw new RangeError('A trade needs at least one buy or sell to charge.');
  }
  if (exercises.length > 0 && trade.segment !== 'options') throw new RangeError('Only options are exercised.');
  trade.legs.forEach(checkLeg);
  exercises.forEach(checkExercise);

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

  const exercised = exercises.reduce((sum, exercise) => sum + intrinsicPaise(exercise), 0);
  // One STT line per note: premium and exercise STT are added before the rounding to the rupee.
  const stt = chargeInPaiseToRupee(
    [buyTurnover, rates.sttBuy],
    [sellTurnover, rates.sttSell],
    [exercised, rates.sttExercise],
  );
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
