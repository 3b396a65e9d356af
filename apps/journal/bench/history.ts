// A heavy trader's history through the real app (issue 26), run by bench.ts: in Chromium, through supabase-js on the
// local stack, first on PGlite and then on PostgreSQL 15 (a throwaway cluster), each with a fresh database:
//   1. the import of an eight-year Zerodha tradebook of 50,000 fills (@bahi/trading's generateZerodhaTradebook), from
//      the file set on the import dialog's file input to the trades list holding the new count, with each part's time
//      (each `import_trades` call, as the browser timed the request), to show that a part's time stays flat as the
//      journal grows;
//   2. time to figures on /dashboard, /calendar, /analytics, /trades and /tax with that journal, a fresh signed-in load
//      each (screen.ts's FIGURES), the median of RUNS after one that warms up;
//   3. an opening lot typed for a share held from before the file, and its 1:10 split entered, each from the click to
//      the trades list's notice of sales without cost basis changing;
//   4. a second 50,000-fill file over the same years (other fills, the same instruments): file pick to preview, and
//      import click to done.
// Pages before the opening lot and the second file, so that they see the journal the first file made.
// Every figure is printed with its target and the 1-minute load average at the moment it was taken. Every wait has a
// deadline (× BENCH_PATIENCE): a step that misses it is reported as not finished within N s, and the backend's later
// steps, which would measure a server still busy with it, are skipped; its stack is stopped (killed if it must be).
// What the bench looks for on screen is in screen.ts.

import { join } from 'node:path';
import { formatCount, type GeneratedTradebook, generateZerodhaTradebook } from '@bahi/trading';
import { type Browser, type BrowserContext, errors, type Locator, type Page, type Request } from 'playwright-core';
import { findPostgresBin, MISSING_POSTGRES, startTempCluster } from '../../../scripts/postgres-cluster.mjs';
import {
  against,
  type BenchStack,
  Cleanups,
  createTrader,
  type Login,
  launchChromium,
  load,
  median,
  ms,
  signedInContext,
  startStack,
  timeToShown,
  within,
} from './harness.ts';
import { actionsScreen, FIGURES, importScreen, openingScreen, type Sight, tradesScreen } from './screen.ts';

const env = process.env;
/** BENCH_PATIENCE=n multiplies every deadline (a loaded machine is slower everywhere). */
const PATIENCE = Number(env.BENCH_PATIENCE ?? 1) || 1;
/** BENCH_HISTORY_FILLS=n: fills per file (50,000, the issue's; fewer while working on the bench). */
const FILLS = Number(env.BENCH_HISTORY_FILLS ?? 50_000);
/** BENCH_HISTORY_DB=pglite or postgres runs one of the two. */
const ONLY_DB = env.BENCH_HISTORY_DB;
/** BENCH_HISTORY_SHOTS=dir: a screenshot of the page where a backend's run stopped, to see what the bench missed. */
const SHOTS = env.BENCH_HISTORY_SHOTS;
/** BENCH_VERBOSE=1: each first visit's requests, with when each started and ended (as bench.ts's own pages). */
const VERBOSE = env.BENCH_VERBOSE === '1';
const RUNS = 3;

/** Deadlines in seconds, before BENCH_PATIENCE. */
const DEADLINE_S = {
  stack: 180,
  step: 30,
  preview: 60,
  import: 120,
  listed: 60,
  change: 60,
  pageLoad: 30,
};
const deadline = (seconds: number) => seconds * 1000 * PATIENCE;
/** Issue 26's targets, on a quiet machine. */
const TARGET_MS = {
  import: { pglite: 6000, postgres: 4000 },
  preview: 2000,
  secondImport: 10_000,
  change: 1000,
  pages: { '/dashboard': 1200, '/calendar': 1200, '/analytics': 1200, '/trades': 1200, '/tax': 1500 } as Record<
    string,
    number
  >,
};
/** An upper bound of one backend's run, for bench.ts's own deadline: every step waiting its full deadline. */
const BACKEND_S =
  DEADLINE_S.stack +
  2 * (2 * DEADLINE_S.step + DEADLINE_S.preview + DEADLINE_S.import + DEADLINE_S.listed) +
  Object.keys(FIGURES).length * (RUNS + 1) * DEADLINE_S.pageLoad +
  2 * (2 * DEADLINE_S.step + DEADLINE_S.change);
