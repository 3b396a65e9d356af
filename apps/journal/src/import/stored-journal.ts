// The journal's imported trades and fills as @bahi/trading plans with them (rows in), and a planned trade as the
// rebuild RPCs take it (payload out). The rules themselves live in the package; this module only maps fields.
import type {
  CorporateAction,
  Fill,
  ImportBroker,
  PlannedTrade,
  Product,
  StoredTradeFigures,
  TradeStatus,
} from '@bahi/trading';
import { toIstTimestamp } from '@bahi/trading';

/** The `trades` columns a plan reads. */
export const STORED_TRADE_COLUMNS =
  'id, exchange, segment, product, symbol, isin, underlying, expiry, strike, option_type, status, import_source, ' +
  'import_id, ' +
  'charges, charges_source, gross_pnl';

/** The `trade_executions` columns a plan reads. */
export const STORED_FILL_COLUMNS =
  'id, trade_id, broker, side, quantity, price, executed_at, broker_trade_id, broker_order_id, kind, import_id';

export interface StoredTradeRow {
  id: string;
  exchange: 'NSE' | 'BSE' | 'MCX';
  segment: 'equity' | 'futures' | 'options';
  product: Product;
  symbol: string;
  isin: string | null;
  underlying: string | null;
  expiry: string | Date | null;
  strike: number | string | null;
  option_type: 'CE' | 'PE' | null;
  status: TradeStatus;
  import_source: string;
  import_id: string | null;
  charges: number | string;
  charges_source: 'broker' | 'estimated';
  gross_pnl?: number | string | null;
}

export interface StoredFillRow {
  id: string;
  trade_id: string;
  broker: string;
  side: 'buy' | 'sell';
  quantity: number | string;
  price: number | string;
  executed_at: string | Date;
  broker_trade_id: string | null;
  broker_order_id: string | null;
  kind: 'fill' | 'opening' | 'bonus';
  import_id: string | null;
}

// A date column may arrive as a Date (node-postgres); plans compare 'YYYY-MM-DD' strings.
const day = (v: string | Date | null) => (v instanceof Date ? v.toISOString().slice(0, 10) : v);
const instant = (v: string | Date) => (v instanceof Date ? v.toISOString() : v);

/**
 * The imported trades with their fills, each fill in the readers' shape, and the charges and P&L they were saved with
 * (what "rebuild my journal" compares). A trade's charges from the broker are shared over its fills by quantity, so a
 * rebuilt trade keeps the broker's figure.
 */
