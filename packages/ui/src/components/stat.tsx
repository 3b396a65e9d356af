import { cva } from 'class-variance-authority';
import { ArrowDownRight, ArrowRight, ArrowUpRight } from 'lucide-react';
import type * as React from 'react';
import { cn } from '../lib/utils';

export const statTrendVariants = cva('inline-flex items-center gap-1 font-medium text-xs', {
  variants: {
    direction: { up: 'text-profit', down: 'text-loss', flat: 'text-muted-foreground' },
  },
  defaultVariants: { direction: 'flat' },
});

export interface StatTrend {
  direction: 'up' | 'down' | 'flat';
  /** Visible text, e.g. "+12.4% vs last month". */
  label: string;
}

export type StatProps = Omit<React.ComponentProps<'div'>, 'children'> & {
  /** What the figure is ("Net P&L", "Win rate"). */
  label: string;
  /** The figure: text, a Money element, a number. */
  value: React.ReactNode;
  /** The change against a previous period: an arrow, green up or red down, and its words. */
  trend?: StatTrend;
  /** Sample size or context, e.g. "42 trades". */
  hint?: React.ReactNode;
  /** A placeholder in place of the figure, and busy for assistive technology. */
  loading?: boolean;
};

/**
 * For a grid of Stats: on a phone the cards are compact (less padding, a smaller figure), so that two fit side by
 * side and a page's figures take a screen, not three.
 */
export const statsCompactOnPhone = 'max-sm:[&_[data-slot=stat]]:p-3 max-sm:[&_[data-slot=stat-value]]:text-lg';

const trendWords = { up: 'Up', down: 'Down', flat: 'Unchanged' } as const;

/** A headline figure with its label, trend and sample size (a statistic without its sample size misleads). */
export function Stat({ label, value, trend, hint, loading = false, className, ...props }: StatProps) {
  const Icon = trend?.direction === 'up' ? ArrowUpRight : trend?.direction === 'down' ? ArrowDownRight : ArrowRight;
  return (
    <div
      data-slot="stat"
      aria-busy={loading || undefined}
      className={cn('flex flex-col gap-1 rounded-xl border bg-card p-4 text-card-foreground', className)}
      {...props}
    >
      <dl className="contents">
        <dt className="text-muted-foreground text-sm">{label}</dt>
        <dd data-slot="stat-value" className="font-semibold text-2xl tabular-nums">
          {loading ? <span className="inline-block h-8 w-24 animate-pulse rounded-md bg-muted" /> : value}
        </dd>
        {trend && !loading ? (
          <dd data-slot="stat-trend" data-direction={trend.direction} className={statTrendVariants(trend)}>
            <Icon className="size-3.5" aria-hidden="true" />
            <span className="sr-only">{trendWords[trend.direction]}:</span>
            {trend.label}
          </dd>
        ) : null}
        {hint && !loading ? <dd className="text-muted-foreground text-xs">{hint}</dd> : null}
      </dl>
    </div>
  );
}
