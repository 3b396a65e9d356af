import * as React from 'react';
import { ResponsiveContainer } from 'recharts';
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
  /** A recharts chart element (LineChart, BarChart …) or any drawing. */
  children: React.ReactElement;
};

/**
 * The one wrapper around recharts: a captioned <figure>, theme colours through CSS variables, the drawing hidden from
 * assistive technology (recharts' SVG is not navigable) and the data offered as a visually hidden table instead.
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
          {description}
        </span>
      </figcaption>
      <div aria-hidden="true" style={{ height }} className="w-full min-w-0">
        <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 600, height }}>
          {children}
        </ResponsiveContainer>
      </div>
      <table className="sr-only">
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
    </figure>
  );
}
