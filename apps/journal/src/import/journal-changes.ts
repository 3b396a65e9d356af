// The changes that rebuild some of the journal's trades without a file: a typed opening position, a corporate action
// added or removed, and buy dates for an undated lot. Each is planned with @bahi/trading against the journal (the
// import worker's kept copy while it is current, so a split in a heavy journal does not download every fill again)
// and saved in one call. They run in the import worker (./import.worker.ts), which keeps the journal after each.
import {
  baseSymbol,
  type CorporateAction,
  isShare,
  type LotDatePart,
  planActionChange,
  planImport,
  planLotDates,
  type RebuildGroup,
  type TypedOpening,
  typedOpeningLot,
} from '@bahi/trading';
import type { TradesChange } from '../data/journal-data';
import { actionPayload, newIds } from '../data/stored-journal';
import {
  commitMessage,
  commitPlan,
  type DataClient,
  type JournalForPlan,
  journalAfter,
  loadJournalForPlan,
  rebuildArgs,
  tradesChange,
} from './import-pipeline';

/** A change, as the page asks for it. */
export type JournalChange =
  | { kind: 'opening'; opening: TypedOpening }
  | { kind: 'action'; add: CorporateAction }
  | { kind: 'action'; remove: string }
  | { kind: 'lot-dates'; lotId: string; parts: LotDatePart[] };

/** What a change did to the trades (refreshAfterChange), and for an opening lot how many sales it gave a cost. */
export interface ChangeOutcome extends TradesChange {
  costFound: number;
}

/** Undo and splits are one call each (the RPC takes at most 20,000 trades). */
const MAX_TRADES_IN_ONE_CALL = 20_000;

export function oneCall(groups: readonly RebuildGroup[], what: string) {
  const trades = groups.reduce((n, g) => n + g.trades.length, 0);
  if (trades > MAX_TRADES_IN_ONE_CALL) {
    throw new Error(
      `${what} would rebuild ${trades} trades, more than can be saved at once (${MAX_TRADES_IN_ONE_CALL}).`,
    );
  }
}

async function rpc(db: DataClient, fn: string, args: object): Promise<{ revision: number; id?: string }> {
  const { data, error } = await db.rpc(fn, args);
  if (error) throw new Error(commitMessage(error));
  const result = data as { revision: number | string; id?: string };
  return { revision: Number(result.revision), ...(result.id ? { id: result.id } : {}) };
}

/** The ISIN the journal's fills of a share's symbol carry, if any. */
function isinOf(journal: JournalForPlan, symbol: string): string | null {
  const wanted = baseSymbol(symbol);
  for (const t of journal.stored) {
    for (const { fill } of t.fills) {
      if (fill.isin && isShare(fill) && baseSymbol(fill.symbol) === wanted) return fill.isin;
    }
  }
  return null;
}

/**
 * Plans and saves `change` against the journal (`kept` while current). Returns what it did, and the journal after it
 * (null when another change came between, so the next one reads it again).
 */
export async function makeChange(
  db: DataClient,
  change: JournalChange,
  kept: JournalForPlan | null,
): Promise<{ outcome: ChangeOutcome; journal: JournalForPlan | null }> {
  const journal = await loadJournalForPlan(db, kept);
  const ids = newIds();
  let groups: readonly RebuildGroup[];
  let importId: string | null = null;
  let revision: number;
  let calls = 1;
  let actions = journal.actions;
  let costFound = 0;
  if (change.kind === 'opening') {
    const { opening } = change;
    const plan = planImport({ fills: [typedOpeningLot(opening)], errors: [] }, journal);
    groups = plan.groups;
    costFound = plan.costFound;
    const result = await commitPlan(
      db,
      plan.groups,
      {
        broker: opening.broker,
        name: `Opening position: ${opening.quantity} ${opening.symbol}`,
        format: null,
        kind: 'opening',
        rowsTotal: 1,
        rowsSkipped: 0,
        duplicates: plan.duplicates,
        replacedLots: plan.replacedLots,
      },
      journal.chargeProfile.id,
      () => undefined,
      { ids },
    );
    ({ importId, revision, calls } = result);
  } else if (change.kind === 'action') {
    let changed: CorporateAction;
    if ('add' in change) {
      // A new action without an ISIN takes the one the journal's fills of its symbol carry, so it finds the share
      // under a later name too.
      changed = { ...change.add, isin: change.add.isin ?? isinOf(journal, change.add.symbol) };
      actions = [...journal.actions, changed];
    } else {
      const found = journal.actions.find((a) => a.id === change.remove);
      if (!found) throw new Error('That corporate action is not in your journal any more.');
      changed = found;
      actions = journal.actions.filter((a) => a.id !== change.remove);
    }
    ({ groups } = planActionChange(changed, { ...journal, actions }));
    oneCall(groups, 'This corporate action');
    const result = await rpc(db, 'change_corporate_action', {
      p_action: 'add' in change ? actionPayload(changed) : { id: change.remove },
      ...rebuildArgs(groups, journal.chargeProfile.id, ids),
    });
    revision = result.revision;
    if ('add' in change) actions = [...journal.actions, { ...changed, id: result.id }];
  } else {
    ({ groups } = planLotDates(change.lotId, change.parts, journal));
    oneCall(groups, 'These dates');
    ({ revision } = await rpc(db, 'rebuild_trades', rebuildArgs(groups, journal.chargeProfile.id, ids)));
  }
  const outcome: ChangeOutcome = { ...tradesChange(journal, groups, { revision, calls }, ids), costFound };
  return { outcome, journal: journalAfter(journal, groups, { importId, revision, calls }, ids, actions) };
}
