import type { CalendarMonth } from '@bahi/trading';
import { CalendarDays, ChevronLeft, ChevronRight, NotebookPen } from 'lucide-react';
import { Link } from 'react-router-dom';
import { type CalendarDay, CalendarHeatmap } from '../../charts/calendar-heatmap';
import { buttonVariants } from '../../components/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../components/dialog';
import { Money } from '../../components/money';
import { Skeleton } from '../../components/skeleton';
import { Stat } from '../../components/stat';
import { formatDate, formatDayMonth } from '../../lib/dates';
import { type AreaCallbacks, addTrade } from './area-actions';
import { AreaPage, type AreaStatus } from './area-page';
import { count } from './stat-format';

/**
 * A trade of the opened day: closed that IST day (its P&L is the day's, wherever it was entered), or opened that day
 * and still open or closed on a later day (no P&L here: it belongs to the day it was closed).
 */
export interface CalendarDayTrade {
  id: string;
  symbol: string;
  side: 'long' | 'short';
  entryTime: string;
  /** Null while the trade is open. */
  exitTime: string | null;
  /** Net P&L after charges when the trade was closed this day; null otherwise. */
  netPnl: number | null;
  /** The IST day ('YYYY-MM-DD') the trade was closed, when that is a later day. */
  closedOn?: string;
  playbook?: string;
}

export type DayNoteState =
  | { status: 'loading' }
  | { status: 'error' }
  | { status: 'ready'; note: { title: string; body: string } | null };

export interface CalendarDayDetail {
  /** IST date 'YYYY-MM-DD'. */
  date: string;
  trades: CalendarDayTrade[];
  note: DayNoteState;
}

