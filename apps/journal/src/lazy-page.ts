import { type ComponentType, createElement, lazy, useState } from 'react';

/** Spec §9: a page whose code fails to load is retried once, after 1 second. */
export const PAGE_LOAD_RETRY_DELAY_MS = 1000;

type Loader<T> = () => Promise<{ default: T }>;

/** A lazily loaded page; `preload` loads its code ahead of the first render (settles either way, never rejects). */
export type LazyPage<P> = ComponentType<P> & { preload(): Promise<void> };

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
export function lazyPage<P extends object>(load: Loader<ComponentType<P>>): LazyPage<P> {
  let loaded: ComponentType<P> | undefined;
  const loadAndKeep: Loader<ComponentType<P>> = () =>
    load().then((module) => {
      loaded = module.default;
      return module;
    });
  const create = () =>
    lazy(() =>
      loadWithRetry(loadAndKeep).catch((error: unknown) => {
        failedPages.add(renew);
        throw error;
      }),
    );
  let Lazy = create();
  function renew() {
    Lazy = create();
  }
  // Made once per page at module level, like React.lazy itself, so React sees one stable component. Code that is
  // already here (preloaded) renders at once: React.lazy would still suspend once, and React then holds the
  // revealed page back for up to 300 ms (its Suspense throttle). Each mount keeps the component it started with.
  function Page(props: P) {
    const [Component] = useState<ComponentType<P>>(() => loaded ?? (Lazy as ComponentType<P>));
    return createElement(Component, props);
  }
  // The browser keeps a loaded module, so the render's own load then finds it; a failed one is not kept.
  Page.preload = () =>
    loadAndKeep().then(
      () => undefined,
      () => undefined,
    );
  return Page;
}

/** Lets every page that failed to load try again the next time it renders. */
export function retryFailedPages(): void {
  for (const renew of failedPages) renew();
  failedPages.clear();
}
