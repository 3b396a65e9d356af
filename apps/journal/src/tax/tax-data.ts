// The tax P&L's reads and writes: the journal's realised trades with what @bahi/trading's tax P&L needs (the ISIN, the
// splits and bonuses applied, and for delivery sales the lots they came from, undated ones marked), read in one
// request (`tax_trades()`), the opening lots that have no buy date yet, and the 31 Jan 2018 values the trader gives
// for shares bought before 1 Feb 2018.
import type { TaxTrade } from '@bahi/trading';
import type { UndatedLotView } from '@bahi/ui';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { dataError } from '../data/data-error';
import { journalKeys } from '../data/journal-data';
import { PAGE_DATA_FRESH_MS } from '../data/queries';
import { supabase } from '../data/supabase';
import { type TaxTradesJson, taxTradesOf, type UndatedFillRow, undatedLotViews } from './tax-rows';

export const taxKeys = {
  trades: (userId: string | undefined) => [...journalKeys.all(userId), 'tax-trades'] as const,
  undatedLots: (userId: string | undefined) => [...journalKeys.all(userId), 'undated-lots'] as const,
  fmv: (userId: string | undefined) => [...journalKeys.all(userId), 'fair-market-values'] as const,
};

/** Every realised trade (closed, or a sale with no cost basis) in the tax P&L's shape: one request. */
export async function readTaxTrades(): Promise<TaxTrade[]> {
  const { data, error } = await supabase.rpc('tax_trades');
  if (error) throw dataError(error);
  return taxTradesOf(data as TaxTradesJson);
}

/** The journal's opening lots with no buy date: a holdings statement's few lines, one small read. */
export async function readUndatedLots(): Promise<UndatedLotView[]> {
  const { data, error } = await supabase
    .from('fills')
    .select('id, symbol, isin, quantity, price, executed_at')
    .eq('date_unknown', true)
    .order('executed_at');
  if (error) throw dataError(error);
  return undatedLotViews((data ?? []) as UndatedFillRow[]);
}

export function undatedLotsQuery(userId: string | undefined) {
  return queryOptions({
    queryKey: taxKeys.undatedLots(userId),
    enabled: Boolean(userId),
    staleTime: PAGE_DATA_FRESH_MS,
    queryFn: readUndatedLots,
  });
}

export const useUndatedLots = (userId: string | undefined) => useQuery(undatedLotsQuery(userId));

export function taxTradesQuery(userId: string | undefined) {
  return queryOptions({
    queryKey: taxKeys.trades(userId),
    enabled: Boolean(userId),
    staleTime: PAGE_DATA_FRESH_MS,
    queryFn: readTaxTrades,
  });
}

/** The 31 Jan 2018 value per share the trader has given, by symbol (and by ISIN where known). */
export function fairMarketValuesQuery(userId: string | undefined) {
  return queryOptions({
    queryKey: taxKeys.fmv(userId),
    enabled: Boolean(userId),
    staleTime: PAGE_DATA_FRESH_MS,
    queryFn: async (): Promise<Map<string, number>> => {
      const { data, error } = await supabase.from('fair_market_values').select('symbol, isin, price');
      if (error) throw dataError(error);
      const values = new Map<string, number>();
      for (const r of data ?? []) {
        values.set(r.symbol, Number(r.price));
        if (r.isin) values.set(r.isin, Number(r.price));
      }
      return values;
    },
  });
}

export const useTaxTrades = (userId: string | undefined) => useQuery(taxTradesQuery(userId));
export const useFairMarketValues = (userId: string | undefined) => useQuery(fairMarketValuesQuery(userId));

/** Saves (or replaces) the value of one share. */
export async function saveFairMarketValue(
  share: { symbol: string; isin: string | null },
  price: number,
): Promise<void> {
  const { error } = await supabase
    .from('fair_market_values')
    .upsert({ symbol: share.symbol, isin: share.isin, price }, { onConflict: 'user_id,symbol' });
  if (error) throw dataError(error);
}
