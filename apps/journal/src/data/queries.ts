// Data through TanStack Query, over the one supabase-js client. Query keys start with the user id, so an account
// switch never shows the previous account's rows.

import { useQuery } from '@tanstack/react-query';
import { supabase } from './supabase';

export const queryKeys = {
  isAdmin: (userId: string | undefined) => ['is-admin', userId] as const,
  subscription: (userId: string | undefined) => ['subscription', userId] as const,
  adminUsers: ['admin', 'users'] as const,
  adminSubscriptions: ['admin', 'subscriptions'] as const,
  factors: (userId: string | undefined) => ['mfa-factors', userId] as const,
};

/** The server's answer to "is this user an admin" (is_admin_secure); false while unknown. */
export function useIsAdmin(userId: string | undefined): boolean {
  const { data } = useQuery({
    queryKey: queryKeys.isAdmin(userId),
    enabled: Boolean(userId),
    queryFn: async () => {
      const { data, error } = await supabase.rpc('is_admin_secure', { check_user_id: userId });
      if (error) throw error;
      return data === true;
    },
  });
  return data ?? false;
}

/**
 * A page's data fetched while its access check ran (auth-app.tsx) is not fetched again when the page mounts a moment
 * later. Changes still refetch it at once: mutations invalidate their queries.
 */
export const PAGE_DATA_FRESH_MS = 5_000;
