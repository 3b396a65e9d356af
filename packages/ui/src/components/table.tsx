import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import * as React from 'react';
import { compareText } from '../lib/compare-text';
import { cn } from '../lib/utils';
import { Skeleton } from './skeleton';

/**
 * A table in a horizontally scrolling frame; compose TableHeader, TableBody, TableRow, TableHead, TableCell.
 * `scroll={false}` leaves the frame out, for a table laid out to fit its box: a frame would scroll both ways, so a
 * sticky header would stick to the frame instead of the page.
 */
export function Table({ className, scroll = true, ...props }: React.ComponentProps<'table'> & { scroll?: boolean }) {
  if (!scroll) return <table data-slot="table" className={cn('w-full caption-bottom text-sm', className)} {...props} />;
  return (
    <div data-slot="table-container" className="relative w-full overflow-x-auto">
      <table data-slot="table" className={cn('w-full caption-bottom text-sm', className)} {...props} />
    </div>
  );
}

export function TableHeader({ className, ...props }: React.ComponentProps<'thead'>) {
  return <thead data-slot="table-header" className={cn('[&_tr]:border-b', className)} {...props} />;
}

export function TableBody({ className, ...props }: React.ComponentProps<'tbody'>) {
  return <tbody data-slot="table-body" className={cn('[&_tr:last-child]:border-0', className)} {...props} />;
}

export function TableFooter({ className, ...props }: React.ComponentProps<'tfoot'>) {
  return <tfoot data-slot="table-footer" className={cn('border-t bg-muted font-medium', className)} {...props} />;
}

export function TableRow({ className, ...props }: React.ComponentProps<'tr'>) {
  return (
    <tr
      data-slot="table-row"
      className={cn('border-b transition-colors hover:bg-muted/60 data-[state=selected]:bg-muted', className)}
      {...props}
    />
  );
}

export function TableHead({ className, ...props }: React.ComponentProps<'th'>) {
  return (
    <th
      data-slot="table-head"
      className={cn('h-10 whitespace-nowrap px-3 text-left align-middle font-medium text-muted-foreground', className)}
      {...props}
    />
  );
}

export function TableCell({ className, ...props }: React.ComponentProps<'td'>) {
  return (
    <td data-slot="table-cell" className={cn('whitespace-nowrap px-3 py-2.5 align-middle', className)} {...props} />
  );
}

export function TableCaption({ className, ...props }: React.ComponentProps<'caption'>) {
  return (
    <caption data-slot="table-caption" className={cn('mt-4 text-muted-foreground text-sm', className)} {...props} />
  );
}

export type SortDirection = 'asc' | 'desc';
/** Which column a DataTable is sorted by, and which way. */
export interface SortState {
  /** The column's `id`. */
  column: string;
  direction: SortDirection;
}

/** One column of a DataTable. */
export interface DataTableColumn<Row> {
  /** Names the column in `SortState`. */
  id: string;
  /** The header text. */
  header: string;
  /** What the column shows for a row. */
  cell: (row: Row) => React.ReactNode;
  /** Value to sort by; a column without it is not sortable. */
  sortValue?: (row: Row) => string | number;
  /** `right` for figures, so their digits line up. */
  align?: 'left' | 'right';
  /** Classes for the column's header and cells, e.g. `hidden @md:table-cell` to leave it out where space is short. */
  className?: string;
}

export interface DataTableProps<Row> {
  /** Names the table for assistive technology (rendered as its caption). */
  caption: string;
  /** Hide the caption visually (still announced). */
  captionHidden?: boolean;
  /** The columns, left to right. */
  columns: DataTableColumn<Row>[];
  /** The rows, in their own order until the user sorts. */
  rows: Row[];
  /** A stable key per row (its id). */
  rowKey: (row: Row) => string;
  /** Placeholder rows instead of `rows`, and busy for assistive technology. */
  loading?: boolean;
  /** How many placeholder rows to show while loading. */
  loadingRows?: number;
  /** Shown in a single row when not loading and there are no rows. */
  empty?: React.ReactNode;
  /** Controlled sort; leave out for the table to keep its own. */
  sort?: SortState | null;
  /** The first sort when uncontrolled. */
  defaultSort?: SortState | null;
  /** Called with the new sort when the user sorts a column. */
  onSortChange?: (sort: SortState) => void;
  /** Classes for the table's frame. */
  className?: string;
}

