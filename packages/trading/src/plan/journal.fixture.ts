// Test support: a journal store for plans, doing what the rebuild RPCs do.
import type { Fill } from '../import/types';
import { plannedTrades, type RebuildGroup, type StoredTrade } from './rebuild';

/**
 * The journal after saving a plan, as the rebuild RPCs leave it: the replaced trades go (a trade that continues one
 * keeps its id), the planned trades are stored holding their fills, and each new fill is stored once, with an id
 * from `nextId`. A stored part carries its share of the fill's charges.
 */
export function savePlan(
  stored: readonly StoredTrade[],
  groups: readonly RebuildGroup[],
  importId: string | null,
  nextId: () => string,
): StoredTrade[] {
  const gone = new Set(groups.flatMap((g) => g.replace));
  const kept = stored.filter((t) => !gone.has(t.id));
  const fillIds = new Map<Fill, string>();
  const idOf = (fill: Fill) => {
    let id = fillIds.get(fill);
    if (id === undefined) {
      id = nextId();
      fillIds.set(fill, id);
    }
    return id;
  };
  const added = plannedTrades(groups).map(
    (p): StoredTrade => ({
      id: p.continues ?? nextId(),
      status: p.trade.status,
      product: p.trade.product,
      importId: p.importId ?? importId,
      fills: p.executions.map((e) => ({
        id: e.storedId ?? idOf(e.fill),
        importId: e.importId ?? importId,
        fill: {
          ...e.fill,
          quantity: e.quantity,
          fees: e.fill.fees === null ? null : (e.fill.fees * e.quantity) / e.fill.quantity,
        },
      })),
    }),
  );
  return [...kept, ...added];
}

/** A journal that plans are saved into, one after another. */
export class Journal {
  stored: StoredTrade[] = [];
  private next = 1;

  save(groups: readonly RebuildGroup[], importId: string | null): void {
    this.stored = savePlan(this.stored, groups, importId, () => `t${this.next++}`);
  }

  get trades() {
    return this.stored;
  }
}

/** A planned trade's fills as the tax P&L reads a stored trade's (its part of each). */
export const taxExecutions = (executions: readonly { fill: Fill; quantity: number; kind: string }[]) =>
  executions.map((e) => ({
    side: e.fill.side,
    quantity: e.quantity,
    price: e.fill.price,
    executedAt: e.fill.executedAt,
    kind: e.kind,
    ...(e.fill.dateUnknown ? { dateUnknown: true } : {}),
  }));
