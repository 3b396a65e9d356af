import { TriangleAlert } from 'lucide-react';
import * as React from 'react';
import { Button } from './button';

export interface ErrorPanelProps {
  /** Reloads the whole page (default: window.location.reload). */
  onReload?: () => void;
  /** Re-mounts the failed part of the page. */
  onReset?: () => void;
  /** Technical detail shown collapsed, for support. */
  detail?: string;
}

/** The failure panel the spec names: 'Something went wrong', 'Reload Page', 'Reset Component'. */
export function ErrorPanel({ onReload, onReset, detail }: ErrorPanelProps) {
  return (
    <div
      data-slot="error-panel"
      role="alert"
      className="mx-auto flex max-w-lg flex-col items-center gap-4 rounded-xl border bg-card p-8 text-center text-card-foreground"
    >
      <div className="flex size-12 items-center justify-center rounded-full bg-loss-muted text-loss" aria-hidden="true">
        <TriangleAlert className="size-6" />
      </div>
      <h2 className="font-semibold text-xl">Something went wrong</h2>
      <p className="text-muted-foreground text-sm">
        This part of Bahi failed to load. Your journal entries are safe. Reload the page, or reset just this section.
      </p>
      {detail ? (
        <details className="w-full text-left text-muted-foreground text-xs">
          <summary className="cursor-pointer">Technical details</summary>
          <pre className="mt-2 whitespace-pre-wrap break-words">{detail}</pre>
        </details>
      ) : null}
      <div className="flex flex-wrap justify-center gap-2">
        <Button onClick={onReload ?? (() => window.location.reload())}>Reload Page</Button>
        <Button variant="outline" onClick={onReset}>
          Reset Component
        </Button>
      </div>
    </div>
  );
}

export interface ErrorBoundaryProps {
  /** The part of the page to guard. */
  children: React.ReactNode;
  /** 'Reload Page' (default: window.location.reload). */
  onReload?: () => void;
  /** Called after 'Reset Component', before the children mount again. */
  onReset?: () => void;
  /** Called with the error and the component stack, to report it. */
  onError?: (error: Error, info: React.ErrorInfo) => void;
}

interface ErrorBoundaryState {
  error: Error | null;
}

/** Catches render errors below it and shows the failure panel; 'Reset Component' mounts the children again. */
export class ErrorBoundary extends React.Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { error: null };

  static getDerivedStateFromError(error: Error): ErrorBoundaryState {
    return { error };
  }

  override componentDidCatch(error: Error, info: React.ErrorInfo) {
    this.props.onError?.(error, info);
  }

  reset = () => {
    this.props.onReset?.();
    this.setState({ error: null });
  };

  override render() {
    if (this.state.error) {
      return <ErrorPanel onReload={this.props.onReload} onReset={this.reset} detail={this.state.error.message} />;
    }
    return this.props.children;
  }
}
