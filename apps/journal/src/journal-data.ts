// The journal as every area reads it: all of the user's trades (open and closed) with their tag names, the
// playbooks and tags, loaded once through TanStack Query and shared by the trades list, dashboard, calendar,
// analytics, playbooks and the assistant. Writes invalidate `journalKeys.all(userId)`, so every area refreshes.

import type { TradeForStats } from '@bahi/trading';
import type { FundMovement } from '@bahi/ui';
import type { SupabaseClient } from '@supabase/supabase-js';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { PAGE_DATA_FRESH_MS } from './data';
import { dataError } from './data-error';
import { readAll } from './read-all';
import { supabase } from './supabase';

export const journalKeys = {
  all: (userId: string | undefined) => ['journal', userId] as const,
  trades: (userId: string | undefined) => ['journal', userId, 'trades'] as const,
  playbooks: (userId: string | undefined) => ['journal', userId, 'playbooks'] as const,
  tags: (userId: string | undefined) => ['journal', userId, 'tags'] as const,
  funds: (userId: string | undefined) => ['journal', userId, 'funds'] as const,
};

/** A row of `public.trades` in camelCase, numbers as numbers, with the names of its tags. */
export interface JournalTrade {
  id: string;
  exchange: 'NSE' | 'BSE' | 'MCX';
  segment: 'equity' | 'futures' | 'options';
  product: 'intraday' | 'delivery' | 'carry_forward';
  symbol: string;
  underlying: string | null;
  expiry: string | null;
  strike: number | null;
  optionType: 'CE' | 'PE' | null;
  lotSize: number | null;
  side: 'long' | 'short';
  quantity: number;
  /** Null for a sale whose cost basis is missing (shares bought before the imported history). */
  entryPrice: number | null;
  exitPrice: number | null;
  entryTime: string;
  exitTime: string | null;
  /** IST calendar day of entry, 'YYYY-MM-DD' (`trade_date`): for the entry-date filter and a day's opened trades. */
  entryDate: string;
  /** IST calendar day of exit, 'YYYY-MM-DD' (`exit_date`): the day the P&L belongs to. Null while open. */
  exitDate: string | null;
  /** missing_cost: a sale of shares bought before the imported history; it has no P&L until its cost is given. */
  status: 'open' | 'closed' | 'missing_cost';
  grossPnl: number | null;
  charges: number;
  chargesBreakdown: Record<string, number> | null;
  chargesSource: 'broker' | 'estimated';
  /** Null while open. */
  netPnl: number | null;
  stopLoss: number | null;
  target: number | null;
  playbookId: string | null;
  brokerProfileId: string | null;
  emotionsBefore: string[];
  emotionsAfter: string[];
  mistakes: string[];
  rating: number | null;
  notes: string | null;
  importSource: string;
  importId: string | null;
  /** Tag names (unique per user, case-insensitive). */
  tags: string[];
  tagIds: string[];
}

export interface Playbook {
  id: string;
  name: string;
  description: string | null;
  rules: { id: string; text: string }[];
  markets: string[];
  timeframes: string[];
  isArchived: boolean;
  createdAt: string;
}

export interface Tag {
  id: string;
  name: string;
  color: string | null;
}

const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

// biome-ignore lint/suspicious/noExplicitAny: a row straight from PostgREST, mapped field by field below.
export function toJournalTrade(row: any, tagNames: Map<string, string>, tagIds: string[]): JournalTrade {
  return {
    id: row.id,
    exchange: row.exchange,
    segment: row.segment,
    product: row.product,
    symbol: row.symbol,
    underlying: row.underlying,
    expiry: row.expiry,
    strike: num(row.strike),
    optionType: row.option_type,
    lotSize: row.lot_size,
    side: row.side,
    quantity: row.quantity,
    entryPrice: num(row.avg_entry_price),
    exitPrice: num(row.avg_exit_price),
    entryTime: row.entry_time,
    exitTime: row.exit_time,
    entryDate: row.trade_date,
    exitDate: row.exit_date ?? null,
    status: row.status,
    grossPnl: num(row.gross_pnl),
    charges: Number(row.charges ?? 0),
    chargesBreakdown: row.charges_breakdown,
    chargesSource: row.charges_source,
    netPnl: row.status === 'closed' ? num(row.net_pnl) : null,
    stopLoss: num(row.stop_loss),
    target: num(row.target),
    playbookId: row.playbook_id,
    brokerProfileId: row.broker_profile_id,
    emotionsBefore: row.emotions_before ?? [],
    emotionsAfter: row.emotions_after ?? [],
    mistakes: row.mistakes ?? [],
    rating: row.rating,
    notes: row.notes,
    importSource: row.import_source,
    importId: row.import_id,
    tags: tagIds.map((id) => tagNames.get(id)).filter((name): name is string => Boolean(name)),
    tagIds,
  };
}

/** A closed trade in the statistics' shape; null for an open one. */
export function toStatsTrade(t: JournalTrade): TradeForStats | null {
  if (
    t.status !== 'closed' ||
    t.entryPrice === null ||
    t.exitTime === null ||
    t.exitDate === null ||
    t.exitPrice === null ||
    t.grossPnl === null
  )
    return null;
  return {
    id: t.id,
    symbol: t.symbol,
    segment: t.segment,
    product: t.product,
    side: t.side,
    entryTime: t.entryTime,
    exitTime: t.exitTime,
    entryDate: t.entryDate,
    exitDate: t.exitDate,
    grossPnl: t.grossPnl,
    charges: t.charges,
    netPnl: t.netPnl ?? t.grossPnl - t.charges,
    quantity: t.quantity,
    entryPrice: t.entryPrice,
    exitPrice: t.exitPrice,
    stopLoss: t.stopLoss,
    playbookId: t.playbookId,
    emotionsBefore: t.emotionsBefore,
    emotionsAfter: t.emotionsAfter,
    mistakes: t.mistakes,
    tags: t.tags,
    underlying: t.underlying,
    notes: t.notes,
  };
}

