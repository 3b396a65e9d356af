// Everything that needs supabase-js and the auth machines, loaded on demand: the router loads it for any page but
// the public marketing ones, and for those too once a session is stored (see app.tsx).

import { useSession } from '@bahi/auth-machine/react';
import { ToasterOnDemand } from '@bahi/ui';
import { type QueryClient, QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { SessionStatusContext } from './auth-presence';
import { AuthRoot } from './auth-root';
import { assistantPath } from './config';
import { journalTradesQuery, playbooksQuery, tagsQuery } from './journal-data';
import { assuranceKey, assuranceQuery } from './mfa-gate';
import { createQueryClient } from './query-client';

/**
 * The data a guarded page shows first, fetched as soon as the session is known rather than after the access check
 * (its 300 ms delay and round trips) and the page's mount. It is the user's own under RLS and nothing shows it
 * before the guard lets the user in; a user sent elsewhere has only made one read.
 */
/** The whole journal (trades with tags, playbooks, tags): what every journal area computes from. */
const journal = (client: QueryClient, userId: string) =>
  Promise.all([
    client.prefetchQuery(journalTradesQuery(userId)),
    client.prefetchQuery(playbooksQuery(userId)),
    client.prefetchQuery(tagsQuery(userId)),
  ]).then(() => undefined);

const PAGE_DATA: Record<string, (client: QueryClient, userId: string) => Promise<void>> = {
  '/dashboard': journal,
  '/trades': journal,
  '/calendar': journal,
  '/analytics': journal,
  '/playbooks': journal,
  [assistantPath]: journal,
};

function usePageDataEarly(userId: string | undefined, sessionKey: string | undefined) {
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (userId) void PAGE_DATA[pathname]?.(queryClient, userId);
  }, [userId, pathname, queryClient]);
  // The second-factor gate's question too (a local read of the session): it is asked after the guard otherwise.
  useEffect(() => {
    if (sessionKey) void queryClient.prefetchQuery(assuranceQuery(sessionKey));
  }, [sessionKey, queryClient]);
}

/** Hands the session's status to the light part of the app; fetches page data early. */
function AuthBridge({ children }: { children: ReactNode }) {
  const { status, user, session } = useSession();
  const signedIn = status === 'signedIn';
  usePageDataEarly(signedIn ? user?.id : undefined, signedIn ? assuranceKey(session) : undefined);
  return <SessionStatusContext.Provider value={status}>{children}</SessionStatusContext.Provider>;
}

/**
 * The query cache, the toast viewport, the auth machines on supabase-js, and the bridge; mounted once and kept for
 * the page's life. No screen shows a tooltip (ui's `Tooltip` brings its own provider), so ui's AppProviders'
 * TooltipProvider and its positioning code stay out. The protected layout (guard, second factor, shell) is a chunk
 * of its own, loaded by guarded routes only (app.tsx).
 */
export function AuthApp({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <AuthRoot>
        <AuthBridge>{children}</AuthBridge>
      </AuthRoot>
      <ToasterOnDemand />
    </QueryClientProvider>
  );
}
