import * as React from 'react';
import { TOAST_DURATION_MS, useToasts } from './toast-store';

// A failed load shows no toasts rather than taking the page down with it.
const LazyToaster = React.lazy<React.ComponentType<{ duration?: number }>>(() =>
  import('./toast').then(
    (m) => ({ default: m.Toaster }),
    () => ({ default: () => null }),
  ),
);

/**
 * `Toaster`, loaded with the first toast: the same toasts, without Radix Toast's code on pages that raise none.
 * Mounted from then on, so later toasts show at once.
 */
export function ToasterOnDemand({
  duration = TOAST_DURATION_MS,
}: {
  /** How long a toast stays, in ms (the spec's 2 seconds). */
  duration?: number;
}) {
  const items = useToasts();
  const [used, setUsed] = React.useState(false);
  if (items.length > 0 && !used) setUsed(true);
  return used ? (
    <React.Suspense fallback={null}>
      <LazyToaster duration={duration} />
    </React.Suspense>
  ) : null;
}
