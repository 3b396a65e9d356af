import { useEffect, useState } from 'react';

/**
 * `value` from the task after its render on, `initial` until then: what depends on it (a chart) renders in a task of
 * its own, after the rest of the page has shown, so no single task carries both. React's `useDeferredValue` does
 * this only when rendering concurrently, which Preact's compat runtime (the app's, see apps/journal) does not.
 */
export function useNextTask<T, I>(value: T, initial: I): T | I {
  const [shown, setShown] = useState<{ value: T | I }>({ value: initial });
  useEffect(() => {
    const timer = setTimeout(() => setShown({ value }));
    return () => clearTimeout(timer);
  }, [value]);
  return shown.value;
}
