import { PACKED, type PreparedJournal } from './prepare';
import { allRows, finishSummary, type Rows, type Summary, type SummaryWithCurves, summaryOf } from './summarize';

// Each group's running sums, side by side in one array: eight numbers, one 64-byte cache line per group, so every
// group of every dimension stays in the processor's cache while the journal streams past. What depends on the order
// or the days of a group's trades (largest win and loss, drawdown, streaks, trading days, best and worst day) is not
// summed here: no screen shows it per group, so it is worked out from the group's own rows only if it is read.
const TRADES = 0;
const NET = 1;
const GROSS = 2;
const CHARGES = 3;
const WINS = 4;
const LOSSES = 5;
const PROFIT = 6;
const LOSS = 7;
const FIELDS = 8;

/** The figures of a group summary that are worked out from its rows on first read. */
const ON_READ = [
  'largestWin',
  'largestLoss',
  'maxDrawdown',
  'tradingDays',
  'bestDay',
  'worstDay',
  'longestWinStreak',
  'longestLossStreak',
] as const;

const NOT_SUMMED = { bestWinAt: -1, worstLossAt: -1, longestWin: 0, longestLoss: 0 };
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
    this.state = new Float64Array(journal.groupCount * FIELDS);
    this.rows = rows ?? allRows(journal);
    addRows(journal.packed, journal.rowGroupStart, journal.rowGroups, this.rows, this.state);
  }

  /** Trades in group g (numbered across dimensions). */
  trades(g: number): number {
    return this.state[g * FIELDS + TRADES]!;
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
    const st = this.state;
    const b = g * FIELDS;
    const summary = finishSummary(
      this.journal,
      {
        n: st[b + TRADES]!,
        net: st[b + NET]!,
        gross: st[b + GROSS]!,
        charges: st[b + CHARGES]!,
        wins: st[b + WINS]!,
        losses: st[b + LOSSES]!,
        profit: st[b + PROFIT]!,
        loss: st[b + LOSS]!,
        ...NOT_SUMMED,
      },
      NO_DAYS,
    );
    let full: Summary | undefined;
    const read = () => {
      full ??= summaryOf(this.journal, this.rowsOf(g));
      return full;
    };
    for (const key of ON_READ) {
      Object.defineProperty(summary, key, { enumerable: true, configurable: true, get: () => read()[key] });
    }
    return summary;
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
    const rowGross = packed[p + 1]!;
    const rowCharges = packed[p + 2]!;
    const winPnl = packed[p + 4]!;
    const lossAmount = packed[p + 5]!;
    const win = packed[p + 6]!;
    const lost = packed[p + 7]!;
    const end = rowGroupStart[i + 1]!;
    for (let k = rowGroupStart[i]!; k < end; k++) {
      const b = rowGroups[k]! * FIELDS;
      state[b + TRADES]!++;
      state[b + NET]! += pnl;
      state[b + GROSS]! += rowGross;
      state[b + CHARGES]! += rowCharges;
      state[b + WINS]! += win;
      state[b + LOSSES]! += lost;
      state[b + PROFIT]! += winPnl;
      state[b + LOSS]! += lossAmount;
    }
  }
}
