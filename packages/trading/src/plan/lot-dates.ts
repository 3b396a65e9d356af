// Buy dates for opening lots that have none (from a holdings statement that does not give them). Such a lot sits in
// FIFO order before the history, but the tax P&L cannot tell whether a sale from it is short or long term, so it
// waits. Dates come two ways, and both replace the undated shares rather than add to them:
// - the trader gives them, lot by lot (a lot may be several buys: quantities and days that add up to it);
// - dated lots arrive for the same share (a tax P&L statement, a holdings statement with buy dates, a typed opening
//   position): each takes its shares out of the share's undated lots, whose rest keeps the statement's total cost.
import { baseSymbol } from '../import/symbols';
import type { Fill, ImportBroker } from '../import/types';
import { isIsoDate } from '../time/ist';
import { remainderPrice } from './opening-lots';
import type { StoredTrade } from './rebuild';

/** An opening lot of the journal whose buy date is not known, whole (its parts in several trades added up). */
export interface UndatedLot {
  /** Names the lot for a change: its stored fill's id. */
  key: string;
  broker: ImportBroker;
  symbol: string;
  isin: string | null;
  quantity: number;
  price: number;
  /** The day it is placed at: it was held at the end of that day, so it was bought on it or before. */
  heldOn: string;
  /** The lot as one fill. */
  fill: Fill;
  /** The import that brought it (a holdings statement). */
  importId: string | null;
}

/** A part of a lot as the trader gives it: how many of its shares were bought on which day. */
export interface LotDatePart {
  quantity: number;
  boughtOn: string;
}

/**
 * An undated lot that an import's dated lots replaced, in part or whole: kept with the import, so that undoing it
 * brings the undated shares back.
 */
export interface ReplacedLot {
  /** The lot as it was, whole. */
  lot: Fill;
  /** The import that brought it. */
  importId: string | null;
  /** What was left of it undated (its shares and their price), or null when all of it was dated. */
  rest: { quantity: number; price: number } | null;
}

/** What replacing undated shares with dated ones does: each undated lot's fill, and what takes its place. */
export interface UndatedReplacement {
  /** By the undated lot's key: the fills that take its place (its rest, or nothing when all of it is dated). */
  fills: Map<string, Fill[]>;
  /** Undated lots changed. */
  lots: number;
  /** Their shares, in symbol order. */
  symbols: string[];
  /** Each lot changed as it was, for an undo. */
  replaced: ReplacedLot[];
}

const day = (fill: Fill) => fill.executedAt.slice(0, 10);
const addUnits = (a: number, b: number) => Math.round((a + b) * 1e6) / 1e6;

/** The journal's undated opening lots, oldest first. */
export function undatedLots(stored: readonly StoredTrade[]): UndatedLot[] {
  const lots = new Map<string, UndatedLot>();
  for (const t of stored) {
    for (const { id: key, fill, importId } of t.fills) {
      if (!fill.dateUnknown) continue;
      const lot = lots.get(key);
      if (lot) {
        lot.quantity = addUnits(lot.quantity, fill.quantity);
        lot.fill = { ...lot.fill, quantity: lot.quantity };
        continue;
      }
      lots.set(key, {
        key,
        broker: fill.broker,
        symbol: baseSymbol(fill.symbol),
        isin: fill.isin ?? null,
        quantity: fill.quantity,
        price: fill.price,
        heldOn: day(fill),
        fill: { ...fill },
        importId,
      });
    }
  }
  return [...lots.values()].sort((a, b) => a.heldOn.localeCompare(b.heldOn) || a.symbol.localeCompare(b.symbol));
}

/**
 * The undated lots that `dated` (new dated opening lots) stand in for. A dated lot is part of an undated lot of the
 * same broker and share held by the end of a day on or after its buy date: its shares come out of the oldest such
 * lots first, and what is left of each keeps the lot's total cost. Dated shares beyond the undated ones are simply
 * added (shares the holdings statement did not list).
 */
export function replaceUndated(dated: readonly Fill[], stored: readonly StoredTrade[]): UndatedReplacement {
  const fills = new Map<string, Fill[]>();
  const symbols = new Set<string>();
  const open = undatedLots(stored).map((lot) => ({ lot, left: lot.quantity, takenCost: 0 }));
  const incoming = dated
    .filter((f) => f.opening && !f.bonus && !f.dateUnknown && f.side === 'buy')
    .sort((a, b) => a.executedAt.localeCompare(b.executedAt));
  for (const f of incoming) {
    let need = f.quantity;
    for (const entry of open) {
      if (need <= 0) break;
      const { lot } = entry;
      if (entry.left <= 0 || lot.broker !== f.broker || lot.symbol !== baseSymbol(f.symbol)) continue;
      if (day(f) > lot.heldOn) continue;
      const taken = Math.min(need, entry.left);
      entry.left = addUnits(entry.left, -taken);
      entry.takenCost += taken * f.price;
      need = addUnits(need, -taken);
    }
  }
  const replaced: ReplacedLot[] = [];
  for (const { lot, left, takenCost } of open) {
    if (left === lot.quantity) continue;
    symbols.add(lot.symbol);
    const taken = addUnits(lot.quantity, -left);
    const rest = left > 0 ? { quantity: left, price: remainderPrice(lot.quantity, lot.price, taken, takenCost) } : null;
    fills.set(lot.key, rest ? [{ ...lot.fill, ...rest }] : []);
    replaced.push({ lot: lot.fill, importId: lot.importId, rest });
  }
  return { fills, lots: fills.size, symbols: [...symbols].sort(), replaced };
}

