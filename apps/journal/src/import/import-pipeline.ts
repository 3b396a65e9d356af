// The import pipeline after a file is picked: read it, load the journal a plan needs (one request), plan with
// @bahi/trading, and save the plan through `import_trades` in parts with progress. It runs in the import worker
// (./import.worker.ts), so reading and planning a file of years never holds up the page, and takes its data client as
// an argument: the worker's own, or the app's (undo and corporate actions, ./import-data.ts).
import {
  applyPlan,
  chunkGroups,
  dayBeforeHistory,
  type ImportBroker,
  type ImportPlan,
  type ImportRowError,
  istDate,
  openingLotsFromHoldings,
  openingLotsFromTaxPnl,
  type ParseResult,
  type PlanContext,
  planImport,
  type RebuildGroup,
  type ReplacedLot,
  type SavedIds,
} from '@bahi/trading';
import type { ImportPreview, ImportStep, MapperField } from '@bahi/ui';
import {
  type BrokerProfileRow,
  type ChargeProfile,
  DEFAULT_CHARGE_PROFILE,
  toChargeProfile,
} from '../data/broker-profile';
import { dataError } from '../data/data-error';
import type { TradesChange } from '../data/journal-data';
import {
  type CorporateActionRow,
  corporateAction,
  type JournalFillsJson,
  newIds,
  rebuildPayload,
  storedJournal,
} from '../data/stored-journal';
import { estimateNotes } from '../shared/estimates';
import { completeColumnMap, type ImportSource } from './import-source';
import { type ReadFile, readImportFile } from './read-file';

/** The calls the pipeline makes: RPCs only (a PostgrestClient or the app's client). */
export interface DataClient {
  rpc(
    fn: string,
    args?: object,
  ): PromiseLike<{ data: unknown; error: { code?: string; message: string; details?: string | null } | null }>;
}

/** Trades per call: a call is one transaction, and 2,000 trades keep a request well under a few MB. */
export const TRADES_PER_CALL = 2000;

export interface JournalForPlan extends PlanContext {
  chargeProfile: ChargeProfile;
  /** The journal's revision when read (journal_revision()): a kept copy is current while the server's is the same. */
  revision: number;
}

/**
 * Every imported trade with the fills it holds, the fills the trader deleted, every corporate action and the default
 * broker profile: one request (`journal_fills`). With a `kept` copy, first one small read of the revision: the copy
 * is used while the journal has not changed since (the import worker keeps the journal it saved).
 */
export async function loadJournalForPlan(db: DataClient, kept?: JournalForPlan | null): Promise<JournalForPlan> {
  if (kept) {
    const { data, error } = await db.rpc('journal_revision');
    if (error) throw dataError(error);
    if (Number(data) === kept.revision) return kept;
  }
  const { data, error } = await db.rpc('journal_fills');
  if (error) throw dataError(error);
  const json = data as JournalFillsJson & {
    actions: CorporateActionRow[];
    profile: BrokerProfileRow | null;
    revision: number;
  };
  const { stored, deleted } = storedJournal(json);
  const chargeProfile = json.profile ? toChargeProfile(json.profile) : DEFAULT_CHARGE_PROFILE;
  return {
    stored,
    deleted,
    actions: json.actions.map(corporateAction),
    charges: chargeProfile.settings,
    chargeProfile,
    revision: Number(json.revision),
  };
}

/** A file read and planned: what the preview shows and what committing sends, and the journal it was planned on. */
export interface Planned {
  plan: ImportPlan;
  kind: Exclude<ImportPreview['kind'], 'opening'>;
  journal: JournalForPlan;
}

export interface ReadRequest {
  source: ImportSource;
  name: string;
  content: ArrayBuffer;
  columns?: Partial<Record<MapperField, string>>;
}

/** What reading a file leads to: back to the choice (with why), or the preview of a plan. */
export type ReadOutcome =
  | { step: Extract<ImportStep, { step: 'choose' }>; planned?: undefined }
  | { step: Extract<ImportStep, { step: 'preview' }>; planned: Planned };

/** Rows of the file with at least one problem. */
export const distinctRows = (errors: readonly ImportRowError[]) => new Set(errors.map((e) => e.row)).size;

