import { describe, expect, it } from 'vitest';
import { compareText } from './compare-text';

describe('compareText', () => {
  it('orders numbers inside text by value and letters alphabetically, whatever their case', () => {
    // "Infosys" before "INFY": o comes before y, capitals or not.
    const sorted = ['NIFTY 10', 'banknifty', 'NIFTY 9', 'INFY', 'Infosys'].sort(compareText);
    expect(sorted).toEqual(['banknifty', 'Infosys', 'INFY', 'NIFTY 9', 'NIFTY 10']);
  });

  it('orders IST timestamps by time', () => {
    expect(compareText('2026-11-18T09:30:00+05:30', '2026-11-18T10:05:00+05:30')).toBeLessThan(0);
    expect(compareText('2026-11-18T10:05:00+05:30', '2026-11-18T10:05:00+05:30')).toBe(0);
  });

  it("agrees with localeCompare('en-IN', { numeric: true }), which it replaces", () => {
    const words = ['SBIN', 'sbin', 'TCS', 'A+ setup', 'Expiry day', 'x2', 'x10', '₹', ''];
    for (const a of words) {
      for (const b of words) {
        expect(Math.sign(compareText(a, b))).toBe(Math.sign(a.localeCompare(b, 'en-IN', { numeric: true })));
      }
    }
  });
});
