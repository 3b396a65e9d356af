import type { PlanPeriod } from './plans.ts';

// Subscription periods are calendar months and years in India time (Asia/Kolkata, UTC+05:30 all year, no daylight
// saving). A day that the target month lacks is clamped to its last day: 31 Jan + 1 month = 28 (or 29) Feb, and
// 29 Feb + 1 year = 28 Feb. The time of day is kept.

const IST_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;

/** `from` plus one month or one year, counted on India's calendar. */
export function addPeriod(from: Date, period: PlanPeriod): Date {
  const ist = new Date(from.getTime() + IST_OFFSET_MS); // read its UTC fields as India's wall clock
  const months = ist.getUTCMonth() + (period === 'year' ? 12 : 1);
  const year = ist.getUTCFullYear() + Math.floor(months / 12);
  const month = months % 12;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const day = Math.min(ist.getUTCDate(), lastDay);
  const wall = Date.UTC(
    year,
    month,
    day,
    ist.getUTCHours(),
    ist.getUTCMinutes(),
    ist.getUTCSeconds(),
    ist.getUTCMilliseconds(),
  );
  return new Date(wall - IST_OFFSET_MS);
}

/**
 * The new end of a subscription after one more paid period: max(now, current end) + period. Time still left on a
 * running subscription is kept; an ended one starts again from now.
 */
export function extendEndDate(now: Date, currentEnd: Date | null, period: PlanPeriod): Date {
  const base = currentEnd && currentEnd.getTime() > now.getTime() ? currentEnd : now;
  return addPeriod(base, period);
}
