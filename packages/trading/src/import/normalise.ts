// Value normalisers shared by every parser. Each returns null for a value it does not recognise, so the
// parser can name the row, the column and the value in its error.
import { formatIstTimestamp, isCalendarDate as isValidDate } from '../time/ist';
import type { Exchange, FillSide, OptionType, Segment } from './types';

const SIDES: Record<string, FillSide> = {
  buy: 'buy',
  b: 'buy',
  bought: 'buy',
  purchase: 'buy',
  sell: 'sell',
  s: 'sell',
  sold: 'sell',
  sale: 'sell',
};

export function normaliseSide(value: string): FillSide | null {
  return SIDES[value.trim().toLowerCase()] ?? null;
}

// Derivative venues (NFO, BFO) are the F&O segments of NSE and BSE; the journal stores the exchange.
const EXCHANGES: Record<string, Exchange> = {
  nse: 'NSE',
  nfo: 'NSE',
  nse_eq: 'NSE',
  nse_fo: 'NSE',
  bse: 'BSE',
  bfo: 'BSE',
  bse_eq: 'BSE',
  bse_fo: 'BSE',
  mcx: 'MCX',
};

const EXACT_EXCHANGES: Record<string, Exchange> = { NSE: 'NSE', NFO: 'NSE', BSE: 'BSE', BFO: 'BSE', MCX: 'MCX' };

export function normaliseExchange(value: string): Exchange | null {
  // Most rows write the exchange as NSE, NFO or BSE: looked up as they are before any clean-up.
  return (
    EXACT_EXCHANGES[value] ??
    EXCHANGES[
      value
        .trim()
        .toLowerCase()
        .replace(/[\s-]+/g, '_')
    ] ??
    null
  );
}

const SEGMENTS: Record<string, Segment> = {
  eq: 'equity',
  equity: 'equity',
  cash: 'equity',
  fut: 'futures',
  futures: 'futures',
  future: 'futures',
  futidx: 'futures',
  futstk: 'futures',
  futcom: 'futures',
  opt: 'options',
  options: 'options',
  option: 'options',
  optidx: 'options',
  optstk: 'options',
  optfut: 'options',
};

/** `FO` / `NFO` alone do not say futures or options: callers decide from the symbol or option type. */
export function normaliseSegment(value: string): Segment | null {
  return SEGMENTS[value.trim().toLowerCase()] ?? null;
}

const OPTION_TYPES: Record<string, OptionType> = {
  ce: 'CE',
  call: 'CE',
  c: 'CE',
  pe: 'PE',
  put: 'PE',
  p: 'PE',
};

export function normaliseOptionType(value: string): OptionType | null {
  return OPTION_TYPES[value.trim().toLowerCase()] ?? null;
}

const PLAIN_NUMBER = /^\d{1,15}(\.\d+)?$/;

/** A number as brokers write it: `1,23,456.50`, `₹ 67.5`, `450.000000`. Null when it is not one. */
export function parseNumber(value: string): number | null {
  // Most cells are plain decimals (450.000000): read without the clean-up below.
  if (PLAIN_NUMBER.test(value)) return Number(value);
  const cleaned = value.trim().replace(/[₹,\s]/g, '');
  if (cleaned === '' || !/^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(cleaned)) return null;
  const n = Number(cleaned);
  return Number.isFinite(n) ? n : null;
}

/** Month abbreviations as Indian brokers write them in symbols and dates (JAN … DEC). */
export const MONTH_NAMES = [
  'JAN',
  'FEB',
  'MAR',
  'APR',
  'MAY',
  'JUN',
  'JUL',
  'AUG',
  'SEP',
  'OCT',
  'NOV',
  'DEC',
] as const;

/** 1–12 for 'Jan', 'JAN', 'January'…; null for anything else. */
export function monthNumber(abbr: string): number | null {
  const i = (MONTH_NAMES as readonly string[]).indexOf(abbr.slice(0, 3).toUpperCase());
  return i < 0 ? null : i + 1;
}

const pad = (n: number) => String(n).padStart(2, '0');

function isoDate(y: number, m: number, d: number): string | null {
  return isValidDate(y, m, d) ? `${y}-${pad(m)}-${pad(d)}` : null;
}

