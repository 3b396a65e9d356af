// A trade typed by hand, as plain rules: the draft as typed (strings, so half-typed input survives), its defaults,
// IST wall-clock times, lot sizes from the dated table, validation with a message per field, the charges a contract
// note would show, and the public.trades row a save writes. The app maps its form to a draft and calls these.

import {
  type ChargeSettings,
  chargeSegment,
  grossPnl,
  type TradeChargeLines,
  typedTradeCharges,
} from '../charges/contract-notes';
import { kolkataDate } from '../charges/trade-date';
import { lotSize } from '../lots/lot-sizes';
import { isIsoDate, parseTimestamp, toIstTimestamp } from '../time/ist';

export type EntryExchange = 'NSE' | 'BSE';
export type EntrySegment = 'equity' | 'futures' | 'options';
export type EntryProduct = 'intraday' | 'delivery' | 'carry_forward';

/** A trade as typed: strings for numbers, IST wall-clock times 'YYYY-MM-DDTHH:mm'. */
export interface TradeDraft {
  exchange: EntryExchange;
  segment: EntrySegment;
  product: EntryProduct;
  side: 'long' | 'short';
  /** Equity: the trading symbol (F&O: the broker's, kept while the contract is unchanged). */
  symbol: string;
  /** F&O: the underlying (NIFTY, BANKNIFTY, RELIANCE …). */
  underlying: string;
  /** F&O: YYYY-MM-DD. */
  expiry: string;
  strike: string;
  optionType: 'CE' | 'PE';
  /** F&O: units per lot. */
  lotSize: string;
  /** F&O quantity, in lots. */
  lots: string;
  /** Equity quantity: shares, or ETF and fund units. */
  quantity: string;
  entryPrice: string;
  exitPrice: string;
  entryAt: string;
  exitAt: string;
  stopLoss: string;
  target: string;
  playbookId: string;
  /** Tag names, comma separated. */
  tags: string;
  emotionsBefore: string[];
  emotionsAfter: string[];
  mistakes: string[];
  /** '' or '1'…'5'. */
  rating: string;
  notes: string;
}

export type TradeDraftField = keyof TradeDraft;

export type TradeDraftErrors = Partial<Record<TradeDraftField, string>>;

/** An instant as the form's IST wall-clock value, 'YYYY-MM-DDTHH:mm'. */
export function toIstLocal(instant: string | Date): string {
  return toIstTimestamp(instant).slice(0, 16);
}

/** The form's IST wall-clock value as an ISO instant; undefined when it is not a valid date-time (30 Feb too). */
export function fromIstLocal(local: string): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(local)) return undefined;
  try {
    return new Date(parseTimestamp(`${local.length === 16 ? `${local}:00` : local}+05:30`)).toISOString();
  } catch {
    return undefined;
  }
}

/** A new trade: NSE, equity, intraday, long, entered now (IST). */
export function newTradeDraft(now: Date): TradeDraft {
  return {
    exchange: 'NSE',
    segment: 'equity',
    product: 'intraday',
    side: 'long',
    symbol: '',
    underlying: '',
    expiry: '',
    strike: '',
    optionType: 'CE',
    lotSize: '',
    lots: '',
    quantity: '',
    entryPrice: '',
    exitPrice: '',
    entryAt: toIstLocal(now),
    exitAt: '',
    stopLoss: '',
    target: '',
    playbookId: '',
    tags: '',
    emotionsBefore: [],
    emotionsAfter: [],
    mistakes: [],
    rating: '',
    notes: '',
  };
}

/** A number as typed ('1,250.50'); undefined when blank, NaN when not a number. */
export function parseTypedNumber(raw: string): number | undefined {
  const s = raw.replace(/[,\s₹]/g, '');
  if (s === '') return undefined;
  return /^-?\d*\.?\d+$/.test(s) ? Number(s) : Number.NaN;
}

/** The lot size the dated table gives for the form's underlying and expiry, if it knows the underlying. */
export function draftLotSize(values: Pick<TradeDraft, 'segment' | 'underlying' | 'expiry'>): number | undefined {
  if (values.segment === 'equity' || !values.underlying.trim() || !isIsoDate(values.expiry)) return undefined;
  return lotSize(values.underlying, values.expiry);
}

