import { formatCount, isEmptyFilter, type TradeFilter } from '@bahi/trading';
import { BarChart3, Download, FileUp, Split, Tag, Trash2 } from 'lucide-react';
import * as React from 'react';
import { useNavigate } from 'react-router-dom';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { Checkbox } from '../../components/checkbox';
import { Money } from '../../components/money';
import { Skeleton } from '../../components/skeleton';
import { Stat, statsCompactOnPhone } from '../../components/stat';
import {
  SortableHead,
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '../../components/table';
import { useSize } from '../../lib/use-size';
import { cn } from '../../lib/utils';
import { type AreaCallbacks, addTrade, importTrades } from './area-actions';
import { AreaPage, type AreaStatus } from './area-page';
import {
  FOLDED_COLUMNS,
  NoneMatch,
  type Sort,
  type SortKey,
  sortTrades,
  type TradeListRow,
  tradeName,
  useReviewHref,
  WIDE_COLUMNS,
} from './trade-columns';
import { type FilterOption, TradeFilterBar } from './trade-filter-bar';

export { sortTrades, type TradeListRow } from './trade-columns';

export interface TradesScreenProps extends AreaCallbacks {
  /** 'empty' means no trades at all; a filter that matches nothing is 'ready' with no rows. */
  status: AreaStatus;
  /** The trades that pass the filter. */
  trades?: TradeListRow[];
  /** Trades in the whole journal, for "12 of 340". */
  totalTrades?: number;
  /** The filter in force (from the URL). */
  filter?: TradeFilter;
  /** Called with the filter the trader sets. */
  onFilterChange?: (filter: TradeFilter) => void;
  /** Playbooks to filter by. */
  playbooks?: FilterOption[];
  /** The trader's tags, to filter by and to add. */
  tags?: string[];
  /** Analytics with the same query string. */
  analyticsHref?: string;
  /** Downloads the filtered trades as CSV. */
  onExport?: () => void;
  /** Resolves when the tag is on every trade; a rejection's message is shown. */
  onAddTag?: (tradeIds: string[], tagName: string) => Promise<void>;
  /** Deletes the selected trades, once confirmed; a rejection's message is shown. */
  onDelete?: (tradeIds: string[]) => Promise<void>;
  /** Rows a page: the list renders one page at a time, so 10,000 trades stay fast. */
  pageSize?: number;
  /** The import dialog (the app opens it from /trades?import=1). */
  importDialog?: React.ReactNode;
  /** Sales in the whole journal with no cost basis: a notice above the table offers the two ways to give it. */
  missingCost?: number;
  /** Opens the opening position dialog. */
  onAddOpening?: () => void;
  /** Opens the import dialog, to import a holdings statement. */
  onImportHoldings?: () => void;
  /** Opens the corporate actions dialog (splits, bonuses, demergers, mergers, symbol changes; a toolbar action). */
  onCorporateActions?: () => void;
  /** The opening position dialog, rendered like `importDialog`. */
  openingDialog?: React.ReactNode;
  /** The corporate actions dialog, rendered like `importDialog`. */
  corporateActionsDialog?: React.ReactNode;
  /** Selected ids at first render (stories). */
  defaultSelected?: string[];
}

// The selection dialogs load the first time one opens: most visits to the list never tag or delete.
const selectionDialogs = () => import('./trade-selection-dialogs');
const AddTagDialog = React.lazy(() => selectionDialogs().then((m) => ({ default: m.AddTagDialog })));
const DeleteDialog = React.lazy(() => selectionDialogs().then((m) => ({ default: m.DeleteDialog })));

/** The list's box below this width (a phone) holds a compact list, one trade to a row; from it, a table. */
const LIST_BELOW = 640;
/** From this width the table gives every figure its own column; below it, FOLDED_COLUMNS. */
const WIDE_FROM = 1100;
type Layout = 'list' | 'folded' | 'wide';

/** The layout for the list's box; unmeasured (0, as in a test without layout) is the whole table. */
export function listLayout(width: number): Layout {
  if (width === 0) return 'wide';
  return width < LIST_BELOW ? 'list' : width < WIDE_FROM ? 'folded' : 'wide';
}

/**
 * The list's width before it is measured, from the window and the app shell (its 240 px sidebar and padding from
 * 1024 px): a phone's first render is the compact list, not a table thrown away before the first paint.
 */
function guessWidth() {
  if (typeof window === 'undefined') return 0;
  const w = window.innerWidth;
  return w >= 1024 ? w - 304 : w - 32;
}

// A phone's list is its own chunk, which a laptop never loads; on a phone it is fetched as soon as this module runs,
// beside the trades, not when the list first renders.
const loadCompactList = () => import('./trades-compact-list');
const CompactList = React.lazy(() => loadCompactList().then((m) => ({ default: m.CompactList })));
if (listLayout(guessWidth()) === 'list') void loadCompactList();

/**
 * Count, net P&L after charges (closed trades) and charges (all trades) of the filtered set, summed in paise. Sales
 * without a cost basis are counted apart and left out of the P&L.
 */
export function tradeTotals(trades: readonly TradeListRow[]) {
  let net = 0;
  let charges = 0;
  let closed = 0;
  let missingCost = 0;
  for (const t of trades) {
    charges += Math.round(t.charges * 100);
    if (t.status === 'missing_cost') missingCost++;
    else if (t.netPnl !== null) {
      net += Math.round(t.netPnl * 100);
      closed++;
    }
  }
  return {
    count: trades.length,
    closed,
    open: trades.length - closed - missingCost,
    missingCost,
    netPnl: net / 100,
    charges: charges / 100,
  };
}

function TradeTable({
  trades,
  totalTrades,
  filtered,
  onClearFilters,
  tags,
  onAddTag,
  onDelete,
  pageSize,
  defaultSelected,
  listKey,
}: {
  /** Identifies the filter: a new one starts again at the first page; the same list reloaded keeps its page. */
  listKey: string;
  trades: TradeListRow[];
  totalTrades: number;
  filtered: boolean;
  onClearFilters?: () => void;
  tags: string[];
  onAddTag?: TradesScreenProps['onAddTag'];
  onDelete?: TradesScreenProps['onDelete'];
  pageSize: number;
  defaultSelected: string[];
}) {
  const navigate = useNavigate();
  const reviewHref = useReviewHref();
  const [boxRef, { width }] = useSize<HTMLDivElement>(guessWidth);
  const [sort, setSort] = React.useState<Sort>({ key: 'entryTime', direction: 'desc' });
  const [page, setPage] = React.useState(0);
  const [selected, setSelected] = React.useState<ReadonlySet<string>>(() => new Set(defaultSelected));
  const [dialog, setDialog] = React.useState<'tag' | 'delete' | null>(null);
  // A selection dialog mounts when first opened and stays mounted, so that closing it still animates.
  const [opened, setOpened] = React.useState({ tag: false, delete: false });
  if (dialog && !opened[dialog]) setOpened({ ...opened, [dialog]: true });

  const sorted = React.useMemo(() => sortTrades(trades, sort), [trades, sort]);
  // A new filter starts again at its first page (adjusted during render, as React recommends); a reload after a
  // bulk tag or delete keeps the trader where they were.
  const [listed, setListed] = React.useState(listKey);
  if (listed !== listKey) {
    setListed(listKey);
    setPage(0);
  }
  const pages = Math.max(1, Math.ceil(sorted.length / pageSize));
  const current = Math.min(page, pages - 1);
  const rows = sorted.slice(current * pageSize, (current + 1) * pageSize);
  // A filter change can hide selected trades: act only on those still listed.
  const visibleSelected = React.useMemo(
    () => trades.filter((t) => selected.has(t.id)).map((t) => t.id),
    [trades, selected],
  );
  const all = visibleSelected.length === trades.length && trades.length > 0;
  const some = visibleSelected.length > 0 && !all;
  const canAct = Boolean(onAddTag || onDelete);

  const selectAll = (v: boolean | 'indeterminate') =>
    setSelected(v === true ? new Set(trades.map((t) => t.id)) : new Set());
  const toggle = (id: string, on: boolean) =>
    setSelected((s) => {
      const next = new Set(s);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  function sortBy(key: SortKey) {
    setSort((s) =>
      s.key === key ? { key, direction: s.direction === 'asc' ? 'desc' : 'asc' } : { key, direction: 'asc' },
    );
    setPage(0);
  }

  const first = sorted.length === 0 ? 0 : current * pageSize + 1;
  const last = current * pageSize + rows.length;
  const caption = `Trades, ${formatCount(trades.length)} of ${formatCount(totalTrades)}, page ${current + 1} of ${pages}`;
  const layout = listLayout(width);
  const columns = layout === 'wide' ? WIDE_COLUMNS : FOLDED_COLUMNS;

  return (
    <div ref={boxRef} data-layout={layout} className="grid min-w-0 gap-3">
      {canAct && visibleSelected.length > 0 ? (
        <section
          aria-label="Selected trades"
          data-slot="bulk-actions"
          className="flex flex-wrap items-center gap-2 rounded-lg border bg-muted/50 px-3 py-2"
        >
          <p className="font-medium text-sm">{formatCount(visibleSelected.length)} selected</p>
          {onAddTag ? (
            <Button size="sm" variant="outline" onClick={() => setDialog('tag')}>
              <Tag aria-hidden="true" /> Add tag
            </Button>
          ) : null}
          {onDelete ? (
            <Button size="sm" variant="outline" onClick={() => setDialog('delete')}>
              <Trash2 aria-hidden="true" /> Delete
            </Button>
          ) : null}
          <Button size="sm" variant="ghost" onClick={() => setSelected(new Set())}>
            Clear selection
          </Button>
        </section>
      ) : null}
      {layout === 'list' ? (
        <React.Suspense fallback={<Skeleton className="h-96 rounded-lg" />}>
          <CompactList
            trades={trades}
            rows={rows}
            caption={caption}
            filtered={filtered}
            onClearFilters={onClearFilters}
            canAct={canAct}
            selected={selected}
            all={all}
            some={some}
            onSelectAll={selectAll}
            onToggle={toggle}
            sort={sort}
            onSort={(next) => {
              setSort(next);
              setPage(0);
            }}
          />
        </React.Suspense>
      ) : (
        <Table data-slot="trades-table" scroll={false}>
          <TableCaption className="sr-only">{caption}</TableCaption>
          {/* Sticks below the app's 56 px top bar, so the columns stay named down a page of 50 trades. */}
          <TableHeader className="[&_th]:sticky [&_th]:top-14 [&_th]:z-10 [&_th]:bg-background">
            <TableRow>
              {canAct ? (
                <TableHead scope="col" className="w-10">
                  <Checkbox
                    aria-label={`Select all ${formatCount(trades.length)} trades`}
                    checked={all ? true : some ? 'indeterminate' : false}
                    disabled={trades.length === 0}
                    onCheckedChange={selectAll}
                  />
                </TableHead>
              ) : null}
              {columns.map((column) => (
                <SortableHead
                  key={column.key}
                  align={column.align}
                  direction={column.sort && sort.key === column.sort ? sort.direction : undefined}
                  onSort={column.sort ? () => sortBy(column.sort!) : undefined}
                >
                  {column.header}
                </SortableHead>
              ))}
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.length === 0 ? (
              <TableRow data-slot="table-empty-row">
                <TableCell
                  colSpan={columns.length + (canAct ? 1 : 0)}
                  className="h-24 text-center text-muted-foreground"
                >
                  <NoneMatch filtered={filtered} onClearFilters={onClearFilters} />
                </TableCell>
              </TableRow>
            ) : (
              rows.map((t) => (
                <TableRow
                  key={t.id}
                  data-state={selected.has(t.id) ? 'selected' : undefined}
                  data-status={t.status}
                  className="cursor-pointer"
                  // The symbol link is the keyboard way in; a click anywhere else on the row does the same.
                  onClick={(e) => {
                    if ((e.target as HTMLElement).closest('a,button,input,[role="checkbox"]')) return;
                    navigate(reviewHref(t.id));
                  }}
                >
                  {canAct ? (
                    <TableCell>
                      <Checkbox
                        aria-label={`Select ${tradeName(t)}`}
                        checked={selected.has(t.id)}
                        onCheckedChange={(v) => toggle(t.id, v === true)}
                      />
                    </TableCell>
                  ) : null}
                  {columns.map((column) => (
                    <TableCell
                      key={column.key}
                      className={cn(
                        column.key === 'symbol' && 'whitespace-normal',
                        column.align === 'right' && 'text-right tabular-nums',
                      )}
                    >
                      {column.cell(t)}
                    </TableCell>
                  ))}
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
      )}
      <nav aria-label="Pages" className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <p className="text-muted-foreground" aria-live="polite">
          Showing {formatCount(first)}–{formatCount(last)} of {formatCount(sorted.length)}
        </p>
        <div className="flex items-center gap-2">
          <Button size="sm" variant="outline" disabled={current === 0} onClick={() => setPage(current - 1)}>
            Previous
          </Button>
          <span>
            Page {formatCount(current + 1)} of {formatCount(pages)}
          </span>
          <Button size="sm" variant="outline" disabled={current >= pages - 1} onClick={() => setPage(current + 1)}>
            Next
          </Button>
        </div>
      </nav>
      <React.Suspense fallback={null}>
        {onAddTag && opened.tag ? (
          <AddTagDialog
            open={dialog === 'tag'}
            onOpenChange={(open) => setDialog(open ? 'tag' : null)}
            selected={visibleSelected}
            tags={tags}
            onAddTag={onAddTag}
          />
        ) : null}
        {onDelete && opened.delete ? (
          <DeleteDialog
            open={dialog === 'delete'}
            onOpenChange={(open) => setDialog(open ? 'delete' : null)}
            selected={visibleSelected}
            onDelete={onDelete}
            onDone={() => setSelected(new Set())}
          />
        ) : null}
      </React.Suspense>
    </div>
  );
}

/** Sales of shares bought before the imported history: why they have no P&L, and the two ways to give their cost. */
function MissingCostNotice({
  count: n,
  onAddOpening,
  onImportHoldings,
}: {
  count: number;
  onAddOpening?: () => void;
  onImportHoldings?: () => void;
}) {
  return (
    <Alert variant="warning" data-slot="missing-cost-notice">
      <div className="grid gap-3">
        <p>
          {n === 1
            ? '1 sale has no cost basis: shares bought before your imported history. It is left out of every P&L figure until you give its cost.'
            : `${formatCount(n)} sales have no cost basis: shares bought before your imported history. They are left out of every P&L figure until you give their cost.`}
        </p>
        {onAddOpening || onImportHoldings ? (
          <div className="flex flex-wrap gap-2">
            {onAddOpening ? (
              <Button size="sm" variant="outline" onClick={onAddOpening}>
                Add opening position
              </Button>
            ) : null}
            {onImportHoldings ? (
              <Button size="sm" variant="outline" onClick={onImportHoldings}>
                Import a holdings statement
              </Button>
            ) : null}
          </div>
        ) : null}
      </div>
    </Alert>
  );
}

/** /trades: every trade, open ones marked, filtered through the URL, sorted, paged, tagged and deleted in bulk. */
export function TradesScreen({
  status,
  trades = [],
  totalTrades = trades.length,
  filter = {},
  onFilterChange,
  playbooks = [],
  tags = [],
  analyticsHref,
  onExport,
  onAddTag,
  onDelete,
  pageSize = 50,
  importDialog,
  missingCost = 0,
  onAddOpening,
  onImportHoldings,
  onCorporateActions,
  openingDialog,
  corporateActionsDialog,
  defaultSelected = [],
  ...cb
}: TradesScreenProps) {
  const totals = tradeTotals(trades);
  const filtered = !isEmptyFilter(filter);
  return (
    <>
      <AreaPage
        title="Trades"
        description="Every trade, open and closed, with P&L after charges. Times are India time (IST)."
        status={status}
        actions={
          <>
            {status === 'ready' && onExport ? (
              <Button variant="outline" onClick={onExport} disabled={trades.length === 0}>
                <Download aria-hidden="true" /> Export CSV
              </Button>
            ) : null}
            {onCorporateActions ? (
              <Button variant="outline" onClick={onCorporateActions}>
                <Split aria-hidden="true" /> Corporate actions
              </Button>
            ) : null}
            {importTrades}
            {addTrade}
          </>
        }
        empty={{
          icon: <FileUp />,
          title: 'No trades yet',
          description:
            'Import a Zerodha Console tradebook, a Dhan transaction report, an Upstox or Angel One trade report, map any CSV, or add a trade by hand. Re-importing an overlapping file is safe: duplicates are skipped.',
          action: (
            <span className="flex flex-wrap justify-center gap-2">
              {importTrades}
              {addTrade}
            </span>
          ),
        }}
        {...cb}
      >
        <div className="grid gap-4">
          {onFilterChange ? (
            <TradeFilterBar
              filter={filter}
              onFilterChange={onFilterChange}
              playbooks={playbooks}
              tags={tags}
              link={
                analyticsHref
                  ? { href: analyticsHref, label: 'Analyse these trades', icon: <BarChart3 aria-hidden="true" /> }
                  : undefined
              }
            />
          ) : null}
          <section
            aria-label="Totals of these trades"
            className={cn('grid grid-cols-2 gap-2 sm:grid-cols-3 sm:gap-3', statsCompactOnPhone)}
          >
            <Stat
              className="max-sm:col-span-2"
              label="Net P&L after charges"
              value={<Money value={totals.netPnl} signed />}
              hint={`over ${formatCount(totals.closed)} closed ${totals.closed === 1 ? 'trade' : 'trades'}`}
            />
            <Stat
              label="Trades"
              value={formatCount(totals.count)}
              hint={`${formatCount(totals.closed)} closed, ${formatCount(totals.open)} open${
                totals.missingCost ? `, ${formatCount(totals.missingCost)} without cost basis` : ''
              }${filtered ? ` · of ${formatCount(totalTrades)} in the journal` : ''}`}
            />
            <Stat
              label="Charges paid"
              value={<Money value={totals.charges} />}
              hint={`on ${formatCount(totals.count)} ${totals.count === 1 ? 'trade' : 'trades'}`}
            />
          </section>
          {missingCost > 0 ? (
            <MissingCostNotice count={missingCost} onAddOpening={onAddOpening} onImportHoldings={onImportHoldings} />
          ) : null}
          <TradeTable
            listKey={JSON.stringify(filter)}
            trades={trades}
            totalTrades={totalTrades}
            filtered={filtered}
            onClearFilters={onFilterChange ? () => onFilterChange({}) : undefined}
            tags={tags}
            onAddTag={onAddTag}
            onDelete={onDelete}
            pageSize={pageSize}
            defaultSelected={defaultSelected}
          />
        </div>
      </AreaPage>
      {importDialog}
      {openingDialog}
      {corporateActionsDialog}
    </>
  );
}
