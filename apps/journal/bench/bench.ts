// `npm run bench -w @bahi/journal`: the JavaScript the landing page and /dashboard make the browser download
// (gzip), the time until /dashboard shows the seed data, and the time until it shows the statistics of a journal
// of 10,000 closed trades, in Chromium against a production build.
// Starts, like the e2e global setup: the local stack (in memory, seeded from supabase/; in a process of its own), a
// build of the app pointed at it and `vite preview`, all on 127.0.0.1 (harness.ts). Bounded in time; stops everything
// it starts.
// Then Lighthouse scores /, /login and a signed-in /dashboard on mobile and desktop (`lighthouse.ts`, about 3 minutes
// more; BENCH_LIGHTHOUSE=0 skips it, BENCH_LIGHTHOUSE=only runs nothing else; lighthouse.ts narrows it further).
// Then a heavy trader's history through the app, on PGlite and on PostgreSQL 15 (`history.ts`, several minutes;
// BENCH_HISTORY=0 skips it, BENCH_HISTORY=only runs nothing else). BENCH_LOAD=n runs it all on a loaded machine.

import { writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import type { BrowserContext } from 'playwright-core';
import {
  type BenchStack,
  CHROMIUM_ARGS,
  CHROMIUM_PATH,
  Cleanups,
  createTrader,
  DEMO,
  freePort,
  type Login,
  launchChromium,
  load,
  median,
  newContext,
  serveApp,
  signedInContext,
  startCpuLoad,
  startStack,
  storedSession,
  timeToShown,
  verdict,
} from './harness.ts';
import { HISTORY_DEADLINE_MS, runHistory } from './history.ts';
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
const env = process.env;
/** BENCH_LIGHTHOUSE=only and BENCH_HISTORY=only each run that part alone (both set: those two). */
const ONLY_LIGHTHOUSE = env.BENCH_LIGHTHOUSE === 'only';
const ONLY_HISTORY = env.BENCH_HISTORY === 'only';
/** The bundle sizes and the dashboard's times (1 to 3 below). */
const MAIN = !ONLY_LIGHTHOUSE && !ONLY_HISTORY;
/** BENCH_LIGHTHOUSE=0 leaves out Lighthouse (3 pages × 2 form factors × 3 runs, about 3 minutes on 2 cores). */
const LIGHTHOUSE = env.BENCH_LIGHTHOUSE !== '0' && (ONLY_LIGHTHOUSE || !ONLY_HISTORY);
/** BENCH_HISTORY=0 leaves out the heavy trader's history (history.ts, several minutes). */
const HISTORY = env.BENCH_HISTORY !== '0' && (ONLY_HISTORY || !ONLY_LIGHTHOUSE);
/** BENCH_LOAD=n keeps n cores busy for the whole run (the issue asks for figures on a loaded machine too). */
const CPU_LOAD = Number(env.BENCH_LOAD ?? 0);
/** About 10 s per Lighthouse run on 2 cores; the allowance is twice that. */
const DEADLINE_MS =
  240_000 +
  (LIGHTHOUSE ? LIGHTHOUSE_PAGES.length * 2 * LIGHTHOUSE_RUNS * 20_000 : 0) +
  (HISTORY ? HISTORY_DEADLINE_MS : 0);
/** BENCH_PROFILE=file.cpuprofile writes the slowed dashboard load's CPU profile (open it in Chromium's DevTools). */
const PROFILE = env.BENCH_PROFILE;
/** BENCH_VERBOSE=1 lists every JS file with its gzip size and request start. */
const VERBOSE = env.BENCH_VERBOSE === '1';

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

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

/** The recent trades table of the dashboard with at least one seeded trade in it. */
const SEED_ROW = '[data-slot="dashboard"] table tbody tr';
/** The dashboard's statistics (net P&L, win rate … each with its sample size), computed from every trade. */
const STATS = '[data-slot="dashboard-stats"]';

/** Milliseconds from navigation start until `selector` (by default a row of seed data) is in the page. */
const timeToSeedData = (context: BrowserContext, url: string, selector = SEED_ROW) =>
  timeToShown(context, url, selector, { verbose: VERBOSE });

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
 * A fresh trader (createTrader: onboarded, two days old, subscribed) with `count` closed equity intraday trades over the weekdays from December 2023, about 14 a day: inserted with
 * SQL as the service would, since 10,000 trades through the API would time the import, not the dashboard.
 */
async function largeJournal(stack: BenchStack, count: number): Promise<Login> {
  const { id, ...login } = await createTrader(stack, 'bench');
  // Trade n: trading day n / 14 (weekdays from Monday 4 December 2023), entered 09:15 + 20 min × (n mod 14) IST,
  // held 5 to 124 minutes; a move of −4.5 to +5.5 rupees on 100 shares, so roughly half win.
  await stack.sql(
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
  const cleanups = new Cleanups();
  try {
    if (CPU_LOAD > 0) {
      cleanups.add(startCpuLoad(CPU_LOAD));
      console.log(`BENCH_LOAD=${CPU_LOAD}: that many processes keep a core busy each, for the whole run · ${load()}`);
    }
    const apiPort = await freePort();
    const appPort = await freePort();
    const appUrl = `http://127.0.0.1:${appPort}`;
    // One build serves every stack of the run: each listens on apiPort in turn (history.ts starts its own).
    const stack = await startStack({ port: apiPort, siteUrl: appUrl });
    cleanups.add(() => stack.stop());
    // A profiled run keeps names readable (unminified code runs a little slower: compare figures without it).
    const app = await serveApp({ apiUrl: stack.url, anonKey: stack.anonKey, port: appPort, minify: !PROFILE });
    cleanups.add(app.stop);

    if (MAIN) {
      const browser = await launchChromium();
      cleanups.add(() => browser.close());
      // 1. JavaScript shipped, each page in a fresh context (empty cache).
      const landingContext = await newContext(browser);
      const landing = await shippedJs(landingContext, `${appUrl}/`, 'h1');
      await landingContext.close();
      const dashboardContext = await signedInContext(browser, stack);
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
        const context = await signedInContext(browser, stack);
        const ms = await timeToSeedData(context, `${appUrl}/dashboard`);
        await context.close();
        if (i > 0) samples.push(ms); // the first run warms the stack's caches and is not counted
      }
      const mid = median(samples);
      console.log(
        `/dashboard until the seed data shows, median of ${RUNS}: ${mid.toFixed(0)} ms ` +
          `[${samples.map((s) => s.toFixed(0)).join(', ')}] (target ≤ ${DASHBOARD_TARGET_MS} ms: ` +
          `${verdict(mid <= DASHBOARD_TARGET_MS)}) · ${load()}`,
      );

      // 3. The dashboard's statistics over 10,000 closed trades: every trade read (in pages of 1,000) and summarised.
      const large = await largeJournal(stack, LARGE_TRADES);
      const largeSamples: number[] = [];
      for (let i = 0; i < LARGE_RUNS + 1; i++) {
        const context = await signedInContext(browser, stack, large);
        const ms = await timeToSeedData(context, `${appUrl}/dashboard`, STATS);
        await context.close();
        if (i > 0) largeSamples.push(ms); // as above, the first run only warms up
      }
      const largeMid = median(largeSamples);
      console.log(
        `/dashboard with ${LARGE_TRADES.toLocaleString('en-IN')} trades until the statistics show, median of ` +
          `${LARGE_RUNS}: ${largeMid.toFixed(0)} ms [${largeSamples.map((s) => s.toFixed(0)).join(', ')}] ` +
          `(target ≤ ${LARGE_DASHBOARD_TARGET_MS} ms: ${verdict(largeMid <= LARGE_DASHBOARD_TARGET_MS)}) · ${load()}`,
      );

      // The same page on a slowed CPU: its longest task (each run's worst, then the median of runs).
      const worst: number[] = [];
      let tasksOver50 = 0;
      for (let i = 0; i < LARGE_RUNS; i++) {
        const context = await signedInContext(browser, stack, large);
        const tasks = await longTasks(context, `${appUrl}/dashboard`, STATS);
        await context.close();
        worst.push(Math.max(0, ...tasks));
        tasksOver50 = tasks.length;
      }
      const worstMid = median(worst);
      console.log(
        `  its longest task on a ${CPU_SLOWDOWN}× slower CPU, median of ${LARGE_RUNS}: ${worstMid.toFixed(0)} ms ` +
          `[${worst.map((s) => s.toFixed(0)).join(', ')}; ${tasksOver50} tasks over 50 ms in the last run] ` +
          `(target ≤ ${LONG_TASK_TARGET_MS} ms: ${verdict(worstMid <= LONG_TASK_TARGET_MS)}) · ${load()}`,
      );
      await browser.close();
    }
    // 4. Lighthouse, in a Chromium of its own (the first one is done).
    if (LIGHTHOUSE) {
      await runLighthouse({
        executablePath: CHROMIUM_PATH,
        chromiumArgs: CHROMIUM_ARGS,
        appUrl,
        session: () => storedSession(stack.url, stack.anonKey, DEMO),
        freePort,
      });
    } else if (!ONLY_HISTORY) {
      console.log('Lighthouse: skipped (BENCH_LIGHTHOUSE=0)');
    }
    // 5. A heavy trader's history, on stacks of its own (PGlite, then PostgreSQL 15) at the same address.
    await stack.stop();
    if (HISTORY) await runHistory({ appUrl, apiPort, anonKey: stack.anonKey });
    else if (!ONLY_LIGHTHOUSE) console.log('History: skipped (BENCH_HISTORY=0)');
  } finally {
    await cleanups.run();
  }
}

const timer = setTimeout(() => {
  console.error(`bench: over ${DEADLINE_MS / 1000} s, stopping`);
  process.exit(1);
}, DEADLINE_MS);
timer.unref();
await main();
