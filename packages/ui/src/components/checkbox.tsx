import { Check, Minus } from 'lucide-react';
import * as React from 'react';
import { cn } from '../lib/utils';

export type CheckedState = boolean | 'indeterminate';

export interface CheckboxProps extends Omit<React.ComponentProps<'button'>, 'onChange' | 'value' | 'type'> {
  /** True, false or 'indeterminate' (a minus, for "some selected"); leave it out for a box that keeps its own. */
  checked?: CheckedState;
  /** The first state of a box that keeps its own. */
  defaultChecked?: boolean;
  /** The state a click or Space asks for: an indeterminate box becomes checked. */
  onCheckedChange?: (checked: boolean) => void;
}

/**
 * A checkbox, as WAI-ARIA's checkbox pattern describes it: a button with role "checkbox" and `aria-checked` (mixed
 * when indeterminate), toggled by a click or Space, not Enter. Name it with a Label (`htmlFor`) or `aria-label`.
 * Pass `checked` and `onCheckedChange`, or `defaultChecked` for a box that keeps its own state. (Written here rather than taken from Radix: the trades
 * list's rows need nothing more, and Radix's took 7 KB of every page that lists trades.)
 */
export function Checkbox({
  className,
  checked: controlled,
  defaultChecked = false,
  onCheckedChange,
  onClick,
  onKeyDown,
  ...props
}: CheckboxProps) {
  const [own, setOwn] = React.useState<CheckedState>(defaultChecked);
  const checked = controlled ?? own;
  const state = checked === 'indeterminate' ? 'indeterminate' : checked ? 'checked' : 'unchecked';
  return (
    // biome-ignore lint/a11y/useSemanticElements: a native box cannot hold the check and minus icons this one draws
    <button
      type="button"
      role="checkbox"
      aria-checked={checked === 'indeterminate' ? 'mixed' : checked}
      data-state={state}
      data-slot="checkbox"
      className={cn(
        'peer size-4 shrink-0 rounded-sm border border-input bg-background shadow-xs outline-none transition-colors',
        'focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:cursor-not-allowed disabled:opacity-60',
        'data-[state=checked]:border-primary data-[state=checked]:bg-primary data-[state=checked]:text-primary-foreground',
        'data-[state=indeterminate]:border-primary data-[state=indeterminate]:bg-primary data-[state=indeterminate]:text-primary-foreground',
        'aria-invalid:border-destructive',
        className,
      )}
      onKeyDown={(event) => {
        // A checkbox toggles with Space only; Enter would also click a button.
        if (event.key === 'Enter') event.preventDefault();
        onKeyDown?.(event);
      }}
      onClick={(event) => {
        onClick?.(event);
        if (event.defaultPrevented) return;
        if (controlled === undefined) setOwn(checked !== true);
        onCheckedChange?.(checked !== true);
      }}
      {...props}
    >
      {state === 'unchecked' ? null : (
        <span data-slot="checkbox-indicator" data-state={state} className="flex items-center justify-center">
          {state === 'indeterminate' ? <Minus className="size-3.5" /> : <Check className="size-3.5" />}
        </span>
      )}
    </button>
  );
}
