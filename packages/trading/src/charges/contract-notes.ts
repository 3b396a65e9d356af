// Charges of trades as contract notes add them up. A note covers one IST trading day on one exchange and market (cash
// or derivatives): every charge is worked out per trade and day at that day's rates, except STT, which brokers round
// to the rupee once per note. So the day's exact STT is summed over all its trades, rounded once, and shared back to
// the trades in proportion (largest remainder, to the paisa), so that the trades of a day add up to the note.
// A delivery sale also pays the depository (DP) charge once per share and day, with GST on it: the trader's own from
// the day they set it, Zerodha's by date before that.
import { securityOf } from '../import/funds';
import type { MatchedTrade, TradeExecution } from '../import/match';
import type { Fill } from '../import/types';
import { type BrokerProfile, DISCOUNT_BROKER, type DpCharge } from './broker-profile';
import { type ChargeLeg, chargeNoteInPaise, type NoteInPaise, type Side } from './estimate-charges';
import { type EstimateReason, mergeReasons, NO_REASONS } from './estimate-reasons';
import { EXACT_UNITS_PER_PAISA, toPaise } from './paise';
import { CHARGE_RATES, type Exchange, type IndianStateCode, type RateTable, rateSetOn, type Segment } from './rates';
import { type DpSchedule, ZERODHA_DP_CHARGES } from './schedules/dp-charges';

/** What the statistics and screens read of a trade's charges, in rupees; `dp` is the DP charge before its GST. */
export interface TradeChargeLines {
  brokerage: number;
  stt: number;
  transaction: number;
  sebi: number;
  stamp: number;
  gst: number;
  ipft: number;
  dp: number;
  total: number;
}

export interface TradeCharges {
  total: number;
  /** Null when the broker's own figure was used (it comes as one amount). */
  lines: TradeChargeLines | null;
  source: 'broker' | 'estimated';
  /** Turnover the estimate was made on, in rupees (0 for broker figures). */
  turnover: number;
  /**
   * Why some of its rates are assumed rather than known for its dates (describeEstimate says each in words): stamp
   * duty of a state not set, a date before the tables, a rate with no source, the DP charge of another broker. Empty
   * when none is.
   */
  estimatedRates: readonly EstimateReason[];
}

export interface ChargeSettings {
  profile?: BrokerProfile;
  table?: RateTable;
  /** The trader's state of residence, for stamp duty before 1 Jul 2020; unset uses DEFAULT_STATE, marked estimated. */
  state?: IndianStateCode;
  /** The dated DP charges where the profile's own does not apply; default ZERODHA_DP_CHARGES. */
  dpCharges?: DpSchedule;
}

/** One trade's legs on one day and exchange: the unit a contract note is made of. */
export interface NoteLegs {
  /** Index of the trade these legs belong to (in the caller's list). */
  trade: number;
  /** IST trade date, YYYY-MM-DD. */
  date: string;
  exchange: Exchange;
  segment: Segment;
  legs: ChargeLeg[];
  /** The share sold from a delivery holding that day, for the DP charge (once per share and day); null otherwise. */
  deliverySale: string | null;
  /** Whose account the note is in: notes, their STT rounding and the DP charge are per broker account. */
  broker?: string;
}

const LINES = ['brokerage', 'stt', 'transaction', 'sebi', 'stamp', 'gst', 'ipft', 'dp', 'total'] as const;
type Line = (typeof LINES)[number];

const zero = (): Record<Line, number> => ({
  brokerage: 0,
  stt: 0,
  transaction: 0,
  sebi: 0,
  stamp: 0,
  gst: 0,
  ipft: 0,
  dp: 0,
  total: 0,
});

