import type { Security } from '../import/funds';
import { type BrokerageRule, type BrokerProfile, DISCOUNT_BROKER } from './broker-profile';
import { type EstimateReason, mergeReasons, NO_REASONS } from './estimate-reasons';
import {
  chargeInPaise,
  chargeInPaiseToRupee,
  chargesInPaise,
  exactCharge,
  percentOfPaise,
  toPaise,
  toRupees,
} from './paise';
import {
  type AppliedRateSet,
  CHARGE_RATES,
  EXCHANGE_SEGMENTS,
  type Exchange,
  type RateOptions,
  type RateTable,
  rateSetOn,
  type Segment,
  type SegmentRates,
  segmentRates,
} from './rates';

export type Side = 'buy' | 'sell';

/** One side of a trade: the fills of one or more executed orders at one (average) price or premium. */
export interface ChargeLeg {
  side: Side;
  quantity: number;
  /** Price per share or unit; the premium per unit for options. */
  price: number;
  /** Executed orders behind this leg (default 1): brokerage is charged per executed order. */
  orders?: number;
  /** What was traded on the cash market, for STT (default a share): a fund's units pay less, or none. */
  security?: Security;
}

/**
 * An option exercised at expiry in the money (NSE exercises every in-the-money contract automatically). The holder
 * pays STT on its intrinsic value at the underlying's final settlement price, at the rate in force on that day (on
 * MCX, CTT of 0.0001% on the settlement value instead); an out-of-the-money option expires worthless and pays none.
 * Exercise is not a trade: no brokerage, exchange charge or stamp duty is added here.
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
  /**
   * True when a rate used was not sourced for the trade date: a date outside the rate table (charged at the nearest
   * rates), a period no source covers, or stamp duty before 1 Jul 2020 without the trader's state. `estimateCharges`
   * always sets it; it is optional only so that sums of notes built elsewhere need not carry it.
   */
  estimated?: boolean;
  /** Why, when `estimated`: what was assumed (describeEstimate says it in words). */
  estimates?: readonly EstimateReason[];
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

/**
 * The value an exercise is taxed on, in paise: the intrinsic value at settlement ((settlement − strike) for a call,
 * the reverse for a put) for STT, the settlement value for CTT; nothing for an option that expires out of the money.
 */
function exercisedPaise(exercise: OptionExercise, on: SegmentRates['exerciseOn']): number {
  const { optionType, strike, settlementPrice, quantity } = exercise;
  const perUnit = (toPaise(settlementPrice) - toPaise(strike)) * (optionType === 'CE' ? 1 : -1);
  if (perUnit <= 0) return 0;
  return Math.round(quantity * (on === 'settlement' ? toPaise(settlementPrice) : perUnit));
}

