// The user's subscription row, for the subscription page (RLS keeps it to the user's own).

import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '../data/queries';
import { supabase } from '../data/supabase';

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
