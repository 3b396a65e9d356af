import { cva, type VariantProps } from 'class-variance-authority';
import { CircleAlert, CircleCheck, Info, TriangleAlert } from 'lucide-react';
import type * as React from 'react';
import { cn } from '../lib/utils';

export const alertVariants = cva(
  'relative flex w-full items-start gap-3 rounded-lg border border-l-4 bg-card p-4 text-card-foreground text-sm',
  {
    variants: {
      variant: {
        info: 'border-l-brand',
        success: 'border-l-success',
        warning: 'border-l-warning',
        error: 'border-l-destructive',
      },
    },
    defaultVariants: { variant: 'info' },
  },
);

const icons = { info: Info, success: CircleCheck, warning: TriangleAlert, error: CircleAlert } as const;
const iconTone = {
  info: 'text-primary',
  success: 'text-success',
  warning: 'text-warning',
  error: 'text-destructive',
} as const;

export type AlertProps = Omit<React.ComponentProps<'div'>, 'title'> &
  VariantProps<typeof alertVariants> & {
    /** The tone, with its icon and stripe: `error` is announced at once, the others politely. @default 'info' */
    variant?: VariantProps<typeof alertVariants>['variant'];
    /** The message in bold; `children` add detail under it in muted text. */
    title?: React.ReactNode;
  };

/** An inline message. Errors are announced at once (role="alert"), the rest politely (role="status"). */
export function Alert({ className, variant, title, children, ...props }: AlertProps) {
  const v = variant ?? 'info';
  const Icon = icons[v];
  return (
    <div
      data-slot="alert"
      data-variant={v}
      role={v === 'error' ? 'alert' : 'status'}
      className={cn(alertVariants({ variant }), className)}
      {...props}
    >
      <Icon className={cn('mt-0.5 size-4 shrink-0', iconTone[v])} aria-hidden="true" />
      <div className="grid gap-1">
        {title ? <p className="font-semibold">{title}</p> : null}
        {children ? <div className="text-muted-foreground">{children}</div> : null}
      </div>
    </div>
  );
}
