import { GroupTotals } from './group-totals';
import { asPrepared, DIMENSIONS, type Dimension, FIXED_ORDER, type PreparedJournal } from './prepare';
import { type FilterOption, selectRows } from './select';
import type { Rows, Summary, SummaryWithCurves } from './summarize';
import type { TradeForStats } from './types';

export {
  DIMENSIONS,
  type Dimension,
  HOLDING_TIME_BUCKETS,
  holdingTimeBucket,
  TIME_OF_DAY_BUCKETS,
  timeOfDayBucket,
  WEEKDAYS,
} from './prepare';

export interface Group<S extends Summary = Summary> {
  /** The bucket: a symbol, tag, 'Mon', '09:15–10:00'…; null for trades with no playbook / emotion / mistake / tag. */
  key: string | null;
  summary: S;
}

export interface GroupOptions extends FilterOption {
  /** Include each group's equity curves (off by default: group tables show figures, not curves). */
  curves?: boolean;
}

/** The same summary as `summarize`, for each bucket of one dimension. Only buckets with trades are listed. */
export function groupBy(
  trades: readonly TradeForStats[] | PreparedJournal,
  dimension: Dimension,
  options: GroupOptions & { curves: true },
): Group<SummaryWithCurves>[];
export function groupBy(
  trades: readonly TradeForStats[] | PreparedJournal,
  dimension: Dimension,
  options?: GroupOptions,
): Group[];
export function groupBy(
  trades: readonly TradeForStats[] | PreparedJournal,
  dimension: Dimension,
  options: GroupOptions = {},
): Group[] {
  const journal = asPrepared(trades);
  const rows = selectRows(journal, options.filter);
  return groupsOf(journal, dimension, new GroupTotals(journal, rows), rows, options.curves === true);
}

/** Every dimension at once. */
export function groupByAll(
  trades: readonly TradeForStats[] | PreparedJournal,
  options: GroupOptions = {},
): Record<Dimension, Group[]> {
  const journal = asPrepared(trades);
  const rows = selectRows(journal, options.filter);
  return allGroupsOf(journal, new GroupTotals(journal, rows), rows, options.curves === true);
}

/** Every dimension's groups from totals over `rows` (all when null). */
export function allGroupsOf(
  journal: PreparedJournal,
  totals: GroupTotals,
  rows: Rows,
  curves: boolean,
): Record<Dimension, Group[]> {
  const out = {} as Record<Dimension, Group[]>;
  for (const d of DIMENSIONS) out[d] = groupsOf(journal, d, totals, rows, curves);
  return out;
}

function groupsOf(
  journal: PreparedJournal,
  dimension: Dimension,
  totals: GroupTotals,
  rows: Rows,
  curves: boolean,
): Group[] {
  const { keys } = journal.columns[dimension];
  const base = journal.groupBase[dimension];
  const members = curves ? rowsOfGroups(journal, dimension, rows) : null;
  const groups: Group[] = [];
  for (let c = 0; c < keys.length; c++) {
    // Only buckets with trades are listed (a filter can empty one).
    if (totals.trades(base + c) === 0) continue;
    groups.push({ key: keys[c]!, summary: totals.summary(base + c, members?.[c]) });
  }
  const order = FIXED_ORDER[dimension];
  // Fixed scales keep their natural order; open-ended ones list the most traded first, "none" last.
  return groups.sort(
    order
      ? (a, b) => order.indexOf(a.key!) - order.indexOf(b.key!)
      : (a, b) =>
          (a.key === null ? 1 : 0) - (b.key === null ? 1 : 0) ||
          b.summary.trades - a.summary.trades ||
          (a.key! < b.key! ? -1 : a.key! > b.key! ? 1 : 0),
  );
}

/** The rows of each group of a dimension, in exit order: only for curves, which need each group's own sequence. */
function rowsOfGroups(journal: PreparedJournal, dimension: Dimension, rows: Rows): Uint32Array[] {
  const { start, codes, keys } = journal.columns[dimension];
  const lists: number[][] = keys.map(() => []);
  const count = rows ? rows.length : journal.trades.length;
  for (let s = 0; s < count; s++) {
    const i = rows ? rows[s]! : s;
    for (let k = start[i]!; k < start[i + 1]!; k++) lists[codes[k]!]!.push(i);
  }
  return lists.map((list) => Uint32Array.from(list));
}
