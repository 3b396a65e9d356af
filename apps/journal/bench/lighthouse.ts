// Lighthouse for `npm run bench -w @bahi/journal` (issue 15): /, /login and a signed-in /dashboard, on mobile and
// desktop, each the median of RUNS runs, against the bench's production build and local stack.
// Lighthouse 12 (13 needs Node 22) drives a Chromium that Playwright launches with a persistent profile and a
// remote-debugging port, so the session that Playwright writes into localStorage is the one Lighthouse's page sees.
// Nothing leaves 127.0.0.1: Chromium resolves no host name, and a run that requested anything else says so.

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse, { type Config, desktopConfig, type Flags, type Result } from 'lighthouse';
import { chromium } from 'playwright-core';
import { median } from './harness.ts';

// While working on one page: BENCH_LIGHTHOUSE_PAGES=/login,/dashboard, BENCH_LIGHTHOUSE_FORMS=mobile and
// BENCH_LIGHTHOUSE_RUNS=1 narrow the runs; BENCH_LIGHTHOUSE_REPORTS=dir keeps each run's full report (JSON) there.
const env = process.env;
export const LIGHTHOUSE_RUNS = Number(env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const only = (list: string | undefined, value: string) => !list || list.split(',').includes(value);
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Category = (typeof CATEGORIES)[number];
const LABEL: Record<Category, string> = {
  performance: 'perf',
  accessibility: 'a11y',
  'best-practices': 'best',
  seo: 'seo',
};

interface Target {
  path: string;
  signedIn: boolean;
  /** The issue's minimum score per category, out of 100. */
  min: Record<Category, number>;
}

const PUBLIC_MIN = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100 };
export const LIGHTHOUSE_PAGES: Target[] = [
  { path: '/', signedIn: false, min: PUBLIC_MIN },
  { path: '/login', signedIn: false, min: PUBLIC_MIN },
  { path: '/dashboard', signedIn: true, min: { ...PUBLIC_MIN, performance: 90 } },
];

const FORM_FACTORS = [
  { name: 'mobile', config: undefined },
  { name: 'desktop', config: desktopConfig },
] as const satisfies readonly { name: string; config: Config | undefined }[];

/** What Lighthouse clears before each run besides the HTTP cache (its default keeps localStorage). */
const CLEAR_DEFAULT: Flags['clearStorageTypes'] = ['file_systems', 'shader_cache', 'service_workers', 'cache_storage'];
/** Signed out: also the session in localStorage, IndexedDB, cookies and the rest of the origin's storage. */
const CLEAR_ALL: Flags['clearStorageTypes'] = [...(CLEAR_DEFAULT ?? []), 'local_storage', 'indexeddb', 'cookies'];

interface Sample {
  scores: Record<Category, number>;
  lcpMs: number;
  tbtMs: number;
  /** Audits of accessibility, best practices and SEO that did not pass: id → title and the elements involved. */
  failing: Map<string, { title: string; items: Set<string> }>;
  /** Requests to anything but 127.0.0.1 (there should be none). */
  offsite: string[];
  hints: string[];
}

/**
 * A short name for one item of an audit's details: the element's selector and snippet, or what was logged and where
 * (a console error), or the URL.
 */
function describe(item: Record<string, unknown>): string | undefined {
  const node = (item.node ?? item) as { type?: string; selector?: string; snippet?: string };
  if (node.type === 'node') return `${node.selector ?? ''} ${node.snippet ?? ''}`.trim().slice(0, 200);
  const location = item.sourceLocation as { url?: string } | undefined;
  const parts = [item.source, item.description, location?.url ?? item.url].filter((p) => typeof p === 'string');
  return parts.length > 0 ? parts.join(': ').slice(0, 240) : undefined;
}

/** For a performance score under target: the LCP element and the audits that would save the most LCP, TBT or FCP. */
function performanceHints(lhr: Result): string[] {
  const lcpItems =
    (lhr.audits['largest-contentful-paint-element']?.details as { items?: { items?: Record<string, unknown>[] }[] })
      ?.items?.[0]?.items ?? [];
  const lcpElement = lcpItems[0] ? describe(lcpItems[0]) : undefined;
  const savings = (lhr.categories.performance?.auditRefs ?? [])
    .map((ref) => lhr.audits[ref.id])
    .filter((audit) => audit && audit.score !== null && audit.score < 0.9)
    .map((audit) => {
      const m = audit?.metricSavings ?? {};
      return { id: audit?.id ?? '', lcp: m.LCP ?? 0, tbt: m.TBT ?? 0, fcp: m.FCP ?? 0, value: audit?.displayValue };
    })
    .filter((a) => a.lcp + a.tbt + a.fcp > 0)
    .sort((a, b) => b.lcp + b.tbt + b.fcp - (a.lcp + a.tbt + a.fcp))
    .slice(0, 4)
    .map(
      (a) =>
        `${a.id}${a.value ? ` (${a.value})` : ''}: saves LCP ${a.lcp.toFixed(0)} ms, TBT ${a.tbt.toFixed(0)} ms, ` +
        `FCP ${a.fcp.toFixed(0)} ms`,
    );
  return [...(lcpElement ? [`LCP element: ${lcpElement}`] : []), ...savings];
}

