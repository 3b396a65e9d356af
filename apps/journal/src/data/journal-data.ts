// The journal as every area reads it: all of the user's trades (open and closed) with their tag and playbook names,
// the playbooks and tags, loaded once through TanStack Query and shared by the trades list, dashboard, calendar,
// analytics, playbooks and the assistant. Writes invalidate `journalKeys.all(userId)`, so every area refreshes.

import type { TradeForStats } from '@bahi/trading';
import type { FundMovement } from '@bahi/ui';
import type { SupabaseClient } from '@supabase/supabase-js';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { dataError } from './data-error';
import { keep, keptRevision, readKept } from './kept-journal';
import { PAGE_DATA_FRESH_MS } from './queries';
import { supabase } from './supabase';

export const journalKeys = {
  all: (userId: string | undefined) => ['journal', userId] as const,
  trades: (userId: string | undefined) => ['journal', userId, 'trades'] as const,
  playbooks: (userId: string | undefined) => ['journal', userId, 'playbooks'] as const,
  tags: (userId: string | undefined) => ['journal', userId, 'tags'] as const,
  funds: (userId: string | undefined) => ['journal', userId, 'funds'] as const,
};

/** A row of `public.trades` in camelCase, numbers as numbers, with the names of its tags and playbook. */
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
  /** The playbook's name, read with the trade. */
  playbookName: string | null;
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

/** Every trade of the user, newest entry first, with tag names. */
export function journalTradesQuery(userId: string | undefined) {
  return queryOptions({
    queryKey: journalKeys.trades(userId),
    enabled: Boolean(userId),
    staleTime: PAGE_DATA_FRESH_MS,
    queryFn: () => readJournalTrades(supabase, undefined, userId),
    // The array read is kept as read: its revision is known by identity (revisionOf), and comparing 20,000 trades
    // deeply with the last read costs more than it saves.
    structuralSharing: false,
  });
}

/**
 * What `journalTradesQuery` fetches, through any client signed in as the trader (RLS keeps it to their rows): the
 * trades from `journal_trades()`, one request of one JSON array per column (a paged read of `trades` took a request
 * per 1,000 rows and repeated every column name in every row), each trade with its tags' ids and names and its
 * playbook's name. With `ids`, only those trades. The journal's revision at the read is kept beside the array
 * (`revisionOf`). With `keptFor` (the user's id), the page's first read of the whole journal takes the copy kept in
 * the browser when the journal has not changed since (./kept-journal.ts), and every whole read is kept.
 */
export async function readJournalTrades(
  client: Pick<SupabaseClient, 'rpc'>,
  ids?: readonly string[],
  keptFor?: string,
): Promise<JournalTrade[]> {
  const keptAt = keptFor && !ids && firstRead ? keptRevision(keptFor) : null;
  if (keptFor && !ids) firstRead = false;
  if (keptFor && keptAt !== null) {
    // The copy is read while the server is asked for the revision; a revision that moved on means the server's read.
    const kept = readKept(keptFor, JOURNAL_COLUMNS).catch(() => null);
    const now = await client.rpc('journal_revision');
    if (!now.error && Number(now.data) === keptAt) {
      const copy = await kept;
      if (copy?.revision === keptAt) return withRevision(fromColumns(copy.columns), keptAt);
    }
  }
  const trades = await client.rpc('journal_trades', ids ? { p_ids: ids } : undefined);
  if (trades.error) throw dataError(trades.error);
  // The JSON parse of a large journal was one task; building its trades is the next.
  await nextTask();
  const { revision, ...columns } = (trades.data ?? {}) as TradeColumns & { revision?: number };
  const out = fromColumns(columns);
  if (revision === undefined) return out;
  // Kept once the page is idle: cloning 20,000 trades' columns into IndexedDB must not hold back their figures.
  if (keptFor && !ids) whenIdle(() => void keep(keptFor, { revision: Number(revision), columns }));
  return withRevision(out, Number(revision));
}

/** Runs `fn` when the browser is idle (within 2 s), or in the next task where it cannot tell. */
const whenIdle = (fn: () => void) =>
  typeof requestIdleCallback === 'function' ? requestIdleCallback(fn, { timeout: 2000 }) : setTimeout(fn, 0);

/** Only the page's first whole read looks for a kept copy: later ones follow a change the page made or saw. */
let firstRead = true;

const withRevision = (trades: JournalTrade[], revision: number) => {
  revisions.set(trades, revision);
  return trades;
};

/** The journal revision each read of trades was made at. */
const revisions = new WeakMap<readonly JournalTrade[], number>();

/** The journal's revision when these trades were read (journal_revision()); undefined for an array not read so. */
export const revisionOf = (trades: readonly JournalTrade[]): number | undefined => revisions.get(trades);