export const HISTORY_DEADLINE_MS = 2 * deadline(BACKEND_S) + 60_000;

export interface HistoryOptions {
  /** The app, built against http://127.0.0.1:apiPort with `anonKey`. */
  appUrl: string;
  apiPort: number;
  anonKey: string;
}

type Backend = 'pglite' | 'postgres';

/** Runs the history on PGlite, then on PostgreSQL 15, printing each figure as it is taken. */
export async function runHistory(options: HistoryOptions): Promise<void> {
  const files = [generateZerodhaTradebook({ fills: FILLS }), generateZerodhaTradebook({ fills: FILLS, file: 2 })] as [
    GeneratedTradebook,
    GeneratedTradebook,
  ];
  console.log(
    `\nA heavy trader's history through the app: two Zerodha tradebooks of ${formatCount(FILLS)} fills ` +
      `(${files[0].firstDay} to ${files[0].lastDay}, ${(files[0].text.length / 1e6).toFixed(1)} MB each)` +
      (PATIENCE === 1 ? '' : `, deadlines × ${PATIENCE}`),
  );
  const browser = await launchChromium();
  try {
    for (const backend of ['pglite', 'postgres'] as const) {
      if (ONLY_DB && ONLY_DB !== backend) continue;
      await runOn(backend, options, browser, files);
    }
  } finally {
    await browser.close();
  }
}

async function runOn(
  backend: Backend,
  options: HistoryOptions,
  browser: Browser,
  files: [GeneratedTradebook, GeneratedTradebook],
): Promise<void> {
  const cleanups = new Cleanups();
  let page: Page | undefined;
  try {
    let connectionString: string | undefined;
    if (backend === 'postgres') {
      if (!findPostgresBin()) {
        console.log(`\nOn PostgreSQL 15: skipped. ${MISSING_POSTGRES}`);
        return;
      }
      const cluster = await within(startTempCluster(), deadline(DEADLINE_S.stack), 'starting PostgreSQL 15');
      cleanups.add(() => cluster.stop());
      connectionString = cluster.url;
      console.log(
        `\nOn PostgreSQL ${/\d+\.\d+/.exec(cluster.version)?.[0] ?? 15} (a throwaway cluster), through the local stack:`,
      );
    } else {
      console.log('\nOn PGlite (in memory), through the local stack:');
    }
    const stack = await startStack({
      port: options.apiPort,
      siteUrl: options.appUrl,
      connectionString,
      timeoutMs: deadline(DEADLINE_S.stack),
    });
    cleanups.add(() => stack.stop());
    if (stack.anonKey !== options.anonKey)
      throw new Error('This stack signs other keys than the one the app was built with.');
    const trader = await createTrader(stack, 'history');
    const context = await signedInContext(browser, stack, trader);
    cleanups.add(() => context.close());
    context.setDefaultTimeout(deadline(DEADLINE_S.step));
    await context.addInitScript(INSTRUMENT);
    const parts = recordParts(context);
    page = await context.newPage();
    const run: Run = { page, stack, trader, appUrl: options.appUrl, parts, serial: backend === 'pglite' };

    const [first, second] = files;
    const imported = await importFile(run, first, 'tradebook-BH1234-2018-2026.csv', {
      label: `1. import of ${formatCount(FILLS)} fills`,
      totalTargetMs: TARGET_MS.import[backend],
    });
    if (!imported) return skipRest();
    await timeToFigures(run, browser, imported.trades);
    const [lot] = first.openingLots;
    if (lot && !(await openingLot(run, lot))) return skipRest();
    if (!(await split(run, first.split))) return skipRest();
    await importFile(run, second, 'tradebook-BH1234-2018-2026-second.csv', {
      label: `4. second file of ${formatCount(FILLS)} other fills into the ${formatCount(imported.trades)}-trade journal`,
      previewTargetMs: TARGET_MS.preview,
      doneTargetMs: TARGET_MS.secondImport,
    });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    console.log(`  stopped: ${message.split('\n')[0]} · ${load()}`);
    if (SHOTS && page) {
      const path = join(SHOTS, `history-${backend}-${Date.now()}.png`);
      await page.screenshot({ path, fullPage: true }).then(
        () => console.log(`  the page then: ${path}`),
        () => undefined,
      );
    }
  } finally {
    await cleanups.run();
  }
}

