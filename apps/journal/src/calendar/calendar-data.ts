// The calendar's figures and a day's trades (shared with the notebook's daily entries). Realised P&L belongs to
// the IST day a trade was closed, so the calendar counts each closed trade on its exit day; a day's list adds the
// positions opened that day (still open, or closed on a later day whose P&L they are).
import { type CalendarMonth, calendarMonth, type TradeForStats } from '@bahi/trading';
import { type JournalTrade, toStatsTrade } from '../data/journal-data';

/** The journal's closed trades in the statistics' shape. */
export function closedStatsTrades(trades: readonly JournalTrade[]): TradeForStats[] {
  return trades.map(toStatsTrade).filter((t): t is TradeForStats => t !== null);
}

/** The month's daily net P&L by IST exit day, with week and month totals. */
export function calendarData(trades: readonly JournalTrade[], month: string): CalendarMonth {
  return calendarMonth(closedStatsTrades(trades), month);
}

/**
 * The month the calendar opens on without ?month: this month, or the latest month a trade was closed in when that
 * is earlier (an imported past year).
 */
export function defaultCalendarMonth(trades: readonly JournalTrade[], thisMonth: string): string {
  let latest: string | null = null;
  for (const t of trades)
    if (t.status === 'closed' && t.exitDate && (!latest || t.exitDate > latest)) latest = t.exitDate;
  return latest && latest.slice(0, 7) < thisMonth ? latest.slice(0, 7) : thisMonth;
}

/** Whether a trade's P&L is realised on `date`: it was closed that IST day. */
export const closedOn = (t: JournalTrade, date: string): boolean => t.status === 'closed' && t.exitDate === date;

/**
 * The trades of an IST day: those closed that day (their net P&L is the day's), then those opened that day and not
 * closed on it (still open, or closed later), each in the order it happened that day. The closed ones are exactly
 * the calendar day's trades, and the trades list dated that day (by exit; an open trade by entry) shows the closed
 * and the still-open ones.
 */
export function tradesOfDay(trades: readonly JournalTrade[], date: string): JournalTrade[] {
  const closed = trades.filter((t) => closedOn(t, date)).sort((a, b) => by(a.exitTime!, b.exitTime!));
  const opened = trades
    .filter((t) => t.entryDate === date && !closedOn(t, date))
    .sort((a, b) => by(a.entryTime, b.entryTime));
  return [...closed, ...opened];
}

const by = (a: string, b: string) => Date.parse(a) - Date.parse(b);
