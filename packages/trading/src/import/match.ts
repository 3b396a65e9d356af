// FIFO matching of fills into trades, per instrument.
//
// A trade is one position from flat back to flat: scale-ins add entries, partial exits add exits to the same trade,
// and it closes when the position is flat. That is what a trader journals (one idea, one record), and a partial exit
// is never a second, phantom open trade. Realised P&L is FIFO: each exit closes the oldest open units first. A fill
// larger than the open position (a flip) closes the trade and opens one on the other side with the remainder; that
// fill then belongs to both trades.
//
// Futures, options and commodities are matched in time order, shorts and all. The cash market is different, and is
// matched the way the exchange settles it: per share and IST day, buys and sells net against each other first.
// The matched part is intraday (speculative, as on the contract note; a sell before the buy is an intraday short);
// only the day's net quantity is delivery: a net buy goes into the holding, a net sell comes out of it. There are no
// delivery shorts, so a net sell larger than the holding sells shares bought before the imported history: that part
// becomes a trade with its cost basis missing (`missing_cost`), kept out of every P&L figure until the trader gives
// the cost as an opening lot (a holdings or tax P&L statement, or typed). Splits and bonuses adjust the holding on
// their ex-date.
import { baseSymbol } from './symbols';
import type { Exchange, Fill, ImportBroker, OptionType, Segment } from './types';

export type Product = 'intraday' | 'delivery' | 'carry_forward';
export type TradeStatus = 'open' | 'closed' | 'missing_cost';

/**
 * A split or bonus of a listed share. Split: every `from` shares become `to` (a 1:5 split is from 1, to 5), the cost
 * spread over them. Bonus: `to` new shares for every `from` held (a 1:1 bonus doubles the holding), acquired on the
 * ex-date at no cost, as the Income-tax Act counts bonus shares (s. 55(2)(aa)).
 */
export interface CorporateAction {
  id?: string;
  symbol: string;
  kind: 'split' | 'bonus';
  from: number;
  to: number;
  /** The first IST trading day without the entitlement, YYYY-MM-DD: the holding is adjusted before its trades. */
  exDate: string;
}

export interface TradeExecution {
  fill: Fill;
  /** The part of the fill that belongs to this trade (less than the fill's quantity when it is split). */
  quantity: number;
  role: 'entry' | 'exit';
}

export interface MatchedTrade {
  broker: ImportBroker;
  exchange: Exchange;
  segment: Segment;
  product: Product;
  symbol: string;
  isin: string | null;
  underlying: string | null;
  expiry: string | null;
  strike: number | null;
  optionType: OptionType | null;
  side: 'long' | 'short';
  /** `missing_cost`: a sale of shares bought before the imported history, with no cost basis yet. */
  status: TradeStatus;
  /** Units entered, in today's units after any split or bonus (for `missing_cost`, the units sold). */
  quantity: number;
  /** Units still open; 0 when closed. */
  openQuantity: number;
  /** Entry and exit averages weighted by quantity, to 4 places like the database; no entry price without a cost. */
  avgEntryPrice: number | null;
  avgExitPrice: number | null;
  /** For `missing_cost`, the first sale's time: the buy is unknown. */
  entryTime: string;
  /** Time of the last exit so far; null when nothing was exited. */
  exitTime: string | null;
  /** Rupees to 2 places, realised FIFO on the exited units; null when nothing was exited or the cost is missing. */
  grossPnl: number | null;
  /** Broker-reported charges, pro rata for a split fill; null when the export has none. */
  fees: number | null;
  executions: TradeExecution[];
  /** The broker trade ids of the trade's fills, in time order, without repeats. */
  brokerTradeIds: string[];
  /** Splits and bonuses applied to this position while it was open, oldest first. */
  adjustments: CorporateAction[];
}

export interface MatchOptions {
  /** Splits and bonuses to apply to delivery holdings, any order. */
  actions?: readonly CorporateAction[];
}

interface Lot {
  /** Null for bonus shares, which come from no fill. */
  fill: Fill | null;
  price: number;
  quantity: number;
}

interface Position {
  trade: MatchedTrade;
  /** Open lots, oldest first from `head` (an index, so a long-held position does not shift arrays). */
  lots: Lot[];
  head: number;
  /** Units and rupees entered; a split changes the units, never the rupees. */
  entered: number;
  entryValue: number;
  exited: number;
  exitValue: number;
  pnl: number;
}

