// The trade review's data: the journal's trade (read with every area's), plus what only a review needs, read for the
// one trade: its fills (the parts of `public.fills` it holds, `trades.fill_ids` and `fill_units`) and its playbook
// checklist as ticked. Notes are saved in place, and the cached journal is patched with that one trade.
import { rMultiple } from '@bahi/trading';
import type { TradeReview, TradeReviewFill, TradeReviewScreenshot } from '@bahi/ui';
import { formatDateTime } from '@bahi/ui';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { chargeLines } from '../data/charge-lines';
import { dataError } from '../data/data-error';
import {
  invalidateJournal,
  type JournalTrade,
  journalKeys,
  type Playbook,
  refreshAfterChange,
  revisionOf,
} from '../data/journal-data';
import { PAGE_DATA_FRESH_MS } from '../data/queries';
import { supabase } from '../data/supabase';

/** What a review reads beyond the journal's row. */
export interface TradeDetail {
  fills: TradeReviewFill[];
  /** Rule id → followed, for the playbook the checks were made under. */
  checks: { playbookId: string; ruleId: string; followed: boolean }[];
}

// Ids per request: a trade built from hundreds of fills must not make a URL too long for a proxy.
const IDS_PER_READ = 100;

async function readFills(ids: readonly string[], units: readonly number[]): Promise<TradeReviewFill[]> {
  const chunks: string[][] = [];
  for (let i = 0; i < ids.length; i += IDS_PER_READ) chunks.push(ids.slice(i, i + IDS_PER_READ));
  const read = await Promise.all(
    chunks.map((chunk) =>
      supabase
        .from('fills')
        .select('id, side, quantity, price, executed_at, broker_trade_id, broker_order_id, kind, date_unknown')
        .in('id', chunk),
    ),
  );
  const rows = new Map<string, Record<string, unknown>>();
  for (const { data, error } of read) {
    if (error) throw dataError(error);
    for (const row of data ?? []) rows.set(row.id as string, row);
  }
  const fills: TradeReviewFill[] = [];
  ids.forEach((id, i) => {
    const row = rows.get(id);
    if (!row) return;
    const whole = Number(row.quantity);
    const part = Number(units[i] ?? whole);
    fills.push({
      id,
      side: row.side as 'buy' | 'sell',
      kind: row.kind as TradeReviewFill['kind'],
      quantity: part,
      ...(part < whole ? { ofQuantity: whole } : {}),
      price: Number(row.price),
      executedAt: row.executed_at as string,
      dateUnknown: row.date_unknown === true,
      brokerTradeId: (row.broker_trade_id as string | null) ?? null,
      brokerOrderId: (row.broker_order_id as string | null) ?? null,
    });
  });
  // In the order they were made; an opening lot of unknown date first, as it was held before the history.
  return fills.sort((a, b) => Date.parse(a.executedAt) - Date.parse(b.executedAt) || (a.id < b.id ? -1 : 1));
}

/** The trade's fills and checklist; RLS keeps both to the trader's own rows. */
export async function readTradeDetail(tradeId: string): Promise<TradeDetail> {
  const [trade, checks] = await Promise.all([
    supabase.from('trades').select('fill_ids, fill_units').eq('id', tradeId).maybeSingle(),
    supabase.from('trade_playbook_rules').select('playbook_id, rule_id, followed').eq('trade_id', tradeId),
  ]);
  if (trade.error) throw dataError(trade.error);
  if (checks.error) throw dataError(checks.error);
  const ids = (trade.data?.fill_ids as string[] | undefined) ?? [];
  const units = ((trade.data?.fill_units as Array<number | string> | undefined) ?? []).map(Number);
  return {
    fills: ids.length ? await readFills(ids, units) : [],
    checks: (checks.data ?? []).map((c) => ({
      playbookId: c.playbook_id as string,
      ruleId: c.rule_id as string,
      followed: c.followed === true,
    })),
  };
}

