// Rebuilding the journal's imported trades after a change: new fills from a file, opening lots, a corporate action,
// or an import undone. Trades are derived from fills, so a change re-matches the fills it can affect and no others:
// per instrument, from the IST day of the earliest change. An instrument here is a family (../import/instruments.ts):
// a share under all its symbols and ISINs, with the shares its demergers, mergers and symbol changes link it to. A
// closed trade that ended before that day cannot change and is kept as it is (with its journalling untouched): a
// futures or options trade, or a share's day trade (a day nets on its own). A share's holding is different: its lots, splits and bonuses run through all its history, so its
// delivery trades are always rebuilt together, from the parts of each fill they hold (which add up to the fill).
// Every other trade of the instrument is rebuilt from its fills plus the new ones. Each instrument is one group: its
// replaced trades and its rebuilt trades go to the database together, so a part that fails leaves no instrument half
// rebuilt. Fills are stored once; a trade names the units it holds of each, so a rebuild never rewrites a fill: it
// names the stored ones and brings only the new ones (and bonus shares, which are made again from their action).
import { type ChargeSettings, chargeTrades, type TradeCharges } from '../charges/contract-notes';
import { type InstrumentKeys, instrumentKeys } from '../import/instruments';
import { type CorporateAction, type MatchedTrade, matchFills, type Product, type TradeStatus } from '../import/match';
import type { Fill } from '../import/types';
import { units } from '../import/units';
import { lotSize } from '../lots/lot-sizes';
import { keptLegsOnNotes, withSameDayTrades } from './same-day-notes';

/** A stored fill as one trade holds it: the fill, with `quantity` the units of it this trade holds. */
export interface StoredFill {
  /** The stored fill's id (a `fills` row). */
  id: string;
  /** The import that brought the fill. */
  importId: string | null;
  /** The fill in the readers' shape; its `quantity` (and `fees`) are this trade's part of it. */
  fill: Fill;
}

/** An imported trade of the journal with its stored fills. */
export interface StoredTrade {
  id: string;
  status: TradeStatus;
  product: Product;
  importId: string | null;
  fills: StoredFill[];
}

/** A stored trade with the figures it was saved with, to tell what a replay changes. */
export interface StoredTradeFigures extends StoredTrade {
  /** Charges as stored, in rupees; unknown (undefined) counts as changed. */
  charges?: number;
  /** Gross P&L as stored, in rupees; null while open or without a cost basis. */
  grossPnl?: number | null;
}

/** One fill a planned trade holds: a stored one by its id, or one the change brings (to be stored). */
export interface PlannedExecution {
  /** The fill. For a new one, its `quantity` is the whole fill (it may be held by more than one trade). */
  fill: Fill;
  /** The stored fill's id; null for a fill the change brings (or bonus shares, made again from their action). */
  storedId: string | null;
  /** Units of the fill this trade holds. */
  quantity: number;
  /** The import that brought the fill; null for a fill of the change being planned (the new import). */
  importId: string | null;
  /** An opening lot (held before the history), free shares of a bonus (made from the action), or a broker's fill. */
  kind: 'fill' | 'opening' | 'bonus';
}

export interface PlannedTrade {
  trade: MatchedTrade;
  charges: TradeCharges;
  /** Units per lot for futures and options; null for equity. */
  lotSize: number | null;
  /** The import the trade is filed under: null when it holds a fill of the change (the new import). */
  importId: string | null;
  /**
   * The replaced stored trade this one continues (the trade that held its earliest surviving fill first): it keeps
   * that trade's id, so the row is rewritten in place with its journalling. Null for a new trade.
   */
  continues: string | null;
  executions: PlannedExecution[];
}

/** One instrument: the stored trades to delete and the trades that replace them. */
export interface RebuildGroup {
  key: string;
  replace: string[];
  trades: PlannedTrade[];
}

