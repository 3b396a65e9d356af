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
  SavedIds,
  StoredTradeFigures,
  TradeStatus,
} from '@bahi/trading';
import { deletedFillKey, formatIstTimestamp } from '@bahi/trading';

/** What `journal_fills()` returns: the imported trades and their fills as columns, and the fills the trader deleted. */
export interface JournalFillsJson {
  /** Import ids, named by position in the `import` columns. */
  imports: string[];
  trades: {
    id: string[];
    exchange: Fill['exchange'][];
    segment: Fill['segment'][];
    product: Product[];
    symbol: string[];
    isin: (string | null)[];
    status: TradeStatus[];
    import_source: string[];
    import: (number | null)[];
    charges: (number | string)[];
    charges_source: ('broker' | 'estimated')[];
    gross_pnl: (number | string | null)[];
    /** The fills each trade holds, by position in `fills`, and the units it holds of each. */
    fills: number[][];
    units: (number | string)[][];
  };
  fills: {
    id: string[];
    broker: string[];
    import: (number | null)[];
    exchange: Fill['exchange'][];
    segment: Fill['segment'][];
    symbol: string[];
    isin: (string | null)[];
    underlying: (string | null)[];
    expiry: (string | null)[];
    strike: (number | string | null)[];
    option_type: ('CE' | 'PE' | null)[];
    side: ('buy' | 'sell')[];
    quantity: (number | string)[];
    price: number[];
    fees: (number | null)[];
    /** Epoch seconds. */
    executed_at: (number | string)[];
    broker_trade_id: (string | null)[];
    broker_order_id: (string | null)[];
    kind: ('fill' | 'opening' | 'bonus')[];
    date_unknown: boolean[];
  };
  deleted: { broker: string[]; fill_key: string[] };
}

export interface StoredJournal {
  /** With the charges and P&L each was saved with (what "rebuild my journal" compares). */
  stored: StoredTradeFigures[];
  /** `deletedFillKey`s of the fills the trader deleted. */
  deleted: Set<string>;
}

/**
 * The imported trades with the fills they hold, each fill in the readers' shape with the trade's part of it (units,
 * and the broker's charges pro rata).
 */
export function storedJournal(json: JournalFillsJson): StoredJournal {
  const f = json.fills;
  const importOf = (n: number | null | undefined) => (n === null || n === undefined ? null : (json.imports[n] ?? null));
  // Each fill read once; a trade's part is a copy with its units.
  const fills: Fill[] = f.id.map((_, k) => ({
    broker: f.broker[k] as ImportBroker,
    tradeId: f.broker_trade_id[k] ?? null,
    orderId: f.broker_order_id[k] ?? null,
    exchange: f.exchange[k]!,
    segment: f.segment[k]!,
    symbol: f.symbol[k]!,
    isin: f.isin[k] ?? null,
    underlying: f.underlying[k] ?? null,
    expiry: f.expiry[k] ?? null,
    strike: f.strike[k] === null || f.strike[k] === undefined ? null : Number(f.strike[k]),
    optionType: f.option_type[k] ?? null,
    side: f.side[k]!,
    quantity: Number(f.quantity[k]),
    price: f.price[k]!,
    executedAt: formatIstTimestamp(Number(f.executed_at[k]) * 1000),
    fees: f.fees[k] ?? null,
    row: 0,
    opening: f.kind[k] !== 'fill',
    bonus: f.kind[k] === 'bonus',
    ...(f.date_unknown[k] ? { dateUnknown: true } : {}),
  }));
  const t = json.trades;
  const stored: StoredTradeFigures[] = t.id.map((id, i) => ({
    id,
    status: t.status[i]!,
    product: t.product[i]!,
    importId: importOf(t.import[i]),
    charges: Number(t.charges[i]),
    grossPnl: t.gross_pnl[i] === null || t.gross_pnl[i] === undefined ? null : Number(t.gross_pnl[i]),
    fills: (t.fills[i] ?? []).map((k, n) => {
      const whole = fills[k]!;
      const quantity = Number(t.units[i]?.[n]);
      return {
        id: f.id[k]!,
        importId: importOf(f.import[k]),
        fill:
          quantity === whole.quantity
            ? whole
            : {
                ...whole,
                quantity,
                fees: whole.fees === null ? null : (whole.fees * quantity) / whole.quantity,
              },
      };
    }),
  }));
  const deleted = new Set(json.deleted.broker.map((broker, k) => deletedFillKey(broker, json.deleted.fill_key[k]!)));
  return { stored, deleted };
}

