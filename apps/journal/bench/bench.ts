// `npm run bench -w @bahi/journal`: the JavaScript the landing page and /dashboard make the browser download
// (gzip), and the time until /dashboard shows the seed data, in Chromium against a production build.
// Starts, like the e2e global setup: the local stack (in memory, seeded from supabase/), a build of the app
// pointed at it and `vite preview`, all on 127.0.0.1. Bounded in time; stops everything it starts.

import { existsSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { loadConfig, startServer } from '@bahi/supabase-local';
import { type Browser, type BrowserContext, chromium } from 'playwright-core';
import { build, preview } from 'vite';

const LANDING_TARGET_KB = 120;
const DASHBOARD_TARGET_MS = 1500;
const RUNS = 5;
const DEMO = { email: 'demo@bahi.local', password: 'demo-trader-2026' };
const DEADLINE_MS = 110_000;
/** BENCH_VERBOSE=1 lists every JS file with its gzip size and request start. */
const VERBOSE = process.env.BENCH_VERBOSE === '1';

const appDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const root = resolve(appDir, '../..');

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const verdict = (ok: boolean) => (ok ? 'ok' : 'OVER TARGET');

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  await new Promise((done) => server.close(done));
  return port;
}

/** A fresh context that may talk to 127.0.0.1 only. */
async function newContext(browser: Browser): Promise<BrowserContext> {
  const context = await browser.newContext();
  await context.route(
    (url) => url.hostname !== '127.0.0.1',
    (route) => route.abort(),
  );
  return context;
}

interface Shipped {
  files: number;
  gzip: number;
  raw: number;
}

/**
 * Opens `path` in `context`, waits until `ready` and the network is idle, and sums the JS responses of the app's
 * origin, each gzip-compressed here (level 9) so the figure does not depend on the static server.
 */
async function shippedJs(context: BrowserContext, url: string, ready: string): Promise<Shipped> {
  const page = await context.newPage();
  const bodies: Promise<Buffer>[] = [];
  const names: string[] = [];
  const origin = new URL(url).origin;
  page.on('response', (response) => {
    const res = new URL(response.url());
    if (res.origin !== origin || !res.pathname.endsWith('.js')) return;
    names.push(`${res.pathname} (${response.request().timing().startTime.toFixed(0)})`);
    bodies.push(response.body());
  });
  await page.goto(url);
  await page.locator(ready).first().waitFor({ state: 'visible', timeout: 20_000 });
  await page.waitForLoadState('networkidle');
  const files = await Promise.all(bodies);
  await page.close();
  if (VERBOSE) {
    for (const [i, body] of files.entries()) {
      console.log(`  ${kb(gzipSync(body, { level: 9 }).length).padStart(9)}  ${names[i]}`);
    }
  }
  return {
    files: files.length,
    raw: files.reduce((sum, body) => sum + body.length, 0),
    gzip: files.reduce((sum, body) => sum + gzipSync(body, { level: 9 }).length, 0),
  };
}

