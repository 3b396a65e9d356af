import type * as React from 'react';
import { cn } from '../lib/utils';

export type EmptyStateProps = Omit<React.ComponentProps<'section'>, 'title'> & {
  /** A lucide-react icon for the area, shown in a circle above the title (decorative). */
  icon?: React.ReactNode;
  /** What is empty, as a heading ("No trades yet"). */
  title: React.ReactNode;
  /** What filling it brings, or why it is empty. */
  description?: React.ReactNode;
  /** Buttons or links that get the user out of the empty state. */
  action?: React.ReactNode;
  /** The title's heading level, to fit the page's outline. */
  headingLevel?: 'h2' | 'h3';
};

/** An area with nothing in it yet: what is missing and the way to add it, in a dashed frame. */
export function EmptyState({
  icon,
  title,
  description,
  action,
  headingLevel: Heading = 'h2',
  className,
  ...props
}: EmptyStateProps) {
  return (
    <section
      data-slot="empty-state"
      className={cn(
        'flex flex-col items-center justify-center gap-3 rounded-xl border border-dashed px-6 py-12 text-center',
        className,
      )}
      {...props}
    >
      {icon ? (
        <div
          aria-hidden="true"
          className="flex size-12 items-center justify-center rounded-full bg-secondary text-secondary-foreground [&_svg]:size-6"
        >
          {icon}
        </div>
      ) : null}
      <Heading className="font-semibold text-lg">{title}</Heading>
      {description ? <p className="max-w-md text-muted-foreground text-sm">{description}</p> : null}
      {action ? <div className="mt-2 flex flex-wrap justify-center gap-2">{action}</div> : null}
    </section>
  );
}
