// The import pipeline after reading a file, as plain data: de-duplicate against the journal's stored fills, rebuild
// the instruments the file touches (planRebuild), and count what the preview tells the trader. The same for undoing
// an import and for adding or removing a corporate action. No storage here: the app loads the stored trades and sends
// the groups.
import type { ChargeSettings } from '../charges/contract-notes';
import { mergeFills } from '../import/dedupe';
import type { CorporateAction } from '../import/match';
import type { Fill, ImportRowError, ParseResult } from '../import/types';
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
  /** Trades whose charges used rates estimated for their date (outside the dated tables). */
  estimatedRates: number;
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
  newFills: number;
  groups: RebuildGroup[];
}

export interface PlanContext {
  /** The journal's imported trades with their fills (every trade of the brokers concerned). */
  stored: readonly StoredTrade[];
  /** Every corporate action of the user. */
  actions: readonly CorporateAction[];
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
    estimatedRates: trades.filter((t) => t.charges.estimatedRates).length,
    costFound: Math.max(0, missingBefore - missingCost),
  };
}

/** A file's fills against the journal: what is new, the rebuilt instruments, and the counts for the preview. */
export function planImport(parsed: ParseResult, context: PlanContext): ImportPlan {
  const storedFills = context.stored.flatMap((t) => t.fills.filter((s) => !s.fill.bonus).map((s) => s.fill));
  const merged = mergeFills(storedFills, parsed.fills);
  const added: Fill[] = merged.fills.slice(storedFills.length);
  const groups =
    added.length === 0
      ? []
      : planRebuild({ stored: context.stored, added, actions: context.actions, charges: context.charges });
  const rows = new Set<number>(parsed.errors.map((e) => e.row));
  for (const f of parsed.fills) rows.add(f.row);
  return {
    rowsTotal: rows.size,
    fillsRead: parsed.fills.length,
    errors: parsed.errors,
    duplicates: merged.duplicates,
    newFills: added.length,
    groups,
    ...planCounts(groups, context.stored),
  };
}

/** Undo: the import's fills go, and every instrument they were in is rebuilt from the fills of the other imports. */
export function planUndo(importId: string, context: PlanContext): { groups: RebuildGroup[] } & PlanCounts {
  const groups = planRebuild({
    stored: context.stored,
    removeImport: importId,
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
