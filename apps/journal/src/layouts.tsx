import { useSession } from '@bahi/auth-machine/react';
import { AppShell, Button, ErrorBoundary, Spinner } from '@bahi/ui';
import { type ReactNode, Suspense } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { useIsAdmin } from './data';
import { AccessGuard } from './guard';
import { retryFailedPages } from './lazy-page';
import { MfaGate } from './mfa-gate';

function PageLoading() {
  return (
    <div className="flex min-h-[40vh] items-center justify-center">
      <Spinner size="lg" />
    </div>
  );
}

/** The failure panel around a page: a render error or a page that would not load shows it, per page. */
function PageBoundary({ children }: { children: ReactNode }) {
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

function SignedInShell({ children }: { children: ReactNode }) {
  const { user, signOut } = useSession();
  const isAdmin = useIsAdmin(user?.id);
  const name = user?.user_metadata.full_name;
  return (
    <AppShell
      userName={typeof name === 'string' && name ? name : (user?.email ?? undefined)}
      isAdmin={isAdmin}
      actions={
        <Button variant="ghost" size="sm" onClick={signOut}>
          Log out
        </Button>
      }
    >
      {children}
    </AppShell>
  );
}

/** Login-required pages (and, by route class, the subscription check): guard, second factor, shell, boundary. */
export function ProtectedLayout({ shell = true }: { shell?: boolean }) {
  const page = (
    <PageBoundary>
      <Outlet />
    </PageBoundary>
  );
  return (
    <AccessGuard>
      <MfaGate>{shell ? <SignedInShell>{page}</SignedInShell> : page}</MfaGate>
    </AccessGuard>
  );
}
