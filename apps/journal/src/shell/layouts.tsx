import { ErrorBoundary, Spinner } from '@bahi/ui';
import { type ReactNode, Suspense } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { retryFailedPages } from './lazy-page';

export function PageLoading() {
  return (
    <div className="flex min-h-[40vh] items-center justify-center">
      <Spinner size="lg" />
    </div>
  );
}

/** The failure panel around a page: a render error or a page that would not load shows it, per page. */
export function PageBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <ErrorBoundary key={pathname} onReset={retryFailedPages}>
      <Suspense fallback={<PageLoading />}>{children}</Suspense>
    </ErrorBoundary>
  );
}

/** Public pages: no login, no shell of the app. */
export function PublicLayout() {
  return (
    <PageBoundary>
      <Outlet />
    </PageBoundary>
  );
}
