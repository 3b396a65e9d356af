// Trading symbols as Indian brokers write them.
// Derivatives, as Zerodha (and Kite-style exports) write them:
//   monthly option  NIFTY25DEC24500CE     underlying, YY, MMM, strike, CE/PE (no day: the expiry_date column gives it)
//   weekly option   NIFTY2511324500CE     underlying, YY, M (1-9, O, N, D), DD, strike, CE/PE
//   future          RELIANCE26JANFUT      underlying, YY, MMM, FUT
// Shares, which may carry their NSE series (IDEA-BE): see baseSymbol.
import { monthNumber } from './normalise';
import type { OptionType, Segment } from './types';

export interface DecodedSymbol {
  segment: Segment;
  underlying: string | null;
  /** YYYY-MM-DD when the symbol carries the day (weekly options); otherwise null. */
  expiry: string | null;
  /** YYYY-MM of the expiry, which every derivative symbol carries. */
  expiryMonth: string | null;
  strike: number | null;
  optionType: OptionType | null;
}

const MMM = '(JAN|FEB|MAR|APR|MAY|JUN|JUL|AUG|SEP|OCT|NOV|DEC)';
// The underlying is matched lazily so that digits in names (NIFTYNXT50, M&M, BAJAJ-AUTO) stay in it.
const FUTURE = new RegExp(`^([A-Z0-9&_-]+?)(\\d{2})${MMM}FUT$`);
const MONTHLY = new RegExp(`^([A-Z0-9&_-]+?)(\\d{2})${MMM}(\\d+(?:\\.\\d+)?)(CE|PE)$`);
const WEEKLY = /^([A-Z0-9&_-]+?)(\d{2})([1-9OND])(\d{2})(\d+(?:\.\d+)?)(CE|PE)$/;
const WEEKLY_MONTH: Record<string, number> = { O: 10, N: 11, D: 12 };

const pad = (n: number) => String(n).padStart(2, '0');

/** Decodes a symbol; anything that is not a derivative symbol is equity with no contract fields. */
export function decodeSymbol(symbol: string): DecodedSymbol {
  const s = symbol.trim().toUpperCase().replace(/\s+/g, '');
  let m = FUTURE.exec(s);
  if (m) {
    return {
      segment: 'futures',
      underlying: m[1] ?? null,
      expiry: null,
      expiryMonth: `20${m[2]}-${pad(monthNumber(m[3] ?? '') ?? 0)}`,
      strike: null,
      optionType: null,
    };
  }
  m = MONTHLY.exec(s);
  if (m) {
    return {
      segment: 'options',
      underlying: m[1] ?? null,
      expiry: null,
      expiryMonth: `20${m[2]}-${pad(monthNumber(m[3] ?? '') ?? 0)}`,
      strike: Number(m[4]),
      optionType: m[5] as OptionType,
    };
  }
  m = WEEKLY.exec(s);
  if (m) {
    const code = m[3] ?? '';
    const month = WEEKLY_MONTH[code] ?? Number(code);
    const day = Number(m[4]);
    if (day >= 1 && day <= 31) {
      return {
        segment: 'options',
        underlying: m[1] ?? null,
        expiry: `20${m[2]}-${pad(month)}-${pad(day)}`,
        expiryMonth: `20${m[2]}-${pad(month)}`,
        strike: Number(m[5]),
        optionType: m[6] as OptionType,
      };
    }
  }
  return { segment: 'equity', underlying: null, expiry: null, expiryMonth: null, strike: null, optionType: null };
}

/**
 * NSE series that leave a share the same security, with the same ISIN (NSE's series list, as brokers publish it):
 * EQ normal market; BE and BZ trade-for-trade (surveillance, non-compliance); BL block deal window; BT physical-share
 * exit window; IL and IQ foreign-investor windows; SM and ST the SME platform; GB and GS sovereign gold bonds and
 * government securities (the symbol itself names the bond). Left out on purpose: E1…E9 (partly paid shares) and RE
 * (rights entitlements) have their own ISINs, and N*, Y*, Z* debt series name different bonds.
 */
export const SAME_SHARE_SERIES: readonly string[] = ['EQ', 'BE', 'BZ', 'BL', 'BT', 'IL', 'IQ', 'SM', 'ST', 'GB', 'GS'];

const SERIES_SUFFIX = new RegExp(`^(.+)-(${SAME_SHARE_SERIES.join('|')})$`);

/**
 * The share a symbol names, without an NSE series suffix: IDEA-BE and SUZLON-BZ are IDEA and SUZLON. Names whose
 * hyphen is part of them (BAJAJ-AUTO, NAM-INDIA, MCDOWELL-N) stay whole: only a suffix in SAME_SHARE_SERIES goes.
 * Upper-cased and trimmed. For shares only: a derivative symbol has no such suffix to strip.
 */
export function baseSymbol(symbol: string): string {
  const s = symbol.trim().toUpperCase();
  if (s.charCodeAt(s.length - 3) !== 45 /* - */) return s;
  return SERIES_SUFFIX.exec(s)?.[1] ?? s;
}
