// What the light part of the app (router, public pages) knows about auth without loading supabase-js or the auth
// machines: whether a session is stored at all, and, once the auth module runs, the session's status.

import type { SessionStatus } from '@bahi/auth-machine/react';
import { createContext } from 'react';

/** supabase-js's own storage key for the session (`sb-<project ref>-auth-token`), set on the client explicitly. */
export function authStorageKey(supabaseUrl: string): string {
  return `sb-${new URL(supabaseUrl).hostname.split('.')[0]}-auth-token`;
}

/** A cheap hint, not a check: something is stored under the session key (the auth machines do the real check). */
export function hasStoredSession(storage: Pick<Storage, 'getItem'> | undefined, key: string): boolean {
  try {
    return Boolean(storage?.getItem(key));
  } catch {
    return false;
  }
}

/** The session's status while the auth module runs; null before it has loaded (nothing stored, public page). */
export const SessionStatusContext = createContext<SessionStatus | null>(null);
