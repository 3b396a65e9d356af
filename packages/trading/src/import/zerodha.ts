// Zerodha Console tradebook, one row per fill (docs: shared/INDIA.md), as CSV or XLSX.
// CSV: symbol,isin,trade_date,exchange,segment,series,trade_type,auction,quantity,price,trade_id,order_id,order_execution_time
// F&O exports add expiry_date and leave isin empty. Older downloads name the symbol column tradingsymbol.
// XLSX (Console's Excel download, as open-source readers of real files describe it): one sheet ("Equity", "F&O"),
// column A empty, a preamble from column B (Client ID, "Tradebook for Equity from 2025-04-01 to 2025-06-30"), the
// Title Case header (Symbol, ISIN, Trade Date, … Order Execution Time, and Expiry Date for F&O) on row 15 and fills
// below it. Trade Date and Expiry Date may be Excel date serials or text; Order Execution Time a serial or text.
// Equity symbols lose an NSE series suffix (IDEA-BE is IDEA: see baseSymbol) and keep the row's ISIN.
import { expectedHeader } from './detect';
import { istTimestamp, normaliseExchange, normaliseSide, parseNumber } from './normalise';
import { cellDate, cellId, cellTimestamp, type SpreadsheetInput, workbookRecords } from './sheet';
import { baseSymbol, type DecodedSymbol, decodeSymbol } from './symbols';
import { readRecords, readTable, rowError, type Table, type TableSpec } from './table';
import type { Fill, ImportRowError, ParseResult } from './types';
import { quantityProblem, units } from './units';

const SPEC: TableSpec = {
  required: ['symbol', 'trade_date', 'exchange', 'segment', 'trade_type', 'quantity', 'price', 'trade_id'],
  aliases: { tradingsymbol: 'symbol' },
  expected: expectedHeader('zerodha-tradebook'),
};

interface SymbolInfo {
  decoded: DecodedSymbol;
  /** The share without its series suffix, for equity rows. */
  base: string;
}

/**
 * Reads a Zerodha Console tradebook: CSV text, or the bytes of the CSV or of Console's XLSX download. A workbook is
 * read from the first sheet that has a tradebook header.
 */
export function parseZerodhaTradebook(input: SpreadsheetInput): ParseResult {
  let table: Table;
  let xlsx = false;
  if (typeof input === 'string') table = readTable(input, SPEC);
  else {
    const book = workbookRecords(input);
    if (book.errors.length > 0) return { fills: [], errors: book.errors };
    xlsx = book.format === 'xlsx';
    const tables = book.sheets.map((sheet) => readRecords(sheet.records, SPEC));
    table = tables.find((t) => t.errors.length === 0) ?? tables[0] ?? readRecords([], SPEC);
  }
  const fills: Fill[] = [];
  const errors: ImportRowError[] = [...table.errors];
  // A tradebook repeats a few symbols thousands of times: decode each once.
  const symbols = new Map<string, SymbolInfo>();
  const info = (symbol: string) => {
    let s = symbols.get(symbol);
    if (s === undefined) {
      s = { decoded: decodeSymbol(symbol), base: baseSymbol(symbol) };
      symbols.set(symbol, s);
    }
    return s;
  };
  for (const r of table.rows) {
    const result = readRow(r.row, r.get, table.label, info, xlsx);
    if ('message' in result) errors.push(result);
    else fills.push(result);
  }
  return { fills, errors };
}

/** A row error naming the column as the file's header writes it. */
function fail(row: number, label: (column: string) => string, column: string, what: (name: string) => string) {
  return rowError(row, column, what(label(column)));
}

