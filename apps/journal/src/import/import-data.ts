// The import pipeline's reads and writes: the stored fills and open trades a plan needs, the `import_trades` RPC in
// chunks with progress, and the import history with undo (deleting an import cascades to its trades and fills).
import type { ImportBroker } from '@bahi/trading';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type BrokerProfileRow, DEFAULT_CHARGE_PROFILE, toChargeProfile } from '../broker-profile';
import { PAGE_DATA_FRESH_MS } from '../data';
import { journalKeys } from '../journal-data';
import { readAll } from '../read-all';
import { supabase } from '../supabase';
import {
  chunkTrades,
  type ImportPlan,
  type ImportPlanInput,
  storedExecutionFromRow,
  storedTradeFromRow,
} from './import-plan';

/** Trades per `import_trades` call: a call is one transaction, and 2,000 trades keep a request well under a few MB. */
export const TRADES_PER_CALL = 2000;

export const importKeys = {
  // Under journalKeys.all, so invalidateJournal refreshes the history too.
  history: (userId: string | undefined) => [...journalKeys.all(userId), 'imports'] as const,
};

export type PlanContext = Omit<ImportPlanInput, 'parsed'>;

/** Everything planImport needs besides the parsed file: this broker's stored fills and trades, the broker profile. */
export async function loadPlanContext(broker: ImportBroker): Promise<PlanContext> {
  const [executions, trades, profile] = await Promise.all([
    readAll((from, to) =>
      supabase
        .from('trade_executions')
        .select('id, trade_id, side, quantity, price, executed_at, broker_trade_id, broker_order_id')
        .eq('broker', broker)
        .order('id')
        .range(from, to),
    ),
    readAll((from, to) =>
      supabase
        .from('trades')
        .select(
          'id, exchange, segment, symbol, underlying, expiry, strike, option_type, status, import_source, import_id',
        )
        .eq('import_source', broker)
        .order('id')
        .range(from, to),
    ),
    supabase.from('broker_profiles').select('*').eq('is_default', true).maybeSingle(),
  ]);
  if (profile.error) throw new Error(profile.error.message);
  const row = profile.data as BrokerProfileRow | null;
  return {
    broker,
    executions: executions.map(storedExecutionFromRow),
    trades: trades.map(storedTradeFromRow),
    chargeProfile: row ? toChargeProfile(row) : DEFAULT_CHARGE_PROFILE,
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

function commitMessage(error: { code?: string; message: string }): string {
  // import_trades writes all of a call or nothing: 23505 (a fill already stored, e.g. the same file imported in
  // another tab) and 40001 (an open trade it continues has changed) both leave the journal as it was.
  if (error.code === '23505' || error.code === '40001') return `${error.message} Nothing from this part was saved.`;
  return error.message;
}

/**
 * Sends the plan through `import_trades`, TRADES_PER_CALL trades a call, all into one import row (later calls name
 * the first call's import), so the file has one entry in the history and one undo, and a file that fails half way
 * keeps what was saved under that entry. The first call carries the file's counts and the open trades to replace
 * (the plan put their rebuilt trades first).
 */
export async function commitPlan(
  plan: ImportPlan,
  file: { broker: ImportBroker; name: string; format: 'csv' | 'xlsx' },
  onProgress: (done: number, total: number) => void,
): Promise<CommitResult> {
  const chunks = chunkTrades(plan.trades, TRADES_PER_CALL);
  const done: CommitResult = { importId: null, tradesCreated: 0, executionsCreated: 0 };
  onProgress(0, chunks.length);
  for (const [i, trades] of chunks.entries()) {
    const first = i === 0;
    const { data, error } = await supabase.rpc('import_trades', {
      p_import: {
        ...(done.importId ? { import_id: done.importId } : {}),
        broker: file.broker,
        file_name: file.name,
        file_format: file.format,
        rows_total: first ? plan.rowsTotal : 0,
        rows_skipped: first ? plan.errors.length : 0,
        duplicates_skipped: first ? plan.duplicates : 0,
      },
      p_trades: trades,
      p_replace_open: first ? plan.replaceOpen : [],
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

export interface ImportRecord {
  id: string;
  broker: ImportBroker;
  fileName: string;
  createdAt: string;
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
          'id, broker, file_name, created_at, rows_total, trades_created, duplicates_skipped, rows_skipped, status',
        )
        .order('created_at', { ascending: false })
        .limit(200);
      if (error) throw new Error(error.message);
      return (data ?? []).map((r) => ({
        id: r.id,
        broker: r.broker,
        fileName: r.file_name,
        createdAt: r.created_at,
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

/** Undo: the import row's foreign keys cascade to the trades and fills it created. */
export async function undoImport(importId: string): Promise<void> {
  const { error } = await supabase.from('imports').delete().eq('id', importId);
  if (error) throw new Error(error.message);
}
