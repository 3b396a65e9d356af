import type * as React from 'react';
import { EmptyState } from '../../components/empty-state';
import { LoadError } from '../../components/load-error';
import { Skeleton } from '../../components/skeleton';

/** The four states every journal area has. */
export type AreaStatus = 'loading' | 'empty' | 'error' | 'ready';

export interface AreaPageProps {
  /** The page's h1. */
  title: string;
  /** One line under the title: what the area is for. */
  description: string;
  /** Which of loading, empty, error and the content shows. */
  status: AreaStatus;
  /** Buttons or links in the page header (Add trade, Import …). */
  actions?: React.ReactNode;
  /** The empty state: an icon, what is missing and the way to add it. */
  empty: { icon: React.ReactNode; title: string; description: string; action?: React.ReactNode };
  /** Why the area's data did not load, shown under the error. */
  errorDetail?: string;
  /** 'Try again' when the data did not load: read it again. */
  onRetry?: () => void;
  /** Shape of the loading placeholder. */
  skeleton?: 'table' | 'cards' | 'panel';
  /** Shown above the content when it is ready, e.g. that some trades are left out of the figures. */
  notice?: React.ReactNode;
  /** The area's content (status 'ready'). */
  children?: React.ReactNode;
}

function LoadingPlaceholder({ shape }: { shape: 'table' | 'cards' | 'panel' }) {
  if (shape === 'cards') {
    return (
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {['a', 'b', 'c', 'd', 'e', 'f'].map((k) => (
          <Skeleton key={k} className="h-40 rounded-xl" />
        ))}
      </div>
    );
  }
  if (shape === 'panel') return <Skeleton className="h-96 rounded-xl" />;
  return (
    <div className="grid gap-2">
      <Skeleton className="h-10" />
      {['a', 'b', 'c', 'd', 'e', 'f'].map((k) => (
        <Skeleton key={k} className="h-12" />
      ))}
    </div>
  );
}

/** Header + one of loading / empty / error / content: the frame of every journal area. */
export function AreaPage({
  title,
  description,
  status,
  actions,
  empty,
  errorDetail,
  onRetry,
  skeleton = 'table',
  notice,
  children,
}: AreaPageProps) {
  return (
    <div
      data-slot="area-page"
      data-status={status}
      className="grid gap-6"
      aria-busy={status === 'loading' || undefined}
    >
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div className="grid gap-1">
          <h1 className="font-bold text-2xl">{title}</h1>
          <p className="text-muted-foreground">{description}</p>
        </div>
        {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
      </header>
      {status === 'loading' ? (
        <>
          <p role="status" className="sr-only">
            Loading {title.toLowerCase()}…
          </p>
          <LoadingPlaceholder shape={skeleton} />
        </>
      ) : status === 'error' ? (
        <LoadError onRetry={onRetry} detail={errorDetail} />
      ) : status === 'empty' ? (
        <EmptyState icon={empty.icon} title={empty.title} description={empty.description} action={empty.action} />
      ) : (
        <>
          {notice}
          {children}
        </>
      )}
    </div>
  );
}