export function tradeDetailQuery(userId: string | undefined, tradeId: string) {
  return queryOptions({
    // Under the journal's key, so that every write to the journal reads it again.
    queryKey: [...journalKeys.all(userId), 'trade-detail', tradeId],
    enabled: Boolean(userId),
    staleTime: PAGE_DATA_FRESH_MS,
    queryFn: () => readTradeDetail(tradeId),
  });
}

export const useTradeDetail = (userId: string | undefined, tradeId: string) =>
  useQuery(tradeDetailQuery(userId, tradeId));

/** The review of a journal trade: its row, fills, checklist as ticked under its playbook, and screenshots. */
export function toTradeReview(
  t: JournalTrade,
  detail: TradeDetail,
  playbook: Playbook | undefined,
  screenshots: TradeReviewScreenshot[],
): TradeReview {
  const ticked = new Map(
    detail.checks.filter((c) => c.playbookId === t.playbookId).map((c) => [c.ruleId, c.followed] as const),
  );
  const closed = t.status === 'closed' && t.entryPrice !== null && t.exitPrice !== null;
  return {
    id: t.id,
    symbol: t.symbol,
    exchange: t.exchange,
    segment: t.segment,
    product: t.product,
    side: t.side,
    quantity: t.quantity,
    status: t.status,
    entryTime: t.entryTime,
    exitTime: t.exitTime,
    entryPrice: t.entryPrice,
    exitPrice: t.exitPrice,
    stopLoss: t.stopLoss,
    target: t.target,
    grossPnl: t.grossPnl,
    charges: t.charges,
    chargeLines: chargeLines([t]),
    chargesSource: t.chargesSource,
    netPnl: t.netPnl,
    rMultiple:
      closed && t.stopLoss !== null
        ? rMultiple(t.side, t.entryPrice as number, t.exitPrice as number, t.stopLoss)
        : null,
    playbook: t.playbookId
      ? {
          name: playbook?.name ?? t.playbookName ?? 'Playbook',
          rules: (playbook?.rules ?? []).map((r) => ({ id: r.id, text: r.text, followed: ticked.get(r.id) ?? null })),
        }
      : null,
    tags: t.tags,
    emotionsBefore: t.emotionsBefore,
    emotionsAfter: t.emotionsAfter,
    mistakes: t.mistakes,
    rating: t.rating,
    notes: t.notes,
    fills: detail.fills,
    screenshots,
  };
}

/**
 * The trades entered just before and just after this one in `list` (the journal's order: newest entry first, then
 * by id), as the screen's previous and next. None when the trade is not in the list.
 */
export function neighbours(
  list: readonly JournalTrade[],
  id: string,
): { previous?: { id: string; label: string }; next?: { id: string; label: string } } {
  const at = list.findIndex((t) => t.id === id);
  if (at < 0) return {};
  const named = (t: JournalTrade | undefined) =>
    t ? { id: t.id, label: `${t.symbol}, ${formatDateTime(t.entryTime)}` } : undefined;
  return { previous: named(list[at + 1]), next: named(list[at - 1]) };
}

/**
 * Saves a trade's notes (empty clears them), then puts the saved trade in the cached journal in place of the old
 * one: a heavy journal is not downloaded again for a note. Anything else written since means a whole read.
 */
export async function saveTradeNotes(
  client: QueryClient,
  userId: string | undefined,
  tradeId: string,
  notes: string,
): Promise<void> {
  const kept = client.getQueryData<JournalTrade[]>(journalKeys.trades(userId));
  const before = kept ? revisionOf(kept) : undefined;
  const { data, error } = await supabase
    .from('trades')
    .update({ notes: notes === '' ? null : notes })
    .eq('id', tradeId)
    .select('id');
  if (error) throw dataError(error);
  if (!data?.length) throw new Error('This trade no longer exists: it may have been deleted.');
  if (before === undefined) return invalidateJournal(client, userId);
  // One statement moves the journal's revision by one.
  await refreshAfterChange(client, userId, {
    revisionBefore: before,
    revision: before + 1,
    calls: 1,
    replaced: [tradeId],
    written: [tradeId],
  });
}
