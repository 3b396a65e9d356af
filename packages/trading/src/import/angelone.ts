// Angel One trade book (XLSX, docs: shared/INDIA.md), one row per fill:
// Scrip/Contract|Buy/Sell|Buy Price|Sell Price|Quantity|Brokerage|GST|STT|Sebi Tax|Exchange Turnover Charges|Stamp Duty|Other Charges|IPFT Charges|Order Type|Segment|Exchange|Order ID|Trade ID|Date
// The same report saved as CSV reads alike. The price is the Buy Price of a buy and the Sell Price of a sell;
// the charge columns are the broker's own, so they become the fill's fees. Contracts are Angel One trading
// symbols: NIFTY24NOV2626000CE (underlying, DD MMM YY, strike, CE / PE), NIFTY24NOV26FUT, SBIN-EQ.

import { expectedHeader } from './detect';
import { monthNumber, normaliseExchange, normaliseSide, parseDate, parseNumber } from './normalise';
import { cellTimestamp, type SpreadsheetInput, sheetRecords } from './sheet';
import { baseSymbol, decodeSymbol } from './symbols';
import { readRecords, rowError } from './table';
import type { Fill, FillContract, ImportRowError, OptionType, ParseResult } from './types';
import { quantityProblem, units } from './units';

const REQUIRED = ['scrip/contract', 'buy/sell', 'buy_price', 'sell_price', 'quantity', 'trade_id', 'date'];
const CHARGES = [
  'brokerage',
  'gst',
  'stt',
  'sebi_tax',
  'exchange_turnover_charges',
  'stamp_duty',
  'other_charges',
  'ipft_charges',
];
/** Column names as the report writes them, for messages. */
const LABEL: Record<string, string> = {
  'scrip/contract': 'Scrip/Contract',
  'buy/sell': 'Buy/Sell',
  buy_price: 'Buy Price',
  sell_price: 'Sell Price',
  quantity: 'Quantity',
  brokerage: 'Brokerage',
  gst: 'GST',
  stt: 'STT',
  sebi_tax: 'Sebi Tax',
  exchange_turnover_charges: 'Exchange Turnover Charges',
  stamp_duty: 'Stamp Duty',
  other_charges: 'Other Charges',
  ipft_charges: 'IPFT Charges',
  segment: 'Segment',
  exchange: 'Exchange',
  order_id: 'Order ID',
  trade_id: 'Trade ID',
  date: 'Date',
};
const MMM = '(JAN|FEB|MAR|APR|MAY|JUN|JUL|AUG|SEP|OCT|NOV|DEC)';
const ANGEL_CONTRACT = new RegExp(`^([A-Z0-9&_-]+?)(\\d{2})${MMM}(\\d{2})(?:(\\d+(?:\\.\\d+)?)(CE|PE)|FUT)$`);

/** Reads an Angel One trade book: XLSX bytes, or the CSV text (or bytes) of the same report. */
export function parseAngelOneTrades(input: SpreadsheetInput): ParseResult {
  const sheet = sheetRecords(input);
  if (sheet.errors.length > 0) return { fills: [], errors: sheet.errors };
  const table = readRecords(sheet.records, { required: REQUIRED, expected: expectedHeader('angelone-trades') });
  const fills: Fill[] = [];
  const errors: ImportRowError[] = [...table.errors];
  for (const r of table.rows) {
    const result = readRow(r.row, r.get);
    if ('message' in result) errors.push(result);
    else fills.push(result);
  }
  return { fills, errors };
}

function readRow(row: number, get: (column: string) => string): Fill | ImportRowError {
  const fail = (column: string, what: string) => rowError(row, LABEL[column] ?? column, what);
  const name = get('scrip/contract').toUpperCase().replace(/\s+/g, '');
  if (name === '') return fail('scrip/contract', 'Scrip/Contract is empty');
  const side = normaliseSide(get('buy/sell'));
  if (side === null) return fail('buy/sell', `Buy/Sell '${get('buy/sell')}' is not Buy or Sell`);
  const read = parseNumber(get('quantity'));
  const notPositive = quantityProblem(read);
  if (read === null || notPositive) return fail('quantity', `Quantity '${get('quantity')}' ${notPositive}`);
  const quantity = units(read);
  const priceColumn = side === 'buy' ? 'buy_price' : 'sell_price';
  const price = parseNumber(get(priceColumn));
  if (price === null || price < 0) {
    return fail(
      priceColumn,
      `${LABEL[priceColumn]} '${get(priceColumn)}' of this ${side} is not a number of 0 or more`,
    );
  }
  const tradeId = get('trade_id');
  if (tradeId === '') return fail('trade_id', 'Trade ID is empty');
  const executedAt = cellTimestamp(get('date'));
  if (executedAt === null) return fail('date', `Date '${get('date')}' is not a date and time`);
  // The venue: Exchange (NSE, NFO, BSE…), or the exchange part of a Segment such as NSE-FO.
  const venue = get('exchange') || get('segment').split(/[-_\s]/)[0] || '';
  const exchange = normaliseExchange(venue);
  if (exchange === null) return fail('exchange', `Exchange '${get('exchange')}' is not NSE, BSE or MCX`);

  // No charge cells at all (a trimmed export): null, so the journal estimates them.
  let fees: number | null = null;
  for (const column of CHARGES) {
    const cell = get(column);
    if (cell === '') continue;
    const n = parseNumber(cell);
    if (n === null) return fail(column, `${LABEL[column]} '${cell}' is not a number`);
    fees = (fees ?? 0) + Math.abs(n);
  }

  const contract = readContract(name);
  if (contract === null) {
    return fail('scrip/contract', `Scrip/Contract '${name}' does not give the contract's expiry day`);
  }
  const notWhole = quantityProblem(quantity, contract.segment);
  if (notWhole) return fail('quantity', `Quantity '${get('quantity')}' ${notWhole}`);
  return {
    broker: 'angelone',
    tradeId,
    orderId: get('order_id') || null,
    exchange,
    ...contract,
    side,
    quantity,
    price,
    executedAt,
    fees: fees === null ? null : Math.round(fees * 100) / 100,
    row,
  };
}

/** Null for a derivative whose expiry day cannot be read. */
function readContract(name: string): FillContract | null {
  const m = ANGEL_CONTRACT.exec(name);
  if (m) {
    const expiry = parseDate(`20${m[4]}-${monthNumber(m[3] ?? '')}-${m[2]}`);
    if (expiry === null) return null;
    const isOption = m[6] !== undefined;
    return {
      segment: isOption ? 'options' : 'futures',
      symbol: name,
      underlying: m[1] ?? null,
      expiry,
      strike: isOption ? Number(m[5]) : null,
      optionType: isOption ? (m[6] as OptionType) : null,
    };
  }
  // Kite-style weekly symbols carry the day too; a monthly one without the day cannot be placed.
  const decoded = decodeSymbol(name);
  if (decoded.segment !== 'equity') {
    if (decoded.expiry === null) return null;
    const { segment, underlying, expiry, strike, optionType } = decoded;
    return { segment, symbol: name, underlying, expiry, strike, optionType };
  }
  // Equity: SBIN-EQ, TATAMOTORS-BE: the series is not part of the symbol.
  return {
    segment: 'equity',
    symbol: baseSymbol(name),
    underlying: null,
    expiry: null,
    strike: null,
    optionType: null,
  };
}