export function storedTrades(trades: readonly StoredTradeRow[], fills: readonly StoredFillRow[]): StoredTradeFigures[] {
  const byTrade = new Map<string, StoredFillRow[]>();
  for (const f of fills) {
    const list = byTrade.get(f.trade_id);
    if (list) list.push(f);
    else byTrade.set(f.trade_id, [f]);
  }
  const out: StoredTradeFigures[] = [];
  for (const t of trades) {
    if (t.import_source === 'manual') continue;
    const rows = (byTrade.get(t.id) ?? []).sort((a, b) => {
      const at = instant(a.executed_at);
      const bt = instant(b.executed_at);
      return at < bt ? -1 : at > bt ? 1 : (a.broker_trade_id ?? '') < (b.broker_trade_id ?? '') ? -1 : 1;
    });
    const units = rows.reduce((s, f) => s + Number(f.quantity), 0);
    const brokerFees = t.charges_source === 'broker' ? Number(t.charges) : null;
    out.push({
      id: t.id,
      status: t.status,
      product: t.product,
      importId: t.import_id,
      charges: Number(t.charges),
      ...(t.gross_pnl === undefined ? {} : { grossPnl: t.gross_pnl === null ? null : Number(t.gross_pnl) }),
      fills: rows.map((f) => {
        const quantity = Number(f.quantity);
        const fill: Fill = {
          broker: t.import_source as ImportBroker,
          tradeId: f.broker_trade_id === null ? null : f.broker_trade_id.replace(/#\d+$/, ''),
          orderId: f.broker_order_id,
          exchange: t.exchange,
          segment: t.segment,
          symbol: t.symbol,
          isin: t.isin,
          underlying: t.underlying,
          expiry: day(t.expiry),
          strike: t.strike === null ? null : Number(t.strike),
          optionType: t.option_type,
          side: f.side,
          quantity,
          price: Number(f.price),
          executedAt: toIstTimestamp(instant(f.executed_at)),
          fees: brokerFees === null || units === 0 ? null : (brokerFees * quantity) / units,
          row: 0,
          opening: f.kind !== 'fill',
          bonus: f.kind === 'bonus',
        };
        return { storedId: f.broker_trade_id, importId: f.import_id, fill };
      }),
    });
  }
  return out;
}

export interface CorporateActionRow {
  id: string;
  symbol: string;
  kind: 'split' | 'bonus';
  ratio_from: number;
  ratio_to: number;
  ex_date: string | Date;
}

export const corporateAction = (r: CorporateActionRow): CorporateAction => ({
  id: r.id,
  symbol: r.symbol,
  kind: r.kind,
  from: r.ratio_from,
  to: r.ratio_to,
  exDate: day(r.ex_date) as string,
});

/** One element of `p_trades` (the rebuild RPCs' contract). */
export interface TradePayload {
  broker: string;
  import_id: string | null;
  exchange: string;
  segment: string;
  product: string;
  symbol: string;
  isin: string | null;
  underlying: string | null;
  expiry: string | null;
  strike: number | null;
  option_type: string | null;
  lot_size: number | null;
  side: 'long' | 'short';
  quantity: number;
  avg_entry_price: number | null;
  avg_exit_price: number | null;
  entry_time: string;
  exit_time: string | null;
  status: TradeStatus;
  gross_pnl: number | null;
  charges: number;
  charges_breakdown: Record<string, number> | null;
  charges_source: 'broker' | 'estimated';
  broker_profile_id: string | null;
  adjustments: { symbol: string; kind: string; from: number; to: number; ex_date: string }[];
  executions: {
    side: 'buy' | 'sell';
    quantity: number;
    price: number;
    executed_at: string;
    broker_trade_id: string | null;
    broker_order_id: string | null;
    kind: 'fill' | 'opening' | 'bonus';
    import_id: string | null;
  }[];
}

/** A planned trade as the RPCs take it; `brokerProfileId` is recorded on estimated charges. */
export function tradePayload(p: PlannedTrade, brokerProfileId: string | null): TradePayload {
  const { trade: t, charges } = p;
  return {
    broker: t.broker,
    import_id: p.importId,
    exchange: t.exchange,
    segment: t.segment,
    product: t.product,
    symbol: t.symbol,
    isin: t.isin,
    underlying: t.underlying,
    expiry: t.expiry,
    strike: t.strike,
    option_type: t.optionType,
    lot_size: p.lotSize,
    side: t.side,
    quantity: t.quantity,
    avg_entry_price: t.avgEntryPrice,
    avg_exit_price: t.avgExitPrice,
    entry_time: t.entryTime,
    exit_time: t.exitTime,
    status: t.status,
    gross_pnl: t.grossPnl,
    charges: charges.total,
    charges_breakdown: charges.lines ? { ...charges.lines } : null,
    charges_source: charges.source,
    broker_profile_id: charges.source === 'estimated' ? brokerProfileId : null,
    adjustments: t.adjustments.map((a) => ({
      symbol: a.symbol,
      kind: a.kind,
      from: a.from,
      to: a.to,
      ex_date: a.exDate,
    })),
    executions: p.executions.map((e) => ({
      side: e.side,
      quantity: e.quantity,
      price: e.price,
      executed_at: e.executedAt,
      broker_trade_id: e.brokerTradeId,
      broker_order_id: e.brokerOrderId,
      kind: e.kind,
      import_id: e.importId,
    })),
  };
}