function readRow(
  row: number,
  get: (column: string) => string,
  label: (column: string) => string,
  info: (symbol: string) => SymbolInfo,
  xlsx: boolean,
): Fill | ImportRowError {
  // Messages name each column as this file's header writes it (quantity in a CSV, Quantity in the workbook). They
  // are built only for a bad row (`fail`), as this runs for every fill of a large tradebook.
  const symbol = get('symbol').toUpperCase();
  if (symbol === '') return fail(row, label, 'symbol', (c) => `${c} is empty`);
  const exchange = normaliseExchange(get('exchange'));
  if (exchange === null) return fail(row, label, 'exchange', (c) => `${c} '${get('exchange')}' is not NSE, BSE or MCX`);
  const side = normaliseSide(get('trade_type'));
  if (side === null) return fail(row, label, 'trade_type', (c) => `${c} '${get('trade_type')}' is not buy or sell`);
  const read = parseNumber(get('quantity'));
  if (read === null) return fail(row, label, 'quantity', (c) => `${c} '${get('quantity')}' is not a number`);
  // ETF and fund units may have decimals; a contract's units are whole (checked once the segment is known).
  const quantity = units(read);
  const notPositive = quantityProblem(quantity);
  if (notPositive) return fail(row, label, 'quantity', (c) => `${c} '${get('quantity')}' ${notPositive}`);
  const price = parseNumber(get('price'));
  if (price === null || price < 0)
    return fail(row, label, 'price', (c) => `${c} '${get('price')}' is not a number of 0 or more`);
  const tradeId = xlsx ? cellId(get('trade_id')) : get('trade_id');
  if (tradeId === '') return fail(row, label, 'trade_id', (c) => `${c} is empty`);
  const orderId = (xlsx ? cellId(get('order_id')) : get('order_id')) || null;

  // order_execution_time is exchange time in IST; without it, the trade date at midnight keeps the day. Each may be
  // text (the CSV's 2025-06-09T10:22:33, the workbook's 2025-06-09 10:22:33) or an Excel serial.
  const timeCell = get('order_execution_time');
  const dateCell = get('trade_date');
  const executedAt =
    timeCell === '' ? cellTimestamp(dateCell) : (istTimestamp(timeCell) ?? cellTimestamp(dateCell, timeCell));
  if (executedAt === null) {
    const column = timeCell === '' ? 'trade_date' : 'order_execution_time';
    return fail(row, label, column, (c) => `${c} '${get(column)}' is not a date and time`);
  }

  const segmentCell = get('segment').toUpperCase();
  const { decoded, base } = info(symbol);
  const isDerivative = segmentCell !== 'EQ' && decoded.segment !== 'equity';
  if (!isDerivative) {
    if (segmentCell !== 'EQ' && segmentCell !== '') {
      return fail(row, label, 'symbol', (c) => `${c} '${symbol}' is not a future or option of segment ${segmentCell}`);
    }
    return {
      broker: 'zerodha',
      tradeId,
      orderId,
      exchange,
      segment: 'equity',
      symbol: base,
      underlying: null,
      expiry: null,
      strike: null,
      optionType: null,
      side,
      quantity,
      price,
      executedAt,
      fees: null,
      row,
      isin: get('isin').toUpperCase() || null,
    };
  }

  const notWhole = quantityProblem(quantity, decoded.segment);
  if (notWhole) return fail(row, label, 'quantity', (c) => `${c} '${get('quantity')}' ${notWhole}`);
  // The expiry_date column gives the day a monthly symbol leaves out; a weekly symbol carries it.
  const expiryCell = get('expiry_date');
  const expiry = expiryCell === '' ? decoded.expiry : cellDate(expiryCell);
  if (expiry === null) {
    return fail(row, label, 'expiry_date', (c) =>
      expiryCell === ''
        ? `${c} is empty and ${label('symbol')} '${symbol}' does not give the expiry day`
        : `${c} '${expiryCell}' is not a date`,
    );
  }
  if (decoded.expiryMonth !== null && !expiry.startsWith(decoded.expiryMonth)) {
    return fail(
      row,
      label,
      'expiry_date',
      (c) => `${c} '${expiryCell}' is not in the month of ${label('symbol')} '${symbol}'`,
    );
  }
  return {
    broker: 'zerodha',
    tradeId,
    orderId,
    exchange,
    segment: decoded.segment,
    symbol,
    underlying: decoded.underlying,
    expiry,
    strike: decoded.strike,
    optionType: decoded.optionType,
    side,
    quantity,
    price,
    executedAt,
    fees: null,
    row,
    isin: null,
  };
}
