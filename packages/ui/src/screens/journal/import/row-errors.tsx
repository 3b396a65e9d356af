import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from '../../../components/table';
import { cn } from '../../../lib/utils';
import type { ImportRowError } from './types';

/** Every row that could not be read, with its number and problem; the list scrolls instead of being cut short. */
export function RowErrors({
  errors,
  label,
  labelledBy,
  className,
}: {
  errors: readonly ImportRowError[];
  /** Names the scrolling list when no heading does. */
  label?: string;
  labelledBy?: string;
  className?: string;
}) {
  return (
    <section
      data-slot="import-row-errors"
      aria-label={labelledBy ? undefined : label}
      aria-labelledby={labelledBy}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region needs focus for keyboard scrolling
      tabIndex={0}
      className={cn(
        'max-h-48 overflow-y-auto rounded-lg border bg-background text-foreground outline-none',
        'focus-visible:ring-[3px] focus-visible:ring-ring/50',
        className,
      )}
    >
      <Table>
        <TableCaption className="sr-only">Rows that could not be read</TableCaption>
        <TableHeader>
          <TableRow>
            <TableHead scope="col">Row</TableHead>
            <TableHead scope="col">Problem</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {errors.map((e, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a row can have more than one error
            <TableRow key={`${e.row}-${i}`}>
              <TableCell className="tabular-nums">{e.row}</TableCell>
              <TableCell className="whitespace-normal">{e.message}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </section>
  );
}
