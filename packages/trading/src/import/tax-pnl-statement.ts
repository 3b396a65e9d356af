// Zerodha Console tax P&L statement (XLSX, one per financial year): the equity delivery exits of its tradewise sheet,
// each with the entry date and buy value of the shares sold, so shares sold in a tradebook but bought before it get
// their real cost and date. Layout, as open-source readers of real files describe it: a sheet named
// "Tradewise Exits from 2024-04-01" (not always the first; the workbook also has summary sheets), column A empty, a
// preamble from column B ("View Zerodha's guide on using tax reports for filing.", Client ID, Client Name, PAN,
// "Tradewise Exits from 2024-04-01 to 2025-03-31"), then sections, each a title row, its header row and its exits:
//   Equity - Intraday | Equity - Short Term | Equity - Long Term | Equity - Buyback | Non Equity | Mutual Funds |
//   F&O | Currency | Commodity
// Equity header: Symbol | ISIN | Entry Date | Exit Date | Quantity | Buy Value | Sell Value | Profit |
//   Period of Holding | Fair Market Value | Taxable Profit | Turnover | Brokerage | … | STT
// (the derivative sections have no ISIN, holding period, FMV or taxable profit). Dates are Excel serials or text,
// F&O ones with a time (2024-07-01T09:48:26). Only the Short Term, Long Term and Buyback sections are read: those are
// shares that were held. Intraday, F&O and the other sections are left out and named in `ignoredSections`.
import { headerKey, isBlankRecord } from './csv';
import { expectedHeader } from './detect';
import { parseDate, parseNumber } from './normalise';
import { cellDate, type SpreadsheetInput, workbookRecords } from './sheet';
import { baseSymbol } from './symbols';
import { rowError } from './table';
import type { ImportRowError } from './types';
import { quantityProblem, units } from './units';

export type TaxPnlSection = 'short_term' | 'long_term' | 'buyback';

export interface TaxPnlExit {
  /** The share, without an NSE series suffix (baseSymbol). */
  symbol: string;
  isin: string | null;
  /** YYYY-MM-DD: the day the shares sold were bought, and the day they were sold. */
  entryDate: string;
  exitDate: string;
  quantity: number;
  /** Rupees: the cost of the shares sold (the actual cost, not the 31 Jan 2018 fair market value) and the proceeds. */
  buyValue: number;
  sellValue: number;
  section: TaxPnlSection;
  /** The row on the tradewise sheet. */
  row: number;
}

export interface TaxPnlStatement {
  exits: TaxPnlExit[];
  /** The statement's window, from its "Tradewise Exits from … to …" line. */
  period: { from: string; to: string } | null;
  /** Sections with exits that are not delivery equity and were not read, as the file titles them (F&O…). */
  ignoredSections: string[];
  errors: ImportRowError[];
}

const HEADER = ['symbol', 'entry_date', 'exit_date', 'quantity', 'buy_value', 'sell_value'];
const READ: readonly [RegExp, TaxPnlSection][] = [
  [/^equity\s*-?\s*short\s*term/, 'short_term'],
  [/^equity\s*-?\s*long\s*term/, 'long_term'],
  [/^equity\s*-?\s*buy\s*back/, 'buyback'],
];

/** Section titles Console writes. */
const SECTION = /^(equity|non[\s-]*equity|mutual\s*funds?|f\s*&\s*o|futures|options|currency|commodity)\b/i;

const isHeader = (keys: readonly string[]) => HEADER.every((k) => keys.includes(k));

function nextIsHeader(records: readonly (readonly string[])[], r: number): boolean {
  for (let n = r + 1; n < records.length; n++) {
    const rec = records[n] ?? [];
    if (!isBlankRecord(rec)) return isHeader(rec.map(headerKey));
  }
  return false;
}

