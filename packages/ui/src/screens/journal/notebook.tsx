import { CalendarDays, FilePlus, NotebookPen, Pin, Search, Trash2 } from 'lucide-react';
import * as React from 'react';
import { Link, useNavigate } from 'react-router-dom';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '../../components/alert-dialog';
import { Badge } from '../../components/badge';
import { Button, buttonVariants } from '../../components/button';
import { DateInput } from '../../components/date-input';
import { Field } from '../../components/field';
import { Input } from '../../components/input';
import { Label } from '../../components/label';
import { Money } from '../../components/money';
import { Switch } from '../../components/switch';
import { Textarea } from '../../components/textarea';
import { formatDateTime, formatDayMonth } from '../../lib/dates';
import { cn } from '../../lib/utils';
import type { AreaCallbacks } from './area-actions';
import { AreaPage, type AreaStatus } from './area-page';

// Notebook: free pages (plans, rules, lessons) and a daily journal with one entry per IST day, beside that day's trades.

export interface NotebookEntry {
  id: string;
  kind: 'page' | 'daily';
  /** 'YYYY-MM-DD' (IST) for a daily entry. */
  journalDate: string | null;
  title: string;
  body: string;
  pinned: boolean;
  updatedAt: string;
}

export interface NotebookDraft {
  title: string;
  body: string;
  pinned: boolean;
}

/** What is open: a page (id null while a new page has not been saved yet) or the journal of one day. */
export type NotebookSelection = { kind: 'page'; id: string | null } | { kind: 'daily'; date: string };

export type NotebookSaveState = 'saved' | 'unsaved' | 'saving' | 'error';

/** A trade closed on the day (with its P&L), or opened on it and still open or closed on a later day. */
export interface NotebookDayTrade {
  id: string;
  symbol: string;
  side: 'long' | 'short';
  /** Net P&L after charges when the trade was closed this day; null otherwise. */
  netPnl: number | null;
  /** The IST day ('YYYY-MM-DD') the trade was closed, when that is a later day: its P&L belongs there. */
  closedOn?: string;
}

export interface NotebookDay {
  trades: NotebookDayTrade[];
  /** Net P&L after charges of the trades closed this IST day (the calendar's figure for the day). */
  netPnl: number;
  /** Trades closed this day. */
  closed: number;
}

export interface NotebookScreenProps extends AreaCallbacks {
  /** Which of loading, empty, error and the notebook shows. */
  status: AreaStatus;
  /** Entries to list (already filtered by the search). */
  entries?: NotebookEntry[];
  /** The search text. */
  search?: string;
  /** Called with the search as the trader types. */
  onSearchChange?: (search: string) => void;
  /** Today in India, 'YYYY-MM-DD': the "Today's journal" link. */
  today: string;
  /** The open entry: a page (id null for a new one) or a day's journal. */
  selection?: NotebookSelection;
  /** The open entry as saved, if it has been saved. */
  current?: NotebookEntry;
  /** The open entry as edited. */
  draft?: NotebookDraft;
  /** Called with the entry as the trader edits it. */
  onDraftChange?: (draft: NotebookDraft) => void;
  /** 'saved', 'unsaved', 'saving' or 'error' (see `saveError`). */
  saveState?: NotebookSaveState;
  /** Why the last save failed. */
  saveError?: string;
  /** Saves the open entry now. */
  onSave?: () => void;
  /** Called once the trader has confirmed. */
  onDelete?: (entry: NotebookEntry) => void;
  /** Starts a new page. */
  onNewPage?: () => void;
  /** The open day's trades (daily entries only). */
  day?: NotebookDay;
  /** The address named a page that does not exist (deleted, or a wrong link). */
  missingPage?: boolean;
}

/** A date-only value read as noon in India, so that no time zone moves it to another day. */
const longDay = new Intl.DateTimeFormat('en-IN', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Asia/Kolkata',
});
export const formatJournalDay = (iso: string) => longDay.format(new Date(`${iso}T12:00:00+05:30`));
const shortDay = new Intl.DateTimeFormat('en-IN', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'Asia/Kolkata',
});

