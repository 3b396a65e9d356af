import * as ToastPrimitive from '@radix-ui/react-toast';
import { cva } from 'class-variance-authority';
import { CircleAlert, CircleCheck, Info, X } from 'lucide-react';
import type * as React from 'react';
import { cn } from '../lib/utils';
import { removeToast, TOAST_DURATION_MS, type ToastVariant, useToasts } from './toast-store';

export {
  dismissToast,
  TOAST_DURATION_MS,
  TOAST_LIMIT,
  type ToastOptions,
  type ToastRecord,
  type ToastVariant,
  toast,
  useToasts,
} from './toast-store';

export const toastVariants = cva(
  [
    'group pointer-events-auto relative flex w-full items-start gap-3 overflow-hidden rounded-lg border bg-popover p-4 pr-10 text-popover-foreground shadow-lg',
    'data-[swipe=move]:translate-x-(--radix-toast-swipe-move-x) data-[swipe=end]:translate-x-(--radix-toast-swipe-end-x) data-[swipe=cancel]:translate-x-0',
  ],
  {
    variants: {
      variant: {
        success: 'border-l-4 border-l-success',
        error: 'border-l-4 border-l-destructive',
        info: 'border-l-4 border-l-brand',
      },
    },
    defaultVariants: { variant: 'info' },
  },
);

const icons = { success: CircleCheck, error: CircleAlert, info: Info } as const;
const iconColour = { success: 'text-success', error: 'text-destructive', info: 'text-primary' } as const;

/** One notification (Radix Toast). Raise toasts with `toast()` rather than rendering this: Toaster renders them. */
export function Toast({
  className,
  variant = 'info',
  title,
  description,
  ...props
}: React.ComponentProps<typeof ToastPrimitive.Root> & {
  /** `success`, `error` (announced at once) or `info`, with its icon and stripe. */
  variant?: ToastVariant;
  /** The message, in bold. */
  title: string;
  /** A second line in muted text. */
  description?: string;
}) {
  const Icon = icons[variant];
  return (
    <ToastPrimitive.Root
      data-slot="toast"
      data-variant={variant}
      // Errors interrupt (assertive); success and info wait their turn (polite).
      type={variant === 'error' ? 'foreground' : 'background'}
      className={cn(toastVariants({ variant }), className)}
      {...props}
    >
      <Icon className={cn('mt-0.5 size-5 shrink-0', iconColour[variant])} aria-hidden="true" />
      <div className="grid gap-1">
        <ToastPrimitive.Title data-slot="toast-title" className="font-semibold text-sm">
          {title}
        </ToastPrimitive.Title>
        {description ? (
          <ToastPrimitive.Description data-slot="toast-description" className="text-muted-foreground text-sm">
            {description}
          </ToastPrimitive.Description>
        ) : null}
      </div>
      <ToastPrimitive.Close
        data-slot="toast-close"
        aria-label="Close notification"
        className="absolute top-3 right-3 rounded-sm p-1 text-muted-foreground outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50"
      >
        <X className="size-4" aria-hidden="true" />
      </ToastPrimitive.Close>
    </ToastPrimitive.Root>
  );
}

/** Renders the toasts raised with `toast()`. Mount once (AppProviders does). */
export function Toaster({
  duration = TOAST_DURATION_MS,
}: {
  /** How long a toast stays, in ms (the spec's 2 seconds). */
  duration?: number;
}) {
  const items = useToasts();
  return (
    <ToastPrimitive.Provider duration={duration} swipeDirection="right" label="Notification">
      {items.map((t) => (
        <Toast
          key={t.id}
          title={t.title}
          description={t.description}
          variant={t.variant}
          open={t.open}
          duration={t.duration}
          onOpenChange={(open) => {
            if (!open) removeToast(t.id);
          }}
        />
      ))}
      <ToastPrimitive.Viewport
        data-slot="toast-viewport"
        className="fixed top-0 right-0 z-[100] flex max-h-screen w-full flex-col gap-2 p-4 outline-none sm:max-w-sm"
      />
    </ToastPrimitive.Provider>
  );
}
