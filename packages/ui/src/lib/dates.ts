import { IST_OFFSET_MS } from '@bahi/trading';

// Dates as Indian traders read them, in exchange time (IST): "21 December 2026", "21 Dec 2026, 09:15", "21 Dec".
// Worked out from IST's fixed offset (as @bahi/trading's time helpers do) rather than with Intl.DateTimeFormat: the
// first Asia/Kolkata formatter costs a page about 15 ms of time-zone and locale data on a phone, and the dashboard
// made four when its code ran. The words are en-IN's: "Sept" for September, 24-hour time.

/** The months' names, January first. */
export const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const SHORT_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'];

/** The instant's calendar fields in IST: a Date whose UTC fields read as IST. */
function inIst(value: string | Date): Date {
  return new Date((typeof value === 'string' ? Date.parse(value) : value.getTime()) + IST_OFFSET_MS);
}

const twoDigits = (n: number) => String(n).padStart(2, '0');

/** "21 December 2026". */
export function formatDate(value: string | Date): string {
  const d = inIst(value);
  return `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
}

/** "21 Dec 2026, 09:15". */
export function formatDateTime(value: string | Date): string {
  const d = inIst(value);
  return `${formatDayMonth(value, { year: true })}, ${twoDigits(d.getUTCHours())}:${twoDigits(d.getUTCMinutes())}`;
}

/** "21 Dec", or "21 Dec 2026" with `year`. */
export function formatDayMonth(value: string | Date, { year = false }: { year?: boolean } = {}): string {
  const d = inIst(value);
  const dayMonth = `${d.getUTCDate()} ${SHORT_MONTHS[d.getUTCMonth()]}`;
  return year ? `${dayMonth} ${d.getUTCFullYear()}` : dayMonth;
}

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/**
 * How long a trade was held, as a trader says it: "Under a minute", "45 min", "3 h 20 min", "2 days 3 h", "45 days".
 * Past a week the hours no longer matter; calendar days, not trading days.
 */
export function formatDuration(ms: number): string {
  if (ms < MINUTE_MS) return 'Under a minute';
  if (ms < HOUR_MS) return `${Math.floor(ms / MINUTE_MS)} min`;
  if (ms < DAY_MS) {
    const hours = Math.floor(ms / HOUR_MS);
    const minutes = Math.floor((ms % HOUR_MS) / MINUTE_MS);
    return minutes ? `${hours} h ${minutes} min` : `${hours} h`;
  }
  const days = Math.floor(ms / DAY_MS);
  const hours = Math.floor((ms % DAY_MS) / HOUR_MS);
  return days < 7 && hours ? `${plural(days, 'day')} ${hours} h` : plural(days, 'day');
}
