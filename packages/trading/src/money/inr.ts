/**
 * INR formatting, the project's own (see INDIA.md: `Intl` compact notation rounds 99,999 up to "1L" and varies
 * with the browser's CLDR data). One rule for every amount a person reads (packages/ui/README.md, "Money"):
 * `formatINR` exact, with paise, wherever a figure is read; `formatINRCompact` (K, L, Cr) only where space forces it
 * (chart axes, calendar cells).
 *
 * Rules (all arithmetic is on whole paise, so there are no binary floating point surprises):
 * - Input is rupees as a number (`formatINR`, `formatINRCompact`) or whole paise (`formatPaise`). Rupees are turned
 *   into paise by `Math.round(|amount| × 100)`, i.e. to the nearest paisa, half away from zero.
 * - Digits group the Indian way: the last three digits, then groups of two (₹12,34,567.00).
 * - Paise are always shown, with two digits (₹360.00, ₹0.50, ₹12,34,567.89): an exact figure reads the same on every
 *   screen. `paise: 'auto'` shows them only when the amount has any (a price the product sets: ₹360, ₹3,240) and
 *   `paise: 'never'` rounds to the nearest rupee, half away from zero.
 * - A negative amount has a real minus sign (U+2212) before the ₹: −₹1,234.00. An amount that is zero once rounded
 *   has no sign (-0.001 → ₹0.00). `sign: 'exceptZero'` (P&L) also puts a plus before gains (+₹2,500.00,
 *   −₹2,500.00, ₹0.00), like `Intl`'s `signDisplay: 'exceptZero'`; the sign follows the amount as shown, so
 *   0.004 → ₹0.00 without a plus. A screen keeps the sign and the amount on one line (ui's `Money`, `MoneyText`).
 * - Compact: below ₹1,000 the amount is shown in full, paise only when it has any (₹999.50, ₹600). From ₹1,000 it
 *   is K (thousand), from ₹1,00,000 L (lakh), from ₹1,00,00,000 Cr (crore, the largest unit: ₹1,23,456Cr). The
 *   figure is cut (truncated toward zero), never rounded, to at most two decimals (or `maxFractionDigits`), and
 *   trailing zeros are dropped. So an amount never reads as more than it is and never jumps a unit:
 *   99,999 → ₹99.99K, 99,99,999 → ₹99.99L, 1,00,000 → ₹1L, 1,23,45,678 → ₹1.23Cr, -1,500 → −₹1.5K.
 * - A non-finite amount (NaN, ±Infinity) throws a RangeError.
 */

export type PaiseDisplay = 'auto' | 'always' | 'never';

/** 'auto': a minus on losses only; 'exceptZero': also a plus on gains (P&L), never a sign on zero. */
export type SignDisplay = 'auto' | 'exceptZero';

export interface FormatINROptions {
  /** Default 'always' (₹360.00); 'auto': paise only when non-zero (₹360, prices); 'never': to the rupee. */
  paise?: PaiseDisplay;
  /** Default 'auto'. */
  sign?: SignDisplay;
}

export interface FormatINRCompactOptions {
  /** Most decimals of the abbreviated figure, 0 to 2; default 2 (99,999 → ₹99.99K; with 1 → ₹99.9K). */
  maxFractionDigits?: 0 | 1 | 2;
  /** Default 'auto'. */
  sign?: SignDisplay;
}

const RUPEE = '₹';
/** U+2212 MINUS SIGN: the typographic minus, as wide as the plus, never taken for a hyphen. */
const MINUS = '\u2212';

/** Groups a string of digits the Indian way: "1234567" → "12,34,567". */
export function groupIndian(digits: string): string {
  if (digits.length <= 3) return digits;
  const last3 = digits.slice(-3);
  let rest = digits.slice(0, -3);
  const groups: string[] = [];
  while (rest.length > 2) {
    groups.unshift(rest.slice(-2));
    rest = rest.slice(0, -2);
  }
  if (rest.length > 0) groups.unshift(rest);
  return `${groups.join(',')},${last3}`;
}

/**
 * A count or quantity grouped the Indian way, as `Intl`'s en-IN writes it (123456 → "1,23,456", -5 → "-5"), but
 * without an Intl formatter: a page's first one costs tens of milliseconds on a phone's CPU, and most pages write
 * only whole counts. A fraction is left to `toLocaleString('en-IN')`.
 */
