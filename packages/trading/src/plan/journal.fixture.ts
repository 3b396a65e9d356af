// Test support: a journal store for plans.
import { plannedTrades, type RebuildGroup, type StoredTrade } from './rebuild';

// A small journal store that does what the rebuild RPCs do: delete the replaced trades, insert the planned ones (a
// trade that continues a replaced one keeps its id), and file each fill under the import that brought it (null in a
// plan: the import being saved).
export class Journal {
  stored: StoredTrade[] = [];
  private next = 1;

  save(groups: readonly RebuildGroup[], importId: string | null): void {
    const gone = new Set(groups.flatMap((g) => g.replace));
    this.stored = this.stored.filter((t) => !gone.has(t.id));
    for (const p of plannedTrades(groups)) {
      const t = p.trade;
      this.stored.push({
        id: p.continues ?? `t${this.next++}`,
        status: t.status,
        product: t.product,
        importId: p.importId ?? importId,
        fills: p.executions.map((e, i) => {
          const source = t.executions[i]!.fill;
          return {
            storedId: e.brokerTradeId,
            importId: e.importId ?? importId,
            fill: { ...source, quantity: e.quantity, tradeId: source.tradeId },
          };
        }),
      });
    }
  }

  get trades() {
    return this.stored;
  }
}
