// Zerodha Console tradebook (CSV), one row per fill (docs: shared/INDIA.md):
// symbol,isin,trade_date,exchange,segment,series,trade_type,auction,quantity,price,trade_id,order_id,order_execution_time
// F&O exports add expiry_date and leave isin empty. The XLSX variant's Title Case headers read the same (headerKey).
import { istTimestamp, normaliseExchange, normaliseSide, parseDate, parseNumber } from './normalise';
import { type DecodedSymbol, decodeSymbol } from './symbols';
import { readTable, rowError } from './table';
import type { Fill, ImportRowError, ParseResult } from './types';

const REQUIRED = ['symbol', 'trade_date', 'exchange', 'segment', 'trade_type', 'quantity', 'price', 'trade_id'];

export function parseZerodhaTradebook(text: string): ParseResult {
  const table = readTable(text, REQUIRED, 'symbol');
  const fills: Fill[] = [];
  const errors: ImportRowError[] = [...table.errors];
  // A tradebook repeats a few symbols thousands of times: decode each once.
  const decoded = new Map<string, DecodedSymbol>();
  const decode = (symbol: string) => {
    let d = decoded.get(symbol);
    if (d === undefined) {
      d = decodeSymbol(symbol);
      decoded.set(symbol, d);
    }
    return d;
  };
  for (const r of table.rows) {
    const result = readRow(r.row, r.get, decode);
    if ('message' in result) errors.push(result);
    else fills.push(result);
  }
  return { fills, errors };
}

function readRow(
  row: number,
  get: (column: string) => string,
  decode: (symbol: string) => DecodedSymbol,
): Fill | ImportRowError {
  const symbol = get('symbol').toUpperCase();
  if (symbol === '') return rowError(row, 'symbol', 'symbol is empty');
  const exchange = normaliseExchange(get('exchange'));
  if (exchange === null) return rowError(row, 'exchange', `exchange '${get('exchange')}' is not NSE, BSE or MCX`);
  const side = normaliseSide(get('trade_type'));
  if (side === null) return rowError(row, 'trade_type', `trade_type '${get('trade_type')}' is not buy or sell`);
  const quantity = parseNumber(get('quantity'));
  if (quantity === null) return rowError(row, 'quantity', `quantity '${get('quantity')}' is not a number`);
  if (!Number.isInteger(quantity) || quantity <= 0) {
    return rowError(row, 'quantity', `quantity '${get('quantity')}' is not a whole number above 0`);
  }
  const price = parseNumber(get('price'));
  if (price === null || price < 0)
    return rowError(row, 'price', `price '${get('price')}' is not a number of 0 or more`);
  const tradeId = get('trade_id');
  if (tradeId === '') return rowError(row, 'trade_id', 'trade_id is empty');

  // order_execution_time is exchange time in IST; without it, the trade date at midnight keeps the day.
  const timeCell = get('order_execution_time');
  const executedAt = istTimestamp(timeCell === '' ? get('trade_date') : timeCell);
  if (executedAt === null) {
    const column = timeCell === '' ? 'trade_date' : 'order_execution_time';
    return rowError(row, column, `${column} '${get(column)}' is not a date and time`);
  }

  const segmentCell = get('segment').toUpperCase();
  const decoded = decode(symbol);
  const isDerivative = segmentCell !== 'EQ' && decoded.segment !== 'equity';
  if (!isDerivative) {
    if (segmentCell !== 'EQ' && segmentCell !== '') {
      return rowError(row, 'symbol', `symbol '${symbol}' is not a future or option of segment ${segmentCell}`);
    }
    return {
      broker: 'zerodha',
      tradeId,
      orderId: get('order_id') || null,
      exchange,
      segment: 'equity',
      symbol,
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
    };
  }

  // The expiry_date column gives the day a monthly symbol leaves out; a weekly symbol carries it.
  const expiryCell = get('expiry_date');
  const expiry = expiryCell === '' ? decoded.expiry : parseDate(expiryCell);
  if (expiry === null) {
    return rowError(
      row,
      'expiry_date',
      expiryCell === ''
        ? `expiry_date is empty and symbol '${symbol}' does not give the expiry day`
        : `expiry_date '${expiryCell}' is not a date`,
    );
  }
  if (decoded.expiryMonth !== null && !expiry.startsWith(decoded.expiryMonth)) {
    return rowError(row, 'expiry_date', `expiry_date '${expiryCell}' is not in the month of symbol '${symbol}'`);
  }
  return {
    broker: 'zerodha',
    tradeId,
    orderId: get('order_id') || null,
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
  };
}
