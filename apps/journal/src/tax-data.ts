// The tax P&L's reads and writes: the journal's closed trades with what @bahi/trading's tax P&L needs (the ISIN, the
// corporate actions applied, and for delivery sales their fills, i.e. the lots they came from), and the 31 Jan 2018
// values the trader gives for shares bought before 1 Feb 2018.
import { type TaxTrade, taxTradeOf } from '@bahi/trading';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { PAGE_DATA_FRESH_MS } from './data';
import { dataError } from './data-error';
import { type AdjustmentPayload, adjustmentOf } from './import/stored-journal';
import { journalKeys } from './journal-data';
import { readAll } from './read-all';
import { supabase } from './supabase';

export const taxKeys = {
  trades: (userId: string | undefined) => [...journalKeys.all(userId), 'tax-trades'] as const,
  fmv: (userId: string | undefined) => [...journalKeys.all(userId), 'fair-market-values'] as const,
};

const COLUMNS =
  'id, symbol, isin, exchange, segment, product, side, status, entry_time, exit_time, quantity, avg_entry_price, ' +
  'avg_exit_price, gross_pnl, charges, charges_breakdown, adjustments';

interface TaxTradeRow {
  id: string;
  symbol: string;
  isin: string | null;
  exchange: 'NSE' | 'BSE' | 'MCX';
  segment: 'equity' | 'futures' | 'options';
  product: 'intraday' | 'delivery' | 'carry_forward';
  side: 'long' | 'short';
  status: 'open' | 'closed' | 'missing_cost';
  entry_time: string;
  exit_time: string | null;
  quantity: number;
  avg_entry_price: number | string | null;
  avg_exit_price: number | string | null;
  gross_pnl: number | string | null;
  charges: number | string;
  charges_breakdown: Record<string, number> | null;
  adjustments: AdjustmentPayload[] | null;
}

interface FillRow {
  trade_id: string;
  side: 'buy' | 'sell';
  quantity: number;
  price: number | string;
  executed_at: string;
  kind: string;
}

const num = (v: number | string | null) => (v === null ? null : Number(v));
/** Trade ids per `in` filter: short enough for a URL. */
const IDS_PER_READ = 100;

/** Every realised trade (closed, or a sale with no cost basis) in the tax P&L's shape. */
export async function readTaxTrades(): Promise<TaxTrade[]> {
  const rows = (await readAll((from, to) =>
    supabase.from('trades').select(COLUMNS).neq('status', 'open').order('id').range(from, to),
  )) as unknown[] as TaxTradeRow[];
  // A delivery sale's lots are its entry fills; other trades need none.
  const sales = rows.filter((r) => r.segment === 'equity' && r.product === 'delivery' && r.status === 'closed');
  const fills = new Map<string, FillRow[]>();
  for (let i = 0; i < sales.length; i += IDS_PER_READ) {
    const ids = sales.slice(i, i + IDS_PER_READ).map((r) => r.id);
    const part = (await readAll((from, to) =>
      supabase
        .from('trade_executions')
        .select('trade_id, side, quantity, price, executed_at, kind')
        .in('trade_id', ids)
        .order('id')
        .range(from, to),
    )) as unknown[] as FillRow[];
    for (const f of part) fills.set(f.trade_id, [...(fills.get(f.trade_id) ?? []), f]);
  }
  const out: TaxTrade[] = [];
  for (const r of rows) {
    const adjustments = (r.adjustments ?? []).map(adjustmentOf);
    const t = taxTradeOf({
      id: r.id,
      symbol: r.symbol,
      isin: r.isin,
      exchange: r.exchange,
      segment: r.segment,
      product: r.product,
      side: r.side,
      status: r.status,
      entryTime: r.entry_time,
      exitTime: r.exit_time,
      quantity: r.quantity,
      entryPrice: num(r.avg_entry_price),
      exitPrice: num(r.avg_exit_price),
      grossPnl: num(r.gross_pnl),
      charges: Number(r.charges),
      chargesBreakdown: r.charges_breakdown,
      adjustments,
      executions: fills.get(r.id)?.map((f) => ({
        side: f.side,
        quantity: Number(f.quantity),
        price: Number(f.price),
        executedAt: f.executed_at,
        kind: f.kind,
      })),
    });
    if (t) out.push(t);
  }
  return out;
}

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
