// Rates and lot sizes change on Indian calendar dates, so an instant is read in exchange time before comparing.
const kolkataDay = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Asia/Kolkata',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A date (a trade date, an expiry) as YYYY-MM-DD in Asia/Kolkata.
 * A Date is converted; a YYYY-MM-DD string is taken as already an exchange date.
 */
export function kolkataDate(date: string | Date, label = 'Trade date'): string {
  if (typeof date === 'string') {
    // The round trip catches days that do not exist, such as 2025-02-31, which Date.parse rolls over.
    const day = new Date(`${date}T00:00:00Z`);
    if (!ISO_DAY.test(date) || Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== date) {
      throw new RangeError(`${label} "${date}" is not a YYYY-MM-DD date.`);
    }
    return date;
  }
  if (Number.isNaN(date.getTime())) throw new RangeError(`${label} is not a valid date.`);
  return kolkataDay.format(date);
}
