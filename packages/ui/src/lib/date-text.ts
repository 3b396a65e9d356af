import { formatDayMonth, MONTHS } from './dates';

// The text of a date or time field, as Indian traders type and read it: day first, 24-hour clock, IST wall-clock
// values with no zone. Values are those of the browser's date inputs: 'YYYY-MM-DD', 'YYYY-MM-DDTHH:mm', 'HH:mm'.

export type DateTextType = 'date' | 'datetime-local' | 'time';

/** The value a text stands for ('' for no text), or why it stands for none. */
export type DateTextResult = { value: string; error?: undefined } | { value?: undefined; error: string };

export interface DateTextBounds {
  /** Earliest value allowed, in the field's own format. */
  min?: string;
  /** Latest value allowed, in the field's own format. */
  max?: string;
}

const EXAMPLE_MESSAGES: Record<DateTextType, string> = {
  date: 'Type a date such as 20 Nov 2026',
  'datetime-local': 'Type a date and time such as 20 Nov 2026, 10:22',
  time: 'Type a time such as 10:22',
};

const VALUE_PATTERNS: Record<DateTextType, RegExp> = {
  date: /^\d{4}-\d{2}-\d{2}$/,
  'datetime-local': /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/,
  time: /^\d{2}:\d{2}$/,
};

const two = (n: number) => String(n).padStart(2, '0');

/** How the field shows a value: "20 Nov 2026", "20 Nov 2026, 10:22", "10:22"; '' for ''. Other strings as they are. */
export function formatDateValue(type: DateTextType, value: string): string {
  if (!VALUE_PATTERNS[type].test(value)) {
    // A date-time bound given as a day ("on or after 1 Apr 2026").
    return type === 'datetime-local' && VALUE_PATTERNS.date.test(value) ? formatDateValue('date', value) : value;
  }
  if (type === 'time') return value;
  // A 'YYYY-MM-DD' string parses as midnight UTC, which is the same day in IST.
  const day = formatDayMonth(value.slice(0, 10), { year: true });
  return type === 'date' ? day : `${day}, ${value.slice(11)}`;
}

interface Day {
  year: number;
  month: number;
  day: number;
}

/** The month (1–12) a word names: three letters or more of its name ("Nov", "Sept", "November"). */
function monthNamed(word: string): number | undefined {
  const w = word.toLowerCase();
  if (w.length < 3) return undefined;
  const index = MONTHS.findIndex((name) => name.toLowerCase().startsWith(w));
  return index < 0 ? undefined : index + 1;
}

// Two-digit years are this century's: trades and holdings from 2000 on.
const fullYear = (digits: string) => (digits.length === 2 ? 2000 + Number(digits) : Number(digits));

/** The day a text writes, day first ("20 Nov 2026", "20/11/26", "20-11-2026") or ISO ("2026-11-20"). */
function readDay(text: string): Day | undefined {
  let m = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text);
  if (m) return { year: Number(m[1]), month: Number(m[2]), day: Number(m[3]) };
  // One separator throughout: "20/11/2026", "20-11-26", "20.11.2026".
  m = /^(\d{1,2})\s*([-/.])\s*(\d{1,2})\s*\2\s*(\d{4}|\d{2})$/.exec(text);
  if (m) return { year: fullYear(m[4] as string), month: Number(m[3]), day: Number(m[1]) };
  // "20 Nov 2026", "20-Nov-26" (as contract notes write it), "20th November, 2026".
  m = /^(\d{1,2})(?:st|nd|rd|th)?[\s./-]*([a-z]+)\.?[\s./,-]*(\d{4}|\d{2})$/i.exec(text);
  const month = m ? monthNamed(m[2] as string) : undefined;
  return m && month ? { year: fullYear(m[3] as string), month, day: Number(m[1]) } : undefined;
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** Days in a month (1–12) of a year of the Gregorian calendar. */
export function daysInMonth(year: number, month: number): number {
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return (DAYS_IN_MONTH[month - 1] as number) + (month === 2 && leap ? 1 : 0);
}

