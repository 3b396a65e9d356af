// The trade form's rules as plain functions: defaults, IST times, lot sizes, validation with a message per field,
// the live charges estimate and the public.trades row a save writes. No React, no Supabase.

import {
  type EstimateReason,
  grossPnl,
  kolkataDate,
  lotSize,
  parseTimestamp,
  type Segment,
  chargeSegment as statutorySegment,
  type TradeChargeLines,
  toIstTimestamp,
  typedTradeCharges,
} from '@bahi/trading';
import type { TradeChargesPreview, TradeFormField, TradeFormValues, TradeProduct, TradeSegment } from '@bahi/ui';
import type { ChargeProfile } from '../data/broker-profile';
import type { JournalTrade } from '../data/journal-data';
import { estimatedChargesNote, estimateFixLink } from '../shared/estimates';

export type TradeFormErrors = Partial<Record<TradeFormField, string>>;

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
export function newTradeValues(now: Date): TradeFormValues {
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
export function parseNumber(raw: string): number | undefined {
  const s = raw.replace(/[,\s₹]/g, '');
  if (s === '') return undefined;
  return /^-?\d*\.?\d+$/.test(s) ? Number(s) : Number.NaN;
}

const isDay = (s: string) => /^\d{4}-\d{2}-\d{2}$/.test(s) && !Number.isNaN(new Date(`${s}T00:00:00Z`).getTime());

/** The lot size the dated table gives for the form's underlying and expiry, if it knows the underlying. */
export function tableLotSize(values: Pick<TradeFormValues, 'segment' | 'underlying' | 'expiry'>): number | undefined {
  if (values.segment === 'equity' || !values.underlying.trim() || !isDay(values.expiry)) return undefined;
  return lotSize(values.underlying, values.expiry);
}

/**
 * Applies a change from the screen and keeps dependent fields in step: a new underlying or expiry fills the lot size
 * from the dated table (when the table knows the underlying; otherwise the user's own entry stays).
 */
export function applyChange(previous: TradeFormValues, next: TradeFormValues): TradeFormValues {
  const contract = (v: TradeFormValues) => [v.segment, v.underlying, v.expiry, v.strike, v.optionType].join('|');
  if (contract(next) === contract(previous)) return next;
  // A changed contract gets a new trading symbol at save (an unchanged one keeps the broker's, from an import).
  const changed = next.segment === 'equity' ? next : { ...next, symbol: '' };
  const size = tableLotSize(next);
  return size === undefined ? changed : { ...changed, lotSize: String(size) };
}

/** An equity quantity: shares, or ETF and fund units with up to 6 decimals (24.609). */
const equityUnits = (q: number | undefined) =>
  q !== undefined && q > 0 && Math.abs(q * 1e6 - Math.round(q * 1e6)) < 1e-6 ? q : undefined;

/** Units the trade holds: shares for equity, lots × lot size for F&O. Undefined until the inputs are numbers. */
export function unitsOf(values: TradeFormValues): number | undefined {
  if (values.segment === 'equity') return equityUnits(parseNumber(values.quantity));
  const lots = parseNumber(values.lots);
  const size = parseNumber(values.lotSize);
  if (lots === undefined || size === undefined || !(lots > 0) || !(size > 0) || !Number.isInteger(size)) {
    return undefined;
  }
  const units = lots * size;
  return Number.isInteger(units) ? units : undefined;
}

export function chargeSegment(segment: TradeSegment, product: TradeProduct): Segment {
  return statutorySegment(segment, product);
}

const price = (raw: string) => {
  const n = parseNumber(raw);
  return n !== undefined && Number.isFinite(n) && n >= 0 ? n : undefined;
};

/** Every problem with the form, one message per field, in the words a trader would use. */
export function validateTrade(values: TradeFormValues, now: Date): TradeFormErrors {
  const errors: TradeFormErrors = {};
  const fo = values.segment !== 'equity';

  if (fo) {
    if (!values.underlying.trim()) errors.underlying = 'Enter the underlying, such as NIFTY or RELIANCE.';
    if (!values.expiry) errors.expiry = 'Enter the contract expiry.';
    else if (!isDay(values.expiry)) errors.expiry = 'Enter the expiry as a date.';
    if (values.segment === 'options') {
      const strike = parseNumber(values.strike);
      if (strike === undefined) errors.strike = 'Enter the strike price.';
      else if (!(strike > 0)) errors.strike = 'The strike must be a number more than zero.';
    }
    const size = parseNumber(values.lotSize);
    if (size === undefined) errors.lotSize = 'Enter the lot size (units per lot).';
    else if (!Number.isInteger(size) || size <= 0) errors.lotSize = 'The lot size must be a whole number of units.';
    const lots = parseNumber(values.lots);
    if (lots === undefined) errors.lots = 'Enter how many lots.';
    else if (!Number.isInteger(lots) || lots <= 0) {
      errors.lots =
        size && Number.isInteger(size) && lots > 0
          ? `The quantity must be a whole number of lots: ${lots} lots of ${size} is ${lots * size} units.`
          : 'Lots must be a whole number, 1 or more.';
    }
  } else {
    if (!values.symbol.trim()) errors.symbol = 'Enter the symbol, such as RELIANCE.';
    const q = parseNumber(values.quantity);
    if (q === undefined) errors.quantity = 'Enter the quantity.';
    else if (equityUnits(q) === undefined) {
      errors.quantity = 'The quantity must be above 0: shares, or ETF and fund units with up to 6 decimals.';
    }
  }

  const entry = parseNumber(values.entryPrice);
  if (entry === undefined) errors.entryPrice = 'Enter the entry price.';
  else if (!(entry > 0)) errors.entryPrice = 'The entry price must be more than zero.';
  const exit = parseNumber(values.exitPrice);
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
  if (fo && entryAt && isDay(values.expiry) && values.expiry < values.entryAt.slice(0, 10)) {
    errors.expiry = 'The contract had expired before the entry date.';
  }

  const long = values.side === 'long';
  const stop = parseNumber(values.stopLoss);
  if (stop !== undefined) {
    if (!(stop >= 0)) errors.stopLoss = 'The stop must be a price, zero or more.';
    else if (entry !== undefined && entry > 0 && (long ? stop >= entry : stop <= entry)) {
      errors.stopLoss = long
        ? 'For a long trade the stop must be below the entry price.'
        : 'For a short trade the stop must be above the entry price.';
    }
  }
  const target = parseNumber(values.target);
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

export type TradeCharges = TradeChargeLines & { turnover: number; estimatedRates: readonly EstimateReason[] };

export { grossPnl };

/**
 * Charges as contract notes show them (@bahi/trading's typedTradeCharges): the entry and the exit on their own IST
 * trade dates, each at its date's rates, plus the DP charge on a delivery sale.
 */
export function estimateTradeCharges(
  values: TradeFormValues,
  broker: ChargeProfile,
): { charges: TradeCharges; grossPnl?: number } | { note: string } {
  const units = unitsOf(values);
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
    return closed ? { charges, grossPnl: grossPnl(values.side, units, entry, exit) } : { charges };
  } catch (error) {
    return { note: error instanceof Error ? error.message : String(error) };
  }
}

/** The estimate in the screen's shape, with the net P&L after charges when the trade is closed. */
export function chargesPreview(result: ReturnType<typeof estimateTradeCharges>): {
  charges?: TradeChargesPreview;
  note?: string;
  /** Set when some rates were assumed (estimatedChargesNote). */
  estimated?: string;
  /** Where the trader gives what was assumed. */
  fix?: { label: string; href: string };
} {
  if ('note' in result) return { note: result.note };
  const { charges, grossPnl: gross } = result;
  const { estimatedRates, ...lines } = charges;
  const preview: TradeChargesPreview = { ...lines };
  if (gross !== undefined) {
    preview.grossPnl = gross;
    preview.netPnl = Math.round(gross * 100 - charges.total * 100) / 100;
  }
  if (estimatedRates.length === 0) return { charges: preview };
  const fix = estimateFixLink(estimatedRates);
  return { charges: preview, estimated: estimatedChargesNote(estimatedRates), ...(fix ? { fix } : {}) };
}

/** Tag names from the comma-separated field: trimmed, blanks dropped, duplicates (ignoring case) once. */
export function tagNames(raw: string): string[] {
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
export interface TradeRow {
  exchange: 'NSE' | 'BSE';
  segment: TradeSegment;
  product: TradeProduct;
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
export function contractSymbol(values: TradeFormValues): string {
  const u = values.underlying.trim().toUpperCase();
  const [y, m, d] = values.expiry.split('-').map(Number);
  const when = `${pad2(d ?? 0)} ${MONTHS[(m ?? 1) - 1]} ${String(y ?? 0).slice(2)}`;
  if (values.segment === 'futures') return `${u} ${when} FUT`;
  return `${u} ${when} ${parseNumber(values.strike)} ${values.optionType}`;
}

/**
 * The row to insert or update, or the field errors that stop the save. Closed when it has an exit; gross P&L and the
 * charges estimate are computed here (charges_source 'estimated').
 */
export function tradePayload(
  values: TradeFormValues,
  broker: ChargeProfile,
  now: Date,
): { ok: true; row: TradeRow; tags: string[] } | { ok: false; errors: TradeFormErrors } {
  const errors = validateTrade(values, now);
  const units = unitsOf(values);
  const entry = price(values.entryPrice);
  const entryAt = fromIstLocal(values.entryAt);
  if (Object.keys(errors).length || units === undefined || entry === undefined || !entryAt) {
    return { ok: false, errors };
  }
  const estimate = estimateTradeCharges(values, broker);
  if ('note' in estimate) return { ok: false, errors: { entryAt: estimate.note } };
  const exit = price(values.exitPrice);
  const exitAt = values.exitAt ? (fromIstLocal(values.exitAt) ?? null) : null;
  const closed = exit !== undefined && exitAt !== null;
  const fo = values.segment !== 'equity';
  const { turnover: _turnover, estimatedRates: _estimated, ...breakdown } = estimate.charges;
  const optional = (raw: string) => parseNumber(raw) ?? null;
  const rating = parseNumber(values.rating);
  return {
    ok: true,
    tags: tagNames(values.tags),
    row: {
      exchange: values.exchange,
      segment: values.segment,
      product: values.product,
      symbol: fo ? values.symbol.trim() || contractSymbol(values) : values.symbol.trim().toUpperCase(),
      underlying: fo ? values.underlying.trim().toUpperCase() : null,
      expiry: fo ? values.expiry : null,
      strike: values.segment === 'options' ? (parseNumber(values.strike) ?? null) : null,
      option_type: values.segment === 'options' ? values.optionType : null,
      lot_size: fo ? (parseNumber(values.lotSize) ?? null) : null,
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

const str = (n: number | null) => (n === null ? '' : String(n));

/** A saved trade back into the form, for editing. */
export function valuesFromTrade(t: JournalTrade): TradeFormValues {
  const fo = t.segment !== 'equity';
  const lots = fo && t.lotSize ? t.quantity / t.lotSize : undefined;
  return {
    // The form estimates NSE and BSE charges only; an MCX trade is edited as NSE.
    exchange: t.exchange === 'BSE' ? 'BSE' : 'NSE',
    segment: t.segment,
    product: t.product,
    side: t.side,
    symbol: t.symbol,
    underlying: t.underlying ?? '',
    expiry: t.expiry ?? '',
    strike: str(t.strike),
    optionType: t.optionType ?? 'CE',
    lotSize: str(t.lotSize),
    lots: lots === undefined ? '' : String(lots),
    quantity: fo ? '' : String(t.quantity),
    entryPrice: str(t.entryPrice),
    exitPrice: str(t.exitPrice),
    entryAt: toIstLocal(t.entryTime),
    exitAt: t.exitTime ? toIstLocal(t.exitTime) : '',
    stopLoss: str(t.stopLoss),
    target: str(t.target),
    playbookId: t.playbookId ?? '',
    tags: t.tags.join(', '),
    emotionsBefore: t.emotionsBefore,
    emotionsAfter: t.emotionsAfter,
    mistakes: t.mistakes,
    rating: t.rating === null ? '' : String(t.rating),
    notes: t.notes ?? '',
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
] as const satisfies readonly TradeFormField[];

export function fillsUnchanged(before: TradeFormValues, after: TradeFormValues): boolean {
  return CHARGED_FIELDS.every((key) => before[key] === after[key]);
}

/** An edit of a trade whose charges came from the broker keeps them unless its fills changed. */
export function withBrokerCharges(row: TradeRow, before: TradeFormValues, after: TradeFormValues): Partial<TradeRow> {
  if (!fillsUnchanged(before, after)) return row;
  const { charges: _c, charges_breakdown: _b, charges_source: _s, broker_profile_id: _p, ...rest } = row;
  return rest;
}
