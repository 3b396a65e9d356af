import { type AuthConfig, type AuthPorts, createAccessMachine, createBrowserPorts } from '@bahi/auth-machine';
import { AuthProvider } from '@bahi/auth-machine/react';
import { createSupabasePorts } from '@bahi/auth-machine/supabase';
import { toast } from '@bahi/ui';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { dataCache } from '../data/data-cache';
import { supabase } from '../data/supabase';
import { appConfig } from '../shared/config';

/** Reset links may only lead back to the configured origins (production, development, local ports). */
export function authConfig(origin: string): AuthConfig {
  return {
    siteUrl: origin,
    redirectOrigins: { local: appConfig.resetAllowedOrigins },
    bootstrapAdminEmail: appConfig.bootstrapAdminEmail,
  };
}

/** The auth machines wired to supabase-js, the browser, the query cache, the router and the toasts. */
export function AuthRoot({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const location = useLocation();
  const pathname = useRef(location.pathname);
  pathname.current = location.pathname;
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;

  // Built once: AuthProvider creates its machines from the first ports it gets.
  const [ports] = useState<AuthPorts>(() => ({
    ...createSupabasePorts(supabase),
    ...createBrowserPorts(),
    caches: { clear: () => dataCache.clear() },
    navigation: {
      pathname: () => pathname.current,
      navigate: (to, options) => navigateRef.current(to, options),
      reload: () => window.location.reload(),
    },
    notifier: { info: (m) => toast.info(m), error: (m) => toast.error(m) },
  }));
  // A protected page without a user shows the spec's 'Secure Content' panel (with Login and Sign Up links) instead
  // of leaving for /login straight away.
  const [machines] = useState(() => ({
    access: createAccessMachine(ports).provide({ actions: { goToLogin: () => undefined } }),
  }));

  // A changed user (name, password, second factor) is read again once the data refresh delay has passed.
  useEffect(() => {
    let cancel: (() => void) | undefined;
    const { data } = supabase.auth.onAuthStateChange((event) => {
      if (event !== 'USER_UPDATED' && event !== 'MFA_CHALLENGE_VERIFIED') return;
      cancel?.();
      cancel = dataCache.refreshSoon();
    });
    return () => {
      cancel?.();
      data.subscription.unsubscribe();
    };
  }, []);

  return (
    <AuthProvider ports={ports} config={authConfig(window.location.origin)} machines={machines}>
      {children}
    </AuthProvider>
  );
}
