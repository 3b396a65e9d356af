import { describe, expect, it } from 'vitest';
import { benchImport } from './bench';

// Timing lives in `npm run bench`; this checks only that the bench measures what it claims.
describe('benchImport', () => {
  it('imports every row of the generated tradebook', () => {
    const figures = benchImport(2_000);
    expect(figures).toMatchObject({ rows: 2_000, fills: 2_000, errors: 0, firstDay: '2018-04-02' });
    expect(figures.trades).toBeGreaterThan(0);
  });
});
