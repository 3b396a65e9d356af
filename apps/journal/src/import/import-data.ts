// The import's reads and writes on the page: undo (`undo_import`) and "rebuild my journal" (`rebuild_trades`), each
// planned with @bahi/trading against the journal that ./import-pipeline reads, and the import history and corporate
// actions. A file's import, and the changes that rebuild a few trades (an opening lot, a corporate action, buy
// dates: ./journal-changes.ts), run in the import worker (./import-job.ts).
import {
  type CorporateAction,
  chunkGroups,
  type ImportBroker,
  planUndo,
  type RebuildGroup,
  type ReplacedLot,
} from '@bahi/trading';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { dataError } from '../data/data-error';
import { journalKeys } from '../data/journal-data';
import { PAGE_DATA_FRESH_MS } from '../data/queries';
import {
  type AdjustmentPayload,
  CORPORATE_ACTION_COLUMNS,
  type CorporateActionRow,
  corporateAction,
} from '../data/stored-journal';
import { supabase } from '../data/supabase';
import { commitMessage, type ImportFile, loadJournalForPlan, rebuildArgs, TRADES_PER_CALL } from './import-pipeline';
import { oneCall } from './journal-changes';

export const importKeys = {
  // Under journalKeys.all, so invalidateJournal refreshes the history too.
  history: (userId: string | undefined) => [...journalKeys.all(userId), 'imports'] as const,
  actions: (userId: string | undefined) => [...journalKeys.all(userId), 'corporate-actions'] as const,
};

/**
 * Rebuild my journal: sends a replay's groups through `rebuild_trades`, a few instruments a call (each instrument in
 * one call, so its old trades are replaced in the same transaction as its new ones). Every trade and fill names its
 * own import, so the journal's import history stays as it was. A call that fails leaves the earlier calls saved: a
 * new replay finds only what is left.
 */
export async function commitRebuild(
  groups: readonly RebuildGroup[],
  brokerProfileId: string | null,
  onProgress: (done: number, total: number) => void,
): Promise<{ tradesCreated: number }> {
  const chunks = chunkGroups(groups, TRADES_PER_CALL);
  let tradesCreated = 0;
  onProgress(0, chunks.length);
  for (const [i, chunk] of chunks.entries()) {
    const { data, error } = await supabase.rpc('rebuild_trades', rebuildArgs(chunk, brokerProfileId));
    if (error) {
      const saved = i === 0 ? '' : ` ${i} of ${chunks.length} parts were saved; check again to rebuild the rest.`;
      throw new Error(`${commitMessage(error)}${saved}`);
    }
    tradesCreated += (data as { trades_created: number }).trades_created;
    onProgress(i + 1, chunks.length);
  }
  return { tradesCreated };
}

/**
 * Undo: the import's fills go, and the trades they were in are rebuilt from the other imports' fills, atomically; the
 * undated lots its dated lots replaced (kept with the import) are undated again.
 */
export async function undoImport(importId: string): Promise<void> {
  const [journal, kept] = await Promise.all([
    loadJournalForPlan(supabase),
    supabase.from('imports').select('replaced_lots').eq('id', importId).maybeSingle(),
  ]);
  if (kept.error) throw dataError(kept.error);
  const replaced = (kept.data as { replaced_lots: ReplacedLot[] } | null)?.replaced_lots ?? [];
  const { groups } = planUndo(importId, journal, replaced);
  oneCall(groups, 'Undoing this import');
  const { error } = await supabase.rpc('undo_import', {
    p_import: importId,
    ...rebuildArgs(groups, journal.chargeProfile.id),
  });
  if (error) throw new Error(commitMessage(error));
}

/** A corporate action as the dialog lists it, with what happened to the fractions of the holdings it changed. */
export type ListedCorporateAction = CorporateAction & { notes: string[] };

const actionKey = (a: { symbol: string; kind: string; exDate: string }) => `${a.symbol}|${a.kind}|${a.exDate}`;

/** A trade's `adjustments`: the corporate actions that changed it while it was held. */
export type AdjustedTrade = { adjustments: AdjustmentPayload[] };

/** The actions with the notes each holding with a fractional entitlement stored on the trade the action changed. */
export function listedActions(
  rows: readonly CorporateActionRow[],
  adjusted: readonly AdjustedTrade[],
): ListedCorporateAction[] {
  const notes = new Map<string, Set<string>>();
  for (const trade of adjusted) {
    for (const a of trade.adjustments) {
      if (!a.note) continue;
      const key = actionKey({ symbol: a.symbol, kind: a.kind, exDate: a.ex_date });
      notes.set(key, (notes.get(key) ?? new Set()).add(a.note));
    }
  }
  return rows.map((r) => {
    const action = corporateAction(r);
    return { ...action, notes: [...(notes.get(actionKey(action)) ?? [])] };
  });
}

export function corporateActionsQuery(userId: string | undefined) {
  return queryOptions({
    queryKey: importKeys.actions(userId),
    enabled: Boolean(userId),
    staleTime: PAGE_DATA_FRESH_MS,
    queryFn: async (): Promise<ListedCorporateAction[]> => {
      const [actions, adjusted] = await Promise.all([
        supabase.from('corporate_actions').select(CORPORATE_ACTION_COLUMNS).order('ex_date', { ascending: false }),
        // Only the trades a corporate action changed have adjustments: a few rows, however long the journal.
        supabase.from('trades').select('adjustments').neq('adjustments', '[]'),
      ]);
      if (actions.error) throw dataError(actions.error);
      if (adjusted.error) throw dataError(adjusted.error);
      return listedActions(actions.data as CorporateActionRow[], adjusted.data as AdjustedTrade[]);
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