/**
 * Applies a change from the screen and keeps dependent fields in step: a new underlying or expiry fills the lot size
 * from the dated table (when the table knows the underlying; otherwise the user's own entry stays).
 */
export function applyDraftChange(previous: TradeDraft, next: TradeDraft): TradeDraft {
  const contract = (v: TradeDraft) => [v.segment, v.underlying, v.expiry, v.strike, v.optionType].join('|');
  if (contract(next) === contract(previous)) return next;
  // A changed contract gets a new trading symbol at save (an unchanged one keeps the broker's, from an import).
  const changed = next.segment === 'equity' ? next : { ...next, symbol: '' };
  const size = draftLotSize(next);
  return size === undefined ? changed : { ...changed, lotSize: String(size) };
}

/** An equity quantity: shares, or ETF and fund units with up to 6 decimals (24.609). */
const equityUnits = (q: number | undefined) =>
  q !== undefined && q > 0 && Math.abs(q * 1e6 - Math.round(q * 1e6)) < 1e-6 ? q : undefined;

/** Units the trade holds: shares for equity, lots × lot size for F&O. Undefined until the inputs are numbers. */
export function draftUnits(values: TradeDraft): number | undefined {
  if (values.segment === 'equity') return equityUnits(parseTypedNumber(values.quantity));
  const lots = parseTypedNumber(values.lots);
  const size = parseTypedNumber(values.lotSize);
  if (lots === undefined || size === undefined || !(lots > 0) || !(size > 0) || !Number.isInteger(size)) {
    return undefined;
  }
  const units = lots * size;
  return Number.isInteger(units) ? units : undefined;
}

const price = (raw: string) => {
  const n = parseTypedNumber(raw);
  return n !== undefined && Number.isFinite(n) && n >= 0 ? n : undefined;
};

