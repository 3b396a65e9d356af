// Reads and writes the user's default broker profile (public.broker_profiles).

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BrokerProfileRow } from './broker-profile';
import { dataError } from './data-error';
import { journalKeys } from './journal-data';
import { PAGE_DATA_FRESH_MS } from './queries';
import { supabase } from './supabase';

const COLUMNS =
  'id, name, broker, delivery_brokerage_pct, delivery_brokerage_cap, intraday_brokerage_pct, intraday_brokerage_cap, futures_brokerage_pct, futures_brokerage_cap, options_brokerage_per_order, dp_charge_per_sell, dp_charge_includes_gst, dp_charge_from, residence_state';

export const brokerProfileKey = (userId: string | undefined) => [...journalKeys.all(userId), 'broker-profile'] as const;

/** The default broker profile row, or null when the user has none (the estimate then uses DISCOUNT_BROKER). */
export function brokerProfileQuery(userId: string | undefined) {
  return queryOptions({
    queryKey: brokerProfileKey(userId),
    enabled: Boolean(userId),
    staleTime: PAGE_DATA_FRESH_MS,
    queryFn: async (): Promise<BrokerProfileRow | null> => {
      const { data, error } = await supabase
        .from('broker_profiles')
        .select(COLUMNS)
        .eq('is_default', true)
        .maybeSingle();
      if (error) throw dataError(error);
      return data as BrokerProfileRow | null;
    },
  });
}

export const useBrokerProfile = (userId: string | undefined) => useQuery(brokerProfileQuery(userId));

/** Updates the default profile, or creates it when the user has none. */
export async function saveBrokerProfile(
  existingId: string | null,
  // The server dates the DP charge (dp_charge_from) when it is entered or changed.
  row: Omit<BrokerProfileRow, 'id' | 'dp_charge_from'>,
): Promise<void> {
  const { error } = existingId
    ? await supabase.from('broker_profiles').update(row).eq('id', existingId)
    : await supabase.from('broker_profiles').insert({ ...row, is_default: true });
  if (error) throw dataError(error);
}
