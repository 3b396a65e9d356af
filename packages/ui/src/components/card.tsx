import { Slot } from '@radix-ui/react-slot';
import type * as React from 'react';
import { cn } from '../lib/utils';

/** A bordered surface that groups one subject: CardHeader (title, description, action), CardContent, CardFooter. */
export function Card({ className, ...props }: React.ComponentProps<'div'>) {
  return (
    <div
      data-slot="card"
      className={cn('flex flex-col gap-6 rounded-xl border bg-card py-6 text-card-foreground shadow-sm', className)}
      {...props}
    />
  );
}

/** Title and description at the top of a card; a CardAction inside sits to their right. */
export function CardHeader({ className, ...props }: React.ComponentProps<'div'>) {
  return (
    <div
      data-slot="card-header"
      className={cn(
        'grid auto-rows-min grid-rows-[auto_auto] items-start gap-1.5 px-6 has-data-[slot=card-action]:grid-cols-[1fr_auto]',
        className,
      )}
      {...props}
    />
  );
}

/** A div by default (pick the heading level with `asChild`: `<CardTitle asChild><h2>…</h2></CardTitle>`). */
export function CardTitle({
  className,
  asChild = false,
  ...props
}: React.ComponentProps<'div'> & {
  /** Render the child element (a heading) with the title's styles, to give the title its level. */
  asChild?: boolean;
}) {
  const Comp = asChild ? Slot : 'div';
  return <Comp data-slot="card-title" className={cn('font-semibold leading-tight', className)} {...props} />;
}

/** One or two lines under the title, in muted text. */
export function CardDescription({ className, ...props }: React.ComponentProps<'p'>) {
  return <p data-slot="card-description" className={cn('text-muted-foreground text-sm', className)} {...props} />;
}

/** A button or link in the header's top-right corner. */
export function CardAction({ className, ...props }: React.ComponentProps<'div'>) {
  return (
    <div
      data-slot="card-action"
      className={cn('col-start-2 row-span-2 row-start-1 self-start justify-self-end', className)}
      {...props}
    />
  );
}

/** The card's body, with the card's side padding. */
export function CardContent({ className, ...props }: React.ComponentProps<'div'>) {
  return <div data-slot="card-content" className={cn('px-6', className)} {...props} />;
}

/** Actions at the bottom of a card, in a row. */
export function CardFooter({ className, ...props }: React.ComponentProps<'div'>) {
  return <div data-slot="card-footer" className={cn('flex items-center gap-2 px-6', className)} {...props} />;
}
