// Test support: a journal store for plans, doing what the rebuild RPCs do.
import type { Fill } from '../import/types';
import { applyPlan, type RebuildGroup, type StoredTrade, type StoredTradeFigures } from './rebuild';

/** The journal after saving a plan, with ids from `nextId` for its new trades and fills (applyPlan). */
export function savePlan(
  stored: readonly StoredTradeFigures[],
  groups: readonly RebuildGroup[],
  importId: string | null,
  nextId: () => string,
): StoredTradeFigures[] {
  const ids = new Map<object, string>();
  const idOf = (key: object) => {
    let id = ids.get(key);
    if (id === undefined) {
      id = nextId();
      ids.set(key, id);
    }
    return id;
  };
  return applyPlan(stored, groups, importId, { trade: idOf, fill: idOf });
}

/** A journal that plans are saved into, one after another. */
export class Journal {
  /** With each trade's charges and gross P&L as saved. */
  stored: StoredTradeFigures[] = [];
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

/** A stored trade's fills as the tax P&L reads them (tax_trades(): its part of each, named by the fill's id). */
export const storedExecutions = (trade: StoredTrade) =>
  trade.fills.map((s) => ({
    side: s.fill.side,
    quantity: s.fill.quantity,
    price: s.fill.price,
    executedAt: s.fill.executedAt,
    kind: s.fill.bonus ? 'bonus' : s.fill.opening ? 'opening' : 'fill',
    fillId: s.id,
    ...(s.fill.dateUnknown ? { dateUnknown: true } : {}),
  }));
