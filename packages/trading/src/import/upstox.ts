// Upstox trade report (XLSX, sheet TRADE, a 10-row preamble, docs: shared/INDIA.md), one row per fill:
// Date|Company|Amount|Exchange|Segment|Scrip Code|Instrument Type|Strike Price|Expiry|Trade Num|Trade Time|Side|Quantity|Price
// The same report saved as CSV reads alike. Dates and times may be Excel serials or text (20-11-2026, 10:22:33).
// A derivative's contract comes from its symbol when Scrip Code or Company is one (Upstox's own
// `NIFTY 26000 CE 24 NOV 26`, or Kite-style NIFTY26N2426000CE); otherwise from the Instrument Type, Strike Price
// and Expiry columns, with the underlying and CE / PE read from Company. Such a contract is named the Upstox way.

import { expectedHeader } from './detect';
import {
  MONTH_NAMES,
  monthNumber,
  normaliseExchange,
  normaliseOptionType,
  normaliseSegment,
  normaliseSide,
  parseNumber,
} from './normalise';
import { cellDate, cellTimestamp, type SpreadsheetInput, sheetRecords } from './sheet';
import { baseSymbol, decodeSymbol } from './symbols';
import { readRecords, rowError } from './table';
import type { Fill, FillContract, ImportRowError, OptionType, ParseResult } from './types';
import { quantityProblem, units } from './units';

const REQUIRED = ['date', 'exchange', 'trade_num', 'side', 'quantity', 'price'];
/** Column names as the report writes them, for messages. */
const LABEL: Record<string, string> = {
  date: 'Date',
  company: 'Company',
  exchange: 'Exchange',
  segment: 'Segment',
  scrip_code: 'Scrip Code',
  instrument_type: 'Instrument Type',
  strike_price: 'Strike Price',
  expiry: 'Expiry',
  trade_num: 'Trade Num',
  trade_time: 'Trade Time',
  side: 'Side',
  quantity: 'Quantity',
  price: 'Price',
};
// Upstox trading symbols: `NIFTY 26000 CE 24 NOV 26`, `RELIANCE FUT 24 NOV 26`.
const UPSTOX_OPTION = /^([A-Z0-9&_-]+)\s+(\d+(?:\.\d+)?)\s+(CE|PE)\s+(\d{1,2})\s+([A-Z]{3})\s+(\d{2})$/;
const UPSTOX_FUTURE = /^([A-Z0-9&_-]+)\s+FUT\s+(\d{1,2})\s+([A-Z]{3})\s+(\d{2})$/;

/** Reads an Upstox trade report: XLSX bytes, or the CSV text (or bytes) of the same report. */
export function parseUpstoxTrades(input: SpreadsheetInput): ParseResult {
  const sheet = sheetRecords(input, 'TRADE');
  if (sheet.errors.length > 0) return { fills: [], errors: sheet.errors };
  const table = readRecords(sheet.records, { required: REQUIRED, expected: expectedHeader('upstox-trades') });
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
  const exchange = normaliseExchange(get('exchange'));
  if (exchange === null) return fail('exchange', `Exchange '${get('exchange')}' is not NSE, BSE or MCX`);
  const side = normaliseSide(get('side'));
  if (side === null) return fail('side', `Side '${get('side')}' is not Buy or Sell`);
  const read = parseNumber(get('quantity'));
  const notPositive = quantityProblem(read);
  if (read === null || notPositive) return fail('quantity', `Quantity '${get('quantity')}' ${notPositive}`);
  const quantity = units(read);
  const price = parseNumber(get('price'));
  if (price === null || price < 0) return fail('price', `Price '${get('price')}' is not a number of 0 or more`);
  const tradeId = get('trade_num');
  if (tradeId === '') return fail('trade_num', 'Trade Num is empty');
  const executedAt = cellTimestamp(get('date'), get('trade_time'));
  if (executedAt === null) {
    return fail(
      get('trade_time') === '' ? 'date' : 'trade_time',
      `Date '${get('date')}' and Trade Time '${get('trade_time')}' are not a date and time`,
    );
  }
  const contract = readContract(get);
  if ('message' in contract) return fail(contract.column, contract.message);
  const notWhole = quantityProblem(quantity, contract.segment);
  if (notWhole) return fail('quantity', `Quantity '${get('quantity')}' ${notWhole}`);
  return {
    broker: 'upstox',
    tradeId,
    orderId: null,
    exchange,
    ...contract,
    side,
    quantity,
    price,
    executedAt,
    fees: null,
    row,
  };
}

