import type * as React from 'react';
import { cn } from '../lib/utils';

export type EmptyStateProps = Omit<React.ComponentProps<'section'>, 'title'> & {
  icon?: React.ReactNode;
  title: React.ReactNode;
  description?: React.ReactNode;
  /** Buttons or links that get the user out of the empty state. */
  action?: React.ReactNode;
  headingLevel?: 'h2' | 'h3';
};

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
