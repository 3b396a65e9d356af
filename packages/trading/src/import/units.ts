// Quantities in units. Shares trade in whole units, but ETF and mutual fund units are fractional (LIQUIDBEES 24.609 in
// a tax P&L statement), so an equity quantity may have decimals; futures and options never do (their units are lots ×
// lot size). Binary floating point cannot hold 24.609 exactly and FIFO subtracts lot after lot (24.609 − 10.2 is
// 14.409000000000001), so every quantity the matcher adds or subtracts is rounded to UNIT_PLACES: exact for any
// quantity a statement writes (funds publish units to 3 or 4 places), and no 1e-12 residue ever keeps a lot open.

/** Decimal places a quantity is kept to. */
export const UNIT_PLACES = 6;
const SCALE = 10 ** UNIT_PLACES;

/** A quantity rounded to UNIT_PLACES (a whole number stays itself). */
export const units = (n: number): number => (Number.isInteger(n) ? n : Math.round(n * SCALE) / SCALE);

/**
 * Why a fill's quantity cannot be imported, or null when it can: a number above 0, and whole for futures and options.
 * Readers write "<column> '<value>' " before it. A null `segment` (not known yet) checks the number only.
 */
export function quantityProblem(
  quantity: number | null,
  segment: 'equity' | 'futures' | 'options' | null = null,
): string | null {
  if (quantity === null || !(units(quantity) > 0) || !Number.isFinite(quantity)) return 'is not a number above 0';
  if (segment !== null && segment !== 'equity' && !Number.isInteger(quantity)) {
    return 'is not a whole number: futures and options trade in whole units (lots × lot size)';
  }
  return null;
}
