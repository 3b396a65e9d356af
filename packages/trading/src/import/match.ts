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
// the cost as an opening lot (a holdings or tax P&L statement, or typed). A share is one instrument under all its
// symbols and ISINs (./instruments.ts), and corporate actions (./corporate-actions.ts) adjust its holding on their
// ex-date: splits and bonuses in place, a demerger credits the new share, a merger or symbol change moves the
// holding into the new share. So the shares are matched together, day by day, and an action on its ex-date.
//
// Quantities are kept to UNIT_PLACES decimals at every step (./units.ts): ETF and fund units are fractional.
import { type AppliedAction, type CorporateAction, fractionNote, wholeShares } from './corporate-actions';
import { type InstrumentKeys, instrumentKeys, isShare } from './instruments';
import { baseSymbol } from './symbols';
import type { Exchange, Fill, ImportBroker, OptionType, Segment } from './types';
import { units } from './units';

export type { AppliedAction, CorporateAction } from './corporate-actions';

export type Product = 'intraday' | 'delivery' | 'carry_forward';
export type TradeStatus = 'open' | 'closed' | 'missing_cost';

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
  /** Units entered, in today's units after any corporate action (for `missing_cost`, the units sold). */
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
  /**
   * Corporate actions applied to this position while it was open, oldest first; for a holding that moved in a merger
   * or symbol change, the old share's too.
   */
  adjustments: AppliedAction[];
}

export interface MatchOptions {
  /** Corporate actions to apply to delivery holdings, any order. */
  actions?: readonly CorporateAction[];
  /**
   * The instruments, when the caller has them for a larger set of fills (planRebuild: the stored fills and the new
   * ones); by default worked out from these fills and actions.
   */
  instruments?: InstrumentKeys;
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
  const actions = [...(options.actions ?? [])].sort((a, b) => (a.exDate < b.exDate ? -1 : a.exDate > b.exDate ? 1 : 0));
  const instruments = options.instruments ?? instrumentKeys(fills, actions);
  // Each instrument's trades, in the order the instruments first trade (a stable sort by entry time keeps it for ties).
  const outs = new Map<string, MatchedTrade[]>();
  const contracts = new Map<string, Fill[]>();
  const books = new Map<string, Book>();
  const shareFills: Fill[] = [];
  const shareBooks: Book[] = [];
  for (const i of ordered) {
    const fill = fills[i]!;
    const key = instruments.of(fill);
    let out = outs.get(key);
    if (!out) {
      out = [];
      outs.set(key, out);
    }
    if (isShare(fill)) {
      let book = books.get(key);
      if (!book) {
        book = newBook(fill, out);
        books.set(key, book);
      }
      book.fills.push(fill);
      book.named = fill;
      if (fill.isin) book.isin = fill.isin;
      shareFills.push(fill);
      shareBooks.push(book);
    } else {
      const list = contracts.get(key);
      if (list) list.push(fill);
      else contracts.set(key, [fill]);
    }
  }
  for (const [key, list] of contracts) matchContract(list, outs.get(key)!);
  matchShares(shareFills, shareBooks, books, actions, instruments, outs);