export interface RebuildInput {
  /** The journal's imported trades with their fills (at least those of every instrument the change touches). */
  stored: readonly StoredTrade[];
  /** Fills the change brings (already checked against `stored` for duplicates). */
  added?: readonly Fill[];
  /** Undo: the fills this import brought are taken out. */
  removeImport?: string | null;
  /**
   * Stored fills (by id) replaced by other fills, which keep the stored fill's import: an undated opening lot by its
   * dated parts, or by what is left of it (nothing, when all of it is dated).
   */
  replaceFills?: ReadonlyMap<string, readonly Fill[]>;
  /**
   * Fills that come back with the import that first brought them: undoing a dated statement gives back the undated
   * lots it replaced whole (restoreUndated).
   */
  restore?: readonly { fill: Fill; importId: string | null }[];
  /** Every corporate action of the user as they stand after the change. */
  actions?: readonly CorporateAction[];
  /** Corporate actions added or removed by the change: their shares are rebuilt from the ex-date. */
  changedActions?: readonly CorporateAction[];
  charges?: ChargeSettings;
  /**
   * Instruments (by `rebuildInstruments(…).familyOf`) rebuilt from a day whatever the change: a whole rebuild, or
   * same-day-notes.ts's re-rounded trades.
   */
  from?: ReadonlyMap<string, string>;
}

const day = (fill: Fill) => fill.executedAt.slice(0, 10);
const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/** The dated table's lot size; for a contract it does not know (stock F&O), the largest size every fill divides into. */
export function tradeLotSize(
  trade: MatchedTrade,
  sizeOf: (underlying: string, expiry: string) => number | undefined = lotSize,
): number | null {
  if (trade.segment === 'equity' || trade.expiry === null) return null;
  const known = trade.underlying ? sizeOf(trade.underlying, trade.expiry) : undefined;
  return known ?? trade.executions.reduce((g, e) => gcd(g, e.quantity), 0);
}

/** The groups a change rebuilds, with the trades of other instruments whose STT share it changes (same-day-notes.ts). */
export function planRebuild(input: RebuildInput): RebuildGroup[] {
  const instruments = rebuildInstruments(input);
  return withSameDayTrades(input, instruments.familyOf, (i) => rebuildOnce(i, instruments));
}

/**
 * The instruments of every fill a change concerns, under the actions that stand and those that changed (a removed
 * merger still links the two shares whose trades it rebuilds): RebuildInput.from is keyed by their `familyOf`.
 */
export function rebuildInstruments(input: RebuildInput): InstrumentKeys {
  return instrumentKeys(
    (function* () {
      for (const t of input.stored) for (const s of t.fills) yield s.fill;
      yield* input.added ?? [];
      for (const r of input.restore ?? []) yield r.fill;
    })(),
    [...(input.actions ?? []), ...(input.changedActions ?? [])],
  );
}

