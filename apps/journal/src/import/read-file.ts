// Which file each import source reads, and the parse step of the pipeline: a file's bytes in, and out either the
// fills of a tradebook, the lines of a holdings or tax P&L statement, or word that the file is another broker's.
import {
  type ColumnMap,
  detectImportFile,
  type HoldingsStatement,
  IMPORT_FILE_LABELS,
  type ImportBroker,
  type ImportFileKind,
  isBlankRecord,
  type ParseResult,
  parseAngelOneTrades,
  parseCsv,
  parseDhanTransactions,
  parseMappedCsv,
  parseUpstoxTrades,
  parseZerodhaHoldings,
  parseZerodhaTaxPnl,
  parseZerodhaTradebook,
  type TaxPnlStatement,
  wrongFileMessage,
} from '@bahi/trading';

export type ImportSource = 'zerodha' | 'dhan' | 'upstox' | 'angelone' | 'generic';

/** The broker recorded on fills, imports and trades for each source. */
export const SOURCE_BROKER: Record<ImportSource, ImportBroker> = {
  zerodha: 'zerodha',
  dhan: 'dhan',
  upstox: 'upstox',
  angelone: 'angelone',
  generic: 'other',
};

/** The reports each source reads (Zerodha's holdings and tax P&L statements give the cost of earlier holdings). */
const SOURCE_KINDS: Record<Exclude<ImportSource, 'generic'>, readonly ImportFileKind[]> = {
  zerodha: ['zerodha-tradebook', 'zerodha-holdings', 'zerodha-tax-pnl'],
  dhan: ['dhan-transactions'],
  upstox: ['upstox-trades'],
  angelone: ['angelone-trades'],
};

const SOURCE_OF_KIND: Record<Exclude<ImportFileKind, 'unknown'>, ImportSource> = {
  'zerodha-tradebook': 'zerodha',
  'zerodha-holdings': 'zerodha',
  'zerodha-tax-pnl': 'zerodha',
  'dhan-transactions': 'dhan',
  'upstox-trades': 'upstox',
  'angelone-trades': 'angelone',
};

export type ReadFile =
  | { kind: 'tradebook'; parsed: ParseResult }
  | { kind: 'holdings'; statement: HoldingsStatement }
  | { kind: 'tax_pnl'; statement: TaxPnlStatement }
  /** The file is another broker's report: what it looks like, and the source that reads it. */
  | { kind: 'wrong'; message: string; source: ImportSource; label: string };

/**
 * The parse step. The file's kind is recognised from its header first, so a Zerodha tradebook picked as Dhan is
 * named for what it is rather than failing on a missing column; the generic source needs a column map.
 */
export function readImportFile(source: ImportSource, input: ArrayBuffer | string, columns?: ColumnMap): ReadFile {
  if (source === 'generic') {
    if (!columns) throw new Error('Map the date, symbol, side, quantity and price columns first.');
    const text = typeof input === 'string' ? input : new TextDecoder().decode(input);
    return { kind: 'tradebook', parsed: parseMappedCsv(text, { columns, broker: 'other' }) };
  }
  const detected = detectImportFile(input).kind;
  if (detected !== 'unknown' && !SOURCE_KINDS[source].includes(detected)) {
    const expected = SOURCE_KINDS[source][0] as ImportFileKind;
    return {
      kind: 'wrong',
      message: wrongFileMessage(detected, expected) ?? '',
      source: SOURCE_OF_KIND[detected],
      label: IMPORT_FILE_LABELS[detected],
    };
  }
  if (detected === 'zerodha-holdings') return { kind: 'holdings', statement: parseZerodhaHoldings(input) };
  if (detected === 'zerodha-tax-pnl') return { kind: 'tax_pnl', statement: parseZerodhaTaxPnl(input) };
  const parse: Record<Exclude<ImportSource, 'generic'>, (input: ArrayBuffer | string) => ParseResult> = {
    zerodha: parseZerodhaTradebook,
    dhan: (i) => parseDhanTransactions(typeof i === 'string' ? i : new TextDecoder().decode(i)),
    upstox: parseUpstoxTrades,
    angelone: parseAngelOneTrades,
  };
  return { kind: 'tradebook', parsed: parse[source](input) };
}

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
