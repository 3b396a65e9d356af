import { QueryClient } from '@tanstack/react-query';

/** Spec §9: after an auth change, data is re-fetched this long after the cache is cleared. */
export const DATA_REFRESH_DELAY_MS = 100;

/** Spec §9: data queries retry once and do not refetch when the window regains focus. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: 1, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

/** Drops every cached answer and re-fetches what is on screen (the auth machines' `caches.clear`). */
export function clearData(client: QueryClient): Promise<void> {
  return client.resetQueries();
}

/** Re-fetches what is on screen once the data refresh delay has passed (after an auth change). */
export function refreshDataSoon(client: QueryClient, delayMs = DATA_REFRESH_DELAY_MS): () => void {
  const timer = setTimeout(() => void client.invalidateQueries(), delayMs);
  return () => clearTimeout(timer);
}
