// The one source of the app's Content-Security-Policy and response headers. The hosts' header files
// (`_headers` for Netlify and Cloudflare Pages, `vercel.json` for Vercel) are generated from it at build time,
// because the Supabase URL, and with it the policy, differs per deployment.

/** Razorpay Checkout.js, per Razorpay's own CSP allow-list (razorpay/razorpay-magento, etc/csp_whitelist.xml). */
export const RAZORPAY = {
  /** checkout.js itself, and the risk-detection bundle it loads from the CDN. */
  scripts: ['https://checkout.razorpay.com', 'https://cdn.razorpay.com'],
  /** The payment window is an iframe on api.razorpay.com. */
  frames: ['https://api.razorpay.com', 'https://checkout.razorpay.com'],
  /** checkout.js reports events to lumberjack. */
  connect: ['https://lumberjack.razorpay.com', 'https://lumberjack-metrics.razorpay.com'],
  images: ['https://cdn.razorpay.com'],
} as const;

export interface PolicyOptions {
  /** VITE_SUPABASE_URL: auth, data, functions and storage (signed gallery URLs) all live on its origin. */
  supabaseUrl: string;
  /**
   * `razorpay`: Checkout.js (a real test or live key id). `sandbox`: the local stack's stand-in payment window,
   * which is an iframe on the Supabase URL's origin, so it needs no host beyond the Supabase allowance.
   */
  checkout: 'razorpay' | 'sandbox';
  /** Supabase Realtime (a WebSocket on the same host). The app subscribes to no channel today. */
  realtime?: boolean;
}

/** The origin of an http(s) URL, for a CSP source expression (a path would narrow it to one path). */
function originOf(url: string): string {
  const parsed = new URL(url);
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
    throw new Error(`Not an http(s) URL: "${url}".`);
  }
  return parsed.origin;
}

function serialize(directives: Record<string, string[]>): string {
  return Object.entries(directives)
    .map(([name, sources]) => [name, ...sources].join(' '))
    .join('; ');
}

/**
 * The Content-Security-Policy for the built app: its own scripts and styles only (no inline script, no eval),
 * the Supabase origin for the API, images and (sandbox) the payment window, Razorpay's hosts for Checkout.js,
 * and no framing by anyone.
 */
export function contentSecurityPolicy({ supabaseUrl, checkout, realtime = false }: PolicyOptions): string {
  const supabase = originOf(supabaseUrl);
  const razorpay = checkout === 'razorpay';
  const websocket = supabase.replace(/^http/, 'ws');
  return serialize({
    'default-src': ["'self'"],
    'script-src': ["'self'", ...(razorpay ? RAZORPAY.scripts : [])],
    // 'unsafe-inline' for <style> elements: Radix's scroll lock (react-remove-scroll, under Dialog, AlertDialog and
    // Select) inserts one with a computed gap, and Razorpay's checkout.js one with its spinner keyframes. Measured in
    // Chromium (e2e/csp.spec.ts): without it, opening a dialog is a style-src-elem violation. A static host cannot
    // give a per-response nonce, and the content varies, so no hash fits. Style *attributes* set from script (React's
    // `style` prop, e.g. chart tooltips) go through the CSSOM, which CSP does not govern: no violation without it.
    'style-src': ["'self'", "'unsafe-inline'"],
    // data: for the TOTP QR code (an SVG data: URL) and the favicon; blob: for local previews of an image to upload.
    'img-src': ["'self'", 'data:', 'blob:', supabase, ...(razorpay ? RAZORPAY.images : [])],
    'font-src': ["'self'"],
    'connect-src': ["'self'", supabase, ...(realtime ? [websocket] : []), ...(razorpay ? RAZORPAY.connect : [])],
    'frame-src': razorpay ? [...RAZORPAY.frames] : [supabase],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    // The app's forms are handled in script; Checkout.js may post a form to Razorpay for bank redirects.
    'form-action': ["'self'", ...(razorpay ? ['https://api.razorpay.com'] : [])],
    'frame-ancestors': ["'none'"],
  });
}

/** Headers every response gets (the HTML shell and the assets). */
export function securityHeaders(options: PolicyOptions): Record<string, string> {
  const payment =
    options.checkout === 'razorpay'
      ? `payment=(self ${RAZORPAY.frames.map((origin) => `"${origin}"`).join(' ')})`
      : 'payment=()';
  return {
    'Content-Security-Policy': contentSecurityPolicy(options),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Permissions-Policy': `camera=(), microphone=(), geolocation=(), usb=(), ${payment}`,
    // For browsers that predate frame-ancestors.
    'X-Frame-Options': 'DENY',
  };
}

/** index.html must be revalidated on every visit, so a deploy reaches open tabs on their next load. */
export const HTML_CACHE = 'no-cache';
/** Vite names everything under /assets/ by content hash: a changed file gets a new name. */
export const ASSET_CACHE = 'public, max-age=31536000, immutable';

/**
 * `_headers` for Netlify and Cloudflare Pages. No header is set by two rules that can match the same path:
 * Cloudflare joins such values with a comma (which would corrupt Cache-Control). SPA routes served from the
 * fallback get the hosts' default for HTML (`max-age=0, must-revalidate`), which is equivalent to no-cache.
 */
export function netlifyHeaders(options: PolicyOptions): string {
  const block = (path: string, headers: Record<string, string>) =>
    [path, ...Object.entries(headers).map(([name, value]) => `  ${name}: ${value}`)].join('\n');
  return `${[
    '# Generated by apps/journal/hosting at build time from the VITE_* settings. Do not edit.',
    block('/*', securityHeaders(options)),
    block('/', { 'Cache-Control': HTML_CACHE }),
    block('/index.html', { 'Cache-Control': HTML_CACHE }),
    block('/assets/*', { 'Cache-Control': ASSET_CACHE }),
  ].join('\n\n')}\n`;
}

/** Any path outside /assets/ (a missing hashed file should be a 404, not the HTML shell). */
const OUTSIDE_ASSETS = '/((?!assets/).*)';

/** `vercel.json` for Vercel: the SPA fallback, the same headers and the same cache rules. */
export function vercelConfig(options: PolicyOptions) {
  const list = (headers: Record<string, string>) => Object.entries(headers).map(([key, value]) => ({ key, value }));
  return {
    $schema: 'https://openapi.vercel.sh/vercel.json',
    cleanUrls: false,
    trailingSlash: false,
    rewrites: [{ source: OUTSIDE_ASSETS, destination: '/index.html' }],
    headers: [
      { source: '/(.*)', headers: list(securityHeaders(options)) },
      { source: '/assets/(.*)', headers: list({ 'Cache-Control': ASSET_CACHE }) },
      { source: OUTSIDE_ASSETS, headers: list({ 'Cache-Control': HTML_CACHE }) },
    ],
  };
}
