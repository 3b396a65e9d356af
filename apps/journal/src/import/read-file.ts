// Which file each import source reads, and the parse step of the pipeline: a file's bytes in, and out either the
// fills of a tradebook, the lines of a holdings or tax P&L statement, or word that the file is another broker's.
// The brokers' parsers load with this module when a file is picked (use-import.ts); the column mapper's helpers are
// in ./import-source, on the trades page from the start.
import {
  type ColumnMap,
  detectImportFile,
  type HoldingsStatement,
  IMPORT_FILE_LABELS,
  type ImportFileKind,
  type ParseResult,
  parseAngelOneTrades,
  parseDhanTransactions,
  parseMappedCsv,
  parseUpstoxTrades,
  parseZerodhaHoldings,
  parseZerodhaTaxPnl,
  parseZerodhaTradebook,
  type TaxPnlStatement,
  wrongFileMessage,
} from '@bahi/trading';
import type { ImportSource } from './import-source';

export {
  completeColumnMap,
  csvHeaders,
  guessColumnMap,
  type ImportSource,
  MAPPED_FIELDS,
  type MappedField,
  REQUIRED_FIELDS,
  SOURCE_BROKER,
} from './import-source';

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
