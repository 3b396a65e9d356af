import { formatQuantity } from '@bahi/trading';
import type * as React from 'react';
import { Link, useLocation } from 'react-router-dom';
import { Badge } from '../../components/badge';
import { Button } from '../../components/button';
import { Money } from '../../components/money';
import { compareText } from '../../lib/compare-text';
import { formatDateTime } from '../../lib/dates';

// The trades list's row, its cells, the table's two column sets and the sort they share with the compact list.
/** A trade as the list shows it (a journal trade with its playbook's name). */
export interface TradeListRow {
  id: string;
  /** ISO instants; shown in IST. */
  entryTime: string;
  exitTime: string | null;
  symbol: string;
  underlying: string | null;
  segment: 'equity' | 'futures' | 'options';
  product: 'intraday' | 'delivery' | 'carry_forward';
  side: 'long' | 'short';
  quantity: number;
  /** Null for a sale of shares bought before the imported history (`missing_cost`). */
  entryPrice: number | null;
  exitPrice: number | null;
  /** `missing_cost`: a sale with no cost basis yet; no entry price, no P&L, left out of every P&L figure. */
  status: 'open' | 'closed' | 'missing_cost';
  charges: number;
  /** After charges; null while open or while the cost basis is missing. */
  netPnl: number | null;
  playbook: string | null;
  tags: string[];
}

const SEGMENT_LABEL = { equity: 'Equity', futures: 'Futures', options: 'Options' } as const;
const PRODUCT_LABEL = { intraday: 'Intraday', delivery: 'Delivery', carry_forward: 'Carry forward' } as const;

export type SortKey = 'entryTime' | 'symbol' | 'quantity' | 'entryPrice' | 'exitPrice' | 'charges' | 'netPnl';
export interface Sort {
  key: SortKey;
  direction: 'asc' | 'desc';
}

const SORT_VALUE: Record<SortKey, (t: TradeListRow) => string | number | null> = {
  entryTime: (t) => Date.parse(t.entryTime),
  symbol: (t) => t.symbol,
  quantity: (t) => t.quantity,
  entryPrice: (t) => t.entryPrice,
  exitPrice: (t) => t.exitPrice,
  charges: (t) => t.charges,
  netPnl: (t) => t.netPnl,
};

interface Column {
  key: string;
  header: string;
  align?: 'right';
  /** The column sorts the list by this. */
  sort?: SortKey;
  cell: (t: TradeListRow) => React.ReactNode;
}

const price = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 4 });
/** A trade's price as the list and the review write it: 2 to 4 decimals, grouped the Indian way. */
export const formatTradePrice = (n: number) => price.format(n);

/** A dash that a screen reader reads as what it stands for. */
function NoValue({ label }: { label: string }) {
  return (
    <span className="text-muted-foreground">
      <span aria-hidden="true">—</span>
      <span className="sr-only">{label}</span>
    </span>
  );
}

export const tradeName = (t: TradeListRow) => `${t.symbol} trade of ${formatDateTime(t.entryTime)}`;
const describe = (t: TradeListRow) =>
  `${SEGMENT_LABEL[t.segment]} · ${PRODUCT_LABEL[t.product]} · ${t.side === 'long' ? 'Long' : 'Short'}`;

/**
 * Where a trade in the list opens: its review, carrying the list's filters (they are the list's query string), so
 * that previous and next walk the same list and Back returns to it.
 */
export function useReviewHref(): (id: string) => string {
  const { search } = useLocation();
  return (id) => `/trades/${encodeURIComponent(id)}${search}`;
}

export function StatusBadge({ trade: t }: { trade: Pick<TradeListRow, 'status'> }) {
  if (t.status === 'open') return <Badge variant="outline">Open</Badge>;
  if (t.status === 'missing_cost') return <Badge variant="warning">Cost basis missing</Badge>;
  return null;
}

function EntryPrice({ trade: t }: { trade: TradeListRow }) {
  return t.entryPrice === null ? <NoValue label="No entry price" /> : price.format(t.entryPrice);
}

export function NetPnl({ trade: t }: { trade: TradeListRow }) {
  if (t.status === 'missing_cost') return <NoValue label="No P&L until the cost basis is given" />;
  if (t.netPnl === null) return <span className="text-muted-foreground">Open</span>;
  return <Money value={t.netPnl} signed />;
}

/** The playbook (a dash for none, unless `folded` under the symbol) and the tags. */
function PlaybookAndTags({ trade: t, folded = false }: { trade: TradeListRow; folded?: boolean }) {
  return (
    <span className="grid gap-1">
      {t.playbook || !folded ? <span>{t.playbook ?? '—'}</span> : null}
      {t.tags.length ? (
        <span className="flex flex-wrap gap-1">
          {t.tags.map((tag) => (
            <Badge key={tag} variant="outline">
              {tag}
            </Badge>
          ))}
        </span>
      ) : null}
    </span>
  );
}