const skipRest = () => console.log('  the rest skipped: it would measure a server still busy with the step above');

interface Run {
  page: Page;
  stack: BenchStack;
  trader: Login & { id: string };
  appUrl: string;
  parts: Parts;
  /** The server runs one call at a time (PGlite's single connection). */
  serial: boolean;
}

// ---- the page's own clock ------------------------------------------------------------------------------------------

/**
 * Installed in every page of the import's context: `pick` (a file set on a file input) and `click` (the first click
 * after the bench cleared it), `watch(name, selector, text)` marks when a Sight first shows, `trail(name, selector,
 * attribute)` keeps every value an element's text (or attribute) takes, with its time. A string: tsx would add
 * helpers to a function's source that the page does not have.
 */
const INSTRUMENT = `(() => {
  if (window.__bench) return;
  const b = { marks: {}, watches: [], trails: {} };
  window.__bench = b;
  const shown = (el) => !el.checkVisibility || el.checkVisibility();
  const matches = (selector, text) => {
    const re = text ? new RegExp(text) : null;
    for (const el of document.querySelectorAll(selector)) {
      if (shown(el) && (!re || re.test((el.textContent || '').trim()))) return true;
    }
    return false;
  };
  const check = () => {
    const at = performance.now();
    b.watches = b.watches.filter((w) => {
      if (!matches(w.selector, w.text)) return true;
      b.marks[w.name] = at;
      return false;
    });
    for (const t of Object.values(b.trails)) {
      const el = document.querySelector(t.selector);
      const value = el ? (t.attribute ? el.getAttribute(t.attribute) : el.textContent) || '' : '';
      const last = t.entries[t.entries.length - 1];
      if (!last || last.value !== value) t.entries.push({ at, value });
    }
  };
  b.watch = (name, selector, text) => {
    delete b.marks[name];
    b.watches = b.watches.filter((w) => w.name !== name);
    b.watches.push({ name, selector, text });
    check();
  };
  b.trail = (name, selector, attribute) => {
    b.trails[name] = { selector, attribute, entries: [] };
    check();
  };
  document.addEventListener('change', (e) => {
    if (e.target && e.target.type === 'file') b.marks.pick = performance.now();
  }, true);
  document.addEventListener('click', () => {
    if (b.marks.click === undefined) b.marks.click = performance.now();
  }, true);
  new MutationObserver(check).observe(document, { childList: true, subtree: true, characterData: true, attributes: true });
})();`;

interface Clock {
  /** performance.timeOrigin: page times + origin = epoch ms, as the network timing's. */
  origin: number;
  marks: Record<string, number>;
  trails: Record<string, { entries: { at: number; value: string }[] }>;
}

const js = (value: unknown) => JSON.stringify(value);
const watch = (page: Page, name: string, sight: Sight) =>
  page.evaluate(`window.__bench.watch(${js(name)}, ${js(sight.selector)}, ${js(sight.text ?? null)})`);
