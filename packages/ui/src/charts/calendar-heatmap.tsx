import { formatINR } from '@bahi/trading';
import { Fragment } from 'react';
import { Money } from '../components/money';
import { formatDate, MONTHS } from '../lib/dates';
import { cn } from '../lib/utils';

export interface CalendarDay {
  /** Net P&L in rupees for the day. */
  pnl: number;
  trades: number;
}

export interface CalendarHeatmapProps {
  /** Year and month, 'YYYY-MM'. */
  month: string;
  /** Keyed by ISO date 'YYYY-MM-DD' (exchange time, Asia/Kolkata). */
  days: Record<string, CalendarDay>;
  /** Makes every day a button (keyboard: Tab, Enter) that opens the day. */
  onSelectDay?: (iso: string) => void;
  /** The day whose details are open, marked for assistive technology. */
  selectedDay?: string;
  className?: string;
}

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

interface Cell {
  iso: string;
  day: number;
}

/** Weeks (Monday first) of a month as rows of 7 cells, null outside the month. Pure, for tests. */
export function monthWeeks(month: string): Array<Array<Cell | null>> {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const daysInMonth = new Date(Date.UTC(y, m, 0)).getUTCDate();
  const firstWeekday = (new Date(Date.UTC(y, m - 1, 1)).getUTCDay() + 6) % 7; // 0 = Monday
  const cells: Array<Cell | null> = Array.from({ length: firstWeekday }, () => null);
  for (let d = 1; d <= daysInMonth; d++) cells.push({ iso: `${month}-${String(d).padStart(2, '0')}`, day: d });
  while (cells.length % 7) cells.push(null);
  const weeks: Array<Array<Cell | null>> = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}

function tone(pnl: number | undefined) {
  if (pnl === undefined) return 'text-muted-foreground';
  if (pnl > 0) return 'bg-profit-muted text-profit';
  if (pnl < 0) return 'bg-loss-muted text-loss';
  return 'bg-muted text-muted-foreground';
}

function DayContent({ day, data }: { day: number; data: CalendarDay | undefined }) {
  return (
    <div className="flex h-full flex-col justify-between p-0.5 sm:p-1.5">
      <span className="text-[0.625rem] sm:text-xs">{day}</span>
      {data ? (
        <span className="text-right">
          {/* Compact: a cell has no room for the exact amount, which the day's label and tooltip give. */}
          <Money
            value={data.pnl}
            signed
            abbreviate
            className="block font-semibold text-[0.5625rem] tracking-tight sm:text-sm sm:tracking-normal"
          />
          <span className="hidden text-xs sm:block">
            {data.trades} {data.trades === 1 ? 'trade' : 'trades'}
          </span>
        </span>
      ) : null}
    </div>
  );
}

/** What a day button says: "5 January 2026: +₹4,200.00 net, 3 trades". */
function dayLabel(iso: string, data: CalendarDay | undefined): string {
  if (!data || data.trades === 0) return `${formatDate(iso)}: no trades`;
  const pnl = formatINR(data.pnl, { sign: 'exceptZero' });
  return `${formatDate(iso)}: ${pnl} net, ${data.trades} ${data.trades === 1 ? 'trade' : 'trades'}`;
}