function SymbolCell({ trade: t, withPlaybook }: { trade: TradeListRow; withPlaybook: boolean }) {
  const reviewHref = useReviewHref();
  return (
    <span className="grid gap-0.5">
      <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <Link
          to={reviewHref(t.id)}
          className="break-words font-medium underline-offset-4 hover:underline focus-visible:underline"
          aria-label={`Review ${tradeName(t)}`}
        >
          {t.symbol}
        </Link>
        <StatusBadge trade={t} />
      </span>
      <span className="text-muted-foreground text-xs">{describe(t)}</span>
      {withPlaybook && (t.playbook || t.tags.length) ? (
        <span className="mt-1 text-muted-foreground text-xs">
          <PlaybookAndTags trade={t} folded />
        </span>
      ) : null}
    </span>
  );
}

const ENTRY_TIME: Column = {
  key: 'entryTime',
  header: 'Entry (IST)',
  sort: 'entryTime',
  cell: (t) => formatDateTime(t.entryTime),
};
const QUANTITY: Column = {
  key: 'quantity',
  header: 'Qty',
  align: 'right',
  sort: 'quantity',
  cell: (t) => formatQuantity(t.quantity),
};

/** Every figure in its own column, where the list's box is wide enough for all of them. */
export const WIDE_COLUMNS: Column[] = [
  ENTRY_TIME,
  { key: 'symbol', header: 'Symbol', sort: 'symbol', cell: (t) => <SymbolCell trade={t} withPlaybook={false} /> },
  QUANTITY,
  { key: 'entryPrice', header: 'Entry', align: 'right', sort: 'entryPrice', cell: (t) => <EntryPrice trade={t} /> },
  {
    key: 'exitPrice',
    header: 'Exit',
    align: 'right',
    sort: 'exitPrice',
    cell: (t) => (t.exitPrice === null ? '—' : price.format(t.exitPrice)),
  },
  { key: 'charges', header: 'Charges', align: 'right', sort: 'charges', cell: (t) => <Money value={t.charges} /> },
  { key: 'netPnl', header: 'Net P&L', align: 'right', sort: 'netPnl', cell: (t) => <NetPnl trade={t} /> },
  {
    key: 'playbook',
    header: 'Playbook and tags',
    cell: (t) => (
      <span className="block min-w-32 whitespace-normal">
        <PlaybookAndTags trade={t} />
      </span>
    ),
  },
];

/**
 * A laptop's or tablet's width: the playbook and tags fold under the symbol, the exit price under the entry price
 * and the charges under the net P&L, so that every column stays in view and the header can stick.
 */
export const FOLDED_COLUMNS: Column[] = [
  ENTRY_TIME,
  { key: 'symbol', header: 'Symbol', sort: 'symbol', cell: (t) => <SymbolCell trade={t} withPlaybook /> },
  QUANTITY,
  {
    key: 'prices',
    header: 'Entry / exit',
    align: 'right',
    sort: 'entryPrice',
    cell: (t) => (
      <span className="grid">
        <EntryPrice trade={t} />
        <span className="text-muted-foreground text-xs">
          {t.exitPrice === null ? <NoValue label="No exit yet" /> : price.format(t.exitPrice)}
        </span>
      </span>
    ),
  },
  {
    key: 'netPnl',
    header: 'Net P&L',
    align: 'right',
    sort: 'netPnl',
    cell: (t) => (
      <span className="grid">
        <NetPnl trade={t} />
        <span className="text-muted-foreground text-xs">
          <Money value={t.charges} /> charges
        </span>
      </span>
    ),
  },
];

export function NoneMatch({ filtered, onClearFilters }: { filtered: boolean; onClearFilters?: () => void }) {
  return (
    <span className="inline-flex flex-wrap items-center justify-center gap-2">
      No trades match {filtered ? 'these filters' : 'yet'}.
      {filtered && onClearFilters ? (
        <Button size="sm" variant="outline" onClick={onClearFilters}>
          Clear filters
        </Button>
      ) : null}
    </span>
  );
}

function compare(a: string | number | null, b: string | number | null): number {
  if (a === null || b === null) return a === b ? 0 : a === null ? 1 : -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return compareText(String(a), String(b));
}

/** Sorts by a column; open trades (no exit, no P&L) stay last either way, then newest first. */
export function sortTrades(trades: readonly TradeListRow[], sort: Sort): TradeListRow[] {
  const value = SORT_VALUE[sort.key];
  const factor = sort.direction === 'asc' ? 1 : -1;
  // Each trade's key and entry time worked out once, not on every comparison: a journal may hold 10,000 trades.
  const keyed = trades.map((t) => ({ t, key: value(t), entry: Date.parse(t.entryTime) }));
  keyed.sort((x, y) => {
    if (x.key === null || y.key === null) return compare(x.key, y.key);
    return factor * compare(x.key, y.key) || y.entry - x.entry;
  });
  return keyed.map(({ t }) => t);
}
