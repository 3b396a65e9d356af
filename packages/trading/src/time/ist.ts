// India Standard Time without Intl, for charges (rates change on Indian dates), imports (exchange time) and
// statistics (IST days and hours). India has had no daylight saving since 1945, so IST is always UTC+05:30 and a
// fixed offset is exact. Working on numbers keeps 100,000-trade passes fast and independent of the machine's zone.

export const IST_OFFSET_MS = 19_800_000;
export const DAY_MS = 86_400_000;

/** Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's days_from_civil). */
export function dayNumber(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146_097 + doe - 719_468;
}

/** 'YYYY-MM-DD' of a day number. */
export function dateOfDayNumber(days: number): string {
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const m = mp < 10 ? mp + 3 : mp - 9;
  const y = yoe + era * 400 + (m <= 2 ? 1 : 0);
  return `${String(y).padStart(4, '0')}-${two(m)}-${two(d)}`;
}

/** Monday = 0 … Sunday = 6 (1970-01-01, day 0, was a Thursday). */
export function weekdayOfDayNumber(days: number): number {
  return (((days + 3) % 7) + 7) % 7;
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** True when year-month-day exists in the Gregorian calendar (no 31 April, 29 February only in leap years). */
export function isCalendarDate(year: number, month: number, day: number): boolean {
  if (!Number.isInteger(month) || month < 1 || month > 12 || !Number.isInteger(day) || day < 1) return false;
  const leap = month === 2 && year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return day <= DAYS_IN_MONTH[month - 1]! + (leap ? 1 : 0);
}

const two = (n: number) => (n < 10 ? `0${n}` : `${n}`);

function digits(s: string, from: number, count: number): number {
  let v = 0;
  for (let i = from; i < from + count; i++) {
    const c = s.charCodeAt(i) - 48;
    if (!(c >= 0 && c <= 9)) return Number.NaN;
    v = v * 10 + c;
  }
  return v;
}

/** Day number of a 'YYYY-MM-DD' date that exists, or NaN. */
function dayNumberOrNaN(date: string): number {
  return date.length === 10 ? dayNumberAt(date, 0) : Number.NaN;
}

/** Day number of the 'YYYY-MM-DD' date at `from` in `s` (read in place: no slice per timestamp), or NaN. */
function dayNumberAt(s: string, from: number): number {
  if (s.length < from + 10 || s.charCodeAt(from + 4) !== DASH || s.charCodeAt(from + 7) !== DASH) return Number.NaN;
  const y = digits(s, from, 4);
  const m = digits(s, from + 5, 2);
  const d = digits(s, from + 8, 2);
  return isCalendarDate(y, m, d) ? dayNumber(y, m, d) : Number.NaN;
}

const DASH = 45;

/** True for a 'YYYY-MM-DD' date that exists (2025-02-31 does not). */
export function isIsoDate(date: string): boolean {
  return !Number.isNaN(dayNumberOrNaN(date));
}

/** Day number of a 'YYYY-MM-DD' date. Throws on anything else, including days that do not exist. */
export function dayNumberOf(date: string): number {
  const day = dayNumberOrNaN(date);
  if (Number.isNaN(day)) throw new RangeError(`Expected a date as YYYY-MM-DD, got "${date}"`);
  return day;
}

/**
 * Epoch milliseconds of 'YYYY-MM-DDTHH:MM[:SS[.fff]](Z|±HH:MM|±HHMM)'. A time without an offset would be read in
 * whatever zone the machine is in, which is how other journals shift trades onto the wrong day, so it is an error.
 */
export function parseTimestamp(iso: string): number {
  const day = dayNumberAt(iso, 0);
  const sep = iso[10];
  if (Number.isNaN(day) || (sep !== 'T' && sep !== ' ') || iso[13] !== ':') throw timestampError(iso);
  const hh = digits(iso, 11, 2);
  const mi = digits(iso, 14, 2);
  let ms = 0;
  let i = 16;
  if (iso[i] === ':') {
    ms = digits(iso, 17, 2) * 1000;
    i = 19;
    if (iso[i] === '.' || iso[i] === ',') {
      let scale = 100;
      for (i++; i < iso.length && iso.charCodeAt(i) >= 48 && iso.charCodeAt(i) <= 57; i++) {
        ms += (iso.charCodeAt(i) - 48) * scale;
        scale /= 10;
      }
      ms = Math.floor(ms);
    }
  }
  let offsetMin: number;
  const z = iso[i];
  if (z === 'Z' && i === iso.length - 1) offsetMin = 0;
  else if ((z === '+' || z === '-') && (iso.length === i + 6 || iso.length === i + 5)) {
    const oh = digits(iso, i + 1, 2);
    const om = digits(iso, iso.length === i + 6 ? i + 4 : i + 3, 2);
    if (iso.length === i + 6 && iso[i + 3] !== ':') throw timestampError(iso);
    offsetMin = (z === '+' ? 1 : -1) * (oh * 60 + om);
  } else throw timestampError(iso);
  const local = day * DAY_MS + hh * 3_600_000 + mi * 60_000 + ms;
  const epoch = local - offsetMin * 60_000;
  if (!Number.isFinite(epoch) || hh > 23 || mi > 59 || ms >= 60_000) throw timestampError(iso);
  return epoch;
}

// A module function rather than a closure per call: this runs for every trade of a 100,000-trade journal.
function timestampError(iso: string): RangeError {
  return new RangeError(`Expected an ISO timestamp with an offset (e.g. 2026-11-20T09:20:00+05:30), got "${iso}"`);
}

/** The IST day number of an epoch instant. */
export function istDay(epochMs: number): number {
  return Math.floor((epochMs + IST_OFFSET_MS) / DAY_MS);
}

/** The IST calendar date 'YYYY-MM-DD' of an epoch instant. */
export function istDate(epochMs: number): string {
  return dateOfDayNumber(istDay(epochMs));
}

/** Minutes since IST midnight of an epoch instant (0…1439). */
export function istMinuteOfDay(epochMs: number): number {
  const local = epochMs + IST_OFFSET_MS;
  return Math.floor((local - Math.floor(local / DAY_MS) * DAY_MS) / 60_000);
}

/** An epoch instant as IST wall-clock time to the second, the way the journal stores exchange time. */
export function formatIstTimestamp(epochMs: number): string {
  const second = Math.floor((epochMs + IST_OFFSET_MS) / 1000);
  const ofDay = second - Math.floor(second / 86_400) * 86_400;
  const clock = `${two(Math.floor(ofDay / 3600))}:${two(Math.floor(ofDay / 60) % 60)}:${two(ofDay % 60)}`;
  return `${istDate(epochMs)}T${clock}+05:30`;
}

/**
 * Any instant as IST wall-clock time to the second: an ISO timestamp with its offset (PostgREST returns timestamptz in
 * UTC) or a Date. Throws a RangeError for anything else, so a fill read back from the database compares and exports
 * exactly like a freshly parsed one.
 */
export function toIstTimestamp(instant: string | Date): string {
  const ms = typeof instant === 'string' ? parseTimestamp(instant) : instant.getTime();
  if (Number.isNaN(ms)) throw new RangeError('Expected a valid date and time, got an invalid Date');
  return formatIstTimestamp(ms);
}
