import { CalendarClock, CalendarDays, Clock } from 'lucide-react';
import { cn } from '../lib/utils';
import { type InputProps, inputVariants } from './input';

export type DateInputProps = Omit<InputProps, 'type'> & {
  /** What is picked: a day (`YYYY-MM-DD`), a time (`HH:mm`) or both (`YYYY-MM-DDTHH:mm`). */
  type?: 'date' | 'time' | 'datetime-local';
  /** Classes for the wrapper (width, grid placement); the input keeps Input's look. */
  className?: string;
};

const ICONS = { date: CalendarDays, time: Clock, 'datetime-local': CalendarClock } as const;

/**
 * A day or time field that looks like `Input`: the browser's own date and time input (keyboard entry by parts, the
 * phone's native picker, the input's role and value for screen readers) with our icon in place of the browser's. The
 * browser's picker button stays where the icon is, invisible, so clicking the icon opens the picker; `color-scheme`
 * follows the theme, so the picker is dark in the dark theme. Works inside a `Field` like `Input`.
 */
export function DateInput({ className, size, type = 'date', ...props }: DateInputProps) {
  const Icon = ICONS[type];
  return (
    <div data-slot="date-input" className={cn('relative h-fit w-full min-w-0', className)}>
      <input
        data-slot="input"
        data-size={size ?? 'md'}
        type={type}
        className={cn(
          inputVariants({ size }),
          'relative pr-9 tabular-nums scheme-light dark:scheme-dark',
          // The browser's picker button, over our icon: clicking the icon opens the picker (Chromium, Edge, Safari).
          '[&::-webkit-calendar-picker-indicator]:absolute [&::-webkit-calendar-picker-indicator]:inset-y-0 [&::-webkit-calendar-picker-indicator]:right-0',
          '[&::-webkit-calendar-picker-indicator]:h-full [&::-webkit-calendar-picker-indicator]:w-9 [&::-webkit-calendar-picker-indicator]:cursor-pointer [&::-webkit-calendar-picker-indicator]:opacity-0',
          'disabled:[&::-webkit-calendar-picker-indicator]:cursor-not-allowed',
        )}
        {...props}
      />
      {/* Firefox draws its own picker button, which cannot be hidden: there our icon gives way to it. */}
      <Icon
        aria-hidden="true"
        className={cn(
          'pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-muted-foreground',
          'supports-[-moz-appearance:none]:hidden',
          props.disabled && 'opacity-60',
        )}
      />
    </div>
  );
}
