// `npm run bench -w @bahi/journal`: the JavaScript the landing page and /dashboard make the browser download
// (gzip), the time until /dashboard shows the seed data, and the time until it shows the statistics of a journal
// of 10,000 closed trades, in Chromium against a production build.
// Starts, like the e2e global setup: the local stack (in memory, seeded from supabase/), a build of the app
// pointed at it and `vite preview`, all on 127.0.0.1. Bounded in time; stops everything it starts.
// Then Lighthouse scores /, /login and a signed-in /dashboard on mobile and desktop (`lighthouse.ts`, about 3 minutes
// more; BENCH_LIGHTHOUSE=0 skips it, BENCH_LIGHTHOUSE=only runs nothing else; lighthouse.ts narrows it further).

import { randomUUID } from 'node:crypto';
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { loadConfig, type RunningServer, startServer } from '@bahi/supabase-local';
import { type Browser, type BrowserContext, chromium } from 'playwright-core';
import { build, preview } from 'vite';
import { LIGHTHOUSE_PAGES, LIGHTHOUSE_RUNS, runLighthouse } from './lighthouse.ts';

/** Issue 15: the landing page within 100 KB (route-budgets.test.ts holds every route to its budget). */
const LANDING_TARGET_KB = 100;
const DASHBOARD_TARGET_MS = 1500;
/** Issue 15: a journal of 10,000 trades ready within 1.2 s. */
const LARGE_DASHBOARD_TARGET_MS = 1200;
const LARGE_TRADES = 10_000;
/** Issue 15: no task longer than 200 ms while that dashboard loads on a CPU slowed 4× (a mid-range phone). */
const LONG_TASK_TARGET_MS = 200;
const CPU_SLOWDOWN = 4;
const RUNS = 5;
// Five: one run's longest task on the slowed CPU ranges from about 90 to 200 ms on the same build.
const LARGE_RUNS = 5;
const DEMO = { email: 'demo@bahi.local', password: 'demo-trader-2026' };
/** BENCH_LIGHTHOUSE=0 leaves out Lighthouse (3 pages × 2 form factors × 3 runs, about 3 minutes on 2 cores). */
const LIGHTHOUSE = process.env.BENCH_LIGHTHOUSE !== '0';
/** BENCH_LIGHTHOUSE=only runs Lighthouse alone. */
const ONLY_LIGHTHOUSE = process.env.BENCH_LIGHTHOUSE === 'only';
/** About 10 s per Lighthouse run on 2 cores; the allowance is twice that. */
const DEADLINE_MS = 240_000 + (LIGHTHOUSE ? LIGHTHOUSE_PAGES.length * 2 * LIGHTHOUSE_RUNS * 20_000 : 0);
/** BENCH_PROFILE=file.cpuprofile writes the slowed dashboard load's CPU profile (open it in Chromium's DevTools). */
const PROFILE = process.env.BENCH_PROFILE;
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

interface Login {
  email: string;
  password: string;
}

