import { formatINR, formatINRCompact, type SignDisplay } from '@bahi/trading';
import { cva, type VariantProps } from 'class-variance-authority';
import type * as React from 'react';
import { cn } from '../lib/utils';

// The money rule (README, "Money"): exact with paise wherever a figure is read, K/L/Cr only where space forces it,
// the sign never apart from its amount, a real minus.

export const moneyVariants = cva('whitespace-nowrap tabular-nums', {
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
    /** `pnl` colours the amount green above zero and red below; defaults to `pnl` when `signed`, else `neutral`. */
    tone?: VariantProps<typeof moneyVariants>['tone'];
    /** Amount in rupees. */
    value: number;
    /**
     * K / L / Cr, only where space forces it (a calendar cell); the exact amount stays available as a tooltip and
     * to screen readers.
     */
    abbreviate?: boolean;
    /** P&L style: '+' on gains, profit/loss colour. */
    signed?: boolean;
  };

/**
 * An INR amount, exact: ₹12,34,567.00, +₹2,500.00, −₹51,199.32 (or ₹12.34L with `abbreviate`). Never wraps between
 * the sign and the amount. `signed` (or `tone="pnl"`) colours gains and losses.
 */
export function Money({ value, abbreviate = false, signed = false, tone, className, ...props }: MoneyProps) {
  const sign: SignDisplay = signed ? 'exceptZero' : 'auto';
  const exact = formatINR(value, { sign });
  // The trend of the amount as shown: 0.004 reads ₹0.00, neither a gain nor a loss.
  const paise = Math.round(value * 100);
  const trend = paise > 0 ? 'up' : paise < 0 ? 'down' : 'flat';
  const resolvedTone = tone ?? (signed ? 'pnl' : 'neutral');
  return (
    <data
      data-slot="money"
      data-trend={trend}
      value={String(value)}
      title={abbreviate ? exact : undefined}
      // `relative` keeps the visually hidden exact amount inside this box, so in a scrolling table it cannot widen
      // the page.
      className={cn(moneyVariants({ tone: resolvedTone, trend }), abbreviate && 'relative', className)}
      {...props}
    >
      {abbreviate ? (
        <>
          <span aria-hidden="true">{formatINRCompact(value, { sign })}</span>
          <span className="sr-only">{exact}</span>
        </>
      ) : (
        exact
      )}
    </data>
  );
}

/** An amount as the formatters write it: an optional sign, ₹, grouped digits, paise, a K/L/Cr unit. */
const AMOUNT = /([+\u2212-]?₹\d[\d,]*(?:\.\d+)?(?:Cr|K|L)?)/;

/**
 * Text with amounts in it (an assistant's answer, a chart's summary), each amount kept on one line with its sign,
 * so "+₹11,540.00" never breaks after the "+". The text itself is unchanged.
 */
export function MoneyText({
  children,
}: {
  /** The text, with amounts as the INR formatters write them. */
  children: string;
}) {
  const parts = children.split(AMOUNT);
  if (parts.length === 1) return children;
  return (
    <>
      {parts.map((part, i) =>
        // split() puts each captured amount at an odd index, between the text around it.
        i % 2 === 1 ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one string, never reordered
          <span key={i} data-slot="money-text" className="whitespace-nowrap">
            {part}
          </span>
        ) : (
          part
        ),
      )}
    </>
  );
}
