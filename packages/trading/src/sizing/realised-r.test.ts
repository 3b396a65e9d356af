import { describe, expect, it } from 'vitest';
import { realisedR } from './realised-r';
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
});
