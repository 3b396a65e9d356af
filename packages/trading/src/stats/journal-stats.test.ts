import { describe, expect, it } from 'vitest';
import { calendarMonth } from './calendar';
import { groupByAll } from './group-by';
import { JOURNAL, trade } from './journal.fixture';
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

  it('defaults to the month of the latest exit day; no trades, no calendar', () => {
    expect(journalStats(JOURNAL).calendar?.month).toBe('2026-11'); // latest exit day: T6, 10 Nov
    // entered 30 November, closed 1 December: the calendar opens on December, where its P&L is
    const carried = trade({
      id: 'x',
      netPnl: 1,
      entryTime: '2026-11-30T10:00:00+05:30',
      exitTime: '2026-12-01T10:00:00+05:30',
    });
    expect(journalStats([carried]).calendar?.month).toBe('2026-12');
    expect(journalStats([]).calendar).toBeNull();
    expect(journalStats([]).summary.trades).toBe(0);
  });
});