function sampleOf(lhr: Result): Sample {
  const scores = Object.fromEntries(
    CATEGORIES.map((id) => [id, Math.round((lhr.categories[id]?.score ?? Number.NaN) * 100)]),
  ) as Record<Category, number>;
  const failing: Sample['failing'] = new Map();
  for (const id of ['accessibility', 'best-practices', 'seo'] as const) {
    for (const ref of lhr.categories[id]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (!audit || ref.weight === 0 || audit.score === null || audit.score >= 1) continue;
      const details = audit.details as { items?: Record<string, unknown>[] } | undefined;
      const items = new Set((details?.items ?? []).map(describe).filter((s): s is string => !!s));
      failing.set(ref.id, { title: audit.title, items });
    }
  }
  const requests = (lhr.audits['network-requests']?.details as { items?: { url: string }[] } | undefined)?.items ?? [];
  const offsite = requests
    .map((r) => r.url)
    .filter((url) => !/^(data|blob):/.test(url) && new URL(url).hostname !== '127.0.0.1');
  return {
    scores,
    lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
    tbtMs: lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN,
    failing,
    offsite,
    hints: performanceHints(lhr),
  };
}

export interface LighthouseOptions {
  executablePath: string;
  chromiumArgs: string[];
  appUrl: string;
  /**
   * A fresh sign-in of the demo trader, as supabase-js keeps it in localStorage. Fresh for each run: the app may
   * refresh a session, which revokes its refresh token, so a session used twice ends in a 400 on the console.
   */
  session: () => Promise<{ key: string; value: string }>;
  freePort: () => Promise<number>;
}