const round = (n: number, places: number) => {
  const f = 10 ** places;
  return Math.round(n * f) / f;
};

const istDay = (fill: Fill) => fill.executedAt.slice(0, 10);

// Fills in the same second keep the exchange's order, which their trade ids follow (numbers compare as numbers), so
// a journal re-matched from stored fills matches exactly as the file did.
const DIGITS = /^\d+$/;
function compareIds(a: string | null, b: string | null): number {
  if (a === null || b === null || a === b) return 0;
  if (DIGITS.test(a) && DIGITS.test(b)) return a.length - b.length || (a < b ? -1 : 1);
  return a < b ? -1 : 1;
}

/** The instrument a fill trades: a share is one instrument on either exchange and in any series; a contract per venue. */
export function instrumentKey(fill: Fill): string {
  if (fill.segment === 'equity' && fill.exchange !== 'MCX') return `${fill.broker}|EQ|${baseSymbol(fill.symbol)}`;
  return `${fill.broker}|${fill.exchange}|${fill.symbol}|${fill.expiry ?? ''}`;
}

/**
 * Matches fills (from any number of imports, in any order) into trades. Fills are taken in time order; fills at the
 * same time by trade id, then in the order they were given. Trades are returned by entry time.
 */
export function matchFills(fills: readonly Fill[], options: MatchOptions = {}): MatchedTrade[] {
  const ordered = fills
    .map((fill, i) => ({ fill, i }))
    .sort((a, b) =>
      a.fill.executedAt < b.fill.executedAt
        ? -1
        : a.fill.executedAt > b.fill.executedAt
          ? 1
          : compareIds(a.fill.tradeId, b.fill.tradeId) || a.i - b.i,
    );
  const byInstrument = new Map<string, Fill[]>();
  for (const { fill } of ordered) {
    const key = instrumentKey(fill);
    const list = byInstrument.get(key);
    if (list) list.push(fill);
    else byInstrument.set(key, [fill]);
  }
  const actions = [...(options.actions ?? [])].sort((a, b) => (a.exDate < b.exDate ? -1 : a.exDate > b.exDate ? 1 : 0));
  const trades: MatchedTrade[] = [];
  for (const list of byInstrument.values()) {
    const first = list[0]!;
    if (first.segment === 'equity' && first.exchange !== 'MCX') {
      const symbol = baseSymbol(first.symbol);
      matchShare(
        list,
        actions.filter((a) => baseSymbol(a.symbol.toUpperCase()) === symbol),
        trades,
      );
    } else matchContract(list, trades);
  }
  return trades.sort((a, b) => (a.entryTime < b.entryTime ? -1 : a.entryTime > b.entryTime ? 1 : 0));
}

/** A derivative or commodity contract: flat to flat in time order; intraday when closed on the day it opened. */
function matchContract(fills: readonly Fill[], out: MatchedTrade[]): void {
  let position: Position | null = null;
  for (const fill of fills) {
    position = trade(position, fill, fill.quantity, (done) => out.push(finish(done, productOfContract(done))));
  }
  if (position) out.push(finish(position, productOfContract(position)));
}

function productOfContract(position: Position): Product {
  const { trade } = position;
  const day = trade.entryTime.slice(0, 10);
  const closed = trade.openQuantity === 0;
  return closed && trade.executions.every((e) => istDay(e.fill) === day) ? 'intraday' : 'carry_forward';
}

/**
 * One fill (or `quantity` of it) against the open position: an entry adds to it, an exit closes FIFO and, past flat,
 * opens the other side. Returns the position left open; `closed` receives each position that went flat.
 */
function trade(
  position: Position | null,
  fill: Fill,
  quantity: number,
  closed: (position: Position) => void,
): Position | null {
  let remaining = quantity;
  if (position && isEntry(position.trade, fill)) {
    addEntry(position, fill, remaining, fill.price);
    return position;
  }
  if (position) {
    const closing = Math.min(remaining, position.trade.openQuantity);
    addExit(position, fill, closing);
    remaining -= closing;
    if (position.trade.openQuantity === 0) {
      closed(position);
      position = null;
    }
  }
  if (remaining > 0) {
    position = startPosition(fill, fill.side === 'buy' ? 'long' : 'short');
    addEntry(position, fill, remaining, fill.price);
  }
  return position;
}

