import { formatINR, formatINRCompact, type SignDisplay } from '@bahi/trading';
import { cva, type VariantProps } from 'class-variance-authority';
import type * as React from 'react';
import { cn } from '../lib/utils';

export const moneyVariants = cva('tabular-nums', {
  variants: {
    tone: { neutral: '', pnl: '' },
    trend: { up: '', down: '', flat: '' },
  },
  compoundVariants: [
    { tone: 'pnl', trend: 'up', class: 'text-profit' },
    { tone: 'pnl', trend: 'down', class: 'text-loss' },
    { tone: 'pnl', trend: 'flat', class: 'text-muted-foreground' },
  ],
  defaultVariants: { tone: 'neutral', trend: 'flat' },
});

export type MoneyProps = Omit<React.ComponentProps<'data'>, 'value' | 'children'> &
  Pick<VariantProps<typeof moneyVariants>, 'tone'> & {
    /** Amount in rupees. */
    value: number;
    /** K / L / Cr short form; the full amount stays available as a tooltip and to screen readers. */
    abbreviate?: boolean;
    /** Show paise ('.00') in the full form; false rounds to the rupee. Default true. */
    paise?: boolean;
    /** P&L style: '+' on gains, profit/loss colour. */
    signed?: boolean;
  };

/** An INR amount: ₹12,34,567.00 or ₹12.34L. `tone="pnl"` colours gains and losses. */
export function Money({
  value,
  abbreviate = false,
  paise = true,
  signed = false,
  tone,
  className,
  ...props
}: MoneyProps) {
  const sign: SignDisplay = signed ? 'exceptZero' : 'auto';
  const full = formatINR(value, { paise: paise ? 'always' : 'never', sign });
  const trend = value > 0 ? 'up' : value < 0 ? 'down' : 'flat';
  const resolvedTone = tone ?? (signed ? 'pnl' : 'neutral');
  return (
    <data
      data-slot="money"
      data-trend={trend}
      value={String(value)}
      title={abbreviate ? full : undefined}
      className={cn(moneyVariants({ tone: resolvedTone, trend }), className)}
      {...props}
    >
      {abbreviate ? (
        <>
          <span aria-hidden="true">{formatINRCompact(value, { sign })}</span>
          <span className="sr-only">{full}</span>
        </>
      ) : (
        full
      )}
    </data>
  );
}