export function tagsQuery(userId: string | undefined) {
  return queryOptions({
    queryKey: journalKeys.tags(userId),
    enabled: Boolean(userId),
    staleTime: PAGE_DATA_FRESH_MS,
    queryFn: async (): Promise<Tag[]> => {
      const { data, error } = await supabase.from('tags').select('id, name, color').order('name');
      if (error) throw dataError(error);
      return data as Tag[];
    },
  });
}

export function playbooksQuery(userId: string | undefined) {
  return queryOptions({
    queryKey: journalKeys.playbooks(userId),
    enabled: Boolean(userId),
    staleTime: PAGE_DATA_FRESH_MS,
    queryFn: async (): Promise<Playbook[]> => {
      const { data, error } = await supabase
        .from('playbooks')
        .select('id, name, description, rules, markets, timeframes, is_archived, created_at')
        .order('created_at', { ascending: false });
      if (error) throw dataError(error);
      return (data ?? []).map((p) => ({
        id: p.id,
        name: p.name,
        description: p.description,
        rules: p.rules ?? [],
        markets: p.markets ?? [],
        timeframes: p.timeframes ?? [],
        isArchived: p.is_archived,
        createdAt: p.created_at,
      }));
    },
  });
}

/** The columns the areas read: all but user_id and the row's own created/updated times. */
const TRADE_COLUMNS =
  'id, exchange, segment, product, symbol, underlying, expiry, strike, option_type, lot_size, side, quantity, ' +
  'avg_entry_price, avg_exit_price, entry_time, exit_time, trade_date, exit_date, status, gross_pnl, charges, ' +
  'charges_breakdown, charges_source, net_pnl, stop_loss, target, playbook_id, broker_profile_id, emotions_before, ' +
  'emotions_after, mistakes, rating, notes, import_source, import_id';

/** Every trade of the user, newest entry first, with tag names. */
export function journalTradesQuery(userId: string | undefined) {
  return queryOptions({
    queryKey: journalKeys.trades(userId),
    enabled: Boolean(userId),
    staleTime: PAGE_DATA_FRESH_MS,
    queryFn: () => readJournalTrades(supabase),
  });
}

/** What `journalTradesQuery` fetches, through any client signed in as the trader (RLS keeps it to their rows). */
export async function readJournalTrades(client: Pick<SupabaseClient, 'from'>): Promise<JournalTrade[]> {
  const [rows, links, tags] = await Promise.all([
    readAll((from, to) =>
      client.from('trades').select(TRADE_COLUMNS).order('entry_time', { ascending: false }).order('id').range(from, to),
    ),
    readAll<{ trade_id: string; tag_id: string }>((from, to) =>
      client.from('trade_tags').select('trade_id, tag_id').order('trade_id').order('tag_id').range(from, to),
    ),
    client.from('tags').select('id, name'),
  ]);
  if (tags.error) throw dataError(tags.error);
  const names = new Map((tags.data ?? []).map((t) => [t.id as string, t.name as string]));
  const byTrade = new Map<string, string[]>();
  for (const link of links) {
    const list = byTrade.get(link.trade_id);
    if (list) list.push(link.tag_id);
    else byTrade.set(link.trade_id, [link.tag_id]);
  }
  return rows.map((row) => toJournalTrade(row, names, byTrade.get((row as unknown as { id: string }).id) ?? []));
}

/** Deposits, withdrawals and adjustments, newest first. */
export function fundsQuery(userId: string | undefined) {
  return queryOptions({
    queryKey: journalKeys.funds(userId),
    enabled: Boolean(userId),
    staleTime: PAGE_DATA_FRESH_MS,
    queryFn: () => readFunds(supabase),
  });
}

/** What `fundsQuery` fetches, through any client signed in as the trader. */
export async function readFunds(client: Pick<SupabaseClient, 'from'>): Promise<FundMovement[]> {
  const { data, error } = await client
    .from('funds')
    .select('id, kind, amount, occurred_on, note')
    .order('occurred_on', { ascending: false })
    .order('created_at', { ascending: false });
  if (error) throw dataError(error);
  return (data ?? []).map((r) => ({
    id: r.id,
    kind: r.kind,
    amount: Number(r.amount),
    occurredOn: r.occurred_on,
    note: r.note,
  }));
}

export const useJournalTrades = (userId: string | undefined) => useQuery(journalTradesQuery(userId));
export const usePlaybooks = (userId: string | undefined) => useQuery(playbooksQuery(userId));
export const useTags = (userId: string | undefined) => useQuery(tagsQuery(userId));

/** After any write to the journal: every area's data (and the dashboard's recent trades) is fetched again. */
export function invalidateJournal(client: QueryClient, userId: string | undefined): Promise<void> {
  return Promise.all([
    client.invalidateQueries({ queryKey: journalKeys.all(userId) }),
    client.invalidateQueries({ queryKey: ['trades', userId] }),
  ]).then(() => undefined);
}