const entryHref = (e: NotebookEntry) =>
  e.kind === 'daily' && e.journalDate ? `/notebook?date=${e.journalDate}` : `/notebook?note=${e.id}`;
const isOpen = (e: NotebookEntry, s?: NotebookSelection) =>
  s ? (s.kind === 'daily' ? e.kind === 'daily' && e.journalDate === s.date : e.id === s.id) : false;

function EntryList({
  label,
  entries,
  selection,
}: {
  label: string;
  entries: NotebookEntry[];
  selection?: NotebookSelection;
}) {
  const id = React.useId();
  if (!entries.length) return null;
  return (
    <section aria-labelledby={id} className="grid gap-1">
      <h2 id={id} className="px-2 font-medium text-muted-foreground text-xs uppercase tracking-wide">
        {label}
      </h2>
      <ul className="grid gap-0.5">
        {entries.map((e) => {
          const open = isOpen(e, selection);
          return (
            <li key={e.id}>
              <Link
                to={entryHref(e)}
                aria-current={open ? 'page' : undefined}
                className={cn(
                  'grid gap-0.5 rounded-md px-2 py-2 text-sm outline-none hover:bg-muted focus-visible:ring-[3px] focus-visible:ring-ring/50',
                  open && 'bg-muted',
                )}
              >
                <span className="flex items-center gap-1 font-medium">
                  {e.pinned ? (
                    <>
                      <Pin aria-hidden="true" className="size-3.5 shrink-0" />
                      <span className="sr-only">Pinned: </span>
                    </>
                  ) : null}
                  <span className="truncate">
                    {e.kind === 'daily' && e.journalDate
                      ? shortDay.format(new Date(`${e.journalDate}T12:00:00+05:30`))
                      : e.title || 'Untitled page'}
                  </span>
                </span>
                <span className="truncate text-muted-foreground text-xs">
                  {e.kind === 'daily' ? e.title || e.body || 'Empty entry' : e.body || 'Empty page'}
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

const saveWords: Record<NotebookSaveState, string> = {
  saved: 'Saved',
  unsaved: 'Unsaved changes',
  saving: 'Saving…',
  error: 'Not saved',
};

function DayPanel({ date, day }: { date: string; day?: NotebookDay }) {
  return (
    <aside aria-label="Trades on this day" className="grid content-start gap-3 rounded-xl border bg-card p-4 text-sm">
      <h3 className="font-semibold">Trades on this day</h3>
      {!day || day.trades.length === 0 ? (
        <p className="text-muted-foreground">No trades on this day.</p>
      ) : (
        <>
          <p>
            Net P&L <Money value={day.netPnl} signed className="font-semibold" />{' '}
            <span className="text-muted-foreground">
              after charges, {day.closed} {day.closed === 1 ? 'trade' : 'trades'} closed this day
            </span>
          </p>
          <ul className="grid gap-1">
            {day.trades.map((t) => (
              <li key={t.id} className="flex items-center justify-between gap-2">
                <Link to={`/trades/${t.id}`} className="truncate font-medium underline-offset-4 hover:underline">
                  {t.symbol}
                </Link>
                <span className="flex items-center gap-2">
                  <Badge variant="outline">{t.side === 'long' ? 'Long' : 'Short'}</Badge>
                  {t.netPnl !== null ? (
                    <Money value={t.netPnl} signed />
                  ) : t.closedOn ? (
                    <Badge variant="secondary">Closed {formatDayMonth(t.closedOn)}</Badge>
                  ) : (
                    <Badge variant="secondary">Open</Badge>
                  )}
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
      <Link to={`/trades?from=${date}&to=${date}`} className={buttonVariants({ variant: 'outline', size: 'sm' })}>
        Open in trades
      </Link>
    </aside>
  );
}

function Editor({
  selection,
  current,
  draft,
  onDraftChange,
  saveState = 'saved',
  saveError,
  onSave,
  onDelete,
  day,
}: Pick<
  NotebookScreenProps,
  'current' | 'draft' | 'onDraftChange' | 'saveState' | 'saveError' | 'onSave' | 'onDelete' | 'day'
> & { selection: NotebookSelection }) {
  const [confirming, setConfirming] = React.useState(false);
  const d = draft ?? { title: '', body: '', pinned: false };
  const set = <K extends keyof NotebookDraft>(key: K, value: NotebookDraft[K]) =>
    onDraftChange?.({ ...d, [key]: value });
  const daily = selection.kind === 'daily';
  const heading = daily ? formatJournalDay(selection.date) : current ? 'Page' : 'New page';
  const editor = (
    <form
      aria-label={daily ? `Journal for ${heading}` : heading}
      className="grid content-start gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        onSave?.();
      }}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="font-semibold text-lg">
          {daily ? (
            <>
              <span className="sr-only">Daily journal: </span>
              {heading}
            </>
          ) : (
            heading
          )}
        </h2>
        <p
          role="status"
          data-state={saveState}
          className={cn('text-sm', saveState === 'error' ? 'font-medium text-destructive' : 'text-muted-foreground')}
        >
          {saveWords[saveState]}
          {saveState === 'saved' && current ? `, ${formatDateTime(current.updatedAt)}` : null}
          {saveState === 'error' && saveError ? `: ${saveError}` : null}
        </p>
      </div>
      <Field label="Title">
        <Input
          value={d.title}
          maxLength={200}
          onChange={(e) => set('title', e.target.value)}
          placeholder={daily ? 'The day in a few words' : 'My trading rules'}
        />
      </Field>
      <Field
        label={daily ? 'Journal entry' : 'Page'}
        help={
          daily
            ? 'Plan before the open, review after the close: what went to plan, what did not, one lesson.'
            : undefined
        }
      >
        <Textarea
          value={d.body}
          rows={14}
          onChange={(e) => set('body', e.target.value)}
          placeholder={
            daily ? 'Levels to watch, max loss for the day, how you felt, what you will do differently.' : undefined
          }
        />
      </Field>
      <div className="flex flex-wrap items-center gap-3">
        {!daily ? (
          <div className="flex items-center gap-2">
            <Switch id="notebook-pinned" checked={d.pinned} onCheckedChange={(v) => set('pinned', v)} />
            <Label htmlFor="notebook-pinned">Pin to the top</Label>
          </div>
        ) : null}
        <div className="ml-auto flex gap-2">
          {current ? (
            <Button type="button" variant="ghost" onClick={() => setConfirming(true)}>
              <Trash2 aria-hidden="true" /> Delete
            </Button>
          ) : null}
          <Button
            type="submit"
            variant={saveState === 'error' ? 'primary' : 'outline'}
            disabled={saveState === 'saved' || saveState === 'saving'}
          >
            {saveState === 'error' ? 'Try again' : 'Save now'}
          </Button>
        </div>
      </div>
      <p className="text-muted-foreground text-xs">Changes save by themselves as you type.</p>
      <AlertDialog open={confirming} onOpenChange={setConfirming}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>{daily ? 'Delete this day’s entry?' : 'Delete this page?'}</AlertDialogTitle>
            <AlertDialogDescription>
              {daily
                ? `Your journal entry for ${heading} will be deleted. The day’s trades stay.`
                : `“${current?.title || 'Untitled page'}” will be deleted. This cannot be undone.`}
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Keep it</AlertDialogCancel>
            <AlertDialogAction variant="destructive" onClick={() => current && onDelete?.(current)}>
              Delete
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </form>
  );
  if (!daily) return editor;
  return (
    <div className="grid gap-4 xl:grid-cols-[1fr_18rem]">
      {editor}
      <DayPanel date={selection.date} day={day} />
    </div>
  );
}

export function NotebookScreen({
  status,
  entries = [],
  search = '',
  onSearchChange,
  today,
  selection,
  current,
  draft,
  onDraftChange,
  saveState,
  saveError,
  onSave,
  onDelete,
  onNewPage,
  day,
  missingPage = false,
  ...cb
}: NotebookScreenProps) {
  const navigate = useNavigate();
  const [dayToOpen, setDayToOpen] = React.useState(selection?.kind === 'daily' ? selection.date : today);
  const newPage = (
    <Button variant="outline" onClick={onNewPage}>
      <FilePlus aria-hidden="true" /> New page
    </Button>
  );
  const todays = (
    <Link to={`/notebook?date=${today}`} className={buttonVariants()}>
      <NotebookPen aria-hidden="true" /> Today’s journal
    </Link>
  );
  const pages = entries.filter((e) => e.kind === 'page');
  const daily = entries.filter((e) => e.kind === 'daily');
  return (
    <AreaPage
      title="Notebook"
      description="Pre-market plans, post-session reviews and lessons, beside the day's trades."
      status={status}
      skeleton="panel"
      actions={
        <>
          {newPage}
          {todays}
        </>
      }
      empty={{
        icon: <NotebookPen />,
        title: 'Your notebook is empty',
        description:
          'Write tomorrow’s plan tonight: levels to watch, max loss for the day, the one rule you will not break.',
        action: (
          <>
            {newPage}
            {todays}
          </>
        ),
      }}
      {...cb}
    >
      <div className="grid gap-6 lg:grid-cols-[18rem_1fr]">
        <nav aria-label="Notebook entries" className="grid content-start gap-4">
          <div className="relative">
            <Label htmlFor="notebook-search" className="sr-only">
              Search notes
            </Label>
            <Search aria-hidden="true" className="absolute top-3 left-3 size-4 text-muted-foreground" />
            <Input
              id="notebook-search"
              type="search"
              className="pl-9"
              placeholder="Search notes"
              value={search}
              onChange={(e) => onSearchChange?.(e.target.value)}
            />
          </div>
          <form
            className="flex items-end gap-2"
            onSubmit={(e) => {
              e.preventDefault();
              if (dayToOpen) navigate(`/notebook?date=${dayToOpen}`);
            }}
            aria-label="Open the journal of a day"
          >
            <Field label="Journal of a day" className="flex-1">
              <DateInput value={dayToOpen} onValueChange={setDayToOpen} />
            </Field>
            <Button type="submit" variant="outline" disabled={!dayToOpen}>
              <CalendarDays aria-hidden="true" /> Open
            </Button>
          </form>
          {entries.length ? (
            <>
              <EntryList label="Pages" entries={pages} selection={selection} />
              <EntryList label="Daily journal" entries={daily} selection={selection} />
            </>
          ) : (
            <p className="px-2 text-muted-foreground text-sm">
              {search ? `Nothing matches “${search}”.` : 'No entries yet.'}
            </p>
          )}
        </nav>
        <div className="min-w-0">
          {selection ? (
            <Editor
              selection={selection}
              current={current}
              draft={draft}
              onDraftChange={onDraftChange}
              saveState={saveState}
              saveError={saveError}
              onSave={onSave}
              onDelete={onDelete}
              day={day}
            />
          ) : (
            <div className="flex h-full min-h-64 flex-col items-center justify-center gap-3 rounded-xl border border-dashed p-8 text-center text-muted-foreground text-sm">
              {missingPage ? (
                <p role="alert" className="font-medium text-foreground">
                  That page does not exist any more: it may have been deleted.
                </p>
              ) : null}
              <p>Pick a page on the left, start a new one, or write today’s journal.</p>
              <div className="flex gap-2">
                {newPage}
                {todays}
              </div>
            </div>
          )}
        </div>
      </div>
    </AreaPage>
  );
}
