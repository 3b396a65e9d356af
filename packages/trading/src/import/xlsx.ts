// A small XLSX reader for broker exports: an .xlsx is a zip of XML parts. It reads the shared strings and
// one worksheet into rows of cell text, the way a CSV reader would, so the broker parsers can treat both
// alike. Cells keep the text the file stores: numbers as written (`884.5`), dates as Excel serial numbers
// (see excelSerialToIst), shared and inline strings as their text, booleans as TRUE / FALSE.
// Synchronous (fflate) and free of Node APIs, so it runs in the browser.
import { unzipSync } from 'fflate';

export interface XlsxSheet {
  name: string;
  /** rows[i] is the sheet's row i + 1 (empty rows stay, as []); rows[i][j] is column j (A = 0), '' when empty. */
  rows: string[][];
}

export class XlsxError extends Error {
  override name = 'XlsxError';
}

const decoder = new TextDecoder();

export interface XlsxReadOptions {
  /** Read no further than this many rows of each sheet (detection looks only at the top). */
  maxRows?: number;
}

/**
 * Reads the sheet named `sheetName` (case-insensitive) when the workbook has one, otherwise the first sheet.
 * Throws XlsxError when the bytes are not an XLSX workbook.
 */
export function readXlsx(bytes: Uint8Array, sheetName?: string): XlsxSheet {
  const book = openWorkbook(bytes);
  const wanted = sheetName?.toLowerCase();
  const sheet = book.sheets.find((s) => s.name.toLowerCase() === wanted) ?? book.sheets[0];
  if (sheet === undefined) throw new XlsxError('This workbook has no sheets.');
  return book.read(sheet);
}

/** Every sheet of a workbook, in workbook order. Throws XlsxError when the bytes are not an XLSX workbook. */
export function readXlsxSheets(bytes: Uint8Array, options: XlsxReadOptions = {}): XlsxSheet[] {
  const book = openWorkbook(bytes);
  return book.sheets.map((sheet) => book.read(sheet, options.maxRows));
}

interface SheetEntry {
  name: string;
  rel: string | undefined;
}

function openWorkbook(bytes: Uint8Array): {
  sheets: SheetEntry[];
  read: (sheet: SheetEntry, maxRows?: number) => XlsxSheet;
} {
  let parts: Record<string, Uint8Array>;
  try {
    // Only the parts this reader needs: a workbook's styles, themes and images can be large.
    parts = unzipSync(bytes, {
      filter: (f) =>
        f.name === 'xl/workbook.xml' ||
        f.name === 'xl/_rels/workbook.xml.rels' ||
        f.name === 'xl/sharedStrings.xml' ||
        f.name.startsWith('xl/worksheets/'),
    });
  } catch {
    throw new XlsxError('This file is not an Excel workbook (.xlsx): it could not be unzipped.');
  }
  const text = (name: string) => {
    const part = parts[name];
    return part === undefined ? undefined : decoder.decode(part);
  };
  const workbook = text('xl/workbook.xml');
  if (workbook === undefined) throw new XlsxError('This file is not an Excel workbook (.xlsx): it has no workbook.');

  const sheets = [...workbook.matchAll(/<(?:\w+:)?sheet\b([^>]*)\/?>/g)].map((m) => ({
    name: unescapeXml(attribute(m[1] ?? '', 'name') ?? ''),
    rel: attribute(m[1] ?? '', 'r:id'),
  }));
  const rels = text('xl/_rels/workbook.xml.rels');
  let strings: string[] | undefined;
  const read = (sheet: SheetEntry, maxRows?: number): XlsxSheet => {
    const path = sheetPath(rels, sheet.rel) ?? 'xl/worksheets/sheet1.xml';
    const xml = text(path);
    if (xml === undefined) throw new XlsxError(`The sheet '${sheet.name}' is missing from this workbook.`);
    strings ??= sharedStrings(text('xl/sharedStrings.xml'));
    return { name: sheet.name, rows: readRows(xml, strings, maxRows) };
  };
  return { sheets, read };
}

/** The part a sheet's relationship id points at (targets are relative to xl/, or absolute from the root). */
function sheetPath(rels: string | undefined, rel: string | undefined): string | undefined {
  if (rels === undefined || rel === undefined) return undefined;
  for (const m of rels.matchAll(/<(?:\w+:)?Relationship\b([^>]*)\/?>/g)) {
    const attrs = m[1] ?? '';
    if (attribute(attrs, 'Id') !== rel) continue;
    const target = attribute(attrs, 'Target');
    if (target === undefined) return undefined;
    return target.startsWith('/') ? target.slice(1) : `xl/${target.replace(/^\.\//, '')}`;
  }
  return undefined;
}

