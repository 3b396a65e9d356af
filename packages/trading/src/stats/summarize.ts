import { dateOfDayNumber } from '../time/ist';
import { OUTCOME_SUMS, type OutcomeTotals, outcomeTotals } from './outcome-sums';
import { asPrepared, PACKED, type PreparedJournal } from './prepare';
import { type FilterOption, selectRows } from './select';
import type { DayStat, Rate, Stat, TradeForStats, TradeStat } from './types';

/**
 * The deepest peak-to-trough fall of the daily equity curve (`equity.byDay`): cumulative net P&L at the end of each
 * IST exit day, starting from ₹0 before the first day, so a first losing day is a drawdown from ₹0. Measured on the
 * same points the equity curve shows, so the two always agree. `n` is the number of trading days.
 */
export interface Drawdown extends Stat {
  /** ₹ fallen from the peak (≥ 0); null when there are no trades. */
  value: number | null;
  /** value ÷ peak; null when the peak was not above 0 (a fall from ₹0 has no meaningful percentage). */
  percentOfPeak: number | null;
  /** Equity at the peak the fall started from (0 for the start). */
  peak: number;
  /** The IST day whose close set the peak ('YYYY-MM-DD'); null when the peak is the ₹0 start or nothing fell. */
  peakDate: string | null;
  /** The IST day whose close was the bottom of the fall; null when nothing fell. */
  troughDate: string | null;
}

export interface EquityPoint {
  tradeId: string;
  exitTime: string;
  netPnl: number;
  equity: number;
}

/** One IST exit day of the daily equity curve: the day's net P&L, its trades, and equity at its close. */
export interface DailyPoint {
  /** IST date 'YYYY-MM-DD'. */
  date: string;
  netPnl: number;
  trades: number;
  equity: number;
}

export interface Summary {
  /** Closed trades counted; every other `n` is out of these (or out of the days, for day figures). */
  trades: number;
  wins: number;
  losses: number;
  /** Net P&L exactly 0: neither a win nor a loss, but in the denominators of win and loss rates. */
  breakEven: number;
  netPnl: Stat;
  grossPnl: Stat;
  charges: Stat;
  /** Sum of net P&L of winning trades. */
  grossProfit: Stat;
  /** Sum of net P&L of losing trades, as a positive amount. */
  grossLoss: Stat;
  /** wins ÷ trades (break-evens count in the denominator). */
  winRate: Rate;
  lossRate: Rate;
  /** grossProfit ÷ grossLoss; null when there is no loss to divide by (the UI shows "—" or "∞" beside `wins`). */
  profitFactor: Stat;
  /** winRate × averageWin − lossRate × |averageLoss|, i.e. net P&L per trade. */
  expectancy: Stat;
  averageWin: Stat;
  /** Negative: the mean net P&L of losing trades. */
  averageLoss: Stat;
  largestWin: TradeStat;
  /** Negative: the most negative net P&L. */
  largestLoss: TradeStat;
  maxDrawdown: Drawdown;
  /** Days with at least one trade closed (by IST exit day). */
  tradingDays: number;
  /** By IST exit day. `n` is the number of trading days it was picked from; `trades` the trades closed that day. */
  bestDay: DayStat & { trades: number };
  worstDay: DayStat & { trades: number };
  /** Consecutive wins (losses) in exit order; a break-even ends both streaks. */
  longestWinStreak: Stat;
  longestLossStreak: Stat;
}

export interface SummaryWithCurves extends Summary {
  equity: {
    /**
     * Cumulative net P&L after each trade, in exit order. Up to `EQUITY_CURVE_POINTS` trades every point; beyond
     * that a chart's worth of them: each stretch's highest and lowest point, the first and last trade, and the
     * deepest trade-to-trade fall's peak and trough, so every value shown is exact and no rise or fall disappears.
     * The full curve is `equityCurve(journal)`. (The dashboard draws `byDay`, which `maxDrawdown` is measured on.)
     */
    byTrade: EquityPoint[];
    /**
     * Equity at the close of each IST exit day with trades, after a starting point at ₹0 on the day before the first
     * (its `trades` is 0): the curve the dashboard draws and `maxDrawdown` is measured on. Empty without trades.
     */
    byDay: DailyPoint[];
  };
}