  const trades: MatchedTrade[] = [];
  for (const out of outs.values()) for (const t of out) trades.push(t);
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
    remaining = units(remaining - closing);
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
 * Where a lot came from when a merger or symbol change moved it from another share: that share's adjustments up to
 * and with the move, and how many of this holding's adjustments there were when it arrived (only later ones apply).
 */
interface Origin {
  adjustments: AppliedAction[];
  since: number;
}

/**
 * A lot of shares held in delivery. `quantity` and `price` are in today's units (after any split); `raw` is how much
 * of its fill, in the fill's own units, the lot still holds, so each trade records the part of the fill it took as
 * the tradebook wrote it and the parts of a fill always add up to it. `origin` is set for a lot another share's
 * merger or symbol change moved here (its fill is that share's).
 */
interface HeldLot {
  fill: Fill;
  raw: number;
  quantity: number;
  price: number;
  origin: Origin | null;
}

/** Shares held: lots oldest first (from `head`), and the corporate actions applied since it was last empty. */
interface Holding {
  lots: HeldLot[];
  head: number;
  adjustments: AppliedAction[];
}

/** One share (instrument) being matched: its fills in time order, how far it has got, and its holding. */
interface Book {
  fills: Fill[];
  next: number;
  holding: Holding;
  /** A fill of the share, the pattern of the fills an action makes (bonus shares, a demerger's new shares). */
  template: Fill;
  /** The fill (or action's pattern) that last named the share: its trades take this symbol, today's name. */
  named: Fill;
  isin: string | null;
  out: MatchedTrade[];
}

const newBook = (fill: Fill, out: MatchedTrade[]): Book => ({
  fills: [],
  next: 0,
  holding: { lots: [], head: 0, adjustments: [] },
  template: fill,
  named: fill,
  isin: fill.isin ?? null,
  out,
});

/**
 * Every share, day by day: on each IST day the actions whose ex-date has come first (an action can move a holding
 * from one share to another), then each share's fills of the day. At the end each share's trades take its latest
 * symbol and ISIN, so the journal shows today's name.
 */
function matchShares(
  fills: readonly Fill[],
  bookOf: readonly Book[],
  books: Map<string, Book>,
  actions: readonly CorporateAction[],
  instruments: InstrumentKeys,
  outs: Map<string, MatchedTrade[]>,
): void {
  const bookFor = (key: string, pattern: Fill): Book => {
    let book = books.get(key);
    if (!book) {
      let out = outs.get(key);
      if (!out) {
        out = [];
        outs.set(key, out);
      }
      book = newBook(pattern, out);
      books.set(key, book);
    }
    return book;
  };
  let nextAction = 0;
  const applyActionsBefore = (day: string | null) => {
    while (nextAction < actions.length && (day === null || actions[nextAction]!.exDate <= day)) {
      const action = actions[nextAction++]!;
      for (const { source, target } of instruments.actionShares(action)) {
        const book = books.get(source);
        if (!book || book.holding.head === book.holding.lots.length || !(action.from > 0 && action.to > 0)) continue;
        if (target === null || target === source) adjustHolding(book, action);
        else {
          const into = bookFor(target, newShareFill(book.template, action));
          if (action.kind === 'demerger') demerge(book, into, action);
          else moveHolding(book, into, action);
        }
      }
    }
  };
  for (let i = 0; i < fills.length; ) {
    const day = istDay(fills[i]!);
    let end = i;
    while (end < fills.length && isOnDay(fills[end]!, day)) end++;
    applyActionsBefore(day);
    // The day's shares, each once (its fills of the day are the next ones in its own list).
    for (let k = i; k < end; k++) {
      const book = bookOf[k]!;
      if (book.next < book.fills.length && isOnDay(book.fills[book.next]!, day)) shareDay(book, day);
    }
    i = end;
  }
  applyActionsBefore(null);
  for (const book of books.values()) {
    closeHolding(book);
    const symbol = baseSymbol(book.named.symbol);
    for (const t of book.out) {
      t.symbol = symbol;
      t.isin = book.isin ?? t.isin;
    }
  }
}

/** The pattern fill of the share an action gives (its symbol and ISIN, on the source share's broker and exchange). */
function newShareFill(template: Fill, action: CorporateAction): Fill {
  return {
    ...template,
    tradeId: null,
    orderId: null,
    symbol: baseSymbol(action.newSymbol ?? action.symbol),
    isin: action.newIsin ?? null,
    executedAt: `${action.exDate}T09:15:00+05:30`,
    row: 0,
  };
}

/**
 * A share's IST day: its fills net first (intraday), the day's remainder moves the delivery holding. Each day's sale
 * from the holding is a closed trade of the shares sold with the lots they came from (FIFO), as the broker's tax P&L
 * has it, so its P&L is realised on that day (one trade per origin: shares that came by a merger apart from the
 * share's own).
 */
function shareDay(book: Book, day: string): void {
  const { fills, holding, out } = book;
  const i = book.next;
  let end = i;
  while (end < fills.length && isOnDay(fills[end]!, day)) end++;
  book.next = end;
  const hold = (fill: Fill, quantity: number, price: number) => {
    if (holding.head === holding.lots.length) holding.adjustments = [];
    holding.lots.push({ fill, raw: quantity, quantity, price, origin: null });
  };

  const closedIntraday = (done: Position) => out.push(finish(done, 'intraday'));
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
      const sales = new Map<Origin | null, Position>();
      let missing: Position | null = null;
      for (const lot of lots) {
        const sold = lot.fill;
        let left = lot.quantity;
        while (left > 0 && holding.head < holding.lots.length) {
          const held = holding.lots[holding.head]!;
          const taken = Math.min(left, held.quantity);
          let sale = sales.get(held.origin);
          if (!sale) {
            sale = startPosition(sold, 'long');
            sale.trade.entryTime = held.fill.executedAt;
            sale.trade.adjustments = adjustmentsOf(holding, held.origin);
            sales.set(held.origin, sale);
          }
          takeFromLot(sale, held, taken);
          addExit(sale, sold, taken);
          left = units(left - taken);
          if (held.quantity === 0) holding.head++;
        }
        if (left > 0) {
          missing ??= missingCost(sold);
          addExit(missing, sold, left);
        }
      }
      for (const sale of sales.values()) out.push(finish(sale, 'delivery'));
      if (missing) out.push(finish(missing, 'delivery'));
    }
  }

  // Opening lots were held before this day ended: they join the holding after its trades.
  for (let k = i; k < end; k++) {
    const fill = fills[k]!;
    if (fill.opening) hold(fill, fill.quantity, fill.price);
  }
}

