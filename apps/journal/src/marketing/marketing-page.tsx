import { PLANS } from '@bahi/billing';
import {
  FeaturePage,
  type FeatureSlug,
  FeaturesIndexPage,
  featureBySlug,
  LandingPage,
  LegalPage,
  type LegalSlug,
  legalBySlug,
  NotFound,
} from '@bahi/ui';
import { useContext, useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { SessionStatusContext } from '../data/auth-presence';
import { usePageDescription } from '../shell/page-description';

/** Session storage key: the landing page has already sent this signed-in tab to the dashboard. */
export const LANDING_REDIRECT_KEY = 'landingRedirected';

/**
 * Spec §2: a logged-in user who opens / is sent to /dashboard once per browser session. The status is null until
 * the auth module has loaded, which it does only when a session is stored (app.tsx): nobody else can be signed in.
 * Render only reads the flag; it is written when the navigation happens. A render may run twice (React's StrictMode in
 * development) or be dropped, and a flag written there would be spent on a render that never sent anyone anywhere.
 */
export function LandingRoute() {
  usePageDescription();
  const status = useContext(SessionStatusContext);
  const navigate = useNavigate();
  const redirect = status === 'signedIn' && sessionStorage.getItem(LANDING_REDIRECT_KEY) !== 'true';
  useEffect(() => {
    if (!redirect) return;
    sessionStorage.setItem(LANDING_REDIRECT_KEY, 'true');
    navigate('/dashboard', { replace: true });
  }, [redirect, navigate]);
  return redirect ? null : <LandingPage plans={PLANS} />;
}

export function FeaturesIndexRoute() {
  usePageDescription();
  return <FeaturesIndexPage />;
}

export function FeatureRoute({ slug }: { slug: FeatureSlug }) {
  usePageDescription();
  return <FeaturePage feature={featureBySlug(slug)} />;
}

export function LegalRoute({ slug }: { slug: LegalSlug }) {
  usePageDescription();
  return <LegalPage doc={legalBySlug(slug)} plans={PLANS} />;
}

export function NotFoundRoute() {
  return <NotFound />;
}