/** The demo trader's session as supabase-js keeps it in localStorage (`sb-<ref>-auth-token`). */
async function demoSession(apiUrl: string, anonKey: string): Promise<{ key: string; value: string }> {
  const res = await fetch(`${apiUrl}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: anonKey, 'content-type': 'application/json' },
    body: JSON.stringify(DEMO),
  });
  if (!res.ok) throw new Error(`demo sign-in failed: ${res.status} ${await res.text()}`);
  const session = (await res.json()) as { expires_in: number; expires_at?: number };
  session.expires_at ??= Math.round(Date.now() / 1000) + session.expires_in;
  return { key: `sb-${new URL(apiUrl).hostname.split('.')[0]}-auth-token`, value: JSON.stringify(session) };
}

/** A context whose localStorage holds the demo trader's session, as after a sign-in. */
async function signedInContext(browser: Browser, apiUrl: string, anonKey: string): Promise<BrowserContext> {
  const context = await newContext(browser);
  await context.addInitScript(
    ({ key, value }) => {
      if (!localStorage.getItem(key)) localStorage.setItem(key, value);
    },
    await demoSession(apiUrl, anonKey),
  );
  return context;
}

/** The recent trades table of the dashboard with at least one seeded trade in it. */
const SEED_ROW = '[data-slot="dashboard"] table tbody tr';

/** Milliseconds from navigation start until the dashboard shows a row of seed data (recorded in the page). */
async function timeToSeedData(context: BrowserContext, url: string): Promise<number> {
  const page = await context.newPage();
  await page.addInitScript((selector) => {
    const w = window as unknown as { __seedShownAt?: number };
    const observer = new MutationObserver(() => {
      if (w.__seedShownAt === undefined && document.querySelector(selector)) {
        w.__seedShownAt = performance.now();
        observer.disconnect();
      }
    });
    observer.observe(document, { childList: true, subtree: true });
  }, SEED_ROW);
  // With BENCH_VERBOSE=1: when 'Verifying access...', the shell and the dashboard first showed. A string, since tsx
  // would add helpers to a function's source that the page does not have.
  if (VERBOSE) {
    await page.addInitScript(`
      window.__marks = {};
      const probes = {
        verifying: () => !!document.body && document.body.textContent.includes('Verifying access'),
        shell: () => !!document.querySelector('nav'),
        dashboard: () => !!document.querySelector('[data-slot="dashboard"]'),
      };
      new MutationObserver(() => {
        for (const k in probes) if (window.__marks[k] === undefined && probes[k]()) window.__marks[k] = Math.round(performance.now());
      }).observe(document, { childList: true, subtree: true });`);
  }
  await page.goto(url);
  await page.locator(SEED_ROW).first().waitFor({ state: 'visible', timeout: 20_000 });
  const at = await page.evaluate(() => (window as unknown as { __seedShownAt?: number }).__seedShownAt);
  if (VERBOSE) {
    console.log(`  first shown (ms): ${await page.evaluate('JSON.stringify(window.__marks)')}`);
    const entries = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((e) => e as PerformanceResourceTiming)
        .map((e) => `${e.startTime.toFixed(0).padStart(6)} → ${e.responseEnd.toFixed(0).padStart(6)}  ${e.name}`),
    );
    console.log(`  run: seed data at ${at?.toFixed(0)} ms\n${entries.map((e) => `  ${e}`).join('\n')}`);
  }
  await page.close();
  if (at === undefined) throw new Error('the seed data was never recorded as shown');
  return at;
}

async function main() {
  const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(executablePath)) throw new Error(`No Chromium at ${executablePath} (set CHROMIUM_PATH).`);

  const cleanups: (() => Promise<unknown>)[] = [];
  const outDir = join(tmpdir(), `bahi-bench-app-${process.pid}`);
  cleanups.push(async () => rmSync(outDir, { recursive: true, force: true }));
  try {
    const appPort = await freePort();
    const appUrl = `http://127.0.0.1:${appPort}`;
    const config = await loadConfig({ workdir: root, port: 0 });
    config.auth.siteUrl = appUrl;
    const stack = await startServer(config);
    cleanups.push(() => stack.stop());

    Object.assign(process.env, {
      VITE_SUPABASE_URL: stack.url,
      VITE_SUPABASE_ANON_KEY: stack.anonKey,
      VITE_RESET_ALLOWED_ORIGINS: appUrl,
      VITE_BOOTSTRAP_ADMIN_EMAIL: 'admin@bahi.local',
    });
    await build({ root: appDir, logLevel: 'warn', build: { outDir, emptyOutDir: true } });
    const app = await preview({
      root: appDir,
      logLevel: 'warn',
      build: { outDir },
      preview: { port: appPort, strictPort: true, host: '127.0.0.1', open: false },
    });
    cleanups.push(() => new Promise<void>((done) => app.httpServer.close(() => done())));

    const browser = await chromium.launch({
      executablePath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
      ],
    });
    cleanups.push(() => browser.close());

    // 1. JavaScript shipped, each page in a fresh context (empty cache).
    const landingContext = await newContext(browser);
    const landing = await shippedJs(landingContext, `${appUrl}/`, 'h1');
    await landingContext.close();
    const dashboardContext = await signedInContext(browser, stack.url, stack.anonKey);
    const dashboard = await shippedJs(dashboardContext, `${appUrl}/dashboard`, SEED_ROW);
    await dashboardContext.close();
    console.log(
      `landing page JS (gzip): ${kb(landing.gzip)} in ${landing.files} files, ${kb(landing.raw)} raw ` +
        `(target ≤ ${LANDING_TARGET_KB} KB: ${verdict(landing.gzip <= LANDING_TARGET_KB * 1024)})`,
    );
    console.log(`/dashboard JS (gzip): ${kb(dashboard.gzip)} in ${dashboard.files} files, ${kb(dashboard.raw)} raw`);

    // 2. Time to the seed data on /dashboard: a signed-in trader opens it in a fresh context (empty cache).
    const samples: number[] = [];
    for (let i = 0; i < RUNS + 1; i++) {
      const context = await signedInContext(browser, stack.url, stack.anonKey);
      const ms = await timeToSeedData(context, `${appUrl}/dashboard`);
      await context.close();
      if (i > 0) samples.push(ms); // the first run warms the stack's caches and is not counted
    }
    const mid = median(samples);
    console.log(
      `/dashboard until the seed data shows, median of ${RUNS}: ${mid.toFixed(0)} ms ` +
        `[${samples.map((s) => s.toFixed(0)).join(', ')}] (target ≤ ${DASHBOARD_TARGET_MS} ms: ` +
        `${verdict(mid <= DASHBOARD_TARGET_MS)})`,
    );
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  }
}

const timer = setTimeout(() => {
  console.error(`bench: over ${DEADLINE_MS / 1000} s, stopping`);
  process.exit(1);
}, DEADLINE_MS);
timer.unref();
await main();