/**
 * Undoing an import that replaced undated lots (replaceUndated): each lot's shares it took become undated again.
 * Where the lot's rest is still in the journal it grows back (in `fills`, by the rest's key); where all of it was
 * dated it comes back whole (`restore`, with its own import). A lot the journal holds as it was before (the part of
 * the import that replaced it was never saved) is left as it is. Its cost is the statement's again: the rest's cost
 * plus what the import had taken.
 */
export function restoreUndated(
  replaced: readonly ReplacedLot[],
  stored: readonly StoredTrade[],
): { fills: Map<string, Fill[]>; restore: { fill: Fill; importId: string | null }[] } {
  const current = new Map(undatedLots(stored).map((l) => [lotIdentity(l.fill), l]));
  const fills = new Map<string, Fill[]>();
  const restore: { fill: Fill; importId: string | null }[] = [];
  for (const { lot, importId, rest } of replaced) {
    const now = current.get(lotIdentity(lot));
    if (now && now.quantity === lot.quantity && now.price === lot.price) continue;
    const taken = addUnits(lot.quantity, -(rest?.quantity ?? 0));
    const takenCost = lot.quantity * lot.price - (rest ? rest.quantity * rest.price : 0);
    const quantity = addUnits(now?.quantity ?? 0, taken);
    // Nothing changed it since: the lot exactly as it was; otherwise what is left of it plus what the import took.
    const unchanged = (now?.quantity ?? 0) === (rest?.quantity ?? 0) && (now?.price ?? 0) === (rest?.price ?? 0);
    const price = unchanged
      ? lot.price
      : Math.round((((now ? now.quantity * now.price : 0) + takenCost) / quantity) * 10_000) / 10_000;
    const fill: Fill = { ...lot, quantity, price };
    if (now) fills.set(now.key, [fill]);
    else restore.push({ fill, importId });
  }
  return { fills, restore };
}

/** A lot is the same lot whatever its quantity: its broker, its statement's id for it and its day. */
const lotIdentity = (f: Fill) => `${f.broker}|${f.tradeId ?? ''}|${baseSymbol(f.symbol)}|${day(f)}`;

/**
 * The lot as the dated lots the trader gives: parts that add up to its shares, each bought on or before the day it
 * is held at, at the lot's price (its cost stays the statement's). Parts on the same day are one lot. Throws a
 * RangeError that says what is wrong.
 */
export function datedParts(lot: UndatedLot, parts: readonly LotDatePart[]): Fill[] {
  if (parts.length === 0) throw new RangeError(`Give the day ${lot.symbol}'s shares were bought.`);
  const byDay = new Map<string, number>();
  for (const part of parts) {
    if (!isIsoDate(part.boughtOn)) throw new RangeError('Enter each buy date as a date.');
    if (part.boughtOn > lot.heldOn) {
      throw new RangeError(
        `${lot.symbol} was held by ${lot.heldOn}, so each buy date is on or before that day (${part.boughtOn} is after it).`,
      );
    }
    if (!(part.quantity > 0) || !Number.isFinite(part.quantity) || addUnits(part.quantity, 0) !== part.quantity) {
      throw new RangeError('Enter each number of shares as a number above 0.');
    }
    byDay.set(part.boughtOn, addUnits(byDay.get(part.boughtOn) ?? 0, part.quantity));
  }
  const total = [...byDay.values()].reduce(addUnits, 0);
  if (total !== lot.quantity) {
    throw new RangeError(
      `The shares add up to ${total}, and the lot holds ${lot.quantity}: give a date for each of its shares.`,
    );
  }
  const base = lot.fill.tradeId ?? `opening:${lot.symbol}:${lot.heldOn}`;
  return [...byDay.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([bought, quantity]) => {
      const { dateUnknown: _undated, ...fill } = lot.fill;
      return {
        ...fill,
        tradeId: `${base}:bought:${bought}`,
        quantity,
        // Held at the end of that day, as every opening lot is.
        executedAt: `${bought}T15:30:00+05:30`,
      };
    });
}
