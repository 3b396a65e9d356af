import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useEffect, useRef } from 'react';
import type { AnyMachineSnapshot } from 'xstate';
import { requestPasswordReset } from '../machines/passwordReset';
import type { AuthSession, AuthUser, Credentials } from '../ports';
import type { RouteClass } from '../rules/routes';
import { useAuthContext } from './AuthProvider';

/** The top-level state name of a snapshot. */
function topState(snapshot: AnyMachineSnapshot): string {
  const { value } = snapshot;
  return typeof value === 'string' ? value : (Object.keys(value)[0] ?? '');
}

export type SessionStatus = 'loading' | 'signedIn' | 'signedOut' | 'signingOut' | 'passwordRecovery';

export interface SessionView {
  status: SessionStatus;
  user: AuthUser | null;
  session: AuthSession | null;
  /** 'Account switched. Refreshing data...' while the data is refreshed. */
  notice: string | null;
  error: string | null;
  signOut(): void;
}

export function useSession(): SessionView {
  const { session } = useAuthContext();
  const status = useSelector(session, (s) => topState(s) as SessionStatus);
  const context = useSelector(session, (s) => s.context);
  const signOut = useCallback(() => session.send({ type: 'SIGN_OUT' }), [session]);
  return {
    status,
    user: context.user,
    session: context.session,
    notice: context.notice,
    error: context.error,
    signOut,
  };
}

export type AccessStatus = 'verifying' | 'granted' | 'unauthenticated' | 'subscriptionRequired' | 'unavailable';

export interface AccessView {
  status: AccessStatus;
  /** 'Verifying access...', 'A subscription is required to access this feature', or the "checks failing" message. */
  message: string | null;
  retry(): void;
}

/** The route guard for one route class. Re-checks when the signed-in user changes and when the browser comes online. */
export function useAccess(routeClass: RouteClass): AccessView {
  const { machines, session } = useAuthContext();
  const sessionKey = useSelector(session, (s) => {
    const top = topState(s);
    if (top === 'loading') return 'loading';
    return top === 'signedIn' || top === 'passwordRecovery' ? (s.context.user?.id ?? 'none') : 'none';
  });
  const userFor = (key: string): AuthUser | null | undefined =>
    key === 'loading' ? undefined : key === 'none' ? null : session.getSnapshot().context.user;
  const access = useActorRef(machines.access, { input: { routeClass, user: userFor(sessionKey) } });
  const sent = useRef({ sessionKey, routeClass });

  // The actor started with the first route class and session; later changes are sent to it.
  useEffect(() => {
    if (sent.current.routeClass !== routeClass) access.send({ type: 'ROUTE', routeClass });
    if (sent.current.sessionKey !== sessionKey) {
      const user = userFor(sessionKey);
      if (user !== undefined) access.send({ type: 'SESSION', user });
    }
    sent.current = { sessionKey, routeClass };
  });

  useEffect(() => {
    if (typeof window === 'undefined') return;
    const onOnline = () => access.send({ type: 'RETRY' });
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, [access]);

  const status = useSelector(access, (s): AccessStatus => {
    const top = topState(s);
    return top === 'start' || top === 'waitingForSession' ? 'verifying' : (top as AccessStatus);
  });
  const message = useSelector(access, (s) => s.context.message);
  const retry = useCallback(() => access.send({ type: 'RETRY' }), [access]);
  return { status, message, retry };
}

export type OnboardingStatus = 'idle' | 'checking' | 'complete' | 'incomplete' | 'skipped';

export interface OnboardingView {
  status: OnboardingStatus;
  /** Checks again for the signed-in user on this path (for example after a route change). */
  check(pathname: string): void;
  /** The onboarding screen is finished. */
  complete(): void;
}

export function useOnboarding(): OnboardingView {
  const { onboarding, session } = useAuthContext();
  const status = useSelector(onboarding, (s): OnboardingStatus => {
    const top = topState(s);
    if (top === 'deciding' || top === 'checking' || top === 'syncing') return 'checking';
    if (top === 'completing') return 'incomplete';
    return top as OnboardingStatus;
  });
  const check = useCallback(
    (pathname: string) => {
      const user = session.getSnapshot().context.user;
      if (user) onboarding.send({ type: 'CHECK', user, pathname });
    },
    [onboarding, session],
  );
  const complete = useCallback(() => onboarding.send({ type: 'COMPLETE' }), [onboarding]);
  return { status, check, complete };
}

export type PasswordResetStatus = 'noToken' | 'ready' | 'resetting' | 'succeeded' | 'failed';

export interface PasswordResetView {
  status: PasswordResetStatus;
  error: string | null;
  submit(password: string): void;
}

/** The reset-password page. `location` defaults to the window's. */
export function usePasswordReset(location?: { hash: string; search: string }): PasswordResetView {
  const { machines } = useAuthContext();
  const where = location ?? (typeof window === 'undefined' ? { hash: '', search: '' } : window.location);
  const reset = useActorRef(machines.passwordReset, {
    input: { location: { hash: where.hash, search: where.search } },
  });
  const status = useSelector(reset, (s) => {
    const top = topState(s);
    return (top === 'locating' ? 'ready' : top) as PasswordResetStatus;
  });
  const error = useSelector(reset, (s) => s.context.error);
  const submit = useCallback((password: string) => reset.send({ type: 'SUBMIT', password }), [reset]);
  return { status, error, submit };
}

/** The forgot-password page: asks for a reset link that leads back to an allowed origin. */
export function useRequestPasswordReset(): (email: string) => Promise<void> {
  const { ports, config } = useAuthContext();
  return useCallback(
    (email: string) =>
      requestPasswordReset(ports, config, email, typeof window === 'undefined' ? '' : window.location.origin),
    [ports, config],
  );
}

export type AuthFormStatus = 'idle' | 'signingIn' | 'signingUp' | 'signedIn' | 'signedUp';

export interface AuthFormView {
  status: AuthFormStatus;
  /** 'You must provide either an email or phone number and a password', the service's message, or the fallback. */
  error: string | null;
  signIn(credentials: Credentials): void;
  signUp(credentials: Credentials, fullName: string): void;
}

export function useAuthForm(): AuthFormView {
  const { authForm } = useAuthContext();
  const status = useSelector(authForm, (s) => topState(s) as AuthFormStatus);
  const error = useSelector(authForm, (s) => s.context.error);
  const signIn = useCallback((credentials: Credentials) => authForm.send({ type: 'SIGN_IN', credentials }), [authForm]);
  const signUp = useCallback(
    (credentials: Credentials, fullName: string) => authForm.send({ type: 'SIGN_UP', credentials, fullName }),
    [authForm],
  );
  return { status, error, signIn, signUp };
}

export type AdminBootstrapStatus = 'none' | 'working' | 'granted' | 'skipped' | 'failed';

export interface AdminBootstrapView {
  status: AdminBootstrapStatus;
  /** 'Failed to setup admin privileges, please try again' */
  error: string | null;
  retry(): void;
}

export function useAdminBootstrap(): AdminBootstrapView {
  const { adminBootstrap } = useAuthContext();
  const status = useSelector(adminBootstrap ?? undefined, (s): AdminBootstrapStatus => {
    if (!s) return 'none';
    const top = topState(s);
    return top === 'granted' || top === 'skipped' || top === 'failed' ? top : 'working';
  });
  const error = useSelector(adminBootstrap ?? undefined, (s) => s?.context.error ?? null);
  const retry = useCallback(() => adminBootstrap?.send({ type: 'RETRY' }), [adminBootstrap]);
  return { status, error, retry };
}