function readContract(get: (column: string) => string): FillContract | { column: string; message: string } {
  const names = [get('scrip_code'), get('company')].map((s) => s.trim().toUpperCase().replace(/\s+/g, ' '));
  for (const name of names) {
    const spaced = UPSTOX_OPTION.exec(name) ?? UPSTOX_FUTURE.exec(name);
    if (spaced) {
      const isOption = spaced.length === 7;
      const [day, mon, yy] = isOption ? spaced.slice(4, 7) : spaced.slice(2, 5);
      const month = monthNumber(mon ?? '');
      const expiry = month === null ? null : cellDate(`${day}-${month}-20${yy}`);
      if (expiry !== null) {
        return {
          segment: isOption ? 'options' : 'futures',
          symbol: name,
          underlying: spaced[1] ?? null,
          expiry,
          strike: isOption ? Number(spaced[2]) : null,
          optionType: isOption ? (spaced[3] as OptionType) : null,
        };
      }
    }
    const decoded = decodeSymbol(name);
    if (decoded.segment !== 'equity' && decoded.expiry !== null) {
      const { segment, underlying, expiry, strike, optionType } = decoded;
      return { segment, symbol: name.replace(/ /g, ''), underlying, expiry, strike, optionType };
    }
  }

  const kind = normaliseSegment(get('instrument_type')) ?? normaliseSegment(get('segment'));
  const [scrip = '', company = ''] = names;
  if (kind === null && /^(FO|NFO|FNO|F&O)$/i.test(get('segment'))) {
    return {
      column: 'instrument_type',
      message: `Instrument Type '${get('instrument_type')}' is not a future or option`,
    };
  }
  if (kind === null || kind === 'equity') {
    // Equity: the Scrip Code is the NSE symbol unless it is a numeric (BSE) code.
    const symbol = baseSymbol(scrip !== '' && !/^\d+$/.test(scrip) ? scrip : company);
    if (symbol === '') return { column: 'scrip_code', message: 'Scrip Code and Company are empty' };
    return { segment: 'equity', symbol, underlying: null, expiry: null, strike: null, optionType: null };
  }
  const expiry = cellDate(get('expiry'));
  if (expiry === null) return { column: 'expiry', message: `Expiry '${get('expiry')}' is not a date` };
  const underlying = (company.split(' ')[0] ?? '') || (/^\d+$/.test(scrip) ? '' : scrip);
  if (underlying === '') return { column: 'company', message: 'Company is empty, so the underlying is unknown' };
  // Named the Upstox way: NIFTY 26000 CE 24 NOV 26.
  const when = `${expiry.slice(8, 10)} ${MONTH_NAMES[Number(expiry.slice(5, 7)) - 1]} ${expiry.slice(2, 4)}`;
  if (kind === 'futures') {
    return {
      segment: 'futures',
      symbol: `${underlying} FUT ${when}`,
      underlying,
      expiry,
      strike: null,
      optionType: null,
    };
  }
  const strike = parseNumber(get('strike_price'));
  if (strike === null || strike <= 0) {
    return { column: 'strike_price', message: `Strike Price '${get('strike_price')}' is not a number above 0` };
  }
  const optionType =
    normaliseOptionType(/\b(CE|PE|CALL|PUT)\b/.exec(company)?.[1] ?? '') ??
    normaliseOptionType(/(CE|PE)$/.exec(scrip)?.[1] ?? '');
  if (optionType === null) {
    return { column: 'company', message: `Company '${company}' does not say CE or PE` };
  }
  return {
    segment: 'options',
    symbol: `${underlying} ${strike} ${optionType} ${when}`,
    underlying,
    expiry,
    strike,
    optionType,
  };
}