/** A statement's lines as the fills of opening lots, with the lines it could not read or did not use. */
function statementLots(
  read: Extract<ReadFile, { kind: 'holdings' | 'tax_pnl' }>,
  journal: JournalForPlan,
): { parsed: ParseResult; asOf?: { date: string; stated: boolean } } | { error: string } {
  if (read.kind === 'tax_pnl') {
    const lots = openingLotsFromTaxPnl(read.statement.exits, 'zerodha', journal.stored);
    return { parsed: { fills: lots.fills, errors: [...read.statement.errors, ...lots.skipped] } };
  }
  // A statement that does not say its date is taken as held at the end of the day before the first Zerodha trade in
  // the journal: that places its lots before the history. It is not a buy date: lots without one are marked undated.
  const { holdings } = read.statement;
  const undated = holdings.some((h) => h.boughtOn === null);
  const assumed = dayBeforeHistory(journal.stored, 'zerodha');
  const asOf = read.statement.asOf
    ? { date: read.statement.asOf, stated: true }
    : undated && assumed
      ? { date: assumed, stated: false }
      : null;
  if (!asOf && undated) {
    return {
      error:
        'This holdings statement does not say its date or when the shares were bought, and your journal has no Zerodha trades yet. Import your tradebook first, then this statement for the shares you held before it.',
    };
  }
  // Every line has its buy date and the file no date of its own: the lines stand as held today.
  const lots = openingLotsFromHoldings(holdings, asOf?.date ?? istDate(Date.now()), 'zerodha', journal.stored);
  return {
    parsed: { fills: lots.fills, errors: [...read.statement.errors, ...lots.skipped] },
    ...(asOf ? { asOf } : {}),
  };
}

/**
 * Reads a picked file and plans it against the journal (`kept`, while it is current); `onPhase` hears when matching
 * starts.
 */
export async function readAndPlan(
  db: DataClient,
  request: ReadRequest,
  onPhase: (phase: 'parse' | 'match') => void,
  kept?: JournalForPlan | null,
): Promise<ReadOutcome> {
  const { source, name, content, columns } = request;
  onPhase('parse');
  const map = columns ? (completeColumnMap(columns) ?? undefined) : undefined;
  // The journal loads while the file is read.
  const journalLoad = loadJournalForPlan(db, kept);
  journalLoad.catch(() => undefined);
  const result = readImportFile(source, content, map);
  if (result.kind === 'wrong') {
    return {
      step: { step: 'choose', error: result.message, suggestion: { source: result.source, label: result.label } },
    };
  }
  onPhase('match');
  const journal = await journalLoad;
  let parsed: ParseResult;
  let asOf: { date: string; stated: boolean } | undefined;
  if (result.kind === 'tradebook') parsed = result.parsed;
  else {
    const lots = statementLots(result, journal);
    if ('error' in lots) return { step: { step: 'choose', error: lots.error } };
    ({ parsed, asOf } = lots);
  }
  if (parsed.fills.length === 0) {
    const none =
      result.kind === 'tradebook'
        ? `No fills could be read from ${name}. Is it the right report?`
        : `No line of ${name} gives the cost of a sale in your journal.`;
    return { step: { step: 'choose', error: none, errors: parsed.errors } };
  }
  const plan = planImport(parsed, journal);
  const preview: ImportPreview = {
    kind: result.kind,
    fileName: name,
    rowsTotal: plan.rowsTotal,
    fillsRead: result.kind === 'tradebook' ? plan.fillsRead : plan.rowsTotal,
    errors: plan.errors,
    duplicates: plan.duplicates,
    deletedSkipped: plan.deletedSkipped,
    newFills: plan.newFills,
    tradesToCreate: plan.trades,
    openTrades: plan.open,
    missingCost: plan.missingCost,
    costFound: plan.costFound,
    replaced: plan.replaced,
    estimates: estimateNotes(plan.estimates),
    charges:
      plan.trades > 0 && plan.groups.every((g) => g.trades.every((t) => t.charges.source === 'broker'))
        ? 'broker'
        : 'estimated',
    ...(asOf ? { holdingsAsOf: asOf.date, holdingsAsOfStated: asOf.stated } : {}),
    undatedLots: plan.undatedLots,
    undatedReplaced: plan.undatedReplaced,
  };
  return {
    step: { step: 'preview', preview },
    planned: { plan, kind: result.kind, journal },
  };
}

export interface ImportFile {
  broker: ImportBroker;
  name: string;
  format: 'csv' | 'xlsx' | null;
  kind: 'tradebook' | 'holdings' | 'tax_pnl' | 'opening';
  rowsTotal: number;
  rowsSkipped: number;
  duplicates: number;
  /** The undated lots the file's dated lots replace (ImportPlan.replacedLots), kept with the import for its undo. */
  replacedLots?: readonly ReplacedLot[];
}

export interface CommitResult {
  /** The file's one import row; null until its first part is saved. */
  importId: string | null;
  tradesCreated: number;
  executionsCreated: number;
  /** The highest journal revision a call returned, and how many calls were made. */
  revision: number;
  calls: number;
}