/** The adjustments a trade of lots from `origin` carries: the old share's (for moved lots) and this holding's since. */
const adjustmentsOf = (holding: Holding, origin: Origin | null): AppliedAction[] =>
  origin ? [...origin.adjustments, ...holding.adjustments.slice(origin.since)] : [...holding.adjustments];

/** What is still held at the end: one open trade per origin. */
function closeHolding(book: Book): void {
  const { holding } = book;
  const open = new Map<Origin | null, Position>();
  for (let l = holding.head; l < holding.lots.length; l++) {
    const lot = holding.lots[l]!;
    let position = open.get(lot.origin);
    if (!position) {
      position = startPosition(lot.fill, 'long');
      position.trade.adjustments = adjustmentsOf(holding, lot.origin);
      open.set(lot.origin, position);
    }
    takeFromLot(position, lot, lot.quantity);
  }
  for (const position of open.values()) book.out.push(finish(position, 'delivery'));
}

/**
 * `quantity` of a held lot into a position as an entry at the lot's price; the fill's part it records is in the fill's
 * own units (all that is left of it when the lot is used up).
 */
function takeFromLot(position: Position, lot: HeldLot, quantity: number): void {
  let raw = lot.raw;
  if (quantity !== lot.quantity) {
    // A whole fill's parts stay whole; a fractional fill's are kept to UNIT_PLACES.
    const part = (quantity * lot.raw) / lot.quantity;
    raw = Math.min(lot.raw, Number.isInteger(lot.raw) ? Math.round(part) : units(part));
  }
  lot.quantity = units(lot.quantity - quantity);
  lot.raw = units(lot.raw - raw);
  position.entered = units(position.entered + quantity);
  position.trade.openQuantity = units(position.trade.openQuantity + quantity);
  position.entryValue += lot.price * quantity;
  position.lots.push({ fill: lot.fill, price: lot.price, quantity });
  if (raw > 0) position.trade.executions.push({ fill: lot.fill, quantity: raw, role: 'entry' });
  position.trade.isin ??= lot.fill.isin ?? null;
}

/** The lots held now (from `head`), and the whole shares `to` for every `from` of each, as a company credits them. */
function entitlement(holding: Holding, action: CorporateAction) {
  const lots = holding.lots.slice(holding.head);
  const exact = lots.map((l) => units((l.quantity * action.to) / action.from));
  const whole = wholeShares(exact);
  const held = units(lots.reduce((s, l) => s + l.quantity, 0));
  const due = units(exact.reduce((s, x) => s + x, 0));
  const credited = whole.reduce((s, x) => s + x, 0);
  const note = fractionNote(action, held, due, credited);
  const applied: AppliedAction = note === null ? { ...action } : { ...action, note };
  return { lots, exact, whole, applied };
}

/**
 * A split (or a merger or symbol change within one instrument: the same share under two names) gives each held lot
 * its new units at its cost per share × from ÷ to; a bonus adds a lot of free shares on the ex-date.
 */
