// The tax P&L's reads and writes: the journal's closed trades with what @bahi/trading's tax P&L needs (the ISIN, the
// splits and bonuses applied, and for delivery sales their fills, i.e. the lots they came from, undated ones marked),
// the opening lots that have no buy date yet, and the 31 Jan 2018 values the trader gives for shares bought before
// 1 Feb 2018.
import type { TaxTrade } from '@bahi/trading';
import type { UndatedLotView } from '@bahi/ui';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { PAGE_DATA_FRESH_MS } from './data';
import { dataError } from './data-error';
import { journalKeys } from './journal-data';
import { readAll } from './read-all';
import { supabase } from './supabase';
import {
  TAX_FILL_COLUMNS,
  TAX_TRADE_COLUMNS,
  type TaxFillRow,
  type TaxTradeRow,
  taxTrades,
  type UndatedFillRow,
  undatedLotViews,
} from './tax-rows';

export const taxKeys = {
  trades: (userId: string | undefined) => [...journalKeys.all(userId), 'tax-trades'] as const,
  undatedLots: (userId: string | undefined) => [...journalKeys.all(userId), 'undated-lots'] as const,
  fmv: (userId: string | undefined) => [...journalKeys.all(userId), 'fair-market-values'] as const,
};

/** Trade ids per `in` filter: short enough for a URL. */
const IDS_PER_READ = 100;

/** Every realised trade (closed, or a sale with no cost basis) in the tax P&L's shape. */
export async function readTaxTrades(): Promise<TaxTrade[]> {
  const rows = (await readAll((from, to) =>
    supabase.from('trades').select(TAX_TRADE_COLUMNS).neq('status', 'open').order('id').range(from, to),
  )) as unknown[] as TaxTradeRow[];
  // A delivery sale's lots are its entry fills; other trades need none.
  const sales = rows.filter((r) => r.segment === 'equity' && r.product === 'delivery' && r.status === 'closed');
  const fills: TaxFillRow[] = [];
  for (let i = 0; i < sales.length; i += IDS_PER_READ) {
    const ids = sales.slice(i, i + IDS_PER_READ).map((r) => r.id);
    const part = (await readAll((from, to) =>
      supabase.from('trade_executions').select(TAX_FILL_COLUMNS).in('trade_id', ids).order('id').range(from, to),
    )) as unknown[] as TaxFillRow[];
    fills.push(...part);
  }
  return taxTrades(rows, fills);
}

/** The journal's undated opening lots: a holdings statement's few lines, so two small reads. */
export async function readUndatedLots(): Promise<UndatedLotView[]> {
  const fills = (await readAll((from, to) =>
    supabase
      .from('trade_executions')
      .select('trade_id, broker, fill_key, quantity, price, executed_at')
      .eq('date_unknown', true)
      .order('id')
      .range(from, to),
  )) as unknown[] as UndatedFillRow[];
  const ids = [...new Set(fills.map((f) => f.trade_id))];
  const trades = new Map<string, { symbol: string; isin: string | null }>();
  for (let i = 0; i < ids.length; i += IDS_PER_READ) {
    const { data, error } = await supabase
      .from('trades')
      .select('id, symbol, isin')
      .in('id', ids.slice(i, i + IDS_PER_READ));
    if (error) throw dataError(error);
    for (const t of (data ?? []) as { id: string; symbol: string; isin: string | null }[]) trades.set(t.id, t);
  }
  return undatedLotViews(fills, trades);
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
