// The built app under the Content-Security-Policy a deployment sends. The app is built against the run's local
// stack with the hosting plugin (hosting/plugin.ts), and served by hosting/serve-dist.ts with the headers of the
// generated `_headers` file, as Netlify and Cloudflare Pages would serve it. Every page the trader walks through
// must load without a single violation, and a resource the policy does not allow must be reported, so the test
// can fail. The payment window here is the local stack's sandbox: an iframe on the Supabase URL's origin, which
// the policy allows as the Supabase host (a build with a real Razorpay key allows Razorpay's hosts instead).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { build } from 'vite';
import { contentSecurityPolicy } from '../hosting/csp.ts';
import { hostingHeaders } from '../hosting/plugin.ts';
import { serveDist } from '../hosting/serve-dist.ts';
import { apiUrl, test as base, createUser, expect, logIn } from './support';

const appDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');

interface Hosted {
  origin: string;
  /** The policy the server sends with the HTML shell. */
  policy: string;
}

const test = base.extend<{ violations: string[] }, { hosted: Hosted }>({
  hosted: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this destructuring.
    async ({}, use) => {
      const outDir = mkdtempSync(join(tmpdir(), 'bahi-csp-'));
      try {
        // The global setup has put the stack's VITE_* settings in the environment; no Razorpay key: the sandbox.
        await build({
          root: appDir,
          logLevel: 'warn',
          plugins: [hostingHeaders()],
          build: { outDir, emptyOutDir: true },
        });
        const { origin, server } = await serveDist(outDir);
        const headers = await fetch(`${origin}/dashboard`).then((res) => res.headers);
        await use({ origin, policy: headers.get('content-security-policy') ?? '' });
        await new Promise((done) => server.close(done));
      } finally {
        rmSync(outDir, { recursive: true, force: true });
      }
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  baseURL: async ({ hosted }, use) => use(hosted.origin),
  // Every violation the page (or any frame) reports: the DOM event, and Chromium's console message.
  violations: async ({ page }, use) => {
    const found: string[] = [];
    await page.exposeFunction('reportCspViolation', (text: string) => found.push(text));
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => {
        const report = (window as unknown as { reportCspViolation: (text: string) => void }).reportCspViolation;
        report(`${event.effectiveDirective} blocked ${event.blockedURI || '(inline)'} at ${event.sourceFile}`);
      });
    });
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) found.push(`console: ${message.text()}`);
    });
    await use(found);
  },
});

/** Waits for late reports (they are queued), then expects none. */
async function expectNoViolations(page: Page, violations: string[]) {
  await page.waitForTimeout(300);
  expect(violations).toEqual([]);
}

test('the served policy is the one contentSecurityPolicy() makes for this build', async ({ hosted }) => {
  expect(hosted.policy).toBe(contentSecurityPolicy({ supabaseUrl: apiUrl(), checkout: 'sandbox' }));
  const shell = await fetch(`${hosted.origin}/`);
  expect(shell.headers.get('cache-control')).toBe('no-cache');
  const html = await shell.text();
  const asset = html.match(/\/assets\/[\w.-]+\.js/)?.[0];
  expect(asset).toBeDefined();
  const script = await fetch(`${hosted.origin}${asset}`);
  expect(script.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  expect(script.headers.get('x-content-type-options')).toBe('nosniff');
  expect((await fetch(`${hosted.origin}/assets/missing-chunk.js`)).status).toBe(404);
});

test('robots.txt and sitemap.xml are files of the build, not the app shell', async ({ hosted }) => {
  const robots = await fetch(`${hosted.origin}/robots.txt`);
  expect(robots.headers.get('content-type')).toBe('text/plain; charset=utf-8');
  const robotsText = await robots.text();
  expect(robotsText).toContain('User-agent: *');
  expect(robotsText).toMatch(/^Sitemap: http.*\/sitemap\.xml$/m);
  const sitemap = await fetch(`${hosted.origin}/sitemap.xml`);
  expect(sitemap.headers.get('content-type')).toBe('application/xml; charset=utf-8');
  expect(sitemap.headers.get('x-content-type-options')).toBe('nosniff');
  const xml = await sitemap.text();
  expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
  expect(xml).not.toContain('<div id="root">');
});

test('landing, login, dashboard and subscription run with no violation', async ({ page, violations }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expectNoViolations(page, violations);

  await logIn(page, { email: 'demo@bahi.local', password: 'demo-trader-2026' });
  await page.waitForURL('**/dashboard');
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  // The charts (our SVG) have drawn.
  await expect(page.locator('[data-slot="plot"] svg').first()).toBeVisible();
  await expectNoViolations(page, violations);

  await page.goto('/subscription');
  await expect(page.getByText('Active').first()).toBeVisible();
  // A Radix dialog: focus trap, scroll lock and portal. Kept, not cancelled: the demo account is shared.
  await page.getByRole('button', { name: 'Cancel subscription' }).click();
  await expect(page.getByRole('alertdialog')).toBeVisible();
  await page.getByRole('button', { name: 'Keep my plan' }).click();
  await expect(page.getByRole('alertdialog')).toBeHidden();
  await expectNoViolations(page, violations);
});

test('paying through the sandbox checkout runs with no violation', async ({ page, violations }) => {
  const user = await createUser({ ageHours: 48 });
  await logIn(page, user);
  await page.waitForURL('**/subscription');
  await page.getByRole('button', { name: /Choose Monthly/ }).click();
  // A blocked frame is reported at once: say so rather than wait for a button that never comes.
  await expect(page.locator('iframe')).toBeVisible();
  await expectNoViolations(page, violations);
  await page
    .frameLocator('iframe')
    .getByRole('button', { name: /Pay ₹360/ })
    .click();
  await expect(page.getByText('Payment successful!').first()).toBeVisible();
  await page.waitForEvent('load');
  await expect(page.getByText('Active').first()).toBeVisible();
  await expectNoViolations(page, violations);
});

test('a resource the policy does not allow is reported', async ({ page, violations }) => {
  await page.goto('/login');
  await expect(page.getByLabel('Email')).toBeVisible();
  await page.evaluate(() => {
    const image = document.createElement('img');
    image.src = 'https://images.example.com/tracker.png';
    document.body.append(image);
    const script = document.createElement('script');
    script.textContent = 'window.injected = true';
    document.body.append(script);
    void fetch('https://collector.example.com/steal').catch(() => undefined);
  });
  await expect
    .poll(() => violations.filter((v) => !v.startsWith('console:')).sort())
    .toEqual([
      expect.stringMatching(/^connect-src blocked https:\/\/collector\.example\.com\/steal/),
      expect.stringMatching(/^img-src blocked https:\/\/images\.example\.com\/tracker\.png/),
      expect.stringMatching(/^script-src-elem blocked inline/),
    ]);
  expect(await page.evaluate(() => (window as unknown as { injected?: boolean }).injected)).toBeUndefined();
});