const trail = (page: Page, name: string, selector: string, attribute?: string) =>
  page.evaluate(`window.__bench.trail(${js(name)}, ${js(selector)}, ${js(attribute ?? null)})`);
const clearMark = (page: Page, name: string) => page.evaluate(`delete window.__bench.marks[${js(name)}]`);
const clock = (page: Page) =>
  page.evaluate(
    '({ origin: performance.timeOrigin, marks: window.__bench.marks, trails: window.__bench.trails })',
  ) as Promise<Clock>;

/** Which of the marks `names` the page set first within `timeoutMs`, or null when none did. */
async function firstMark(page: Page, names: string[], timeoutMs: number): Promise<string | null> {
  try {
    const handle = await page.waitForFunction(`${js(names)}.find((n) => n in window.__bench.marks) || false`, null, {
      timeout: timeoutMs,
      polling: 100,
    });
    return (await handle.jsonValue()) as string;
  } catch (error) {
    if (error instanceof errors.TimeoutError) return null;
    throw error;
  }
}

/** The first time trail `name` took a value matching `pattern` (a RegExp source) within `timeoutMs`, or null. */
async function trailReaches(page: Page, name: string, pattern: string, timeoutMs: number): Promise<number | null> {
  try {
    const test = `(window.__bench.trails[${js(name)}]?.entries ?? []).find((e) => new RegExp(${js(pattern)}).test(e.value))`;
    const handle = await page.waitForFunction(`(${test})?.at ?? false`, null, { timeout: timeoutMs, polling: 100 });
    return (await handle.jsonValue()) as number;
  } catch (error) {
    if (error instanceof errors.TimeoutError) return null;
    throw error;
  }
}

/** The first time trail `name` left the value `from` within `timeoutMs`, or null. */
async function trailLeaves(page: Page, name: string, from: string, timeoutMs: number): Promise<number | null> {
  try {
    const test = `(window.__bench.trails[${js(name)}]?.entries ?? []).find((e) => e.value !== ${js(from)})`;
    const handle = await page.waitForFunction(`(${test})?.at ?? false`, null, { timeout: timeoutMs, polling: 100 });
    return (await handle.jsonValue()) as number;
  } catch (error) {
    if (error instanceof errors.TimeoutError) return null;
    throw error;
  }
}

const alertText = async (page: Page) =>
  (await page.locator('[role="dialog"] [role="alert"]').allTextContents()).join(' ').trim().slice(0, 300);

// ---- the import's parts, as the browser timed each request ----------------------------------------------------------

interface Part {
  /** Epoch ms. */
  startedAt: number;
  /** Until the response's last byte; undefined while it runs. */
  ms?: number;
  trades: number;
  failed?: string;
}

interface Parts {
  list: Part[];
  reset(): void;
}

/**
 * Every `import_trades` call of the context (the import worker's too: Playwright reports a dedicated worker's requests
 * in its page's context): when it was sent, how long until its response, how many trades.
 */
function recordParts(context: BrowserContext): Parts {
  const list: Part[] = [];
  const byRequest = new Map<Request, Part>();
  context.on('request', (request) => {
    if (request.method() !== 'POST' || !request.url().includes('/rest/v1/rpc/import_trades')) return;
    const part: Part = { startedAt: Date.now(), trades: 0 };
    list.push(part);
    byRequest.set(request, part);
  });
  // The trades a part wrote are in its small response (its body, megabytes, is not read here).
  context.on('requestfinished', async (request) => {
    const part = byRequest.get(request);
    if (!part) return;
    const timing = request.timing();
    part.startedAt = timing.startTime;
    part.ms = timing.responseEnd;
    const result = (await (await request.response())?.json().catch(() => null)) as { trades_created?: number } | null;
    part.trades = result?.trades_created ?? 0;
  });
  context.on('requestfailed', (request) => {
    const part = byRequest.get(request);
    if (part) part.failed = request.failure()?.errorText ?? 'failed';
  });
  return { list, reset: () => list.splice(0) };
}

