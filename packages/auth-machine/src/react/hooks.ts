import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useEffect, useRef } from 'react';
import type { AnyMachineSnapshot } from 'xstate';
import { requestPasswordReset } from '../machines/passwordReset.ts';
import type { AuthSession, AuthUser, Credentials } from '../ports.ts';
import type { RouteClass } from '../rules/routes.ts';
import { useAuthContext } from './AuthProvider.tsx';

/** The top-level state name of a snapshot. */
function topState(snapshot: AnyMachineSnapshot): string {
  const { value } = snapshot;
  return typeof value === 'string' ? value : (Object.keys(value)[0] ?? '');
}

/** Where the session stands. */
export type SessionStatus = 'loading' | 'signedIn' | 'signedOut' | 'signingOut' | 'passwordRecovery';

/** The session as components use it (see `useSession`). */
export interface SessionView {
  /** Where the session stands. */
  status: SessionStatus;
  /** The signed-in user, or null. */
  user: AuthUser | null;
  /** The session, or null. */
  session: AuthSession | null;
  /** 'Account switched. Refreshing data...' while the data is refreshed. */
  notice: string | null;
  /** The spec message of the last failure ('Failed to sign out'), or null. */
  error: string | null;
  /** Logs out, here and in the app's other tabs. */
  signOut(): void;
}

/** The session: status, user, notice and error, and `signOut`. */
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

/** The route guard's verdict. */
export type AccessStatus = 'verifying' | 'granted' | 'unauthenticated' | 'subscriptionRequired' | 'unavailable';

/** The route guard as components use it (see `useAccess`). */
export interface AccessView {
  /** The guard's verdict. */
  status: AccessStatus;
  /** 'Verifying access...', 'A subscription is required to access this feature', or the "checks failing" message. */
  message: string | null;
  /** Checks again (after 'unavailable'). */
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

/** Where the onboarding check stands. */
export type OnboardingStatus = 'idle' | 'checking' | 'complete' | 'incomplete' | 'skipped';

/** The onboarding check as components use it (see `useOnboarding`). */
export interface OnboardingView {
  /** Where the check stands. */
  status: OnboardingStatus;
  /** Checks again for the signed-in user on this path (for example after a route change). */
  check(pathname: string): void;
  /** The onboarding screen is finished. */
  complete(): void;
}

/** The onboarding check for the signed-in user, with `check` and `complete`. */
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

/** Where the password reset stands. */
export type PasswordResetStatus = 'noToken' | 'linkRefused' | 'ready' | 'resetting' | 'succeeded' | 'failed';

/** The password reset as components use it (see `usePasswordReset`). */
export interface PasswordResetView {
  /**
   * Where the reset stands ('noToken': the link carried no token; 'linkRefused': the service refused it, used or
   * expired; neither can set a password).
   */
  status: PasswordResetStatus;
  /** The spec message of a failed reset, or null. */
  error: string | null;
  /** Sets the new password. */
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

/** Where the sign-in or sign-up form stands. */
export type AuthFormStatus = 'idle' | 'signingIn' | 'signingUp' | 'signedIn' | 'signedUp';

/** The sign-in and sign-up form as components use it (see `useAuthForm`). */
export interface AuthFormView {
  /** Where the form stands. */
  status: AuthFormStatus;
  /** 'You must provide either an email or phone number and a password', the service's message, or the fallback. */
  error: string | null;
  /** Signs in with these credentials. */
  signIn(credentials: Credentials): void;
  /** Signs up with these credentials and name. */
  signUp(credentials: Credentials, fullName: string): void;
}

/** The sign-in and sign-up form: status, error, `signIn` and `signUp`. */
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

/** Where the admin bootstrap stands ('none': it does not run for this user). */
export type AdminBootstrapStatus = 'none' | 'working' | 'granted' | 'skipped' | 'failed';

/** The admin bootstrap as components use it (see `useAdminBootstrap`). */
export interface AdminBootstrapView {
  /** Where the bootstrap stands. */
  status: AdminBootstrapStatus;
  /** 'Failed to setup admin privileges, please try again' */
  error: string | null;
  /** Tries again after a failure. */
  retry(): void;
}

/** The admin bootstrap of the signed-in user (the configured account only): status, error, `retry`. */
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
