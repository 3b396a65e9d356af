import { ChevronDown } from 'lucide-react';
import * as React from 'react';
import { selectTriggerClass } from './select-trigger-class';

export interface LazySelectOption {
  /** May be '' (for "None", "Not linked" …), which Radix Select itself does not allow. */
  value: string;
  /** What the option shows. */
  label: string;
}

export interface LazySelectProps {
  /** The chosen option's value. */
  value: string;
  /** Called with the value the user picks. */
  onValueChange: (value: string) => void;
  /** The options, in order. */
  options: LazySelectOption[];
  /** Shown while no option is chosen. */
  placeholder?: string;
  /** `md` 40 px tall like Input, `sm` 32 px for filter bars. */
  size?: 'sm' | 'md';
  /** Cannot be opened. */
  disabled?: boolean;
  /** A Field's control props. */
  id?: string;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean;
  'aria-required'?: boolean;
}

let loading: Promise<{ default: React.ComponentType<LazySelectProps> }> | undefined;
const loadRadix = () => {
  loading ??= import('./lazy-select-radix').catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
};
const RadixSelect = React.lazy(loadRadix);
const preload = () => void loadRadix().catch(() => undefined);

const OPEN_KEYS = new Set([' ', 'Enter', 'ArrowUp', 'ArrowDown']);

/**
 * A Select whose Radix code (with its positioning) loads when it is first used: until then a stand-in of the same
 * look and role shows the chosen option, and pointing at it or focusing it starts the load. Opening it renders the
 * Radix Select, already open. For pages where a select is rarely the first thing touched (the trade filters).
 */
export function LazySelect({ size = 'md', ...props }: LazySelectProps) {
  const [active, setActive] = React.useState(false);
  const { value, options, placeholder, onValueChange: _, ...control } = props;
  const standIn = (
    <button
      type="button"
      role="combobox"
      aria-expanded={false}
      aria-autocomplete="none"
      dir="ltr"
      data-state="closed"
      data-slot="select-trigger"
      data-size={size}
      className={selectTriggerClass(size)}
      {...control}
      onPointerEnter={preload}
      onFocus={preload}
      onPointerDown={(e) => {
        if (e.button === 0 && !e.ctrlKey) setActive(true);
      }}
      onClick={() => setActive(true)}
      onKeyDown={(e) => {
        if (!OPEN_KEYS.has(e.key)) return;
        e.preventDefault();
        setActive(true);
      }}
    >
      <span data-slot="select-value" style={{ pointerEvents: 'none' }}>
        {options.find((o) => o.value === value)?.label ?? (placeholder || value)}
      </span>
      <ChevronDown className="size-4 opacity-70" aria-hidden="true" />
    </button>
  );
  if (!active) return standIn;
  return (
    <React.Suspense fallback={standIn}>
      <RadixSelect size={size} {...props} />
    </React.Suspense>
  );
}
