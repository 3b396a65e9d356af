// The import pipeline after parsing, as plain data in and out: de-duplicate against the journal, re-open the
// user's open imported positions in the same instruments, FIFO-match, charge, and shape the `import_trades` payload.
// No Supabase here: import-data.ts loads the inputs and sends the result.
import {
  type Fill,
  type ImportBroker,
  type ImportRowError,
  instrumentKey,
  lotSize,
  type MatchedTrade,
  matchFills,
  mergeFills,
  type ParseResult,
  toIstTimestamp,
} from '@bahi/trading';
import type { ChargeProfile } from '../broker-profile';
import { tradeCharges } from './trade-charges';

/** A fill already in the journal (`trade_executions` of this broker) with its trade's contract. */
export interface StoredExecution {
  tradeId: string;
  side: 'buy' | 'sell';
  quantity: number;
  price: number;
  executedAt: string;
  brokerTradeId: string | null;
  brokerOrderId: string | null;
}

/** The fields of a journal trade the plan needs. */
export interface StoredTrade {
  id: string;
  exchange: 'NSE' | 'BSE' | 'MCX';
  segment: 'equity' | 'futures' | 'options';
  symbol: string;
  underlying: string | null;
  expiry: string | null;
  strike: number | null;
  optionType: 'CE' | 'PE' | null;
  status: 'open' | 'closed';
  importSource: string;
  importId: string | null;
}

// biome-ignore lint/suspicious/noExplicitAny: a `trade_executions` row (PostgREST or SQL), mapped field by field.
export function storedExecutionFromRow(e: any): StoredExecution {
  return {
    tradeId: e.trade_id,
    side: e.side,
    quantity: Number(e.quantity),
    price: Number(e.price),
    executedAt: e.executed_at instanceof Date ? e.executed_at.toISOString() : e.executed_at,
    brokerTradeId: e.broker_trade_id,
    brokerOrderId: e.broker_order_id,
  };
}

// biome-ignore lint/suspicious/noExplicitAny: a `trades` row (PostgREST or SQL), mapped field by field.
export function storedTradeFromRow(t: any): StoredTrade {
  return {
    id: t.id,
    exchange: t.exchange,
    segment: t.segment,
    symbol: t.symbol,
    underlying: t.underlying,
    // A date column may arrive as a Date (node-postgres); the plan compares 'YYYY-MM-DD' strings.
    expiry: t.expiry instanceof Date ? t.expiry.toISOString().slice(0, 10) : t.expiry,
    strike: t.strike === null ? null : Number(t.strike),
    optionType: t.option_type,
    status: t.status,
    importSource: t.import_source,
    importId: t.import_id,
  };
}

export interface ExecutionPayload {
  side: 'buy' | 'sell';
  quantity: number;
  price: number;
  executed_at: string;
  broker_trade_id: string | null;
  broker_order_id: string | null;
}

/** One element of `p_trades` (the RPC contract). */
export interface TradePayload {
  exchange: string;
  segment: string;
  product: string;
  symbol: string;
  underlying: string | null;
  expiry: string | null;
  strike: number | null;
  option_type: string | null;
  lot_size: number | null;
  side: 'long' | 'short';
  quantity: number;
  avg_entry_price: number;
  avg_exit_price: number | null;
  entry_time: string;
  exit_time: string | null;
  status: 'open' | 'closed';
  gross_pnl: number | null;
  charges: number;
  charges_breakdown: Record<string, number> | null;
  charges_source: 'broker' | 'estimated';
  broker_profile_id: string | null;
  executions: ExecutionPayload[];
}

export interface ImportPlanInput {
  broker: ImportBroker;
  parsed: ParseResult;
  /** Every stored fill of this broker, and the journal's trades (to read their contracts). */
  executions: readonly StoredExecution[];
  trades: readonly StoredTrade[];
  /** The user's default broker profile (brokerage and DP charge) for trades the file has no charges for. */
  chargeProfile: ChargeProfile;
}

export interface ImportPlan {
  /** Data rows read (good and bad). */
  rowsTotal: number;
  fillsRead: number;
  errors: ImportRowError[];
  /** Fills already in the journal, skipped. */
  duplicates: number;
  newFills: number;
  trades: TradePayload[];
  /** Open imported trades the new fills continue: the RPC deletes them and `trades` holds them rebuilt. */
  replaceOpen: string[];
  openTrades: number;
  closedTrades: number;
}