/**
 * Each part's time, and first, middle and last per 1,000 trades (the parts hold whole instruments, so their sizes
 * differ), to show whether a part's time grows with the journal. `serial`: the server runs one call at a time
 * (PGlite), so a part sent beside another waits for it, and what counts is what each part added to the import: its
 * end less the later of its start and the previous part's end, in the order they finished. PostgreSQL runs them side
 * by side: there each request's own time counts.
 */
function describeParts(parts: Part[], progress: { at: number; value: string }[], serial: boolean): string[] {
  const lines: string[] = [];
  const done = parts.filter((p) => p.ms !== undefined && p.ms >= 0);
  if (done.length > 0) {
    const end = (p: Part) => p.startedAt + (p.ms as number);
    const byEnd = [...done].sort((a, b) => end(a) - end(b));
    let previous = Number.NEGATIVE_INFINITY;
    let most = 0;
    const perThousand = byEnd.map((p) => {
      most = Math.max(most, done.filter((q) => q.startedAt < end(p) && end(q) > p.startedAt).length);
      const value = serial ? end(p) - Math.max(p.startedAt, previous) : (p.ms as number);
      previous = end(p);
      return (value * 1000) / Math.max(1, p.trades);
    });
    // Side by side, a part sent alone (the first) is faster than one sharing the cores: compare like with like.
    const overlapped = byEnd.map((p) => done.some((q) => q !== p && q.startedAt < end(p) && end(q) > p.startedAt));
    const compared = perThousand.filter((_, i) => serial || most < 2 || overlapped[i]);
    const series = compared.length >= 2 ? compared : perThousand;
    const at = (i: number) => ms(series[i] as number);
    const mid = Math.floor((series.length - 1) / 2);
    const what =
      serial && most > 1
        ? 'time each part added (one call at a time on this server)'
        : series === perThousand
          ? "a part's time"
          : "a part's time (parts sent beside another only)";
    lines.push(
      `${done.length} parts (import_trades, as the browser timed each request${most > 1 ? `, up to ${most} at a time` : ''}): ` +
        `${done.map((p) => formatCount(Math.round(p.ms as number))).join(', ')} ms, for ` +
        `${done.map((p) => formatCount(p.trades)).join(', ')} trades`,
      `${what}, per 1,000 trades, as the journal grows: first ${at(0)}, middle ${at(mid)}, last ` +
        `${at(series.length - 1)} (last ÷ first ${((series.at(-1) as number) / (series[0] as number)).toFixed(2)})`,
    );
  } else if (parts.length === 0) {
    // No request seen (the calls changed their endpoint?): the parts as the progress bar named them.
    const seen = progress.filter((e) => new RegExp(importScreen.part).test(e.value));
    const steps = seen.slice(1).map((e, i) => Math.round(e.at - (seen[i]?.at ?? e.at)));
    lines.push(
      `no import_trades request seen; the progress bar said ${seen.map((e) => `“${e.value}”`).join(', ') || 'nothing'}` +
        (steps.length > 0 ? `, ${steps.map((s) => formatCount(s)).join(', ')} ms apart` : ''),
    );
  }
  const running = parts.find((p) => p.ms === undefined && !p.failed);
  if (running) {
    lines.push(
      `part ${parts.indexOf(running) + 1} (${formatCount(running.trades)} trades) still running after ` +
        `${ms(Date.now() - running.startedAt)}`,
    );
  }
  const failed = parts.filter((p) => p.failed);
  if (failed.length > 0) lines.push(`${failed.length} requests failed: ${failed[0]?.failed}`);
  return lines;
}

// ---- 1 and 4: a file through the import dialog ----------------------------------------------------------------------

/** Reads the preview: its figures ("Fills read 50,000") and what it says it will do. */
async function previewSummary(dialog: Locator): Promise<string[]> {
  const figures = (await importScreen.figures(dialog).allInnerTexts()).map((t) => t.replace(/\s*\n\s*/, ' '));
  const consequences = await importScreen.consequences(dialog).allInnerTexts();
  return [figures.join(' · '), ...consequences.map((c) => `“${c.trim()}”`)];
}

