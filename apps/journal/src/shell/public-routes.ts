// The public pages' paths, shared by the router (app.tsx) and the build's robots.txt and sitemap.xml (hosting/seo.ts),
// so that a new marketing page is listed for search engines where it is routed. Plain data: the config loader reads it.

export const FEATURE_SLUGS = ['ai-assistant', 'playbooks', 'emotions', 'time', 'trade-entry', 'calculator'] as const;
export const LEGAL_SLUGS = ['terms', 'privacy', 'shipping', 'refund', 'contact'] as const;

/** The pages a search engine may list: the marketing and legal pages, and the way in. */
export const INDEXABLE_PATHS: readonly string[] = [
  '/',
  '/features',
  ...FEATURE_SLUGS.map((slug) => `/features/${slug}`),
  ...LEGAL_SLUGS.map((slug) => `/${slug}`),
  '/signup',
  '/login',
];

/** The ways in: each needs the auth module, none the signed-in layout. */
const AUTH_PATHS: readonly string[] = ['/login', '/signup', '/forgot-password', '/verify-email', '/reset-password'];

/**
 * What kind of page `pathname` is: a marketing or legal page, a way in (sign-in, sign-up, password reset), or any
 * other (a guarded page; an unknown path shows the not-found page).
 */
export function pageKind(pathname: string): 'marketing' | 'auth' | 'other' {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (AUTH_PATHS.includes(path)) return 'auth';
  return INDEXABLE_PATHS.includes(path) ? 'marketing' : 'other';
}
