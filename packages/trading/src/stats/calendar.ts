import { dateOfDayNumber, dayNumber, weekdayOfDayNumber } from '../time/ist';
import { asPrepared, type PreparedJournal } from './prepare';
import { type FilterOption, selectRows } from './select';
import type { Rows } from './summarize';
import type { TradeForStats } from './types';

export interface CalendarDay {
  /** IST date 'YYYY-MM-DD'. */
  date: string;
  /** 0 = Monday … 6 = Sunday. */
  weekday: number;
  /** Net P&L of the trades closed this day (their exit day), wherever they were entered. */
  netPnl: number;
  trades: number;
  wins: number;
  losses: number;
}

export interface CalendarTotal {
  netPnl: number;
  trades: number;
  /** Days with at least one trade closed. */
  tradingDays: number;
  winningDays: number;
  losingDays: number;
}

export interface CalendarWeek extends CalendarTotal {
  /** The week's Monday and Sunday; either may fall outside the month. */
  start: string;
  end: string;
  /** The week's total counts only the days inside the month, so the weeks add up to the month. */
  days: CalendarDay[];
}

export interface CalendarMonth {
  month: string;
  /** Every day of the month, traded or not, so the grid needs no gaps filled. */
  days: CalendarDay[];
  /** Monday-to-Sunday weeks touching the month. */
  weeks: CalendarWeek[];
  total: CalendarTotal;
}

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

const emptyTotal = (): CalendarTotal => ({ netPnl: 0, trades: 0, tradingDays: 0, winningDays: 0, losingDays: 0 });

function addDay(total: CalendarTotal, day: CalendarDay): void {
  if (day.trades === 0) return;
  total.netPnl += day.netPnl;
  total.trades += day.trades;
  total.tradingDays++;
  if (day.netPnl > 0) total.winningDays++;
  else if (day.netPnl < 0) total.losingDays++;
}

/**
 * Daily net P&L by IST exit day (the day each trade's P&L is realised) for one month, with Monday–Sunday week
 * totals and the month's total. A trade entered in one month and closed in the next counts in the next.
 */
export function calendarMonth(
  trades: readonly TradeForStats[] | PreparedJournal,
  month: string,
  options: FilterOption = {},
): CalendarMonth {
  const journal = asPrepared(trades);
  return calendarOfRows(journal, selectRows(journal, options.filter), month);
}

/** The calendar of `month` from rows of a prepared journal (all when null). */
export function calendarOfRows(journal: PreparedJournal, rows: Rows, month: string): CalendarMonth {
  const { exitDays: days, exitDayIndex: dayIndex, netPnl } = journal;
  const count = rows ? rows.length : netPnl.length;
  return calendarOf(month, (add, first, last) => {
    // The month's span of day indices (days are sorted): other rows are skipped with one comparison.
    let lo = 0;
    while (lo < days.length && days[lo]! < first) lo++;
    let hi = lo;
    while (hi < days.length && days[hi]! <= last) hi++;
    for (let s = 0; s < count; s++) {
      const i = rows ? rows[s]! : s;
      const d = dayIndex[i]!;
      if (d >= lo && d < hi) add(days[d]!, netPnl[i]!);
    }
  });
}

/** The calendar of `month` from (IST day number, net P&L) rows that `feed` passes to `add`. */
export function calendarOf(
  month: string,
  feed: (add: (day: number, netPnl: number) => void, first: number, last: number) => void,
): CalendarMonth {
  const match = MONTH.exec(month);
  if (!match) throw new RangeError(`Expected a month as YYYY-MM, got "${month}"`);
  const year = Number(match[1]);
  const m = Number(match[2]);
  const first = dayNumber(year, m, 1);
  const length = dayNumber(m === 12 ? year + 1 : year, m === 12 ? 1 : m + 1, 1) - first;
  const days: CalendarDay[] = [];
  for (let i = 0; i < length; i++) {
    days.push({
      date: dateOfDayNumber(first + i),
      weekday: weekdayOfDayNumber(first + i),
      netPnl: 0,
      trades: 0,
      wins: 0,
      losses: 0,
    });
  }
  feed(
    (dayNumber, netPnl) => {
      const day = days[dayNumber - first];
      if (!day) return; // outside the month
      day.netPnl += netPnl;
      day.trades++;
      if (netPnl > 0) day.wins++;
      else if (netPnl < 0) day.losses++;
    },
    first,
    first + length - 1,
  );
  const total = emptyTotal();
  const weeks: CalendarWeek[] = [];
  for (const day of days) {
    let week = weeks.at(-1);
    if (!week || day.weekday === 0) {
      const monday = first + days.indexOf(day) - day.weekday;
      week = { start: dateOfDayNumber(monday), end: dateOfDayNumber(monday + 6), days: [], ...emptyTotal() };
      weeks.push(week);
    }
    week.days.push(day);
    addDay(week, day);
    addDay(total, day);
  }
  return { month, days, weeks, total };
}
