// The journal's imported trades and fills as @bahi/trading plans with them (rows in), and a planned trade as the
// rebuild RPCs take it (payload out). The rules themselves live in the package; this module only maps fields.
import type {
  CorporateAction,
  Fill,
  ImportBroker,
  PlannedTrade,
  Product,
  StoredTrade,
  TradeStatus,
} from '@bahi/trading';
import { deletedFillKey, formatIstTimestamp } from '@bahi/trading';

/** What `journal_fills()` returns: the imported trades and their fills as columns, and the fills the trader deleted. */
export interface JournalFillsJson {
  trades: {
    id: string[];
    exchange: Fill['exchange'][];
    segment: Fill['segment'][];
    product: Product[];
    symbol: string[];
    isin: (string | null)[];
    underlying: (string | null)[];
    expiry: (string | null)[];
    strike: (number | string | null)[];
    option_type: ('CE' | 'PE' | null)[];
    status: TradeStatus[];
    import_source: string[];
    import_id: (string | null)[];
    charges: (number | string)[];
    charges_source: ('broker' | 'estimated')[];
  };
  fills: {
    /** The fill's trade, by position in `trades`; fills come grouped by trade and in time order. */
    trade: number[];
    side: ('buy' | 'sell')[];
    quantity: (number | string)[];
    price: (number | string)[];
    /** Epoch seconds. */
    executed_at: (number | string)[];
    broker_trade_id: (string | null)[];
    broker_order_id: (string | null)[];
    kind: ('fill' | 'opening' | 'bonus')[];
    import_id: (string | null)[];
    /** Null for fills stored before each fill kept its own venue: the trade's. */
    exchange: (Fill['exchange'] | null)[];
    date_unknown: boolean[];
  };
  deleted: { broker: string[]; fill_key: string[] };
}

export interface StoredJournal {
  stored: StoredTrade[];
  /** `deletedFillKey`s of the fills the trader deleted. */
  deleted: Set<string>;
}

const PART = /#\d+$/;

/**
 * The imported trades with their fills, each fill in the readers' shape. A trade's charges from the broker are
 * shared over its fills by quantity, so a rebuilt trade keeps the broker's figure.
 */
export function storedJournal(json: JournalFillsJson): StoredJournal {
  const t = json.trades;
  const f = json.fills;
  const stored: StoredTrade[] = t.id.map((id, i) => ({
    id,
    status: t.status[i]!,
    product: t.product[i]!,
    importId: t.import_id[i] ?? null,
    fills: [],
  }));
  const units = new Float64Array(stored.length);
  for (let k = 0; k < f.trade.length; k++) units[f.trade[k]!]! += Number(f.quantity[k]);
  for (let k = 0; k < f.trade.length; k++) {
    const i = f.trade[k]!;
    const quantity = Number(f.quantity[k]);
    const brokerFees = t.charges_source[i] === 'broker' ? Number(t.charges[i]) : null;
    const storedId = f.broker_trade_id[k] ?? null;
    const kind = f.kind[k]!;
    const fill: Fill = {
      broker: t.import_source[i] as ImportBroker,
      tradeId: storedId === null ? null : storedId.replace(PART, ''),
      orderId: f.broker_order_id[k] ?? null,
      exchange: f.exchange[k] ?? t.exchange[i]!,
      segment: t.segment[i]!,
      symbol: t.symbol[i]!,
      isin: t.isin[i] ?? null,
      underlying: t.underlying[i] ?? null,
      expiry: t.expiry[i] ?? null,
      strike: t.strike[i] === null || t.strike[i] === undefined ? null : Number(t.strike[i]),
      optionType: t.option_type[i] ?? null,
      side: f.side[k]!,
      quantity,
      price: Number(f.price[k]),
      executedAt: formatIstTimestamp(Number(f.executed_at[k]) * 1000),
      fees: brokerFees === null || units[i] === 0 ? null : (brokerFees * quantity) / units[i]!,
      row: 0,
      opening: kind !== 'fill',
      bonus: kind === 'bonus',
      ...(f.date_unknown[k] ? { dateUnknown: true } : {}),
    };
    stored[i]!.fills.push({ storedId, importId: f.import_id[k] ?? null, fill });
  }
  const deleted = new Set(json.deleted.broker.map((broker, k) => deletedFillKey(broker, json.deleted.fill_key[k]!)));
  return { stored, deleted };
}

// A date column may arrive as a Date (node-postgres); plans compare 'YYYY-MM-DD' strings.
const day = (v: string | Date | null) => (v instanceof Date ? v.toISOString().slice(0, 10) : v);

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
  /** The replaced trade this one continues (rewritten in place, keeping its journalling). */
  id?: string;
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
    exchange: string;
    date_unknown?: true;
  }[];
}

/** A planned trade as the RPCs take it; `brokerProfileId` is recorded on estimated charges. */
export function tradePayload(p: PlannedTrade, brokerProfileId: string | null): TradePayload {
  const { trade: t, charges } = p;
  return {
    ...(p.continues ? { id: p.continues } : {}),
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
      exchange: e.exchange,
      ...(e.dateUnknown ? { date_unknown: true as const } : {}),
    })),
  };
}
