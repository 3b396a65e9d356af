// What the XLSX broker parsers share: the file as records (an .xlsx workbook, or the same export saved as CSV)
// and cells that may hold an Excel date serial instead of text.
import { parseCsv } from './csv';
import { istTimestamp, parseDate } from './normalise';
import type { ImportRowError } from './types';
import { excelSerialToIst, readXlsx, XlsxError } from './xlsx';

export type SpreadsheetInput = Uint8Array | ArrayBuffer | string;

export interface SheetRecords {
  /** Record i is the file's row i + 1. */
  records: string[][];
  format: 'xlsx' | 'csv';
  errors: ImportRowError[];
}

/** Reads an XLSX workbook (zip bytes) or CSV (text, or bytes that are not a zip) into records. */
export function sheetRecords(input: SpreadsheetInput, sheetName?: string): SheetRecords {
  if (typeof input === 'string') return { records: parseCsv(input), format: 'csv', errors: [] };
  const bytes = input instanceof Uint8Array ? input : new Uint8Array(input);
  // Every zip starts with the local file header signature PK\x03\x04.
  if (!(bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04)) {
    return { records: parseCsv(new TextDecoder().decode(bytes)), format: 'csv', errors: [] };
  }
  try {
    return { records: readXlsx(bytes, sheetName).rows, format: 'xlsx', errors: [] };
  } catch (error) {
    if (!(error instanceof XlsxError)) throw error;
    return { records: [], format: 'xlsx', errors: [{ row: 1, column: null, message: error.message }] };
  }
}

/** A date cell: an Excel serial or a date as brokers write it. YYYY-MM-DD or null. */
export function cellDate(value: string): string | null {
  return excelSerialToIst(value)?.slice(0, 10) ?? parseDate(value.replace(/\s+\d{1,2}:\d{2}(:\d{2})?.*$/, ''));
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