/** A share: each IST day's fills net first (intraday), the day's remainder moves the delivery holding. */
function matchShare(fills: readonly Fill[], actions: readonly CorporateAction[], out: MatchedTrade[]): void {
  let holding: Position | null = null;
  let nextAction = 0;
  const applyActionsBefore = (day: string | null) => {
    while (nextAction < actions.length && (day === null || actions[nextAction]!.exDate <= day)) {
      if (holding) adjust(holding, actions[nextAction]!);
      nextAction++;
    }
  };
  const closeHolding = (position: Position) => {
    out.push(finish(position, 'delivery'));
    holding = null;
  };

  for (let i = 0; i < fills.length; ) {
    const day = istDay(fills[i]!);
    let end = i;
    while (end < fills.length && istDay(fills[end]!) === day) end++;
    applyActionsBefore(day);

    // The day's trades against each other, as if from flat: what goes flat is intraday.
    let dayPosition: Position | null = null;
    for (let k = i; k < end; k++) {
      const fill = fills[k]!;
      if (fill.opening) continue;
      dayPosition = trade(dayPosition, fill, fill.quantity, (done) => out.push(finish(done, 'intraday')));
    }

    if (dayPosition) {
      // The part of the day's last position that was exited is intraday too; its open lots are the day's net.
      if (dayPosition.exited > 0) out.push(intradayPart(dayPosition));
      const lots = dayPosition.lots.slice(dayPosition.head);
      if (dayPosition.trade.side === 'long') {
        for (const lot of lots) {
          holding ??= startPosition(lot.fill!, 'long');
          addEntry(holding, lot.fill!, lot.quantity, lot.price);
        }
      } else {
        let missing: Position | null = null;
        for (const lot of lots) {
          let left = lot.quantity;
          while (left > 0 && holding) {
            const taken = Math.min(left, holding.trade.openQuantity);
            addExit(holding, lot.fill!, taken);
            left -= taken;
            if (holding.trade.openQuantity === 0) closeHolding(holding);
          }
          if (left > 0) {
            missing ??= missingCost(lot.fill!);
            addExit(missing, lot.fill!, left);
          }
        }
        if (missing) out.push(finish(missing, 'delivery'));
      }
    }

    // Opening lots were held before this day ended: they join the holding after its trades.
    for (let k = i; k < end; k++) {
      const fill = fills[k]!;
      if (!fill.opening) continue;
      holding ??= startPosition(fill, 'long');
      addEntry(holding, fill, fill.quantity, fill.price);
    }
    i = end;
  }
  applyActionsBefore(null);
  if (holding) out.push(finish(holding, 'delivery'));
}

/** A sale with no holding to come from: the units are known, the cost is not. */
function missingCost(fill: Fill): Position {
  const position = startPosition(fill, 'long');
  position.trade.status = 'missing_cost';
  return position;
}

/**
 * The exited part of a day's position whose rest is carried: its exits and, FIFO, the entries they closed. The lots
 * still open are what was not exited, so an entry's intraday part is its quantity less its open lot.
 */
function intradayPart(position: Position): MatchedTrade {
  const open = new Map<Fill, number>();
  for (let l = position.head; l < position.lots.length; l++) {
    const lot = position.lots[l]!;
    if (lot.fill) open.set(lot.fill, (open.get(lot.fill) ?? 0) + lot.quantity);
  }
  const part = startPosition(position.trade.executions[0]!.fill, position.trade.side);
  for (const e of position.trade.executions) {
    const quantity = e.role === 'entry' ? e.quantity - (open.get(e.fill) ?? 0) : e.quantity;
    if (quantity <= 0) continue;
    if (e.role === 'entry') {
      part.entered += quantity;
      part.entryValue += e.fill.price * quantity;
    } else {
      part.exited += quantity;
      part.exitValue += e.fill.price * quantity;
      part.trade.exitTime = e.fill.executedAt;
    }
    part.trade.executions.push({ ...e, quantity });
  }
  part.pnl = position.pnl;
  part.trade.quantity = part.entered;
  return finish(part, 'intraday');
}

