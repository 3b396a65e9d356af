// Turns CSV text (or XLSX rows) into header-keyed rows with file row numbers, and checks that required columns exist.
import { csvRecords, headerKey, isBlankRecord } from './csv';
import type { ImportRowError } from './types';

export interface TableRow {
  /** The row in the file as a spreadsheet numbers it: the first record is row 1. */
  row: number;
  /** The trimmed cell under a column (by its header key), or '' when the row is short or has no such column. */
  get(column: string): string;
}

export interface Table {
  /** Read once, in order: from CSV text each row is parsed as it is reached (see `readTable`). */
  rows: Iterable<TableRow>;
  /** A missing header or required column makes every row unreadable: one error, no rows. */
  errors: ImportRowError[];
  /** The header's row in the file (1-based), or null when none was found. */
  headerRow: number | null;
  /** A column's header as the file writes it (`Trade Date` or `trade_date`), for messages; the key when absent. */
  label(column: string): string;
}

export interface TableSpec {
  /** Header keys (see `headerKey`) every file of this kind has. */
  required: readonly string[];
  /** Other names files give a column: the file's key → the key the reader asks for (`tradingsymbol` → `symbol`). */
  aliases?: Readonly<Record<string, string>>;
  /**
   * What the file should be, for the error when no header is found: the report's name and the start of its header
   * as the report writes it, e.g. `{ report: 'Dhan transaction report', header: 'Date, Scrip Name, Exchange, Buy Qty.' }`.
   */
  expected?: { report: string; header: string };
}

/** How far down a header is looked for: preambles run to a few dozen rows, never hundreds. */
const HEADER_SEARCH_ROWS = 200;

/** `readRecords` over CSV text, parsed as the rows are read. */
export function readTable(text: string, spec: TableSpec): Table {
  return readRecords(csvRecords(text), spec);
}

/**
 * Finds the header, the first record (within the first 200) that holds every required column, wherever it starts
 * (after a preamble, in column B of a sheet), and keys the records after it by column. Record i is file row i + 1.
 * When no record holds them all, a record that holds most of them is taken to be a header with columns missing;
 * otherwise the file has no header of this kind at all, and the error says what was expected.
 */
export function readRecords(records: Iterable<readonly string[]>, spec: TableSpec): Table {
  const { required, aliases } = spec;
  const keysOf = (rec: readonly string[]) =>
    rec.map((cell) => {
      const key = headerKey(cell);
      return aliases?.[key] ?? key;
    });
  // The records down to the header are kept to search; those after it are read only as the rows are.
  const rest = records[Symbol.iterator]();
  const head: (readonly string[])[] = [];
  let h = -1;
  let best = -1;
  let bestCount = 0;
  for (let r = 0; r < HEADER_SEARCH_ROWS; r++) {
    const next = rest.next();
    if (next.done) break;
    const rec = next.value;
    head.push(rec);
    if (isBlankRecord(rec)) continue;
    const keys = new Set(keysOf(rec));
    const count = required.filter((c) => keys.has(c)).length;
    if (count === required.length) {
      h = r;
      break;
    }
    if (count > bestCount) {
      best = r;
      bestCount = count;
    }
  }
  if (h === -1) {
    const none = (error: ImportRowError): Table => ({ rows: [], errors: [error], headerRow: null, label: (c) => c });
    // More than half of the columns: this is the header, with some missing.
    if (best !== -1 && bestCount * 2 > required.length) {
      const keys = new Set(keysOf(head[best] ?? []));
      const missing = required.filter((c) => !keys.has(c));
      const row = best + 1;
      return none({ row, column: missing[0] ?? null, message: `Row ${row}: missing column ${missing.join(', ')}` });
    }
    const message = spec.expected
      ? `No ${spec.expected.report} header (${spec.expected.header} …) was found in this file.`
      : `No header row with the columns ${required.join(', ')} was found in this file.`;
    return none({ row: 1, column: null, message });
  }

  const headerCells = head[h] ?? [];
  const header = keysOf(headerCells);
  // The first column of a name wins, as a reader of the sheet would read it.
  const index = new Map<string, number>();
  header.forEach((key, i) => {
    if (key !== '' && !index.has(key)) index.set(key, i);
  });
  function* rows(): Generator<TableRow> {
    let r = h;
    for (let next = rest.next(); !next.done; next = rest.next()) {
      const rec = next.value;
      r++;
      if (isBlankRecord(rec)) continue;
      yield {
        row: r + 1,
        get: (column) => {
          const i = index.get(column);
          return i === undefined ? '' : (rec[i] ?? '').trim();
        },
      };
    }
  }
  const label = (column: string) => {
    const i = index.get(column);
    return i === undefined ? column : (headerCells[i] ?? column).trim();
  };
  return { rows: rows(), errors: [], headerRow: h + 1, label };
}

/** Collects the first problem found in a row; parsers stop reading a row at its first error. */
export function rowError(row: number, column: string | null, what: string): ImportRowError {
  return { row, column, message: `Row ${row}: ${what}` };
}
