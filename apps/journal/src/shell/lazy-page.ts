import { type ComponentType, createElement, lazy, useState } from 'react';

/** Spec §9: a page whose code fails to load is retried once, after 1 second. */
export const PAGE_LOAD_RETRY_DELAY_MS = 1000;

/** A lazily loaded page; `preload` loads its code ahead of the first render (settles either way, never rejects). */
export type LazyPage<P> = ComponentType<P> & { preload(): Promise<void> };

/**
 * The script a failed dynamic import names: Chromium says "Failed to fetch dynamically imported module: <url>", Firefox
 * "error loading dynamically imported module: <url>". Safari names none.
 */
export function failedModuleUrl(error: unknown): string | undefined {
  return error instanceof Error ? /\b(https?:\/\/\S+)$/.exec(error.message)?.[1] : undefined;
}

let freshAddresses = 0;
/** The fresh import of each failed script, shared so that pages from one module keep one copy of it. */
const freshImports = new Map<string, Promise<unknown>>();

/** Imports the script again under a new address: some browsers keep a failed import and repeat its error. */
function importAfresh<M>(url: string): Promise<M> {
  let fresh = freshImports.get(url);
  if (!fresh) {
    freshAddresses += 1;
    fresh = import(/* @vite-ignore */ `${url}${url.includes('?') ? '&' : '?'}retry=${freshAddresses}`);
    freshImports.set(url, fresh);
    // A failed fresh import is kept by the browser too: the next retry takes another address.
    fresh.catch(() => freshImports.delete(url));
  }
  return fresh as Promise<M>;
}

/**
 * Calls `load`; if it rejects, waits and tries once more, and lets a second failure through. The second try imports
 * the script the error names under a new address (a browser may keep the failed one), or calls `load` again where the
 * error names none.
 */
export function loadWithRetry<M>(
  load: () => Promise<M>,
  delayMs = PAGE_LOAD_RETRY_DELAY_MS,
  reimport: (url: string) => Promise<M> = importAfresh,
): Promise<M> {
  return load().catch(
    (error: unknown) =>
      new Promise<M>((resolve, reject) => {
        setTimeout(() => {
          const url = failedModuleUrl(error);
          (url ? reimport(url) : load()).then(resolve, reject);
        }, delayMs);
      }),
  );
}

/** Pages whose code failed to load even after the retry; `retryFailedPages` gives them a fresh start. */
const failedPages = new Set<() => void>();

/**
 * `React.lazy` with the retry; a second failure reaches the page's error boundary. React caches a failed lazy
 * component, so the page keeps a fresh one ready for 'Reset Component' (see `retryFailedPages`). `load` imports the
 * page's module and `pick` takes the page from it (its default export unless told), so that a retry can import the
 * module afresh.
 */
export function lazyPage<P extends object, M = { default: ComponentType<P> }>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType<P> = (module) => (module as { default: ComponentType<P> }).default,
): LazyPage<P> {
  let loaded: ComponentType<P> | undefined;
  const keep = (module: M) => {
    loaded = pick(module);
    return { default: loaded };
  };
  const create = () =>
    lazy(() =>
      loadWithRetry(load)
        .then(keep)
        .catch((error: unknown) => {
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
  // The browser keeps a loaded module, so the render's own load then finds it; after a failed one, the render's retry
  // imports the script afresh.
  Page.preload = () =>
    load().then(
      (module) => void keep(module),
      () => undefined,
    );
  return Page;
}

/** Lets every page that failed to load try again the next time it renders. */
export function retryFailedPages(): void {
  for (const renew of failedPages) renew();
  failedPages.clear();
}
