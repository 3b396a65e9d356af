// Money arithmetic in integer paise. Binary floats drift (0.1 + 0.2), so prices become paise once, rates are
// whole rupees per crore of turnover, and every product is formed exactly in BigInt before one rounding.

/** Rupees per crore (₹1,00,00,000) of turnover: 0.00297% is ₹297 per crore, IPFT ₹10 per crore is 10. */
export type PerCrore = number;

const CRORE = 10_000_000n;

/** A percentage as written in INDIA.md (0.00297 meaning 0.00297%) in rupees per crore; exact to five decimals. */
export function percent(value: number): PerCrore {
  return Math.round(value * 100_000);
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

/** A rate applied to a turnover, rounded to the paisa. */
export function chargeInPaise(turnoverPaise: number, rate: PerCrore): number {
  return Number(divideRoundingHalfUp(BigInt(turnoverPaise) * BigInt(rate), CRORE));
}

/** Rates applied to turnovers and summed, rounded once to the whole rupee (STT on a contract note), in paise. */
export function chargeInPaiseToRupee(
  ...terms: ReadonlyArray<readonly [turnoverPaise: number, rate: PerCrore]>
): number {
  const exact = terms.reduce((sum, [turnover, rate]) => sum + BigInt(turnover) * BigInt(rate), 0n);
  return Number(divideRoundingHalfUp(exact, CRORE * 100n)) * 100;
}

/** A whole-number percentage (GST 18) of an amount in paise, rounded to the paisa. */
export function percentOfPaise(amountPaise: number, wholePercent: number): number {
  return Number(divideRoundingHalfUp(BigInt(amountPaise) * BigInt(wholePercent), 100n));
}
