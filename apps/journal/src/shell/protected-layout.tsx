import { useSession } from '@bahi/auth-machine/react';
import { AppShell, Button } from '@bahi/ui';
import type { ReactNode } from 'react';
import { Outlet } from 'react-router-dom';
import { useIsAdmin } from '../data/queries';
import { PageImportStatus } from '../import/page-import-status';
import { DataLayer } from './data-layer';
import { AccessGuard } from './guard';
import { PageBoundary } from './layouts';
import { MfaGate } from './mfa-gate';

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
      <PageImportStatus userId={user?.id} />
      {children}
    </AppShell>
  );
}

/**
 * Login-required pages (and, by route class, the subscription check): query cache, guard, second factor, shell,
 * boundary.
 */
export function ProtectedLayout({ shell = true }: { shell?: boolean }) {
  const page = (
    <PageBoundary>
      <Outlet />
    </PageBoundary>
  );
  return (
    <DataLayer>
      <AccessGuard>
        <MfaGate>{shell ? <SignedInShell>{page}</SignedInShell> : page}</MfaGate>
      </AccessGuard>
    </DataLayer>
  );
}
