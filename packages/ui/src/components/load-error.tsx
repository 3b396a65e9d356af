import { RotateCw, WifiOff } from 'lucide-react';
import { Button } from './button';

export interface LoadErrorProps {
  /** Reads the page's data again; without it, Try again reloads the page. */
  onRetry?: () => void;
  /** Why it failed, in the words the data layer gives ("You are offline…"). */
  detail?: string;
}

/**
 * A page whose data did not arrive: what happened in plain words and one way out. The crash panel (ErrorBoundary's
 * "Reset Component") is for code that broke; a failed read is retried, not reset.
 */
export function LoadError({ onRetry, detail }: LoadErrorProps) {
  return (
    <div
      data-slot="load-error"
      role="alert"
      className="mx-auto flex max-w-lg flex-col items-center gap-3 rounded-xl border bg-card p-8 text-center text-card-foreground"
    >
      <div
        className="flex size-12 items-center justify-center rounded-full bg-muted text-muted-foreground"
        aria-hidden="true"
      >
        <WifiOff className="size-6" />
      </div>
      <h2 className="font-semibold text-xl">Something went wrong</h2>
      <p className="text-muted-foreground text-sm">
        This page’s data did not load. Your journal is safe: check your connection, then try again.
      </p>
      {detail ? <p className="break-words text-muted-foreground text-xs">{detail}</p> : null}
      <Button onClick={onRetry ?? (() => window.location.reload())}>
        <RotateCw aria-hidden="true" />
        Try again
      </Button>
    </div>
  );
}
