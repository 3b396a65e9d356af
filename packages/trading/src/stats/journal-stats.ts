import { type CalendarMonth, calendarOfRows } from './calendar';
import { allGroupsOf, type Dimension, type Group, type GroupOptions } from './group-by';
import { GroupTotals } from './group-totals';
import { asPrepared, latestExitDate, type PreparedJournal } from './prepare';
import { type RDistribution, rDistributionOf } from './r-multiples';
import { selectRows } from './select';
import { allRows, type SummaryWithCurves, summaryOf } from './summarize';
import type { TradeForStats } from './types';

export interface JournalStats {
  summary: SummaryWithCurves;
  groups: Record<Dimension, Group[]>;
  r: RDistribution;
  calendar: CalendarMonth | null;
}

export interface JournalStatsOptions extends GroupOptions {
  /** 'YYYY-MM'; by default the month of the latest exit day kept (null calendar when there are no trades). */
  month?: string;
}

/**
 * Everything the dashboard and analytics pages show: the same results as `summarize`, `groupByAll`,
 * `rDistribution` and `calendarMonth`, in one pass over the journal. Give it `prepareJournal(trades)` once and a
 * new `filter` each time the trader changes one; given an array, it prepares the journal first.
 */
export function journalStats(
  trades: readonly TradeForStats[] | PreparedJournal,
  options: JournalStatsOptions = {},
): JournalStats {
  const journal = asPrepared(trades);
  const rows = selectRows(journal, options.filter);
  const month = options.month ?? latestExitDate(journal, rows)?.slice(0, 7) ?? null;
  return {
    summary: summaryOf(journal, rows ?? allRows(journal)),
    groups: allGroupsOf(journal, new GroupTotals(journal, rows), rows, options.curves === true),
    r: rDistributionOf(journal, rows),
    calendar: month === null ? null : calendarOfRows(journal, rows, month),
  };
}
