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
  fill: Fill;
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
/** Whether a fill is on `day` (YYYY-MM-DD), read in place: this is asked of every fill of an import. */
const isOnDay = (fill: Fill, day: string) => fill.executedAt.startsWith(day);

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
  // Positions are sorted rather than a wrapper object per fill: an import sorts 50,000 fills.
  const ordered = Array.from(fills.keys()).sort((i, j) => {
    const a = fills[i]!;
    const b = fills[j]!;
    return a.executedAt < b.executedAt
      ? -1
      : a.executedAt > b.executedAt
        ? 1
        : compareIds(a.tradeId, b.tradeId) || i - j;
  });
  const byInstrument = new Map<string, Fill[]>();
  for (const i of ordered) {
    const fill = fills[i]!;
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
  const closed = (done: Position) => out.push(finish(done, productOfContract(done)));
  for (const fill of fills) position = trade(position, fill, fill.quantity, closed);
  if (position) out.push(finish(position, productOfContract(position)));
}

function productOfContract(position: Position): Product {
  const { trade } = position;
  const day = trade.entryTime.slice(0, 10);
  const closed = trade.openQuantity === 0;
  if (!closed) return 'carry_forward';
  for (const e of trade.executions) if (!isOnDay(e.fill, day)) return 'carry_forward';
  return 'intraday';
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

/**
 * A lot of shares held in delivery. `quantity` and `price` are in today's units (after any split); `raw` is how much
 * of its fill, in the fill's own units, the lot still holds, so each trade records the part of the fill it took as
 * the tradebook wrote it and the parts of a fill always add up to it.
 */
interface HeldLot {
  fill: Fill;
  raw: number;
  quantity: number;
  price: number;
}

/** Shares held: lots oldest first (from `head`), and the splits and bonuses applied since the holding was last empty. */
interface Holding {
  lots: HeldLot[];
  head: number;
  adjustments: CorporateAction[];
}

/**
 * A share: each IST day's fills net first (intraday), the day's remainder moves the delivery holding. Each day's sale
 * from the holding is a closed trade of the shares sold with the lots they came from (FIFO), as the broker's tax P&L
 * has it, so its P&L is realised on that day; what is still held at the end is one open trade.
 */
function matchShare(fills: readonly Fill[], actions: readonly CorporateAction[], out: MatchedTrade[]): void {
  const holding: Holding = { lots: [], head: 0, adjustments: [] };
  let nextAction = 0;
  const applyActionsBefore = (day: string | null) => {
    while (nextAction < actions.length && (day === null || actions[nextAction]!.exDate <= day)) {
      adjustHolding(holding, actions[nextAction]!, fills[0]!);
      nextAction++;
    }
  };
  const hold = (fill: Fill, quantity: number, price: number) => {
    if (holding.head === holding.lots.length) holding.adjustments = [];
    holding.lots.push({ fill, raw: quantity, quantity, price });
  };

  const closedIntraday = (done: Position) => out.push(finish(done, 'intraday'));
  for (let i = 0; i < fills.length; ) {
    const day = istDay(fills[i]!);
    let end = i;
    while (end < fills.length && isOnDay(fills[end]!, day)) end++;
    applyActionsBefore(day);

    // The day's trades against each other, as if from flat: what goes flat is intraday.
    let dayPosition: Position | null = null;
    for (let k = i; k < end; k++) {
      const fill = fills[k]!;
      if (fill.opening) continue;
      dayPosition = trade(dayPosition, fill, fill.quantity, closedIntraday);
    }

    if (dayPosition) {
      // The part of the day's last position that was exited is intraday too; its open lots are the day's net.
      if (dayPosition.exited > 0) out.push(intradayPart(dayPosition));
      const lots = dayPosition.lots.slice(dayPosition.head);
      if (dayPosition.trade.side === 'long') {
        for (const lot of lots) hold(lot.fill, lot.quantity, lot.price);
      } else {
        let sale: Position | null = null;
        let missing: Position | null = null;
        for (const lot of lots) {
          const sold = lot.fill;
          let left = lot.quantity;
          while (left > 0 && holding.head < holding.lots.length) {
            const held = holding.lots[holding.head]!;
            const taken = Math.min(left, held.quantity);
            if (!sale) {
              sale = startPosition(sold, 'long');
              sale.trade.entryTime = held.fill.executedAt;
              sale.trade.adjustments = [...holding.adjustments];
            }
            takeFromLot(sale, held, taken);
            addExit(sale, sold, taken);
            left -= taken;
            if (held.quantity === 0) holding.head++;
          }
          if (left > 0) {
            missing ??= missingCost(sold);
            addExit(missing, sold, left);
          }
        }
        if (sale) out.push(finish(sale, 'delivery'));
        if (missing) out.push(finish(missing, 'delivery'));
      }
    }

    // Opening lots were held before this day ended: they join the holding after its trades.
    for (let k = i; k < end; k++) {
      const fill = fills[k]!;
      if (fill.opening) hold(fill, fill.quantity, fill.price);
    }
    i = end;
  }
  applyActionsBefore(null);
  if (holding.head < holding.lots.length) {
    const open = startPosition(holding.lots[holding.head]!.fill, 'long');
    open.trade.adjustments = [...holding.adjustments];
    for (let l = holding.head; l < holding.lots.length; l++) {
      const lot = holding.lots[l]!;
      takeFromLot(open, lot, lot.quantity);
    }
    out.push(finish(open, 'delivery'));
  }
}

/**
 * `quantity` of a held lot into a position as an entry at the lot's price; the fill's part it records is in the fill's
 * own units (all that is left of it when the lot is used up).
 */
function takeFromLot(position: Position, lot: HeldLot, quantity: number): void {
  const raw = quantity === lot.quantity ? lot.raw : Math.min(lot.raw, Math.round((quantity * lot.raw) / lot.quantity));
  lot.quantity -= quantity;
  lot.raw -= raw;
  position.entered += quantity;
  position.trade.openQuantity += quantity;
  position.entryValue += lot.price * quantity;
  position.lots.push({ fill: lot.fill, price: lot.price, quantity });
  if (raw > 0) position.trade.executions.push({ fill: lot.fill, quantity: raw, role: 'entry' });
  position.trade.isin ??= lot.fill.isin ?? null;
}

/** A split spreads each held lot's cost over its new units; a bonus adds a lot of free shares on the ex-date. */
function adjustHolding(holding: Holding, action: CorporateAction, share: Fill): void {
  if (!(action.from > 0 && action.to > 0) || holding.head === holding.lots.length) return;
  if (action.kind === 'split') {
    for (let l = holding.head; l < holding.lots.length; l++) {
      const lot = holding.lots[l]!;
      const units = Math.floor((lot.quantity * action.to) / action.from);
      lot.price = units === 0 ? 0 : (lot.price * lot.quantity) / units;
      lot.quantity = units;
    }
  } else {
    let held = 0;
    for (let l = holding.head; l < holding.lots.length; l++) held += holding.lots[l]!.quantity;
    const extra = Math.floor((held * action.to) / action.from);
    if (extra === 0) return;
    const symbol = baseSymbol(share.symbol);
    const free: Fill = {
      ...share,
      tradeId: `bonus:${symbol}:${action.exDate}`,
      orderId: null,
      symbol,
      side: 'buy',
      quantity: extra,
      price: 0,
      executedAt: `${action.exDate}T09:15:00+05:30`,
      fees: null,
      row: 0,
      opening: true,
      bonus: true,
      // Acquired on the ex-date, whatever is known of the lots they were issued on.
      dateUnknown: false,
    };
    holding.lots.push({ fill: free, raw: extra, quantity: extra, price: 0 });
  }
  holding.adjustments.push(action);
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
    open.set(lot.fill, (open.get(lot.fill) ?? 0) + lot.quantity);
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