function rebuildOnce(input: RebuildInput, instruments: InstrumentKeys): RebuildGroup[] {
  const added = input.added ?? [];
  const keyOf = instruments.familyOf;
  const cut = new Map<string, string>();
  const earliest = (key: string, date: string) => {
    const at = cut.get(key);
    if (at === undefined || date < at) cut.set(key, date);
  };
  for (const fill of added) earliest(keyOf(fill), day(fill));
  for (const [key, date] of input.from ?? []) earliest(key, date);
  if (input.removeImport) {
    for (const t of input.stored) {
      for (const s of t.fills) if (s.importId === input.removeImport) earliest(keyOf(s.fill), day(s.fill));
    }
  }
  const swaps = input.replaceFills?.size ? input.replaceFills : null;
  if (swaps) {
    for (const t of input.stored) {
      for (const s of t.fills) {
        const swap = swaps.get(s.id);
        if (swap === undefined) continue;
        earliest(keyOf(s.fill), day(s.fill));
        for (const fill of swap) earliest(keyOf(fill), day(fill));
      }
    }
  }
  for (const action of input.changedActions ?? []) {
    for (const { family } of instruments.actionShares(action)) earliest(family, action.exDate);
  }
  for (const { fill } of input.restore ?? []) earliest(keyOf(fill), day(fill));

  // Which stored trades stay and which are rebuilt; the fills to match again, with the import each came from.
  const origin = new Map<Fill, string | null>();
  const storedIdOf = new Map<Fill, string>();
  const replace = new Map<string, string[]>();
  const replacedTrades = new Map<string, StoredTrade[]>();
  // The units of each stored fill that the rebuilt trades held: a fill partly in a kept trade is matched again with
  // only the rest.
  const parts = new Map<string, Fill>();
  const swapped = new Set<string>();
  const rebuild: Fill[] = [];
  for (const t of input.stored) {
    if (t.fills.length === 0) continue;
    const key = keyOf(t.fills[0]!.fill);
    const from = cut.get(key);
    if (from === undefined) continue;
    const delivery = t.product === 'delivery';
    if (t.status === 'closed' && !delivery && t.fills.every((s) => day(s.fill) < from)) continue;
    // Pushed, not copied: an instrument of years replaces thousands of trades.
    const ids = replace.get(key);
    if (ids) ids.push(t.id);
    else replace.set(key, [t.id]);
    const trades = replacedTrades.get(key);
    if (trades) trades.push(t);
    else replacedTrades.set(key, [t]);
    for (const s of t.fills) {
      if (input.removeImport && s.importId === input.removeImport) continue;
      // Bonus shares are made again from their action.
      if (s.fill.bonus) continue;
      const swap = swaps?.get(s.id);
      if (swap !== undefined) {
        // Once for the fill, however many trades hold a part of it; the fills in its place keep its import.
        if (swapped.has(s.id)) continue;
        swapped.add(s.id);
        for (const f of swap) {
          origin.set(f, s.importId);
          rebuild.push(f);
        }
        continue;
      }
      const merged = parts.get(s.id);
      if (merged) {
        merged.quantity = units(merged.quantity + s.fill.quantity);
        merged.fees = sum(merged.fees, s.fill.fees);
        continue;
      }
      const fill = { ...s.fill };
      parts.set(s.id, fill);
      storedIdOf.set(fill, s.id);
      origin.set(fill, s.importId);
      rebuild.push(fill);
    }
  }
  const fresh = new Set<Fill>(added);
  // One at a time: spreading 50,000 fills into push passes each as an argument on the stack.
  for (const fill of added) rebuild.push(fill);
  for (const { fill, importId } of input.restore ?? []) {
    const back = { ...fill };
    origin.set(back, importId);
    rebuild.push(back);
  }

  const matched = matchFills(rebuild, { actions: input.actions ?? [], instruments });
  const charges = chargeTrades(matched, input.charges, keptLegsOnNotes(input.stored, replace, matched));
  // A plan holds thousands of trades in a few hundred contracts: each contract's lot size is looked up once.
  const lotSizes = new Map<string, number | undefined>();
  const cachedLotSize = (underlying: string, expiry: string) => {
    const key = `${underlying}|${expiry}`;
    if (!lotSizes.has(key)) lotSizes.set(key, lotSize(underlying, expiry));
    return lotSizes.get(key);
  };
  const groups = new Map<string, RebuildGroup>();
  for (const key of cut.keys()) groups.set(key, { key, replace: replace.get(key) ?? [], trades: [] });
  // Plain loops: this runs for every trade of a large import, and a closure made per trade is garbage.
  for (let i = 0; i < matched.length; i++) {
    const trade = matched[i]!;
    const key = keyOf(trade.executions[0]!.fill);
    const group = groups.get(key)!;
    const executions: PlannedExecution[] = [];
    let holdsNew = false;
    for (const e of trade.executions) {
      const isNew = fresh.has(e.fill);
      if (isNew) holdsNew = true;
      executions.push({
        fill: e.fill,
        storedId: storedIdOf.get(e.fill) ?? null,
        quantity: e.quantity,
        importId: isNew ? null : (origin.get(e.fill) ?? null),
        kind: e.fill.bonus ? 'bonus' : e.fill.opening ? 'opening' : 'fill',
      });
    }
    group.trades.push({
      trade,
      charges: charges[i]!,
      lotSize: tradeLotSize(trade, cachedLotSize),
      importId: holdsNew ? null : (executions[0]?.importId ?? null),
      continues: null,
      executions,
    });
  }
  for (const group of groups.values()) assignContinuations(group, replacedTrades.get(group.key) ?? []);
  return [...groups.values()].filter((g) => g.replace.length > 0 || g.trades.length > 0);
}

