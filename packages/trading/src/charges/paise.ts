// Money arithmetic in integer paise. Binary floats drift (0.1 + 0.2), so prices become paise once, rates are
// rupees per crore of turnover to the paisa, and every product is formed exactly in BigInt before one rounding.

/**
 * Rupees per crore (₹1,00,00,000) of turnover, to the paisa: 0.00297% is ₹297 per crore, IPFT ₹10 per crore is 10,
 * NSE's cash-market charge from 1 Mar 2026 is ₹306.99 per crore and IPFT then ₹0.01 per crore.
 */
export type PerCrore = number;

const CRORE = 10_000_000n;

/** A percentage as written in INDIA.md (0.00297 meaning 0.00297%) in rupees per crore, to the paisa per crore. */
export function percent(value: number): PerCrore {
  return Math.round(value * 10_000_000) / 100;
}

/** A rate in paise per crore, exactly: PerCrore carries at most two decimals. */
function paisePerCrore(rate: PerCrore): bigint {
  return BigInt(Math.round(rate * 100));
}

/** Rupees (a price or premium, at most paisa precision in practice) to whole paise. */
export function toPaise(rupees: number): number {
  return Math.round(rupees * 100);
}

export function toRupees(paise: number): number {
  return paise / 100;
}

// Half-up division of non-negative integers.
function divideRoundingHalfUp(numerator: bigint, denominator: bigint): bigint {
  return (numerator * 2n + denominator) / (denominator * 2n);
}

type Term = readonly [turnoverPaise: number, rate: PerCrore];

/** How many units of `exactCharge` make one paisa (a crore of paise per paisa-per-crore rate, times 100). */
export const EXACT_UNITS_PER_PAISA = CRORE * 100n;

/** The exact sum of turnover × rate, unrounded, in paise × paise-per-crore; EXACT_UNITS_PER_PAISA make a paisa. */
export function exactCharge(...terms: ReadonlyArray<Term>): bigint {
  // Every note's STT is kept exact: one BigInt from the safe-integer sum is far cheaper than a BigInt per term.
  const fast = exactNumber(terms);
  return fast !== null ? BigInt(fast) : exactSum(terms);
}

function exactSum(terms: ReadonlyArray<Term>): bigint {
  return terms.reduce((sum, [turnover, rate]) => sum + BigInt(turnover) * paisePerCrore(rate), 0n);
}

// A note's lines are computed for every note of an import, so the common case avoids BigInt: while every product
// stays within 2^53 the integers are exact as numbers, and the quotient is corrected to the exact floor.
const SAFE = Number.MAX_SAFE_INTEGER;
const UNITS_PER_PAISA = 1e9;

/** floor((2n + d) / 2d) for non-negative safe integers, exactly. */
function halfUpNumber(n: number, d: number): number {
  const a = 2 * n + d;
  const b = 2 * d;
  let q = Math.floor(a / b);
  if (q * b > a) q--;
  else if ((q + 1) * b <= a) q++;
  return q;
}

/** The terms' exact sum as a number when it and every part of it are safe integers; null otherwise. */
function exactNumber(terms: ReadonlyArray<Term>): number | null {
  let sum = 0;
  for (const [turnover, rate] of terms) {
    const product = turnover * Math.round(rate * 100);
    if (!(product <= SAFE)) return null;
    sum += product;
  }
  return sum * 2 + 2 * UNITS_PER_PAISA * 100 <= SAFE ? sum : null;
}

/** Rates applied to turnovers and summed, rounded once to the paisa (one line of a contract note), in paise. */
export function chargesInPaise(...terms: ReadonlyArray<Term>): number {
  const fast = exactNumber(terms);
  if (fast !== null) return halfUpNumber(fast, UNITS_PER_PAISA);
  return Number(divideRoundingHalfUp(exactSum(terms), CRORE * 100n));
}

/** A rate applied to a turnover, rounded to the paisa. */
export function chargeInPaise(turnoverPaise: number, rate: PerCrore): number {
  return chargesInPaise([turnoverPaise, rate]);
}

/** Rates applied to turnovers and summed, rounded once to the whole rupee (STT on a contract note), in paise. */
export function chargeInPaiseToRupee(...terms: ReadonlyArray<Term>): number {
  const fast = exactNumber(terms);
  if (fast !== null) return halfUpNumber(fast, UNITS_PER_PAISA * 100) * 100;
  return Number(divideRoundingHalfUp(exactSum(terms), CRORE * 100n * 100n)) * 100;
}

/** A whole-number percentage (GST 18) of an amount in paise, rounded to the paisa. */
export function percentOfPaise(amountPaise: number, wholePercent: number): number {
  // The GST of every note: in numbers while the product is a non-negative safe integer, as in chargesInPaise.
  const product = amountPaise * wholePercent;
  if (Number.isInteger(amountPaise) && Number.isInteger(wholePercent) && product >= 0 && 2 * product + 100 <= SAFE) {
    return halfUpNumber(product, 100);
  }
  return Number(divideRoundingHalfUp(BigInt(amountPaise) * BigInt(wholePercent), 100n));
}
