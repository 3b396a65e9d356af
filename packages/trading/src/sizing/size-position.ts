import { toPaise, toRupees } from '../charges/paise';

// Sizing works in integer paise (prices) and millionths of a percent-point budget so that a stop ₹0.20 away
// gives exactly 5,000 shares on a ₹1,000 risk, not 4,999 from 0.2000000000018.

export type Direction = 'long' | 'short';

/** Bad input to the calculator; the message is meant for the user. */
export class SizingInputError extends Error {
  override name = 'SizingInputError';
}

export interface SizingInput {
  capital: number;
  /** Percent of capital to risk (1 means 1%); up to four decimals. */
  riskPercent: number;
  /** Entry price, or the premium for an option. */
  entry: number;
  /** Stop price, or the premium at which an option position is cut. */
  stop: number;
  target?: number;
  /** For F&O: size in whole lots of this many units. */
  lotSize?: number;
  /** Long or short; when absent it follows the target, else the stop's side of entry. */
  side?: Direction;
}

export interface SizingWarning {
  code: 'exceeds-capital' | 'below-one-unit';
  message: string;
}

export interface PositionSize {
  side: Direction;
  /** Units (shares, or lots × lot size). */
  quantity: number;
  /** Whole lots, when a lot size was given. */
  lots?: number;
  /** Capital × risk %, in ₹. */
  riskBudget: number;
  /** |entry − stop| in ₹. */
  riskPerUnit: number;
  /** What the position actually risks: quantity × |entry − stop|, in ₹. */
  risk: number;
  /** Quantity × entry, in ₹ (notional for futures, premium outlay for options). */
  positionValue: number;
  /** |target − entry| ÷ |entry − stop|, when a target was given. */
  rewardToRisk?: number;
  /** Quantity × |target − entry|, in ₹, when a target was given. */
  reward?: number;
  warnings: SizingWarning[];
}

const inr = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' });

function requirePositive(value: number, what: string): void {
  if (!Number.isFinite(value) || value <= 0) throw new SizingInputError(`${what} must be more than zero.`);
}

/**
 * Long or short from the explicit side, else the target, else the stop; checks that stop and target agree with it.
 * Any one unit for all three prices.
 */
export function directionOf(entry: number, stop: number, target?: number, side?: Direction): Direction {
  if (stop === entry) throw new SizingInputError('Stop cannot equal entry: the risk per unit would be zero.');
  if (target !== undefined && target === entry) throw new SizingInputError('Target cannot equal entry.');
  const direction =
    side ?? (target !== undefined ? (target > entry ? 'long' : 'short') : stop < entry ? 'long' : 'short');
  const below = direction === 'long';
  if (target !== undefined && target > entry !== below) {
    throw new SizingInputError(
      `A target on the wrong side of entry: a ${direction}'s target must be ${below ? 'above' : 'below'} entry.`,
    );
  }
  if (stop < entry !== below) {
    throw new SizingInputError(
      `A stop on the wrong side of entry: a ${direction}'s stop must be ${below ? 'below' : 'above'} entry.`,
    );
  }
  return direction;
}

/** Position size from the risk a trader will take: INDIA.md's quantity and F&O lot formulas. */
export function sizePosition(input: SizingInput): PositionSize {
  const { capital, riskPercent, entry, stop, target, lotSize, side } = input;
  requirePositive(capital, 'Capital');
  requirePositive(riskPercent, 'Risk %');
  if (riskPercent > 100) throw new SizingInputError('Risk % cannot be more than 100.');
  requirePositive(entry, 'Entry');
  if (!Number.isFinite(stop) || stop < 0) throw new SizingInputError('Stop cannot be negative.');
  if (target !== undefined && (!Number.isFinite(target) || target < 0)) {
    throw new SizingInputError('Target cannot be negative.');
  }
  if (lotSize !== undefined && (!Number.isInteger(lotSize) || lotSize <= 0)) {
    throw new SizingInputError('Lot size must be a whole number more than zero.');
  }
  // Compared in paise, the unit the sizing works in, so that a stop 0.001 from entry counts as equal to it.
  const entryPaise = toPaise(entry);
  const stopPaise = toPaise(stop);
  const direction = directionOf(entryPaise, stopPaise, target === undefined ? undefined : toPaise(target), side);
  const riskPerUnit = Math.abs(entryPaise - stopPaise);
  // floor(capital × risk% ÷ 100) in paise, exact: the percent is taken to four decimals as a whole number.
  const budget = Number((BigInt(toPaise(capital)) * BigInt(Math.round(riskPercent * 10_000))) / 1_000_000n);

  const lots = lotSize === undefined ? undefined : Math.floor(budget / (riskPerUnit * lotSize));
  const quantity = lots === undefined ? Math.floor(budget / riskPerUnit) : lots * (lotSize ?? 1);
  const positionValue = quantity * entryPaise;

  const warnings: SizingWarning[] = [];
  if (quantity === 0) {
    const unit = lotSize === undefined ? 'one unit' : `one lot of ${lotSize}`;
    warnings.push({
      code: 'below-one-unit',
      message: `The risk budget of ${inr.format(toRupees(budget))} is less than the risk on ${unit} (${inr.format(toRupees(riskPerUnit * (lotSize ?? 1)))}).`,
    });
  }
  if (positionValue > toPaise(capital)) {
    warnings.push({
      code: 'exceeds-capital',
      message: `The position's value of ${inr.format(toRupees(positionValue))} is more than the capital of ${inr.format(capital)}: it needs margin or leverage.`,
    });
  }

  const result: PositionSize = {
    side: direction,
    quantity,
    riskBudget: toRupees(budget),
    riskPerUnit: toRupees(riskPerUnit),
    risk: toRupees(quantity * riskPerUnit),
    positionValue: toRupees(positionValue),
    warnings,
  };
  if (lots !== undefined) result.lots = lots;
  if (target !== undefined) {
    const rewardPerUnit = Math.abs(toPaise(target) - entryPaise);
    result.rewardToRisk = rewardPerUnit / riskPerUnit;
    result.reward = toRupees(quantity * rewardPerUnit);
  }
  return result;
}
