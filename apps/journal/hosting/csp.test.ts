import { describe, expect, it } from 'vitest';
import { usesSandboxCheckout } from '../src/subscription/billing-choice';
import { contentSecurityPolicy, netlifyHeaders, securityHeaders, vercelConfig } from './csp';
import { checkoutKind, hostingFiles, policyOptionsFromEnv } from './plugin';
import { headersFor, parseHeadersFile } from './serve-dist';

const supabaseUrl = 'https://abcd.supabase.co';
const anonJwt = 'eyJhbGciOiJIUzI1NiJ9.eyJyb2xlIjoiYW5vbiJ9.c2lnbmF0dXJl';

describe('contentSecurityPolicy', () => {
  it('allows Razorpay Checkout.js and the Supabase project, and nothing else outside the app', () => {
    expect(contentSecurityPolicy({ supabaseUrl, checkout: 'razorpay' }).split('; ')).toEqual([
      "default-src 'self'",
      "script-src 'self' https://checkout.razorpay.com https://cdn.razorpay.com",
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data: blob: https://abcd.supabase.co https://cdn.razorpay.com",
      "font-src 'self'",
      "connect-src 'self' https://abcd.supabase.co https://lumberjack.razorpay.com https://lumberjack-metrics.razorpay.com",
      'frame-src https://api.razorpay.com https://checkout.razorpay.com',
      "object-src 'none'",
      "base-uri 'none'",
      "form-action 'self' https://api.razorpay.com",
      "frame-ancestors 'none'",
    ]);
  });

  it('frames the sandbox checkout from the Supabase origin and names no Razorpay host', () => {
    const policy = contentSecurityPolicy({ supabaseUrl: 'http://127.0.0.1:54321/', checkout: 'sandbox' });
    expect(policy).toBe(
      "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; " +
        "img-src 'self' data: blob: http://127.0.0.1:54321; font-src 'self'; connect-src 'self' http://127.0.0.1:54321; " +
        "frame-src http://127.0.0.1:54321; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
    );
    expect(policy).not.toContain('razorpay.com');
  });

  it('uses the origin of the Supabase URL (a path would allow only that path) and adds wss only for Realtime', () => {
    const policy = contentSecurityPolicy({ supabaseUrl: 'https://db.bahi.app/base/', checkout: 'sandbox' });
    expect(policy).toContain("connect-src 'self' https://db.bahi.app;");
    expect(policy).not.toContain('wss:');
    expect(contentSecurityPolicy({ supabaseUrl, checkout: 'razorpay', realtime: true })).toContain(
      "connect-src 'self' https://abcd.supabase.co wss://abcd.supabase.co https://lumberjack.razorpay.com",
    );
  });

  it('never allows eval, inline script or a wildcard', () => {
    for (const checkout of ['razorpay', 'sandbox'] as const) {
      const policy = contentSecurityPolicy({ supabaseUrl, checkout, realtime: true });
      const scriptSrc = policy.split('; ').find((d) => d.startsWith('script-src'));
      expect(scriptSrc).not.toMatch(/unsafe|data:|blob:|\*/);
      expect(policy).not.toContain('unsafe-eval');
      expect(policy).not.toMatch(/(^| )\*( |;|$)|https:(;| )/);
    }
  });

  it('refuses a URL that is not http(s)', () => {
    expect(() => contentSecurityPolicy({ supabaseUrl: 'ftp://abcd.supabase.co', checkout: 'sandbox' })).toThrow(
      'Not an http(s) URL: "ftp://abcd.supabase.co".',
    );
  });
});

describe('securityHeaders', () => {
  it('sends the policy with the usual hardening headers', () => {
    expect(securityHeaders({ supabaseUrl, checkout: 'razorpay' })).toEqual({
      'Content-Security-Policy': contentSecurityPolicy({ supabaseUrl, checkout: 'razorpay' }),
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'strict-origin-when-cross-origin',
      'Permissions-Policy':
        'camera=(), microphone=(), geolocation=(), usb=(), payment=(self "https://api.razorpay.com" "https://checkout.razorpay.com")',
      'X-Frame-Options': 'DENY',
    });
    expect(securityHeaders({ supabaseUrl, checkout: 'sandbox' })['Permissions-Policy']).toMatch(/payment=\(\)$/);
  });
});

