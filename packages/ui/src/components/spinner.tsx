import { cva, type VariantProps } from 'class-variance-authority';
import type * as React from 'react';
import { cn } from '../lib/utils';

export const spinnerVariants = cva('inline-block animate-spin rounded-full border-current border-r-transparent', {
  variants: {
    size: { sm: 'size-4 border-2', md: 'size-6 border-2', lg: 'size-10 border-[3px]' },
  },
  defaultVariants: { size: 'md' },
});

export type SpinnerProps = React.ComponentProps<'span'> &
  VariantProps<typeof spinnerVariants> & {
    /** `sm` 16 px (inside buttons), `md` 24 px, `lg` 40 px (a page or panel loading). @default 'md' */
    size?: VariantProps<typeof spinnerVariants>['size'];
    /** Announced to screen readers; pass null when a surrounding element already says what is loading. */
    label?: string | null;
  };

/** A turning ring in the current text colour, for work that takes a moment. */
export function Spinner({ className, size, label = 'Loading', ...props }: SpinnerProps) {
  return (
    <span
      data-slot="spinner"
      data-size={size ?? 'md'}
      role={label ? 'status' : undefined}
      aria-hidden={label ? undefined : true}
      className={cn('inline-flex items-center', className)}
      {...props}
    >
      <span className={spinnerVariants({ size })} />
      {label ? <span className="sr-only">{label}</span> : null}
    </span>
  );
}
