// The journal's imported trades and fills as @bahi/trading plans with them (rows in), and a planned trade as the
// rebuild RPCs take it (payload out). The rules themselves live in the package; this module only maps fields.
import type {
  AppliedAction,
  CorporateAction,
  CorporateActionKind,
  Fill,
  ImportBroker,
  PlannedTrade,
  Product,
  StoredTrade,
  TradeStatus,
} from '@bahi/trading';
import { shareOfStoredFill, toIstTimestamp } from '@bahi/trading';

/** The `trades` columns a plan reads. */
export const STORED_TRADE_COLUMNS =
  'id, exchange, segment, product, symbol, isin, underlying, expiry, strike, option_type, status, import_source, ' +
  'import_id, ' +
  'charges, charges_source, adjustments';

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
  /** The corporate actions applied to the trade (AdjustmentPayload), so a merged holding's fills find their share. */
  adjustments?: AdjustmentPayload[] | null;
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
 * The imported trades with their fills, each fill in the readers' shape. A trade's charges from the broker are
 * shared over its fills by quantity, so a rebuilt trade keeps the broker's figure.
 */
export function storedTrades(trades: readonly StoredTradeRow[], fills: readonly StoredFillRow[]): StoredTrade[] {
  const byTrade = new Map<string, StoredFillRow[]>();
  for (const f of fills) {
    const list = byTrade.get(f.trade_id);
    if (list) list.push(f);
    else byTrade.set(f.trade_id, [f]);
  }
  const out: StoredTrade[] = [];
  for (const t of trades) {
    if (t.import_source === 'manual') continue;
    const rows = (byTrade.get(t.id) ?? []).sort((a, b) => {
      const at = instant(a.executed_at);
      const bt = instant(b.executed_at);
      return at < bt ? -1 : at > bt ? 1 : (a.broker_trade_id ?? '') < (b.broker_trade_id ?? '') ? -1 : 1;
    });
    const units = rows.reduce((s, f) => s + Number(f.quantity), 0);
    const brokerFees = t.charges_source === 'broker' ? Number(t.charges) : null;
    // Fills are stored under the trade's symbol and ISIN; a holding that moved in a merger holds the old share's.
    const share = { symbol: t.symbol, isin: t.isin, adjustments: (t.adjustments ?? []).map(adjustmentOf) };
    out.push({
      id: t.id,
      status: t.status,
      product: t.product,
      importId: t.import_id,
      fills: rows.map((f) => {
        const quantity = Number(f.quantity);
        const executedAt = toIstTimestamp(instant(f.executed_at));
        const named = t.segment === 'equity' ? shareOfStoredFill(share, executedAt) : t;
        const fill: Fill = {
          broker: t.import_source as ImportBroker,
          tradeId: f.broker_trade_id === null ? null : f.broker_trade_id.replace(/#\d+$/, ''),
          orderId: f.broker_order_id,
          exchange: t.exchange,
          segment: t.segment,
          symbol: named.symbol,
          isin: named.isin,
          underlying: t.underlying,
          expiry: day(t.expiry),
          strike: t.strike === null ? null : Number(t.strike),
          optionType: t.option_type,
          side: f.side,
          quantity,
          price: Number(f.price),
          executedAt,
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

/** The `corporate_actions` columns a plan and the dialog read. */
export const CORPORATE_ACTION_COLUMNS =
  'id, symbol, isin, kind, ratio_from, ratio_to, ex_date, new_symbol, new_isin, cost_percent';

export interface CorporateActionRow {
  id: string;
  symbol: string;
  isin?: string | null;
  kind: CorporateActionKind;
  ratio_from: number;
  ratio_to: number;
  ex_date: string | Date;
  new_symbol?: string | null;
  new_isin?: string | null;
  cost_percent?: number | string | null;
}

export const corporateAction = (r: CorporateActionRow): CorporateAction => ({
  id: r.id,
  symbol: r.symbol,
  isin: r.isin ?? null,
  kind: r.kind,
  from: r.ratio_from,
  to: r.ratio_to,
  exDate: day(r.ex_date) as string,
  newSymbol: r.new_symbol ?? null,
  newIsin: r.new_isin ?? null,
  costPercent: r.cost_percent === null || r.cost_percent === undefined ? null : Number(r.cost_percent),
});

/** A corporate action to add, as change_corporate_action takes it (`p_action`). */
export const actionPayload = (a: CorporateAction) => ({
  symbol: a.symbol,
  isin: a.isin ?? null,
  kind: a.kind,
  ratio_from: a.from,
  ratio_to: a.to,
  ex_date: a.exDate,
  new_symbol: a.newSymbol ?? null,
  new_isin: a.newIsin ?? null,
  cost_percent: a.costPercent ?? null,
});

/** A corporate action as a trade's `adjustments` element stores it (what it did to that trade's holding). */
export interface AdjustmentPayload {
  symbol: string;
  isin?: string | null;
  kind: CorporateActionKind;
  from: number;
  to: number;
  ex_date: string;
  new_symbol?: string | null;
  new_isin?: string | null;
  cost_percent?: number | null;
  /** This holding received shares without its own fills moving (see AppliedAction). */
  credited?: boolean;
  /** What happened to a fractional entitlement. */
  note?: string;
}

export const adjustmentPayload = (a: AppliedAction): AdjustmentPayload => ({
  symbol: a.symbol,
  kind: a.kind,
  from: a.from,
  to: a.to,
  ex_date: a.exDate,
  ...(a.isin ? { isin: a.isin } : {}),
  ...(a.newSymbol ? { new_symbol: a.newSymbol } : {}),
  ...(a.newIsin ? { new_isin: a.newIsin } : {}),
  ...(a.costPercent ? { cost_percent: a.costPercent } : {}),
  ...(a.credited ? { credited: true } : {}),
  ...(a.note ? { note: a.note } : {}),
});

export const adjustmentOf = (a: AdjustmentPayload): AppliedAction => ({
  symbol: a.symbol,
  isin: a.isin ?? null,
  kind: a.kind,
  from: a.from,
  to: a.to,
  exDate: a.ex_date,
  newSymbol: a.new_symbol ?? null,
  newIsin: a.new_isin ?? null,
  costPercent: a.cost_percent ?? null,
  ...(a.credited ? { credited: true } : {}),
  ...(a.note ? { note: a.note } : {}),
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
  adjustments: AdjustmentPayload[];
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
    adjustments: t.adjustments.map(adjustmentPayload),
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
