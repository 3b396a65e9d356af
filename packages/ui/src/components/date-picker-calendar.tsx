import { ChevronLeft, ChevronRight } from 'lucide-react';
import * as React from 'react';
import { addDays, addMonths, clampDay, monthWeeks, todayIst, weekdayOf } from '../lib/calendar-days';
import { formatDate, MONTHS } from '../lib/dates';
import { cn } from '../lib/utils';
import { IconButton } from './button';

export interface DatePickerCalendarProps {
  /** The popover's id, for the picker button's aria-controls. */
  id: string;
  /** The chosen day, 'YYYY-MM-DD', or ''. */
  selected: string;
  /** Earliest day that can be picked. */
  min?: string;
  /** Latest day that can be picked. */
  max?: string;
  /** The box holding the input, its button and this popover: a press outside it closes the popover. */
  container: React.RefObject<HTMLElement | null>;
  onPick: (day: string) => void;
  /** `returnFocus`: Escape inside the popover, focus goes back to the picker button. */
  onClose: (returnFocus: boolean) => void;
}

const WEEKDAYS = [
  ['Mo', 'Monday'],
  ['Tu', 'Tuesday'],
  ['We', 'Wednesday'],
  ['Th', 'Thursday'],
  ['Fr', 'Friday'],
  ['Sa', 'Saturday'],
  ['Su', 'Sunday'],
] as const;

/** Room kept between the popover and the window's edge. */
const MARGIN = 8;

const MOVES: Record<string, (day: string, shift: boolean) => string> = {
  ArrowLeft: (d) => addDays(d, -1),
  ArrowRight: (d) => addDays(d, 1),
  ArrowUp: (d) => addDays(d, -7),
  ArrowDown: (d) => addDays(d, 7),
  PageUp: (d, shift) => addMonths(d, shift ? -12 : -1),
  PageDown: (d, shift) => addMonths(d, shift ? 12 : 1),
  Home: (d) => addDays(d, -weekdayOf(d)),
  End: (d) => addDays(d, 6 - weekdayOf(d)),
};

/**
 * The date picker's popover: a month grid (WAI-ARIA's date picker dialog) under the input. Arrows move by day and
 * week, Page Up/Down by month (with Shift by year), Home/End to the week's Monday/Sunday, Enter or Space picks, Escape
 * closes. Only the focused day is in the tab order. Loaded on first open, so pages with a date field do not carry it.
 */