/** How many points `summary.equity.byTrade` keeps at most: about one per pixel of a wide chart. */
export const EQUITY_CURVE_POINTS = 1000;

/** Rows of a prepared journal (indices in exit order), e.g. a filter's result; null means every row. */
export type Rows = Uint32Array | null;

/** Every headline statistic of a set of closed trades, each with its sample size, plus the equity curves. */
export function summarize(
  trades: readonly TradeForStats[] | PreparedJournal,
  options: FilterOption = {},
): SummaryWithCurves {
  const journal = asPrepared(trades);
  return summaryOf(journal, selectRows(journal, options.filter) ?? allRows(journal));
}

const everyRow = new WeakMap<PreparedJournal, Uint32Array>();

/** 0 … n − 1: every row of the journal, made once per journal. */
export function allRows(journal: PreparedJournal): Uint32Array {
  let rows = everyRow.get(journal);
  if (!rows) {
    rows = new Uint32Array(journal.trades.length);
    for (let i = 0; i < rows.length; i++) rows[i] = i;
    everyRow.set(journal, rows);
  }
  return rows;
}

/** The running figures a summary is made from; trade positions are rows of the journal (−1: none). */
export interface Totals extends OutcomeTotals {
  gross: number;
  charges: number;
  bestWinAt: number;
  worstLossAt: number;
  longestWin: number;
  longestLoss: number;
}

/** Per-exit-day sums of one summary: `pnl[d]` and `trades[d]` for exit day index d in `from … to − 1`. */
export interface DaySums {
  pnl: Float64Array;
  trades: Float64Array;
  from: number;
  to: number;
}

/**
 * The summary of `rows` (rows of the journal in exit order): one pass with the running figures in local
 * variables. The per-group summaries are made the same way by `GroupTotals`, for every group in one pass.
 */
export function summaryOf(journal: PreparedJournal, rows: Uint32Array): SummaryWithCurves {
  const days = journal.exitDays;
  const { pnl: dayPnl, trades: dayTrades } = scratch(days.length);
  const t = new Float64Array(OUTCOME_SUMS + 6);
  sumRows(journal.packed, rows, dayPnl, dayTrades, t);
  const totals: Totals = {
    ...outcomeTotals(t, 0),
    gross: t[OUTCOME_SUMS]!,
    charges: t[OUTCOME_SUMS + 1]!,
    bestWinAt: t[OUTCOME_SUMS + 2]!,
    worstLossAt: t[OUTCOME_SUMS + 3]!,
    longestWin: t[OUTCOME_SUMS + 4]!,
    longestLoss: t[OUTCOME_SUMS + 5]!,
  };
  // Rows are in exit order, so the days they touch run from the first row's exit day to the last one's.
  const from = rows.length ? journal.exitDayIndex[rows[0]!]! : 0;
  const to = rows.length ? journal.exitDayIndex[rows[rows.length - 1]!]! + 1 : 0;
  const summary = finishSummary(journal, totals, { pnl: dayPnl, trades: dayTrades, from, to }, rows);
  dayPnl.fill(0, 0, days.length);
  dayTrades.fill(0, 0, days.length);
  return summary as SummaryWithCurves;
}

/**
 * The hot loop as a plain function of typed arrays: the outcome sums go to `out[0 … OUTCOME_SUMS − 1]` (as
 * `GroupTotals` adds a group's), then gross P&L, charges, the best win's and worst loss's rows and the longest
 * streaks. (Written as part of `summaryOf`, the optimising compiler kept discarding it.)
 */
