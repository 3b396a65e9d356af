import { cn } from '../lib/utils';

/** The select trigger's look, shared by `SelectTrigger` and `LazySelect`'s stand-in before Radix Select loads. */
export function selectTriggerClass(size: 'sm' | 'md', className?: string) {
  return cn(
    'flex w-full items-center justify-between gap-2 rounded-md border border-input bg-background px-3 text-foreground text-sm shadow-xs outline-none',
    'focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/40 disabled:cursor-not-allowed disabled:opacity-60',
    'aria-invalid:border-destructive data-[placeholder]:text-muted-foreground',
    size === 'sm' ? 'h-8' : 'h-10',
    className,
  );
}