/**
 * `journal_trades()`: one array per column of `public.trades`, and `tag_ids`, `tag_names` and `playbook_name`, every
 * array in the same row order.
 */
type TradeColumns = Record<string, unknown[]>;

/** Resolves in a new task (a message, which a hidden tab does not hold back as it does a timer). */
const nextTask = () =>
  new Promise<void>((resolve) => {
    const { port1, port2 } = new MessageChannel();
    port1.onmessage = () => {
      port1.close();
      resolve();
    };
    port2.postMessage(null);
  });

/** Each column of `journal_trades()` and the JournalTrade field it fills. */
const COLUMN_FIELDS = [
  ['id', 'id'],
  ['exchange', 'exchange'],
  ['segment', 'segment'],
  ['product', 'product'],
  ['symbol', 'symbol'],
  ['underlying', 'underlying'],
  ['expiry', 'expiry'],
  ['strike', 'strike'],
  ['option_type', 'optionType'],
  ['lot_size', 'lotSize'],
  ['side', 'side'],
  ['quantity', 'quantity'],
  ['avg_entry_price', 'entryPrice'],
  ['avg_exit_price', 'exitPrice'],
  ['entry_time', 'entryTime'],
  ['exit_time', 'exitTime'],
  ['trade_date', 'entryDate'],
  ['exit_date', 'exitDate'],
  ['status', 'status'],
  ['gross_pnl', 'grossPnl'],
  ['charges', 'charges'],
  ['charges_breakdown', 'chargesBreakdown'],
  ['charges_source', 'chargesSource'],
  ['net_pnl', 'netPnl'],
  ['stop_loss', 'stopLoss'],
  ['target', 'target'],
  ['playbook_id', 'playbookId'],
  ['broker_profile_id', 'brokerProfileId'],
  ['emotions_before', 'emotionsBefore'],
  ['emotions_after', 'emotionsAfter'],
  ['mistakes', 'mistakes'],
  ['rating', 'rating'],
  ['notes', 'notes'],
  ['import_source', 'importSource'],
  ['import_id', 'importId'],
  ['tag_ids', 'tagIds'],
  ['tag_names', 'tags'],
  ['playbook_name', 'playbookName'],
] as const satisfies readonly (readonly [string, keyof JournalTrade])[];

/** The columns of `journal_trades()` the app reads: a kept copy without one of them is not used. */
export const JOURNAL_COLUMNS: readonly string[] = COLUMN_FIELDS.map(([column]) => column);

/** Trades back as `journal_trades()`'s columns (fromColumns reads them as they were), to keep a patched journal. */
export function toColumns(trades: readonly JournalTrade[]): TradeColumns {
  const columns: TradeColumns = {};
  for (const [column, field] of COLUMN_FIELDS) {
    const values = new Array<unknown>(trades.length);
    for (let i = 0; i < trades.length; i++) values[i] = trades[i]![field];
    columns[column] = values;
  }
  return columns;
}

/**
 * `journal_trades()`'s columns as JournalTrades, row i from element i of every column (numbers as numbers), built
 * column by column so no row objects are made on the way.
 */
