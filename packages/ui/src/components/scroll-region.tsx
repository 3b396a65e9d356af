import type * as React from 'react';
import { cn } from '../lib/utils';

/**
 * A wide table's own scrolling frame: labelled and focusable, so keyboard users can scroll it, while the page itself
 * never scrolls sideways. The table's inner container stops scrolling so that this frame is the one that does.
 */
export function ScrollRegion({
  label,
  pinFirstColumn,
  className,
  children,
}: {
  label: string;
  /**
   * Keeps the first column (what each row is) in view while the rest scrolls, on the surface the frame sits on: the
   * page or a dialog ('background'), or a card.
   */
  pinFirstColumn?: 'background' | 'card';
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <section
      aria-label={label}
      data-slot="scroll-region"
      // styles.css pins the first column.
      data-pin={pinFirstColumn}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region needs focus for keyboard scrolling
      tabIndex={0}
      className={cn(
        'min-w-0 max-w-full overflow-x-auto rounded-lg border outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50',
        '[&_[data-slot=table-container]]:overflow-visible [&_caption]:px-3 [&_caption]:pb-3',
        className,
      )}
    >
      {children}
    </section>
  );
}
