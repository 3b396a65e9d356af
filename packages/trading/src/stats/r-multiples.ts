import type { Stat, TradeForStats } from './types';

type RTrade = Pick<TradeForStats, 'side' | 'entryPrice' | 'exitPrice' | 'stopLoss'>;

/**
 * Realised R = (exit − entry) ÷ |entry − stop|, sign reversed for shorts: what the trade made in units of what it
 * risked at entry, by price (charges are in net P&L, not in R). Null without a stop, or with a stop at or on the
 * wrong side of entry (an input error: below entry for a long, above for a short) – never an R made up from a guess.
 */
export function tradeR(trade: RTrade): number | null {
  const { side, entryPrice, exitPrice, stopLoss } = trade;
  if (stopLoss === null || stopLoss === undefined) return null;
  const risk = side === 'long' ? entryPrice - stopLoss : stopLoss - entryPrice;
  if (!(risk > 0)) return null;
  return ((side === 'long' ? 1 : -1) * (exitPrice - entryPrice)) / risk;
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

/** Bucket edges in R: a −1R stop-out lands in "−1R to 0R"; anything worse went past the stop. */
const EDGES = [-2, -1, 0, 1, 2, 3];
const fmt = (r: number) => `${r < 0 ? '−' : ''}${Math.abs(r)}R`;

export function rDistribution(trades: readonly TradeForStats[]): RDistribution {
  const acc = new RAccumulator();
  for (const t of trades) acc.add(t);
  return acc.result();
}

/** The distribution fed one trade at a time, so `journalStats` can build it in its single pass. */
export class RAccumulator {
  private readonly counts = new Array<number>(EDGES.length + 1).fill(0);
  private n = 0;
  private withoutStop = 0;
  private invalidStop = 0;
  private total = 0;
  private positive = 0;

  add(t: RTrade): void {
    if (t.stopLoss === null || t.stopLoss === undefined) {
      this.withoutStop++;
      return;
    }
    const r = tradeR(t);
    if (r === null) {
      this.invalidStop++;
      return;
    }
    this.n++;
    this.total += r;
    if (r > 0) this.positive++;
    let i = 0;
    while (i < EDGES.length && r >= EDGES[i]!) i++;
    this.counts[i]!++;
  }

  result(): RDistribution {
    const { n, total, positive } = this;
    const buckets = this.counts.map((count, i) => {
      const from = i === 0 ? Number.NEGATIVE_INFINITY : EDGES[i - 1]!;
      const to = i === EDGES.length ? Number.POSITIVE_INFINITY : EDGES[i]!;
      const label = i === 0 ? `< ${fmt(to)}` : i === EDGES.length ? `≥ ${fmt(from)}` : `${fmt(from)} to ${fmt(to)}`;
      return { label, from, to, count };
    });
    return {
      n,
      withoutStop: this.withoutStop,
      invalidStop: this.invalidStop,
      averageR: { value: n ? total / n : null, n },
      totalR: { value: n ? total : null, n },
      positive: { value: n ? positive / n : null, count: positive, n },
      buckets,
    };
  }
}