function compare(a: string | number, b: string | number): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return compareText(String(a), String(b));
}

/**
 * A column header that sorts when it has `onSort`: a button with the direction's arrow, and `aria-sort` so a screen
 * reader says how the table is ordered ('none' on the other sortable columns).
 */
export function SortableHead({
  children,
  align,
  direction,
  onSort,
  className,
}: {
  /** The header text. */
  children: React.ReactNode;
  /** `right` for figure columns. */
  align?: 'left' | 'right';
  /** This column's direction when the table is sorted by it. */
  direction?: 'asc' | 'desc';
  /** Makes the header a button that sorts by this column. */
  onSort?: () => void;
  /** Classes for the header cell. */
  className?: string;
}) {
  const Icon = direction === 'asc' ? ArrowUp : direction === 'desc' ? ArrowDown : ArrowUpDown;
  return (
    <TableHead
      scope="col"
      aria-sort={
        onSort ? (direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : 'none') : undefined
      }
      className={cn(align === 'right' && 'text-right', className)}
    >
      {onSort ? (
        <button
          type="button"
          data-slot="sort-button"
          onClick={onSort}
          className={cn(
            '-mx-2 inline-flex items-center gap-1 rounded-md px-2 py-1 outline-none hover:bg-accent hover:text-accent-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50',
            direction && 'text-foreground',
          )}
        >
          {children}
          <Icon className="size-3.5" aria-hidden="true" />
        </button>
      ) : (
        children
      )}
    </TableHead>
  );
}

/** A table with sortable headers (buttons with aria-sort on the header cell), loading rows and an empty row. */
export function DataTable<Row>({
  caption,
  captionHidden = false,
  columns,
  rows,
  rowKey,
  loading = false,
  loadingRows = 5,
  empty = 'Nothing to show yet.',
  sort: controlledSort,
  defaultSort = null,
  onSortChange,
  className,
}: DataTableProps<Row>) {
  const [ownSort, setOwnSort] = React.useState<SortState | null>(defaultSort);
  const sort = controlledSort === undefined ? ownSort : controlledSort;

  const sorted = React.useMemo(() => {
    if (!sort) return rows;
    const column = columns.find((c) => c.id === sort.column);
    if (!column?.sortValue) return rows;
    const value = column.sortValue;
    const factor = sort.direction === 'asc' ? 1 : -1;
    return [...rows].sort((a, b) => factor * compare(value(a), value(b)));
  }, [rows, columns, sort]);

  function toggle(columnId: string) {
    const next: SortState =
      sort?.column === columnId && sort.direction === 'asc'
        ? { column: columnId, direction: 'desc' }
        : { column: columnId, direction: 'asc' };
    if (controlledSort === undefined) setOwnSort(next);
    onSortChange?.(next);
  }

  return (
    <Table data-slot="data-table" aria-busy={loading || undefined} className={className}>
      <TableCaption className={cn(captionHidden && 'sr-only')}>{caption}</TableCaption>
      <TableHeader>
        <TableRow>
          {columns.map((column) => (
            <SortableHead
              key={column.id}
              align={column.align}
              className={column.className}
              direction={sort?.column === column.id ? sort.direction : undefined}
              onSort={column.sortValue ? () => toggle(column.id) : undefined}
            >
              {column.header}
            </SortableHead>
          ))}
        </TableRow>
      </TableHeader>
      <TableBody>
        {loading ? (
          Array.from({ length: loadingRows }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity
            <TableRow key={i} data-slot="table-loading-row">
              {columns.map((column) => (
                <TableCell key={column.id} className={column.className}>
                  <Skeleton className="h-4 w-full max-w-32" />
                </TableCell>
              ))}
            </TableRow>
          ))
        ) : sorted.length === 0 ? (
          <TableRow data-slot="table-empty-row">
            <TableCell colSpan={columns.length} className="h-24 text-center text-muted-foreground">
              {empty}
            </TableCell>
          </TableRow>
        ) : (
          sorted.map((row) => (
            <TableRow key={rowKey(row)}>
              {columns.map((column) => (
                <TableCell key={column.id} className={cn(column.align === 'right' && 'text-right', column.className)}>
                  {column.cell(row)}
                </TableCell>
              ))}
            </TableRow>
          ))
        )}
      </TableBody>
    </Table>
  );
}
