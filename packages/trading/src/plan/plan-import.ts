// The import pipeline after reading a file, as plain data: de-duplicate against the journal's stored fills, rebuild
// the instruments the file touches (planRebuild), and count what the preview tells the trader. The same for undoing
// an import, for adding or removing a corporate action, and for the buy dates the trader gives a lot. No storage
// here: the app loads the stored trades and sends the groups.
import type { ChargeSettings } from '../charges/contract-notes';
import { type EstimateReason, estimateReasonKey } from '../charges/estimate-reasons';
import { mergeFills } from '../import/dedupe';
import type { CorporateAction } from '../import/match';
import type { Fill, ImportRowError, ParseResult } from '../import/types';
import {
  datedParts,
  type LotDatePart,
  type ReplacedLot,
  replaceUndated,
  restoreUndated,
  undatedLots,
} from './lot-dates';
import { plannedTrades, planRebuild, type RebuildGroup, type StoredTrade } from './rebuild';

/** What the change does to the journal, for the preview. */
export interface PlanCounts {
  /** Trades written (new and rebuilt). */
  trades: number;
  open: number;
  closed: number;
  /** Sales of shares bought before the imported history: no cost basis, left out of P&L until one is given. */
  missingCost: number;
  /** Stored trades deleted and rebuilt (continued positions, sales now with a cost basis…). */
  replaced: number;
  /** Trades whose charges rest on an assumption (a state not set, a date before the tables…): see `estimates`. */
  estimatedRates: number;
  /** Each assumption with the number of trades charged with it, most trades first. */
  estimates: { reason: EstimateReason; trades: number }[];
  /** Sales that had no cost basis before and have one now. */
  costFound: number;
}

export interface ImportPlan extends PlanCounts {
  /** Data rows read (good and bad). */
  rowsTotal: number;
  fillsRead: number;
  errors: ImportRowError[];
  /** Fills already in the journal, skipped. */
  duplicates: number;
  /** Fills of trades the trader deleted from the journal, skipped (they stay deleted). */
  deletedSkipped: number;
  newFills: number;
  /** New opening lots with no buy date (a holdings statement that gives none). */
  undatedLots: number;
  /** Undated lots of the journal that this import's dated lots replace (in part or whole), and their shares. */
  undatedReplaced: { lots: number; symbols: string[] };
  /** Those lots as they were: saved with the import, so that undoing it brings them back (planUndo). */
  replacedLots: ReplacedLot[];
  groups: RebuildGroup[];
}

export interface PlanContext {
  /** The journal's imported trades with their fills (every trade of the brokers concerned). */
  stored: readonly StoredTrade[];
  /** Every corporate action of the user. */
  actions: readonly CorporateAction[];
  /** Fills the trader deleted (`deletedFillKey`s): an import skips them. */
  deleted?: ReadonlySet<string>;
  charges?: ChargeSettings;
}

export function planCounts(groups: readonly RebuildGroup[], stored: readonly StoredTrade[]): PlanCounts {
  const trades = plannedTrades(groups);
  const replaced = new Set(groups.flatMap((g) => g.replace));
  const missingBefore = stored.filter((t) => replaced.has(t.id) && t.status === 'missing_cost').length;
  const missingCost = trades.filter((t) => t.trade.status === 'missing_cost').length;
  return {
    trades: trades.length,
    open: trades.filter((t) => t.trade.status === 'open').length,
    closed: trades.filter((t) => t.trade.status === 'closed').length,
    missingCost,
    replaced: replaced.size,
    estimatedRates: trades.filter((t) => t.charges.estimatedRates.length > 0).length,
    estimates: estimateCounts(trades.map((t) => t.charges.estimatedRates)),
    costFound: Math.max(0, missingBefore - missingCost),
  };
}