// A date column may arrive as a Date (node-postgres); plans compare 'YYYY-MM-DD' strings.
const day = (v: string | Date | null) => (v instanceof Date ? v.toISOString().slice(0, 10) : v);

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

/** One element of `p_fills`: a fill the change brings, with the id it is stored under. */
export interface FillPayload {
  id: string;
  broker: string;
  import_id: string | null;
  exchange: string;
  segment: string;
  symbol: string;
  isin: string | null;
  underlying: string | null;
  expiry: string | null;
  strike: number | null;
  option_type: string | null;
  side: 'buy' | 'sell';
  quantity: number;
  price: number;
  fees: number | null;
  executed_at: string;
  broker_trade_id: string | null;
  broker_order_id: string | null;
  kind: 'fill' | 'opening' | 'bonus';
  date_unknown?: true;
}

/** One element of `p_trades` (the rebuild RPCs' contract). */
export interface TradePayload {
  /** A new trade's id, or the replaced trade's it continues (rewritten in place, keeping its journalling). */
  id: string;
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
  /** [fill id, units held]: a stored fill, or one of this call's p_fills. */
  fills: [string, number][];
}

/** `T` as sent: its null fields left out, which the rebuild RPCs read as null. */
export type Sent<T> = { [K in keyof T as null extends T[K] ? never : K]: T[K] } & {
  [K in keyof T as null extends T[K] ? K : never]?: Exclude<T[K], null>;
};

/** `payload` without its null fields: a 50,000-fill file's parts are a fifth smaller to send and to parse. */
function sent<T extends object>(payload: T): Sent<T> {
  const out: Record<string, unknown> = {};
  for (const key in payload) if (payload[key] !== null) out[key] = payload[key];
  return out as Sent<T>;
}

export interface RebuildPayload {
  p_trades: Sent<TradePayload>[];
  p_fills: Sent<FillPayload>[];
}

function fillPayload(id: string, fill: Fill, importId: string | null, kind: FillPayload['kind']): FillPayload {
  return {
    id,
    broker: fill.broker,
    import_id: importId,
    exchange: fill.exchange,
    segment: fill.segment,
    symbol: fill.symbol,
    isin: fill.isin ?? null,
    underlying: fill.underlying,
    expiry: fill.expiry,
    strike: fill.strike,
    option_type: fill.optionType,
    side: fill.side,
    quantity: fill.quantity,
    price: fill.price,
    fees: fill.fees,
    executed_at: fill.executedAt,
    broker_trade_id: fill.tradeId,
    broker_order_id: fill.orderId,
    kind,
    ...(fill.dateUnknown ? { date_unknown: true as const } : {}),
  };
}

/** Ids for a save's new trades and fills, made once per trade and per fill (so the copy of the journal matches). */
export function newIds(newId: () => string = () => crypto.randomUUID()): SavedIds {
  const ids = new Map<object, string>();
  const idOf = (key: object) => {
    let id = ids.get(key);
    if (id === undefined) {
      id = newId();
      ids.set(key, id);
    }
    return id;
  };
  return { trade: idOf, fill: idOf };
}

/**
 * Planned trades as the rebuild RPCs take them: each new fill once in p_fills, each trade with its id (a new one, or
 * the replaced trade's it continues) naming its fills and the units it holds; `brokerProfileId` is recorded on
 * estimated charges.
 */
export function rebuildPayload(
  trades: readonly PlannedTrade[],
  brokerProfileId: string | null,
  ids: SavedIds = newIds(),
): RebuildPayload {
  const included = new Set<Fill>();
  const p_fills: Sent<FillPayload>[] = [];
  const p_trades = trades.map((p) => {
    const { trade: t, charges } = p;
    return sent<TradePayload>({
      id: p.continues ?? ids.trade(p),
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
      fills: p.executions.map((e) => {
        if (e.storedId !== null) return [e.storedId, e.quantity];
        const id = ids.fill(e.fill);
        if (!included.has(e.fill)) {
          included.add(e.fill);
          p_fills.push(sent(fillPayload(id, e.fill, e.importId, e.kind)));
        }
        return [id, e.quantity];
      }),
    });
  });
  return { p_trades, p_fills };
}