/**
 * Each replaced trade is continued by the rebuilt trade that now holds its earliest surviving fill, if that trade
 * continues no other (the earlier-entered replaced trade wins): the row keeps its id and journalling. The server
 * moves the journalling of the other replaced trades to the same successor.
 */
function assignContinuations(group: RebuildGroup, replaced: readonly StoredTrade[]): void {
  if (replaced.length === 0 || group.trades.length === 0) return;
  const holder = new Map<string, PlannedTrade>();
  for (const planned of group.trades) {
    for (const e of planned.executions) {
      if (e.storedId !== null && !holder.has(e.storedId)) holder.set(e.storedId, planned);
    }
  }
  const byEntry = [...replaced].sort((a, b) => firstTime(a).localeCompare(firstTime(b)));
  for (const stored of byEntry) {
    for (const s of stored.fills) {
      const successor = holder.get(s.id);
      if (!successor) continue;
      if (successor.continues === null) successor.continues = stored.id;
      break;
    }
  }
}

const firstTime = (t: StoredTrade) => t.fills[0]?.fill.executedAt ?? '';

/** Units added without binary-fraction residue (fractional units have at most 6 decimals). */

const sum = (a: number | null, b: number | null) => (a === null && b === null ? null : (a ?? 0) + (b ?? 0));

/** The ids a saved plan's new trades and fills were stored under (the caller chooses them). */
export interface SavedIds {
  /** A new trade's id (a trade that continues a replaced one keeps that one's). */
  trade(planned: PlannedTrade): string;
  /** A new fill's id. */
  fill(fill: Fill): string;
}

/**
 * The journal after a plan is saved, as the rebuild RPCs leave it: the replaced trades go, the planned trades are
 * stored holding their fills (a trade's part of each, with its share of the fill's charges), filed under `importId`
 * where the plan leaves it open. What a client that keeps a copy of its journal applies after a save.
 */
export function applyPlan(
  stored: readonly StoredTradeFigures[],
  groups: readonly RebuildGroup[],
  importId: string | null,
  ids: SavedIds,
): StoredTradeFigures[] {
  const gone = new Set(groups.flatMap((g) => g.replace));
  const kept = stored.filter((t) => !gone.has(t.id));
  for (const group of groups) {
    for (const p of group.trades) {
      kept.push({
        id: p.continues ?? ids.trade(p),
        status: p.trade.status,
        product: p.trade.product,
        importId: p.importId ?? importId,
        charges: p.charges.total,
        grossPnl: p.trade.grossPnl,
        fills: p.executions.map((e) => ({
          id: e.storedId ?? ids.fill(e.fill),
          importId: e.importId ?? importId,
          fill: {
            ...e.fill,
            quantity: e.quantity,
            fees: e.fill.fees === null ? null : (e.fill.fees * e.quantity) / e.fill.quantity,
          },
        })),
      });
    }
  }
  return kept;
}

/** The trades of a plan, group after group. */
export const plannedTrades = (groups: readonly RebuildGroup[]): PlannedTrade[] => groups.flatMap((g) => g.trades);

/**
 * Splits the groups into calls of at most `size` trades without splitting a group, in order. A group larger than
 * `size` goes alone.
 */
export function chunkGroups(groups: readonly RebuildGroup[], size: number): RebuildGroup[][] {
  const chunks: RebuildGroup[][] = [];
  let current: RebuildGroup[] = [];
  let count = 0;
  for (const group of groups) {
    const n = Math.max(1, group.trades.length);
    if (current.length > 0 && count + n > size) {
      chunks.push(current);
      current = [];
      count = 0;
    }
    current.push(group);
    count += n;
  }
  if (current.length > 0) chunks.push(current);
  return chunks;
}
