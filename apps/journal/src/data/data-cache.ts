// The auth machines clear the query cache on sign-out and account switches and refresh it after a user change
// (spec §9), but they load before it: the cache comes with the first guarded page (data-layer.tsx) and registers
// here. Until then nothing is cached in memory, so there is nothing to clear or refresh.

/** What the auth side may do to the data cache. */
export interface DataCache {
  /** Drops every cached answer and re-fetches what is on screen. */
  clear(): Promise<void>;
  /** Re-fetches what is on screen after the data refresh delay; returns a cancel function. */
  refreshSoon(): () => void;
}

let registered: DataCache | undefined;

/** Called once by the data layer when it loads. */
export function provideDataCache(cache: DataCache): void {
  registered = cache;
}

/**
 * The registered cache, or a no-op before any page has read data. Clearing also drops the journal a past visit kept
 * in the browser (./kept-journal.ts), whether or not this page has read data: its code loads only then.
 */
export const dataCache: DataCache = {
  clear: () =>
    Promise.all([
      registered?.clear(),
      import('./kept-journal').then((m) => m.forgetKept()).catch(() => undefined),
    ]).then(() => undefined),
  refreshSoon: () => registered?.refreshSoon() ?? (() => undefined),
};
