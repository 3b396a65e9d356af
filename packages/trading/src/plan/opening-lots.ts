// Opening lots: shares held before the imported history, whose cost a tradebook cannot know. They come from the
// broker's holdings statement for a day before the history starts, from its tax P&L statement (the buy date and value
// of each sale), or typed by the trader. Each becomes an `opening` buy fill that goes straight into the holding, so the
// sales it covers get their cost basis and P&L. A lot that the journal's own fills already cover is skipped and said
// why, so nothing is counted twice. A holdings statement gives no buy dates (unless it has a buy-date column): its
// lots are marked `dateUnknown`, placed where they sit in FIFO order (held at the end of the statement's day, or of
// the day before the history), and never taken as bought on that day.
import { instrumentKeys, isShare } from '../import/instruments';
import { baseSymbol } from '../import/symbols';
import type { Fill, ImportBroker, ImportRowError } from '../import/types';
import { units } from '../import/units';
import { dateOfDayNumber, dayNumberOf, isIsoDate } from '../time/ist';
import type { StoredTrade } from './rebuild';

/** A line of a holdings statement. */
export interface HoldingLine {
  symbol: string;
  isin: string | null;
  quantity: number;
  averagePrice: number;
  /** The day these shares were bought, when the statement has a buy-date column (one line per lot). */
  boughtOn?: string | null;
  row: number;
}

/** A sale of delivery shares in a tax P&L statement, with the buy it was matched to. */
export interface TaxPnlSale {
  symbol: string;
  isin: string | null;
  entryDate: string;
  exitDate: string;
  quantity: number;
  buyValue: number;
  row: number;
}

export interface OpeningLots {
  fills: Fill[];
  /** Lines not used, each with the reason in the trader's words. */
  skipped: ImportRowError[];
}

/** A typed opening position: shares held on `date` (the day they were bought, when known) at an average cost. */
export interface TypedOpening {
  broker: ImportBroker;
  symbol: string;
  quantity: number;
  price: number;
  date: string;
  /** A stable id for re-saves (the opening's own id). */
  id: string;
}

/**
 * The first IST day each share has a fill of the broker in the journal (opening lots aside), asked by a statement's
 * symbol and ISIN: a share is one under all its symbols and ISINs (a holdings statement names GVT&D what the
 * tradebook bought as GET&D-BE).
 */
export function firstFillDays(
  stored: readonly StoredTrade[],
  broker: ImportBroker,
): (share: { symbol: string; isin: string | null }) => string | undefined {
  const fills: Fill[] = [];
  for (const t of stored) for (const { fill } of t.fills) if (fill.broker === broker && isShare(fill)) fills.push(fill);
  const instruments = instrumentKeys(fills);
  const first = new Map<string, string>();
  for (const fill of fills) {
    if (fill.opening) continue;
    const key = instruments.of(fill);
    const day = fill.executedAt.slice(0, 10);
    const known = first.get(key);
    if (known === undefined || day < known) first.set(key, day);
  }
  return ({ symbol, isin }) => {
    const key = instruments.shareOf(broker, symbol, isin);
    return key === null ? undefined : first.get(key);
  };
}

function openingFill(
  broker: ImportBroker,
  symbol: string,
  isin: string | null,
  quantity: number,
  price: number,
  date: string,
  tradeId: string,
  row: number,
  dateUnknown = false,
): Fill {
  return {
    broker,
    tradeId,
    orderId: null,
    exchange: 'NSE',
    segment: 'equity',
    symbol,
    isin,
    underlying: null,
    expiry: null,
    strike: null,
    optionType: null,
    side: 'buy',
    quantity,
    price: Math.round(price * 10_000) / 10_000,
    // Held at the end of that day: after its trades, before the next day's.
    executedAt: `${date}T15:30:00+05:30`,
    fees: null,
    row,
    opening: true,
    ...(dateUnknown ? { dateUnknown: true } : {}),
  };
}

/**
 * The day before the broker's first trade in the journal: the date a holdings statement that does not state its own
 * is taken to be as at (holdings at the end of it are exactly what the tradebook does not explain). Null when the
 * journal has no trades of the broker.
 */
export function dayBeforeHistory(stored: readonly StoredTrade[], broker: ImportBroker): string | null {
  let first: string | null = null;
  for (const t of stored) {
    for (const { fill } of t.fills) {
      if (fill.broker !== broker || fill.opening) continue;
      const day = fill.executedAt.slice(0, 10);
      if (first === null || day < first) first = day;
    }
  }
  return first === null ? null : dateOfDayNumber(dayNumberOf(first) - 1);
}