/** How many trades each reason covers, most first (ties in first-seen order). */
export function estimateCounts(
  perTrade: readonly (readonly EstimateReason[])[],
): { reason: EstimateReason; trades: number }[] {
  const counts = new Map<string, { reason: EstimateReason; trades: number }>();
  for (const reasons of perTrade) {
    for (const reason of reasons) {
      const key = estimateReasonKey(reason);
      const entry = counts.get(key);
      if (entry) entry.trades++;
      else counts.set(key, { reason, trades: 1 });
    }
  }
  return [...counts.values()].sort((a, b) => b.trades - a.trades);
}

/** A file's fills against the journal: what is new, the rebuilt instruments, and the counts for the preview. */
export function planImport(parsed: ParseResult, context: PlanContext): ImportPlan {
  // Each stored fill once (a fill split between trades is held by each), bonus shares aside (they are derived).
  const byId = new Map<string, Fill>();
  for (const t of context.stored) for (const s of t.fills) if (!s.fill.bonus && !byId.has(s.id)) byId.set(s.id, s.fill);
  const storedFills = [...byId.values()];
  const merged = mergeFills(storedFills, parsed.fills, context.deleted);
  const added: Fill[] = merged.fills.slice(storedFills.length);
  // Dated opening lots stand in for the share's undated ones: they replace those shares, never add to them.
  const replacement = replaceUndated(added, context.stored);
  const groups =
    added.length === 0
      ? []
      : planRebuild({
          stored: context.stored,
          added,
          replaceFills: replacement.fills,
          actions: context.actions,
          charges: context.charges,
        });
  const rows = new Set<number>(parsed.errors.map((e) => e.row));
  for (const f of parsed.fills) rows.add(f.row);
  return {
    rowsTotal: rows.size,
    fillsRead: parsed.fills.length,
    errors: parsed.errors,
    duplicates: merged.duplicates,
    deletedSkipped: merged.deleted,
    newFills: added.length,
    undatedLots: added.filter((f) => f.dateUnknown).length,
    undatedReplaced: { lots: replacement.lots, symbols: replacement.symbols },
    replacedLots: replacement.replaced,
    groups,
    ...planCounts(groups, context.stored),
  };
}

/**
 * Undo: the import's fills go, and every instrument they were in is rebuilt from the fills of the other imports. The
 * undated lots its dated lots replaced (`replaced`, as saved with it) become undated again.
 */
export function planUndo(
  importId: string,
  context: PlanContext,
  replaced: readonly ReplacedLot[] = [],
): { groups: RebuildGroup[] } & PlanCounts {
  const back = restoreUndated(replaced, context.stored);
  const groups = planRebuild({
    stored: context.stored,
    removeImport: importId,
    replaceFills: back.fills,
    restore: back.restore,
    actions: context.actions,
    charges: context.charges,
  });
  return { groups, ...planCounts(groups, context.stored) };
}

/**
 * A corporate action added (`actions` holds it) or removed (`actions` no longer does): the holdings of the shares it
 * names are rebuilt from its ex-date with the actions that stand.
 */
export function planActionChange(
  changed: CorporateAction,
  context: PlanContext,
): { groups: RebuildGroup[] } & PlanCounts {
  const groups = planRebuild({
    stored: context.stored,
    actions: context.actions,
    changedActions: [changed],
    charges: context.charges,
  });
  return { groups, ...planCounts(groups, context.stored) };
}

/**
 * The trader's buy dates for an undated lot, as a rebuild of its share: the lot is replaced by its dated parts, which
 * stay in the import that brought it (undoing that import takes them away with it). Throws a RangeError for parts
 * that do not fit the lot, or when the lot is not in the journal (any more).
 */
export function planLotDates(
  key: string,
  parts: readonly LotDatePart[],
  context: PlanContext,
): { groups: RebuildGroup[]; dated: Fill[] } & PlanCounts {
  const lot = undatedLots(context.stored).find((l) => l.key === key);
  if (!lot) throw new RangeError('That lot has its buy dates already, or is no longer in your journal.');
  const dated = datedParts(lot, parts);
  const groups = planRebuild({
    stored: context.stored,
    replaceFills: new Map([[key, dated]]),
    actions: context.actions,
    charges: context.charges,
  });
  return { groups, dated, ...planCounts(groups, context.stored) };
}
