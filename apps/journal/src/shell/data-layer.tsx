// The query cache (spec §9) and the early fetch of a guarded page's data. It comes with the protected layout: the
// sign-in and sign-up pages read no data, so TanStack Query stays out of them. One client for the page's life, so
// moving between guarded routes (or through /onboarding) keeps what is cached.

import { useSession } from '@bahi/auth-machine/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { provideDataCache } from '../data/data-cache';
import { journalTradesQuery, playbooksQuery, tagsQuery } from '../data/journal-data';
import { clearData, createQueryClient, refreshDataSoon } from '../data/query-client';
import { supabase } from '../data/supabase';
import { assistantPath } from '../shared/config';
import { assuranceKey, assuranceQuery } from './mfa-gate';

const queryClient = createQueryClient();
provideDataCache({ clear: () => clearData(queryClient), refreshSoon: () => refreshDataSoon(queryClient) });

/** Reads a page makes as soon as it mounts, for the signed-in user. */
type Prefetch = (userId: string) => Promise<void>;
const trades: Prefetch = (userId) => queryClient.prefetchQuery(journalTradesQuery(userId));
const playbooks: Prefetch = (userId) => queryClient.prefetchQuery(playbooksQuery(userId));
const tags: Prefetch = (userId) => queryClient.prefetchQuery(tagsQuery(userId));
// The tax page's reads come with its own code (tax-data is in the tax page's chunk, not in every page's).
const tax: Prefetch = async (userId) => {
  const { taxTradesQuery, fairMarketValuesQuery, undatedLotsQuery } = await import('../tax/tax-data');
  await Promise.all([
    queryClient.prefetchQuery(taxTradesQuery(userId)),
    queryClient.prefetchQuery(fairMarketValuesQuery(userId)),
    queryClient.prefetchQuery(undatedLotsQuery(userId)),
  ]);
};

/**
 * The data a guarded page shows first, fetched as soon as the session is known rather than after the access check
 * (its 300 ms delay and round trips) and the page's mount. It is the user's own under RLS and nothing shows it
 * before the guard lets the user in; a user sent elsewhere has only made these reads. Only what the page reads:
 * on a phone each request waits its turn (and its CORS preflight) among the page's scripts.
 */
const PAGE_DATA: Record<string, Prefetch[]> = {
  '/dashboard': [trades],
  '/trades': [trades, playbooks, tags],
  '/calendar': [trades],
  '/analytics': [trades, playbooks, tags],
  '/tax': [tax],
  '/playbooks': [trades, playbooks],
  [assistantPath]: [trades, playbooks],
};

/** Starts the page's reads for `userId`; a read already under way or fresh is not made again (TanStack Query). */
const readPageData = (pathname: string, userId: string) => {
  for (const prefetch of PAGE_DATA[pathname] ?? []) void prefetch(userId);
};

// Earlier still, as soon as this module runs: main.tsx loads it beside the app's code when a session is stored, so
// the session is known here (supabase-js's own, refreshed if it must be) before React has rendered the layout and the
// auth machine has said who is signed in, a few hundred milliseconds later on a phone. For a heavy journal that read
// is the longest part of the page's load. The effect below makes the same reads for a later page or a sign-in.
void supabase.auth.getSession().then(
  ({ data }) => {
    if (data.session) readPageData(window.location.pathname, data.session.user.id);
  },
  () => undefined,
);

function usePageDataEarly(userId: string | undefined, sessionKey: string | undefined) {
  const { pathname } = useLocation();
  useEffect(() => {
    if (userId) readPageData(pathname, userId);
  }, [userId, pathname]);
  // The second-factor gate's question too (a local read of the session): it is asked after the guard otherwise.
  useEffect(() => {
    if (sessionKey) void queryClient.prefetchQuery(assuranceQuery(sessionKey));
  }, [sessionKey]);
}

/** The query cache around a guarded page, with its data asked for early. */
export function DataLayer({ children }: { children: ReactNode }) {
  const { status, user, session } = useSession();
  const signedIn = status === 'signedIn';
  usePageDataEarly(signedIn ? user?.id : undefined, signedIn ? assuranceKey(session) : undefined);
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