function sumRows(
  packed: Float64Array,
  rows: Uint32Array,
  dayPnl: Float64Array,
  dayTrades: Float64Array,
  out: Float64Array,
): void {
  let gross = 0;
  let charges = 0;
  // 0 until the first win (loss): any win is above it.
  let bestWin = 0;
  let bestWinAt = -1;
  let worstLoss = 0;
  let worstLossAt = -1;
  let winRun = 0;
  let lossRun = 0;
  let longestWin = 0;
  let longestLoss = 0;
  for (let s = 0; s < rows.length; s++) {
    const i = rows[s]!;
    const p = i * PACKED;
    const pnl = packed[p]!;
    const win = packed[p + 6]!;
    const lost = packed[p + 7]!;
    // The outcome's count and net P&L, as `GroupTotals` adds them.
    const o = packed[p + 4]! | 0;
    out[o]!++;
    out[o + 1]! += pnl;
    gross += packed[p + 1]!;
    charges += packed[p + 2]!;
    // Rarely true, so these branches are predicted; a break-even (neither) ends both streaks.
    if (pnl > bestWin) {
      bestWin = pnl;
      bestWinAt = i;
    }
    if (pnl < worstLoss) {
      worstLoss = pnl;
      worstLossAt = i;
    }
    winRun = (winRun + 1) * win;
    lossRun = (lossRun + 1) * lost;
    if (winRun > longestWin) longestWin = winRun;
    if (lossRun > longestLoss) longestLoss = lossRun;
    const d = packed[p + 3]! | 0;
    dayPnl[d]! += pnl;
    dayTrades[d]!++;
  }
  out[OUTCOME_SUMS] = gross;
  out[OUTCOME_SUMS + 1] = charges;
  out[OUTCOME_SUMS + 2] = bestWinAt;
  out[OUTCOME_SUMS + 3] = worstLossAt;
  out[OUTCOME_SUMS + 4] = longestWin;
  out[OUTCOME_SUMS + 5] = longestLoss;
}

// Day sums are left zeroed after each use, so one pair of arrays serves every call.
let dayScratch = { pnl: new Float64Array(0), trades: new Float64Array(0) };
function scratch(days: number) {
  if (dayScratch.pnl.length < days) dayScratch = { pnl: new Float64Array(days), trades: new Float64Array(days) };
  return dayScratch;
}

// The running equity and the points kept, reused from call to call: 900 kB a call over 100,000 trades was garbage.
let curve = { equity: new Float64Array(0), keep: new Uint8Array(0) };
function curveScratch(count: number) {
  if (curve.equity.length < count) curve = { equity: new Float64Array(count), keep: new Uint8Array(count) };
  return curve;
}

const ratio = (a: number, b: number): number | null => (b === 0 ? null : a / b);

/** The summary from running totals and day sums; with the rows it covers, its equity curves too. */
export function finishSummary(
  journal: PreparedJournal,
  t: Totals,
  daySums: DaySums,
  curveRows?: Uint32Array,
): Summary | SummaryWithCurves {
  const { exitDays: days, trades, netPnl } = journal;
  const { pnl: dayPnl, trades: dayTrades, from, to } = daySums;
  const dateAt = (d: number) => (d < 0 ? null : dateOfDayNumber(days[d]!));
  let best = -1;
  let worst = -1;
  let nDays = 0;
  const byDay: DailyPoint[] = [];
  // The daily equity curve from ₹0, and its deepest fall: the same points the chart draws, so the two agree.
  let equity = 0;
  let peak = 0;
  let peakAt = -1;
  let dd = 0;
  let ddPeak = 0;
  let ddPeakAt = -1;
  let ddTroughAt = -1;
  for (let d = from; d < to; d++) {
    const count = dayTrades[d]!;
    if (count === 0) continue;
    const pnl = dayPnl[d]!;
    if (curveRows && nDays === 0) {
      byDay.push({ date: dateOfDayNumber(days[d]! - 1), netPnl: 0, trades: 0, equity: 0 });
    }
    nDays++;
    equity += pnl;
    if (best < 0 || pnl > dayPnl[best]!) best = d;
    if (worst < 0 || pnl < dayPnl[worst]!) worst = d;
    if (equity > peak) {
      peak = equity;
      peakAt = d;
    } else if (peak - equity > dd) {
      dd = peak - equity;
      ddPeak = peak;
      ddPeakAt = peakAt;
      ddTroughAt = d;
    }
    if (curveRows) byDay.push({ date: dateOfDayNumber(days[d]!), netPnl: pnl, trades: count, equity });
  }
  const dayStat = (d: number) => ({
    date: dateAt(d),
    value: d < 0 ? null : dayPnl[d]!,
    trades: d < 0 ? 0 : dayTrades[d]!,
    n: nDays,
  });
  const { n, wins, losses, profit, loss } = t;
  const idAt = (i: number) => (i < 0 ? null : trades[i]!.id);
  const avgWin = ratio(profit, wins);
  const avgLoss = ratio(loss, losses);
  const winRate = ratio(wins, n);
  const lossRate = ratio(losses, n);
  const summary: Summary = {
    trades: n,
    wins,
    losses,
    breakEven: n - wins - losses,
    netPnl: { value: n ? t.net : null, n },
    grossPnl: { value: n ? t.gross : null, n },
    charges: { value: n ? t.charges : null, n },
    grossProfit: { value: n ? profit : null, n },
    grossLoss: { value: n ? loss : null, n },
    winRate: { value: winRate, count: wins, n },
    lossRate: { value: lossRate, count: losses, n },
    profitFactor: { value: ratio(profit, loss), n },
    expectancy: {
      value: n ? (winRate ?? 0) * (avgWin ?? 0) - (lossRate ?? 0) * (avgLoss ?? 0) : null,
      n,
    },
    averageWin: { value: avgWin, n: wins },
    averageLoss: { value: avgLoss === null ? null : -avgLoss, n: losses },
    largestWin: { value: t.bestWinAt < 0 ? null : netPnl[t.bestWinAt]!, tradeId: idAt(t.bestWinAt), n: wins },
    largestLoss: {
      value: t.worstLossAt < 0 ? null : netPnl[t.worstLossAt]!,
      tradeId: idAt(t.worstLossAt),
      n: losses,
    },
    maxDrawdown: {
      value: n ? dd : null,
      percentOfPeak: dd > 0 && ddPeak > 0 ? dd / ddPeak : null,
      peak: ddPeak,
      peakDate: dateAt(ddPeakAt),
      troughDate: dateAt(ddTroughAt),
      n: nDays,
    },
    tradingDays: nDays,
    bestDay: dayStat(best),
    worstDay: dayStat(worst),
    longestWinStreak: { value: n ? t.longestWin : null, n },
    longestLossStreak: { value: n ? t.longestLoss : null, n },
  };
  if (!curveRows) return summary;
  return { ...summary, equity: { byTrade: equityCurve(journal, curveRows, EQUITY_CURVE_POINTS), byDay } };
}

