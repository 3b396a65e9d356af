import { ErrorBoundary, ThemeProvider, VerifyingAccess } from '@bahi/ui';
import { type ReactNode, Suspense, useContext, useEffect, useState } from 'react';
import {
  BrowserRouter,
  matchRoutes,
  Navigate,
  Outlet,
  type RouteObject,
  useLocation,
  useRoutes,
} from 'react-router-dom';
import { authStorageKey, hasStoredSession, SessionStatusContext } from '../data/auth-presence';
import { appConfig, assistantPath } from '../shared/config';
import { isAuthFragment } from './fragment';
import { PageLoading, PublicLayout } from './layouts';
import { type LazyPage, lazyPage, retryFailedPages } from './lazy-page';
import { pageTitle } from './page-title';
import { FEATURE_SLUGS, LEGAL_SLUGS } from './public-routes';

// Every page loads on demand (spec §2), retried once after 1 s.
const marketing = () => import('../marketing/marketing-page');
const auth = () => import('../auth/auth-page');
const Landing = lazyPage(marketing, (m) => m.LandingRoute);
const FeaturesIndex = lazyPage(marketing, (m) => m.FeaturesIndexRoute);
const Feature = lazyPage(marketing, (m) => m.FeatureRoute);
const Legal = lazyPage(marketing, (m) => m.LegalRoute);
const NotFoundPage = lazyPage(marketing, (m) => m.NotFoundRoute);
const Login = lazyPage(auth, (m) => m.LoginPage);
const Signup = lazyPage(auth, (m) => m.SignupPage);
const ForgotPassword = lazyPage(auth, (m) => m.ForgotPasswordPage);
const VerifyEmail = lazyPage(auth, (m) => m.VerifyEmailPage);
const ResetPassword = lazyPage(auth, (m) => m.ResetPasswordPage);
const Onboarding = lazyPage(() => import('../onboarding/onboarding-page'));
const Subscription = lazyPage(() => import('../subscription/subscription-page'));
const Profile = lazyPage(() => import('../profile/profile-page'));
const Admin = lazyPage(() => import('../admin/admin-page'));
const Dashboard = lazyPage(() => import('../dashboard/dashboard-page'));
const Trades = lazyPage(() => import('../trades/trades-page'));
const TradeReview = lazyPage(() => import('../trades/trade-review-page'));
const TradeForm = lazyPage(() => import('../trade-form/trade-form-page'));
const Calendar = lazyPage(() => import('../calendar/calendar-page'));
const Analytics = lazyPage(() => import('../analytics/analytics-page'));
const Assistant = lazyPage(() => import('../assistant/assistant-page'));
const Notebook = lazyPage(() => import('../notebook/notebook-page'));
const Funds = lazyPage(() => import('../funds/funds-page'));
const Tax = lazyPage(() => import('../tax/tax-page'));
const PositionSizing = lazyPage(() => import('../position-sizing/position-sizing-page'));
const Gallery = lazyPage(() => import('../gallery/gallery-page'));
const Playbooks = lazyPage(() => import('../playbooks/playbooks-page'));
const PlaybookForm = lazyPage(() => import('../playbooks/playbook-form-page'));

/** The journal areas: each path and its page. */
const AREAS: Array<[string, LazyPage<object>]> = [
  ['/trades', Trades],
  ['/trades/:id', TradeReview],
  ['/trade-form/:id?', TradeForm],
  ['/calendar', Calendar],
  ['/analytics', Analytics],
  [assistantPath, Assistant],
  ['/notebook', Notebook],
  ['/funds', Funds],
  ['/tax', Tax],
  ['/position-sizing', PositionSizing],
  ['/gallery', Gallery],
  ['/playbooks', Playbooks],
  ['/playbook/create', PlaybookForm],
  ['/playbook/edit/:id', PlaybookForm],
];

// supabase-js, the auth machines and the query cache load on demand too (auth-app.tsx): a visitor reading the
// public marketing pages without a stored session never needs them.
const loadAuthApp = () => import('./auth-app');
const AuthApp = lazyPage<{ children: ReactNode }>(() => loadAuthApp().then((m) => ({ default: m.AuthApp })));
// The guard, the second factor and the signed-in shell: only guarded pages load them (not /login, /signup).
const ProtectedLayout = lazyPage<{ shell?: boolean }>(() =>
  import('./protected-layout').then((m) => ({ default: m.ProtectedLayout })),
);

/**
 * A page other than a marketing one shows only once the auth module runs (and a guarded one once the access check,
 * 300 ms and its round trips, has passed): after a navigation its code loads right after the auth module's, not in
 * its way, and not only when the page first renders. (On the first load `firstRenderReady` fetches both at once.)
 */
function preloadAfterAuth(preload: () => Promise<void>): void {
  void loadAuthApp().then(preload, preload);
}

/** What a route tells the root: a public marketing page, a guarded layout, the page code to fetch early. */
interface RouteHandle {
  marketing?: true;
  guarded?: true;
  preload?: () => Promise<void>;
}

/** A public marketing page: no auth needed unless a session is stored. */
const marketingPage = (element: ReactNode) => ({ element, handle: { marketing: true } satisfies RouteHandle });
/** Any other page: its code is fetched as soon as the route matches and the auth module is there. */
const page = (element: ReactNode, preload: () => Promise<void>) => ({
  element,
  handle: { preload } satisfies RouteHandle,
});
const GUARDED = { guarded: true } satisfies RouteHandle;

const sessionKey = authStorageKey(appConfig.supabaseUrl);

/** A URL that supabase-js must read (an auth fragment, or a PKCE code or error in the query). */
function carriesAuth({ hash, search }: { hash: string; search: string }): boolean {
  const query = new URLSearchParams(search);
  return isAuthFragment(hash) || query.has('code') || query.has('error_description');
}

