// The statutory and exchange rates in force on a trade date, assembled from the dated rows in ./schedules: STT and CTT,
// exchange transaction charges, NSE's IPFT levy, stamp duty (state-wise before 1 Jul 2020), SEBI's fee and GST.
// Every row carries its source; a date outside the rows, or a row with no source, makes the estimate "estimated", and
// says why (estimate-reasons.ts).
import { type EstimateReason, mergeReasons, NO_REASONS, type RateLine } from './estimate-reasons';
import type { PerCrore } from './paise';
import { ZERODHA_DP_CHARGES } from './schedules/dp-charges';
import { IPFT, TRANSACTION_CHARGES } from './schedules/exchange-charges';
import { GST_PERCENT, SEBI_FEE } from './schedules/fees';
import { STATE_STAMP_DUTY, stampDutySchedules } from './schedules/stamp-duty';
import { DEFAULT_STATE, INDIAN_STATES, type IndianStateCode, isIndianStateCode } from './schedules/states';
import { CTT, STT, type TransactionTax } from './schedules/taxes';
import {
  type CommoditySegment,
  EXCHANGE_SEGMENTS,
  EXCHANGES,
  type Exchange,
  type Schedule,
  type Segment,
  type SegmentOf,
} from './schedules/types';
import { kolkataDate } from './trade-date';

export { DEFAULT_STATE, INDIAN_STATES, type IndianState, type IndianStateCode } from './schedules/states';
export type { TransactionTax } from './schedules/taxes';
export {
  COMMODITY_SEGMENTS,
  type CommoditySegment,
  type Evidence,
  EXCHANGE_SEGMENTS,
  EXCHANGES,
  type Exchange,
  type RateRow,
  type Schedule,
  SEGMENTS,
  type Segment,
  type SegmentOf,
} from './schedules/types';

/** Statutory rates for one exchange and segment, each in rupees per crore of turnover (premium turnover for options). */
export interface SegmentRates {
  sttBuy: PerCrore;
  sttSell: PerCrore;
  /** STT on a unit of an equity-oriented fund, each side (the cash market; a share's rates where absent). */
  sttFundBuy?: PerCrore;
  sttFundSell?: PerCrore;
  /** STT (CTT on MCX) on an exercised option; 0 where it does not apply. */
  sttExercise: PerCrore;
  /** What `sttExercise` is charged on: the intrinsic value (STT) or the settlement value (CTT). Default intrinsic. */
  exerciseOn?: 'intrinsic' | 'settlement';
  /** Exchange transaction charge, each side. */
  transaction: PerCrore;
  /** Investor Protection Fund Trust levy, each side. */
  ipft: PerCrore;
  /** Stamp duty on the buy side. */
  stampBuy: PerCrore;
  /** Stamp duty on the sell side: charged until 30 Jun 2020, when states charged both sides. */
  stampSell: PerCrore;
  /** The most stamp duty one contract note pays, in rupees (some states capped it per day); none when absent. */
  stampCapPerNote?: number;
  /** True when a rate here had no source for the date (carried over from the nearest sourced one). */
  estimated?: boolean;
  /** Why, when `estimated`. */
  estimates?: readonly EstimateReason[];
}

/** One value per exchange and each segment it trades. */
export type PerSegment<T> = { readonly [E in Exchange]: Readonly<Record<SegmentOf<E>, T>> };

/** Rates by exchange and segment: NSE and BSE trade all four segments, MCX commodity futures and options only. */
export type ExchangeRates = PerSegment<SegmentRates>;

/**
 * The stamp-duty fields of SegmentRates, which before 1 Jul 2020 depend on the trader's state; `estimated` is the
 * segment's as a whole under that state.
 */
export type StampRates = Pick<SegmentRates, 'stampBuy' | 'stampSell' | 'stampCapPerNote' | 'estimated' | 'estimates'>;

