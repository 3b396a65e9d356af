import { describe, expect, it } from 'vitest';
import { benchTax, generateTaxTrades } from './bench';

// Timing lives in `npm run bench`; this checks only that the bench measures what it claims.
describe('benchTax', () => {
  it('generates the same journal every run over several financial years, and works out each', () => {
    expect(generateTaxTrades(300)).toEqual(generateTaxTrades(300));
    const figures = benchTax(2_000);
    expect(figures).toMatchObject({ trades: 2_000, targetMs: 100 });
    expect(figures.years).toBeGreaterThanOrEqual(8);
  });
});
