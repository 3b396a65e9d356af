// "Rebuild my journal": every stored fill replayed under today's rules (rates and their assumptions, matching, fill
// identity), compared with the trades the journal holds. Only instruments where something comes out different are
// rebuilt: a trade whose fills, status, charges and P&L are all as stored keeps its row (and its id).
import type { EstimateReason } from '../charges/estimate-reasons';
import { fillKey } from '../import/dedupe';
import { estimateCounts, type PlanContext } from './plan-import';
import {
  type PlannedTrade,
  planRebuild,
  type RebuildGroup,
  rebuildInstruments,
  type StoredTrade,
  type StoredTradeFigures,
} from './rebuild';

export type { StoredTradeFigures } from './rebuild';

export interface ReplayPlan {
  /** The instruments with a change: their stored trades to replace and the trades that replace them. */
  groups: RebuildGroup[];
  /** Imported trades in the journal, all replayed. */
  checked: number;
  /** Of those, the trades that come out as they are: same fills, status, charges and P&L. */
  unchanged: number;
  /** Trades with the same fills whose charges or P&L come out different. */
  refigured: number;
  /** Stored trades whose fills now make other trades (matching, or how fills are named, changed)… */
  rematched: number;
  /** …and the trades they make. */
  rematchedInto: number;
  /** Trades written: every trade of an instrument with a change (the unchanged ones among them as they were). */
  written: number;
  /** Stored trades replaced. */
  replaced: number;
  /** The assumptions behind the journal's estimated charges after the replay, with their trade counts. */
  estimates: { reason: EstimateReason; trades: number }[];
}

const paise = (rupees: number) => Math.round(rupees * 100);

/**
 * A trade's fills and status, as stored or as planned: two trades with the same are the same trade. A fill is its
 * identity (bonus shares too, made again by the same key) and the units the trade holds of it.
 */
function storedShape(t: StoredTrade): string {
  return `${t.status}|${t.fills
    .map((s) => `${fillKey(s.fill)}|${s.fill.quantity}|${s.fill.price}|${kindOf(s.fill)}`)
    .sort()
    .join(';')}`;
}

const kindOf = (fill: { opening?: boolean; bonus?: boolean }) =>
  fill.bonus ? 'bonus' : fill.opening ? 'opening' : 'fill';

function plannedShape(p: PlannedTrade): string {
  return `${p.trade.status}|${p.executions
    .map((e) => `${fillKey(e.fill)}|${e.quantity}|${e.fill.price}|${e.kind}`)
    .sort()
    .join(';')}`;
}

/** Replays every stored fill under today's rules; see ReplayPlan. */
export function planReplay(context: PlanContext & { stored: readonly StoredTradeFigures[] }): ReplayPlan {
  const { stored } = context;
  // Every instrument from its first day: nothing is kept as it was matched.
  const from = new Map<string, string>();
  const keyOf = rebuildInstruments({ stored, actions: context.actions }).familyOf;
  for (const t of stored) {
    for (const s of t.fills) {
      const key = keyOf(s.fill);
      const day = s.fill.executedAt.slice(0, 10);
      const at = from.get(key);
      if (at === undefined || day < at) from.set(key, day);
    }
  }
  const all = from.size === 0 ? [] : planRebuild({ stored, actions: context.actions, charges: context.charges, from });

  const byShape = new Map<string, StoredTradeFigures>();
  for (const t of stored) byShape.set(storedShape(t), t);
  const byId = new Map(stored.map((t) => [t.id, t]));
  const groups: RebuildGroup[] = [];
  let unchanged = 0;
  let refigured = 0;
  let rematched = 0;
  let rematchedInto = 0;
  for (const group of all) {
    let same = 0;
    let figures = 0;
    for (const p of group.trades) {
      const was = byShape.get(plannedShape(p));
      if (!was) continue;
      const grossSame = was.grossPnl === undefined || paise(was.grossPnl ?? 0) === paise(p.trade.grossPnl ?? 0);
      if (was.charges !== undefined && paise(was.charges) === paise(p.charges.total) && grossSame) same++;
      else figures++;
    }
    unchanged += same;
    const replaced = group.replace.filter((id) => byId.has(id)).length;
    if (same === group.trades.length && same === replaced) continue;
    groups.push(group);
    refigured += figures;
    // The group's stored trades that no planned trade matches fill for fill, and the trades that take their fills.
    rematched += replaced - same - figures;
    rematchedInto += group.trades.length - same - figures;
  }
  const written = groups.reduce((n, g) => n + g.trades.length, 0);
  return {
    groups,
    checked: stored.length,
    unchanged,
    refigured,
    rematched,
    rematchedInto,
    written,
    replaced: groups.reduce((n, g) => n + g.replace.length, 0),
    estimates: estimateCounts(all.flatMap((g) => g.trades.map((p) => p.charges.estimatedRates))),
  };
}
