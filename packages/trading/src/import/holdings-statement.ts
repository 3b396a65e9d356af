// Zerodha holdings statement: the shares held on a day, with Console's buy average, so that shares sold in a
// tradebook but bought before it have a cost. Two layouts, as open-source readers of real files describe them:
// - Console's statement (Portfolio → Holdings → download, XLSX; "as on" a past date too): sheets Equity, Mutual Funds
//   and Combined, column A empty, a preamble from column B (Client ID, "Equity Holdings Statement as on 2026-03-31",
//   a summary), then Symbol | ISIN | Sector | Quantity Available | Quantity Discrepant | Quantity Long Term |
//   Quantity Pledged (Margin) | Quantity Pledged (Loan) | Average Price | Previous Closing Price | Unrealized P&L |
//   Unrealized P&L Pct. The Equity sheet is read (or the sheet saved as CSV).
// - Kite's holdings CSV: Instrument | Qty. | Avg. cost | LTP | Cur. val | P&L | Net chg. | Day chg. (no ISIN, no date).
// Shares held are Available + Discrepant + Pledged (Margin) + Pledged (Loan); Long Term is a part of Available (held
// over a year), not more shares. Discrepant shares came in without a Zerodha buy (a transfer from another broker):
// Console's average covers them only once the trader has entered their cost.
// Neither layout says when the shares were bought. Kite's holdings breakdown does, lot by lot ("the date of purchase
// for each held instrument", kite.trade/docs/kite/kite-mobile/portfolio): a file of either layout with a buy-date
// column (Buy Date, Purchase Date, Date of Purchase, Acquisition Date or Bought On) is read a line per lot, each
// with its day; without one, no line has a buy date, and none is assumed.
import { expectedHeader } from './detect';
import { parseNumber } from './normalise';
import { cellDate, type SpreadsheetInput, sheetRecords } from './sheet';
import { baseSymbol } from './symbols';
import { readRecords, rowError, type TableSpec } from './table';
import type { ImportRowError } from './types';
import { units } from './units';

export interface StatementHolding {
  /** The share, without an NSE series suffix (baseSymbol). */
  symbol: string;
  isin: string | null;
  /** Shares held on the statement date. */
  quantity: number;
  /** Of those, the shares held over a year; null when the file does not say (Kite's CSV). */
  longTermQuantity: number | null;
  /** Console's buy average in rupees a share: the FIFO cost of the shares held (a lot's own price, with a buy date). */
  averagePrice: number;
  /** YYYY-MM-DD: the day the shares of this line were bought, when the file has a buy-date column; otherwise null. */
  boughtOn: string | null;
  /** The row in the file (or the Equity sheet). */
  row: number;
}

export interface HoldingsStatement {
  holdings: StatementHolding[];
  /** The statement's date, YYYY-MM-DD, when the file states it ("… Holdings Statement as on 2019-03-31"). */
  asOf: string | null;
  errors: ImportRowError[];
}

/** The names a buy-date column goes by. */
const BUY_DATE: Readonly<Record<string, string>> = {
  purchase_date: 'buy_date',
  date_of_purchase: 'buy_date',
  acquisition_date: 'buy_date',
  bought_on: 'buy_date',
};
const CONSOLE: TableSpec = {
  required: ['symbol', 'quantity_available', 'average_price'],
  aliases: BUY_DATE,
  expected: expectedHeader('zerodha-holdings'),
};
const KITE: TableSpec = {
  required: ['symbol', 'quantity', 'average_price'],
  aliases: { instrument: 'symbol', qty: 'quantity', avg_cost: 'average_price', ...BUY_DATE },
};
/** The columns whose shares are held, in Console's statement. */
const HELD = ['quantity_available', 'quantity_discrepant', 'quantity_pledged_(margin)', 'quantity_pledged_(loan)'];

