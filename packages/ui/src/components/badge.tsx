import { Slot } from '@radix-ui/react-slot';
import { cva, type VariantProps } from 'class-variance-authority';
import type * as React from 'react';
import { cn } from '../lib/utils';

export const badgeVariants = cva(
  'inline-flex w-fit shrink-0 items-center justify-center gap-1 whitespace-nowrap rounded-md border font-medium [&>svg]:size-3',
  {
    variants: {
      variant: {
        default: 'border-transparent bg-primary text-primary-foreground',
        secondary: 'border-transparent bg-secondary text-secondary-foreground',
        outline: 'border-border text-foreground',
        success: 'border-transparent bg-success text-success-foreground',
        warning: 'border-transparent bg-warning text-warning-foreground',
        destructive: 'border-transparent bg-destructive text-destructive-foreground',
        info: 'border-transparent bg-info text-info-foreground',
        profit: 'border-transparent bg-profit-muted text-profit',
        loss: 'border-transparent bg-loss-muted text-loss',
      },
      size: { sm: 'px-1.5 py-0 text-xs', md: 'px-2 py-0.5 text-xs' },
    },
    defaultVariants: { variant: 'default', size: 'md' },
  },
);

export type BadgeProps = React.ComponentProps<'span'> &
  VariantProps<typeof badgeVariants> & {
    /**
     * The colour and what it means: `default` and `secondary` for labels, `success`, `warning`, `destructive` and
     * `info` for statuses, `profit` and `loss` for P&L, `outline` for the quietest.
     * @default 'default'
     */
    variant?: VariantProps<typeof badgeVariants>['variant'];
    /** `sm` is tighter, for badges inside table cells. @default 'md' */
    size?: VariantProps<typeof badgeVariants>['size'];
    /** Render the child element (a link) with badge styles instead of a `<span>`. */
    asChild?: boolean;
  };

/** A short label or status (Active, Cancelled, Save 25%). Its text says the status; the colour only repeats it. */
export function Badge({ className, variant, size, asChild = false, ...props }: BadgeProps) {
  const Comp = asChild ? Slot : 'span';
  return (
    <Comp
      data-slot="badge"
      data-variant={variant ?? 'default'}
      data-size={size ?? 'md'}
      className={cn(badgeVariants({ variant, size }), className)}
      {...props}
    />
  );
}
