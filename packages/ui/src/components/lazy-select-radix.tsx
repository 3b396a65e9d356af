// LazySelect's Radix part, loaded when the select is first opened; it mounts open.
import type { LazySelectProps } from './lazy-select';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from './select';

export default function LazySelectRadix({ value, onValueChange, options, size, ...control }: LazySelectProps) {
  return (
    <Select value={value} onValueChange={onValueChange} defaultOpen>
      <SelectTrigger {...control} size={size}>
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        {options.map((o) => (
          <SelectItem key={o.value} value={o.value}>
            {o.label}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