/** Reads a Zerodha holdings statement: Console's XLSX (its Equity sheet), that sheet saved as CSV, or Kite's CSV. */
export function parseZerodhaHoldings(input: SpreadsheetInput): HoldingsStatement {
  const sheet = sheetRecords(input, 'Equity');
  if (sheet.errors.length > 0) return { holdings: [], asOf: null, errors: sheet.errors };
  let table = readRecords(sheet.records, CONSOLE);
  const kite = table.headerRow === null ? readRecords(sheet.records, KITE) : null;
  if (kite !== null && kite.headerRow !== null) table = kite;
  const isConsole = table !== kite;

  const holdings: StatementHolding[] = [];
  const errors: ImportRowError[] = [...table.errors];
  for (const { row, get } of table.rows) {
    const fail = (column: string, what: (name: string) => string) => rowError(row, column, what(table.label(column)));
    const symbol = baseSymbol(get('symbol'));
    // A totals line is not a holding.
    if (symbol === 'TOTAL') continue;
    if (symbol === '') {
      errors.push(fail('symbol', (c) => `${c} is empty`));
      continue;
    }
    const parts = isConsole ? HELD : ['quantity'];
    let quantity = 0;
    let bad: ImportRowError | null = null;
    for (const column of parts) {
      const cell = get(column);
      const n = cell === '' ? 0 : parseNumber(cell);
      // ETF and fund units may have decimals (LIQUIDBEES 24.609).
      if (n === null || n < 0) {
        bad = fail(column, (c) => `${c} '${cell}' is not a number of 0 or more`);
        break;
      }
      quantity = units(quantity + n);
    }
    if (bad !== null) {
      errors.push(bad);
      continue;
    }
    // Nothing held (sold, or not yet credited): nothing to carry.
    if (quantity === 0) continue;
    const longTermCell = get('quantity_long_term');
    const longTerm = isConsole ? (longTermCell === '' ? 0 : parseNumber(longTermCell)) : null;
    if (isConsole && (longTerm === null || longTerm < 0 || units(longTerm) > quantity)) {
      errors.push(
        fail('quantity_long_term', (c) => `${c} '${longTermCell}' is not a number from 0 to the ${quantity} held`),
      );
      continue;
    }
    const priceCell = get('average_price');
    const averagePrice = parseNumber(priceCell);
    if (averagePrice === null || averagePrice < 0) {
      errors.push(
        fail('average_price', (c) =>
          /^(n\/?a|-)?$/i.test(priceCell)
            ? `${c} is ${priceCell === '' ? 'empty' : `'${priceCell}'`}: Console has no buy average for ${symbol} ` +
              '(add the buy on Console under Portfolio → Holdings → View discrepancy)'
            : `${c} '${priceCell}' is not a number of 0 or more`,
        ),
      );
      continue;
    }
    const boughtCell = get('buy_date');
    const boughtOn = boughtCell === '' ? null : cellDate(boughtCell);
    if (boughtCell !== '' && boughtOn === null) {
      errors.push(fail('buy_date', (c) => `${c} '${boughtCell}' is not a date`));
      continue;
    }
    holdings.push({
      symbol,
      isin: get('isin').toUpperCase() || null,
      quantity,
      longTermQuantity: longTerm === null ? null : units(longTerm),
      averagePrice,
      boughtOn,
      row,
    });
  }
  return { holdings, asOf: statementDate(sheet.records, table.headerRow), errors };
}

/** The date in "… Holdings Statement as on 2019-03-31" (or a label "Holdings as on" with the date beside it). */
function statementDate(records: readonly (readonly string[])[], headerRow: number | null): string | null {
  const end = headerRow === null ? Math.min(records.length, 30) : headerRow - 1;
  for (let r = 0; r < end; r++) {
    const cells = (records[r] ?? []).map((c) => c.trim()).filter((c) => c !== '');
    for (let i = 0; i < cells.length; i++) {
      const m = /\bas on\b\s*:?\s*(.*)$/i.exec(cells[i] ?? '');
      if (!m) continue;
      const day = cellDate(m[1] || (cells[i + 1] ?? ''));
      if (day !== null) return day;
    }
  }
  return null;
}
