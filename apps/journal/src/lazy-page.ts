import { type ComponentType, createElement, lazy } from 'react';

/** Spec §9: a page whose code fails to load is retried once, after 1 second. */
export const PAGE_LOAD_RETRY_DELAY_MS = 1000;

type Loader<T> = () => Promise<{ default: T }>;

/** Calls `load`; if it rejects, waits and calls it once more, and lets a second failure through. */
export function loadWithRetry<T>(load: Loader<T>, delayMs = PAGE_LOAD_RETRY_DELAY_MS): Promise<{ default: T }> {
  return load().catch(
    () =>
      new Promise<{ default: T }>((resolve, reject) => {
        setTimeout(() => load().then(resolve, reject), delayMs);
      }),
  );
}

/** Pages whose code failed to load even after the retry; `retryFailedPages` gives them a fresh start. */
const failedPages = new Set<() => void>();

/**
 * `React.lazy` with the retry; a second failure reaches the page's error boundary. React caches a failed lazy
 * component, so the page keeps a fresh one ready for 'Reset Component' (see `retryFailedPages`).
 */
export function lazyPage<P extends object>(load: Loader<ComponentType<P>>): ComponentType<P> {
  const create = () =>
    lazy(() =>
      loadWithRetry(load).catch((error: unknown) => {
        failedPages.add(renew);
        throw error;
      }),
    );
  let Lazy = create();
  function renew() {
    Lazy = create();
  }
  // Made once per page at module level, like React.lazy itself, so React sees one stable component.
  function Page(props: P) {
    return createElement(Lazy as ComponentType<P>, props);
  }
  return Page;
}

/** Lets every page that failed to load try again the next time it renders. */
export function retryFailedPages(): void {
  for (const renew of failedPages) renew();
  failedPages.clear();
}
