import { CalendarDays, Clock } from 'lucide-react';
import * as React from 'react';
import { type DateTextType, formatDateValue, parseDateText, typedTime } from '../lib/date-text';
import { cn } from '../lib/utils';
import type { DatePickerCalendarProps } from './date-picker-calendar';
import { type InputProps, inputVariants } from './input';

export type DateInputProps = Omit<
  InputProps,
  'type' | 'value' | 'defaultValue' | 'onChange' | 'min' | 'max' | 'size' | 'className'
> & {
  /** What is picked: a day (`YYYY-MM-DD`), a time (`HH:mm`) or both (`YYYY-MM-DDTHH:mm`, IST wall-clock). @default 'date' */
  type?: DateTextType;
  /** The value, in the type's format, or '' for none. */
  value?: string;
  /** The first value when `value` is not given. */
  defaultValue?: string;
  /** Called with the new value ('' while the text is empty or is not a valid value) as the user types or picks. */
  onValueChange?: (value: string) => void;
  /** Earliest value allowed, in the type's format. */
  min?: string;
  /** Latest value allowed, in the type's format. */
  max?: string;
  /** Height and text size, as Input's. @default 'md' */
  size?: InputProps['size'];
  /** Classes for the wrapper (width, grid placement); the input keeps Input's look. */
  className?: string;
};

const PLACEHOLDERS: Record<DateTextType, string> = {
  date: 'dd mmm yyyy',
  'datetime-local': 'dd mmm yyyy, hh:mm',
  time: 'hh:mm',
};

/** When a day is picked for a date-time with no time typed: the market opens. */
const MARKET_OPEN = '09:15';

let loading: Promise<{ default: React.ComponentType<DatePickerCalendarProps> }> | undefined;
const loadCalendar = () => {
  loading ??= import('./date-picker-calendar').catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
};
const DatePickerCalendar = React.lazy(loadCalendar);
const preload = () => void loadCalendar().catch(() => undefined);

const parseText = (type: DateTextType, text: string, min?: string, max?: string) =>
  parseDateText(type, text, { min, max });

/**
 * A day, day-and-time or time field that reads as the rest of the app writes dates ("20 Nov 2026", "20 Nov 2026,
 * 10:22", IST, day first, 24-hour clock) rather than in the browser's locale. It takes what a trader types ("20/11/26",
 * "20-Nov-2026", "2026-11-20", "10:22 pm") and reports the value as the browser's date inputs do; text that is no
 * value reports '' and, once the field is left, says what to type. A button opens a month calendar (loaded on first
 * use) for a day. Works inside a `Field` like `Input`: the label names the text box.
 */
export function DateInput({
  type = 'date',
  value: valueProp,
  defaultValue = '',
  onValueChange,
  min,
  max,
  size,
  className,
  disabled,
  placeholder,
  id: idProp,
  'aria-describedby': describedBy,
  'aria-invalid': ariaInvalid,
  onBlur,
  ...props
}: DateInputProps) {
  const [own, setOwn] = React.useState(defaultValue);
  const value = valueProp ?? own;
  const [text, setText] = React.useState(() => formatDateValue(type, value));
  const [showError, setShowError] = React.useState(false);
  const [open, setOpen] = React.useState(false);
  const inputRef = React.useRef<HTMLInputElement>(null);
  const buttonRef = React.useRef<HTMLButtonElement>(null);
  const wrapperRef = React.useRef<HTMLDivElement>(null);
  const generated = React.useId();
  const id = idProp ?? `date-input-${generated}`;
  const errorId = `${id}-message`;
  const calendarId = `${id}-calendar`;
  const parsed = parseText(type, text, min, max);

  // A value set from outside (a filter reset, a draft restored) replaces the text, unless it came from that text.
  const synced = React.useRef(value);
  React.useLayoutEffect(() => {
    if (synced.current === value) return;
    synced.current = value;
    if (document.activeElement === inputRef.current && (parsed.value ?? '') === value) return;
    setText(formatDateValue(type, value));
    setShowError(false);
  });

  const report = (next: string) => {
    if (next === value) return;
    if (valueProp === undefined) setOwn(next);
    onValueChange?.(next);
  };

  const takeText = (next: string) => {
    setText(next);
    const result = parseText(type, next, min, max);
    if (result.error === undefined) setShowError(false);
    report(result.value ?? '');
    return result;
  };

  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  };

  const pick = (day: string) => {
    const time = VALUE_TIME.test(value) ? value.slice(11) : (typedTime(text) ?? MARKET_OPEN);
    const result = takeText(formatDateValue(type, type === 'datetime-local' ? `${day}T${time}` : day));
    if (result.error !== undefined) setShowError(true);
    close(true);
  };

  const message = showError ? parsed.error : undefined;
  const Icon = type === 'time' ? Clock : CalendarDays;
  return (
    <div data-slot="date-input" className={cn('h-fit w-full min-w-0', className)}>
      <div ref={wrapperRef} className="relative">
        <input
          ref={inputRef}
          data-slot="input"
          data-size={size ?? 'md'}
          type="text"
          inputMode="text"
          autoComplete="off"
          spellCheck={false}
          id={id}
          value={text}
          placeholder={placeholder ?? PLACEHOLDERS[type]}
          disabled={disabled}
          aria-invalid={ariaInvalid || (message ? true : undefined)}
          aria-describedby={[message ? errorId : undefined, describedBy].filter(Boolean).join(' ') || undefined}
          className={cn(inputVariants({ size }), 'pr-9 tabular-nums')}
          {...props}
          onChange={(e) => takeText(e.target.value)}
          onBlur={(e) => {
            if (parsed.error !== undefined) setShowError(true);
            else setText(formatDateValue(type, parsed.value));
            onBlur?.(e);
          }}
        />
        {type === 'time' ? (
          <Icon
            aria-hidden="true"
            className={cn(
              'pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-muted-foreground',
              disabled && 'opacity-60',
            )}
          />
        ) : (
          <button
            ref={buttonRef}
            type="button"
            data-slot="date-input-picker"
            aria-label="Choose a date"
            aria-haspopup="dialog"
            aria-expanded={open}
            aria-controls={open ? calendarId : undefined}
            disabled={disabled}
            onPointerEnter={preload}
            onFocus={preload}
            onClick={() => (open ? close(false) : setOpen(true))}
            className={cn(
              'absolute inset-y-0 right-0 flex w-9 items-center justify-center rounded-r-md text-muted-foreground outline-none',
              'hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50',
              'disabled:cursor-not-allowed disabled:opacity-60',
            )}
          >
            <Icon aria-hidden="true" className="size-4" />
          </button>
        )}
        {open ? (
          <React.Suspense fallback={null}>
            <DatePickerCalendar
              id={calendarId}
              selected={VALUE_DAY.test(value) ? value.slice(0, 10) : ''}
              min={min?.slice(0, 10)}
              max={max?.slice(0, 10)}
              container={wrapperRef}
              onPick={pick}
              onClose={close}
            />
          </React.Suspense>
        ) : null}
      </div>
      {message ? (
        <p id={errorId} data-slot="date-input-message" className="mt-1.5 font-medium text-destructive text-sm">
          {message}
        </p>
      ) : null}
    </div>
  );
}

const VALUE_DAY = /^\d{4}-\d{2}-\d{2}/;
const VALUE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;