export default function DatePickerCalendar({
  id,
  selected,
  min,
  max,
  container,
  onPick,
  onClose,
}: DatePickerCalendarProps) {
  const [today] = React.useState(() => todayIst());
  const [focusDay, setFocusDay] = React.useState(() => clampDay(selected || today, min, max));
  const [left, setLeft] = React.useState(0);
  const rootRef = React.useRef<HTMLDivElement>(null);
  const gridRef = React.useRef<HTMLTableElement>(null);
  // Keys move focus with the day; the month buttons change the month and keep focus on themselves.
  const moveFocus = React.useRef(true);
  const closeRef = React.useRef(onClose);
  closeRef.current = onClose;
  const headingId = `${id}-heading`;

  // Under the input, from its left edge, or from its right edge when that would run past the window (a phone).
  React.useLayoutEffect(() => {
    const place = () => {
      const root = rootRef.current;
      const box = container.current?.getBoundingClientRect();
      if (!root || !box) return;
      const viewport = document.documentElement.clientWidth;
      const width = root.offsetWidth;
      const start = box.left + width <= viewport - MARGIN ? box.left : Math.max(MARGIN, box.right - width);
      setLeft(Math.round(start - box.left));
    };
    place();
    window.addEventListener('resize', place);
    return () => window.removeEventListener('resize', place);
  }, [container]);

  React.useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const active = document.activeElement;
      if (event.key !== 'Escape' || event.defaultPrevented || !active || !container.current?.contains(active)) return;
      // Seen on the window before a surrounding dialog sees it on the document (Radix does): that dialog stays open.
      event.preventDefault();
      closeRef.current(rootRef.current?.contains(active) ?? false);
    };
    const onPointerDown = (event: PointerEvent) => {
      if (!container.current?.contains(event.target as Node)) closeRef.current(false);
    };
    window.addEventListener('keydown', onKeyDown, true);
    document.addEventListener('pointerdown', onPointerDown, true);
    return () => {
      window.removeEventListener('keydown', onKeyDown, true);
      document.removeEventListener('pointerdown', onPointerDown, true);
    };
  }, [container]);

  React.useEffect(() => {
    if (moveFocus.current) gridRef.current?.querySelector<HTMLElement>(`[data-day="${focusDay}"]`)?.focus();
  }, [focusDay]);

  const outside = (day: string) => Boolean((min && day < min) || (max && day > max));
  const year = Number(focusDay.slice(0, 4));
  const month = Number(focusDay.slice(5, 7));
  const showMonth = (n: number) => {
    moveFocus.current = false;
    setFocusDay(addMonths(focusDay, n));
  };

  return (
    <div
      ref={rootRef}
      id={id}
      role="dialog"
      aria-label="Choose a date"
      data-slot="date-picker"
      style={{ left }}
      className="absolute top-full z-50 mt-1 w-72 max-w-[calc(100vw-1rem)] rounded-md border bg-popover p-3 text-popover-foreground shadow-md"
      onBlur={(event) => {
        // Tabbing out of the field closes it; a press on the popover's own padding moves focus nowhere.
        const next = event.relatedTarget as Node | null;
        if (next && !container.current?.contains(next)) onClose(false);
      }}
    >
      <div className="mb-2 flex items-center justify-between gap-2">
        <IconButton
          type="button"
          size="sm"
          label="Previous month"
          icon={<ChevronLeft />}
          onClick={() => showMonth(-1)}
        />
        <h2 id={headingId} aria-live="polite" className="font-medium text-sm">
          {MONTHS[month - 1]} {year}
        </h2>
        <IconButton type="button" size="sm" label="Next month" icon={<ChevronRight />} onClick={() => showMonth(1)} />
      </div>
      <table
        ref={gridRef}
        // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: a month grid moved through with the arrow keys (WAI-ARIA's date picker)
        role="grid"
        aria-labelledby={headingId}
        className="w-full border-collapse"
        onKeyDown={(event) => {
          const move = MOVES[event.key];
          if (!move) return;
          event.preventDefault();
          moveFocus.current = true;
          setFocusDay(move(focusDay, event.shiftKey));
        }}
      >
        <thead>
          <tr>
            {WEEKDAYS.map(([short, name]) => (
              <th key={name} scope="col" className="h-8 font-normal text-muted-foreground text-xs">
                <span aria-hidden="true">{short}</span>
                <span className="sr-only">{name}</span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {monthWeeks(focusDay).map((week) => (
            <tr key={week.find(Boolean)}>
              {week.map((day, i) => {
                // biome-ignore lint/suspicious/noArrayIndexKey: an empty cell's place in its week is all it is
                if (!day) return <td key={i} />;
                const disabled = outside(day);
                const isSelected = day === selected;
                return (
                  // biome-ignore lint/a11y: aria-selected belongs on the grid cell (a button may not carry it); its button takes the focus
                  <td key={day} role="gridcell" aria-selected={isSelected} className="p-0 text-center">
                    <button
                      type="button"
                      data-day={day}
                      tabIndex={day === focusDay ? 0 : -1}
                      aria-label={formatDate(day)}
                      aria-current={day === today ? 'date' : undefined}
                      aria-disabled={disabled || undefined}
                      onFocus={() => {
                        if (day !== focusDay) setFocusDay(day);
                      }}
                      onClick={() => {
                        if (!disabled) onPick(day);
                      }}
                      className={cn(
                        'inline-flex size-9 items-center justify-center rounded-md text-sm tabular-nums outline-none transition-colors',
                        'hover:bg-accent hover:text-accent-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50',
                        day === today && 'font-semibold text-primary underline underline-offset-4',
                        isSelected &&
                          'bg-primary text-primary-foreground no-underline hover:bg-primary/90 hover:text-primary-foreground',
                        disabled &&
                          'cursor-not-allowed text-muted-foreground opacity-50 hover:bg-transparent hover:text-muted-foreground',
                      )}
                    >
                      {Number(day.slice(8))}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
