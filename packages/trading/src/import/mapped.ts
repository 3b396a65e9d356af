// A generic CSV import: the caller names which of their columns holds each fill field (any broker, or a
// trader's own sheet), and values are normalised (BUY / B / Buy → buy, NFO → NSE, CALL → CE, 1,234.50 → 1234.5).
import { headerKey } from './csv';
import {
  istTimestamp,
  normaliseExchange,
  normaliseOptionType,
  normaliseSegment,
  normaliseSide,
  parseDate,
  parseNumber,
} from './normalise';
import { baseSymbol, decodeSymbol } from './symbols';
import { readTable, rowError } from './table';
import type { Exchange, Fill, ImportBroker, ImportRowError, ParseResult, Segment } from './types';
import { quantityProblem, units } from './units';

/** The caller's column names (as in their header) for each fill field. */
export interface ColumnMap {
  /** A date, or a date and time (a value with an offset or Z is converted to IST; one without is IST). */
  date: string;
  /** A separate time column, when the date column has none. */
  time?: string;
  symbol: string;
  side: string;
  quantity: string;
  price: string;
  tradeId?: string;
  orderId?: string;
  exchange?: string;
  segment?: string;
  expiry?: string;
  strike?: string;
  optionType?: string;
  fees?: string;
}

export interface MappedCsvOptions {
  columns: ColumnMap;
  /** Recorded on each fill and used in de-duplication keys; 'other' unless given. */
  broker?: ImportBroker;
  /** The exchange when there is no exchange column; NSE unless given. */
  exchange?: Exchange;
}

export function parseMappedCsv(text: string, options: MappedCsvOptions): ParseResult {
  const { columns } = options;
  const required = [columns.date, columns.symbol, columns.side, columns.quantity, columns.price].map(headerKey);
  const table = readTable(text, { required });
  const fills: Fill[] = [];
  const errors: ImportRowError[] = [...table.errors];
  for (const r of table.rows) {
    const cell = (name: string | undefined) => (name === undefined ? '' : r.get(headerKey(name)));
    const result = readRow(r.row, cell, options);
    if ('message' in result) errors.push(result);
    else fills.push(result);
  }
  return { fills, errors };
}

function readRow(
  row: number,
  cell: (name: string | undefined) => string,
  options: MappedCsvOptions,
): Fill | ImportRowError {
  const c = options.columns;
  const fail = (column: string, what: string) => rowError(row, column, what);
  const executedAt = istTimestamp(cell(c.date), cell(c.time));
  if (executedAt === null) {
    const value = c.time ? `${cell(c.date)} ${cell(c.time)}` : cell(c.date);
    return fail(c.date, `${c.date} '${value}' is not a date and time`);
  }
  const symbol = cell(c.symbol).toUpperCase();
  if (symbol === '') return fail(c.symbol, `${c.symbol} is empty`);
  const side = normaliseSide(cell(c.side));
  if (side === null) return fail(c.side, `${c.side} '${cell(c.side)}' is not buy or sell`);
  const read = parseNumber(cell(c.quantity));
  if (read === null) return fail(c.quantity, `${c.quantity} '${cell(c.quantity)}' is not a number`);
  const notPositive = quantityProblem(read);
  if (notPositive) return fail(c.quantity, `${c.quantity} '${cell(c.quantity)}' ${notPositive}`);
  const quantity = units(read);
  const price = parseNumber(cell(c.price));
  if (price === null || price < 0) return fail(c.price, `${c.price} '${cell(c.price)}' is not a number of 0 or more`);

  let exchange = options.exchange ?? 'NSE';
  if (c.exchange && cell(c.exchange) !== '') {
    const e = normaliseExchange(cell(c.exchange));
    if (e === null) return fail(c.exchange, `${c.exchange} '${cell(c.exchange)}' is not NSE, BSE or MCX`);
    exchange = e;
  }
  let fees: number | null = null;
  if (c.fees && cell(c.fees) !== '') {
    fees = parseNumber(cell(c.fees));
    if (fees === null) return fail(c.fees, `${c.fees} '${cell(c.fees)}' is not a number`);
  }

  // Contract fields: the mapped columns win; the symbol fills in what they leave out.
  const decoded = decodeSymbol(symbol);
  let optionType = decoded.optionType;
  if (c.optionType && cell(c.optionType) !== '') {
    optionType = normaliseOptionType(cell(c.optionType));
    if (optionType === null) return fail(c.optionType, `${c.optionType} '${cell(c.optionType)}' is not CE or PE`);
  }
  let strike = decoded.strike;
  if (c.strike && cell(c.strike) !== '') {
    strike = parseNumber(cell(c.strike));
    if (strike === null || strike <= 0)
      return fail(c.strike, `${c.strike} '${cell(c.strike)}' is not a number above 0`);
  }
  let expiry = decoded.expiry;
  if (c.expiry && cell(c.expiry) !== '') {
    expiry = parseDate(cell(c.expiry));
    if (expiry === null) return fail(c.expiry, `${c.expiry} '${cell(c.expiry)}' is not a date`);
  }
  // A segment cell of FO / NFO / F&O does not say which: the option type or the symbol does.
  let segment: Segment = optionType !== null ? 'options' : expiry !== null ? 'futures' : decoded.segment;
  if (c.segment && cell(c.segment) !== '') {
    segment = normaliseSegment(cell(c.segment)) ?? segment;
  }
  if (segment === 'options' && optionType === null) {
    return fail(c.optionType ?? c.symbol, `option '${symbol}' has no option type (CE or PE)`);
  }
  if (segment === 'options' && strike === null) {
    return fail(c.strike ?? c.symbol, `option '${symbol}' has no strike price`);
  }
  if (segment !== 'equity' && expiry === null) {
    return fail(c.expiry ?? c.symbol, `${segment === 'options' ? 'option' : 'future'} '${symbol}' has no expiry date`);
  }
  const notWhole = quantityProblem(quantity, segment);
  if (notWhole) return fail(c.quantity, `${c.quantity} '${cell(c.quantity)}' ${notWhole}`);
  return {
    broker: options.broker ?? 'other',
    tradeId: cell(c.tradeId) || null,
    orderId: cell(c.orderId) || null,
    exchange,
    segment,
    symbol: segment === 'equity' ? baseSymbol(symbol) : symbol,
    underlying: segment === 'equity' ? null : (decoded.underlying ?? symbol.replace(/\d.*$/, '')),
    expiry: segment === 'equity' ? null : expiry,
    strike: segment === 'options' ? strike : null,
    optionType: segment === 'options' ? optionType : null,
    side,
    quantity,
    price,
    executedAt,
    fees,
    row,
  };
}