/**
 * Cumulative net P&L after each of `rows` (every row when null), in exit order. With `maxPoints`, a long curve is
 * thinned for a chart: each stretch's highest and lowest point, the first and last, and the deepest trade-to-trade
 * fall's peak and trough are kept with their exact values, so the shape and every extreme survive.
 */
export function equityCurve(journal: PreparedJournal, rows: Rows = null, maxPoints = Infinity): EquityPoint[] {
  const list = rows ?? allRows(journal);
  const count = list.length;
  const { equity, keep } = curveScratch(count);
  const { netPnl } = journal;
  let net = 0;
  let peak = 0;
  let peakAt = -1;
  let dd = 0;
  let ddPeakAt = -1;
  let ddTroughAt = -1;
  for (let s = 0; s < count; s++) {
    net += netPnl[list[s]!]!;
    equity[s] = net;
    if (net > peak) {
      peak = net;
      peakAt = s;
    } else if (peak - net > dd) {
      dd = peak - net;
      ddPeakAt = peakAt;
      ddTroughAt = s;
    }
  }
  if (count <= maxPoints) keep.fill(1, 0, count);
  else {
    const stretches = Math.max(1, Math.floor((maxPoints - 4) / 2));
    const size = Math.ceil(count / stretches);
    keep.fill(0, 0, count);
    for (let from = 0; from < count; from += size) {
      let hi = from;
      let lo = from;
      const end = Math.min(count, from + size);
      for (let s = from + 1; s < end; s++) {
        if (equity[s]! > equity[hi]!) hi = s;
        if (equity[s]! < equity[lo]!) lo = s;
      }
      keep[hi] = 1;
      keep[lo] = 1;
    }
    for (const s of [0, count - 1, ddPeakAt, ddTroughAt]) if (s >= 0) keep[s] = 1;
  }
  const points: EquityPoint[] = [];
  for (let s = 0; s < count; s++) {
    if (!keep[s]) continue;
    const t = journal.trades[list[s]!]!;
    points.push({ tradeId: t.id, exitTime: t.exitTime, netPnl: t.netPnl, equity: equity[s]! });
  }
  return points;
}
