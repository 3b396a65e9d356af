import { describe, expect, it } from 'vitest';
import { calendarMonth } from './calendar';
import { groupByAll } from './group-by';
import { JOURNAL } from './journal.fixture';
import { journalStats } from './journal-stats';
import { rDistribution } from './r-multiples';
import { summarize } from './summarize';

describe('journalStats', () => {
  it('gives what the separate functions give, from one pass', () => {
    const all = journalStats(JOURNAL, { month: '2026-11' });
    expect(all.summary).toEqual(summarize(JOURNAL));
    expect(all.groups).toEqual(groupByAll(JOURNAL));
    expect(all.r).toEqual(rDistribution(JOURNAL));
    expect(all.calendar).toEqual(calendarMonth(JOURNAL, '2026-11'));
  });

  it('defaults to the month of the latest trade date; no trades, no calendar', () => {
    expect(journalStats(JOURNAL).calendar?.month).toBe('2026-11'); // latest trade date: T7, 9 Nov
    expect(journalStats([]).calendar).toBeNull();
    expect(journalStats([]).summary.trades).toBe(0);
  });
});