/** Every problem with the form, one message per field, in the words a trader would use. */
export function validateTradeDraft(values: TradeDraft, now: Date): TradeDraftErrors {
  const errors: TradeDraftErrors = {};
  const fo = values.segment !== 'equity';

  if (fo) {
    if (!values.underlying.trim()) errors.underlying = 'Enter the underlying, such as NIFTY or RELIANCE.';
    if (!values.expiry) errors.expiry = 'Enter the contract expiry.';
    else if (!isIsoDate(values.expiry)) errors.expiry = 'Enter the expiry as a date.';
    if (values.segment === 'options') {
      const strike = parseTypedNumber(values.strike);
      if (strike === undefined) errors.strike = 'Enter the strike price.';
      else if (!(strike > 0)) errors.strike = 'The strike must be a number more than zero.';
    }
    const size = parseTypedNumber(values.lotSize);
    if (size === undefined) errors.lotSize = 'Enter the lot size (units per lot).';
    else if (!Number.isInteger(size) || size <= 0) errors.lotSize = 'The lot size must be a whole number of units.';
    const lots = parseTypedNumber(values.lots);
    if (lots === undefined) errors.lots = 'Enter how many lots.';
    else if (!Number.isInteger(lots) || lots <= 0) {
      errors.lots =
        size && Number.isInteger(size) && lots > 0
          ? `The quantity must be a whole number of lots: ${lots} lots of ${size} is ${lots * size} units.`
          : 'Lots must be a whole number, 1 or more.';
    }
  } else {
    if (!values.symbol.trim()) errors.symbol = 'Enter the symbol, such as RELIANCE.';
    const q = parseTypedNumber(values.quantity);
    if (q === undefined) errors.quantity = 'Enter the quantity.';
    else if (equityUnits(q) === undefined) {
      errors.quantity = 'The quantity must be above 0: shares, or ETF and fund units with up to 6 decimals.';
    }
  }

  const entry = parseTypedNumber(values.entryPrice);
  if (entry === undefined) errors.entryPrice = 'Enter the entry price.';
  else if (!(entry > 0)) errors.entryPrice = 'The entry price must be more than zero.';
  const exit = parseTypedNumber(values.exitPrice);
  if (exit !== undefined && !(exit >= 0)) errors.exitPrice = 'The exit price must be a number, zero or more.';

  const entryAt = fromIstLocal(values.entryAt);
  if (!values.entryAt) errors.entryAt = 'Enter when you entered.';
  else if (!entryAt) errors.entryAt = 'Enter the entry time as a date and time.';
  else if (new Date(entryAt).getTime() > now.getTime() + 60_000) errors.entryAt = 'The entry time is in the future.';
  const exitAt = values.exitAt ? fromIstLocal(values.exitAt) : undefined;
  if (values.exitAt && !exitAt) errors.exitAt = 'Enter the exit time as a date and time.';

  if (exit !== undefined && !values.exitAt) errors.exitAt = 'Enter when you exited, or clear the exit price.';
  if (exit === undefined && values.exitAt && !errors.exitPrice) {
    errors.exitPrice = 'Enter the exit price, or clear the exit time for an open trade.';
  }
  if (entryAt && exitAt) {
    if (exitAt < entryAt) errors.exitAt = 'The exit is before the entry.';
    else if (new Date(exitAt).getTime() > now.getTime() + 60_000) errors.exitAt = 'The exit time is in the future.';
    else if (values.product === 'intraday' && values.exitAt.slice(0, 10) !== values.entryAt.slice(0, 10)) {
      errors.exitAt = 'An intraday trade exits on the day it was entered: choose delivery or carry forward.';
    }
  }
  if (fo && entryAt && isIsoDate(values.expiry) && values.expiry < values.entryAt.slice(0, 10)) {
    errors.expiry = 'The contract had expired before the entry date.';
  }

  const long = values.side === 'long';
  const stop = parseTypedNumber(values.stopLoss);
  if (stop !== undefined) {
    if (!(stop >= 0)) errors.stopLoss = 'The stop must be a price, zero or more.';
    else if (entry !== undefined && entry > 0 && (long ? stop >= entry : stop <= entry)) {
      errors.stopLoss = long
        ? 'For a long trade the stop must be below the entry price.'
        : 'For a short trade the stop must be above the entry price.';
    }
  }
  const target = parseTypedNumber(values.target);
  if (target !== undefined) {
    if (!(target >= 0)) errors.target = 'The target must be a price, zero or more.';
    else if (entry !== undefined && entry > 0 && (long ? target <= entry : target >= entry)) {
      errors.target = long
        ? 'For a long trade the target must be above the entry price.'
        : 'For a short trade the target must be below the entry price.';
    }
  }
  return errors;
}

/** A draft's charges, line by line as on a contract note, with the turnover and what was assumed. */
export type DraftCharges = ReturnType<typeof typedTradeCharges>;

/**
 * Charges as contract notes show them (typedTradeCharges): the entry and the exit on their own IST trade dates, each
 * at its date's rates, plus the DP charge on a delivery sale; with the gross and net P&L when the trade is closed.
 */
export function estimateDraftCharges(
  values: TradeDraft,
  broker: { id: string | null; settings: ChargeSettings },
): { charges: DraftCharges; grossPnl?: number; netPnl?: number } | { note: string } {
  const units = draftUnits(values);
  const entry = price(values.entryPrice);
  const entryAt = fromIstLocal(values.entryAt);
  if (units === undefined || entry === undefined || entry === 0 || !entryAt) {
    return { note: 'Enter the quantity, entry price and entry time to see the charges.' };
  }
  const exit = price(values.exitPrice);
  const exitAt = values.exitAt ? fromIstLocal(values.exitAt) : undefined;
  const closed = exit !== undefined && exitAt !== undefined;
  try {
    const charges = typedTradeCharges(
      {
        exchange: values.exchange,
        segment: chargeSegment(values.segment, values.product),
        symbol: values.symbol.trim().toUpperCase(),
        side: values.side,
        quantity: units,
        entry: { date: kolkataDate(new Date(entryAt)), price: entry },
        exit: closed && exitAt ? { date: kolkataDate(new Date(exitAt)), price: exit } : undefined,
      },
      broker.settings,
    );
    if (!closed) return { charges };
    const gross = grossPnl(values.side, units, entry, exit);
    return { charges, grossPnl: gross, netPnl: Math.round(gross * 100 - charges.total * 100) / 100 };
  } catch (error) {
    return { note: error instanceof Error ? error.message : String(error) };
  }
}