async function importFile(
  run: Run,
  file: GeneratedTradebook,
  name: string,
  options: { label: string; totalTargetMs?: number; previewTargetMs?: number; doneTargetMs?: number },
): Promise<{ trades: number } | null> {
  const { page, parts } = run;
  const dialog = importScreen.dialog(page);
  if (page.url() === 'about:blank') await page.goto(`${run.appUrl}/trades?import=1`);
  else await importScreen.open(page).click();
  await dialog.waitFor();
  await importScreen.broker(dialog).click();
  await watch(page, 'preview', importScreen.previewShown);
  await watch(page, 'failed', importScreen.failed);
  await trail(page, 'listed', tradesScreen.caption);
  await clearMark(page, 'pick');
  parts.reset();
  console.log(`  ${options.label}:`);

  await importScreen.file(dialog).setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(file.text) });
  const previewed = await firstMark(page, ['preview', 'failed'], deadline(DEADLINE_S.preview));
  let marks = (await clock(page)).marks;
  if (previewed !== 'preview') {
    console.log(
      previewed === 'failed'
        ? `    the file was not read: ${await alertText(page)}`
        : `    file pick → preview: did not finish within ${deadline(DEADLINE_S.preview) / 1000} s · ${load()}`,
    );
    return null;
  }
  const previewMs = (marks.preview as number) - (marks.pick as number);
  console.log(
    `    file pick → preview shown: ${options.previewTargetMs ? against(previewMs, options.previewTargetMs) : `${ms(previewMs)} · ${load()}`}`,
  );
  for (const line of await previewSummary(dialog)) console.log(`      ${line}`);

  await watch(page, 'done', importScreen.done);
  await trail(page, 'progress', importScreen.progress, 'aria-valuetext');
  await clearMark(page, 'click');
  await importScreen.commit(dialog).click();
  const finished = await firstMark(page, ['done', 'failed'], deadline(DEADLINE_S.import));
  const after = await clock(page);
  marks = after.marks;
  const progress = after.trails.progress?.entries ?? [];
  const doneTarget = options.doneTargetMs ?? options.totalTargetMs ?? Number.POSITIVE_INFINITY;
  if (finished !== 'done') {
    const lastPart = progress.at(-1)?.value;
    console.log(
      finished === 'failed'
        ? `    import click → done: failed: ${await alertText(page)}`
        : `    import click → done: did not finish within ${deadline(DEADLINE_S.import) / 1000} s ` +
            `(target ≤ ${ms(doneTarget)}: OVER TARGET)${lastPart ? `; the dialog said “${lastPart}”` : ''} · ${load()}`,
    );
    for (const line of describeParts(parts.list, progress, run.serial)) console.log(`      ${line}`);
    return null;
  }
  const doneMs = (marks.done as number) - (marks.click as number);
  const firstSent = parts.list[0] ? parts.list[0].startedAt - (after.origin + (marks.click as number)) : null;
  console.log(
    `    import click → done: ${options.doneTargetMs ? against(doneMs, options.doneTargetMs) : `${ms(doneMs)} · ${load()}`}` +
      (firstSent === null ? '' : ` (the first part sent ${ms(firstSent)} after the click)`),
  );
  for (const line of describeParts(parts.list, progress, run.serial)) console.log(`      ${line}`);

  // The trades list behind the dialog holds the journal's new count.
  const [{ n } = { n: 0 }] = await run.stack.sql<{ n: number }>(
    'select count(*)::int as n from public.trades where user_id = $1',
    [run.trader.id],
  );
  const listedAt = await trailReaches(page, 'listed', tradesScreen.holds(formatCount(n)), deadline(DEADLINE_S.listed));
  if (listedAt === null) {
    console.log(
      `    trades list: did not show ${formatCount(n)} trades within ${deadline(DEADLINE_S.listed) / 1000} s`,
    );
    return null;
  }
  if (options.totalTargetMs) {
    // The bench's own pause between the preview showing and its click is left out.
    const total = previewMs + (listedAt - (marks.click as number));
    console.log(`    file pick → ${formatCount(n)} trades listed: ${against(total, options.totalTargetMs)}`);
  } else {
    console.log(`    ${formatCount(n)} trades listed ${ms(listedAt - (marks.done as number))} after done`);
  }
  await importScreen.seeTrades(dialog).click();
  await dialog.waitFor({ state: 'hidden' });
  return { trades: n };
}