const skip = (row: number, message: string): ImportRowError => ({
  row,
  column: null,
  message: `Row ${row}: ${message}`,
});

/** Units and cost (rupees) of the dated opening lots of each share (base symbol) held by the end of `day`. */
function datedOpeningLots(stored: readonly StoredTrade[], broker: ImportBroker, day: string) {
  const held = new Map<string, { quantity: number; cost: number }>();
  for (const t of stored) {
    for (const { fill } of t.fills) {
      if (fill.broker !== broker || !fill.opening || fill.bonus || fill.dateUnknown) continue;
      if (fill.executedAt.slice(0, 10) > day) continue;
      const symbol = baseSymbol(fill.symbol);
      const lot = held.get(symbol) ?? { quantity: 0, cost: 0 };
      lot.quantity += fill.quantity;
      lot.cost += fill.quantity * fill.price;
      held.set(symbol, lot);
    }
  }
  return held;
}

/**
 * The journal's dated opening lots of each share (base symbol) and buy day, so a statement's lot for the same share
 * and day is not added to one already there (a lot the trader dated, or another statement's). `take` says how many
 * of `quantity` shares are held already, and uses them up. Lots named in `own` are the statement's own (a second
 * import of it, which de-duplication skips; or its other lines): a tax P&L's lots are each a distinct sale.
 */
function datedLotsByDay(stored: readonly StoredTrade[], broker: ImportBroker) {
  const lots = new Map<string, { tradeId: string | null; left: number }[]>();
  for (const t of stored) {
    for (const { fill } of t.fills) {
      if (fill.broker !== broker || !fill.opening || fill.bonus || fill.dateUnknown) continue;
      const key = `${baseSymbol(fill.symbol)}|${fill.executedAt.slice(0, 10)}`;
      const list = lots.get(key) ?? [];
      const same = list.find((l) => l.tradeId === fill.tradeId);
      if (same) same.left += fill.quantity;
      else list.push({ tradeId: fill.tradeId, left: fill.quantity });
      lots.set(key, list);
    }
  }
  return {
    take(symbol: string, day: string, quantity: number, own: (id: string | null) => boolean): number {
      let taken = 0;
      for (const lot of lots.get(`${symbol}|${day}`) ?? []) {
        if (own(lot.tradeId) || taken >= quantity) continue;
        const t = Math.min(lot.left, quantity - taken);
        lot.left -= t;
        taken += t;
      }
      return taken;
    },
  };
}

/**
 * A holdings statement as held at the end of `asOf` (its own date, or the day before the history when it does not
 * say). A line with a buy date is a dated lot bought that day, unless the tradebook already has that day. A line
 * without one is an undated lot placed at `asOf`, for a share the journal has no trades of by then; the shares of it
 * that the journal's dated opening lots already hold (from a tax P&L statement, or typed) are left out, and the rest
 * keeps the statement's total cost: a statement never adds to lots that have dates.
 */
export function openingLotsFromHoldings(
  holdings: readonly HoldingLine[],
  asOf: string,
  broker: ImportBroker,
  stored: readonly StoredTrade[],
): OpeningLots {
  if (!isIsoDate(asOf)) throw new RangeError(`The holdings date "${asOf}" is not a date.`);
  const first = firstFillDays(stored, broker);
  const dated = datedOpeningLots(stored, broker, asOf);
  const byDay = datedLotsByDay(stored, broker);
  const fills: Fill[] = [];
  const skipped: ImportRowError[] = [];
  const seen = new Map<string, number>();
  for (const h of holdings) {
    const symbol = baseSymbol(h.symbol);
    const from = first({ symbol, isin: h.isin });
    if (!(h.quantity > 0)) {
      skipped.push(skip(h.row, `${symbol}: nothing held`));
      continue;
    }
    const bought = h.boughtOn ?? null;
    if (bought !== null) {
      if (from !== undefined && from <= bought) {
        skipped.push(skip(h.row, `${symbol} bought on ${bought} is in your tradebook already`));
        continue;
      }
      if (bought > asOf) {
        skipped.push(skip(h.row, `${symbol} bought on ${bought} is after the statement's date, ${asOf}`));
        continue;
      }
      // A share bought in several lots on one day has a line per lot: each its own lot, numbered to stay unique.
      const base = `holding:${asOf}:${symbol}:${bought}`;
      const n = (seen.get(base) ?? 0) + 1;
      seen.set(base, n);
      const id = n === 1 ? base : `${base}:${n}`;
      const quantity = h.quantity - byDay.take(symbol, bought, h.quantity, (other) => other?.startsWith(base) === true);
      if (quantity <= 0) {
        skipped.push(skip(h.row, `${symbol} bought on ${bought}: these shares have their lot in your journal already`));
        continue;
      }
      fills.push(openingFill(broker, symbol, h.isin, units(quantity), h.averagePrice, bought, id, h.row));
      continue;
    }
    if (from !== undefined && from <= asOf) {
      skipped.push(skip(h.row, `${symbol} is in your tradebook on or before ${asOf}, which already holds it`));
      continue;
    }
    const known = dated.get(symbol) ?? { quantity: 0, cost: 0 };
    const quantity = units(h.quantity - known.quantity);
    if (quantity <= 0) {
      skipped.push(skip(h.row, `${symbol}: all ${h.quantity} shares already have buy dates in your journal`));
      continue;
    }
    fills.push(
      openingFill(
        broker,
        symbol,
        h.isin,
        quantity,
        remainderPrice(h.quantity, h.averagePrice, known.quantity, known.cost),
        asOf,
        `holding:${asOf}:${symbol}`,
        h.row,
        true,
      ),
    );
  }
  return { fills, skipped };
}

