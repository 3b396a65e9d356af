import { describe, expect, it } from 'vitest';
import { benchImport, generateZerodhaTradebook } from './bench';

// Timing lives in `npm run bench`; this checks only that the bench measures what it claims.
describe('benchImport', () => {
  it('generates the same valid tradebook every run and imports every row of it', () => {
    expect(generateZerodhaTradebook(500)).toBe(generateZerodhaTradebook(500));
    const figures = benchImport(2_000);
    expect(figures).toMatchObject({ rows: 2_000, fills: 2_000, errors: 0 });
    expect(figures.trades).toBeGreaterThan(0);
  });
});