// ---- 2: time to figures ---------------------------------------------------------------------------------------------

async function timeToFigures(run: Run, browser: Browser, trades: number): Promise<void> {
  console.log(`  2. time to figures with ${formatCount(trades)} trades, a fresh signed-in load, median of ${RUNS}:`);
  for (const [path, selector] of Object.entries(FIGURES)) {
    const samples: number[] = [];
    let failure: string | undefined;
    for (let i = 0; i <= RUNS && !failure; i++) {
      const context = await signedInContext(browser, run.stack, run.trader);
      try {
        const at = await timeToShown(context, `${run.appUrl}${path}`, selector, {
          timeoutMs: deadline(DEADLINE_S.pageLoad),
          verbose: VERBOSE && i > 0,
        });
        if (i > 0) samples.push(at); // the first load warms the stack's caches and is not counted
      } catch (error) {
        failure = timeoutMessage(error);
      } finally {
        await context.close();
      }
    }
    report(path, samples, failure);
  }
  // A return visit: the browser kept the journal from the visit before (apps/journal/src/data/kept-journal.ts), and
  // the journal has not changed since. /tax reads its own rows (tax_trades()), not the journal.
  console.log(`     a return visit to the unchanged journal (kept in the browser), median of ${RUNS}:`);
  for (const [path, selector] of Object.entries(FIGURES).filter(([p]) => p !== '/tax')) {
    const samples: number[] = [];
    let failure: string | undefined;
    const context = await signedInContext(browser, run.stack, run.trader);
    try {
      await timeToShown(context, `${run.appUrl}${path}`, selector, { timeoutMs: deadline(DEADLINE_S.pageLoad) });
      await untilKept(context, run.appUrl);
      for (let i = 0; i < RUNS; i++) {
        samples.push(
          await timeToShown(context, `${run.appUrl}${path}`, selector, { timeoutMs: deadline(DEADLINE_S.pageLoad) }),
        );
      }
    } catch (error) {
      failure = timeoutMessage(error);
    } finally {
      await context.close();
    }
    report(path, samples, failure);
  }
}

const timeoutMessage = (error: unknown) =>
  error instanceof errors.TimeoutError
    ? `did not finish within ${deadline(DEADLINE_S.pageLoad) / 1000} s`
    : error instanceof Error
      ? error.message
      : String(error);

function report(path: string, samples: number[], failure: string | undefined): void {
  const target = TARGET_MS.pages[path] ?? 1200;
  console.log(
    `    ${path.padEnd(11)} ${
      failure
        ? `${failure} (target ≤ ${ms(target)}: OVER TARGET) · ${load()}`
        : `${against(median(samples), target)} [${samples.map((s) => formatCount(Math.round(s))).join(', ')}]`
    }`,
  );
}