/**
 * Loads the auth module for any page but a marketing one, and for those too when a session is stored (the landing
 * page's redirect, token refresh, onboarding) or the URL carries auth parameters. Once loaded it stays mounted.
 */
function useAuthNeeded(handles: RouteHandle[], location: { hash: string; search: string }): boolean {
  const wanted =
    !handles.some((h) => h.marketing) || hasStoredSession(globalThis.localStorage, sessionKey) || carriesAuth(location);
  const [needed, setNeeded] = useState(wanted);
  if (wanted && !needed) setNeeded(true);
  return needed || wanted;
}

function Root() {
  const location = useLocation();
  const { pathname } = location;
  const handles = (matchRoutes(routes, location) ?? []).map((m) => (m.route.handle ?? {}) as RouteHandle);
  useEffect(() => {
    document.title = pageTitle(pathname, appConfig.productName);
  }, [pathname]);
  // Such a page waits for the auth module and, if guarded, the access check: fetch its code meanwhile, not after.
  const preload = handles.find((h) => h.preload)?.preload;
  const guarded = handles.some((h) => h.guarded);
  useEffect(() => {
    if (preload) preloadAfterAuth(preload);
  }, [preload]);
  useEffect(() => {
    if (guarded) void ProtectedLayout.preload();
  }, [guarded]);

  const authNeeded = useAuthNeeded(handles, location);
  if (!authNeeded) return <Outlet />;
  // Until the auth module is there, a marketing page shows as it is, a guarded one 'Verifying access...'.
  const fallback = handles.some((h) => h.marketing) ? (
    <Outlet />
  ) : handles.some((h) => h.guarded) ? (
    <VerifyingAccess />
  ) : (
    <PageLoading />
  );
  return (
    <ErrorBoundary onReset={retryFailedPages}>
      <Suspense fallback={fallback}>
        <AuthApp>
          <Outlet />
        </AuthApp>
      </Suspense>
    </ErrorBoundary>
  );
}

/** The protected layout, once the auth module runs (it is loaded whenever a guarded page shows). */
function Protected({ shell }: { shell?: boolean }) {
  const status = useContext(SessionStatusContext);
  return status ? <ProtectedLayout shell={shell} /> : <VerifyingAccess />;
}

export const routes: RouteObject[] = [
  {
    element: <Root />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          { path: '/', ...marketingPage(<Landing />) },
          { path: '/login', ...page(<Login />, Login.preload) },
          { path: '/signup', ...page(<Signup />, Signup.preload) },
          { path: '/forgot-password', ...page(<ForgotPassword />, ForgotPassword.preload) },
          { path: '/verify-email', ...page(<VerifyEmail />, VerifyEmail.preload) },
          { path: '/reset-password', ...page(<ResetPassword />, ResetPassword.preload) },
          { path: '/features', ...marketingPage(<FeaturesIndex />) },
          ...FEATURE_SLUGS.map((slug) => ({ path: `/features/${slug}`, ...marketingPage(<Feature slug={slug} />) })),
          ...LEGAL_SLUGS.map((slug) => ({ path: `/${slug}`, ...marketingPage(<Legal slug={slug} />) })),
          { path: '*', ...marketingPage(<NotFoundPage />) },
        ],
      },
      {
        element: <Protected shell={false} />,
        handle: GUARDED,
        children: [{ path: '/onboarding', ...page(<Onboarding />, Onboarding.preload) }],
      },
      {
        element: <Protected />,
        handle: GUARDED,
        children: [
          { path: '/subscription', ...page(<Subscription />, Subscription.preload) },
          { path: '/profile', ...page(<Profile />, Profile.preload) },
          { path: '/admin', ...page(<Admin />, Admin.preload) },
          { path: '/dashboard', ...page(<Dashboard />, Dashboard.preload) },
          ...AREAS.map(([path, Page]) => ({ path, ...page(<Page />, Page.preload) })),
          // The ui shell's navigation links to /Bahi-AI; under another product name that is the assistant too.
          ...(assistantPath === '/Bahi-AI'
            ? []
            : [{ path: '/Bahi-AI', element: <Navigate to={assistantPath} replace /> }]),
        ],
      },
    ],
  },
];

/**
 * Settles when the first render may start: at once on a marketing page, and after the auth module (and on a guarded
 * page the protected layout, on another the page itself) has loaded on any other (which cannot show anything before
 * it). React would otherwise show the fallback and then hold the loaded module back for up to 300 ms (its Suspense
 * throttle), and the session and the access check would wait with it. The page's code is fetched alongside: on a slow
 * connection each round of requests that waits for the one before costs a round trip.
 */
export function firstRenderReady(): Promise<void> {
  const matches = matchRoutes(routes, window.location) ?? [];
  const handles = matches.map((m) => (m.route.handle ?? {}) as RouteHandle);
  if (handles.some((h) => h.marketing)) return Promise.resolve();
  const page = handles.find((h) => h.preload)?.preload?.();
  // A guarded page shows 'Verifying access...' first: its code is needed only after the access check.
  const shown = handles.some((h) => h.guarded) ? ProtectedLayout.preload() : page;
  return Promise.all([AuthApp.preload(), shown]).then(() => undefined);
}

function AppRoutes() {
  return useRoutes(routes);
}

// The declarative router: the app uses no loaders, actions or fetchers, so the data router's code (about a third
// of the landing page's JavaScript budget) would ship for nothing.
export function App() {
  return (
    // The rest of ui's AppProviders (tooltips, the toast viewport) comes with the auth module: only its pages use them.
    <ThemeProvider>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </ThemeProvider>
  );
}