/** Runs every page × form factor RUNS times, prints the medians against the targets and the failing audits. */
export async function runLighthouse(options: LighthouseOptions): Promise<void> {
  const started = performance.now();
  console.log(
    `\nLighthouse: ${LIGHTHOUSE_PAGES.length} pages × ${FORM_FACTORS.length} form factors × ${LIGHTHOUSE_RUNS} runs…`,
  );
  const port = await options.freePort();
  const profile = mkdtempSync(join(tmpdir(), 'bahi-bench-lighthouse-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: options.executablePath,
    // Lighthouse emulates the device itself; a Playwright viewport would fight it.
    viewport: null,
    args: [
      ...options.chromiumArgs,
      `--remote-debugging-port=${port}`,
      // No DNS at all: a request for any host name fails at once instead of reaching for the internet.
      '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
    ],
  });
  const version = createRequire(import.meta.url)('lighthouse/package.json').version as string;
  const results: { page: Target; form: string; samples: Sample[] }[] = [];
  try {
    for (const form of FORM_FACTORS) {
      if (!only(env.BENCH_LIGHTHOUSE_FORMS, form.name)) continue;
      for (const page of LIGHTHOUSE_PAGES) {
        if (only(env.BENCH_LIGHTHOUSE_PAGES, page.path)) results.push({ page, form: form.name, samples: [] });
      }
    }
    // Runs interleave (run 1 of every page, then run 2 …) so that a busy moment of the machine spreads over pages.
    for (let run = 0; run < LIGHTHOUSE_RUNS; run++) {
      for (const result of results) {
        const url = `${options.appUrl}${result.page.path}`;
        if (result.page.signedIn) {
          // Sign in within the same profile: the session goes into the origin's localStorage, which Lighthouse's
          // default storage reset keeps (it clears the HTTP cache, so each run still loads cold). Nothing else stays:
          // the last run's page left its unload time there, and a load within 5 s of it counts as a reload, which
          // refreshes the session (spec §4) and is not the trader's first visit of the day that this measures.
          const { key, value } = await options.session();
          const tab = await context.newPage();
          await tab.goto(`${options.appUrl}/robots.txt`);
          await tab.evaluate(
            ([k, v]) => {
              localStorage.clear();
              localStorage.setItem(k, v);
            },
            [key, value] as const,
          );
          await tab.close();
        }
        const form = FORM_FACTORS.find((f) => f.name === result.form);
        const runner = await lighthouse(
          url,
          {
            port,
            logLevel: 'error',
            onlyCategories: [...CATEGORIES],
            clearStorageTypes: result.page.signedIn ? CLEAR_DEFAULT : CLEAR_ALL,
          },
          form?.config,
        );
        if (!runner) throw new Error(`Lighthouse gave no result for ${url}`);
        if (env.BENCH_LIGHTHOUSE_REPORTS) {
          const name = `${result.form}${result.page.path.replaceAll('/', '_')}-${run + 1}.json`;
          writeFileSync(join(env.BENCH_LIGHTHOUSE_REPORTS, name), JSON.stringify(runner.lhr));
        }
        if (runner.lhr.runtimeError) {
          throw new Error(`Lighthouse failed on ${url}: ${runner.lhr.runtimeError.message}`);
        }
        result.samples.push(sampleOf(runner.lhr));
      }
    }
  } finally {
    await context.close().catch(() => undefined);
    rmSync(profile, { recursive: true, force: true });
  }

  const seconds = (performance.now() - started) / 1000;
  console.log(
    `\nLighthouse ${version}, median of ${LIGHTHOUSE_RUNS} runs (default mobile and desktop settings, simulated ` +
      `throttling), ${seconds.toFixed(0)} s in all:`,
  );
  console.log(
    `  targets: performance ≥ ${PUBLIC_MIN.performance} on / and /login, ≥ 90 on /dashboard; accessibility, best ` +
      'practices and SEO 100',
  );
  console.log(
    `  ${'page'.padEnd(11)}${'form'.padEnd(9)}${CATEGORIES.map((c) => LABEL[c].padStart(6)).join('')}` +
      `${'LCP'.padStart(9)}${'TBT'.padStart(8)}  verdict`,
  );
  const misses: string[] = [];
  for (const { page, form, samples } of results) {
    const scores = Object.fromEntries(CATEGORIES.map((c) => [c, median(samples.map((s) => s.scores[c]))])) as Record<
      Category,
      number
    >;
    const under = CATEGORIES.filter((c) => !(scores[c] >= page.min[c]));
    const lcp = median(samples.map((s) => s.lcpMs));
    const tbt = median(samples.map((s) => s.tbtMs));
    console.log(
      `  ${page.path.padEnd(11)}${form.padEnd(9)}${CATEGORIES.map((c) => String(scores[c]).padStart(6)).join('')}` +
        `${`${(lcp / 1000).toFixed(1)} s`.padStart(9)}${`${tbt.toFixed(0)} ms`.padStart(8)}  ` +
        (under.length === 0 ? 'ok' : `UNDER TARGET: ${under.map((c) => LABEL[c]).join(', ')}`),
    );
    // Failing audits of the scored-to-100 categories, from any run, with the elements involved.
    const failing = new Map<string, { title: string; items: Set<string>; runs: number }>();
    for (const sample of samples) {
      for (const [id, { title, items }] of sample.failing) {
        const entry = failing.get(id) ?? { title, items: new Set<string>(), runs: 0 };
        entry.runs++;
        for (const item of items) entry.items.add(item);
        failing.set(id, entry);
      }
    }
    for (const [id, { title, items, runs }] of failing) {
      misses.push(`  ${page.path} ${form}: ${id} (${title}), ${runs} of ${samples.length} runs`);
      for (const item of [...items].slice(0, 8)) misses.push(`      ${item}`);
      if (items.size > 8) misses.push(`      … and ${items.size - 8} more`);
    }
    if (under.includes('performance')) {
      // The hints of the run whose score is the median.
      const mid = samples.find((s) => s.scores.performance === scores.performance) ?? samples[0];
      misses.push(`  ${page.path} ${form}: performance ${scores.performance}, under ${page.min.performance}`);
      for (const hint of mid?.hints ?? []) misses.push(`      ${hint}`);
    }
    const offsite = new Set(samples.flatMap((s) => s.offsite));
    if (offsite.size > 0) misses.push(`  ${page.path} ${form}: requests off 127.0.0.1: ${[...offsite].join(', ')}`);
  }
  if (misses.length > 0) {
    console.log('  under target (accessibility, best practices and SEO: each failing audit; performance: hints):');
    for (const line of misses) console.log(line);
  }
}
