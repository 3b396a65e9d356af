import * as React from 'react';
import { cn } from '../../lib/utils';

// Two small controls for fast entry: a segmented radio group (one click, arrow keys move between options, as native
// radios do) and a set of toggle chips for multi-choice lists such as emotions and mistakes.

export interface SegmentedProps<V extends string> {
  /** Names the group (a fieldset legend). */
  legend: string;
  /** The radio inputs' name. */
  name: string;
  /** The chosen option. */
  value: V;
  /** Each option as [value, label], in order. */
  options: ReadonlyArray<readonly [V, string]>;
  /** Called with the option the user picks. */
  onChange?: (value: V) => void;
  /** Cannot be changed. */
  disabled?: boolean;
  /** Narrower options, so that many short ones (a rating's None, 1★ … 5★) fit one line on a phone. */
  compact?: boolean;
}

export function Segmented<V extends string>({
  legend,
  name,
  value,
  options,
  onChange,
  disabled,
  compact,
}: SegmentedProps<V>) {
  return (
    <fieldset data-slot="segmented" className="grid gap-2" disabled={disabled}>
      <legend className="mb-2 font-medium text-sm">{legend}</legend>
      <div className="flex flex-wrap rounded-md border border-input bg-background p-0.5">
        {options.map(([option, label]) => (
          <label
            key={option}
            className={cn(
              'flex-1 cursor-pointer whitespace-nowrap rounded-sm py-1.5 text-center text-sm transition-colors',
              compact ? 'px-2' : 'px-3',
              'has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/50',
              option === value ? 'bg-primary text-primary-foreground' : 'text-foreground hover:bg-accent',
            )}
          >
            <input
              type="radio"
              className="sr-only"
              name={name}
              value={option}
              checked={option === value}
              onChange={() => onChange?.(option)}
            />
            {label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

export interface ToggleChipsProps {
  /** Names the group (a fieldset legend). */
  legend: string;
  /** A line under the chips, e.g. what the choice is for. */
  help?: string;
  /** The choices, in order. */
  options: readonly string[];
  /** The chosen ones. */
  value: readonly string[];
  /** Called with the chosen ones after each toggle. */
  onChange?: (value: string[]) => void;
  /** Cannot be changed. */
  disabled?: boolean;
}

/**
 * Multi-select as pressed/unpressed buttons: quicker than a listbox for a handful of well-known words. A saved value
 * that is not among the options (an imported emotion, a custom timeframe) is shown too, so it can be seen and removed.
 */
export function ToggleChips({ legend, help, options, value, onChange, disabled }: ToggleChipsProps) {
  const helpId = React.useId();
  const all = [...options, ...value.filter((v) => !options.includes(v))];
  const toggle = (option: string) =>
    onChange?.(value.includes(option) ? value.filter((v) => v !== option) : [...value, option]);
  return (
    <fieldset
      data-slot="toggle-chips"
      className="grid gap-2"
      disabled={disabled}
      aria-describedby={help ? helpId : undefined}
    >
      <legend className="mb-2 font-medium text-sm">{legend}</legend>
      <div className="flex flex-wrap gap-1.5">
        {all.map((option) => {
          const on = value.includes(option);
          return (
            <button
              key={option}
              type="button"
              aria-pressed={on}
              onClick={() => toggle(option)}
              className={cn(
                'rounded-full border px-3 py-1 text-sm outline-none transition-colors focus-visible:ring-[3px] focus-visible:ring-ring/50',
                on ? 'border-primary bg-primary text-primary-foreground' : 'border-input bg-background hover:bg-accent',
              )}
            >
              {option}
            </button>
          );
        })}
      </div>
      {help ? (
        <p id={helpId} className="text-muted-foreground text-sm">
          {help}
        </p>
      ) : null}
    </fieldset>
  );
}
