// The import dialog's props and the shapes the app fills in: sources, the column mapper's fields, the steps, history.

export type ImportSourceId = 'zerodha' | 'dhan' | 'upstox' | 'angelone' | 'generic';

export interface ImportSourceOption {
  id: ImportSourceId;
  label: string;
  /** Which export to bring, in the broker's words. */
  file: string;
  /** File types the picker offers. */
  accept: string;
  /** False while the reader for this broker does not exist yet: shown as coming soon. */
  available: boolean;
}

export const IMPORT_SOURCES: ImportSourceOption[] = [
  {
    id: 'zerodha',
    label: 'Zerodha',
    file: 'Console → Reports → Tradebook (CSV or XLSX), or a holdings or tax P&L statement for shares bought before it.',
    accept: '.csv,.xlsx',
    available: true,
  },
  {
    id: 'dhan',
    label: 'Dhan',
    file: 'Transaction report (CSV). Charges come from the report.',
    accept: '.csv,text/csv',
    available: true,
  },
  {
    id: 'upstox',
    label: 'Upstox',
    file: 'Reports → Trade report (XLSX, sheet TRADE), or the same report saved as CSV.',
    accept: '.xlsx,.csv',
    available: true,
  },
  {
    id: 'angelone',
    label: 'Angel One',
    file: 'Trade book (XLSX) with its charges columns, or the same report saved as CSV.',
    accept: '.xlsx,.csv',
    available: true,
  },
  {
    id: 'generic',
    label: 'Other (map columns)',
    file: 'Any CSV with one row per fill: you say which column is which.',
    accept: '.csv,text/csv',
    available: true,
  },
];

/** Fill fields of the generic CSV mapper (the @bahi/trading ColumnMap keys). */
export const MAPPER_FIELDS = [
  { field: 'date', label: 'Date (or date and time)', required: true },
  { field: 'time', label: 'Time', required: false },
  { field: 'symbol', label: 'Symbol', required: true },
  { field: 'side', label: 'Buy or sell', required: true },
  { field: 'quantity', label: 'Quantity', required: true },
  { field: 'price', label: 'Price', required: true },
  { field: 'tradeId', label: 'Trade id (skips duplicates on re-import)', required: false },
  { field: 'orderId', label: 'Order id', required: false },
  { field: 'exchange', label: 'Exchange', required: false },
  { field: 'segment', label: 'Segment', required: false },
  { field: 'expiry', label: 'Expiry', required: false },
  { field: 'strike', label: 'Strike', required: false },
  { field: 'optionType', label: 'Option type (CE / PE)', required: false },
  { field: 'fees', label: 'Charges', required: false },
] as const;
export type MapperField = (typeof MAPPER_FIELDS)[number]['field'];

/** What a file (or a typed entry) brings: fills, or the cost of shares bought before the imported history. */
export type ImportKind = 'tradebook' | 'holdings' | 'tax_pnl' | 'opening';

export const IMPORT_KIND_LABELS: Record<ImportKind, string> = {
  tradebook: 'Tradebook',
  holdings: 'Holdings statement',
  tax_pnl: 'Tax P&L statement',
  opening: 'Opening position',
};

/** One assumption behind estimated charges, with the trades charged with it. */
export interface EstimateNote {
  /**
   * What was assumed, as a phrase that follows "n trades have" (@bahi/trading's describeEstimate): "stamp duty at
   * Maharashtra's rate (your state is not set)".
   */
  reason: string;
  trades: number;
  /** Where the trader gives what was assumed (their state, their broker charges), as a link. */
  fix?: { label: string; href: string };
}

/** A row that could not be read; the header is row 1. A row can have more than one. */
export interface ImportRowError {
  row: number;
  message: string;
}

/**
 * What committing the file would do. For a statement (holdings, tax P&L, opening) "lines" are its fills: the grid
 * shows lines read (`fillsRead`), lines used (`newFills`), lines skipped (rows in `errors`) and trades rebuilt
 * (`replaced`).
 */
