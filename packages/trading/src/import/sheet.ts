// What the XLSX broker parsers share: the file as records (an .xlsx workbook, or the same export saved as CSV)
// and cells that may hold an Excel date serial instead of text.
import { parseCsv } from './csv';
import { istTimestamp, parseDate } from './normalise';
import type { ImportRowError } from './types';
import { excelSerialToIst, readXlsx, readXlsxSheets, XlsxError, type XlsxReadOptions } from './xlsx';

export type SpreadsheetInput = Uint8Array | ArrayBuffer | string;

export interface SheetRecords {
  /** Record i is the file's row i + 1. */
  records: string[][];
  format: 'xlsx' | 'csv';
  errors: ImportRowError[];
}

/** Reads an XLSX workbook (zip bytes) or CSV (text, or bytes that are not a zip) into records. */
export function sheetRecords(input: SpreadsheetInput, sheetName?: string): SheetRecords {
  const bytes = zipBytes(input);
  if (bytes === null) return { records: parseCsv(csvText(input)), format: 'csv', errors: [] };
  try {
    return { records: readXlsx(bytes, sheetName).rows, format: 'xlsx', errors: [] };
  } catch (error) {
    return { records: [], format: 'xlsx', errors: [xlsxError(error)] };
  }
}

export interface WorkbookRecords {
  /** Every sheet of a workbook in order; a CSV is one sheet named ''. */
  sheets: { name: string; records: string[][] }[];
  format: 'xlsx' | 'csv';
  errors: ImportRowError[];
}

/** `sheetRecords` for every sheet, for reports whose table may sit on any sheet (or where detection looks). */
export function workbookRecords(input: SpreadsheetInput, options: XlsxReadOptions = {}): WorkbookRecords {
  const bytes = zipBytes(input);
  if (bytes === null) {
    const records = parseCsv(csvText(input, options.maxRows)).slice(0, options.maxRows);
    return { sheets: [{ name: '', records }], format: 'csv', errors: [] };
  }
  try {
    const sheets = readXlsxSheets(bytes, options).map((s) => ({ name: s.name, records: s.rows }));
    return { sheets, format: 'xlsx', errors: [] };
  } catch (error) {
    return { sheets: [], format: 'xlsx', errors: [xlsxError(error)] };
  }
}

/** The bytes of an XLSX (a zip), or null for CSV text or bytes that are not a zip. */
function zipBytes(input: SpreadsheetInput): Uint8Array | null {
  if (typeof input === 'string') return null;
  const bytes = input instanceof Uint8Array ? input : new Uint8Array(input);
  // Every zip starts with the local file header signature PK\x03\x04.
  return bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04 ? bytes : null;
}

/**
 * CSV input as text. With `maxRows`, only about that many lines are kept (enough for a header search), so a large
 * file is not decoded and parsed in full just to be recognised.
 */
function csvText(input: SpreadsheetInput, maxRows?: number): string {
  let text: string;
  if (typeof input === 'string') text = input;
  else {
    const bytes = input instanceof Uint8Array ? input : new Uint8Array(input);
    // 1 KiB a line is far more than any broker export writes.
    const end = maxRows === undefined ? bytes.length : Math.min(bytes.length, maxRows * 1024);
    text = new TextDecoder().decode(bytes.subarray(0, end));
  }
  if (maxRows === undefined) return text;
  let cut = -1;
  for (let line = 0; line < maxRows; line++) {
    cut = text.indexOf('\n', cut + 1);
    if (cut === -1) return text;
  }
  return text.slice(0, cut + 1);
}

function xlsxError(error: unknown): ImportRowError {
  if (!(error instanceof XlsxError)) throw error;
  return { row: 1, column: null, message: error.message };
}

/**
 * An id cell (trade, order) as text. Excel may store a long numeric id as a number written in E notation
 * (1.300000021339012E+15): that is turned back into its digits.
 */
export function cellId(value: string): string {
  const v = value.trim();
  if (!/^\d(\.\d+)?E\+\d+$/i.test(v)) return v;
  const n = Number(v);
  return Number.isSafeInteger(n) ? String(n) : v;
}

/** A date cell: an Excel serial or a date as brokers write it, with any time of day left out. YYYY-MM-DD or null. */
export function cellDate(value: string): string | null {
  return excelSerialToIst(value)?.slice(0, 10) ?? parseDate(value.replace(/(?:\s+|T)\d{1,2}:\d{2}(:\d{2})?.*$/, ''));
}

/**
 * An exchange timestamp from a date cell and an optional time cell, each text or an Excel serial (a time
 * alone is a fraction of a day). A date cell that carries its own time is used as it is when there is no time cell.
 */
export function cellTimestamp(dateValue: string, timeValue = ''): string | null {
  const time = timeValue.trim();
  if (time !== '') {
    const serial = excelSerialToIst(time);
    // A full date-time in the time column stands on its own.
    if (serial !== null && Number(time) >= 1) return serial;
    if (serial === null && /\d{1,2}[-/.]\d{1,2}[-/.]\d{2,4}|\d{4}-\d{2}-\d{2}/.test(time)) return istTimestamp(time);
    const day = cellDate(dateValue);
    if (day === null) return null;
    return istTimestamp(day, serial === null ? time : serial.slice(11, 19));
  }
  return excelSerialToIst(dateValue) ?? istTimestamp(dateValue);
}