export interface CalendarScreenProps extends AreaCallbacks {
  /** Which of loading, empty, error and the calendar shows. */
  status: AreaStatus;
  /** The month shown, 'YYYY-MM'. */
  month: string;
  /** The month's days, weeks and total, from @bahi/trading's `calendarMonth`. */
  calendar?: CalendarMonth;
  /** Where the previous / next month links go (the page keeps the month in the URL). */
  monthHref: (month: string) => string;
  /** The day whose trades and note are open, or null. */
  openDay?: CalendarDayDetail | null;
  /** Opens a day ('YYYY-MM-DD') or closes it (null). */
  onOpenDay?: (date: string | null) => void;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** 'YYYY-MM' shifted by `delta` months. Pure, for tests. */
export function shiftMonth(month: string, delta: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const index = y * 12 + (m - 1) + delta;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

const monthName = (month: string) => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return `${MONTHS[m - 1]} ${y}`;
};

const istTime = new Intl.DateTimeFormat('en-IN', {
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
  timeZone: 'Asia/Kolkata',
});
/** 'YYYY-MM-DD' in IST (en-CA writes dates in that order). */
const istDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' });

/** When the trade happened on the day: closed at (and entered on, if earlier), or opened at. */
function tradeTime(t: CalendarDayTrade, date: string): string {
  if (t.netPnl === null) return `Opened ${istTime.format(new Date(t.entryTime))}`;
  const closed = `Closed ${istTime.format(new Date(t.exitTime ?? t.entryTime))}`;
  const entered = new Date(t.entryTime);
  return istDay.format(entered) === date ? closed : `${closed}, entered ${formatDayMonth(entered)}`;
}

function MonthNav({ month, monthHref }: { month: string; monthHref: (month: string) => string }) {
  const prev = shiftMonth(month, -1);
  const next = shiftMonth(month, 1);
  return (
    <nav aria-label="Month" className="flex items-center gap-1">
      <Link to={monthHref(prev)} className={buttonVariants({ variant: 'outline', size: 'sm' })}>
        <ChevronLeft aria-hidden="true" />
        <span className="sr-only">Previous month, </span>
        {monthName(prev)}
      </Link>
      <Link to={monthHref(next)} className={buttonVariants({ variant: 'outline', size: 'sm' })}>
        <span className="sr-only">Next month, </span>
        {monthName(next)}
        <ChevronRight aria-hidden="true" />
      </Link>
    </nav>
  );
}

function DayDialog({ day, onOpenDay }: { day: CalendarDayDetail; onOpenDay?: (date: string | null) => void }) {
  const closed = day.trades.filter((t) => t.netPnl !== null);
  const net = closed.reduce((sum, t) => sum + (t.netPnl ?? 0), 0);
  const later = day.trades.filter((t) => t.netPnl === null && t.closedOn).length;
  const open = day.trades.length - closed.length - later;
  return (
    <Dialog open onOpenChange={(isOpen) => (isOpen ? undefined : onOpenDay?.(null))}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{formatDate(day.date)}</DialogTitle>
          <DialogDescription>
            {day.trades.length === 0 ? (
              'No trades on this day.'
            ) : (
              <>
                Net <Money value={net} signed /> from {count(closed.length, 'trade')} closed this day
                {open ? `; ${open} opened and still open` : ''}
                {later ? `; ${count(later, 'trade')} opened and closed on a later day` : ''} (exchange time, IST).
              </>
            )}
          </DialogDescription>
        </DialogHeader>
        {day.trades.length ? (
          <ul aria-label="Trades" className="grid divide-y rounded-lg border">
            {day.trades.map((t) => (
              <li key={t.id} className="flex items-center justify-between gap-3 px-3 py-2 text-sm">
                <span className="grid">
                  <Link to={`/trades/${t.id}`} className="font-medium underline-offset-4 hover:underline">
                    {t.symbol}
                  </Link>
                  <span className="text-muted-foreground text-xs">
                    {tradeTime(t, day.date)} · {t.side === 'long' ? 'Long' : 'Short'}
                    {t.playbook ? ` · ${t.playbook}` : ''}
                  </span>
                </span>
                {t.netPnl !== null ? (
                  <Money value={t.netPnl} signed />
                ) : (
                  <span className="text-muted-foreground">
                    {t.closedOn ? `P&L on ${formatDayMonth(t.closedOn)}` : 'Open'}
                  </span>
                )}
              </li>
            ))}
          </ul>
        ) : null}
        <section aria-labelledby="day-note" className="grid gap-2">
          <h3 id="day-note" className="font-semibold">
            Daily journal
          </h3>
          {day.note.status === 'loading' ? (
            <>
              <span className="sr-only">Loading the day's note…</span>
              <Skeleton className="h-16" />
            </>
          ) : day.note.status === 'error' ? (
            <p className="text-sm">The day's note could not be loaded.</p>
          ) : day.note.note ? (
            <div className="grid gap-1 rounded-lg bg-muted p-3 text-sm">
              {day.note.note.title ? <p className="font-medium">{day.note.note.title}</p> : null}
              <p className="whitespace-pre-wrap">{day.note.note.body}</p>
            </div>
          ) : (
            <p className="text-muted-foreground text-sm">No journal entry for this day.</p>
          )}
          <Link
            to={`/notebook?date=${day.date}`}
            className={buttonVariants({ variant: 'outline', size: 'sm', className: 'justify-self-start' })}
          >
            <NotebookPen aria-hidden="true" />
            {day.note.status === 'ready' && day.note.note ? 'Open in the notebook' : 'Write about this day'}
          </Link>
        </section>
      </DialogContent>
    </Dialog>
  );
}

/**
 * /calendar: the month's daily net P&L by the IST day each trade was closed, with weekly and monthly totals; a day
 * opens its trades and note.
 */
export function CalendarScreen({
  status,
  month,
  calendar,
  monthHref,
  openDay = null,
  onOpenDay,
  notice,
  ...cb
}: CalendarScreenProps) {
  const days: Record<string, CalendarDay> = {};
  for (const d of calendar?.days ?? []) if (d.trades) days[d.date] = { pnl: d.netPnl, trades: d.trades };
  const total = calendar?.total;
  return (
    <AreaPage
      notice={notice}
      title="Calendar"
      description="Daily net P&L by the day each trade closed, with weekly and monthly totals, in exchange time (IST). Pick a day for its trades and notes."
      status={status}
      skeleton="panel"
      actions={status === 'ready' ? <MonthNav month={month} monthHref={monthHref} /> : undefined}
      empty={{
        icon: <CalendarDays />,
        title: 'Nothing on the calendar yet',
        description: 'Days fill in green and red as you log or import trades.',
        action: addTrade,
      }}
      {...cb}
    >
      {total ? (
        <section aria-label="Month totals" data-slot="calendar-totals" className="grid gap-4 sm:grid-cols-3">
          <Stat
            label="Month net P&L"
            value={<Money value={total.netPnl} signed />}
            hint={`after charges · ${count(total.trades, 'trade')}`}
          />
          <Stat
            label="Green days"
            value={`${total.winningDays} of ${total.tradingDays}`}
            hint={`${count(total.losingDays, 'red day')} · ${count(total.tradingDays, 'trading day')}`}
          />
          <Stat
            label="Best week"
            value={(() => {
              const traded = calendar.weeks.filter((w) => w.trades > 0);
              if (!traded.length) return '—';
              const best = traded.reduce((a, b) => (b.netPnl > a.netPnl ? b : a));
              return <Money value={best.netPnl} signed />;
            })()}
            hint={`of ${count(calendar.weeks.filter((w) => w.trades > 0).length, 'week')} with trades`}
          />
        </section>
      ) : null}
      <CalendarHeatmap month={month} days={days} onSelectDay={onOpenDay} selectedDay={openDay?.date} />
      {openDay ? <DayDialog day={openDay} onOpenDay={onOpenDay} /> : null}
    </AreaPage>
  );
}
