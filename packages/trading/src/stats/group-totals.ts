import { OUTCOME_SUMS, outcomeTotals, tradesIn } from './outcome-sums';
import { PACKED, type PreparedJournal } from './prepare';
import { allRows, finishSummary, type Rows, type Summary, type SummaryWithCurves, summaryOf } from './summarize';

// Each group's outcome sums side by side in one array (`OUTCOME_SUMS` numbers a group), so every group of every
// dimension stays in the processor's cache while the journal streams past. Gross P&L, charges, and what depends on the
// order or the days of a group's trades (largest win and loss, drawdown, streaks, trading days, best and worst day)
// are not summed here: no screen shows them per group, so they are worked out from the group's own rows if read.

const NOT_SUMMED = { gross: 0, charges: 0, bestWinAt: -1, worstLossAt: -1, longestWin: 0, longestLoss: 0 };
const NO_DAYS = { pnl: new Float64Array(0), trades: new Float64Array(0), from: 0, to: 0 };

/**
 * Running sums of every group of every dimension, fed the journal's rows once in exit order: each row is read once
 * (its packed cache line) and added to each of its ~12 groups. The arithmetic is `summaryOf`'s, in the same order,
 * so the figures are identical to summarising each group's rows on their own.
 */
export class GroupTotals {
  private readonly state: Float64Array;
  private readonly rows: Uint32Array;
  /** Every group's rows in exit order (`groupRows.subarray(groupStart[g], groupStart[g + 1])`), made on first need. */
  private groupRows: Uint32Array | null = null;
  private groupStart: Uint32Array | null = null;

  private readonly journal: PreparedJournal;

  constructor(journal: PreparedJournal, rows: Rows) {
    this.journal = journal;
    this.state = new Float64Array(journal.groupCount * OUTCOME_SUMS);
    this.rows = rows ?? allRows(journal);
    addRows(journal.packed, journal.rowGroupStart, journal.rowGroups, this.rows, this.state);
  }

  /** Trades in group g (numbered across dimensions). */
  trades(g: number): number {
    return tradesIn(this.state, g * OUTCOME_SUMS);
  }

  /** Group g's rows in exit order; every group's are laid out in one counting-sort pass the first time. */
  rowsOf(g: number): Uint32Array {
    if (!this.groupRows || !this.groupStart) {
      const { groupCount, rowGroupStart, rowGroups } = this.journal;
      const start = new Uint32Array(groupCount + 1);
      for (let h = 0; h < groupCount; h++) start[h + 1] = start[h]! + this.trades(h);
      const next = start.slice(0, groupCount);
      const out = new Uint32Array(start[groupCount]!);
      for (const i of this.rows) {
        for (let k = rowGroupStart[i]!; k < rowGroupStart[i + 1]!; k++) out[next[rowGroups[k]!]!++] = i;
      }
      this.groupRows = out;
      this.groupStart = start;
    }
    return this.groupRows.subarray(this.groupStart[g]!, this.groupStart[g + 1]!);
  }

  /** Group g's summary; with its rows in exit order, its equity curves too. */
  summary(g: number, curveRows?: Uint32Array): Summary | SummaryWithCurves {
    if (curveRows) return summaryOf(this.journal, curveRows);
    const summed = finishSummary(
      this.journal,
      { ...outcomeTotals(this.state, g * OUTCOME_SUMS), ...NOT_SUMMED },
      NO_DAYS,
    );
    return new GroupSummary(summed, () => summaryOf(this.journal, this.rowsOf(g)));
  }
}

/**
 * A group's summary: the summed figures as its own fields; the rest (gross P&L and charges, and what needs the group's
 * rows in exit order: largest win and loss, drawdown, streaks, trading days, best and worst day) worked out from its
 * rows on the first read of any of them. No
 * screen shows those per group, so over a large journal they are rarely paid for. (Accessors on each object instead
 * of the class made every group's summary a slow dictionary object of several kilobytes.)
 */
class GroupSummary implements Summary {
  readonly trades: number;
  readonly wins: number;
  readonly losses: number;
  readonly breakEven: number;
  readonly netPnl: Summary['netPnl'];
  readonly grossProfit: Summary['grossProfit'];
  readonly grossLoss: Summary['grossLoss'];
  readonly winRate: Summary['winRate'];
  readonly lossRate: Summary['lossRate'];
  readonly profitFactor: Summary['profitFactor'];
  readonly expectancy: Summary['expectancy'];
  readonly averageWin: Summary['averageWin'];
  readonly averageLoss: Summary['averageLoss'];
  readonly #fromRows: () => Summary;
  #full: Summary | undefined;

  constructor(summed: Summary, fromRows: () => Summary) {
    this.trades = summed.trades;
    this.wins = summed.wins;
    this.losses = summed.losses;
    this.breakEven = summed.breakEven;
    this.netPnl = summed.netPnl;
    this.grossProfit = summed.grossProfit;
    this.grossLoss = summed.grossLoss;
    this.winRate = summed.winRate;
    this.lossRate = summed.lossRate;
    this.profitFactor = summed.profitFactor;
    this.expectancy = summed.expectancy;
    this.averageWin = summed.averageWin;
    this.averageLoss = summed.averageLoss;
    this.#fromRows = fromRows;
  }

  #rows(): Summary {
    this.#full ??= this.#fromRows();
    return this.#full;
  }
  get grossPnl() {
    return this.#rows().grossPnl;
  }
  get charges() {
    return this.#rows().charges;
  }
  get largestWin() {
    return this.#rows().largestWin;
  }
  get largestLoss() {
    return this.#rows().largestLoss;
  }
  get maxDrawdown() {
    return this.#rows().maxDrawdown;
  }
  get tradingDays() {
    return this.#rows().tradingDays;
  }
  get bestDay() {
    return this.#rows().bestDay;
  }
  get worstDay() {
    return this.#rows().worstDay;
  }
  get longestWinStreak() {
    return this.#rows().longestWinStreak;
  }
  get longestLossStreak() {
    return this.#rows().longestLossStreak;
  }
}

/**
 * The hot loop, a plain function of typed arrays: no property reads for the optimising compiler to lack feedback on
 * (as a method reading `this.journal` it was compiled once while running, then thrown back to the interpreter).
 */
function addRows(
  packed: Float64Array,
  rowGroupStart: Uint32Array,
  rowGroups: Uint32Array,
  rows: Uint32Array,
  state: Float64Array,
): void {
  for (let s = 0; s < rows.length; s++) {
    const i = rows[s]!;
    const p = i * PACKED;
    const pnl = packed[p]!;
    const o = packed[p + 4]! | 0;
    const end = rowGroupStart[i + 1]!;
    // OUTCOME_SUMS as a literal: an imported binding is read at every use.
    for (let k = rowGroupStart[i]!; k < end; k++) {
      const b = rowGroups[k]! * 6 + o;
      state[b]!++;
      state[b + 1]! += pnl;
    }
  }
}
