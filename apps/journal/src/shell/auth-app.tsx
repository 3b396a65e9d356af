// Everything that needs supabase-js and the auth machines, loaded on demand: the router loads it for any page but
// the public marketing ones, and for those too once a session is stored (see app.tsx).

import { useSession } from '@bahi/auth-machine/react';
import { ToasterOnDemand } from '@bahi/ui';
import type { ReactNode } from 'react';
import { SessionStatusContext } from '../data/auth-presence';
import { AuthRoot } from './auth-root';

/** Hands the session's status to the light part of the app. */
function AuthBridge({ children }: { children: ReactNode }) {
  const { status } = useSession();
  return <SessionStatusContext.Provider value={status}>{children}</SessionStatusContext.Provider>;
}

/**
 * The toast viewport, the auth machines on supabase-js, and the bridge; mounted once and kept for the page's life.
 * No screen shows a tooltip (ui's `Tooltip` brings its own provider), so ui's AppProviders' TooltipProvider and its
 * positioning code stay out. The protected layout (query cache, guard, second factor, shell) is a chunk of its own,
 * loaded by guarded routes only (app.tsx).
 */
export function AuthApp({ children }: { children: ReactNode }) {
  return (
    <>
      <AuthRoot>
        <AuthBridge>{children}</AuthBridge>
      </AuthRoot>
      <ToasterOnDemand />
    </>
  );
}
