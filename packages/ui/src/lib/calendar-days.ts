import { IST_OFFSET_MS } from '@bahi/trading';
import { daysInMonth } from './date-text';

// Day arithmetic on 'YYYY-MM-DD' strings for the date picker's month grid. A day string parses as midnight UTC, so
// UTC fields give the calendar day whatever the machine's zone.

const DAY_MS = 86_400_000;

const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Today in IST, 'YYYY-MM-DD'. */
export function todayIst(now: number = Date.now()): string {
  return dayOf(now + IST_OFFSET_MS);
}

/** The day `n` days after `day` (before it when negative). */
export function addDays(day: string, n: number): string {
  return dayOf(Date.parse(day) + n * DAY_MS);
}

/** The same day `n` months later, or that month's last day when it is shorter (31 Jan + 1 month = 28 or 29 Feb). */
export function addMonths(day: string, n: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const index = year * 12 + (month - 1) + n;
  const y = Math.floor(index / 12);
  const m = (index % 12) + 1;
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(Math.min(date, daysInMonth(y, m))).padStart(2, '0')}`;
}

/** Monday 0 … Sunday 6, as Indian calendars print the week. */
export function weekdayOf(day: string): number {
  return (new Date(Date.parse(day)).getUTCDay() + 6) % 7;
}

/** The days of `day`'s month as weeks from Monday to Sunday, with null for the days of the months around it. */
export function monthWeeks(day: string): (string | null)[][] {
  const month = day.slice(0, 7);
  const first = `${month}-01`;
  const count = daysInMonth(Number(day.slice(0, 4)), Number(day.slice(5, 7)));
  const cells: (string | null)[] = Array.from({ length: weekdayOf(first) }, () => null);
  for (let d = 1; d <= count; d++) cells.push(`${month}-${String(d).padStart(2, '0')}`);
  while (cells.length % 7) cells.push(null);
  const weeks: (string | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}

/** `day` moved into [min, max] (either may be missing). */
export function clampDay(day: string, min?: string, max?: string): string {
  if (min && day < min) return min;
  if (max && day > max) return max;
  return day;
}
