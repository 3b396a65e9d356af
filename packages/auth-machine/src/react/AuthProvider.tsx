import { useActorRef, useSelector } from '@xstate/react';
import { createContext, type ReactNode, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { type Actor, createActor } from 'xstate';
import type { AuthConfig } from '../config';
import { type AccessMachine, createAccessMachine } from '../machines/access';
import { type AdminBootstrapMachine, createAdminBootstrapMachine } from '../machines/adminBootstrap';
import { type AuthFormMachine, createAuthFormMachine } from '../machines/authForm';
import { createOnboardingMachine, type OnboardingMachine } from '../machines/onboarding';
import { createPasswordResetMachine, type PasswordResetMachine } from '../machines/passwordReset';
import { createSessionMachine, type SessionMachine } from '../machines/session';
import type { AuthPorts } from '../ports';

/** The machines the provider runs or hands to hooks. Tests and stories may pass their own (for example `.provide`d). */
export interface AuthMachines {
  session: SessionMachine;
  onboarding: OnboardingMachine;
  authForm: AuthFormMachine;
  access: AccessMachine;
  passwordReset: PasswordResetMachine;
  adminBootstrap: AdminBootstrapMachine;
}

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

export interface AuthContextValue {
  ports: AuthPorts;
  config: AuthConfig;
  machines: AuthMachines;
  session: Actor<SessionMachine>;
  onboarding: Actor<OnboardingMachine>;
  authForm: Actor<AuthFormMachine>;
  adminBootstrap: Actor<AdminBootstrapMachine> | null;
}

const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuthContext(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('Auth hooks must be used inside <AuthProvider>');
  return value;
}

export interface AuthProviderProps {
  /** Ports: `createSupabasePorts(client)` plus `createBrowserPorts()` plus the app's caches, navigation and toasts. */
  ports: AuthPorts;
  config: AuthConfig;
  /** Replaces the machines built from the ports (tests, stories). */
  machines?: Partial<AuthMachines>;
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
  const previousStatus = useRef(status);

  useEffect(() => {
    if (typeof window === 'undefined') return;
    const onPageHide = () => session.send({ type: 'PAGE_UNLOAD' });
    window.addEventListener('pagehide', onPageHide);
    return () => window.removeEventListener('pagehide', onPageHide);
  }, [session]);

  // Onboarding is checked when a user signs in or the signed-in user changes (not on every token refresh); right after
  // a sign-in it may also leave /login or /signup.
  useEffect(() => {
    const afterSignIn = previousStatus.current === 'signedOut';
    previousStatus.current = status;
    const current = session.getSnapshot().context.user;
    if (!signedInUserId || !current) return;
    onboarding.send({ type: 'CHECK', user: current, pathname: ports.navigation.pathname(), afterSignIn });
  }, [status, signedInUserId, onboarding, session, ports]);

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
