import { BookOpenText } from 'lucide-react';
import type * as React from 'react';
import { Link } from 'react-router-dom';
import { cn } from '../lib/utils';

/** The Bahi wordmark; links home when `to` is given. */
export function BrandMark({
  to,
  className,
}: {
  /** Where the mark links to (home); left out, it is not a link. */
  to?: string;
  /** Classes for the mark. */
  className?: string;
}) {
  const mark = (
    <span data-slot="brand" className={cn('flex items-center gap-2 font-bold text-lg', className)}>
      {/* An icon rather than the letter ब: not every system (CI's Chromium among them) has a Devanagari font. */}
      <span
        aria-hidden="true"
        className="flex size-8 items-center justify-center rounded-lg bg-primary text-primary-foreground"
      >
        <BookOpenText className="size-4.5" />
      </span>
      Bahi
    </span>
  );
  return to ? (
    <Link to={to} className="rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50">
      {mark}
    </Link>
  ) : (
    mark
  );
}

/** A centred single-panel page (auth, access states): brand on top, a card with the content. */
export function CenteredPage({
  children,
  className,
}: {
  /** The page's content, usually one Card. */
  children: React.ReactNode;
  /** Classes for the content column (max-w-md). */
  className?: string;
}) {
  return (
    <div className="flex min-h-screen flex-col items-center justify-center gap-6 bg-muted/40 px-4 py-10">
      <BrandMark to="/" />
      <main className={cn('w-full max-w-md', className)}>{children}</main>
    </div>
  );
}
