import { toPaise } from '../charges/paise';
import { type Direction, directionOf, SizingInputError } from './size-position';

/**
 * The result of a closed trade in R, multiples of the initial risk: (exit − entry) ÷ (entry − stop), sign reversed
 * for shorts. Prices are taken to the paisa so that 100.40 − 100.10 over 100.10 − 99.90 is exactly 1.5.
 */
export function realisedR(entry: number, exit: number, stop: number, side: Direction): number {
  for (const [what, value] of [
    ['Entry', entry],
    ['Exit', exit],
    ['Stop', stop],
  ] as const) {
    if (!Number.isFinite(value) || value < 0) throw new SizingInputError(`${what} cannot be negative.`);
  }
  const entryPaise = toPaise(entry);
  const stopPaise = toPaise(stop);
  directionOf(entryPaise, stopPaise, undefined, side);
  const move = toPaise(exit) - entryPaise;
  const risk = entryPaise - stopPaise;
  // A short's risk is negative, which reverses the sign; + 0 turns a short's break-even -0 into 0.
  return move / risk + 0;
}