export interface ImportPreview {
  kind: ImportKind;
  fileName: string;
  rowsTotal: number;
  fillsRead: number;
  /** Every row that could not be read (all of them: the list scrolls). */
  errors: ImportRowError[];
  /** Fills already in the journal. */
  duplicates: number;
  /** Fills of trades the trader deleted from the journal: skipped, so they stay deleted. */
  deletedSkipped?: number;
  /** Fills that would be written; nothing is written when 0. */
  newFills: number;
  /** Trades written, the rebuilt ones included. */
  tradesToCreate: number;
  /** Positions still open after the import. */
  openTrades: number;
  /** Sales of shares bought before the imported history: no entry price and no P&L until their cost is given. */
  missingCost: number;
  /** Sales that had no cost basis and get one from this statement. */
  costFound: number;
  /** Trades from earlier imports rebuilt with these fills. */
  replaced: number;
  /** What estimated charges assumed beyond the broker profile (a state not set, a date before the tables…). */
  estimates: EstimateNote[];
  /** Whether charges come from the file or are estimated from the broker profile. */
  charges: 'broker' | 'estimated';
  /** Holdings statements: the day (YYYY-MM-DD, IST) the holdings stand at the end of. */
  holdingsAsOf?: string;
  /** False when the file does not say and the day before the first trade in the journal was assumed. */
  holdingsAsOfStated?: boolean;
  /**
   * Opening lots this statement brings with no buy date (a holdings statement that gives none): held by
   * `holdingsAsOf`, never taken as bought on it, so their sales wait for dates on the tax page.
   */
  undatedLots?: number;
  /** Undated lots of the journal that this file's dated lots replace (not add to), and their shares. */
  undatedReplaced?: { lots: number; symbols: string[] };
}

export type ImportStep =
  | {
      step: 'choose';
      /** Why the file could not be read. */
      error?: string;
      /** When no row could be read: every row's problem. */
      errors?: ImportRowError[];
      /** A file of another source was recognised: offers to read it as that one. */
      suggestion?: { source: ImportSourceId; label: string };
    }
  | { step: 'map'; fileName: string; headers: string[]; columns: Partial<Record<MapperField, string>> }
  | { step: 'preview'; preview: ImportPreview }
  | {
      step: 'working';
      fileName: string;
      phase: 'parse' | 'match' | 'upload';
      /** Calls (parts) saved, of `total`. */
      done: number;
      total: number;
      /** Trades saved so far, of `tradesTotal` (while saving). */
      trades?: number;
      tradesTotal?: number;
      /** An estimate from the pace so far (while saving, after the first part). */
      secondsLeft?: number;
    }
  | {
      step: 'done';
      fileName: string;
      tradesCreated: number;
      executionsCreated: number;
      duplicates: number;
      rowsWithErrors: number;
    }
  | { step: 'failed'; fileName: string; message: string };

export interface ImportHistoryItem {
  id: string;
  fileName: string;
  broker: string;
  kind: ImportKind;
  createdAt: string;
  tradesCreated: number;
  duplicatesSkipped: number;
  rowsSkipped: number;
  status: 'pending' | 'completed' | 'failed';
}

export interface ImportDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  source: ImportSourceId;
  onSourceChange: (source: ImportSourceId) => void;
  state: ImportStep;
  onFile: (file: File) => void;
  /** Reads the last file again as the source the 'choose' step suggests. */
  onUseSuggestion?: () => void;
  onColumnChange: (field: MapperField, column: string | undefined) => void;
  onMapConfirm: () => void;
  onCommit: () => void;
  onStartOver: () => void;
  history?: ImportHistoryItem[];
  historyStatus?: 'loading' | 'error' | 'ready';
  historyError?: string;
  /** Resolves when the import is gone; a rejection's message is shown. */
  onUndo?: (importId: string) => Promise<void>;
  defaultTab?: 'new' | 'history';
  /** Open the undo confirmation for this import at first render (stories). */
  defaultUndoId?: string;
}