/** Adds a note's lines to a trade's, with `stt` paise of the note's STT. */
function add(target: { lines: Record<Line, number>; turnover: number }, note: NoteInPaise, stt: number): void {
  const { lines } = target;
  lines.brokerage += note.brokerage;
  lines.transaction += note.transaction;
  lines.sebi += note.sebi;
  lines.stamp += note.stamp;
  lines.gst += note.gst;
  lines.ipft += note.ipft;
  lines.stt += stt;
  lines.total += note.total - note.stt + stt;
  target.turnover += note.turnover;
}

/** Notes are per day, exchange and market: equity cash apart from derivatives. */
export const noteKey = (n: Pick<NoteLegs, 'date' | 'exchange' | 'segment' | 'broker'>) =>
  `${n.broker ?? ''}|${n.date}|${n.exchange}|${n.segment === 'futures' || n.segment === 'options' ? 'fo' : 'cash'}`;

/** The note a fill is on (noteKey of its legs): its IST day, exchange and market. */
export const fillNoteKey = (fill: Pick<Fill, 'broker' | 'executedAt' | 'exchange' | 'segment'>) =>
  `${fill.broker}|${fill.executedAt.slice(0, 10)}|${fill.exchange}|${fill.segment === 'equity' ? 'cash' : 'fo'}`;

const divideHalfUp = (n: bigint, d: bigint) => (n * 2n + d) / (d * 2n);

/**
 * Shares `total` paise among parts in proportion to `weights`, each to the paisa, so the shares add up to `total`
 * (largest remainder first, ties to the earlier part).
 */
export function shareInProportion(total: number, weights: readonly bigint[]): number[] {
  const sum = weights.reduce((s, w) => s + w, 0n);
  if (sum === 0n) return weights.map(() => 0);
  const whole = BigInt(total);
  const shares = weights.map((w) => (whole * w) / sum);
  let left = Number(whole - shares.reduce((s, x) => s + x, 0n));
  const order = weights
    .map((w, i) => ({ i, rest: (whole * w) % sum }))
    .sort((a, b) => (a.rest > b.rest ? -1 : a.rest < b.rest ? 1 : a.i - b.i));
  for (const { i } of order) {
    if (left <= 0) break;
    shares[i]! += 1n;
    left--;
  }
  return shares.map(Number);
}

/** A trade's charges in paise per line, with why some of its rates are assumed. */
export interface ChargedTrade {
  lines: Record<Line, number>;
  turnover: number;
  estimated: boolean;
  estimates: readonly EstimateReason[];
}

/**
 * The charges of `trades` trades from their day legs: each (trade, day, exchange) estimated at its date's rates, the
 * STT of each note rounded once and shared out, the DP charge added to the first trade that sold the share that day.
 * Returns paise per line for each trade. Legs of a trade numbered `trades` or more are another trade of the same
 * notes that is not charged here (already in the journal): they count in the notes' STT and DP, and are left out of
 * the result.
 */
