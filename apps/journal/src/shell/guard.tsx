import { classifyRoute, MESSAGES } from '@bahi/auth-machine';
import { useAccess } from '@bahi/auth-machine/react';
import { PLANS } from '@bahi/billing';
import { AccessUnavailable, SecureContent, SubscriptionRequired, VerifyingAccess } from '@bahi/ui';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router-dom';

/** Shows a protected page only once the access check lets the user in; every other outcome has its own screen. */
export function AccessGuard({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const { status, message, retry } = useAccess(classifyRoute(pathname));
  switch (status) {
    case 'granted':
      return children;
    case 'unauthenticated':
      return <SecureContent />;
    case 'subscriptionRequired':
      return <SubscriptionRequired plans={PLANS} />;
    case 'unavailable':
      return <AccessUnavailable message={message ?? MESSAGES.accessCheckUnavailable} onRetry={retry} />;
    default:
      return <VerifyingAccess />;
  }
}
