// The store behind `toast()`, apart from the Radix viewport that shows it, so that a page can raise a toast without
// loading the viewport's code before its first toast (see toaster-on-demand.tsx).
import * as React from 'react';

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

export function removeToast(id: string) {
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