export function chargeNotes(notes: readonly NoteLegs[], trades: number, settings: ChargeSettings = {}): ChargedTrade[] {
  const profile = settings.profile ?? DISCOUNT_BROKER;
  const table = settings.table ?? CHARGE_RATES;
  const { state } = settings;
  const dpOn = dpCharges(profile, settings.dpCharges ?? ZERODHA_DP_CHARGES);
  // An import charges thousands of notes on a few hundred days: each day's rates are looked up once.
  const rateSets = new Map<string, ReturnType<typeof rateSetOn>>();
  const ratesOn = (date: string) => {
    let set = rateSets.get(date);
    if (!set) {
      set = rateSetOn(date, table, { state });
      rateSets.set(date, set);
    }
    return set;
  };
  let size = trades;
  for (const legs of notes) if (legs.trade >= size) size = legs.trade + 1;
  const out: ChargedTrade[] = Array.from({ length: size }, () => ({
    lines: zero(),
    turnover: 0,
    estimated: false,
    estimates: NO_REASONS,
  }));
  const estimate = (target: ChargedTrade, reasons: readonly EstimateReason[]) => {
    target.estimated = true;
    target.estimates = mergeReasons(target.estimates, reasons);
  };
  const groups = new Map<string, { legs: NoteLegs; charges: NoteInPaise }[]>();
  for (const legs of notes) {
    if (legs.legs.length === 0) continue;
    const charges = chargeNoteInPaise(legs, profile, ratesOn(legs.date));
    if (charges.estimated) estimate(out[legs.trade]!, charges.estimates);
    const key = noteKey(legs);
    const group = groups.get(key);
    if (group) group.push({ legs, charges });
    else groups.set(key, [{ legs, charges }]);
  }
  for (const group of groups.values()) {
    if (group.length === 1) {
      // A note with one trade keeps its own rounded STT.
      const { legs, charges } = group[0]!;
      add(out[legs.trade]!, charges, charges.stt);
      continue;
    }
    const weights = group.map((g) => g.charges.sttExact);
    let exact = 0n;
    for (const w of weights) exact += w;
    const noteStt = Number(divideHalfUp(exact, EXACT_UNITS_PER_PAISA * 100n)) * 100;
    const shares = shareInProportion(noteStt, weights);
    for (let i = 0; i < group.length; i++) add(out[group[i]!.legs.trade]!, group[i]!.charges, shares[i]!);
  }
  // DP: once per share and day, by the depository, whatever the number of sales.
  const charged = new Set<string>();
  // The DP charge depends only on the charge and the GST rate: worked out (in BigInt) once per pair, not per sale.
  const dpAt = new Map<string, { net: number; gst: number }>();
  for (const legs of notes) {
    if (legs.deliverySale === null || !sells(legs.legs)) continue;
    const key = `${legs.broker ?? ''}|${legs.date}|${legs.deliverySale}`;
    if (charged.has(key)) continue;
    charged.add(key);
    const { charge: dp, estimates } = dpOn(legs.date);
    if (dp.amount <= 0) continue;
    const { gstPercent } = ratesOn(legs.date);
    const at = `${dp.amount}|${dp.includesGst}|${gstPercent}`;
    let charge = dpAt.get(at);
    if (!charge) {
      charge = dpCharge(dp, gstPercent);
      dpAt.set(at, charge);
    }
    const { net, gst } = charge;
    const target = out[legs.trade]!;
    target.lines.dp += net;
    target.lines.gst += gst;
    target.lines.total += net + gst;
    if (estimates.length > 0) estimate(target, estimates);
  }
  return size === trades ? out : out.slice(0, trades);
}

/**
 * The DP charge on a sale of a day: the trader's own from its `from`, otherwise the dated one in force (the first
 * row, estimated, before the table), with why it is an assumption for this trader. Looked up once per day.
 */
function dpCharges(profile: BrokerProfile, schedule: DpSchedule) {
  const own = profile.dp;
  const byDate = new Map<string, { charge: DpCharge; estimates: readonly EstimateReason[] }>();
  return (date: string) => {
    let found = byDate.get(date);
    if (found) return found;
    if (own && (own.from === undefined || own.from <= date)) {
      found = { charge: own, estimates: NO_REASONS };
    } else {
      let row = schedule[0]!;
      for (const r of schedule) if (r.from <= date) row = r;
      const estimates: EstimateReason[] = [];
      if (row.from > date) estimates.push({ kind: 'before-tables', from: row.from });
      if (profile.dpAssumed === 'no-profile') estimates.push({ kind: 'dp-no-profile' });
      else if (profile.dpAssumed === 'other-broker' && own?.from)
        estimates.push({ kind: 'dp-before-own', from: own.from });
      found = { charge: row, estimates };
    }
    byDate.set(date, found);
    return found;
  };
}

function sells(legs: readonly ChargeLeg[]): boolean {
  for (const leg of legs) if (leg.side === 'sell') return true;
  return false;
}