/** A split spreads each open lot's cost over its new units; a bonus adds a lot of free shares. */
function adjust(position: Position, action: CorporateAction): void {
  const { trade } = position;
  if (!(action.from > 0 && action.to > 0) || trade.openQuantity === 0) return;
  if (action.kind === 'split') {
    let open = 0;
    for (let l = position.head; l < position.lots.length; l++) {
      const lot = position.lots[l]!;
      const units = Math.floor((lot.quantity * action.to) / action.from);
      lot.price = units === 0 ? 0 : (lot.price * lot.quantity) / units;
      lot.quantity = units;
      open += units;
    }
    // The whole position is told in today's units, as adjusted prices are: units already exited are scaled too (their
    // rupees and realised P&L do not change).
    position.exited = (position.exited * action.to) / action.from;
    position.entered = position.exited + open;
    trade.openQuantity = open;
  } else {
    const extra = Math.floor((trade.openQuantity * action.to) / action.from);
    if (extra === 0) return;
    position.lots.push({ fill: null, price: 0, quantity: extra });
    position.entered += extra;
    trade.openQuantity += extra;
  }
  trade.adjustments.push(action);
}

function isEntry(trade: MatchedTrade, fill: Fill): boolean {
  return (trade.side === 'long') === (fill.side === 'buy');
}

function startPosition(fill: Fill, side: 'long' | 'short'): Position {
  const equity = fill.segment === 'equity' && fill.exchange !== 'MCX';
  return {
    trade: {
      broker: fill.broker,
      exchange: fill.exchange,
      segment: fill.segment,
      product: equity ? 'delivery' : 'carry_forward',
      symbol: equity ? baseSymbol(fill.symbol) : fill.symbol,
      isin: fill.isin ?? null,
      underlying: fill.underlying,
      expiry: fill.expiry,
      strike: fill.strike,
      optionType: fill.optionType,
      side,
      status: 'open',
      quantity: 0,
      openQuantity: 0,
      avgEntryPrice: null,
      avgExitPrice: null,
      entryTime: fill.executedAt,
      exitTime: null,
      grossPnl: null,
      fees: null,
      executions: [],
      brokerTradeIds: [],
      adjustments: [],
    },
    lots: [],
    head: 0,
    entered: 0,
    entryValue: 0,
    exited: 0,
    exitValue: 0,
    pnl: 0,
  };
}

function addEntry(position: Position, fill: Fill, quantity: number, price: number): void {
  const { trade } = position;
  position.entered += quantity;
  trade.openQuantity += quantity;
  position.entryValue += price * quantity;
  position.lots.push({ fill, price, quantity });
  trade.executions.push({ fill, quantity, role: 'entry' });
  trade.isin ??= fill.isin ?? null;
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
  trade.openQuantity = Math.max(0, trade.openQuantity - quantity);
  position.exited += quantity;
  position.exitValue += fill.price * quantity;
  trade.exitTime = fill.executedAt;
  trade.executions.push({ fill, quantity, role: 'exit' });
  trade.isin ??= fill.isin ?? null;
}

function finish(position: Position, product: Product): MatchedTrade {
  const { trade } = position;
  trade.product = product;
  const missing = trade.status === 'missing_cost';
  trade.quantity = Math.round(missing ? position.exited : position.entered);
  trade.avgEntryPrice = missing || position.entered === 0 ? null : round(position.entryValue / position.entered, 4);
  if (position.exited > 0) {
    trade.avgExitPrice = round(position.exitValue / position.exited, 4);
    trade.grossPnl = missing ? null : round(position.pnl, 2);
  }
  if (missing) trade.entryTime = trade.executions[0]!.fill.executedAt;
  else trade.status = trade.openQuantity === 0 ? 'closed' : 'open';
  let fees: number | null = null;
  const ids = new Set<string>();
  for (const e of trade.executions) {
    if (e.fill.fees !== null) fees = (fees ?? 0) + (e.fill.fees * e.quantity) / e.fill.quantity;
    if (e.fill.tradeId !== null && !ids.has(e.fill.tradeId)) {
      ids.add(e.fill.tradeId);
      trade.brokerTradeIds.push(e.fill.tradeId);
    }
  }
  trade.fees = fees === null ? null : round(fees, 2);
  return trade;
}
