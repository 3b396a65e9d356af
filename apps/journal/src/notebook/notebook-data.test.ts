import type { NotebookEntry } from '@bahi/ui';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { JournalTrade } from '../data/journal-data';
import { DraftSaver, filterEntries, journalDateParam, notebookDay, sortEntries } from './notebook-data';

// journal-data's queries are not used here; keep the real client (and its config check) out of a unit test.
vi.mock('../data/supabase', () => ({ supabase: {} }));

const entry = (id: string, over: Partial<NotebookEntry>): NotebookEntry => ({
  id,
  kind: 'page',
  journalDate: null,
  title: '',
  body: '',
  pinned: false,
  updatedAt: '2026-11-01T10:00:00Z',
  ...over,
});

describe('sortEntries and filterEntries', () => {
  const entries = [
    entry('old', { title: 'Lessons from August', updatedAt: '2026-08-31T15:45:00Z' }),
    entry('d1', { kind: 'daily', journalDate: '2026-09-18', title: 'Overtraded', body: 'Revenge trade on BANKNIFTY' }),
    entry('new', { title: 'Watchlist: banks', body: 'HDFCBANK and SBIN', updatedAt: '2026-10-12T15:10:00Z' }),
    entry('pin', { title: 'My trading rules', pinned: true, updatedAt: '2026-07-30T15:30:00Z' }),
    entry('d2', { kind: 'daily', journalDate: '2026-11-20', title: 'Week review' }),
  ];

  it('lists pinned pages first, then the latest edited, then days newest first', () => {
    expect(sortEntries(entries).map((e) => e.id)).toEqual(['pin', 'new', 'old', 'd2', 'd1']);
  });

  it('matches every word in title, body or date, ignoring case', () => {
    expect(filterEntries(entries, 'banknifty').map((e) => e.id)).toEqual(['d1']);
    expect(filterEntries(entries, 'BANK hdfc').map((e) => e.id)).toEqual(['new']);
    expect(filterEntries(entries, '2026-11').map((e) => e.id)).toEqual(['d2']);
    expect(filterEntries(entries, '  ')).toHaveLength(5);
  });
});

describe('journalDateParam', () => {
  it('accepts real days only', () => {
    expect(journalDateParam('2026-11-20')).toBe('2026-11-20');
    expect(journalDateParam('2026-02-30')).toBeNull();
    expect(journalDateParam('20-11-2026')).toBeNull();
    expect(journalDateParam(null)).toBeNull();
  });
});

describe('notebookDay', () => {
  /** A trade entered at `entryTime`; closed at `exitTime` with `netPnl`, or open when `exitTime` is null. */
  const t = (id: string, entryTime: string, exitTime: string | null, netPnl: number | null) =>
    ({
      id,
      symbol: id.toUpperCase(),
      side: 'long',
      status: exitTime ? 'closed' : 'open',
      entryTime,
      exitTime,
      // IST days of the times, as the database generates them
      entryDate: istDay(entryTime),
      exitDate: exitTime ? istDay(exitTime) : null,
      netPnl,
    }) as JournalTrade;
  const istDay = (iso: string) => new Date(Date.parse(iso) + 19_800_000).toISOString().slice(0, 10);

  it('lists the trades closed that IST day in exit order, summing them, then those opened that day', () => {
    const day = notebookDay(
      [
        t('b', '2026-11-20T05:00:00Z', '2026-11-20T06:00:00Z', -1_180.25),
        t('a', '2026-11-20T04:00:00Z', '2026-11-20T05:30:00Z', 4_212.4),
        // entered on the 18th, closed on the 20th: its P&L is the 20th's
        t('swing', '2026-11-18T05:00:00Z', '2026-11-20T09:00:00Z', 600),
        // opened on the 20th: one still open, one closed on the 23rd (its P&L is the 23rd's)
        t('open', '2026-11-20T08:00:00Z', null, null),
        t('later', '2026-11-20T07:00:00Z', '2026-11-23T04:00:00Z', 999),
        // closed at 00:01 IST on the 21st (18:31 UTC on the 20th): not the 20th's
        t('late', '2026-11-20T04:30:00Z', '2026-11-20T18:31:00Z', 50),
        t('other', '2026-11-19T04:00:00Z', '2026-11-19T05:00:00Z', 999),
      ],
      '2026-11-20',
    );
    // 4,212.40 − 1,180.25 + 600 = 3,632.15 from 3 trades closed on the 20th
    expect(day).toEqual({
      trades: [
        { id: 'a', symbol: 'A', side: 'long', netPnl: 4_212.4 },
        { id: 'b', symbol: 'B', side: 'long', netPnl: -1_180.25 },
        { id: 'swing', symbol: 'SWING', side: 'long', netPnl: 600 },
        { id: 'late', symbol: 'LATE', side: 'long', netPnl: null, closedOn: '2026-11-21' },
        { id: 'later', symbol: 'LATER', side: 'long', netPnl: null, closedOn: '2026-11-23' },
        { id: 'open', symbol: 'OPEN', side: 'long', netPnl: null },
      ],
      netPnl: 3_632.15,
      closed: 3,
    });
  });
});

describe('DraftSaver', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('saves the latest draft once typing pauses', async () => {
    const saved: string[] = [];
    const states: string[] = [];
    const saver = new DraftSaver<string>(
      async (d) => {
        saved.push(d);
      },
      1_000,
      (s) => states.push(s),
    );
    saver.change('N');
    await vi.advanceTimersByTimeAsync(600);
    saver.change('NI');
    saver.change('NIFTY');
    await vi.advanceTimersByTimeAsync(999);
    expect(saved).toEqual([]);
    expect(saver.dirty).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(saved).toEqual(['NIFTY']);
    expect(states.at(-1)).toBe('saved');
    expect(saver.dirty).toBe(false);
  });

  it('saves at once on flush, one save after another', async () => {
    const log: string[] = [];
    let release: () => void = () => {};
    const saver = new DraftSaver<string>(
      (d) => {
        log.push(`start ${d}`);
        return d === 'first'
          ? new Promise<void>((r) => {
              release = () => {
                log.push(`end ${d}`);
                r();
              };
            })
          : Promise.resolve().then(() => void log.push(`end ${d}`));
      },
      1_000,
      () => {},
    );
    saver.change('first');
    void saver.flush();
    saver.change('second');
    const done = saver.flush();
    await vi.advanceTimersByTimeAsync(0);
    expect(log).toEqual(['start first']);
    release();
    await done;
    expect(log).toEqual(['start first', 'end first', 'start second', 'end second']);
  });

  it('keeps a draft that failed to save and saves it on the next try', async () => {
    let fail = true;
    const saved: string[] = [];
    const states: string[] = [];
    const saver = new DraftSaver<string>(
      async (d) => {
        if (fail) throw new Error('Failed to fetch');
        saved.push(d);
      },
      1_000,
      (s, e) => states.push(e ? `${s}: ${e}` : s),
    );
    saver.change('plan for tomorrow');
    await saver.flush();
    expect(states.at(-1)).toBe('error: Failed to fetch');
    expect(saver.dirty).toBe(true);
    fail = false;
    await saver.flush();
    expect(saved).toEqual(['plan for tomorrow']);
    expect(states.at(-1)).toBe('saved');
  });

  it('drops what is pending when discarded', async () => {
    const saved: string[] = [];
    const saver = new DraftSaver<string>(
      async (d) => void saved.push(d),
      1_000,
      () => {},
    );
    saver.change('about to be deleted');
    saver.discard();
    await vi.advanceTimersByTimeAsync(2_000);
    expect(saved).toEqual([]);
  });
});
