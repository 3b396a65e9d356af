import { kolkataDate } from '../charges/trade-date';

/** One lot size for an underlying, in force for contracts expiring on or after `fromExpiry`. */
export interface LotSizeEntry {
  underlying: string;
  lotSize: number;
  /** First expiry (YYYY-MM-DD) the size applies to; absent for the oldest size the table knows. */
  fromExpiry?: string;
}

export type LotSizeTable = readonly LotSizeEntry[];

// NSE revises lot sizes about twice a year by contract expiry, so each size is dated by the first expiry it covers.
// The sizes before January 2026 are INDIA.md's "before" figures; older history is not yet recorded, so those rows
// have no lower bound.
export const NSE_INDEX_LOT_SIZES: LotSizeTable = [
  { underlying: 'NIFTY', lotSize: 75 },
  { underlying: 'BANKNIFTY', lotSize: 35 },
  { underlying: 'FINNIFTY', lotSize: 65 },
  { underlying: 'MIDCPNIFTY', lotSize: 140 },
  { underlying: 'NIFTYNXT50', lotSize: 25 },
  { underlying: 'NIFTY', lotSize: 65, fromExpiry: '2026-01-01' },
  { underlying: 'BANKNIFTY', lotSize: 30, fromExpiry: '2026-01-01' },
  { underlying: 'FINNIFTY', lotSize: 60, fromExpiry: '2026-01-01' },
  { underlying: 'MIDCPNIFTY', lotSize: 120, fromExpiry: '2026-01-01' },
  { underlying: 'NIFTYNXT50', lotSize: 25, fromExpiry: '2026-01-01' },
];

/**
 * The lot size of a contract on `underlying` expiring on `expiry` (YYYY-MM-DD, or an instant read in Asia/Kolkata).
 * Undefined when the table does not know the underlying: the caller asks the user rather than guess.
 */
export function lotSize(
  underlying: string,
  expiry: string | Date,
  table: LotSizeTable = NSE_INDEX_LOT_SIZES,
): number | undefined {
  const symbol = underlying.trim().toUpperCase();
  const day = kolkataDate(expiry, 'Expiry');
  let found: LotSizeEntry | undefined;
  for (const entry of table) {
    if (entry.underlying !== symbol) continue;
    const from = entry.fromExpiry ?? '';
    if (from <= day && (!found || from > (found.fromExpiry ?? ''))) found = entry;
  }
  return found?.lotSize;
}
