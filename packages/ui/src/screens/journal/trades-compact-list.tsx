import { formatCount, formatQuantity } from '@bahi/trading';
import * as React from 'react';
import { Link } from 'react-router-dom';
import { Checkbox } from '../../components/checkbox';
import { Field } from '../../components/field';
import { LazySelect } from '../../components/lazy-select';
import { formatDayMonth } from '../../lib/dates';
import {
  NetPnl,
  NoneMatch,
  type Sort,
  StatusBadge,
  type TradeListRow,
  tradeName,
  useReviewHref,
} from './trade-columns';

/** The compact list's orders, in place of the table's sortable headers. */
const LIST_SORTS: { value: string; label: string; sort: Sort }[] = [
  { value: 'newest', label: 'Newest first', sort: { key: 'entryTime', direction: 'desc' } },
  { value: 'oldest', label: 'Oldest first', sort: { key: 'entryTime', direction: 'asc' } },
  { value: 'best', label: 'Best net P&L first', sort: { key: 'netPnl', direction: 'desc' } },
  { value: 'worst', label: 'Worst net P&L first', sort: { key: 'netPnl', direction: 'asc' } },
  { value: 'symbol', label: 'Symbol, A to Z', sort: { key: 'symbol', direction: 'asc' } },
];

// A 44 px target around the 16 px box (WCAG 2.5.5), without making the row taller.
const TOUCH_TARGET = "relative before:absolute before:-inset-3.5 before:content-['']";

/**
 * A phone's trades list: each trade a row that opens it, with its symbol, side and IST entry day on the left and its
 * net P&L large on the right, and a checkbox beside it for bulk actions.
 */
export function CompactList({
  trades,
  rows,
  caption,
  filtered,
  onClearFilters,
  canAct,
  selected,
  all,
  some,
  onSelectAll,
  onToggle,
  sort,
  onSort,
}: {
  trades: TradeListRow[];
  rows: TradeListRow[];
  caption: string;
  filtered: boolean;
  onClearFilters?: () => void;
  canAct: boolean;
  selected: ReadonlySet<string>;
  all: boolean;
  some: boolean;
  onSelectAll: (v: boolean | 'indeterminate') => void;
  onToggle: (id: string, on: boolean) => void;
  sort: Sort;
  onSort: (sort: Sort) => void;
}) {
  const selectAllId = React.useId();
  const reviewHref = useReviewHref();
  const order = LIST_SORTS.find((o) => o.sort.key === sort.key && o.sort.direction === sort.direction);
  return (
    <div className="grid gap-2">
      <div className="flex items-center justify-between gap-3">
        {canAct ? (
          <span className="flex items-center gap-3 pl-3.5 text-sm">
            <Checkbox
              id={selectAllId}
              className={TOUCH_TARGET}
              aria-label={`Select all ${formatCount(trades.length)} trades`}
              checked={all ? true : some ? 'indeterminate' : false}
              disabled={trades.length === 0}
              onCheckedChange={onSelectAll}
            />
            <label htmlFor={selectAllId}>All</label>
          </span>
        ) : (
          <span />
        )}
        <Field label="Sort" className="flex items-center gap-2">
          {(control) => (
            <LazySelect
              {...control}
              size="sm"
              value={order?.value ?? 'newest'}
              onValueChange={(v) => onSort(LIST_SORTS.find((o) => o.value === v)?.sort ?? LIST_SORTS[0]!.sort)}
              options={LIST_SORTS.map(({ value, label }) => ({ value, label }))}
            />
          )}
        </Field>
      </div>
      {rows.length === 0 ? (
        <p
          data-slot="table-empty-row"
          className="rounded-lg border px-3 py-8 text-center text-muted-foreground text-sm"
        >
          <NoneMatch filtered={filtered} onClearFilters={onClearFilters} />
        </p>
      ) : (
        <ul aria-label={caption} data-slot="trades-list" className="divide-y rounded-lg border">
          {rows.map((t) => (
            <li
              key={t.id}
              data-status={t.status}
              data-state={selected.has(t.id) ? 'selected' : undefined}
              className="flex items-center gap-1 pl-3.5 data-[state=selected]:bg-muted"
            >
              {canAct ? (
                <Checkbox
                  className={TOUCH_TARGET}
                  aria-label={`Select ${tradeName(t)}`}
                  checked={selected.has(t.id)}
                  onCheckedChange={(v) => onToggle(t.id, v === true)}
                />
              ) : null}
              <Link
                to={reviewHref(t.id)}
                data-slot="trade-row-link"
                className="flex min-h-11 min-w-0 flex-1 items-center gap-3 rounded-md py-2.5 pr-3 pl-3 outline-none hover:bg-muted/60 focus-visible:ring-[3px] focus-visible:ring-ring/50"
              >
                <span className="grid min-w-0 flex-1 gap-0.5">
                  <span className="flex min-w-0 items-center gap-2">
                    <span className="font-medium [overflow-wrap:anywhere]">{t.symbol}</span>
                    <StatusBadge trade={t} />
                  </span>
                  <span className="text-muted-foreground text-xs">
                    {t.side === 'long' ? 'Long' : 'Short'} {formatQuantity(t.quantity)} ·{' '}
                    {formatDayMonth(t.entryTime, { year: true })}
                  </span>
                </span>
                <span className="shrink-0 text-right font-semibold text-base">
                  <NetPnl trade={t} />
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