/**
 * The cost per share of what is left of a holding of `quantity` at `price` once `taken` shares of it costing
 * `takenCost` are known lot by lot: the holding's total cost stays the statement's (its average is the FIFO cost of
 * the shares held). The statement's average when the known lots cost more than the holding did.
 */
export function remainderPrice(quantity: number, price: number, taken: number, takenCost: number): number {
  const left = quantity - taken;
  const cost = quantity * price - takenCost;
  if (taken <= 0 || left <= 0 || cost < 0) return price;
  return Math.round((cost / left) * 10_000) / 10_000;
}

/**
 * A tax P&L statement: each sale of a share bought before the journal's first trade in it, and sold since, gives the
 * cost of that sale as an opening lot bought on its buy date. Sales the tradebook explains itself are skipped, and so
 * are shares whose lot of that day the journal has already (dated by the trader, or from another statement).
 */
export function openingLotsFromTaxPnl(
  sales: readonly TaxPnlSale[],
  broker: ImportBroker,
  stored: readonly StoredTrade[],
): OpeningLots {
  const first = firstFillDays(stored, broker);
  const byDay = datedLotsByDay(stored, broker);
  const fills: Fill[] = [];
  const skipped: ImportRowError[] = [];
  const seen = new Map<string, number>();
  for (const s of sales) {
    const symbol = baseSymbol(s.symbol);
    const from = first({ symbol, isin: s.isin });
    if (from === undefined) {
      skipped.push(skip(s.row, `${symbol} has no trades in your journal to give a cost to`));
      continue;
    }
    if (s.entryDate >= from) {
      skipped.push(skip(s.row, `${symbol} bought on ${s.entryDate} is in your tradebook already`));
      continue;
    }
    if (s.exitDate < from) {
      skipped.push(skip(s.row, `${symbol} sold on ${s.exitDate} is before your tradebook starts`));
      continue;
    }
    // The same buy may be sold in several lines: each line is its own lot, numbered to stay unique.
    const base = `taxpnl:${symbol}:${s.entryDate}:${s.exitDate}:${s.quantity}`;
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    const id = n === 1 ? base : `${base}:${n}`;
    const quantity =
      s.quantity - byDay.take(symbol, s.entryDate, s.quantity, (other) => other?.startsWith('taxpnl:') === true);
    if (quantity <= 0) {
      skipped.push(
        skip(s.row, `${symbol} bought on ${s.entryDate}: these shares have their lot in your journal already`),
      );
      continue;
    }
    fills.push(openingFill(broker, symbol, s.isin, units(quantity), s.buyValue / s.quantity, s.entryDate, id, s.row));
  }
  return { fills, skipped };
}

/**
 * A typed opening position as an opening lot; throws a RangeError naming a bad value. The quantity may have decimals
 * (ETF and fund units), kept to 6 places.
 */
export function typedOpeningLot(opening: TypedOpening): Fill {
  const symbol = baseSymbol(opening.symbol.trim().toUpperCase());
  if (symbol === '') throw new RangeError('Enter the symbol of the shares you held.');
  if (!(units(opening.quantity) > 0) || !Number.isFinite(opening.quantity)) {
    throw new RangeError('Enter how many shares or units you held, a number above 0.');
  }
  if (!(opening.price >= 0) || !Number.isFinite(opening.price)) {
    throw new RangeError('Enter the average cost per share, zero or more.');
  }
  if (!isIsoDate(opening.date)) throw new RangeError('Enter the date you held them on.');
  return openingFill(
    opening.broker,
    symbol,
    null,
    units(opening.quantity),
    opening.price,
    opening.date,
    `opening:${opening.id}`,
    0,
  );
}
