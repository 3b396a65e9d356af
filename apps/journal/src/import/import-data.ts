// The import pipeline's reads and writes: the stored trades and fills a plan needs, the `import_trades` RPC in chunks
// with progress, undo (`undo_import`) and splits and bonuses (`change_corporate_action`), each sending the trades that
// @bahi/trading rebuilt; and the import history.
import {
  baseSymbol,
  type CorporateAction,
  chunkGroups,
  type ImportBroker,
  isShare,
  type PlanContext,
  planActionChange,
  planUndo,
  type RebuildGroup,
} from '@bahi/trading';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type BrokerProfileRow, type ChargeProfile, DEFAULT_CHARGE_PROFILE, toChargeProfile } from '../broker-profile';
import { PAGE_DATA_FRESH_MS } from '../data';
import { dataError } from '../data-error';
import { journalKeys } from '../journal-data';
import { readAll } from '../read-all';
import { supabase } from '../supabase';
import {
  actionPayload,
  CORPORATE_ACTION_COLUMNS,
  type CorporateActionRow,
  corporateAction,
  STORED_FILL_COLUMNS,
  STORED_TRADE_COLUMNS,
  type StoredFillRow,
  type StoredTradeRow,
  storedTrades,
  tradePayload,
} from './stored-journal';

/** Trades per call: a call is one transaction, and 2,000 trades keep a request well under a few MB. */
export const TRADES_PER_CALL = 2000;
/** Undo and splits are one call each (the RPC takes at most 20,000 trades). */
const MAX_TRADES_IN_ONE_CALL = 20_000;

export const importKeys = {
  // Under journalKeys.all, so invalidateJournal refreshes the history too.
  history: (userId: string | undefined) => [...journalKeys.all(userId), 'imports'] as const,
  actions: (userId: string | undefined) => [...journalKeys.all(userId), 'corporate-actions'] as const,
};

export interface JournalForPlan extends PlanContext {
  chargeProfile: ChargeProfile;
}

/** Every imported trade with its fills, every split and bonus, and the default broker profile. */
export async function loadJournalForPlan(): Promise<JournalForPlan> {
  const [trades, fills, actions, profile] = await Promise.all([
    readAll((from, to) =>
      supabase.from('trades').select(STORED_TRADE_COLUMNS).neq('import_source', 'manual').order('id').range(from, to),
    ) as Promise<unknown[]> as Promise<StoredTradeRow[]>,
    readAll((from, to) =>
      supabase.from('trade_executions').select(STORED_FILL_COLUMNS).neq('broker', 'manual').order('id').range(from, to),
    ) as Promise<unknown[]> as Promise<StoredFillRow[]>,
    readAll<CorporateActionRow>((from, to) =>
      supabase.from('corporate_actions').select(CORPORATE_ACTION_COLUMNS).order('id').range(from, to),
    ),
    supabase.from('broker_profiles').select('*').eq('is_default', true).maybeSingle(),
  ]);
  if (profile.error) throw dataError(profile.error);
  const row = profile.data as BrokerProfileRow | null;
  const chargeProfile = row ? toChargeProfile(row) : DEFAULT_CHARGE_PROFILE;
  return {
    stored: storedTrades(trades, fills),
    actions: actions.map(corporateAction),
    charges: chargeProfile.settings,
    chargeProfile,
  };
}

export interface CommitResult {
  /** The file's one import row; null until its first part is saved. */
  importId: string | null;
  tradesCreated: number;
  executionsCreated: number;
}

/** A failure of one RPC call, with how much of the file the earlier calls already imported. */
export class ImportCommitError extends Error {
  constructor(
    message: string,
    readonly done: CommitResult,
  ) {
    super(message);
  }
}

/** The RPC's own message, with what it means for the journal when it refused the whole call. */
function commitMessage(error: { code?: string; message: string }): string {
  // Each call writes all of its trades or nothing: 23505 (a fill already stored, e.g. the same file imported in
  // another tab) and 40001 (a trade it rebuilds has changed) both leave the journal as it was.
  if (error.code === '23505' || error.code === '40001') return `${error.message} Nothing from this part was saved.`;
  return dataError(error).message;
}

const payloads = (groups: readonly RebuildGroup[], profileId: string | null) =>
  groups.flatMap((g) => g.trades.map((t) => tradePayload(t, profileId)));
const replaced = (groups: readonly RebuildGroup[]) => groups.flatMap((g) => g.replace);

export interface ImportFile {
  broker: ImportBroker;
  name: string;
  format: 'csv' | 'xlsx' | null;
  kind: 'tradebook' | 'holdings' | 'tax_pnl' | 'opening';
  rowsTotal: number;
  rowsSkipped: number;
  duplicates: number;
}

/**
 * Sends a plan through `import_trades`, a few instruments a call (never splitting one, so an instrument's old trades
 * are replaced in the same transaction as its new ones), all into one import row (later calls name the first call's
 * import): the file has one entry in the history and one undo, and a file that fails half way keeps what was saved.
 */