/** The DP charge as the broker's page states it, split into the charge and its GST, in paise. */
export function dpCharge(
  dp: { amount: number; includesGst: boolean },
  gstPercent: number,
): { net: number; gst: number } {
  const stated = toPaise(dp.amount);
  if (dp.includesGst) {
    // ₹15.34 "including GST" is ₹13.00 + ₹2.34 at 18%.
    const net = Number(divideHalfUp(BigInt(stated) * 100n, BigInt(100 + gstPercent)));
    return { net, gst: stated - net };
  }
  return { net: stated, gst: Number(divideHalfUp(BigInt(stated) * BigInt(gstPercent), 100n)) };
}

const rupees = (lines: Record<Line, number>): TradeChargeLines => ({
  brokerage: lines.brokerage / 100,
  stt: lines.stt / 100,
  transaction: lines.transaction / 100,
  sebi: lines.sebi / 100,
  stamp: lines.stamp / 100,
  gst: lines.gst / 100,
  ipft: lines.ipft / 100,
  dp: lines.dp / 100,
  total: lines.total / 100,
});

/** The statutory segment a trade's legs are charged as: equity by product, derivatives as they are. */
export function chargeSegment(segment: 'equity' | 'futures' | 'options', product: string): Segment {
  if (segment === 'equity') return product === 'intraday' ? 'equity-intraday' : 'equity-delivery';
  return segment;
}

/**
 * One leg per executed order and side, per IST day and exchange (brokerage is per order, a contract note per day).
 * Opening lots were bought before the imported history, on notes the journal does not have: they carry no charges.
 */
export function tradeNotes(
  trade: Pick<MatchedTrade, 'segment' | 'product' | 'symbol'> & {
    executions: readonly Pick<TradeExecution, 'fill' | 'quantity'>[];
  },
  index: number,
): NoteLegs[] {
  const segment = chargeSegment(trade.segment, trade.product);
  const sale = segment === 'equity-delivery' ? trade.symbol : null;
  // A fund's units pay another STT than a share (none for a liquid or gold ETF).
  const security =
    trade.segment === 'equity' ? securityOf(trade.symbol, trade.executions[0]?.fill.isin ?? null) : 'share';
  // An import runs this for every trade, and a trade's executions fall on a few days and orders: finding the note
  // and the order by a short search, with no Map or string key per execution, takes half the time.
  const notes: NoteLegs[] = [];
  const orderKeys: string[][] = [];
  const { executions } = trade;
  for (let i = 0; i < executions.length; i++) {
    const { fill, quantity } = executions[i]!;
    if (fill.opening) continue;
    let n = notes.length - 1;
    while (n >= 0 && !(notes[n]!.exchange === fill.exchange && fill.executedAt.startsWith(notes[n]!.date))) n--;
    if (n < 0) {
      const date = fill.executedAt.slice(0, 10);
      notes.push({
        trade: index,
        date,
        exchange: fill.exchange as Exchange,
        segment,
        legs: [],
        deliverySale: sale,
        broker: fill.broker,
      });
      orderKeys.push([]);
      n = notes.length - 1;
    }
    const { legs } = notes[n]!;
    const keys = orderKeys[n]!;
    const order = fill.orderId ?? `fill-${i}`;
    let l = 0;
    while (l < legs.length && !(keys[l] === order && legs[l]!.side === fill.side)) l++;
    if (l === legs.length) {
      legs.push(
        security === 'share'
          ? { side: fill.side as Side, quantity, price: fill.price }
          : { side: fill.side as Side, quantity, price: fill.price, security },
      );
      keys.push(order);
    } else {
      const leg = legs[l]!;
      const total = leg.quantity + quantity;
      leg.price = (leg.price * leg.quantity + fill.price * quantity) / total;
      leg.quantity = total;
    }
  }
  return notes;
}

/**
 * The charges of matched trades: the broker's own figure when the file carries one (Dhan, Angel One), otherwise an
 * estimate from the dated rate tables and the broker profile, as contract notes round them.
 */
