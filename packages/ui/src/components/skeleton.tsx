import type * as React from 'react';
import { cn } from '../lib/utils';

/** A placeholder block; decorative, so hidden from assistive technology (announce loading with aria-busy). */
export function Skeleton({ className, ...props }: React.ComponentProps<'div'>) {
  return (
    <div
      data-slot="skeleton"
      aria-hidden="true"
      className={cn('animate-pulse rounded-md bg-muted', className)}
      {...props}
    />
  );
}