/** Refuses an exchange or segment the tables do not know, with MCX's own message for equity. */
function checkMarket(exchange: Exchange, segment: Segment): void {
  const segments: readonly string[] | undefined = EXCHANGE_SEGMENTS[exchange];
  if (!segments) throw new RangeError(`Unknown exchange "${exchange}": NSE, BSE or MCX.`);
  if (!segments.includes(segment)) {
    throw new RangeError(
      exchange === 'MCX'
        ? 'MCX trades commodity futures and options only.'
        : `Unknown segment "${segment}": equity-delivery, equity-intraday, futures or options.`,
    );
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

/** A note's charges in integer paise, each rounded as a contract note rounds it, with its STT before rounding. */
export interface NoteInPaise {
  turnover: number;
  brokerage: number;
  /** STT before its rounding to the rupee, in exactCharge's units (EXACT_UNITS_PER_PAISA make a paisa). */
  sttExact: bigint;
  stt: number;
  transaction: number;
  sebi: number;
  stamp: number;
  gst: number;
  ipft: number;
  total: number;
  estimated: boolean;
  /** Why, when `estimated`. */
  estimates: readonly EstimateReason[];
}

const NO_EXERCISES: readonly OptionExercise[] = [];

/**
 * One contract note's charges at a rate set already looked up (`rateSetOn`): the work `estimateCharges` does, for
 * callers that charge many notes of the same days. Throws a RangeError naming a bad leg, market or exercise.
 */
export function chargeNoteInPaise(
  trade: Omit<ChargeableTrade, 'tradeDate'>,
  profile: BrokerProfile,
  rateSet: AppliedRateSet,
): NoteInPaise {
  const exercises = trade.exercises ?? NO_EXERCISES;
  checkMarket(trade.exchange, trade.segment);
  if (trade.legs.length === 0 && exercises.length === 0) {
    throw new RangeError('A trade needs at least one buy or sell to charge.');
  }
  if (exercises.length > 0 && trade.segment !== 'options') throw new RangeError('Only options are exercised.');
  for (const leg of trade.legs) checkLeg(leg);
  for (const exercise of exercises) checkExercise(exercise);

  const rates = segmentRates(rateSet, trade.exchange, trade.segment);
  if (!rates) throw new RangeError(`The rate table has no ${trade.segment} rates for ${trade.exchange}.`);
  const rule = profile.brokerage[trade.segment];

  let buyTurnover = 0;
  let sellTurnover = 0;
  // STT is on each side's turnover by what was traded: shares, units of equity-oriented funds, or other funds' units
  // (which pay none).
  let shareBuy = 0;
  let shareSell = 0;
  let fundBuy = 0;
  let fundSell = 0;
  let brokerage = 0;
  for (const leg of trade.legs) {
    const turnover = Math.round(leg.quantity * toPaise(leg.price));
    const buy = leg.side === 'buy';
    if (buy) buyTurnover += turnover;
    else sellTurnover += turnover;
    const security = leg.security ?? 'share';
    if (security === 'share') {
      if (buy) shareBuy += turnover;
      else shareSell += turnover;
    } else if (security === 'equity-fund') {
      if (buy) fundBuy += turnover;
      else fundSell += turnover;
    }
    brokerage += brokerageInPaise(rule, turnover, leg.orders ?? 1);
  }
  const turnover = buyTurnover + sellTurnover;

  let exercised = 0;
  for (const exercise of exercises) exercised += exercisedPaise(exercise, rates.exerciseOn);
  // One STT line per note: premium and exercise STT are added before the rounding to the rupee.
  // Most notes hold no fund units: three terms, as before there were any.
  const sttTerms: (readonly [number, number])[] =
    fundBuy === 0 && fundSell === 0
      ? [
          [shareBuy, rates.sttBuy],
          [shareSell, rates.sttSell],
          [exercised, rates.sttExercise],
        ]
      : [
          [shareBuy, rates.sttBuy],
          [shareSell, rates.sttSell],
          [fundBuy, rates.sttFundBuy ?? rates.sttBuy],
          [fundSell, rates.sttFundSell ?? rates.sttSell],
          [exercised, rates.sttExercise],
        ];
  const stt = chargeInPaiseToRupee(...sttTerms);
  const transaction = chargeInPaise(turnover, rates.transaction);
  const sebi = chargeInPaise(turnover, rateSet.sebiFee);
  const ipft = chargeInPaise(turnover, rates.ipft);
  // Stamp duty is one line per note: before 1 Jul 2020 on both sides, and some states capped it per day.
  const stampExact = chargesInPaise([buyTurnover, rates.stampBuy], [sellTurnover, rates.stampSell]);
  const stamp = rates.stampCapPerNote === undefined ? stampExact : Math.min(stampExact, toPaise(rates.stampCapPerNote));
  const gst = percentOfPaise(brokerage + transaction + sebi, rateSet.gstPercent);
  return {
    turnover,
    brokerage,
    sttExact: exactCharge(...sttTerms),
    stt,
    transaction,
    sebi,
    stamp,
    gst,
    ipft,
    total: brokerage + stt + transaction + sebi + stamp + gst + ipft,
    estimated: rateSet.estimated || rates.estimated === true,
    estimates: mergeReasons(rateSet.estimates, rates.estimates ?? NO_REASONS),
  };
}

/**
 * Estimates a contract note's charges at the rates in force on the trade date (and, before 1 Jul 2020, the trader's
 * state: `options.state`, default Maharashtra, marked estimated when not given). A date outside the rate table is
 * charged at the nearest rates and marked estimated.
 * Computed in integer paise: each charge is rounded once on the note's turnover (STT to the rupee, the rest to the
 * paisa, half up), brokerage per leg, and GST on the rounded brokerage + transaction charge + SEBI fee.
 */
export function estimateCharges(
  trade: ChargeableTrade,
  profile: BrokerProfile = DISCOUNT_BROKER,
  table: RateTable = CHARGE_RATES,
  options: RateOptions = {},
): ChargeBreakdown & { estimated: boolean; estimates: readonly EstimateReason[] } {
  // The market is checked before the date is looked up, so MCX equity is named as such.
  checkMarket(trade.exchange, trade.segment);
  const note = chargeNoteInPaise(trade, profile, rateSetOn(trade.tradeDate, table, options));
  return {
    turnover: toRupees(note.turnover),
    brokerage: toRupees(note.brokerage),
    stt: toRupees(note.stt),
    transaction: toRupees(note.transaction),
    sebi: toRupees(note.sebi),
    stamp: toRupees(note.stamp),
    gst: toRupees(note.gst),
    ipft: toRupees(note.ipft),
    total: toRupees(note.total),
    estimated: note.estimated,
    estimates: note.estimates,
  };
}