export async function commitPlan(
  groups: readonly RebuildGroup[],
  file: ImportFile,
  brokerProfileId: string | null,
  onProgress: (done: number, total: number) => void,
): Promise<CommitResult> {
  // An import with nothing to write (every fill already stored) is still recorded, once.
  const chunks = groups.length === 0 ? [[]] : chunkGroups(groups, TRADES_PER_CALL);
  const done: CommitResult = { importId: null, tradesCreated: 0, executionsCreated: 0 };
  onProgress(0, chunks.length);
  for (const [i, chunk] of chunks.entries()) {
    const first = i === 0;
    const { data, error } = await supabase.rpc('import_trades', {
      p_import: {
        ...(done.importId ? { import_id: done.importId } : {}),
        broker: file.broker,
        file_name: file.name,
        file_format: file.format,
        kind: file.kind,
        rows_total: first ? file.rowsTotal : 0,
        rows_skipped: first ? file.rowsSkipped : 0,
        duplicates_skipped: first ? file.duplicates : 0,
      },
      p_trades: payloads(chunk, brokerProfileId),
      p_replace: replaced(chunk),
    });
    if (error) {
      const saved =
        i === 0
          ? ''
          : ` ${done.tradesCreated} trades from the start of the file were saved; undo this import in the history to start again.`;
      throw new ImportCommitError(`${commitMessage(error)}${saved}`, done);
    }
    const result = data as { import_id: string; trades_created: number; executions_created: number };
    done.importId = result.import_id;
    done.tradesCreated += result.trades_created;
    done.executionsCreated += result.executions_created;
    onProgress(i + 1, chunks.length);
  }
  return done;
}

function oneCall(groups: readonly RebuildGroup[], what: string) {
  const trades = groups.reduce((n, g) => n + g.trades.length, 0);
  if (trades > MAX_TRADES_IN_ONE_CALL) {
    throw new Error(
      `${what} would rebuild ${trades} trades, more than can be saved at once (${MAX_TRADES_IN_ONE_CALL}).`,
    );
  }
}

/** Undo: the import's fills go, and the trades they were in are rebuilt from the other imports' fills, atomically. */
export async function undoImport(importId: string): Promise<void> {
  const journal = await loadJournalForPlan();
  const { groups } = planUndo(importId, journal);
  oneCall(groups, 'Undoing this import');
  const { error } = await supabase.rpc('undo_import', {
    p_import: importId,
    p_trades: payloads(groups, journal.chargeProfile.id),
    p_replace: replaced(groups),
  });
  if (error) throw new Error(commitMessage(error));
}

/**
 * Adds a corporate action (no id) or removes one (with its id), rebuilding the trades it changes from its ex-date. A
 * new action without an ISIN takes the one the journal's trades of its symbol carry, so it finds the share under a
 * later name too.
 */
export async function changeCorporateAction(change: { add: CorporateAction } | { remove: string }): Promise<void> {
  const journal = await loadJournalForPlan();
  let changed: CorporateAction;
  let actions: CorporateAction[];
  if ('add' in change) {
    changed = { ...change.add, isin: change.add.isin ?? isinOf(journal, change.add.symbol) };
    actions = [...journal.actions, changed];
  } else {
    const found = journal.actions.find((a) => a.id === change.remove);
    if (!found) throw new Error('That corporate action is not in your journal any more.');
    changed = found;
    actions = journal.actions.filter((a) => a.id !== change.remove);
  }
  const { groups } = planActionChange(changed, { ...journal, actions });
  oneCall(groups, 'This corporate action');
  const p_action = 'add' in change ? actionPayload(changed) : { id: change.remove };
  const { error } = await supabase.rpc('change_corporate_action', {
    p_action,
    p_trades: payloads(groups, journal.chargeProfile.id),
    p_replace: replaced(groups),
  });
  if (error) throw new Error(commitMessage(error));
}

/** The ISIN the journal's fills of a share's symbol carry, if any. */
function isinOf(journal: JournalForPlan, symbol: string): string | null {
  const wanted = baseSymbol(symbol);
  for (const t of journal.stored) {
    for (const { fill } of t.fills)
      if (fill.isin && isShare(fill) && baseSymbol(fill.symbol) === wanted) return fill.isin;
  }
  return null;
}

export function corporateActionsQuery(userId: string | undefined) {
  return queryOptions({
    queryKey: importKeys.actions(userId),
    enabled: Boolean(userId),
    staleTime: PAGE_DATA_FRESH_MS,
    queryFn: async (): Promise<CorporateAction[]> => {
      const { data, error } = await supabase
        .from('corporate_actions')
        .select(CORPORATE_ACTION_COLUMNS)
        .order('ex_date', { ascending: false });
      if (error) throw dataError(error);
      return (data as CorporateActionRow[]).map(corporateAction);
    },
  });
}

export const useCorporateActions = (userId: string | undefined) => useQuery(corporateActionsQuery(userId));

export interface ImportRecord {
  id: string;
  broker: ImportBroker;
  fileName: string;
  createdAt: string;
  kind: ImportFile['kind'];
  rowsTotal: number;
  tradesCreated: number;
  duplicatesSkipped: number;
  rowsSkipped: number;
  status: 'pending' | 'completed' | 'failed';
}

export function importHistoryQuery(userId: string | undefined) {
  return queryOptions({
    queryKey: importKeys.history(userId),
    enabled: Boolean(userId),
    staleTime: PAGE_DATA_FRESH_MS,
    queryFn: async (): Promise<ImportRecord[]> => {
      const { data, error } = await supabase
        .from('imports')
        .select(
          'id, broker, file_name, created_at, kind, rows_total, trades_created, duplicates_skipped, rows_skipped, status',
        )
        .order('created_at', { ascending: false })
        .limit(200);
      if (error) throw dataError(error);
      return (data ?? []).map((r) => ({
        id: r.id,
        broker: r.broker,
        fileName: r.file_name,
        createdAt: r.created_at,
        kind: r.kind,
        rowsTotal: r.rows_total,
        tradesCreated: r.trades_created,
        duplicatesSkipped: r.duplicates_skipped,
        rowsSkipped: r.rows_skipped,
        status: r.status,
      }));
    },
  });
}

export const useImportHistory = (userId: string | undefined) => useQuery(importHistoryQuery(userId));