/** How far a commit is: calls done of all, trades written of all. */
export interface CommitProgress {
  done: number;
  total: number;
  trades: number;
  tradesTotal: number;
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
export function commitMessage(error: { code?: string; message: string }): string {
  // Each call writes all of its trades or nothing: 23505 (a fill already stored, e.g. the same file imported in
  // another tab) and 40001 (a trade it rebuilds has changed) both leave the journal as it was.
  if (error.code === '23505' || error.code === '40001') return `${error.message} Nothing from this part was saved.`;
  return dataError(error).message;
}

/** The RPC arguments that rebuild `groups`: their trades and new fills (ids from `ids`), and the trades they replace. */
export function rebuildArgs(groups: readonly RebuildGroup[], brokerProfileId: string | null, ids = newIds()) {
  return {
    ...rebuildPayload(
      groups.flatMap((g) => g.trades),
      brokerProfileId,
      ids,
    ),
    p_replace: groups.flatMap((g) => g.replace),
  };
}

/** The import row's fields in `p_import`, on the first call; later calls name the import. */
const importArgs = (file: ImportFile, importId: string | null) =>
  importId
    ? { import_id: importId, broker: file.broker, rows_total: 0, rows_skipped: 0, duplicates_skipped: 0 }
    : {
        broker: file.broker,
        file_name: file.name,
        file_format: file.format,
        kind: file.kind,
        rows_total: file.rowsTotal,
        rows_skipped: file.rowsSkipped,
        duplicates_skipped: file.duplicates,
        replaced_lots: file.replacedLots ?? [],
      };

/**
 * Sends a plan through `import_trades`, a few instruments a call (never splitting one, so an instrument's old trades
 * are replaced in the same transaction as its new ones), all into one import row (later calls name the first call's
 * import): the file has one entry in the history and one undo, and a file that fails half way keeps what was saved.
 * After the first call, `parallel` calls go at once: parts touch different instruments, so a server with more than
 * one connection (PostgreSQL) writes them side by side.
 */
export async function commitPlan(
  db: DataClient,
  groups: readonly RebuildGroup[],
  file: ImportFile,
  brokerProfileId: string | null,
  onProgress: (progress: CommitProgress) => void,
  { parallel = 2, ids = newIds() }: { parallel?: number; ids?: SavedIds } = {},
): Promise<CommitResult> {
  // An import with nothing to write (every fill already stored) is still recorded, once.
  const chunks = groups.length === 0 ? [[]] : chunkGroups(groups, TRADES_PER_CALL);
  const tradesTotal = groups.reduce((n, g) => n + g.trades.length, 0);
  const done: CommitResult = { importId: null, tradesCreated: 0, executionsCreated: 0, revision: 0, calls: 0 };
  onProgress({ done: 0, total: chunks.length, trades: 0, tradesTotal });
  const send = async (chunk: readonly RebuildGroup[]) => {
    const { data, error } = await db.rpc('import_trades', {
      p_import: importArgs(file, done.importId),
      ...rebuildArgs(chunk, brokerProfileId, ids),
    });
    if (error) {
      const saved =
        done.calls === 0
          ? ''
          : ` ${done.tradesCreated} trades from the file were saved; undo this import in the history to start again.`;
      throw new ImportCommitError(`${commitMessage(error)}${saved}`, done);
    }
    const result = data as { import_id: string; trades_created: number; executions_created: number; revision: number };
    done.importId = result.import_id;
    done.tradesCreated += result.trades_created;
    done.executionsCreated += result.executions_created;
    done.revision = Math.max(done.revision, Number(result.revision));
    done.calls++;
    onProgress({ done: done.calls, total: chunks.length, trades: done.tradesCreated, tradesTotal });
  };
  await send(chunks[0]!);
  let next = 1;
  let failure: unknown = null;
  // Each lane takes the next part until none is left or a part has failed (the others stop after theirs).
  const lane = async () => {
    while (failure === null && next < chunks.length) {
      const chunk = chunks[next++]!;
      await send(chunk).catch((e: unknown) => {
        failure ??= e;
      });
    }
  };
  await Promise.all(Array.from({ length: Math.min(parallel, chunks.length - 1) }, lane));
  if (failure !== null) throw failure;
  return done;
}

/**
 * The journal after `groups` planned on `journal` were saved (`saved`: the import of their new fills, the revision
 * after, in how many calls), worked out here rather than read again: only while no one else changed it meanwhile
 * (each call moved the revision on by one, and nothing else did). Null otherwise. `actions` are the corporate
 * actions after, when the change was one.
 */
export function journalAfter(
  journal: JournalForPlan,
  groups: readonly RebuildGroup[],
  saved: Pick<CommitResult, 'importId' | 'revision' | 'calls'>,
  ids: SavedIds,
  actions = journal.actions,
): JournalForPlan | null {
  if (saved.revision !== journal.revision + saved.calls) return null;
  return {
    ...journal,
    stored: applyPlan(journal.stored, groups, saved.importId, ids),
    actions,
    revision: saved.revision,
  };
}

/** What saving `groups` planned on `journal` did to its trades, for the page's copy (refreshAfterChange). */
export function tradesChange(
  journal: JournalForPlan,
  groups: readonly RebuildGroup[],
  saved: Pick<CommitResult, 'revision' | 'calls'>,
  ids: SavedIds,
): TradesChange {
  return {
    revisionBefore: journal.revision,
    revision: saved.revision,
    calls: saved.calls,
    replaced: groups.flatMap((g) => g.replace),
    written: groups.flatMap((g) => g.trades.map((p) => p.continues ?? ids.trade(p))),
  };
}
