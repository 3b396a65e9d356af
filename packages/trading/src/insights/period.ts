import { dateOfDayNumber, dayNumber, istDay, weekdayOfDayNumber } from '../time/ist';
import type { PeriodKind } from './intent';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** '16 Nov' (or '16 Nov 2026' with the year) of a 'YYYY-MM-DD' date. */
export function shortDate(date: string, withYear = false): string {
  const day = Number(date.slice(8, 10));
  const month = MONTHS[Number(date.slice(5, 7)) - 1];
  return `${day} ${month}${withYear ? ` ${date.slice(0, 4)}` : ''}`;
}

/**
 * The IST date range of a period relative to `now`: weeks run Monday to Sunday, months are calendar months,
 * "this week" and "this month" run to their natural end (no trades lie in the future anyway).
 */
export function periodRange(kind: PeriodKind, now: Date): { label: string; from: string; to: string } {
  const today = istDay(now.getTime());
  const day = (from: number, to: number, label: string) => ({
    label,
    from: dateOfDayNumber(from),
    to: dateOfDayNumber(to),
  });
  if (kind === 'today' || kind === 'yesterday') {
    const d = kind === 'today' ? today : today - 1;
    return day(d, d, `${kind} (${shortDate(dateOfDayNumber(d), true)})`);
  }
  if (kind === 'thisWeek' || kind === 'lastWeek') {
    const monday = today - weekdayOfDayNumber(today) - (kind === 'lastWeek' ? 7 : 0);
    const range = `${shortDate(dateOfDayNumber(monday))} – ${shortDate(dateOfDayNumber(monday + 6), true)}`;
    return day(monday, monday + 6, `${kind === 'thisWeek' ? 'this week' : 'last week'} (${range})`);
  }
  const ymd = dateOfDayNumber(today);
  let year = Number(ymd.slice(0, 4));
  let month = Number(ymd.slice(5, 7));
  if (kind === 'lastMonth') {
    month -= 1;
    if (month === 0) {
      month = 12;
      year -= 1;
    }
  }
  const first = dayNumber(year, month, 1);
  const last = (month === 12 ? dayNumber(year + 1, 1, 1) : dayNumber(year, month + 1, 1)) - 1;
  const name = `${MONTHS[month - 1]} ${year}`;
  return day(first, last, `${kind === 'thisMonth' ? 'this month' : 'last month'} (${name})`);
}

/** Closed trades whose IST exit day (the day their P&L is realised) lies in the range, as on every other screen. */
export function inRange<T extends { exitDate: string }>(trades: readonly T[], from: string, to: string): T[] {
  return trades.filter((t) => t.exitDate >= from && t.exitDate <= to);
}