// The common exchange form (Zerodha's order_execution_time, YYYY-MM-DD[T ]HH:MM:SS), read by character code: a
// regular expression's match array and its six strings for each of 50,000 rows were a good part of the parse.
const T = 84;
const SPACE = 32;

/** The number written by `count` ASCII digits at `from`, or -1 when any is not a digit. */
function digitsAt(s: string, from: number, count: number): number {
  let v = 0;
  for (let i = from; i < from + count; i++) {
    const c = s.charCodeAt(i) - 48;
    if (c < 0 || c > 9) return -1;
    v = v * 10 + c;
  }
  return v;
}

function isPlainIst(v: string): boolean {
  const sep = v.charCodeAt(10);
  return (
    v.length === 19 &&
    v[4] === '-' &&
    v[7] === '-' &&
    (sep === T || sep === SPACE) &&
    v[13] === ':' &&
    v[16] === ':' &&
    digitsAt(v, 0, 4) >= 0 &&
    digitsAt(v, 5, 2) >= 0 &&
    digitsAt(v, 8, 2) >= 0 &&
    upTo(digitsAt(v, 11, 2), 23) &&
    upTo(digitsAt(v, 14, 2), 59) &&
    upTo(digitsAt(v, 17, 2), 59)
  );
}

const upTo = (n: number, max: number) => n >= 0 && n <= max;

/**
 * A calendar date as Indian brokers write it: 2025-06-09, 09-06-2025, 09/06/2025, 09-Jun-2025, 09 Jun 2025.
 * Day-first for the numeric forms, as every Indian broker writes them. Returns YYYY-MM-DD or null.
 */
export function parseDate(value: string): string | null {
  const v = value.trim();
  let m = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})$/.exec(v);
  if (m) return isoDate(Number(m[1]), Number(m[2]), Number(m[3]));
  m = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/.exec(v);
  if (m) return isoDate(Number(m[3]), Number(m[2]), Number(m[1]));
  m = /^(\d{1,2})[-\s]([A-Za-z]{3,9})[-\s,]+(\d{4})$/.exec(v);
  if (m) {
    const month = monthNumber(m[2] ?? '');
    return month === null ? null : isoDate(Number(m[3]), month, Number(m[1]));
  }
  return null;
}

/**
 * An exchange timestamp as `YYYY-MM-DDTHH:MM:SS+05:30`. A value without an offset is Indian exchange time
 * and is kept as written, so the calendar day never shifts; a value with an offset (or Z) is converted to IST.
 * `date` is used when `time` holds only a clock time (or nothing).
 */
export function istTimestamp(dateOrDateTime: string, time = ''): string | null {
  const v = dateOrDateTime.trim();
  if (isPlainIst(v)) {
    if (!isValidDate(digitsAt(v, 0, 4), digitsAt(v, 5, 2), digitsAt(v, 8, 2))) return null;
    return v.charCodeAt(10) === T ? `${v}+05:30` : `${v.slice(0, 10)}T${v.slice(11)}+05:30`;
  }
  const withOffset = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}(?::\d{2})?(?:\.\d+)?)\s*(Z|[+-]\d{2}:?\d{2})$/i.exec(v);
  if (withOffset) {
    const ms = Date.parse(`${withOffset[1]}T${withOffset[2]}${withOffset[3]}`);
    if (Number.isNaN(ms)) return null;
    return formatIstTimestamp(ms);
  }
  const split = /^(.+?)[T ](\d{1,2}:\d{2}(?::\d{2})?)(?:\.\d+)?$/.exec(v);
  const datePart = split ? (split[1] ?? '') : v;
  const clock = split ? (split[2] ?? '') : time.trim();
  const day = parseDate(datePart);
  if (day === null) return null;
  const c = /^(\d{1,2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?(?:\s*([AaPp][Mm]))?$/.exec(clock === '' ? '00:00' : clock);
  if (!c) return null;
  let h = Number(c[1]);
  const meridiem = c[4]?.toLowerCase();
  if (meridiem === 'pm' && h < 12) h += 12;
  if (meridiem === 'am' && h === 12) h = 0;
  const min = Number(c[2]);
  const s = Number(c[3] ?? 0);
  if (h > 23 || min > 59 || s > 59) return null;
  return `${day}T${pad(h)}:${pad(min)}:${pad(s)}+05:30`;
}
