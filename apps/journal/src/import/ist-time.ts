// Exchange time as the import parsers write it: `YYYY-MM-DDTHH:MM:SS+05:30`. PostgREST returns timestamptz in
// UTC (`…+00:00`), so a fill read back from the database is rewritten in IST before it is compared with a parsed one
// (the de-duplication fallback key includes the time) or exported (the IST calendar day is the first 10 characters).
const IST_OFFSET_MS = 330 * 60_000;

/** An instant as `YYYY-MM-DDTHH:MM:SS+05:30`; throws on a value that is not a date. */
export function toIstTimestamp(instant: string | Date): string {
  const ms = typeof instant === 'string' ? Date.parse(instant) : instant.getTime();
  if (Number.isNaN(ms)) throw new RangeError(`'${String(instant)}' is not a date and time`);
  return `${new Date(ms + IST_OFFSET_MS).toISOString().slice(0, 19)}+05:30`;
}
