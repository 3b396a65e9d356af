import { rMultiple } from '../sizing/realised-r';
import { asPrepared, type PreparedJournal, R_EDGES, R_INVALID_STOP, R_NO_STOP } from './prepare';
import { type FilterOption, selectRows } from './select';
import { allRows, type Rows } from './summarize';
import type { Stat, TradeForStats } from './types';

type RTrade = Pick<TradeForStats, 'side' | 'entryPrice' | 'exitPrice' | 'stopLoss'>;

/**
 * A journal trade's R (the formula is `rMultiple`'s): what the trade made in units of what it risked at entry, by
 * price (charges are in net P&L, not in R). Null without a stop, or with a stop at or on the wrong side of entry
 * (an input error: below entry for a long, above for a short) – never an R made up from a guess.
 */
export function tradeR(trade: RTrade): number | null {
  const { side, entryPrice, exitPrice, stopLoss } = trade;
  if (stopLoss === null || stopLoss === undefined) return null;
  return rMultiple(side, entryPrice, exitPrice, stopLoss);
}

export interface RBucket {
  label: string;
  /** Inclusive lower bound in R (−Infinity for the first bucket). */
  from: number;
  /** Exclusive upper bound in R (Infinity for the last bucket). */
  to: number;
  count: number;
}

export interface RDistribution {
  /** Trades with a usable stop: the sample for every R figure. */
  n: number;
  /** Trades left out because they have no stop. */
  withoutStop: number;
  /** Trades left out because the stop sits at or on the wrong side of entry. */
  invalidStop: number;
  averageR: Stat;
  totalR: Stat;
  /** Share of R-measured trades that made more than 0R. */
  positive: Stat & { count: number };
  buckets: RBucket[];
}

const EDGES = R_EDGES;
const fmt = (r: number) => `${r < 0 ? '−' : ''}${Math.abs(r)}R`;

export function rDistribution(
  trades: readonly TradeForStats[] | PreparedJournal,
  options: FilterOption = {},
): RDistribution {
  const journal = asPrepared(trades);
  return rDistributionOf(journal, selectRows(journal, options.filter));
}

/** The distribution over rows of a prepared journal (all when null), from its R and R-bucket columns. */
export function rDistributionOf(journal: PreparedJournal, rows: Rows): RDistribution {
  const counts = new Float64Array(256);
  const sums = new Float64Array(2);
  countR(journal.r, journal.rBucket, rows ?? allRows(journal), counts, sums);
  const total = sums[0]!;
  const positive = sums[1]!;
  const inBuckets = Array.from(counts.subarray(0, EDGES.length + 1));
  const n = inBuckets.reduce((sum, count) => sum + count, 0);
  const buckets = inBuckets.map((count, i) => {
    const from = i === 0 ? Number.NEGATIVE_INFINITY : EDGES[i - 1]!;
    const to = i === EDGES.length ? Number.POSITIVE_INFINITY : EDGES[i]!;
    const label = i === 0 ? `< ${fmt(to)}` : i === EDGES.length ? `≥ ${fmt(from)}` : `${fmt(from)} to ${fmt(to)}`;
    return { label, from, to, count };
  });
  return {
    n,
    withoutStop: counts[R_NO_STOP]!,
    invalidStop: counts[R_INVALID_STOP]!,
    averageR: { value: n ? total / n : null, n },
    totalR: { value: n ? total : null, n },
    positive: { value: n ? positive / n : null, count: positive, n },
    buckets,
  };
}

/**
 * Counts rows per R bucket; sums R and counts R > 0 over the rows that have one (into `sums`). A row without R has R 0,
 * which adds nothing to either, so the loop does not branch on whether a trade had a stop (unpredictable).
 */
function countR(r: Float64Array, rBucket: Uint8Array, rows: Uint32Array, counts: Float64Array, sums: Float64Array) {
  let total = 0;
  let positive = 0;
  for (let s = 0; s < rows.length; s++) {
    const i = rows[s]!;
    counts[rBucket[i]!]!++;
    const value = r[i]!;
    total += value;
    positive += +(value > 0);
  }
  sums[0] = total;
  sums[1] = positive;
}
