import { describe, expect, it } from 'vitest';
import {
  formatCount,
  formatINR,
  formatINRCompact,
  formatPaise,
  formatPaiseCompact,
  formatQuantity,
  groupIndian,
} from './inr';

// Every expected value below was worked out by hand from the money rule (packages/ui/README.md, "Money"; the details
// in inr.ts), not by running the code. "−" is U+2212, the real minus sign; "-" in an input is JavaScript's.
const MINUS = '\u2212';

describe('groupIndian', () => {
  it.each([
    ['0', '0'],
    ['999', '999'],
    ['1000', '1,000'],
    ['99999', '99,999'],
    ['100000', '1,00,000'],
    ['123456', '1,23,456'],
    ['1234567', '12,34,567'],
    ['12345678', '1,23,45,678'],
    ['123456789012', '1,23,45,67,89,012'],
  ])('%s → %s', (digits, grouped) => {
    expect(groupIndian(digits)).toBe(grouped);
  });
});

describe('formatCount', () => {
  it.each([
    [0, '0'],
    [1, '1'],
    [999, '999'],
    [1000, '1,000'],
    [123456, '1,23,456'],
    [12345678, '1,23,45,678'],
    [-1234, '-1,234'],
    [1.5, '1.5'],
  ])('%d → %s', (n, text) => {
    expect(formatCount(n)).toBe(text);
  });

  it("writes whole numbers as Intl's en-IN does", () => {
    for (const n of [7, 42, 999, 1000, 99999, 100000, 2500000, 98765432, 1234567890123, -100000]) {
      expect(formatCount(n)).toBe(n.toLocaleString('en-IN'));
    }
  });
});

describe('formatQuantity', () => {
  it('shows units with the decimals they have, grouped the Indian way', () => {
    expect(formatQuantity(24.609)).toBe('24.609');
    expect(formatQuantity(123456.5)).toBe('1,23,456.5');
    expect(formatQuantity(0.000001)).toBe('0.000001');
    expect(formatQuantity(1250)).toBe('1,250');
    expect(formatQuantity(-3.25)).toBe('-3.25');
    // A floating-point residue does not show: 10.2 + 14.409 is 24.609000000000002.
    expect(formatQuantity(10.2 + 14.409)).toBe('24.609');
  });
});

describe('formatINR: exact, with paise, Indian grouping', () => {
  it.each<[number, string]>([
    [0, '₹0.00'],
    [5, '₹5.00'],
    [600, '₹600.00'],
    [3240, '₹3,240.00'],
    [99_999, '₹99,999.00'],
    [1_00_000, '₹1,00,000.00'],
    [1_23_456.78, '₹1,23,456.78'],
    [12_34_567, '₹12,34,567.00'],
    [1_23_45_678, '₹1,23,45,678.00'],
    [0.5, '₹0.50'],
    [0.05, '₹0.05'],
    [12.5, '₹12.50'],
    [0.1 + 0.2, '₹0.30'], // 0.30000000000000004 in binary: still 30 paise
    [12_34_567.89, '₹12,34,567.89'],
    [11_540, '₹11,540.00'],
    // nearest paisa: 0.004 → 0 paise, 0.005 → 1 paisa (0.005 × 100 = 0.5, half away from zero)
    [0.004, '₹0.00'],
    [0.125, '₹0.13'],
    [999.999, '₹1,000.00'],
  ])('%d → %s', (amount, text) => {
    expect(formatINR(amount)).toBe(text);
  });

  it('writes a negative amount with a real minus (U+2212) before the ₹, never a hyphen', () => {
    expect(formatINR(-51_199.32)).toBe('−₹51,199.32');
    expect(formatINR(-51_199.32).codePointAt(0)).toBe(0x2212);
    expect(formatINR(-1234)).toBe(`${MINUS}₹1,234.00`);
    expect(formatINR(-0.5)).toBe('−₹0.50');
    expect(formatINR(-12_34_567.89)).toBe('−₹12,34,567.89');
    expect(formatINR(-1234)).not.toContain('-');
  });

  it('shows no sign on an amount that is zero once rounded', () => {
    expect(formatINR(-0)).toBe('₹0.00');
    expect(formatINR(-0.004)).toBe('₹0.00');
    expect(formatINR(-0.4, { paise: 'never' })).toBe('₹0');
  });

  it("shows paise only when there are any with paise: 'auto' (prices), or rounds them away with 'never'", () => {
    expect(formatINR(360, { paise: 'auto' })).toBe('₹360');
    expect(formatINR(3240, { paise: 'auto' })).toBe('₹3,240');
    expect(formatINR(270, { paise: 'auto' })).toBe('₹270');
    expect(formatINR(0.5, { paise: 'auto' })).toBe('₹0.50');
    expect(formatINR(12_34_567, { paise: 'auto' })).toBe('₹12,34,567');
    expect(formatINR(12.49, { paise: 'never' })).toBe('₹12');
    expect(formatINR(12.5, { paise: 'never' })).toBe('₹13');
    expect(formatINR(-12.5, { paise: 'never' })).toBe('−₹13');
    expect(formatINR(1_25_000, { paise: 'never' })).toBe('₹1,25,000');
  });

  it("signs gains as well as losses with sign: 'exceptZero' (P&L), never zero", () => {
    expect(formatINR(2500, { sign: 'exceptZero' })).toBe('+₹2,500.00');
    expect(formatINR(-2500, { sign: 'exceptZero' })).toBe('−₹2,500.00');
    expect(formatINR(0, { sign: 'exceptZero' })).toBe('₹0.00');
    expect(formatINR(3183.33, { sign: 'exceptZero' })).toBe('+₹3,183.33');
    expect(formatINR(11_540, { sign: 'exceptZero' })).toBe('+₹11,540.00');
    // the sign follows the amount as shown: 0.004 → 0 paise; 0.4 → ₹0 once rounded to the rupee
    expect(formatINR(0.004, { sign: 'exceptZero' })).toBe('₹0.00');
    expect(formatINR(-0.004, { sign: 'exceptZero' })).toBe('₹0.00');
    expect(formatINR(0.4, { sign: 'exceptZero', paise: 'never' })).toBe('₹0');
    expect(formatINR(0.5, { sign: 'exceptZero', paise: 'never' })).toBe('+₹1');
    expect(formatPaise(5, { sign: 'exceptZero' })).toBe('+₹0.05');
    expect(formatINR(2500, { sign: 'auto' })).toBe('₹2,500.00');
  });

  it('formats whole paise', () => {
    expect(formatPaise(36_000)).toBe('₹360.00');
    expect(formatPaise(324_000, { paise: 'auto' })).toBe('₹3,240');
    expect(formatPaise(50)).toBe('₹0.50');
    expect(formatPaise(123_456_750)).toBe('₹12,34,567.50');
    expect(formatPaise(-150)).toBe('−₹1.50');
    expect(() => formatPaise(1.5)).toThrow(RangeError);
  });

  it('refuses non-finite amounts', () => {
    expect(() => formatINR(Number.NaN)).toThrow(RangeError);
    expect(() => formatINR(Number.POSITIVE_INFINITY)).toThrow(RangeError);
    expect(() => formatINRCompact(Number.NEGATIVE_INFINITY)).toThrow(RangeError);
  });
});