export interface RateSet {
  /** First trade date (YYYY-MM-DD, Asia/Kolkata) on which these rates apply; they hold until the next set. */
  effectiveFrom: string;
  /** SEBI turnover fee, every segment (non-agricultural commodities on MCX). */
  sebiFee: PerCrore;
  /** GST as a whole percentage of brokerage + transaction charges + SEBI fee. */
  gstPercent: number;
  rates: ExchangeRates;
  /**
   * Stamp duty by the trader's state where it differs by state (before 1 Jul 2020); `rates` then holds the default
   * state's (Maharashtra's). `rateSetOn` applies the state asked for.
   */
  stampByState?: Readonly<Record<IndianStateCode, PerSegment<StampRates>>>;
  /**
   * True when the date lies outside the table (the nearest rates are used), when the SEBI fee or GST had no source
   * for it, or when stamp duty depends on a state that was not given.
   */
  estimated?: boolean;
  /** Why, when `estimated` (the set's own reasons; each segment adds its own in SegmentRates). */
  estimates?: readonly EstimateReason[];
}

export type RateTable = readonly RateSet[];

export interface RateOptions {
  /** The trader's state of residence, for stamp duty before 1 Jul 2020. Default: DEFAULT_STATE, marked estimated. */
  state?: IndianStateCode;
}

/** Every dated row the rate sets are assembled from, by component, each with its source. */
export const CHARGE_SCHEDULES = {
  stt: STT,
  ctt: CTT,
  transaction: TRANSACTION_CHARGES,
  ipft: IPFT,
  stateStampDuty: STATE_STAMP_DUTY,
  stampDuty: stampDutySchedules,
  sebiFee: SEBI_FEE,
  gstPercent: GST_PERCENT,
  /** Zerodha's DP charge by date (per share and day, not per crore): where a trader's own does not apply. */
  dp: ZERODHA_DP_CHARGES,
} as const;

interface InForce {
  value: number;
  capPerNote: number | undefined;
  estimated: boolean;
  /** Before the first row: its date. */
  before?: string;
  /** A row without a source: when the next row starts (none when it is the last). */
  unsourcedUntil?: string | null;
}

/** The row in force on a date; before the first row, the first row, estimated. Rows without a source are estimated. */
function inForce(schedule: Schedule, date: string): InForce {
  let hit = schedule[0]!;
  let found = false;
  for (const row of schedule) {
    if (row.from <= date && (!found || row.from >= hit.from)) {
      hit = row;
      found = true;
    }
  }
  const unsourced = hit.evidence === 'unsourced';
  const next = unsourced ? schedule.find((row) => row.from > hit.from) : undefined;
  return {
    value: hit.value,
    capPerNote: hit.capPerNote,
    estimated: !found || unsourced,
    ...(found ? {} : { before: hit.from }),
    ...(unsourced ? { unsourcedUntil: next?.from ?? null } : {}),
  };
}

/** Why a row in force is estimated, for a line of a market (the market left out for note-wide lines). */
function reasonsOf(row: InForce, line: RateLine, exchange?: Exchange, segment?: Segment): EstimateReason[] {
  const reasons: EstimateReason[] = [];
  if (row.before !== undefined) reasons.push({ kind: 'before-tables', from: row.before });
  if (row.unsourcedUntil !== undefined) {
    reasons.push({
      kind: 'unsourced-rate',
      line,
      ...(exchange ? { exchange } : {}),
      ...(segment ? { segment } : {}),
      value: row.value,
      ...(row.unsourcedUntil ? { until: row.unsourcedUntil } : {}),
    });
  }
  return reasons;
}

/** Every exchange with each segment it trades. */
const PAIRS: ReadonlyArray<readonly [Exchange, Segment]> = EXCHANGES.flatMap((exchange) =>
  (EXCHANGE_SEGMENTS[exchange] as readonly Segment[]).map((segment) => [exchange, segment] as const),
);

function pick<T>(table: PerSegment<T>, exchange: Exchange, segment: Segment): T | undefined {
  return (table[exchange] as Partial<Record<Segment, T>> | undefined)?.[segment];
}

function perSegment<T>(make: (exchange: Exchange, segment: Segment) => T): PerSegment<T> {
  const table: Record<Exchange, Partial<Record<Segment, T>>> = { NSE: {}, BSE: {}, MCX: {} };
  for (const [exchange, segment] of PAIRS) table[exchange][segment] = make(exchange, segment);
  return table as unknown as PerSegment<T>;
}

/** STT on the stock exchanges, CTT on the commodity exchange: the same three lines of a contract note. */
function transactionTax(exchange: Exchange, segment: Segment): TransactionTax {
  return exchange === 'MCX' ? CTT[segment as CommoditySegment] : STT[segment];
}

