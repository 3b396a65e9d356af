import { type CalendarMonth, calendarOf } from './calendar';
import { type Dimension, type Group, type GroupOptions, groupColumns, keyColumns } from './group-by';
import { dateOfDayNumber } from './ist';
import { prepare } from './prepare';
import { RAccumulator, type RDistribution } from './r-multiples';
import { SummaryAccumulator, type SummaryWithCurves } from './summarize';
import type { TradeForStats } from './types';

export interface JournalStats {
  summary: SummaryWithCurves;
  groups: Record<Dimension, Group[]>;
  r: RDistribution;
  calendar: CalendarMonth | null;
}

export interface JournalStatsOptions extends GroupOptions {
  /** 'YYYY-MM'; by default the month of the latest trade date (null calendar when there are no trades). */
  month?: string;
}

/**
 * Everything the dashboard and analytics pages show, from one parse of the journal: the same results as
 * `summarize`, `groupByAll`, `rDistribution` and `calendarMonth`, without reading 100,000 trades four times.
 */
export function journalStats(trades: readonly TradeForStats[], options: JournalStatsOptions = {}): JournalStats {
  const { columns, visit, finish } = keyColumns();
  const r = new RAccumulator();
  const journal = prepare(trades, (t) => {
    visit(t);
    r.add(t);
  });
  finish(journal);
  const all = new SummaryAccumulator(journal, true);
  for (let i = 0; i < journal.trades.length; i++) all.add(i);
  const month =
    options.month ?? (journal.dayCount ? dateOfDayNumber(journal.firstDay + journal.dayCount - 1).slice(0, 7) : null);
  return {
    summary: all.result() as SummaryWithCurves,
    groups: groupColumns(journal, columns, options.curves === true),
    r: r.result(),
    calendar:
      month === null
        ? null
        : calendarOf(month, (add) => {
            for (let i = 0; i < journal.trades.length; i++) add(journal.day[i]!, journal.netPnl[i]!);
          }),
  };
}
