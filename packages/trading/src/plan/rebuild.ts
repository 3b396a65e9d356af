// Rebuilding the journal's imported trades after a change: new fills from a file, opening lots, a corporate action,
// or an import undone. Trades are derived from fills, so a change re-matches the fills it can affect and no others:
// per instrument, from the IST day of the earliest change. An instrument here is a family (../import/instruments.ts):
// a share under all its symbols and ISINs, with the shares its demergers, mergers and symbol changes link it to. A
// closed trade that ended before that day cannot change and is kept as it is (with its journalling untouched): a
// futures or options trade, or a share's day trade (a day nets on its own). A share's holding is different: its lots, splits and bonuses run through all its history, so its
// delivery trades are always rebuilt together, from the parts of each fill they hold (which add up to the fill).
// Every other trade of the instrument is rebuilt from its fills plus the new ones. Each instrument is one group: its
// replaced trades and its rebuilt trades go to the database together, so a part that fails leaves no instrument half
// rebuilt.
import { type ChargeSettings, chargeTrades, type TradeCharges } from '../charges/contract-notes';
import { instrumentKeys } from '../import/instruments';
import { type CorporateAction, type MatchedTrade, matchFills, type Product, type TradeStatus } from '../import/match';
import type { Fill } from '../import/types';
import { units } from '../import/units';
import { lotSize } from '../lots/lot-sizes';

/** One stored fill (a `trade_executions` row): the fill, or the part of it that its trade holds. */
export interface StoredFill {
  /** The broker trade id as stored: the second and later parts of a split fill carry '#2', '#3'… */
  storedId: string | null;
  /** The import that brought the fill. */
  importId: string | null;
  /** The fill in the readers' shape; `tradeId` is the broker's own id (without a part suffix). */
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

export interface PlannedExecution {
  side: 'buy' | 'sell';
  quantity: number;
  price: number;
  executedAt: string;
  /** Unique per user and broker: a split fill's later parts are named '<id>#2' and on. */
  brokerTradeId: string | null;
  brokerOrderId: string | null;
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
  /** Every corporate action of the user as they stand after the change. */
  actions?: readonly CorporateAction[];
  /** Corporate actions added or removed by the change: their shares are rebuilt from the ex-date. */
  changedActions?: readonly CorporateAction[];
  charges?: ChargeSettings;
}

const day = (fill: Fill) => fill.executedAt.slice(0, 10);
const PART = /#\d+$/;
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

export function planRebuild(input: RebuildInput): RebuildGroup[] {
  const added = input.added ?? [];
  // The instruments of every fill concerned, under the actions that stand and those that changed (a removed merger
  // still links the two shares whose trades it rebuilds).
  const instruments = instrumentKeys(
    (function* () {
      for (const t of input.stored) for (const s of t.fills) yield s.fill;
      yield* added;
    })(),
    [...(input.actions ?? []), ...(input.changedActions ?? [])],
  );
  const keyOf = instruments.familyOf;
  const cut = new Map<string, string>();
  const earliest = (key: string, date: string) => {
    const at = cut.get(key);
    if (at === undefined || date < at) cut.set(key, date);
  };
  for (const fill of added) earliest(keyOf(fill), day(fill));
  if (input.removeImport) {
    for (const t of input.stored) {
      for (const s of t.fills) if (s.importId === input.removeImport) earliest(keyOf(s.fill), day(s.fill));
    }
  }
  for (const action of input.changedActions ?? []) {
    for (const { family } of instruments.actionShares(action)) earliest(family, action.exDate);
  }

  // Which stored trades stay and which are rebuilt; the fills to match again, with the import each came from.
  const origin = new Map<Fill, string | null>();
  const replace = new Map<string, string[]>();
  const usedIds = new Map<string, Set<string>>();
  const parts = new Map<string, { fill: Fill; importId: string | null }>();
  const rebuild: Fill[] = [];
  for (const t of input.stored) {
    if (t.fills.length === 0) continue;
    const key = keyOf(t.fills[0]!.fill);
    const from = cut.get(key);
    if (from === undefined) continue;
    const delivery = t.product === 'delivery';
    if (t.status === 'closed' && !delivery && t.fills.every((s) => day(s.fill) < from)) {
      // Kept: its stored ids stay taken.
      const ids = usedIds.get(key) ?? new Set();
      for (const s of t.fills) if (s.storedId !== null) ids.add(s.storedId);
      usedIds.set(key, ids);
      continue;
    }
    replace.set(key, [...(replace.get(key) ?? []), t.id]);
    for (const s of t.fills) {
      if (input.removeImport && s.importId === input.removeImport) continue;
      // Bonus shares are made again from their action.
      if (s.fill.bonus) continue;
      // The parts of one fill that are all rebuilt become the fill again (a flip or a day's split is matched anew).
      const id = s.fill.tradeId;
      const merged = id === null ? undefined : parts.get(`${key}|${id}`);
      if (merged && id !== null) {
        const quantity = units(merged.fill.quantity + s.fill.quantity);
        const fill = { ...merged.fill, quantity, fees: sum(merged.fill.fees, s.fill.fees) };
        parts.set(`${key}|${id}`, { fill, importId: merged.importId });
        continue;
      }
      const fill = { ...s.fill, tradeId: id === null ? null : id.replace(PART, '') };
      if (id !== null) parts.set(`${key}|${id}`, { fill, importId: s.importId });
      else {
        origin.set(fill, s.importId);
        rebuild.push(fill);
      }
    }
  }
  for (const { fill, importId } of parts.values()) {
    origin.set(fill, importId);
    rebuild.push(fill);
  }
  const fresh = new Set<Fill>(added);
  // One at a time: spreading 50,000 fills into push passes each as an argument on the stack.
  for (const fill of added) rebuild.push(fill);

  const matched = matchFills(rebuild, { actions: input.actions ?? [], instruments });
  const charges = chargeTrades(matched, input.charges);
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
    let ids = usedIds.get(key);
    if (!ids) {
      ids = new Set<string>();
      usedIds.set(key, ids);
    }
    const executions: PlannedExecution[] = [];
    let holdsNew = false;
    for (const e of trade.executions) {
      let brokerTradeId = e.fill.tradeId;
      if (brokerTradeId !== null) {
        const base = brokerTradeId;
        for (let n = 2; ids.has(brokerTradeId); n++) brokerTradeId = `${base}#${n}`;
        ids.add(brokerTradeId);
      }
      const isNew = fresh.has(e.fill);
      if (isNew) holdsNew = true;
      executions.push({
        side: e.fill.side,
        quantity: e.quantity,
        price: e.fill.price,
        executedAt: e.fill.executedAt,
        brokerTradeId,
        brokerOrderId: e.fill.orderId,
        importId: isNew ? null : (origin.get(e.fill) ?? null),
        kind: e.fill.bonus ? 'bonus' : e.fill.opening ? 'opening' : 'fill',
      });
    }
    group.trades.push({
      trade,
      charges: charges[i]!,
      lotSize: tradeLotSize(trade, cachedLotSize),
      importId: holdsNew ? null : (executions[0]?.importId ?? null),
      executions,
    });
  }
  return [...groups.values()].filter((g) => g.replace.length > 0 || g.trades.length > 0);
}

const sum = (a: number | null, b: number | null) => (a === null && b === null ? null : (a ?? 0) + (b ?? 0));

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