/** Reads the equity delivery exits of a Zerodha tax P&L: its XLSX, or its tradewise sheet saved as CSV. */
export function parseZerodhaTaxPnl(input: SpreadsheetInput): TaxPnlStatement {
  const book = workbookRecords(input);
  const empty = (errors: ImportRowError[]): TaxPnlStatement => ({
    exits: [],
    period: null,
    ignoredSections: [],
    errors,
  });
  if (book.errors.length > 0) return empty(book.errors);
  const hasHeader = (records: readonly (readonly string[])[]) => records.some((r) => isHeader(r.map(headerKey)));
  const sheet =
    book.sheets.find((s) => /^tradewise exits/i.test(s.name.trim()) && hasHeader(s.records)) ??
    book.sheets.find((s) => hasHeader(s.records));
  if (sheet === undefined) {
    const { report, header } = expectedHeader('zerodha-tax-pnl');
    return empty([{ row: 1, column: null, message: `No ${report} header (${header} …) was found in this file.` }]);
  }

  const exits: TaxPnlExit[] = [];
  const errors: ImportRowError[] = [];
  const ignored: string[] = [];
  let period: TaxPnlStatement['period'] = null;
  let index: Map<string, number> | null = null;
  let labels: readonly string[] = [];
  let title = '';
  let section: TaxPnlSection | null = null;
  for (let r = 0; r < sheet.records.length; r++) {
    const rec = sheet.records[r] ?? [];
    if (isBlankRecord(rec)) continue;
    const keys = rec.map(headerKey);
    if (isHeader(keys)) {
      index = new Map();
      for (const [i, key] of keys.entries()) if (key !== '' && !index.has(key)) index.set(key, i);
      labels = rec.map((c) => c.trim());
      continue;
    }
    const filled = rec.map((c) => c.trim()).filter((c) => c !== '');
    // A title: the statement's window, a preamble line, or a section (its header row follows it). A lone cell under
    // a header that is none of these is an exit with its other cells missing, and is read as one.
    if (filled.length === 1 && (index === null || SECTION.test(filled[0] ?? '') || nextIsHeader(sheet.records, r))) {
      const text = filled[0] ?? '';
      const window = /tradewise exits from\s+(\S+)\s+to\s+(\S+)/i.exec(text);
      if (window) {
        const from = parseDate(window[1] ?? '');
        const to = parseDate(window[2] ?? '');
        if (from !== null && to !== null) period = { from, to };
        continue;
      }
      title = text;
      const lower = text.toLowerCase();
      section = READ.find(([pattern]) => pattern.test(lower))?.[1] ?? null;
      continue;
    }
    if (index === null) continue;
    const at = index;
    const get = (column: string) => {
      const i = at.get(column);
      return i === undefined ? '' : (rec[i] ?? '').trim();
    };
    const symbolCell = get('symbol').toUpperCase();
    // A totals line is not an exit.
    if (symbolCell === 'TOTAL') continue;
    if (section === null) {
      if (title !== '' && !ignored.includes(title)) ignored.push(title);
      continue;
    }
    const row = r + 1;
    const label = (column: string) => labels[at.get(column) ?? -1] || column;
    const result = readExit(row, get, label, section);
    if ('message' in result) errors.push(result);
    else exits.push(result);
  }
  return { exits, period, ignoredSections: ignored, errors };
}

function readExit(
  row: number,
  get: (column: string) => string,
  label: (column: string) => string,
  section: TaxPnlSection,
): TaxPnlExit | ImportRowError {
  const fail = (column: string, what: (name: string) => string) => rowError(row, column, what(label(column)));
  const symbol = baseSymbol(get('symbol'));
  if (symbol === '') return fail('symbol', (c) => `${c} is empty`);
  const entryDate = cellDate(get('entry_date'));
  if (entryDate === null) return fail('entry_date', (c) => `${c} '${get('entry_date')}' is not a date`);
  const exitDate = cellDate(get('exit_date'));
  if (exitDate === null) return fail('exit_date', (c) => `${c} '${get('exit_date')}' is not a date`);
  if (exitDate < entryDate) {
    return fail('exit_date', (c) => `${c} ${exitDate} is before ${label('entry_date')} ${entryDate}`);
  }
  // ETF and fund units may have decimals (LIQUIDBEES 24.609).
  const read = parseNumber(get('quantity'));
  const notPositive = quantityProblem(read);
  if (read === null || notPositive) return fail('quantity', (c) => `${c} '${get('quantity')}' ${notPositive}`);
  const quantity = units(read);
  const values: Record<string, number> = {};
  for (const column of ['buy_value', 'sell_value']) {
    const n = parseNumber(get(column));
    if (n === null || n < 0) return fail(column, (c) => `${c} '${get(column)}' is not a number of 0 or more`);
    values[column] = n;
  }
  return {
    symbol,
    isin: get('isin').toUpperCase() || null,
    entryDate,
    exitDate,
    quantity,
    buyValue: values.buy_value ?? 0,
    sellValue: values.sell_value ?? 0,
    section,
    row,
  };
}
