import { isIsoDate, istDate } from '../time/ist';

// Rates and lot sizes change on Indian calendar dates, so an instant is read in exchange time before comparing.

/**
 * A date (a trade date, an expiry) as YYYY-MM-DD in Asia/Kolkata.
 * A Date is converted; a YYYY-MM-DD string is taken as already an exchange date.
 */
export function kolkataDate(date: string | Date, label = 'Trade date'): string {
  if (typeof date === 'string') {
    if (!isIsoDate(date)) throw new RangeError(`${label} "${date}" is not a YYYY-MM-DD date.`);
    return date;
  }
  if (Number.isNaN(date.getTime())) throw new RangeError(`${label} is not a valid date.`);
  return istDate(date.getTime());
}
