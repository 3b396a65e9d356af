// The tax page's rows as @bahi/trading's tax P&L takes them: trades and their fills (the lots of a delivery sale,
// undated ones marked) and the opening lots that have no buy date, named as the planner names them. Only mapping.
import {
  type CorporateAction,
  deletedFillKey,
  istDate,
  parseTimestamp,
  type TaxTrade,
  taxTradeOf,
} from '@bahi/trading';
import type { UndatedLotView } from '@bahi/ui';

export const TAX_TRADE_COLUMNS =
  'id, symbol, isin, exchange, segment, product, side, status, entry_time, exit_time, quantity, avg_entry_price, ' +
  'avg_exit_price, gross_pnl, charges, charges_breakdown, adjustments';

export interface TaxTradeRow {
  id: string;
  symbol: string;
  isin: string | null;
  exchange: 'NSE' | 'BSE' | 'MCX';
  segment: 'equity' | 'futures' | 'options';
  product: 'intraday' | 'delivery' | 'carry_forward';
  side: 'long' | 'short';
  status: 'open' | 'closed' | 'missing_cost';
  entry_time: string;
  exit_time: string | null;
  quantity: number | string;
  avg_entry_price: number | string | null;
  avg_exit_price: number | string | null;
  gross_pnl: number | string | null;
  charges: number | string;
  charges_breakdown: Record<string, number> | null;
  adjustments: { symbol: string; kind: 'split' | 'bonus'; from: number; to: number; ex_date: string }[] | null;
}

export interface TaxFillRow {
  trade_id: string;
  side: 'buy' | 'sell';
  quantity: number | string;
  price: number | string;
  executed_at: string;
  kind: string;
  broker_trade_id: string | null;
  date_unknown: boolean;
}

/** The fill columns the tax P&L reads. */
export const TAX_FILL_COLUMNS = 'trade_id, side, quantity, price, executed_at, kind, broker_trade_id, date_unknown';

const num = (v: number | string | null) => (v === null ? null : Number(v));
/** Trades and their fills as rows, in the tax P&L's shape (a delivery sale's lots from its fills). */
export function taxTrades(rows: readonly TaxTradeRow[], fillRows: readonly TaxFillRow[]): TaxTrade[] {
  const fills = new Map<string, TaxFillRow[]>();
  for (const f of fillRows) {
    const list = fills.get(f.trade_id);
    if (list) list.push(f);
    else fills.set(f.trade_id, [f]);
  }
  const out: TaxTrade[] = [];
  for (const r of rows) {
    const adjustments: CorporateAction[] = (r.adjustments ?? []).map((a) => ({
      symbol: a.symbol,
      kind: a.kind,
      from: a.from,
      to: a.to,
      exDate: a.ex_date,
    }));
    const t = taxTradeOf({
      id: r.id,
      symbol: r.symbol,
      isin: r.isin,
      exchange: r.exchange,
      segment: r.segment,
      product: r.product,
      side: r.side,
      status: r.status,
      entryTime: r.entry_time,
      exitTime: r.exit_time,
      quantity: Number(r.quantity),
      entryPrice: num(r.avg_entry_price),
      exitPrice: num(r.avg_exit_price),
      grossPnl: num(r.gross_pnl),
      charges: Number(r.charges),
      chargesBreakdown: r.charges_breakdown,
      adjustments,
      executions: fills.get(r.id)?.map((f) => ({
        side: f.side,
        quantity: Number(f.quantity),
        price: Number(f.price),
        executedAt: f.executed_at,
        kind: f.kind,
        dateUnknown: f.date_unknown,
        brokerTradeId: f.broker_trade_id,
      })),
    });
    if (t) out.push(t);
  }
  return out;
}

/** An undated opening lot's fill (or a part of it, in one trade) with its trade's share. */
export interface UndatedFillRow {
  trade_id: string;
  broker: string;
  fill_key: string;
  quantity: number | string;
  price: number | string;
  executed_at: string;
}

/**
 * The opening lots with no buy date, whole (a lot split between trades is one lot), named as the planner names
 * them (`fillKey`), oldest first.
 */
export function undatedLotViews(
  fillRows: readonly UndatedFillRow[],
  trades: ReadonlyMap<string, { symbol: string; isin: string | null }>,
): UndatedLotView[] {
  const lots = new Map<string, UndatedLotView>();
  for (const f of fillRows) {
    // The planner's fillKey of a stored fill: its broker and the database's fill_key.
    const id = deletedFillKey(f.broker, f.fill_key);
    const lot = lots.get(id);
    if (lot) {
      lot.quantity = Math.round((lot.quantity + Number(f.quantity)) * 1e6) / 1e6;
      continue;
    }
    const trade = trades.get(f.trade_id);
    lots.set(id, {
      id,
      symbol: trade?.symbol ?? '',
      isin: trade?.isin ?? null,
      quantity: Number(f.quantity),
      price: Number(f.price),
      heldOn: istDate(parseTimestamp(f.executed_at)),
    });
  }
  return [...lots.values()].sort((a, b) => a.heldOn.localeCompare(b.heldOn) || a.symbol.localeCompare(b.symbol));
}
