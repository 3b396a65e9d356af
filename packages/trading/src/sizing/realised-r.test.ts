import { describe, expect, it } from 'vitest';
import { tradeR } from '../stats/r-multiples';
import { realisedR, rMultiple } from './realised-r';
import { SizingInputError } from './size-position';

describe('realisedR', () => {
  it.each([
    // long: (exit − entry) ÷ (entry − stop)
    [100, 110, 95, 'long', 2], // 10 ÷ 5
    [100, 95, 95, 'long', -1], // −5 ÷ 5
    [100, 92.5, 95, 'long', -1.5], // −7.5 ÷ 5: a gap through the stop loses more than 1R
    [100.1, 100.4, 99.9, 'long', 1.5], // 0.30 ÷ 0.20, exactly, in paise
    // short: sign reversed, (entry − exit) ÷ (stop − entry)
    [500, 480, 510, 'short', 2], // 20 ÷ 10
    [500, 515, 510, 'short', -1.5], // −15 ÷ 10
    [500, 500, 510, 'short', 0], // break-even is 0, not −0
  ] as const)('entry %d, exit %d, stop %d, %s → %dR', (entry, exit, stop, side, r) => {
    expect(realisedR(entry, exit, stop, side)).toBe(r);
  });

  it('refuses a stop on the wrong side of entry, or at entry', () => {
    expect(() => realisedR(100, 110, 105, 'long')).toThrow(
      "A stop on the wrong side of entry: a long's stop must be below entry.",
    );
    expect(() => realisedR(100, 90, 95, 'short')).toThrow(
      "A stop on the wrong side of entry: a short's stop must be above entry.",
    );
    expect(() => realisedR(100, 110, 100, 'long')).toThrow('Stop cannot equal entry: the risk per unit would be zero.');
    expect(() => realisedR(100, -1, 95, 'long')).toThrow(SizingInputError);
  });

  it('keeps four decimals, as contract notes print average prices', () => {
    // scaled in at 100.10 and 100.15: average 100.125; stop 99.125 (risk 1.00); exit 101.625 → 1.50 ÷ 1.00
    expect(realisedR(100.125, 101.625, 99.125, 'long')).toBe(1.5);
    // a stop-out at the stop is exactly −1R, not −0.999…: 0.1 + 0.2 style drift would move it out of its bucket
    expect(realisedR(0.3, 0.1, 0.1, 'long')).toBe(-1);
  });
});

describe('one R formula for the calculator and the journal', () => {
  it('gives the journal the same R, and null where the calculator refuses', () => {
    const cases = [
      ['long', 100, 110, 95],
      ['short', 500, 515, 510],
      ['long', 100.1, 100.4, 99.9],
    ] as const;
    for (const [side, entryPrice, exitPrice, stopLoss] of cases) {
      expect(tradeR({ side, entryPrice, exitPrice, stopLoss })).toBe(realisedR(entryPrice, exitPrice, stopLoss, side));
    }
    expect(rMultiple('long', 100, 110, 105)).toBeNull(); // wrong side
    expect(rMultiple('short', 100, 90, 100)).toBeNull(); // at entry
    expect(tradeR({ side: 'long', entryPrice: 100, exitPrice: 110, stopLoss: null })).toBeNull();
  });
});
