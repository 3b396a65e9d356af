// LazySelect's Radix part, loaded when the select is first opened; it mounts open.
import type { LazySelectProps } from './lazy-select';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from './select';

// Radix reserves '' for "no value" (it shows the placeholder), so an option of value '' goes by this stand-in.
const EMPTY = '__none__';
const toRadix = (value: string) => (value === '' ? EMPTY : value);

export default function LazySelectRadix({
  value,
  onValueChange,
  options,
  size,
  disabled,
  placeholder,
  ...control
}: LazySelectProps) {
  return (
    <Select
      value={toRadix(value)}
      onValueChange={(v) => onValueChange(v === EMPTY ? '' : v)}
      disabled={disabled}
      defaultOpen
    >
      <SelectTrigger {...control} size={size}>
        <SelectValue placeholder={placeholder} />
      </SelectTrigger>
      <SelectContent>
        {options.map((o) => (
          <SelectItem key={o.value} value={toRadix(o.value)}>
            {o.label}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
