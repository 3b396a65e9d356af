// Test support: a journal store for plans that also keeps each trade as planned, so the tax P&L can read it as /tax
// does (a trade with its fills: the lots of a delivery sale, undated ones marked).
import { Journal, storedExecutions } from '../plan/journal.fixture';
import { type PlannedTrade, plannedTrades, type RebuildGroup } from '../plan/rebuild';
import { taxTradeOf } from './tax-trade';
import type { TaxTrade } from './types';

export class TaxJournal extends Journal {
  private planned = new Map<string, PlannedTrade>();

  override save(groups: readonly RebuildGroup[], importId: string | null): void {
    for (const g of groups) for (const id of g.replace) this.planned.delete(id);
    super.save(groups, importId);
    // The store appends the saved trades in plan order: pair them up.
    const trades = plannedTrades(groups);
    const saved = this.stored.slice(this.stored.length - trades.length);
    for (const [i, t] of saved.entries()) this.planned.set(t.id, trades[i]!);
  }

  /** Every realised trade in the tax P&L's shape. */
  taxTrades(): TaxTrade[] {
    const out: TaxTrade[] = [];
    for (const [id, p] of this.planned) {
      const t = taxTradeOf({
        id,
        symbol: p.trade.symbol,
        isin: p.trade.isin,
        exchange: p.trade.exchange,
        segment: p.trade.segment,
        product: p.trade.product,
        side: p.trade.side,
        status: p.trade.status,
        entryTime: p.trade.entryTime,
        exitTime: p.trade.exitTime,
        quantity: p.trade.quantity,
        entryPrice: p.trade.avgEntryPrice,
        exitPrice: p.trade.avgExitPrice,
        grossPnl: p.trade.grossPnl,
        charges: p.charges.total,
        chargesBreakdown: p.charges.lines ? { ...p.charges.lines } : null,
        adjustments: p.trade.adjustments,
        executions: storedExecutions(this.stored.find((s) => s.id === id)!),
      });
      if (t) out.push(t);
    }
    return out;
  }
}