/** A stored fill in the parsers' shape, so mergeFills and matchFills treat it like a freshly read one. */
function storedFill(e: StoredExecution, t: StoredTrade, broker: ImportBroker): Fill {
  return {
    broker,
    tradeId: e.brokerTradeId,
    orderId: e.brokerOrderId,
    exchange: t.exchange,
    segment: t.segment,
    symbol: t.symbol,
    underlying: t.underlying,
    expiry: t.expiry,
    strike: t.strike,
    optionType: t.optionType,
    side: e.side,
    quantity: e.quantity,
    price: e.price,
    executedAt: toIstTimestamp(e.executedAt),
    fees: null,
    row: 0,
  };
}

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/** The dated table's lot size; for a contract it does not know (stock F&O), the largest size every fill divides into. */
function lotSizeOf(trade: MatchedTrade): number | null {
  if (trade.segment === 'equity' || trade.expiry === null) return null;
  const known = trade.underlying ? lotSize(trade.underlying, trade.expiry) : undefined;
  return known ?? trade.executions.reduce((g, e) => gcd(g, e.quantity), 0);
}

export function planImport(input: ImportPlanInput): ImportPlan {
  const { broker, parsed } = input;
  const tradesById = new Map(input.trades.map((t) => [t.id, t]));
  const stored: { fill: Fill; tradeId: string }[] = [];
  for (const e of input.executions) {
    const t = tradesById.get(e.tradeId);
    if (t) stored.push({ fill: storedFill(e, t, broker), tradeId: e.tradeId });
  }
  const merged = mergeFills(
    stored.map((s) => s.fill),
    parsed.fills,
  );
  const newFills = merged.fills.slice(stored.length);

  // A position opened in an earlier file and closed in this one is one trade: rebuild the open imported trades
  // of the instruments this file touches from their stored fills plus the new ones.
  const touched = new Set(newFills.map(instrumentKey));
  const replaceOpen = new Set<string>();
  const reopened: Fill[] = [];
  for (const s of stored) {
    const t = tradesById.get(s.tradeId);
    if (t?.status !== 'open' || t.importId === null || t.importSource !== broker) continue;
    if (!touched.has(instrumentKey(s.fill))) continue;
    replaceOpen.add(t.id);
    reopened.push(s.fill);
  }
  const matched = newFills.length === 0 ? [] : matchFills([...reopened, ...newFills]);
  // Rebuilt trades go first, so the first RPC call (which deletes the open trades) also recreates them.
  const rebuilt = new Set(reopened);
  const isRebuilt = (t: MatchedTrade) => t.executions.some((e) => rebuilt.has(e.fill));
  const ordered = [...matched.filter(isRebuilt), ...matched.filter((t) => !isRebuilt(t))];
  const trades = toPayloads(ordered, input.chargeProfile);

  const rows = new Set<number>(parsed.errors.map((e) => e.row));
  for (const f of parsed.fills) rows.add(f.row);
  return {
    rowsTotal: rows.size,
    fillsRead: parsed.fills.length,
    errors: parsed.errors,
    duplicates: merged.duplicates,
    newFills: newFills.length,
    trades,
    replaceOpen: [...replaceOpen],
    openTrades: trades.filter((t) => t.status === 'open').length,
    closedTrades: trades.filter((t) => t.status === 'closed').length,
  };
}

export function toPayloads(matched: readonly MatchedTrade[], chargeProfile: ChargeProfile) {
  // A flip's fill belongs to two trades, but a broker trade id is unique per user: its second part gets `#2`, as
  // import_trades names it. Done here too because the two trades can fall in different calls of a large file.
  const usedIds = new Set<string>();
  const uniqueId = (id: string | null) => {
    if (id === null) return null;
    let candidate = id;
    for (let n = 2; usedIds.has(candidate); n++) candidate = `${id}#${n}`;
    usedIds.add(candidate);
    return candidate;
  };
  return matched.map((t): TradePayload => {
    const charges = tradeCharges(t, chargeProfile);
    return {
      exchange: t.exchange,
      segment: t.segment,
      product: t.product,
      symbol: t.symbol,
      underlying: t.underlying,
      expiry: t.expiry,
      strike: t.strike,
      option_type: t.optionType,
      lot_size: lotSizeOf(t),
      side: t.side,
      quantity: t.quantity,
      avg_entry_price: t.avgEntryPrice,
      avg_exit_price: t.avgExitPrice,
      entry_time: t.entryTime,
      exit_time: t.exitTime,
      status: t.status,
      gross_pnl: t.grossPnl,
      charges: charges.charges,
      charges_breakdown: charges.breakdown,
      charges_source: charges.source,
      broker_profile_id: charges.source === 'estimated' ? chargeProfile.id : null,
      executions: t.executions.map((e) => ({
        side: e.fill.side,
        quantity: e.quantity,
        price: e.fill.price,
        executed_at: e.fill.executedAt,
        broker_trade_id: uniqueId(e.fill.tradeId),
        broker_order_id: e.fill.orderId,
      })),
    };
  });
}

/** Splits the payload into RPC calls of at most `size` trades, keeping the plan's order. */
export function chunkTrades(trades: readonly TradePayload[], size = 2000): TradePayload[][] {
  const chunks: TradePayload[][] = [];
  for (let i = 0; i < trades.length; i += size) chunks.push(trades.slice(i, i + size));
  return chunks;
}
