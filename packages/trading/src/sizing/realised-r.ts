import { type Direction, directionOf, SizingInputError } from './size-position';

// The one R formula. Prices are taken to four decimals (a ten-thousandth of a rupee, the precision contract notes
// print average prices in) as integers, so that 100.40 − 100.10 over 100.10 − 99.90 is exactly 1.5 and a stop-out is
// exactly −1R, not −0.9999999999, which would land in the wrong bucket of the R distribution.
const UNITS_PER_RUPEE = 10_000;
const units = (rupees: number) => Math.round(rupees * UNITS_PER_RUPEE);

/**
 * R of a closed trade: (exit − entry) ÷ (entry − stop), sign reversed for shorts, i.e. the move in multiples of the
 * risk taken at entry. Null when the stop is at or on the wrong side of entry (no risk was defined).
 * For journal statistics, which skip such trades; `realisedR` is the checked form for a calculator.
 */
export function rMultiple(side: Direction, entry: number, exit: number, stop: number): number | null {
  const entryUnits = units(entry);
  const risk = side === 'long' ? entryUnits - units(stop) : units(stop) - entryUnits;
  if (!(risk > 0)) return null;
  const move = side === 'long' ? units(exit) - entryUnits : entryUnits - units(exit);
  // + 0 turns a break-even −0 into 0.
  return move / risk + 0;
}

/**
 * The result of a closed trade in R (see `rMultiple`), for input a user typed: a negative price, a stop at entry or
 * on the wrong side of it is a `SizingInputError` with a message for the user.
 */
export function realisedR(entry: number, exit: number, stop: number, side: Direction): number {
  for (const [what, value] of [
    ['Entry', entry],
    ['Exit', exit],
    ['Stop', stop],
  ] as const) {
    if (!Number.isFinite(value) || value < 0) throw new SizingInputError(`${what} cannot be negative.`);
  }
  directionOf(units(entry), units(stop), undefined, side);
  return rMultiple(side, entry, exit, stop)!;
}
