// A Vite plugin that writes the static hosts' header files into the build output, from the same VITE_* settings
// the app is built with: `_headers` (Netlify, Cloudflare Pages) and `vercel.json` (Vercel, when the built folder
// is what gets deployed). The SPA fallback for Netlify lives in the root netlify.toml; Cloudflare Pages serves
// index.html for unknown paths by itself when there is no 404.html.
import { loadEnv, type Plugin } from 'vite';
import { readAppConfig } from '../src/shared/app-config.ts';
import { netlifyHeaders, type PolicyOptions, vercelConfig } from './csp.ts';
import { robotsTxt, type SeoOptions, sitemapXml, siteOrigin } from './seo.ts';

export const HOSTING_PLUGIN_NAME = 'bahi:hosting-files';

/**
 * The same rule as src/subscription/billing-choice.ts (`usesSandboxCheckout`), which cannot be imported here: its module pulls
 * in @bahi/billing's TypeScript source, which the config loader does not compile. hosting/csp.test.ts checks that
 * both agree.
 */
export function checkoutKind(razorpayKeyId: string | undefined): PolicyOptions['checkout'] {
  return !razorpayKeyId || /^rzp_test_\w*(sandbox|local)/.test(razorpayKeyId) ? 'sandbox' : 'razorpay';
}

/** The policy's inputs from the build's environment (already checked by vite.config.ts's config check). */
export function policyOptionsFromEnv(env: Record<string, string | undefined>): PolicyOptions {
  const config = readAppConfig(env);
  return { supabaseUrl: config.supabaseUrl, checkout: checkoutKind(config.razorpayKeyId) };
}

/** robots.txt's and the sitemap's inputs from the build's environment (VITE_SITE_URL is read here only). */
export function seoOptionsFromEnv(env: Record<string, string | undefined>): SeoOptions {
  return { siteOrigin: siteOrigin(env.VITE_SITE_URL, readAppConfig(env).resetAllowedOrigins) };
}

/** The files the plugin adds to the build output, by file name. */
export function hostingFiles(options: PolicyOptions, seo?: SeoOptions): Record<string, string> {
  return {
    _headers: netlifyHeaders(options),
    'vercel.json': `${JSON.stringify(vercelConfig(options), null, 2)}\n`,
    ...(seo ? { 'robots.txt': robotsTxt(seo), 'sitemap.xml': sitemapXml(seo) } : {}),
  };
}

// Shared across module instances (vite.config.ts is bundled apart from a test that adds the plugin too), so a
// second copy of the plugin in one build stays silent.
const registry = globalThis as { __bahiHostingFilesClaimed?: WeakSet<object> };
registry.__bahiHostingFilesClaimed ??= new WeakSet<object>();
const claimed = registry.__bahiHostingFilesClaimed;

export function hostingHeaders(): Plugin {
  let options: PolicyOptions | undefined;
  let seo: SeoOptions | undefined;
  return {
    name: HOSTING_PLUGIN_NAME,
    apply: 'build',
    configResolved(config) {
      if (claimed.has(config)) return;
      claimed.add(config);
      const env = loadEnv(config.mode, config.envDir || config.root, 'VITE_');
      options = policyOptionsFromEnv(env);
      seo = seoOptionsFromEnv(env);
    },
    generateBundle() {
      if (!options) return;
      for (const [fileName, source] of Object.entries(hostingFiles(options, seo))) {
        this.emitFile({ type: 'asset', fileName, source });
      }
    },
  };
}