export function chargeTrades(
  trades: readonly MatchedTrade[],
  settings: ChargeSettings = {},
  /**
   * Legs of trades already in the journal on the same notes (tradeNotes, numbered from 0 among themselves): their
   * STT rounds with these trades', and a share's DP charge they already paid that day is not charged again.
   */
  sameNotes: readonly NoteLegs[] = [],
): TradeCharges[] {
  // The journal's trades first: a share's DP charge of the day stays with the trade that already paid it.
  const notes: NoteLegs[] = [];
  for (const note of sameNotes) notes.push({ ...note, trade: trades.length + note.trade });
  for (let i = 0; i < trades.length; i++) {
    if (trades[i]!.fees !== null) continue;
    for (const note of tradeNotes(trades[i]!, i)) notes.push(note);
  }
  const charged = chargeNotes(notes, trades.length, settings);
  return trades.map((t, i) => {
    if (t.fees !== null)
      return { total: t.fees, lines: null, source: 'broker', turnover: 0, estimatedRates: NO_REASONS };
    const { lines, turnover, estimates } = charged[i]!;
    return {
      total: lines.total / 100,
      lines: rupees(lines),
      source: 'estimated',
      turnover: turnover / 100,
      estimatedRates: estimates,
    };
  });
}

/** A trade typed into the form: an entry and, when closed, an exit, each on its own IST date. */
export interface TypedTrade {
  exchange: Exchange;
  segment: Segment;
  symbol: string;
  side: 'long' | 'short';
  quantity: number;
  entry: { date: string; price: number };
  exit?: { date: string; price: number };
}

/**
 * The charges of one typed trade as its contract notes show them: a round trip closed the same day is one note, a
 * carried position two (each at its date's rates), plus the DP charge on a delivery sale.
 */
export function typedTradeCharges(
  trade: TypedTrade,
  settings: ChargeSettings = {},
): TradeChargeLines & { turnover: number; estimatedRates: readonly EstimateReason[] } {
  const opening: Side = trade.side === 'long' ? 'buy' : 'sell';
  const closing: Side = trade.side === 'long' ? 'sell' : 'buy';
  const equity = trade.segment === 'equity-delivery' || trade.segment === 'equity-intraday';
  const security = equity ? securityOf(trade.symbol, null) : 'share';
  const leg = (side: Side, price: number): ChargeLeg =>
    security === 'share'
      ? { side, quantity: trade.quantity, price }
      : { side, quantity: trade.quantity, price, security };
  const sale = trade.segment === 'equity-delivery' ? trade.symbol : null;
  const note = (date: string, legs: ChargeLeg[]): NoteLegs => ({
    trade: 0,
    date,
    exchange: trade.exchange,
    segment: trade.segment,
    legs,
    deliverySale: sale,
  });
  const { entry, exit } = trade;
  const notes =
    exit && exit.date === entry.date
      ? [note(entry.date, [leg(opening, entry.price), leg(closing, exit.price)])]
      : [note(entry.date, [leg(opening, entry.price)]), ...(exit ? [note(exit.date, [leg(closing, exit.price)])] : [])];
  const [charged] = chargeNotes(notes, 1, settings);
  return { ...rupees(charged!.lines), turnover: charged!.turnover / 100, estimatedRates: charged!.estimates };
}

/** Gross P&L in rupees: (exit − entry) × units for a long, reversed for a short, exact to the paisa. */
export function grossPnl(side: 'long' | 'short', units: number, entry: number, exit: number): number {
  // Prices carry up to 4 decimals (numeric(14,4)); work in ten-thousandths of a rupee, round once to the paisa.
  const diff = Math.round(exit * 10_000) - Math.round(entry * 10_000);
  const signed = side === 'long' ? diff : -diff;
  // Half away from zero, so a loss rounds like the same profit (and never shows as -0).
  const paise = Math.round(Math.abs(signed * units) / 100);
  return paise === 0 ? 0 : (Math.sign(signed) * paise) / 100;
}