/** A month of daily net P&L with weekly totals and the month's total: the calendar traders asked for. */
export function CalendarHeatmap({ month, days, onSelectDay, selectedDay, className }: CalendarHeatmapProps) {
  const weeks = monthWeeks(month);
  const [y, m] = month.split('-').map(Number) as [number, number];
  const title = `${MONTHS[m - 1]} ${y}`;
  const entries = Object.entries(days).filter(([iso]) => iso.startsWith(month));
  const monthTotal = entries.reduce((s, [, d]) => s + d.pnl, 0);
  const monthTrades = entries.reduce((s, [, d]) => s + d.trades, 0);

  return (
    // Compact on phones (smaller type, the week's total under its days) so that the whole week fits at 360 px. The
    // region scrolls sideways only on narrower screens still, and is focusable so the keyboard can scroll it; it is
    // positioned so that the visually hidden day labels stay inside it.
    <section
      data-slot="calendar-heatmap"
      aria-label={`${title} P&L calendar`}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region needs focus for keyboard scrolling
      tabIndex={0}
      className={cn('relative overflow-x-auto rounded-xl border bg-card p-2 sm:p-4', className)}
    >
      <table className="w-full min-w-[18rem] table-fixed border-separate border-spacing-px text-sm sm:border-spacing-1">
        <caption className="mb-2 text-left">
          <span className="font-semibold">{title}</span>{' '}
          <span className="text-muted-foreground">
            · {monthTrades} trades · month net{' '}
            <span
              className={cn(
                'whitespace-nowrap font-semibold',
                monthTotal > 0 ? 'text-profit' : monthTotal < 0 ? 'text-loss' : '',
              )}
            >
              {formatINR(monthTotal, { sign: 'exceptZero' })}
            </span>
          </span>
        </caption>
        <thead>
          <tr>
            {WEEKDAYS.map((d) => (
              <th key={d} scope="col" className="font-medium text-muted-foreground text-xs">
                {d}
              </th>
            ))}
            <th scope="col" className="hidden font-medium text-muted-foreground text-xs sm:table-cell">
              Week
            </th>
          </tr>
        </thead>
        <tbody>
          {weeks.map((week, w) => {
            const inWeek = week.flatMap((c) => (c && days[c.iso] ? [days[c.iso]!] : []));
            const weekTotal = inWeek.reduce((s, d) => s + d.pnl, 0);
            const weekFigure = inWeek.length ? <Money value={weekTotal} signed abbreviate /> : '—';
            const weekTone = weekTotal > 0 ? 'text-profit' : weekTotal < 0 ? 'text-loss' : 'text-muted-foreground';
            return (
              <Fragment key={week.find(Boolean)?.iso ?? w}>
                <tr>
                  {week.map((cell, i) => {
                    // biome-ignore lint/suspicious/noArrayIndexKey: blank cells before the 1st and after the last day
                    if (!cell) return <td key={`empty-${w}-${i}`} />;
                    const data = days[cell.iso];
                    return (
                      <td
                        key={cell.iso}
                        data-date={cell.iso}
                        className={cn('h-11 rounded-md border align-top sm:h-16', tone(data?.pnl))}
                      >
                        {onSelectDay ? (
                          <button
                            type="button"
                            data-slot="calendar-day"
                            aria-current={cell.iso === selectedDay ? 'date' : undefined}
                            onClick={() => onSelectDay(cell.iso)}
                            className="h-full w-full rounded-md text-left outline-none hover:ring-2 hover:ring-ring/40 focus-visible:ring-[3px] focus-visible:ring-ring"
                          >
                            {/* The full amount for screen readers; the short form on screen. */}
                            <span className="sr-only">{dayLabel(cell.iso, data)}</span>
                            <span aria-hidden="true">
                              <DayContent day={cell.day} data={data} />
                            </span>
                          </button>
                        ) : (
                          <DayContent day={cell.day} data={data} />
                        )}
                      </td>
                    );
                  })}
                  <td
                    className={cn(
                      'hidden h-16 rounded-md border bg-muted p-1.5 text-right align-middle font-semibold tabular-nums sm:table-cell',
                      weekTone,
                    )}
                  >
                    {weekFigure}
                  </td>
                </tr>
                <tr className="sm:hidden">
                  <td colSpan={7} className="px-1 pb-1 text-right text-xs">
                    <span className="text-muted-foreground">Week </span>
                    <span className={cn('font-semibold tabular-nums', weekTone)}>{weekFigure}</span>
                  </td>
                </tr>
              </Fragment>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}