/** A trader's session as supabase-js keeps it in localStorage (`sb-<ref>-auth-token`). */
async function storedSession(apiUrl: string, anonKey: string, login: Login): Promise<{ key: string; value: string }> {
  const res = await fetch(`${apiUrl}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: anonKey, 'content-type': 'application/json' },
    body: JSON.stringify(login),
  });
  if (!res.ok) throw new Error(`sign-in of ${login.email} failed: ${res.status} ${await res.text()}`);
  const session = (await res.json()) as { expires_in: number; expires_at?: number };
  session.expires_at ??= Math.round(Date.now() / 1000) + session.expires_in;
  return { key: `sb-${new URL(apiUrl).hostname.split('.')[0]}-auth-token`, value: JSON.stringify(session) };
}

/** A context whose localStorage holds the trader's session (the demo trader's by default), as after a sign-in. */
async function signedInContext(
  browser: Browser,
  apiUrl: string,
  anonKey: string,
  login: Login = DEMO,
): Promise<BrowserContext> {
  const context = await newContext(browser);
  await context.addInitScript(
    ({ key, value }) => {
      if (!localStorage.getItem(key)) localStorage.setItem(key, value);
    },
    await storedSession(apiUrl, anonKey, login),
  );
  return context;
}

/** The recent trades table of the dashboard with at least one seeded trade in it. */
const SEED_ROW = '[data-slot="dashboard"] table tbody tr';
/** The dashboard's statistics (net P&L, win rate … each with its sample size), computed from every trade. */
const STATS = '[data-slot="dashboard-stats"]';

/**
 * Milliseconds from navigation start until `selector` (by default a row of seed data) is in the page, recorded in the
 * page by a MutationObserver so that Playwright's polling does not add to it.
 */
async function timeToSeedData(context: BrowserContext, url: string, selector = SEED_ROW): Promise<number> {
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
  }, selector);
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
  await page.locator(selector).first().waitFor({ state: 'visible', timeout: 30_000 });
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

/**
 * The main thread's tasks over 50 ms (the Long Tasks API) while `url` loads on a CPU slowed `CPU_SLOWDOWN` times,
 * until `selector` shows and a second after (the charts draw after the figures).
 */
async function longTasks(context: BrowserContext, url: string, selector: string): Promise<number[]> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  await page.addInitScript(`
    window.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.__longTasks.push(entry.duration);
    }).observe({ type: 'longtask', buffered: true });`);
  if (PROFILE) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
  }
  await page.goto(url);
  await page.locator(selector).first().waitFor({ state: 'visible', timeout: 60_000 });
  await page.waitForTimeout(1000);
  if (PROFILE) {
    const { profile } = await cdp.send('Profiler.stop');
    writeFileSync(PROFILE, JSON.stringify(profile));
    console.log(`  CPU profile of the slowed load written to ${PROFILE}`);
  }
  const tasks = (await page.evaluate('window.__longTasks')) as number[];
  await page.close();
  return tasks;
}

/**
 * A fresh trader (onboarded, two days old, an active subscription, so the access check runs as for a paying user)
 * with `count` closed equity intraday trades over the weekdays from December 2023, about 14 a day: inserted with
 * SQL as the service would, since 10,000 trades through the API would time the import, not the dashboard.
 */
async function largeJournal(stack: RunningServer, count: number): Promise<Login> {
  const login = { email: `bench-${process.pid}@bahi.local`, password: `bench-${randomUUID()}` };
  const res = await fetch(`${stack.url}/auth/v1/admin/users`, {
    method: 'POST',
    headers: {
      apikey: stack.serviceRoleKey,
      authorization: `Bearer ${stack.serviceRoleKey}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({
      ...login,
      email_confirm: true,
      user_metadata: { full_name: 'Bench Trader', onboarding_completed: true },
    }),
  });
  if (!res.ok) throw new Error(`creating the bench trader failed: ${res.status} ${await res.text()}`);
  const { id } = (await res.json()) as { id: string };
  await stack.db.query(`update auth.users set created_at = now() - interval '48 hours' where id = $1`, [id]);
  await stack.db.query(
    `insert into public.subscriptions (user_id, status, plan, provider_subscription_id, end_date)
     values ($1, 'active', 'yearly', $2, now() + interval '300 days')`,
    [id, `bench_${id.slice(0, 8)}`],
  );
  // Trade n: trading day n / 14 (weekdays from Monday 4 December 2023), entered 09:15 + 20 min × (n mod 14) IST,
  // held 5 to 124 minutes; a move of −4.5 to +5.5 rupees on 100 shares, so roughly half win.
  await stack.db.query(
    `insert into public.trades (user_id, exchange, segment, product, symbol, side, quantity, avg_entry_price,
       avg_exit_price, entry_time, exit_time, status, gross_pnl, charges, stop_loss, emotions_before, mistakes)
     select $1::uuid, 'NSE', 'equity', 'intraday',
       (array['RELIANCE','TCS','INFY','HDFCBANK','ICICIBANK','SBIN','TATAMOTORS','ITC','LT','AXISBANK'])[1 + n % 10],
       side, 100, entry_price, entry_price + (case when side = 'long' then move else -move end),
       entry, entry + make_interval(mins => 5 + n % 120), 'closed', move * 100, 20 + n % 15,
       case when n % 4 = 0 then null when side = 'long' then entry_price - 2 else entry_price + 2 end,
       array[(array['calm','fomo','anxious','confident'])[1 + n % 4]],
       case when n % 9 = 0 then array['overtraded'] else '{}' end
     from (
       select n, case when n % 3 = 0 then 'short' else 'long' end as side, 500 + n % 50 as entry_price,
         ((n * 37) % 21 - 9) * 0.5 as move,
         ((date '2023-12-04' + ((n / 14) / 5) * 7 + (n / 14) % 5) + time '09:15'
           + make_interval(mins => 20 * (n % 14))) at time zone 'Asia/Kolkata' as entry
       from generate_series(0, $2::int - 1) as n
     ) as t`,
    [id, count],
  );
  return login;
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
    // A profiled run keeps names readable (unminified code runs a little slower: compare figures without it).
    await build({ root: appDir, logLevel: 'warn', build: { outDir, emptyOutDir: true, minify: !PROFILE } });
    const app = await preview({
      root: appDir,
      logLevel: 'warn',
      build: { outDir },
      preview: { port: appPort, strictPort: true, host: '127.0.0.1', open: false },
    });
    cleanups.push(() => new Promise<void>((done) => app.httpServer.close(() => done())));

    const chromiumArgs = [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
    ];
    const browser = await chromium.launch({ executablePath, args: chromiumArgs });
    cleanups.push(() => browser.close());

    if (!ONLY_LIGHTHOUSE) {
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

      // 3. The dashboard's statistics over 10,000 closed trades: every trade read (in pages of 1,000) and summarised.
      const large = await largeJournal(stack, LARGE_TRADES);
      const largeSamples: number[] = [];
      for (let i = 0; i < LARGE_RUNS + 1; i++) {
        const context = await signedInContext(browser, stack.url, stack.anonKey, large);
        const ms = await timeToSeedData(context, `${appUrl}/dashboard`, STATS);
        await context.close();
        if (i > 0) largeSamples.push(ms); // as above, the first run only warms up
      }
      const largeMid = median(largeSamples);
      console.log(
        `/dashboard with ${LARGE_TRADES.toLocaleString('en-IN')} trades until the statistics show, median of ` +
          `${LARGE_RUNS}: ${largeMid.toFixed(0)} ms [${largeSamples.map((s) => s.toFixed(0)).join(', ')}] ` +
          `(target ≤ ${LARGE_DASHBOARD_TARGET_MS} ms: ${verdict(largeMid <= LARGE_DASHBOARD_TARGET_MS)})`,
      );

      // The same page on a slowed CPU: its longest task (each run's worst, then the median of runs).
      const worst: number[] = [];
      let tasksOver50 = 0;
      for (let i = 0; i < LARGE_RUNS; i++) {
        const context = await signedInContext(browser, stack.url, stack.anonKey, large);
        const tasks = await longTasks(context, `${appUrl}/dashboard`, STATS);
        await context.close();
        worst.push(Math.max(0, ...tasks));
        tasksOver50 = tasks.length;
      }
      const worstMid = median(worst);
      console.log(
        `  its longest task on a ${CPU_SLOWDOWN}× slower CPU, median of ${LARGE_RUNS}: ${worstMid.toFixed(0)} ms ` +
          `[${worst.map((s) => s.toFixed(0)).join(', ')}; ${tasksOver50} tasks over 50 ms in the last run] ` +
          `(target ≤ ${LONG_TASK_TARGET_MS} ms: ${verdict(worstMid <= LONG_TASK_TARGET_MS)})`,
      );
    }
    // 4. Lighthouse, in a Chromium of its own (the first one is done).
    if (LIGHTHOUSE) {
      await browser.close();
      await runLighthouse({
        executablePath,
        chromiumArgs,
        appUrl,
        session: () => storedSession(stack.url, stack.anonKey, DEMO),
        freePort,
      });
    } else {
      console.log('Lighthouse: skipped (BENCH_LIGHTHOUSE=0)');
    }
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
