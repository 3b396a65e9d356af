import * as ToastPrimitive from '@radix-ui/react-toast';
import { cva } from 'class-variance-authority';
import { CircleAlert, CircleCheck, Info, X } from 'lucide-react';
import * as React from 'react';
import { cn } from '../lib/utils';

/** The spec's toast rules: top-right, at most 2 visible, 2 seconds each, with a close button. */
export const TOAST_LIMIT = 2;
export const TOAST_DURATION_MS = 2000;

export type ToastVariant = 'success' | 'error' | 'info';

export interface ToastOptions {
  title: string;
  description?: string;
  variant?: ToastVariant;
  /** Milliseconds; defaults to 2000. */
  duration?: number;
}

export interface ToastRecord extends Required<Pick<ToastOptions, 'title' | 'variant'>> {
  id: string;
  description?: string;
  duration?: number;
  open: boolean;
}

// A tiny store outside React so that `toast()` can be called from anywhere (event handlers, machines' actions).
type Listener = (toasts: ToastRecord[]) => void;
let toasts: ToastRecord[] = [];
const listeners = new Set<Listener>();
let counter = 0;

function emit() {
  for (const listener of listeners) listener(toasts);
}

export function dismissToast(id?: string) {
  toasts = toasts.map((t) => (id === undefined || t.id === id ? { ...t, open: false } : t));
  emit();
}

function removeToast(id: string) {
  toasts = toasts.filter((t) => t.id !== id);
  emit();
}

/** Shows a toast; the oldest is dropped when more than two are open. Returns the toast's id. */
export function toast(options: ToastOptions | string): string {
  const { title, description, variant = 'info', duration } = typeof options === 'string' ? { title: options } : options;
  counter += 1;
  const id = `toast-${counter}`;
  toasts = [...toasts.filter((t) => t.open), { id, title, description, variant, duration, open: true }].slice(
    -TOAST_LIMIT,
  );
  emit();
  return id;
}
toast.success = (title: string, description?: string) => toast({ title, description, variant: 'success' });
toast.error = (title: string, description?: string) => toast({ title, description, variant: 'error' });
toast.info = (title: string, description?: string) => toast({ title, description, variant: 'info' });
toast.dismiss = dismissToast;

export function useToasts(): ToastRecord[] {
  return React.useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => toasts,
    () => toasts,
  );
}

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

export function Toast({
  className,
  variant = 'info',
  title,
  description,
  ...props
}: React.ComponentProps<typeof ToastPrimitive.Root> & { variant?: ToastVariant; title: string; description?: string }) {
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
export function Toaster({ duration = TOAST_DURATION_MS }: { duration?: number }) {
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