export function formatCount(n: number): string {
  if (!Number.isSafeInteger(n)) return n.toLocaleString('en-IN');
  return `${n < 0 ? '-' : ''}${groupIndian(String(Math.abs(n)))}`;
}

/**
 * A quantity of shares or units, grouped the Indian way with its decimals as held (to 6 places, trailing zeros
 * dropped): ETF and fund units are fractional, so 24.609 shows as "24.609", not "25"; 123456.5 as "1,23,456.5".
 */
export function formatQuantity(n: number): string {
  if (Number.isSafeInteger(n)) return formatCount(n);
  if (!Number.isFinite(n)) return String(n);
  const [whole = '0', fraction = ''] = Math.abs(n).toFixed(6).split('.');
  const digits = fraction.replace(/0+$/, '');
  return `${n < 0 ? '-' : ''}${groupIndian(whole)}${digits ? `.${digits}` : ''}`;
}

function toPaise(rupees: number): number {
  if (!Number.isFinite(rupees)) throw new RangeError(`Cannot format a non-finite amount: ${rupees}`);
  return Math.sign(rupees) * Math.round(Math.abs(rupees) * 100);
}

/** The sign in front of ₹ for a whole number of paise, as shown (zero has none). */
function signOf(paise: number, display: SignDisplay = 'auto'): string {
  if (paise < 0) return MINUS;
  return paise > 0 && display === 'exceptZero' ? '+' : '';
}

function assertPaise(paise: number): void {
  if (!Number.isFinite(paise)) throw new RangeError(`Cannot format a non-finite amount: ${paise}`);
  if (!Number.isInteger(paise)) throw new RangeError(`Paise must be a whole number: ${paise}`);
}

/** Exact format of a whole number of paise: formatPaise(123456750) → "₹12,34,567.50". */
export function formatPaise(paise: number, options: FormatINROptions = {}): string {
  assertPaise(paise);
  const display = options.paise ?? 'always';
  let abs = Math.abs(paise);
  if (display === 'never') abs = Math.round(abs / 100) * 100;
  const rupees = Math.floor(abs / 100);
  const fraction = abs % 100;
  const sign = signOf(abs === 0 ? 0 : paise, options.sign);
  const showPaise = display === 'always' || (display === 'auto' && fraction !== 0);
  const paiseText = showPaise ? `.${String(fraction).padStart(2, '0')}` : '';
  return `${sign}${RUPEE}${groupIndian(String(rupees))}${paiseText}`;
}

/**
 * Exact format of an amount in rupees, for every figure a person reads: formatINR(1234567) → "₹12,34,567.00",
 * formatINR(-51199.32) → "−₹51,199.32", formatINR(2500, { sign: 'exceptZero' }) → "+₹2,500.00".
 */
export function formatINR(rupees: number, options: FormatINROptions = {}): string {
  return formatPaise(toPaise(rupees), options);
}

const UNITS = [
  // paise in one unit, suffix
  { paise: 1_00_00_000_00, suffix: 'Cr' },
  { paise: 1_00_000_00, suffix: 'L' },
  { paise: 1_000_00, suffix: 'K' },
] as const;

/** Abbreviated format of a whole number of paise (see the module comment for the rules). */
export function formatPaiseCompact(paise: number, options: FormatINRCompactOptions = {}): string {
  assertPaise(paise);
  const digits = options.maxFractionDigits ?? 2;
  const abs = Math.abs(paise);
  const unit = UNITS.find((u) => abs >= u.paise);
  if (!unit) return formatPaise(paise, { paise: 'auto', sign: options.sign });
  const scale = 10 ** digits;
  // Number of 1/scale units, cut toward zero: floor(abs / unit × scale) in integers.
  const cut = Math.floor((abs * scale) / unit.paise);
  const whole = Math.floor(cut / scale);
  const fraction = cut % scale;
  const fractionText = fraction === 0 ? '' : `.${String(fraction).padStart(digits, '0').replace(/0+$/, '')}`;
  const sign = signOf(paise, options.sign);
  return `${sign}${RUPEE}${groupIndian(String(whole))}${fractionText}${unit.suffix}`;
}

/**
 * Abbreviated format of an amount in rupees, only where space forces it (chart axes, calendar cells):
 * 1,23,45,678 → "₹1.23Cr", 99,999 → "₹99.99K", -1,500 → "−₹1.5K".
 */
export function formatINRCompact(rupees: number, options: FormatINRCompactOptions = {}): string {
  return formatPaiseCompact(toPaise(rupees), options);
}