/** Tag names from the comma-separated field: trimmed, blanks dropped, duplicates (ignoring case) once. */
export function draftTagNames(raw: string): string[] {
  const seen = new Set<string>();
  const names: string[] = [];
  for (const part of raw.split(',')) {
    const name = part.trim().replace(/\s+/g, ' ');
    if (!name || seen.has(name.toLowerCase())) continue;
    seen.add(name.toLowerCase());
    names.push(name.slice(0, 40));
  }
  return names;
}

/** The columns of public.trades a manual save writes (user_id defaults to the caller). */
export interface ManualTradeRow {
  exchange: 'NSE' | 'BSE';
  segment: EntrySegment;
  product: EntryProduct;
  symbol: string;
  underlying: string | null;
  expiry: string | null;
  strike: number | null;
  option_type: 'CE' | 'PE' | null;
  lot_size: number | null;
  side: 'long' | 'short';
  quantity: number;
  avg_entry_price: number;
  avg_exit_price: number | null;
  entry_time: string;
  exit_time: string | null;
  status: 'open' | 'closed';
  gross_pnl: number | null;
  charges: number;
  charges_breakdown: TradeChargeLines | null;
  charges_source: 'estimated';
  stop_loss: number | null;
  target: number | null;
  playbook_id: string | null;
  broker_profile_id: string | null;
  emotions_before: string[];
  emotions_after: string[];
  mistakes: string[];
  rating: number | null;
  notes: string | null;
}

const pad2 = (n: number) => String(n).padStart(2, '0');
const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];

/** The trading symbol brokers print: NIFTY 27 JAN 26 24500 CE, RELIANCE 29 JAN 26 FUT. */
export function contractSymbol(values: TradeDraft): string {
  const u = values.underlying.trim().toUpperCase();
  const [y, m, d] = values.expiry.split('-').map(Number);
  const when = `${pad2(d ?? 0)} ${MONTHS[(m ?? 1) - 1]} ${String(y ?? 0).slice(2)}`;
  if (values.segment === 'futures') return `${u} ${when} FUT`;
  return `${u} ${when} ${parseTypedNumber(values.strike)} ${values.optionType}`;
}

/** The symbol a save writes: an equity's in capitals; an F&O contract's as the broker gave it, or its trading symbol. */
const savedSymbol = (values: TradeDraft) =>
  values.segment === 'equity' ? values.symbol.trim().toUpperCase() : values.symbol.trim() || contractSymbol(values);

/**
 * The row to insert or update, or the field errors that stop the save. Closed when it has an exit; gross P&L and the
 * charges estimate are computed here (charges_source 'estimated').
 */
export function manualTradeRow(
  values: TradeDraft,
  broker: { id: string | null; settings: ChargeSettings },
  now: Date,
): { ok: true; row: ManualTradeRow; tags: string[] } | { ok: false; errors: TradeDraftErrors } {
  const errors = validateTradeDraft(values, now);
  const units = draftUnits(values);
  const entry = price(values.entryPrice);
  const entryAt = fromIstLocal(values.entryAt);
  if (Object.keys(errors).length || units === undefined || entry === undefined || !entryAt) {
    return { ok: false, errors };
  }
  const estimate = estimateDraftCharges(values, broker);
  if ('note' in estimate) return { ok: false, errors: { entryAt: estimate.note } };
  const exit = price(values.exitPrice);
  const exitAt = values.exitAt ? (fromIstLocal(values.exitAt) ?? null) : null;
  const closed = exit !== undefined && exitAt !== null;
  const fo = values.segment !== 'equity';
  const { turnover: _turnover, estimatedRates: _estimated, ...breakdown } = estimate.charges;
  const optional = (raw: string) => parseTypedNumber(raw) ?? null;
  const rating = parseTypedNumber(values.rating);
  return {
    ok: true,
    tags: draftTagNames(values.tags),
    row: {
      exchange: values.exchange,
      segment: values.segment,
      product: values.product,
      symbol: savedSymbol(values),
      underlying: fo ? values.underlying.trim().toUpperCase() : null,
      expiry: fo ? values.expiry : null,
      strike: values.segment === 'options' ? (parseTypedNumber(values.strike) ?? null) : null,
      option_type: values.segment === 'options' ? values.optionType : null,
      lot_size: fo ? (parseTypedNumber(values.lotSize) ?? null) : null,
      side: values.side,
      quantity: units,
      avg_entry_price: entry,
      avg_exit_price: closed ? exit : null,
      entry_time: entryAt,
      exit_time: closed ? exitAt : null,
      status: closed ? 'closed' : 'open',
      gross_pnl: estimate.grossPnl ?? null,
      charges: estimate.charges.total,
      charges_breakdown: breakdown,
      charges_source: 'estimated',
      stop_loss: optional(values.stopLoss),
      target: optional(values.target),
      playbook_id: values.playbookId || null,
      broker_profile_id: broker.id,
      emotions_before: values.emotionsBefore,
      emotions_after: values.emotionsAfter,
      mistakes: values.mistakes,
      rating: rating === undefined ? null : rating,
      notes: values.notes.trim() || null,
    },
  };
}

