// Data through TanStack Query, over the one supabase-js client. Query keys start with the user id, so an account
// switch never shows the previous account's rows.

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ClosedTrade } from './dashboard-data';
import { supabase } from './supabase';

export const queryKeys = {
  isAdmin: (userId: string | undefined) => ['is-admin', userId] as const,
  recentTrades: (userId: string | undefined) => ['trades', userId, 'recent'] as const,
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

interface TradeRow {
  id: string;
  symbol: string;
  segment: 'equity' | 'futures' | 'options';
  side: 'long' | 'short';
  exit_time: string | null;
  entry_time: string;
  exit_date: string;
  net_pnl: number | string | null;
  charges: number | string | null;
}

const SEGMENTS = { equity: 'Equity', futures: 'Futures', options: 'Options' } as const;

export function toClosedTrade(row: TradeRow): ClosedTrade {
  return {
    exitDate: row.exit_date,
    charges: Number(row.charges ?? 0),
    id: row.id,
    symbol: row.symbol,
    segment: SEGMENTS[row.segment],
    side: row.side === 'long' ? 'Long' : 'Short',
    closedAt: row.exit_time ?? row.entry_time,
    pnl: Number(row.net_pnl ?? 0),
  };
}

/**
 * A page's data fetched while its access check ran (auth-app.tsx) is not fetched again when the page mounts a moment
 * later. Changes still refetch it at once: mutations invalidate their queries.
 */
export const PAGE_DATA_FRESH_MS = 5_000;

/** The user's most recently closed trades, newest first (RLS keeps them to the user's own). */
export function recentTradesQuery(userId: string | undefined, limit = 200) {
  return queryOptions({
    queryKey: [...queryKeys.recentTrades(userId), limit],
    enabled: Boolean(userId),
    staleTime: PAGE_DATA_FRESH_MS,
    queryFn: async () => {
      const { data, error } = await supabase
        .from('trades')
        .select('id, symbol, segment, side, entry_time, exit_time, exit_date, net_pnl, charges')
        .eq('status', 'closed')
        .order('exit_time', { ascending: false })
        .limit(limit);
      if (error) throw error;
      return (data as TradeRow[]).map(toClosedTrade);
    },
  });
}

export function useRecentTrades(userId: string | undefined, limit = 200) {
  return useQuery(recentTradesQuery(userId, limit));
}

export interface SubscriptionRow {
  id: string;
  status: string;
  plan: 'monthly' | 'yearly' | null;
  created_at: string;
  end_date: string | null;
  provider_subscription_id: string | null;
  /** Set when the user cancelled: the status stays 'active' until end_date (cancel at period end). */
  cancelled_at?: string | null;
}

/** The user's newest subscription of any status, for the subscription page. */
export function useLatestSubscription(userId: string | undefined) {
  return useQuery({
    queryKey: queryKeys.subscription(userId),
    enabled: Boolean(userId),
    queryFn: async () => {
      const { data, error } = await supabase
        .from('subscriptions')
        .select('*')
        .eq('user_id', userId!)
        .order('created_at', { ascending: false })
        .limit(1)
        .maybeSingle();
      if (error) throw error;
      return data as SubscriptionRow | null;
    },
  });
}
