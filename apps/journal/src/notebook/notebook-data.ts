// The notebook's pure parts: rows to entries, search, the day beside a daily entry, and the autosaver that keeps typed
// text from being lost (it saves a moment after typing stops, and at once when the trader leaves the entry).
import { kolkataDate } from '@bahi/trading';
import type { NotebookDay, NotebookEntry, NotebookSaveState } from '@bahi/ui';
import { closedOn, tradesOfDay } from '../calendar/calendar-data';
import type { JournalTrade } from '../data/journal-data';

export interface NoteRow {
  id: string;
  kind: 'page' | 'daily';
  journal_date: string | null;
  title: string;
  body: string;
  pinned: boolean;
  updated_at: string;
}

export const toNotebookEntry = (r: NoteRow): NotebookEntry => ({
  id: r.id,
  kind: r.kind,
  journalDate: r.journal_date,
  title: r.title,
  body: r.body,
  pinned: r.pinned,
  updatedAt: r.updated_at,
});

/** Pages pinned first, then the most recently edited; daily entries newest day first. */
export function sortEntries(entries: readonly NotebookEntry[]): NotebookEntry[] {
  return [...entries].sort((a, b) => {
    if (a.kind !== b.kind) return a.kind === 'page' ? -1 : 1;
    if (a.kind === 'daily') return (b.journalDate ?? '').localeCompare(a.journalDate ?? '');
    return Number(b.pinned) - Number(a.pinned) || b.updatedAt.localeCompare(a.updatedAt);
  });
}

/** Entries whose title or body contains every word of the search, ignoring case; a daily entry also by its date. */
export function filterEntries(entries: readonly NotebookEntry[], search: string): NotebookEntry[] {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  if (!words.length) return [...entries];
  return entries.filter((e) => {
    const text = `${e.title}\n${e.body}\n${e.journalDate ?? ''}`.toLowerCase();
    return words.every((w) => text.includes(w));
  });
}

/** The `date` query parameter if it is a real calendar day, else null. */
export function journalDateParam(value: string | null): string | null {
  if (!value) return null;
  try {
    return kolkataDate(value);
  } catch {
    return null;
  }
}

/**
 * The trades of an IST day beside its journal entry (as the calendar lists them): those closed that day, whose net
 * P&L is the day's figure, then those opened that day and still open or closed later (their P&L is that later day's).
 */
export function notebookDay(trades: readonly JournalTrade[], date: string): NotebookDay {
  const on = tradesOfDay(trades, date);
  const closed = on.filter((t) => closedOn(t, date));
  return {
    trades: on.map((t) =>
      closedOn(t, date)
        ? { id: t.id, symbol: t.symbol, side: t.side, netPnl: t.netPnl }
        : { id: t.id, symbol: t.symbol, side: t.side, netPnl: null, ...(t.exitDate ? { closedOn: t.exitDate } : {}) },
    ),
    netPnl: Math.round(closed.reduce((s, t) => s + (t.netPnl ?? 0), 0) * 100) / 100,
    closed: closed.length,
  };
}

/**
 * Saves a draft `delayMs` after the last change, or at once on `flush` (leaving the entry, "Save now"). Saves run one
 * after another, so the first save of a new entry has created it before the next one updates it. A failed save keeps
 * the draft pending: the next change or flush tries again.
 */
export class DraftSaver<D> {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private pending: D | null = null;
  private inFlight = 0;
  private chain: Promise<void> = Promise.resolve();

  constructor(
    private readonly persist: (draft: D) => Promise<void>,
    private readonly delayMs: number,
    private readonly onState: (state: NotebookSaveState, error?: string) => void,
  ) {}

  /** True while something typed is not yet stored. */
  get dirty(): boolean {
    return this.pending !== null || this.inFlight > 0;
  }

  change(draft: D): void {
    this.pending = draft;
    this.onState('unsaved');
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.flush(), this.delayMs);
  }

  flush(): Promise<void> {
    clearTimeout(this.timer);
    const draft = this.pending;
    if (draft === null) return this.chain;
    this.pending = null;
    this.inFlight++;
    this.onState('saving');
    this.chain = this.chain.then(() =>
      this.persist(draft).then(
        () => {
          this.inFlight--;
          if (!this.dirty) this.onState('saved');
        },
        (error: unknown) => {
          this.inFlight--;
          if (this.pending === null) this.pending = draft;
          this.onState('error', error instanceof Error ? error.message : String(error));
        },
      ),
    );
    return this.chain;
  }

  /** Drops what is pending (the entry is being deleted). */
  discard(): void {
    clearTimeout(this.timer);
    this.pending = null;
  }
}
