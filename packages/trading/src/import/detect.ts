// Which broker report a file is, from its header (after any preamble, on any sheet of a workbook), so that a
// trader who picked the wrong broker is told what the file looks like and can read it as that instead.
import { headerKey, isBlankRecord } from './csv';
import { type SpreadsheetInput, workbookRecords } from './sheet';
import type { ImportBroker } from './types';

export type ImportFileKind =
  | 'zerodha-tradebook'
  | 'zerodha-holdings'
  | 'zerodha-tax-pnl'
  | 'dhan-transactions'
  | 'upstox-trades'
  | 'angelone-trades'
  | 'unknown';

interface ReportKind {
  label: string;
  broker: ImportBroker | null;
  /** The start of its header as the report writes it, for "no header" messages. */
  header: string;
  /** Header keys (`headerKey`) that together identify it; any one set is enough. */
  signatures: readonly (readonly string[])[];
}

const REPORTS: Record<Exclude<ImportFileKind, 'unknown'>, ReportKind> = {
  'zerodha-tradebook': {
    label: 'Zerodha tradebook',
    broker: 'zerodha',
    header: 'symbol, isin, trade_date, exchange, segment, series, trade_type',
    // Console's current header, and its older one (tradingsymbol, no isin or auction).
    signatures: [
      ['symbol', 'trade_date', 'trade_type', 'quantity', 'price', 'trade_id'],
      ['tradingsymbol', 'trade_date', 'trade_type', 'quantity', 'price', 'trade_id'],
    ],
  },
  'zerodha-holdings': {
    label: 'Zerodha holdings statement',
    broker: 'zerodha',
    header: 'Symbol, ISIN, Sector, Quantity Available, Quantity Discrepant, Quantity Long Term',
    // Console's statement, and the holdings CSV that Kite downloads.
    signatures: [
      ['symbol', 'isin', 'quantity_available', 'average_price'],
      ['instrument', 'qty', 'avg_cost'],
    ],
  },
  'zerodha-tax-pnl': {
    label: 'Zerodha tax P&L statement',
    broker: 'zerodha',
    header: 'Symbol, ISIN, Entry Date, Exit Date, Quantity, Buy Value, Sell Value',
    signatures: [['symbol', 'entry_date', 'exit_date', 'quantity', 'buy_value', 'sell_value']],
  },
  'dhan-transactions': {
    label: 'Dhan transaction report',
    broker: 'dhan',
    header: 'Date, Scrip Name, Exchange, Buy Qty.',
    signatures: [['date', 'scrip_name', 'buy_qty', 'buy_value', 'sell_qty', 'sell_value']],
  },
  'upstox-trades': {
    label: 'Upstox trade report',
    broker: 'upstox',
    header: 'Date, Company, Amount, Exchange, Segment, Scrip Code',
    signatures: [['date', 'company', 'trade_num', 'side', 'quantity', 'price']],
  },
  'angelone-trades': {
    label: 'Angel One trade book',
    broker: 'angelone',
    header: 'Scrip/Contract, Buy/Sell, Buy Price, Sell Price, Quantity',
    signatures: [['scrip/contract', 'buy/sell', 'buy_price', 'sell_price', 'trade_id']],
  },
};

/** A report kind in words, for messages: 'Zerodha tradebook', 'Dhan transaction report'… */
export const IMPORT_FILE_LABELS: Record<ImportFileKind, string> = {
  'zerodha-tradebook': REPORTS['zerodha-tradebook'].label,
  'zerodha-holdings': REPORTS['zerodha-holdings'].label,
  'zerodha-tax-pnl': REPORTS['zerodha-tax-pnl'].label,
  'dhan-transactions': REPORTS['dhan-transactions'].label,
  'upstox-trades': REPORTS['upstox-trades'].label,
  'angelone-trades': REPORTS['angelone-trades'].label,
  unknown: 'file of a kind Bahi does not know',
};

/** What a reader's "no header" error names: the report and the start of its header. */
export function expectedHeader(kind: Exclude<ImportFileKind, 'unknown'>): { report: string; header: string } {
  return { report: REPORTS[kind].label, header: REPORTS[kind].header };
}

export interface DetectedImportFile {
  kind: ImportFileKind;
  /** IMPORT_FILE_LABELS[kind]. */
  label: string;
  /** The broker whose report it is; null when unknown. */
  broker: ImportBroker | null;
  format: 'xlsx' | 'csv';
  /** The sheet the header is on (XLSX); null for CSV or when nothing was recognised. */
  sheet: string | null;
  /** The header's row (1-based) on that sheet; null when nothing was recognised. */
  headerRow: number | null;
}

/** Rows looked at per sheet: past the longest preamble (Angel One's runs to row 34; a tax P&L's equity sections follow). */
const DETECT_ROWS = 300;

/**
 * Recognises a broker report by its header, wherever the header is: after a preamble, from column B, on any sheet
 * (a tax P&L's tradewise exits are not on its first sheet). Text or bytes of CSV, or XLSX bytes. The first header
 * found, sheet by sheet from the top, decides.
 */
export function detectImportFile(input: SpreadsheetInput): DetectedImportFile {
  const book = workbookRecords(input, { maxRows: DETECT_ROWS });
  for (const sheet of book.sheets) {
    for (let r = 0; r < sheet.records.length; r++) {
      const rec = sheet.records[r] ?? [];
      if (isBlankRecord(rec)) continue;
      const keys = new Set(rec.map(headerKey));
      for (const [kind, report] of Object.entries(REPORTS) as [Exclude<ImportFileKind, 'unknown'>, ReportKind][]) {
        if (report.signatures.some((signature) => signature.every((key) => keys.has(key)))) {
          return {
            kind,
            label: report.label,
            broker: report.broker,
            format: book.format,
            sheet: book.format === 'xlsx' ? sheet.name : null,
            headerRow: r + 1,
          };
        }
      }
    }
  }
  return {
    kind: 'unknown',
    label: IMPORT_FILE_LABELS.unknown,
    broker: null,
    format: book.format,
    sheet: null,
    headerRow: null,
  };
}

/**
 * The message for a file of one kind picked as another: "This looks like a Zerodha tradebook, not a Dhan
 * transaction report." Null when the kinds agree or the file's kind is unknown (the reader's own error says more).
 */
export function wrongFileMessage(detected: ImportFileKind, expected: ImportFileKind): string | null {
  if (detected === expected || detected === 'unknown') return null;
  return `This looks like ${article(IMPORT_FILE_LABELS[detected])}, not ${article(IMPORT_FILE_LABELS[expected])}.`;
}

/** 'a Zerodha tradebook', 'an Upstox trade report', 'an Angel One trade book'. */
const article = (label: string) => `${/^[AEIOU]/.test(label) ? 'an' : 'a'} ${label}`;