export function fromColumns(c: TradeColumns): JournalTrade[] {
  const ids = (c.id ?? []) as string[];
  const out = new Array<JournalTrade>(ids.length);
  // biome-ignore lint/suspicious/noExplicitAny: columns straight from PostgREST, mapped field by field below.
  const col = (name: string): any[] => c[name] ?? [];
  const exchange = col('exchange');
  const segment = col('segment');
  const product = col('product');
  const symbol = col('symbol');
  const underlying = col('underlying');
  const expiry = col('expiry');
  const strike = col('strike');
  const optionType = col('option_type');
  const lotSize = col('lot_size');
  const side = col('side');
  const quantity = col('quantity');
  const entryPrice = col('avg_entry_price');
  const exitPrice = col('avg_exit_price');
  const entryTime = col('entry_time');
  const exitTime = col('exit_time');
  const tradeDate = col('trade_date');
  const exitDate = col('exit_date');
  const status = col('status');
  const grossPnl = col('gross_pnl');
  const charges = col('charges');
  const chargesBreakdown = col('charges_breakdown');
  const chargesSource = col('charges_source');
  const netPnl = col('net_pnl');
  const stopLoss = col('stop_loss');
  const target = col('target');
  const playbookId = col('playbook_id');
  const brokerProfileId = col('broker_profile_id');
  const emotionsBefore = col('emotions_before');
  const emotionsAfter = col('emotions_after');
  const mistakes = col('mistakes');
  const rating = col('rating');
  const notes = col('notes');
  const importSource = col('import_source');
  const importId = col('import_id');
  const tagIds = col('tag_ids');
  const tagNames = col('tag_names');
  const playbookName = col('playbook_name');
  for (let i = 0; i < ids.length; i++) {
    out[i] = {
      id: ids[i] as string,
      exchange: exchange[i],
      segment: segment[i],
      product: product[i],
      symbol: symbol[i],
      underlying: underlying[i],
      expiry: expiry[i],
      strike: num(strike[i]),
      optionType: optionType[i],
      lotSize: lotSize[i],
      side: side[i],
      quantity: quantity[i],
      entryPrice: num(entryPrice[i]),
      exitPrice: num(exitPrice[i]),
      entryTime: entryTime[i],
      exitTime: exitTime[i],
      entryDate: tradeDate[i],
      exitDate: exitDate[i] ?? null,
      status: status[i],
      grossPnl: num(grossPnl[i]),
      charges: Number(charges[i] ?? 0),
      chargesBreakdown: chargesBreakdown[i],
      chargesSource: chargesSource[i],
      netPnl: status[i] === 'closed' ? num(netPnl[i]) : null,
      stopLoss: num(stopLoss[i]),
      target: num(target[i]),
      playbookId: playbookId[i],
      playbookName: playbookName[i] ?? null,
      brokerProfileId: brokerProfileId[i],
      emotionsBefore: emotionsBefore[i] ?? [],
      emotionsAfter: emotionsAfter[i] ?? [],
      mistakes: mistakes[i] ?? [],
      rating: rating[i],
      notes: notes[i],
      importSource: importSource[i],
      importId: importId[i],
      tags: tagNames[i] ?? [],
      tagIds: tagIds[i] ?? [],
    };
  }
  return out;
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

/**
 * What a rebuild did to the trades: the journal revision before and after (in how many calls, each of which moves
 * it on by one), the trades it replaced and wrote.
 */
export interface TradesChange {
  revisionBefore: number;
  revision: number;
  calls: number;
  replaced: readonly string[];
  written: readonly string[];
}

/** More trades written than this and the whole journal is read again: one read is then as quick as a patch. */
const PATCH_MAX_TRADES = 5000;

/**
 * After a change that rebuilt some trades: when the kept trades are the journal the change was made on (their
 * revision is its revision before, and nothing else came between), only the trades it wrote are read and put in
 * place of those it replaced; a heavy journal is not downloaded again for a split. Otherwise, as any write.
 */
export async function refreshAfterChange(
  client: QueryClient,
  userId: string | undefined,
  change: TradesChange,
): Promise<void> {
  const key = journalKeys.trades(userId);
  const kept = client.getQueryData<JournalTrade[]>(key);
  const follows =
    kept !== undefined &&
    revisionOf(kept) === change.revisionBefore &&
    change.revision === change.revisionBefore + change.calls &&
    change.written.length <= PATCH_MAX_TRADES &&
    client.isFetching({ queryKey: key }) === 0;
  const written = follows ? await readJournalTrades(supabase, change.written) : null;
  // Another write since (another tab): the patch would not be the journal.
  if (!written || revisionOf(written) !== change.revision || client.getQueryData(key) !== kept) {
    return invalidateJournal(client, userId);
  }
  const patched = patchTrades(kept as JournalTrade[], new Set([...change.replaced, ...change.written]), written);
  revisions.set(patched, change.revision);
  client.setQueryData(key, patched);
  // The patched journal is the journal at this revision: the browser keeps it for the next visit, when it is idle.
  if (userId) {
    whenIdle(() => void keep(userId, { revision: change.revision, columns: toColumns(patched) }));
  }
  await Promise.all([
    client.invalidateQueries({ queryKey: journalKeys.all(userId), predicate: (q) => q.queryKey[2] !== 'trades' }),
    client.invalidateQueries({ queryKey: ['trades', userId] }),
  ]);
}

/** Newest entry first, then by id: journal_trades()'s order. */
const byEntryDesc = (a: JournalTrade, b: JournalTrade) =>
  Date.parse(b.entryTime) - Date.parse(a.entryTime) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** `trades` without those in `gone`, with `fresh` (in journal order) merged in, in journal order. */
export function patchTrades(
  trades: readonly JournalTrade[],
  gone: ReadonlySet<string>,
  fresh: readonly JournalTrade[],
): JournalTrade[] {
  const out: JournalTrade[] = [];
  let k = 0;
  for (const t of trades) {
    if (gone.has(t.id)) continue;
    while (k < fresh.length && byEntryDesc(fresh[k]!, t) < 0) out.push(fresh[k++]!);
    out.push(t);
  }
  while (k < fresh.length) out.push(fresh[k++]!);
  return out;
}