/** Waits until the browser has kept the journal (the write follows the read, off the page's critical path). */
async function untilKept(context: BrowserContext, appUrl: string): Promise<void> {
  const page = await context.newPage();
  try {
    await page.goto(`${appUrl}/`);
    await page.waitForFunction(
      () =>
        new Promise<boolean>((resolve) => {
          const open = indexedDB.open('bahi-journal', 1);
          open.onupgradeneeded = () => open.result.createObjectStore('trades');
          open.onsuccess = () => {
            const count = open.result.transaction('trades').objectStore('trades').count();
            count.onsuccess = () => {
              resolve(count.result > 0);
              open.result.close();
            };
          };
          open.onerror = () => resolve(false);
        }),
      undefined,
      { timeout: deadline(DEADLINE_S.pageLoad), polling: 200 },
    );
  } finally {
    await page.close();
  }
}

// ---- 3: an opening lot and a split ----------------------------------------------------------------------------------

/**
 * Clicks `submit` and times it until the notice of sales without cost basis changes (the journal refetched with the
 * rebuilt trades), or the dialog shows an error. True when it changed in time.
 */
async function untilCostsChange(run: Run, label: string, submit: Locator, failed: Sight): Promise<boolean> {
  const { page } = run;
  await trail(page, 'notice', tradesScreen.missingCost);
  const before = (await clock(page)).trails.notice?.entries.at(-1)?.value ?? '';
  await watch(page, 'failed', failed);
  await clearMark(page, 'click');
  await submit.click();
  const changedAt = await trailLeaves(page, 'notice', before, deadline(DEADLINE_S.change));
  const { marks } = await clock(page);
  if (changedAt === null) {
    const why =
      'failed' in marks
        ? `failed: ${await alertText(page)}`
        : `did not finish within ${deadline(DEADLINE_S.change) / 1000} s`;
    console.log(
      `  ${label}, click → journal updated: ${why} (target ≤ ${ms(TARGET_MS.change)}: OVER TARGET) · ${load()}`,
    );
    return false;
  }
  const now = (await clock(page)).trails.notice?.entries.find((e) => e.at === changedAt)?.value ?? '';
  const count = (text: string) => /^([\d,]+) sales? ha/.exec(text.trim())?.[1] ?? '0';
  console.log(
    `  ${label}, click → journal updated: ${against(changedAt - (marks.click as number), TARGET_MS.change)} ` +
      `(sales without cost basis ${count(before)} → ${count(now)})`,
  );
  return true;
}

async function openingLot(
  run: Run,
  lot: { symbol: string; quantity: number; price: number; heldOn: string },
): Promise<boolean> {
  const { page } = run;
  await tradesScreen.addOpening(page).click();
  const dialog = openingScreen.dialog(page);
  await dialog.waitFor();
  await openingScreen.symbol(dialog).fill(lot.symbol);
  await openingScreen.quantity(dialog).fill(String(lot.quantity));
  await openingScreen.price(dialog).fill(String(lot.price));
  await openingScreen.heldOn(dialog).fill(lot.heldOn);
  const ok = await untilCostsChange(
    run,
    `3. opening lot of ${lot.quantity} ${lot.symbol} held from ${lot.heldOn}`,
    openingScreen.submit(dialog),
    openingScreen.failed,
  );
  if (ok) await dialog.waitFor({ state: 'hidden' });
  return ok;
}

async function split(run: Run, action: GeneratedTradebook['split']): Promise<boolean> {
  const { page } = run;
  await tradesScreen.corporateActions(page).click();
  const dialog = actionsScreen.dialog(page);
  await dialog.waitFor();
  await actionsScreen.symbol(dialog).fill(action.symbol);
  await actionsScreen.from(dialog).fill(String(action.from));
  await actionsScreen.to(dialog).fill(String(action.to));
  await actionsScreen.exDate(dialog).fill(action.exDate);
  const ok = await untilCostsChange(
    run,
    `3. split ${action.from}:${action.to} of ${action.symbol} from ${action.exDate}`,
    actionsScreen.submit(dialog),
    actionsScreen.failed,
  );
  if (ok) {
    await actionsScreen.busy(dialog).waitFor({ state: 'detached' });
    await actionsScreen.close(dialog).click();
    await dialog.waitFor({ state: 'hidden' });
  }
  return ok;
}
