// Turns CSV text (or XLSX rows) into header-keyed rows with file row numbers, and checks that required columns exist.
import { headerKey, isBlankRecord, parseCsv } from './csv';
import type { ImportRowError } from './types';

export interface TableRow {
  /** The row in the file as a spreadsheet numbers it: the header is row 1. */
  row: number;
  /** The trimmed cell under a column (by its header key), or '' when the row is short. */
  get(column: string): string;
}

export interface Table {
  rows: TableRow[];
  /** A missing required column makes every row unreadable: one error, no rows. */
  errors: ImportRowError[];
}

/**
 * Reads the first non-blank record as the header. `required` are header keys (see `headerKey`);
 * lines before the header (an XLSX-to-CSV preamble) are skipped when `headerStartsWith` is given.
 */
export function readTable(text: string, required: readonly string[], headerStartsWith?: string): Table {
  return readRecords(parseCsv(text), required, headerStartsWith);
}

/** `readTable` for records already split into cells (record i is file row i + 1), such as an XLSX sheet's rows. */
export function readRecords(
  records: readonly (readonly string[])[],
  required: readonly string[],
  headerStartsWith?: string,
): Table {
  const candidate = (rec: readonly string[]) =>
    !isBlankRecord(rec) && (headerStartsWith === undefined || headerKey(rec[0] ?? '') === headerStartsWith);
  let h = records.findIndex(candidate);
  if (h === -1) h = records.length;
  // A preamble may start a line with the same word ("Date", "From … To …"): prefer the first candidate that
  // holds every required column.
  if (headerStartsWith !== undefined) {
    const complete = records.findIndex((rec) => {
      if (!candidate(rec)) return false;
      const keys = rec.map(headerKey);
      return required.every((c) => keys.includes(c));
    });
    if (complete !== -1) h = complete;
  }
  const header = (records[h] ?? []).map(headerKey);
  const missing = required.filter((c) => !header.includes(c));
  if (h >= records.length || missing.length > 0) {
    const what = h >= records.length ? 'no header row was found' : `missing column ${missing.join(', ')}`;
    return { rows: [], errors: [{ row: h + 1, column: missing[0] ?? null, message: `Row ${h + 1}: ${what}` }] };
  }
  const index = new Map(header.map((key, i) => [key, i] as const));
  const rows: TableRow[] = [];
  for (let r = h + 1; r < records.length; r++) {
    const rec = records[r] ?? [];
    if (isBlankRecord(rec)) continue;
    rows.push({
      row: r + 1,
      get: (column) => {
        const i = index.get(column);
        return i === undefined ? '' : (rec[i] ?? '').trim();
      },
    });
  }
  return { rows, errors: [] };
}

/** Collects the first problem found in a row; parsers stop reading a row at its first error. */
export function rowError(row: number, column: string | null, what: string): ImportRowError {
  return { row, column, message: `Row ${row}: ${what}` };
}
