import { useActorRef, useSelector } from '@xstate/react';
import { createContext, type ReactNode, useContext, useEffect, useMemo, useState } from 'react';
import { type Actor, createActor } from 'xstate';
import type { AuthConfig } from '../config.ts';
import { type AccessMachine, createAccessMachine } from '../machines/access.ts';
import { type AdminBootstrapMachine, createAdminBootstrapMachine } from '../machines/adminBootstrap.ts';
import { type AuthFormMachine, createAuthFormMachine } from '../machines/authForm.ts';
import { createOnboardingMachine, type OnboardingMachine } from '../machines/onboarding.ts';
import { createPasswordResetMachine, type PasswordResetMachine } from '../machines/passwordReset.ts';
import { createSessionMachine, type SessionMachine } from '../machines/session.ts';
import type { AuthPorts } from '../ports.ts';

/** The machines the provider runs or hands to hooks. Tests and stories may pass their own (for example `.provide`d). */
export interface AuthMachines {
  /** The session machine. */
  session: SessionMachine;
  /** The onboarding machine. */
  onboarding: OnboardingMachine;
  /** The sign-in and sign-up form machine. */
  authForm: AuthFormMachine;
  /** The access (route guard) machine; `useAccess` runs one per guarded route. */
  access: AccessMachine;
  /** The password reset machine; `usePasswordReset` runs it. */
  passwordReset: PasswordResetMachine;
  /** The admin bootstrap machine. */
  adminBootstrap: AdminBootstrapMachine;
}

/** Every machine of the package, built from the same ports and config. */
export function createAuthMachines(ports: AuthPorts, config: AuthConfig): AuthMachines {
  return {
    session: createSessionMachine(ports),
    onboarding: createOnboardingMachine(ports),
    authForm: createAuthFormMachine(ports, config),
    access: createAccessMachine(ports),
    passwordReset: createPasswordResetMachine(ports),
    adminBootstrap: createAdminBootstrapMachine(ports, config),
  };
}

/** What `AuthProvider` shares with the hooks. */
export interface AuthContextValue {
  /** The ports the machines were built from. */
  ports: AuthPorts;
  /** The app's auth settings. */
  config: AuthConfig;
  /** The machines (built, or replaced through `AuthProviderProps.machines`). */
  machines: AuthMachines;
  /** The running session actor. */
  session: Actor<SessionMachine>;
  /** The running onboarding actor. */
  onboarding: Actor<OnboardingMachine>;
  /** The running sign-in and sign-up form actor. */
  authForm: Actor<AuthFormMachine>;
  /** The running admin bootstrap actor, or null when none runs for the user. */
  adminBootstrap: Actor<AdminBootstrapMachine> | null;
}

const AuthContext = createContext<AuthContextValue | null>(null);

/** The provider's value; throws outside `AuthProvider`. */
export function useAuthContext(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('Auth hooks must be used inside <AuthProvider>');
  return value;
}

/** Props of `AuthProvider`. */
export interface AuthProviderProps {
  /** Ports: `createSupabasePorts(client)` plus `createBrowserPorts()` plus the app's caches, navigation and toasts. */
  ports: AuthPorts;
  /** The app's auth settings (site URL, redirect origins, bootstrap admin email). */
  config: AuthConfig;
  /** Replaces the machines built from the ports (tests, stories). */
  machines?: Partial<AuthMachines>;
  /** The app. */
  children?: ReactNode;
}

/**
 * Runs the session, onboarding and sign-in/sign-up machines for the app, records page unloads (for the reload
 * refresh), checks onboarding after each sign-in, and runs the admin bootstrap once per signed-in user and load.
 */
export function AuthProvider({ ports, config, machines: overrides, children }: AuthProviderProps) {
  const [machines] = useState(() => ({ ...createAuthMachines(ports, config), ...overrides }));
  const session = useActorRef(machines.session);
  const onboarding = useActorRef(machines.onboarding);
  const authForm = useActorRef(machines.authForm);
  const [adminBootstrap, setAdminBootstrap] = useState<Actor<AdminBootstrapMachine> | null>(null);

  const status = useSelector(session, (s) => (typeof s.value === 'string' ? s.value : Object.keys(s.value)[0]));
  const userId = useSelector(session, (s) => s.context.user?.id);
  const signedInUserId = status === 'signedIn' ? userId : undefined;

  useEffect(() => {
    if (typeof window === 'undefined') return;
    const onPageHide = () => session.send({ type: 'PAGE_UNLOAD' });
    window.addEventListener('pagehide', onPageHide);
    return () => window.removeEventListener('pagehide', onPageHide);
  }, [session]);

  // Onboarding is checked when a user signs in or the signed-in user changes (not on every token refresh); on /login
  // or /signup that also takes a completed user on to /dashboard.
  useEffect(() => {
    const current = session.getSnapshot().context.user;
    if (!signedInUserId || !current) return;
    onboarding.send({ type: 'CHECK', user: current, pathname: ports.navigation.pathname() });
  }, [signedInUserId, onboarding, session, ports]);

  // The admin bootstrap, once per signed-in user on this load.
  useEffect(() => {
    const current = session.getSnapshot().context.user;
    if (!signedInUserId || !current) {
      setAdminBootstrap(null);
      return;
    }
    const actor = createActor(machines.adminBootstrap, { input: { user: current } }).start();
    setAdminBootstrap(actor);
    return () => {
      actor.stop();
    };
  }, [signedInUserId, machines.adminBootstrap, session]);

  const value = useMemo<AuthContextValue>(
    () => ({ ports, config, machines, session, onboarding, authForm, adminBootstrap }),
    [ports, config, machines, session, onboarding, authForm, adminBootstrap],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
