import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { authStorageKey, hasStoredSession } from './data/auth-presence';
import { AppConfigError, readAppConfig } from './shared/app-config';
import { recordBootLocation } from './shell/boot-location';
import { fragmentRedirect } from './shell/fragment';
import { pageKind } from './shell/public-routes';
import { showStartupError } from './shell/startup-error';

const root = document.getElementById('root')!;

/**
 * Opens the connection to the Supabase API while the app's code downloads: the first request (the session, the
 * access check) waits for the auth module, and would otherwise open it then. CORS requests without credentials use
 * the anonymous connection pool, hence `crossOrigin`.
 */
function preconnect(url: string) {
  const link = document.createElement('link');
  link.rel = 'preconnect';
  link.href = new URL(url).origin;
  link.crossOrigin = 'anonymous';
  document.head.append(link);
}

function start(supabaseUrl: string) {
  // Before supabase-js reads the URL (it does when ./auth-app creates the client): an auth fragment on / belongs to
  // /reset-password (spec §2).
  const redirect = fragmentRedirect(window.location);
  if (redirect) window.history.replaceState(null, '', redirect);
  recordBootLocation(window.location);

  import('./shell/app').then(
    async ({ App, firstRenderReady }) => {
      await firstRenderReady();
      createRoot(root).render(
        <StrictMode>
          <App />
        </StrictMode>,
      );
    },
    () =>
      showStartupError(root, 'Bahi could not load', [
        'Part of the app failed to download. Check your connection and reload the page.',
      ]),
  );

  // Fetch alongside the app's code (after it: the app's code comes first) what the page will need before it shows,
  // rather than once the app's code runs: on a slow connection each round of requests costs a round trip. The auth
  // module (supabase-js, the machines) serves any page but a marketing one, and those too when a session is stored;
  // a way in needs its form, a guarded page the signed-in layout. Without a session, marketing pages never load it.
  const kind = pageKind(window.location.pathname);
  const session = hasStoredSession(window.localStorage, authStorageKey(supabaseUrl));
  const early = (load: () => Promise<unknown>) => void load().catch(() => undefined);
  if (kind !== 'marketing' || session) {
    preconnect(supabaseUrl);
    early(() => import('./shell/auth-app'));
  }
  if (kind === 'auth') early(() => import('./auth/auth-page'));
  if (kind === 'other' && session) early(() => import('./shell/protected-layout'));
}

// vite.config.ts refuses to build without a valid configuration; this catches a build served with a stale or edited
// one, which would otherwise throw while the modules load and leave the page blank.
try {
  start(readAppConfig(import.meta.env).supabaseUrl);
} catch (error) {
  if (!(error instanceof AppConfigError)) throw error;
  showStartupError(root, 'Bahi is not configured correctly', error.problems);
}
