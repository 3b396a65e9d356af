import { dateOfDayNumber } from './ist';
import { type PreparedJournal, prepare } from './prepare';
import type { DayStat, Rate, Stat, TradeForStats, TradeStat } from './types';

/** Peak-to-trough fall of cumulative net P&L, starting from 0 before the first trade. */
export interface Drawdown extends Stat {
  /** ₹ fallen from the peak (≥ 0); null when there are no trades. */
  value: number | null;
  /** value ÷ peak; null when the peak was not above 0 (a fall from ₹0 has no meaningful percentage). */
  percentOfPeak: number | null;
  peak: number;
  /** The trade that set the peak (null when the peak is the ₹0 start) and the trade at the bottom. */
  peakTradeId: string | null;
  troughTradeId: string | null;
}

export interface EquityPoint {
  tradeId: string;
  exitTime: string;
  netPnl: number;
  equity: number;
}

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
  /** Days with at least one trade (by IST trade date). */
  tradingDays: number;
  /** `n` is the number of trading days it was picked from; `trades` the trades on that day. */
  bestDay: DayStat & { trades: number };
  worstDay: DayStat & { trades: number };
  /** Consecutive wins (losses) in exit order; a break-even ends both streaks. */
  longestWinStreak: Stat;
  longestLossStreak: Stat;
}

export interface SummaryWithCurves extends Summary {
  equity: { byTrade: EquityPoint[]; byDay: DailyPoint[] };
}

/** Every headline statistic of a set of closed trades, each with its sample size, plus the equity curves. */
export function summarize(trades: readonly TradeForStats[]): SummaryWithCurves {
  const journal = prepare(trades);
  const acc = new SummaryAccumulator(journal, true);
  for (let i = 0; i < journal.trades.length; i++) acc.add(i);
  return acc.result() as SummaryWithCurves;
}

const ratio = (a: number, b: number): number | null => (b === 0 ? null : a / b);

/**
 * Running statistics fed one trade at a time in exit order (see `prepare`), so that every group of every
 * dimension is summarised in the same single pass over the journal. Days are kept in dense arrays over the
 * journal's day range rather than a Map: a few hundred numbers per group, and no sort at the end.
 */
export class SummaryAccumulator {
  private n = 0;
  private net = 0;
  private gross = 0;
  private charges = 0;
  private wins = 0;
  private losses = 0;
  private profit = 0;
  private loss = 0;
  /** Row indices into the journal's columns; −1 until there is one. */
  private largestWin = -1;
  private largestLoss = -1;
  private peak = 0;
  private peakAt = -1;
  private ddPeak = 0;
  private dd = 0;
  private ddPeakAt = -1;
  private ddTroughAt = -1;
  private winRun = 0;
  private lossRun = 0;
  private longestWin = 0;
  private longestLoss = 0;
  private readonly dayPnl: Float64Array;
  private readonly dayTrades: Int32Array;
  private readonly byTrade: EquityPoint[] = [];

  constructor(
    private readonly journal: PreparedJournal,
    private readonly curves: boolean,
  ) {
    this.dayPnl = new Float64Array(journal.dayCount);
    this.dayTrades = new Int32Array(journal.dayCount);
  }

  /** Feeds row `i` of the journal; rows must come in exit order. */
  add(i: number): void {
    const j = this.journal;
    const pnl = j.netPnl[i]!;
    this.n++;
    const net = this.net + pnl;
    this.net = net;
    this.gross += j.grossPnl[i]!;
    this.charges += j.charges[i]!;
    if (pnl > 0) {
      this.wins++;
      this.profit += pnl;
      if (this.largestWin < 0 || pnl > j.netPnl[this.largestWin]!) this.largestWin = i;
      this.lossRun = 0;
      if (++this.winRun > this.longestWin) this.longestWin = this.winRun;
    } else if (pnl < 0) {
      this.losses++;
      this.loss -= pnl;
      if (this.largestLoss < 0 || pnl < j.netPnl[this.largestLoss]!) this.largestLoss = i;
      this.winRun = 0;
      if (++this.lossRun > this.longestLoss) this.longestLoss = this.lossRun;
    } else {
      this.winRun = 0;
      this.lossRun = 0;
    }
    if (net > this.peak) {
      this.peak = net;
      this.peakAt = i;
    } else if (this.peak - net > this.dd) {
      this.dd = this.peak - net;
      this.ddPeak = this.peak;
      this.ddPeakAt = this.peakAt;
      this.ddTroughAt = i;
    }
    const d = j.day[i]! - j.firstDay;
    this.dayPnl[d]! += pnl;
    this.dayTrades[d]!++;
    if (this.curves) {
      const t = j.trades[i]!;
      this.byTrade.push({ tradeId: t.id, exitTime: t.exitTime, netPnl: pnl, equity: net });
    }
  }

  result(): Summary | SummaryWithCurves {
    const { n, wins, losses, profit, loss, dd, ddPeak } = this;
    const { trades, netPnl } = this.journal;
    const extreme = (i: number) => ({
      value: i < 0 ? null : netPnl[i]!,
      tradeId: i < 0 ? null : trades[i]!.id,
    });
    const idAt = (i: number) => (i < 0 ? null : trades[i]!.id);
    type Day = { day: number; pnl: number; trades: number };
    let best: Day | null = null;
    let worst: Day | null = null;
    let nDays = 0;
    const byDay: DailyPoint[] = [];
    let equity = 0;
    for (let d = 0; d < this.dayTrades.length; d++) {
      const count = this.dayTrades[d]!;
      if (count === 0) continue;
      const pnl = this.dayPnl[d]!;
      nDays++;
      equity += pnl;
      const day = d + this.journal.firstDay;
      if (!best || pnl > best.pnl) best = { day, pnl, trades: count };
      if (!worst || pnl < worst.pnl) worst = { day, pnl, trades: count };
      if (this.curves) byDay.push({ date: dateOfDayNumber(day), netPnl: pnl, trades: count, equity });
    }
    const dayStat = (x: Day | null) => ({
      date: x ? dateOfDayNumber(x.day) : null,
      value: x ? x.pnl : null,
      trades: x ? x.trades : 0,
      n: nDays,
    });
    const avgWin = ratio(profit, wins);
    const avgLoss = ratio(loss, losses);
    const winRate = ratio(wins, n);
    const lossRate = ratio(losses, n);
    const summary: Summary = {
      trades: n,
      wins,
      losses,
      breakEven: n - wins - losses,
      netPnl: { value: n ? this.net : null, n },
      grossPnl: { value: n ? this.gross : null, n },
      charges: { value: n ? this.charges : null, n },
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
      largestWin: { ...extreme(this.largestWin), n: wins },
      largestLoss: { ...extreme(this.largestLoss), n: losses },
      maxDrawdown: {
        value: n ? dd : null,
        percentOfPeak: dd > 0 && ddPeak > 0 ? dd / ddPeak : null,
        peak: ddPeak,
        peakTradeId: idAt(this.ddPeakAt),
        troughTradeId: idAt(this.ddTroughAt),
        n,
      },
      tradingDays: nDays,
      bestDay: dayStat(best),
      worstDay: dayStat(worst),
      longestWinStreak: { value: n ? this.longestWin : null, n },
      longestLossStreak: { value: n ? this.longestLoss : null, n },
    };
    return this.curves ? { ...summary, equity: { byTrade: this.byTrade, byDay } } : summary;
  }
}