describe('formatINRCompact (K, L, Cr; cut to two decimals, never rounded up)', () => {
  it.each<[number, string]>([
    // below ₹1,000: in full, paise only when there are any
    [0, '₹0'],
    [0.5, '₹0.50'],
    [600, '₹600'],
    [999, '₹999'],
    [999.5, '₹999.50'],
    [999.99, '₹999.99'],
    // K: 1,000 ≤ x < 1,00,000
    [1000, '₹1K'],
    [1000.5, '₹1K'], // 1.0005K cut to 1.00K
    [1500, '₹1.5K'],
    [3240, '₹3.24K'],
    [1999, '₹1.99K'], // 1.999K cut, not rounded to ₹2K
    [9999, '₹9.99K'],
    [11_540, '₹11.54K'],
    [12_345, '₹12.34K'], // 12.345K cut, not rounded to 12.35K
    [99_999, '₹99.99K'], // never ₹1L
    [99_999.99, '₹99.99K'],
    // L: 1,00,000 ≤ x < 1,00,00,000
    [1_00_000, '₹1L'],
    [1_05_000, '₹1.05L'],
    [1_50_000, '₹1.5L'],
    [12_34_567, '₹12.34L'],
    [99_99_999, '₹99.99L'], // never ₹1Cr
    // Cr: 1,00,00,000 and up, Cr is the largest unit
    [1_00_00_000, '₹1Cr'],
    [1_23_45_678, '₹1.23Cr'],
    [10_00_00_000, '₹10Cr'],
    [1_000_00_00_000, '₹1,000Cr'],
    [1_23_45_67_89_000, '₹12,345.67Cr'], // 12,345.6789Cr cut
    [1_23_456_00_00_000, '₹1,23,456Cr'],
    // negatives: a real minus, cut toward zero, symmetric with positives
    [-1500, '−₹1.5K'],
    [-99_999, '−₹99.99K'],
    [-1_23_45_678, '−₹1.23Cr'],
    [-0.5, '−₹0.50'],
    [-999, '−₹999'],
    [-0.004, '₹0'], // zero once rounded to the paisa: no sign
  ])('%d → %s', (amount, text) => {
    expect(formatINRCompact(amount)).toBe(text);
  });

  it('cuts to fewer decimals on request', () => {
    expect(formatINRCompact(99_999, { maxFractionDigits: 1 })).toBe('₹99.9K');
    expect(formatINRCompact(1_23_45_678, { maxFractionDigits: 1 })).toBe('₹1.2Cr');
    expect(formatINRCompact(1_05_000, { maxFractionDigits: 1 })).toBe('₹1L'); // 1.05 cut to 1.0
    expect(formatINRCompact(1_99_999, { maxFractionDigits: 0 })).toBe('₹1L');
    expect(formatINRCompact(-1500, { maxFractionDigits: 0 })).toBe('−₹1K');
  });

  it("signs gains as well as losses with sign: 'exceptZero'", () => {
    expect(formatINRCompact(2500, { sign: 'exceptZero' })).toBe('+₹2.5K');
    expect(formatINRCompact(99_999, { sign: 'exceptZero' })).toBe('+₹99.99K');
    expect(formatINRCompact(-12_34_567, { sign: 'exceptZero' })).toBe('−₹12.34L');
    expect(formatINRCompact(999.5, { sign: 'exceptZero' })).toBe('+₹999.50'); // below ₹1,000: in full, signed
    expect(formatINRCompact(-0.5, { sign: 'exceptZero' })).toBe('−₹0.50');
    expect(formatINRCompact(0, { sign: 'exceptZero' })).toBe('₹0');
    expect(formatPaiseCompact(1_00_000_00, { sign: 'exceptZero' })).toBe('+₹1L');
  });

  it('abbreviates whole paise', () => {
    expect(formatPaiseCompact(99_99_900)).toBe('₹99.99K'); // ₹99,999.00
    expect(formatPaiseCompact(1_00_000_00)).toBe('₹1L');
    expect(formatPaiseCompact(50)).toBe('₹0.50');
  });
});
