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