/** A segment's rates other than stamp duty, and whether any had no source for the date. */
function linesOn(exchange: Exchange, segment: Segment, date: string) {
  const tax = transactionTax(exchange, segment);
  const lines = {
    sttBuy: inForce(tax.buy, date),
    sttSell: inForce(tax.sell, date),
    sttExercise: inForce(tax.exercise, date),
    transaction: inForce(pick(TRANSACTION_CHARGES, exchange, segment)!, date),
    ipft: inForce(pick(IPFT, exchange, segment)!, date),
  };
  const lineOf = {
    sttBuy: 'stt',
    sttSell: 'stt',
    sttExercise: 'stt',
    transaction: 'transaction',
    ipft: 'ipft',
  } as const;
  let estimates: readonly EstimateReason[] = NO_REASONS;
  for (const [key, row] of Object.entries(lines)) {
    estimates = mergeReasons(estimates, reasonsOf(row, lineOf[key as keyof typeof lines], exchange, segment));
  }
  // An equity-oriented fund's unit has its own rates where the Act gives them (delivery); a share's elsewhere.
  const fundBuy = tax.fundBuy ? inForce(tax.fundBuy, date).value : lines.sttBuy.value;
  const fundSell = tax.fundSell ? inForce(tax.fundSell, date).value : lines.sttSell.value;
  return {
    rates: {
      sttBuy: lines.sttBuy.value,
      sttSell: lines.sttSell.value,
      ...(segment === 'equity-delivery' || segment === 'equity-intraday'
        ? { sttFundBuy: fundBuy, sttFundSell: fundSell }
        : {}),
      sttExercise: lines.sttExercise.value,
      exerciseOn: tax.exerciseOn,
      transaction: lines.transaction.value,
      ipft: lines.ipft.value,
    },
    estimated: Object.values(lines).some((line) => line.estimated),
    estimates,
  };
}

function stampOn(exchange: Exchange, segment: Segment, state: IndianStateCode, date: string) {
  const schedules = stampDutySchedules(exchange, segment, state);
  const buy = inForce(schedules.buy, date);
  const sell = inForce(schedules.sell, date);
  const estimates: EstimateReason[] = [];
  if (buy.before !== undefined) estimates.push({ kind: 'before-tables', from: buy.before });
  // A state row is unsourced for one of two reasons: no schedule found for the state, or one that charged
  // commodities by quantity.
  if (buy.unsourcedUntil !== undefined || sell.unsourcedUntil !== undefined) {
    estimates.push(
      STATE_STAMP_DUTY[state] === undefined
        ? { kind: 'stamp-state-unpublished', state }
        : { kind: 'stamp-commodity-by-quantity', state },
    );
  }
  return {
    stampBuy: buy.value,
    stampSell: sell.value,
    stampCapPerNote: buy.capPerNote,
    estimated: buy.estimated || sell.estimated,
    estimates,
  };
}

const sameStamp = (a: StampRates, b: StampRates) =>
  a.stampBuy === b.stampBuy &&
  a.stampSell === b.stampSell &&
  a.stampCapPerNote === b.stampCapPerNote &&
  a.estimated === b.estimated;

/** The rate set in force on a date, assembled from the rows: the whole table is this function over change dates. */
function assemble(date: string): RateSet {
  const sebi = inForce(SEBI_FEE, date);
  const gst = inForce(GST_PERCENT, date);
  const lines = perSegment((exchange, segment) => linesOn(exchange, segment, date));
  // Each state's stamp duty; `estimated` covers the segment's other lines too, so a state's entry replaces them whole.
  const stampsOf = (state: IndianStateCode) =>
    perSegment((exchange, segment): StampRates => {
      const stamp = stampOn(exchange, segment, state, date);
      const other = pick(lines, exchange, segment)!;
      return {
        ...stamp,
        estimated: stamp.estimated || other.estimated,
        estimates: mergeReasons(other.estimates, stamp.estimates),
      };
    });
  const byState = Object.fromEntries(INDIAN_STATES.map(({ code }) => [code, stampsOf(code)])) as Record<
    IndianStateCode,
    PerSegment<StampRates>
  >;
  const base = byState[DEFAULT_STATE];
  const rates = perSegment((exchange, segment) => ({
    ...pick(lines, exchange, segment)!.rates,
    ...pick(base, exchange, segment)!,
  }));
  const varies = INDIAN_STATES.some(({ code }) =>
    PAIRS.some(
      ([exchange, segment]) => !sameStamp(pick(byState[code], exchange, segment)!, pick(base, exchange, segment)!),
    ),
  );
  const estimates = mergeReasons(reasonsOf(sebi, 'sebi'), reasonsOf(gst, 'gst'));
  return {
    effectiveFrom: date,
    sebiFee: sebi.value,
    gstPercent: gst.value,
    rates,
    ...(varies ? { stampByState: byState } : {}),
    ...(sebi.estimated || gst.estimated ? { estimated: true, estimates } : {}),
  };
}