function adjustHolding(book: Book, action: CorporateAction): void {
  const { holding } = book;
  if (action.kind === 'bonus') {
    const { applied, whole } = entitlement(holding, action);
    const extra = whole.reduce((s, x) => s + x, 0);
    if (extra === 0) return;
    const symbol = baseSymbol(action.symbol);
    const free: Fill = {
      ...book.template,
      tradeId: `bonus:${symbol}:${action.exDate}`,
      orderId: null,
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
    holding.lots.push({ fill: free, raw: extra, quantity: extra, price: 0, origin: null });
    holding.adjustments.push(applied);
    return;
  }
  if (action.kind === 'demerger') return;
  const { lots, whole, applied } = entitlement(holding, action);
  lots.forEach((lot, n) => {
    lot.price = (lot.price * action.from) / action.to;
    lot.quantity = whole[n]!;
  });
  holding.adjustments.push(action.kind === 'split' ? applied : { ...applied, credited: true });
}

/**
 * A demerger: the parent keeps its lots at (100 − costPercent)% of their cost (s. 49(2D)), and each lot gives the new
 * share a lot of `to` for every `from`, whole shares, at costPercent% of its cost (s. 49(2C)) and with the parent
 * lot's acquisition time (s. 2(42A) Explanation 1(i)(g)). The new lots are made from the action (kind 'bonus' when
 * stored), so a rebuild makes them again.
 */
function demerge(parent: Book, child: Book, action: CorporateAction): void {
  const { lots, exact, whole, applied } = entitlement(parent.holding, action);
  const share = (action.costPercent ?? 0) / 100;
  const credited: HeldLot[] = [];
  const symbol = baseSymbol(action.symbol);
  lots.forEach((lot, n) => {
    const cost = lot.price * lot.quantity * share;
    lot.price *= 1 - share;
    const quantity = whole[n]!;
    if (quantity === 0) return;
    // The cost per share due (the fraction takes its part of the cost with it), to 4 places like a stored price.
    const price = Math.round((cost / exact[n]!) * 10_000) / 10_000;
    const fill: Fill = {
      ...child.template,
      tradeId: `demerger:${symbol}:${action.exDate}:${n + 1}`,
      orderId: null,
      exchange: lot.fill.exchange,
      side: 'buy',
      quantity,
      price,
      executedAt: lot.fill.executedAt,
      fees: null,
      row: 0,
      opening: true,
      bonus: true,
    };
    credited.push({ fill, raw: quantity, quantity, price, origin: null });
  });
  parent.holding.adjustments.push(applied);
  receive(child, credited, action, null);
  child.holding.adjustments.push({ ...applied, credited: true });
}

/**
 * A merger or symbol change: every held lot moves to the new share, `to` for every `from` in whole shares, with its
 * fill, cost (s. 49(2)) and acquisition time (s. 2(42A) Explanation 1(i)(c)); the old share's holding is empty after.
 */
function moveHolding(source: Book, target: Book, action: CorporateAction): void {
  const { holding } = source;
  const { lots, whole, applied } = entitlement(holding, action);
  // Lots that came from the same place keep one origin: the old share's adjustments, then this move.
  const origins = new Map<Origin | null, Origin>();
  const moved = lots.map((lot, n): HeldLot => {
    let origin = origins.get(lot.origin);
    if (!origin) {
      origin = { adjustments: [...adjustmentsOf(holding, lot.origin), applied], since: 0 };
      origins.set(lot.origin, origin);
    }
    return { fill: lot.fill, raw: lot.raw, quantity: whole[n]!, price: (lot.price * action.from) / action.to, origin };
  });
  holding.lots = [];
  holding.head = 0;
  holding.adjustments = [];
  receive(target, moved, action, origins);
  if (`${action.exDate}T09:15:00+05:30` >= target.named.executedAt) {
    target.named = newShareFill(target.template, action);
    target.isin = action.newIsin ?? target.isin;
  }
}

/**
 * Lots another share's action gives this holding on the ex-date, placed among the lots held by acquisition time (the
 * holding period they carry), so FIFO sells the oldest acquisition first.
 */
function receive(book: Book, lots: HeldLot[], action: CorporateAction, origins: Map<unknown, Origin> | null): void {
  const { holding } = book;
  if (holding.head === holding.lots.length) {
    holding.lots = [];
    holding.head = 0;
    holding.adjustments = [];
  }
  if (origins) for (const origin of origins.values()) origin.since = holding.adjustments.length;
  const merged = holding.lots.slice(holding.head);
  for (const lot of lots) merged.push(lot);
  // Stable: lots of the same time keep the order they were held in.
  merged.sort((a, b) => (a.fill.executedAt < b.fill.executedAt ? -1 : a.fill.executedAt > b.fill.executedAt ? 1 : 0));
  holding.lots = merged;
  holding.head = 0;
  if (action.kind === 'demerger' && `${action.exDate}T09:15:00+05:30` >= book.named.executedAt) {
    book.named = newShareFill(book.template, action);
    book.isin = action.newIsin ?? book.isin;
  }
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
    open.set(lot.fill, units((open.get(lot.fill) ?? 0) + lot.quantity));
  }
  const part = startPosition(position.trade.executions[0]!.fill, position.trade.side);
  for (const e of position.trade.executions) {
    const quantity = e.role === 'entry' ? units(e.quantity - (open.get(e.fill) ?? 0)) : e.quantity;
    if (quantity <= 0) continue;
    if (e.role === 'entry') {
      part.entered = units(part.entered + quantity);
      part.entryValue += e.fill.price * quantity;
    } else {
      part.exited = units(part.exited + quantity);
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
  const equity = isShare(fill);
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
  position.entered = units(position.entered + quantity);
  trade.openQuantity = units(trade.openQuantity + quantity);
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
    lot.quantity = units(lot.quantity - used);
    left = units(left - used);
    if (lot.quantity === 0) position.head++;
  }
  trade.openQuantity = Math.max(0, units(trade.openQuantity - quantity));
  position.exited = units(position.exited + quantity);
  position.exitValue += fill.price * quantity;
  trade.exitTime = fill.executedAt;
  trade.executions.push({ fill, quantity, role: 'exit' });
  trade.isin ??= fill.isin ?? null;
}

function finish(position: Position, product: Product): MatchedTrade {
  const { trade } = position;
  trade.product = product;
  const missing = trade.status === 'missing_cost';
  trade.quantity = units(missing ? position.exited : position.entered);
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
