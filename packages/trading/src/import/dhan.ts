// Dhan transaction report (CSV, docs: shared/INDIA.md):
// Date,Scrip Name,Exchange,Bill No.,Buy Qty.,Buy Value,Sell Qty.,Sell Value,Brokerage,GST,STT,SEBI Fees,Stamp Duty,Txn. Charges,Oth. Charges,Gross Amount
// One row per scrip per contract note, buys and sells summed: each side becomes one fill at the average
// price (value ÷ quantity). The report has no times and no trade ids, so fills are stamped at the start of
// the trading day (the IST day stays right) and a row's buy comes before its sell: a same-day short shows
// as a long, with the same P&L. The id is the contract note number + scrip + side, stable across re-imports.

import { expectedHeader } from './detect';
import { normaliseExchange, parseDate, parseNumber } from './normalise';
import { baseSymbol, decodeSymbol } from './symbols';
import { readTable, rowError } from './table';
import type { Fill, FillSide, ImportRowError, ParseResult } from './types';
import { quantityProblem, units } from './units';

const REQUIRED = ['date', 'scrip_name', 'exchange', 'buy_qty', 'buy_value', 'sell_qty', 'sell_value'];
const CHARGES = ['brokerage', 'gst', 'stt', 'sebi_fees', 'stamp_duty', 'txn_charges', 'oth_charges'];
/** Column names as the report writes them, for messages. */
const LABEL: Record<string, string> = {
  date: 'Date',
  scrip_name: 'Scrip Name',
  exchange: 'Exchange',
  buy_qty: 'Buy Qty.',
  buy_value: 'Buy Value',
  sell_qty: 'Sell Qty.',
  sell_value: 'Sell Value',
};

export function parseDhanTransactions(text: string): ParseResult {
  const table = readTable(text, { required: REQUIRED, expected: expectedHeader('dhan-transactions') });
  const fills: Fill[] = [];
  const errors: ImportRowError[] = [...table.errors];
  for (const r of table.rows) {
    const result = readRow(r.row, r.get);
    if ('message' in result) errors.push(result);
    else fills.push(...result);
  }
  return { fills, errors };
}

function readRow(row: number, get: (column: string) => string): Fill[] | ImportRowError {
  const fail = (column: string, what: string) => rowError(row, LABEL[column] ?? column, what);
  const day = parseDate(get('date'));
  if (day === null) return fail('date', `Date '${get('date')}' is not a date`);
  const scrip = get('scrip_name').toUpperCase();
  if (scrip === '') return fail('scrip_name', 'Scrip Name is empty');
  const exchange = normaliseExchange(get('exchange'));
  if (exchange === null) return fail('exchange', `Exchange '${get('exchange')}' is not NSE, BSE or MCX`);

  const amounts: Record<string, number> = {};
  for (const column of ['buy_qty', 'buy_value', 'sell_qty', 'sell_value']) {
    const cell = get(column);
    const n = cell === '' ? 0 : parseNumber(cell);
    if (n === null || n < 0) return fail(column, `${LABEL[column]} '${cell}' is not a number of 0 or more`);
    amounts[column] = n;
  }
  const buyQty = units(amounts.buy_qty ?? 0);
  const sellQty = units(amounts.sell_qty ?? 0);
  if (buyQty === 0 && sellQty === 0) return fail('buy_qty', 'neither Buy Qty. nor Sell Qty. is above 0');

  let fees = 0;
  for (const column of CHARGES) {
    const cell = get(column);
    const n = cell === '' ? 0 : parseNumber(cell);
    if (n === null) return fail(column, `${column} '${cell}' is not a number`);
    fees += Math.abs(n);
  }

  const decoded = decodeSymbol(scrip);
  if (decoded.segment !== 'equity' && decoded.expiry === null) {
    return fail('scrip_name', `Scrip Name '${scrip}' does not give the contract's expiry day`);
  }
  // ETF and fund units may have decimals; a contract's are whole.
  for (const [column, qty] of [
    ['buy_qty', buyQty],
    ['sell_qty', sellQty],
  ] as const) {
    const notWhole = qty > 0 ? quantityProblem(qty, decoded.segment) : null;
    if (notWhole) return fail(column, `${LABEL[column]} '${get(column)}' ${notWhole}`);
  }
  const bill = get('bill_no');
  const totalValue = (amounts.buy_value ?? 0) + (amounts.sell_value ?? 0);
  const make = (side: FillSide, quantity: number, value: number): Fill => ({
    broker: 'dhan',
    tradeId: bill === '' ? null : `${bill}/${scrip}/${side}`,
    orderId: null,
    exchange,
    segment: decoded.segment,
    symbol: decoded.segment === 'equity' ? baseSymbol(scrip) : scrip,
    underlying: decoded.underlying,
    expiry: decoded.expiry,
    strike: decoded.strike,
    optionType: decoded.optionType,
    side,
    quantity,
    price: Math.round((value / quantity) * 10_000) / 10_000,
    executedAt: `${day}T09:15:00+05:30`,
    // The row's charges, shared by traded value.
    fees: totalValue === 0 ? 0 : Math.round(((fees * value) / totalValue) * 100) / 100,
    row,
  });
  const fills: Fill[] = [];
  if (buyQty > 0) fills.push(make('buy', buyQty, amounts.buy_value ?? 0));
  if (sellQty > 0) fills.push(make('sell', sellQty, amounts.sell_value ?? 0));
  return fills;
}
