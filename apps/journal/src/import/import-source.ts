// The import sources and the generic CSV's column mapper: what the import dialog needs before a file is read.
import { type ColumnMap, type ImportBroker, isBlankRecord, parseCsv } from '@bahi/trading';

export type ImportSource = 'zerodha' | 'dhan' | 'upstox' | 'angelone' | 'generic';

/** The broker recorded on fills, imports and trades for each source. */
export const SOURCE_BROKER: Record<ImportSource, ImportBroker> = {
  zerodha: 'zerodha',
  dhan: 'dhan',
  upstox: 'upstox',
  angelone: 'angelone',
  generic: 'other',
};

/** The header cells of a CSV (its first non-blank record), for the column mapper. */
export function csvHeaders(text: string): string[] {
  // The header is near the top: parse a slice rather than the whole file.
  const records = parseCsv(text.slice(0, 16_384));
  const header = records.find((r) => !isBlankRecord(r)) ?? [];
  return header.map((h) => h.trim()).filter((h) => h !== '');
}

export const MAPPED_FIELDS = [
  'date',
  'time',
  'symbol',
  'side',
  'quantity',
  'price',
  'tradeId',
  'orderId',
  'exchange',
  'segment',
  'expiry',
  'strike',
  'optionType',
  'fees',
] as const satisfies readonly (keyof ColumnMap)[];
export type MappedField = (typeof MAPPED_FIELDS)[number];
export const REQUIRED_FIELDS: readonly MappedField[] = ['date', 'symbol', 'side', 'quantity', 'price'];

// Header names brokers and spreadsheets commonly use for each field, compared without case, spaces or punctuation.
const ALIASES: Record<MappedField, string[]> = {
  date: ['date', 'tradedate', 'datetime', 'orderdate', 'executiontime', 'ordertime', 'timestamp'],
  time: ['time', 'tradetime', 'exectime'],
  symbol: ['symbol', 'tradingsymbol', 'scrip', 'scripname', 'instrument', 'contract', 'scripcontract', 'stock'],
  side: ['side', 'type', 'tradetype', 'buysell', 'transactiontype', 'action', 'bs'],
  quantity: ['quantity', 'qty', 'tradedqty', 'filledqty', 'units'],
  price: ['price', 'tradeprice', 'avgprice', 'rate', 'executionprice', 'tradedprice'],
  tradeId: ['tradeid', 'tradeno', 'tradenum', 'tradenumber'],
  orderId: ['orderid', 'orderno', 'ordernumber'],
  exchange: ['exchange', 'exch'],
  segment: ['segment', 'instrumenttype'],
  expiry: ['expiry', 'expirydate'],
  strike: ['strike', 'strikeprice'],
  optionType: ['optiontype', 'cepe', 'calltype'],
  fees: ['fees', 'charges', 'totalcharges', 'brokerage'],
};

const squash = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');

/** A first guess at the column map from the header names; each column is used at most once. */
export function guessColumnMap(headers: readonly string[]): Partial<Record<MappedField, string>> {
  const guess: Partial<Record<MappedField, string>> = {};
  const used = new Set<string>();
  for (const field of MAPPED_FIELDS) {
    const hit = headers.find((h) => !used.has(h) && ALIASES[field].includes(squash(h)));
    if (hit) {
      guess[field] = hit;
      used.add(hit);
    }
  }
  return guess;
}

/** The map parseMappedCsv needs, or null while a required field has no column. */
export function completeColumnMap(map: Partial<Record<MappedField, string>>): ColumnMap | null {
  const { date, symbol, side, quantity, price } = map;
  if (!date || !symbol || !side || !quantity || !price) return null;
  return { ...map, date, symbol, side, quantity, price };
}
