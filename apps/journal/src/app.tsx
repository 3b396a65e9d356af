import { AppProviders } from '@bahi/ui';
import { QueryClientProvider } from '@tanstack/react-query';
import { type ComponentType, useEffect, useState } from 'react';
import { createBrowserRouter, Navigate, Outlet, type RouteObject, RouterProvider, useLocation } from 'react-router-dom';
import { AuthRoot } from './auth-root';
import { appConfig, assistantPath } from './config';
import { ProtectedLayout, PublicLayout } from './layouts';
import { lazyPage } from './lazy-page';
import { pageTitle } from './page-title';
import { createQueryClient } from './query-client';

// Every page loads on demand (spec §2), retried once after 1 s.
/** A page that is a named export of a lazily loaded module. */
function named<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  return lazyPage<P>(() => load().then((component) => ({ default: component })));
}

const marketing = () => import('./pages/marketing');
const auth = () => import('./pages/auth');
const journal = () => import('./pages/journal');
const Landing = named(() => marketing().then((m) => m.LandingRoute));
const FeaturesIndex = named(() => marketing().then((m) => m.FeaturesIndexRoute));
const Feature = named(() => marketing().then((m) => m.FeatureRoute));
const Legal = named(() => marketing().then((m) => m.LegalRoute));
const NotFoundPage = named(() => marketing().then((m) => m.NotFoundRoute));
const Login = named(() => auth().then((m) => m.LoginPage));
const Signup = named(() => auth().then((m) => m.SignupPage));
const ForgotPassword = named(() => auth().then((m) => m.ForgotPasswordPage));
const VerifyEmail = named(() => auth().then((m) => m.VerifyEmailPage));
const ResetPassword = named(() => auth().then((m) => m.ResetPasswordPage));
const Onboarding = lazyPage(() => import('./pages/onboarding'));
const Subscription = lazyPage(() => import('./pages/subscription'));
const Profile = lazyPage(() => import('./pages/profile'));
const Admin = lazyPage(() => import('./pages/admin'));
const Dashboard = lazyPage(() => import('./pages/dashboard'));
const Area = named(() => journal().then((m) => m.AreaRoute));

const LEGAL = ['terms', 'privacy', 'shipping', 'refund', 'contact'] as const;
const FEATURES = ['ai-assistant', 'playbooks', 'emotions', 'time', 'trade-entry', 'calculator'] as const;
const AREAS = [
  '/trades',
  '/trade-form/:id?',
  '/calendar',
  '/analytics',
  assistantPath,
  '/notebook',
  '/funds',
  '/position-sizing',
  '/gallery',
  '/playbooks',
  '/playbook/create',
  '/playbook/edit/:id',
] as const;

function Root() {
  const { pathname } = useLocation();
  useEffect(() => {
    document.title = pageTitle(pathname, appConfig.productName);
  }, [pathname]);
  return (
    <AuthRoot>
      <Outlet />
    </AuthRoot>
  );
}

export const routes: RouteObject[] = [
  {
    element: <Root />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          { path: '/', element: <Landing /> },
          { path: '/login', element: <Login /> },
          { path: '/signup', element: <Signup /> },
          { path: '/forgot-password', element: <ForgotPassword /> },
          { path: '/verify-email', element: <VerifyEmail /> },
          { path: '/reset-password', element: <ResetPassword /> },
          { path: '/features', element: <FeaturesIndex /> },
          ...FEATURES.map((slug) => ({ path: `/features/${slug}`, element: <Feature slug={slug} /> })),
          ...LEGAL.map((slug) => ({ path: `/${slug}`, element: <Legal slug={slug} /> })),
          { path: '*', element: <NotFoundPage /> },
        ],
      },
      { element: <ProtectedLayout shell={false} />, children: [{ path: '/onboarding', element: <Onboarding /> }] },
      {
        element: <ProtectedLayout />,
        children: [
          { path: '/subscription', element: <Subscription /> },
          { path: '/profile', element: <Profile /> },
          { path: '/admin', element: <Admin /> },
          { path: '/dashboard', element: <Dashboard /> },
          ...AREAS.map((path) => ({ path, element: <Area /> })),
          // The ui shell's navigation links to /Bahi-AI; under another product name that is the assistant too.
          ...(assistantPath === '/Bahi-AI'
            ? []
            : [{ path: '/Bahi-AI', element: <Navigate to={assistantPath} replace /> }]),
        ],
      },
    ],
  },
];

export function App() {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(() => createBrowserRouter(routes));
  return (
    <QueryClientProvider client={queryClient}>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </QueryClientProvider>
  );
}