/** 'YYYY-MM-DD', or the message for a day the calendar does not have (31 February), or undefined for no month. */
function dayValue({ year, month, day }: Day): DateTextResult | undefined {
  if (month < 1 || month > 12 || year < 1000) return undefined;
  if (day < 1 || day > daysInMonth(year, month)) {
    return { error: `${MONTHS[month - 1]} ${year} has no day ${day}` };
  }
  return { value: `${year}-${two(month)}-${two(day)}` };
}

/** 'HH:mm' of "10:22", "10.22", "9:05", "10:22 pm", "10 pm"; undefined for anything else (25:00, 13 pm). */
function readTime(text: string): string | undefined {
  const m = /^(\d{1,2})(?:[:.](\d{2}))?\s*(?:([ap])\.?\s*m\.?)?$/i.exec(text);
  if (!m) return undefined;
  let hour = Number(m[1]);
  const minute = m[2] === undefined ? 0 : Number(m[2]);
  const meridiem = m[3]?.toLowerCase();
  // A bare "10" could be a day or an hour; with am/pm it is the hour.
  if (minute > 59 || (m[2] === undefined && !meridiem)) return undefined;
  if (meridiem) {
    if (hour < 1 || hour > 12) return undefined;
    // 12 am is midnight, 12 pm noon.
    hour = (hour % 12) + (meridiem === 'p' ? 12 : 0);
  } else if (hour > 23) {
    return undefined;
  }
  return `${two(hour)}:${two(minute)}`;
}

// The time at the end of a date-time's text, after ", ", a space or ISO's "T".
const DATE_THEN_TIME = /^(.*?)(?:\s*,\s*|\s+|T)(\d{1,2}(?:[:.]\d{2})?\s*(?:[ap]\.?\s*m\.?)?)$/i;

/** The time typed at the end of a date-time's text, as 'HH:mm', even when its date is wrong. */
export function typedTime(text: string): string | undefined {
  const m = DATE_THEN_TIME.exec(text.trim());
  return m ? readTime(m[2] as string) : undefined;
}

function outOfBounds(type: DateTextType, value: string, { min, max }: DateTextBounds): string | undefined {
  const what = type === 'date' ? 'a day on' : type === 'time' ? 'a time at' : 'a time on';
  // Values of one format compare as strings; a day compares with a date-time as that day's midnight.
  if (min && value < min) return `Pick ${what} or after ${formatDateValue(type, min)}`;
  if (max && value > (type === 'datetime-local' && max.length === 10 ? `${max}T23:59` : max)) {
    return `Pick ${what} or before ${formatDateValue(type, max)}`;
  }
  return undefined;
}

/**
 * The value of a field's text: '' for none, else the day, date-time or time it writes, within the bounds; or the
 * message to show for text that writes none (a format, a day that does not exist, a day outside the bounds).
 */
export function parseDateText(type: DateTextType, text: string, bounds: DateTextBounds = {}): DateTextResult {
  const t = text.trim().replace(/\s+/g, ' ');
  if (!t) return { value: '' };
  const format = { error: EXAMPLE_MESSAGES[type] };
  let result: DateTextResult | undefined;
  if (type === 'time') {
    const time = readTime(t);
    result = time ? { value: time } : undefined;
  } else if (type === 'date') {
    const day = readDay(t);
    result = day && dayValue(day);
  } else {
    const m = DATE_THEN_TIME.exec(t);
    const day = m && readDay(m[1] as string);
    const time = m && readTime(m[2] as string);
    result = day && time ? dayValue(day) : undefined;
    if (result?.value) result = { value: `${result.value}T${time}` };
  }
  if (!result) return format;
  if (result.error !== undefined) return result;
  const outside = outOfBounds(type, result.value, bounds);
  return outside ? { error: outside } : result;
}