/** The fields that decide a trade's charges: while none of them changes, charges from the broker's note still hold. */
const CHARGED_FIELDS = [
  'exchange',
  'segment',
  'product',
  'side',
  'lotSize',
  'lots',
  'quantity',
  'entryPrice',
  'exitPrice',
  'entryAt',
  'exitAt',
] as const satisfies readonly TradeDraftField[];

export function draftFillsUnchanged(before: TradeDraft, after: TradeDraft): boolean {
  return CHARGED_FIELDS.every((key) => before[key] === after[key]);
}

/** An edit of a trade whose charges came from the broker keeps them unless its fills changed. */
export function keepBrokerCharges(row: ManualTradeRow, before: TradeDraft, after: TradeDraft): Partial<ManualTradeRow> {
  if (!draftFillsUnchanged(before, after)) return row;
  const { charges: _c, charges_breakdown: _b, charges_source: _s, broker_profile_id: _p, ...rest } = row;
  return rest;
}

/** A saved trade as the duplicate check compares it: what a save writes for the instrument, the fills and the times. */
export interface EntryComparable {
  id: string;
  symbol: string;
  segment: EntrySegment;
  side: 'long' | 'short';
  quantity: number;
  entryPrice: number | null;
  exitPrice: number | null;
  /** ISO instants. */
  entryTime: string;
  exitTime: string | null;
}

const sameMinute = (a: string | null, b: string | null) =>
  a === null || b === null ? a === b : Math.floor(Date.parse(a) / 60_000) === Math.floor(Date.parse(b) / 60_000);

/**
 * A trade in `trades` that the draft would save again (the same symbol, side, units and prices, entered and exited in
 * the same minute), other than the one being edited (`editing`); undefined when there is none or the draft is not yet
 * a trade. The import skips such fills as duplicates; a trade typed by hand gets a warning instead, since two equal
 * trades can be real.
 */
export function duplicateOf<T extends EntryComparable>(
  draft: TradeDraft,
  trades: readonly T[],
  editing?: string,
): T | undefined {
  const units = draftUnits(draft);
  const entry = price(draft.entryPrice);
  const entryAt = fromIstLocal(draft.entryAt);
  if (units === undefined || entry === undefined || !entryAt) return undefined;
  const exit = price(draft.exitPrice) ?? null;
  const exitAt = draft.exitAt ? (fromIstLocal(draft.exitAt) ?? null) : null;
  const symbol = savedSymbol(draft).toUpperCase();
  return trades.find(
    (t) =>
      t.id !== editing &&
      t.segment === draft.segment &&
      t.side === draft.side &&
      t.symbol.toUpperCase() === symbol &&
      t.quantity === units &&
      t.entryPrice === entry &&
      t.exitPrice === (exit !== null && exitAt !== null ? exit : null) &&
      sameMinute(t.entryTime, entryAt) &&
      sameMinute(t.exitTime, exit !== null ? exitAt : null),
  );
}
