import { parseDate, parseTimestamp } from './ist';
import type { TradeForStats } from './types';

/**
 * The journal parsed once and laid out as columns in exit order (P&L is realised at exit; ties by entry, then id).
 * Passes over 100,000 trades then read a few typed arrays front to back instead of chasing 100,000 objects.
 */
export interface PreparedJournal {
  trades: TradeForStats[];
  netPnl: Float64Array;
  grossPnl: Float64Array;
  charges: Float64Array;
  entryMs: Float64Array;
  exitMs: Float64Array;
  /** IST day number of each trade date. */
  day: Int32Array;
  /** Day number of the earliest trade date, and the number of days from it to the latest, inclusive. */
  firstDay: number;
  dayCount: number;
}

/** `visit` sees each trade once, in exit order, while it is in hand: other columns are built without another pass. */
export function prepare(
  input: readonly TradeForStats[],
  visit?: (trade: TradeForStats, row: number) => void,
): PreparedJournal {
  const n = input.length;
  const entry = new Float64Array(n);
  const exit = new Float64Array(n);
  const days = new Int32Array(n);
  let sorted = true;
  let first = 0x7fffffff;
  let last = -0x7fffffff;
  for (let i = 0; i < n; i++) {
    const t = input[i]!;
    entry[i] = parseTimestamp(t.entryTime);
    exit[i] = parseTimestamp(t.exitTime);
    const d = parseDate(t.tradeDate);
    days[i] = d;
    if (d < first) first = d;
    if (d > last) last = d;
    if (sorted && i > 0 && compare(input, entry, exit, i - 1, i) > 0) sorted = false;
  }
  // Journals usually arrive in time order: skip the sort when they already are.
  let order: ArrayLike<number> | null = null;
  if (!sorted) {
    const idx = Array.from({ length: n }, (_, i) => i);
    idx.sort((a, b) => compare(input, entry, exit, a, b));
    order = idx;
  }
  const journal: PreparedJournal = {
    trades: new Array(n),
    netPnl: new Float64Array(n),
    grossPnl: new Float64Array(n),
    charges: new Float64Array(n),
    entryMs: order ? new Float64Array(n) : entry,
    exitMs: order ? new Float64Array(n) : exit,
    day: order ? new Int32Array(n) : days,
    firstDay: n ? first : 0,
    dayCount: n ? last - first + 1 : 0,
  };
  for (let i = 0; i < n; i++) {
    const j = order ? order[i]! : i;
    const t = input[j]!;
    journal.trades[i] = t;
    journal.netPnl[i] = t.netPnl;
    journal.grossPnl[i] = t.grossPnl;
    journal.charges[i] = t.charges;
    if (visit) visit(t, i);
    if (order) {
      journal.entryMs[i] = entry[j]!;
      journal.exitMs[i] = exit[j]!;
      journal.day[i] = days[j]!;
    }
  }
  return journal;
}

function compare(trades: readonly TradeForStats[], entry: Float64Array, exit: Float64Array, a: number, b: number) {
  const ia = trades[a]!.id;
  const ib = trades[b]!.id;
  return exit[a]! - exit[b]! || entry[a]! - entry[b]! || (ia < ib ? -1 : ia > ib ? 1 : 0);
}
