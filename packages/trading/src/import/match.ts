// FIFO matching of fills into trades, per instrument (broker account + exchange + contract).
//
// A trade is one position from flat back to flat: scale-ins add entries, partial exits add exits to the
// same trade, and the trade closes when the position is flat. That is what a trader journals (one idea,
// one record), and a partial exit is never shown as a second, phantom open trade: an open trade reports
// how much is still open (`openQuantity`) beside what was exited and the P&L realised so far.
// Realised P&L is FIFO: each exit closes the oldest open units first, which decides the P&L of a trade
// that is still partly open. A fill larger than the open position (a flip) closes the trade and opens one
// on the other side with the remainder; that fill then belongs to both trades.
import type { Exchange, Fill, ImportBroker, OptionType, Segment } from './types';

export type Product = 'intraday' | 'delivery' | 'carry_forward';

export interface TradeExecution {
  fill: Fill;
  /** The part of the fill that belongs to this trade (less than the fill's quantity only on a flip). */
  quantity: number;
  role: 'entry' | 'exit';
}

export interface MatchedTrade {
  broker: ImportBroker;
  exchange: Exchange;
  segment: Segment;
  product: Product;
  symbol: string;
  underlying: string | null;
  expiry: string | null;
  strike: number | null;
  optionType: OptionType | null;
  side: 'long' | 'short';
  status: 'open' | 'closed';
  /** Units entered (the size of the position at its largest only when there were no exits in between). */
  quantity: number;
  /** Units still open; 0 when closed. */
  openQuantity: number;
  /** Entry and exit averages weighted by quantity, to 4 places like the database. */
  avgEntryPrice: number;
  avgExitPrice: number | null;
  entryTime: string;
  /** Time of the last exit so far; null when nothing was exited. */
  exitTime: string | null;
  /** Rupees to 2 places, realised FIFO on the exited units; null when nothing was exited. */
  grossPnl: number | null;
  /** Broker-reported charges, pro rata for a split fill; null when the export has none. */
  fees: number | null;
  executions: TradeExecution[];
  /** The broker trade ids of the trade's fills, in time order, without repeats. */
  brokerTradeIds: string[];
}

interface Lot {
  price: number;
  quantity: number;
}

interface Position {
  trade: MatchedTrade;
  /** Open lots, oldest first from `head` (an index, so a long-held position does not shift arrays). */
  lots: Lot[];
  head: number;
  ids: Set<string>;
  entryValue: number;
  exitValue: number;
  exited: number;
  pnl: number;
}

const round = (n: number, places: number) => {
  const f = 10 ** places;
  return Math.round(n * f) / f;
};

export function instrumentKey(fill: Fill): string {
  return `${fill.broker}|${fill.exchange}|${fill.symbol}|${fill.expiry ?? ''}`;
}

/**
 * Matches fills (from any number of imports, in any order) into trades. Fills are taken in time order;
 * fills at the same time keep the order they were given in. Trades are returned by entry time.
 */
export function matchFills(fills: readonly Fill[]): MatchedTrade[] {
  const ordered = fills
    .map((fill, i) => ({ fill, i }))
    .sort((a, b) =>
      a.fill.executedAt < b.fill.executedAt ? -1 : a.fill.executedAt > b.fill.executedAt ? 1 : a.i - b.i,
    );
  const open = new Map<string, Position>();
  const trades: MatchedTrade[] = [];
  for (const { fill } of ordered) {
    const key = instrumentKey(fill);
    let remaining = fill.quantity;
    let position = open.get(key);
    if (position && isEntry(position.trade, fill)) {
      addEntry(position, fill, remaining);
      continue;
    }
    if (position) {
      const closing = Math.min(remaining, position.trade.openQuantity);
      addExit(position, fill, closing);
      remaining -= closing;
      if (position.trade.openQuantity === 0) {
        trades.push(finish(position));
        open.delete(key);
        position = undefined;
      }
    }
    if (remaining > 0) {
      position = startPosition(fill);
      addEntry(position, fill, remaining);
      open.set(key, position);
    }
  }
  for (const position of open.values()) trades.push(finish(position));
  return trades.sort((a, b) => (a.entryTime < b.entryTime ? -1 : a.entryTime > b.entryTime ? 1 : 0));
}

function isEntry(trade: MatchedTrade, fill: Fill): boolean {
  return (trade.side === 'long') === (fill.side === 'buy');
}

function startPosition(fill: Fill): Position {
  return {
    trade: {
      broker: fill.broker,
      exchange: fill.exchange,
      segment: fill.segment,
      product: fill.segment === 'equity' ? 'delivery' : 'carry_forward',
      symbol: fill.symbol,
      underlying: fill.underlying,
      expiry: fill.expiry,
      strike: fill.strike,
      optionType: fill.optionType,
      side: fill.side === 'buy' ? 'long' : 'short',
      status: 'open',
      quantity: 0,
      openQuantity: 0,
      avgEntryPrice: 0,
      avgExitPrice: null,
      entryTime: fill.executedAt,
      exitTime: null,
      grossPnl: null,
      fees: null,
      executions: [],
      brokerTradeIds: [],
    },
    lots: [],
    head: 0,
    ids: new Set(),
    entryValue: 0,
    exitValue: 0,
    exited: 0,
    pnl: 0,
  };
}

function addEntry(position: Position, fill: Fill, quantity: number): void {
  const { trade } = position;
  trade.quantity += quantity;
  trade.openQuantity += quantity;
  position.entryValue += fill.price * quantity;
  position.lots.push({ price: fill.price, quantity });
  record(position, fill, quantity, 'entry');
}

function addExit(position: Position, fill: Fill, quantity: number): void {
  const { trade } = position;
  const sign = trade.side === 'long' ? 1 : -1;
  let left = quantity;
  // FIFO: the oldest open units close first.
  while (left > 0) {
    const lot = position.lots[position.head];
    if (!lot) break;
    const used = Math.min(left, lot.quantity);
    position.pnl += sign * (fill.price - lot.price) * used;
    lot.quantity -= used;
    left -= used;
    if (lot.quantity === 0) position.head++;
  }
  trade.openQuantity -= quantity;
  position.exited += quantity;
  position.exitValue += fill.price * quantity;
  trade.exitTime = fill.executedAt;
  record(position, fill, quantity, 'exit');
}

function record(position: Position, fill: Fill, quantity: number, role: 'entry' | 'exit'): void {
  const { trade } = position;
  trade.executions.push({ fill, quantity, role });
  if (fill.fees !== null) trade.fees = (trade.fees ?? 0) + (fill.fees * quantity) / fill.quantity;
  if (fill.tradeId !== null && !position.ids.has(fill.tradeId)) {
    position.ids.add(fill.tradeId);
    trade.brokerTradeIds.push(fill.tradeId);
  }
}

function finish(position: Position): MatchedTrade {
  const { trade } = position;
  trade.avgEntryPrice = round(position.entryValue / trade.quantity, 4);
  if (position.exited > 0) {
    trade.avgExitPrice = round(position.exitValue / position.exited, 4);
    trade.grossPnl = round(position.pnl, 2);
  }
  if (trade.fees !== null) trade.fees = round(trade.fees, 2);
  trade.status = trade.openQuantity === 0 ? 'closed' : 'open';
  // Product is inferred: a round trip closed on the IST day it opened is intraday (the tradebook has no MIS/CNC).
  const day = trade.entryTime.slice(0, 10);
  const sameDay = trade.status === 'closed' && trade.executions.every((e) => e.fill.executedAt.slice(0, 10) === day);
  if (sameDay) trade.product = 'intraday';
  return trade;
}