function changeDates(): string[] {
  const schedules: Schedule[] = [SEBI_FEE, GST_PERCENT];
  for (const [exchange, segment] of PAIRS) {
    const tax = transactionTax(exchange, segment);
    schedules.push(
      tax.buy,
      tax.sell,
      tax.exercise,
      pick(TRANSACTION_CHARGES, exchange, segment)!,
      pick(IPFT, exchange, segment)!,
    );
    for (const { code } of INDIAN_STATES) {
      const stamp = stampDutySchedules(exchange, segment, code);
      schedules.push(stamp.buy, stamp.sell);
    }
  }
  return [...new Set(schedules.flatMap((schedule) => schedule.map((row) => row.from)))].sort();
}

/**
 * Indian statutory charges from 1 Apr 2018, one set per date on which any rate changed, oldest first, assembled from
 * CHARGE_SCHEDULES. To change a rate, add a dated row there with its source.
 */
export const CHARGE_RATES: RateTable = changeDates().map(assemble);

/** A segment's rates in a set, or undefined where the exchange does not trade it (MCX equity). */
export function segmentRates(set: RateSet, exchange: Exchange, segment: Segment): SegmentRates | undefined {
  return pick(set.rates, exchange, segment);
}

/**
 * The rate set in force on a trade date (YYYY-MM-DD, Asia/Kolkata, or an instant read in India time). A date before
 * the table's first set gets that set with `estimated: true`: a well-formed date is never refused.
 */
export function rateSetOn(
  tradeDate: string | Date,
  table: RateTable = CHARGE_RATES,
  options: RateOptions = {},
): AppliedRateSet {
  const date = kolkataDate(tradeDate);
  const { state } = options;
  if (state !== undefined && !isIndianStateCode(state)) {
    throw new RangeError(`Unknown state "${state}": use a code from INDIAN_STATES.`);
  }
  let found: RateSet | undefined;
  let first: RateSet | undefined;
  for (const set of table) {
    if (set.effectiveFrom <= date && (!found || set.effectiveFrom > found.effectiveFrom)) found = set;
    if (!first || set.effectiveFrom < first.effectiveFrom) first = set;
  }
  if (!first) throw new RangeError('The charge rate table is empty.');
  return applyState(found ?? first, state, !found);
}

/** A rate set as it applies to a trader: with their state's stamp duty, and every reason its rates are estimated. */
export type AppliedRateSet = RateSet & { estimated: boolean; estimates: readonly EstimateReason[] };

// rateSetOn runs once per contract note of an import: the set for each (set, state, outside) is built once.
const applied = new WeakMap<RateSet, Map<string, AppliedRateSet>>();

function applyState(set: RateSet, state: IndianStateCode | undefined, outside: boolean) {
  const key = `${state ?? ''}|${outside}`;
  let bySet = applied.get(set);
  const cached = bySet?.get(key);
  if (cached) return cached;
  const stamps = state === undefined ? undefined : set.stampByState?.[state];
  const stateUnset = set.stampByState !== undefined && state === undefined;
  const estimated = outside || set.estimated === true || stateUnset;
  const estimates: EstimateReason[] = [];
  if (outside) estimates.push({ kind: 'before-tables', from: set.effectiveFrom });
  if (stateUnset) estimates.push({ kind: 'stamp-state-unset' });
  const rates = stamps
    ? perSegment((exchange, segment) => ({
        ...pick(set.rates, exchange, segment)!,
        ...pick(stamps, exchange, segment)!,
      }))
    : set.rates;
  const result = { ...set, rates, estimated, estimates: mergeReasons(estimates, set.estimates ?? NO_REASONS) };
  if (!bySet) {
    bySet = new Map();
    applied.set(set, bySet);
  }
  bySet.set(key, result);
  return result;
}