describe('netlifyHeaders (_headers for Netlify and Cloudflare Pages)', () => {
  const rules = parseHeadersFile(netlifyHeaders({ supabaseUrl, checkout: 'razorpay' }));
  const policy = contentSecurityPolicy({ supabaseUrl, checkout: 'razorpay' });

  it('revalidates the HTML shell and keeps hashed assets for a year', () => {
    expect(headersFor(rules, '/')['Cache-Control']).toBe('no-cache');
    expect(headersFor(rules, '/index.html')['Cache-Control']).toBe('no-cache');
    expect(headersFor(rules, '/assets/index-Bx1.js')['Cache-Control']).toBe('public, max-age=31536000, immutable');
  });

  it('sends the security headers everywhere, each header from one rule only (hosts join repeats with a comma)', () => {
    for (const path of ['/', '/index.html', '/dashboard', '/assets/index-Bx1.js']) {
      const headers = headersFor(rules, path);
      expect(headers['Content-Security-Policy']).toBe(policy);
      expect(headers['X-Frame-Options']).toBe('DENY');
      for (const value of Object.values(headers)) expect(value).not.toMatch(/, (no-cache|public)/);
    }
  });
});

describe('vercelConfig', () => {
  const config = vercelConfig({ supabaseUrl, checkout: 'razorpay' });
  const matching = (path: string) =>
    config.headers.filter((rule) => new RegExp(`^${rule.source}$`).test(path)).flatMap((rule) => rule.headers);

  it('rewrites every path outside /assets/ to the shell, so a missing chunk stays a 404', () => {
    const [rewrite] = config.rewrites;
    expect(rewrite?.destination).toBe('/index.html');
    const source = new RegExp(`^${rewrite?.source}$`);
    expect(source.test('/dashboard/trades')).toBe(true);
    expect(source.test('/assets/index-Bx1.js')).toBe(false);
  });

  it('sets one Cache-Control per path and the security headers on all', () => {
    const cache = (path: string) => matching(path).filter((h) => h.key === 'Cache-Control');
    expect(cache('/assets/index-Bx1.js')).toEqual([
      { key: 'Cache-Control', value: 'public, max-age=31536000, immutable' },
    ]);
    expect(cache('/dashboard')).toEqual([{ key: 'Cache-Control', value: 'no-cache' }]);
    expect(cache('/')).toEqual([{ key: 'Cache-Control', value: 'no-cache' }]);
    expect(matching('/assets/x.js')).toContainEqual({
      key: 'Content-Security-Policy',
      value: contentSecurityPolicy({ supabaseUrl, checkout: 'razorpay' }),
    });
  });
});

describe('the hosting plugin', () => {
  it('picks the checkout exactly as the app does (src/subscription/billing-choice.ts)', () => {
    for (const key of [undefined, 'rzp_test_sandbox', 'rzp_test_bahilocal0001', 'rzp_test_Abc123', 'rzp_live_Abc123']) {
      expect(checkoutKind(key) === 'sandbox').toBe(usesSandboxCheckout({ razorpayKeyId: key }));
    }
  });

  it('builds the policy from the VITE_* settings, checked as the app checks them', () => {
    const env = { VITE_SUPABASE_URL: `${supabaseUrl}/`, VITE_SUPABASE_ANON_KEY: anonJwt };
    expect(policyOptionsFromEnv({ ...env, VITE_RAZORPAY_KEY_ID: 'rzp_live_Abc123' })).toEqual({
      supabaseUrl,
      checkout: 'razorpay',
    });
    expect(policyOptionsFromEnv(env).checkout).toBe('sandbox');
    expect(() => policyOptionsFromEnv({ VITE_SUPABASE_ANON_KEY: anonJwt })).toThrow('VITE_SUPABASE_URL is not set');
  });

  it('writes _headers and a vercel.json that parse back to the same rules', () => {
    const options = { supabaseUrl, checkout: 'razorpay' } as const;
    const files = hostingFiles(options);
    expect(Object.keys(files).sort()).toEqual(['_headers', 'vercel.json']);
    expect(files._headers).toBe(netlifyHeaders(options));
    expect(JSON.parse(files['vercel.json']!)).toEqual(vercelConfig(options));
  });
});
