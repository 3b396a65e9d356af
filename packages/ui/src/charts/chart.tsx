import * as React from 'react';
import { MoneyText } from '../components/money';
import { cn } from '../lib/utils';

/** Theme colours for charts: CSS variables, so charts follow light/dark like every component. */
export const chartColors = {
  brand: 'var(--chart-1)',
  profit: 'var(--profit)',
  loss: 'var(--loss)',
  grid: 'var(--border)',
  axis: 'var(--muted-foreground)',
  tooltipBg: 'var(--popover)',
  tooltipFg: 'var(--popover-foreground)',
} as const;

export const axisTick = { fill: chartColors.axis, fontSize: 12 } as const;

export const tooltipStyle: React.CSSProperties = {
  background: chartColors.tooltipBg,
  color: chartColors.tooltipFg,
  border: '1px solid var(--border)',
  borderRadius: 8,
  fontSize: 12,
};

export interface ChartTable {
  columns: string[];
  rows: Array<Array<string | number>>;
}

export type ChartContainerProps = Omit<React.ComponentProps<'figure'>, 'title' | 'children'> & {
  /** Visible title; names the figure. */
  title: string;
  /** One-sentence summary of what the chart shows (visible and announced). */
  description: string;
  /** The same data as a table, visually hidden, for screen-reader users and for text search. */
  table: ChartTable;
  height?: number;
  /** The drawing, usually a `Plot`: it hides its SVG from assistive technology and names what it keeps focusable. */
  children: React.ReactElement;
};

/**
 * The frame of every chart: a captioned <figure>, theme colours through CSS variables, and the data offered as a
 * visually hidden table, since an SVG drawing is not something a screen reader can read.
 */
export function ChartContainer({
  title,
  description,
  table,
  height = 260,
  className,
  children,
  ...props
}: ChartContainerProps) {
  const id = React.useId();
  return (
    <figure
      data-slot="chart"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-desc`}
      className={cn('flex flex-col gap-3 rounded-xl border bg-card p-4 text-card-foreground', className)}
      {...props}
    >
      <figcaption className="grid gap-1">
        <span id={`${id}-title`} className="font-semibold">
          {title}
        </span>
        <span id={`${id}-desc`} className="text-muted-foreground text-sm">
          <MoneyText>{description}</MoneyText>
        </span>
      </figcaption>
      <div style={{ height }} className="w-full min-w-0">
        {children}
      </div>
      {/* The wrapper, not the table, is the 1 px box: a table never shrinks below its content, and a wide one would
          widen the page on a phone. */}
      <div className="sr-only">
        <table>
          <caption>{title} (data)</caption>
          <thead>
            <tr>
              {table.columns.map((c) => (
                <th key={c} scope="col">
                  {c}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {table.rows.map((row) => (
              <tr key={String(row[0])}>
                {row.map((cell, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: cells are positional
                  <td key={i}>{cell}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