function sharedStrings(xml: string | undefined): string[] {
  if (xml === undefined) return [];
  return [...xml.matchAll(/<(?:\w+:)?si\b[^>]*?(?:\/>|>([\s\S]*?)<\/(?:\w+:)?si>)/g)].map((m) => runText(m[1] ?? ''));
}

/** The text of a string item: its <t> runs joined, leaving out phonetic hints (<rPh>). */
function runText(xml: string): string {
  const body = xml.replace(/<(?:\w+:)?rPh\b[\s\S]*?<\/(?:\w+:)?rPh>/g, '');
  let out = '';
  for (const m of body.matchAll(/<(?:\w+:)?t\b[^>]*?(?:\/>|>([\s\S]*?)<\/(?:\w+:)?t>)/g))
    out += unescapeXml(m[1] ?? '');
  return out;
}

const ROW = /<(?:\w+:)?row\b([^>]*?)(?:\/>|>([\s\S]*?)<\/(?:\w+:)?row>)/g;
const CELL = /<(?:\w+:)?c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/(?:\w+:)?c>)/g;
const VALUE = /<(?:\w+:)?v\b[^>]*>([\s\S]*?)<\/(?:\w+:)?v>/;
const INLINE = /<(?:\w+:)?is\b[^>]*>([\s\S]*?)<\/(?:\w+:)?is>/;

function readRows(xml: string, strings: readonly string[], maxRows = Number.POSITIVE_INFINITY): string[][] {
  const rows: string[][] = [];
  let next = 1;
  for (const rowMatch of xml.matchAll(ROW)) {
    // Rows and cells carry their reference (r="11", r="AA11"); without one they follow the previous.
    const r = Number(attribute(rowMatch[1] ?? '', 'r') ?? next);
    if (r > maxRows) break;
    next = r + 1;
    const cells: string[] = [];
    let column = 0;
    for (const cellMatch of (rowMatch[2] ?? '').matchAll(CELL)) {
      const attrs = cellMatch[1] ?? '';
      const ref = attribute(attrs, 'r');
      if (ref !== undefined) column = columnIndex(ref);
      cells[column] = cellText(attribute(attrs, 't'), cellMatch[2] ?? '', strings);
      column++;
    }
    while (rows.length < r - 1) rows.push([]);
    rows[r - 1] = Array.from(cells, (c) => c ?? '');
  }
  return rows;
}

function cellText(type: string | undefined, body: string, strings: readonly string[]): string {
  if (type === 'inlineStr') return runText(INLINE.exec(body)?.[1] ?? '');
  const raw = VALUE.exec(body)?.[1];
  if (raw === undefined) return '';
  if (type === 's') return strings[Number(raw)] ?? '';
  if (type === 'b') return raw.trim() === '1' ? 'TRUE' : 'FALSE';
  return unescapeXml(raw);
}

/** A1-style reference to a 0-based column: A → 0, Z → 25, AA → 26. */
export function columnIndex(ref: string): number {
  let n = 0;
  for (const ch of ref.toUpperCase()) {
    const c = ch.charCodeAt(0);
    if (c < 65 || c > 90) break;
    n = n * 26 + (c - 64);
  }
  return n - 1;
}

function attribute(attrs: string, name: string): string | undefined {
  const m = new RegExp(`(?:^|\\s)${name.replace(':', '\\:')}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`).exec(attrs);
  return m ? (m[1] ?? m[2]) : undefined;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function unescapeXml(s: string): string {
  if (!s.includes('&')) return s;
  return s.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (all, e: string) => {
    if (e[0] === '#') {
      const code = e[1] === 'x' || e[1] === 'X' ? Number.parseInt(e.slice(2), 16) : Number(e.slice(1));
      return Number.isFinite(code) ? String.fromCodePoint(code) : all;
    }
    return ENTITIES[e.toLowerCase()] ?? all;
  });
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * An Excel date-time serial (days since 30 Dec 1899, the fraction is the time of day) as
 * `YYYY-MM-DDTHH:MM:SS+05:30`. Excel stores wall-clock time with no zone; broker exports write exchange time,
 * so it is read as India time. Null when the value is not a serial number in a plausible range.
 */
export function excelSerialToIst(value: string): string | null {
  const v = value.trim();
  if (!/^\d+(\.\d+)?$/.test(v)) return null;
  const serial = Number(v);
  // 1 Jan 1990 .. 31 Dec 2099, or a bare time of day (< 1).
  if (!(serial < 1 || (serial >= 32874 && serial < 73051))) return null;
  const seconds = Math.round(serial * 86_400);
  const date = new Date(Date.UTC(1899, 11, 30) + seconds * 1000);
  const day = `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
  return `${day}T${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}+05:30`;
}
