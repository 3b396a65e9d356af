// What the app's benches share (bench.ts, lighthouse.ts, history.ts): the local stack in a process of its own, a
// production build of the app served by `vite preview`, Chromium, signed-in contexts, a trader with a subscription,
// time until a selector shows, the figures' verdicts with the load average, and the CPU load of BENCH_LOAD.

import { type ChildProcess, fork, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, type BrowserContext, chromium } from 'playwright-core';
import { build, preview } from 'vite';

export const appDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const root = resolve(appDir, '../..');
export const DEMO = { email: 'demo@bahi.local', password: 'demo-trader-2026' };
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  // Nothing but 127.0.0.1 (which Chromium never proxies) is reachable: every other request goes to a closed port and
  // fails at once. A Playwright route would do it too, but it pauses every request, the import's megabytes of body
  // included, to ask this process, which a trader's browser never does: it doubled the time of an import's parts.
  '--proxy-server=127.0.0.1:9',
];

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};
export const verdict = (ok: boolean) => (ok ? 'ok' : 'OVER TARGET');
/** The 1-minute load average now, to print beside a figure (the machine may be busy with other work). */
export const load = () => `load ${loadavg()[0]?.toFixed(1)}`;
/** 12,345 ms: milliseconds grouped the Indian way, as the app writes counts. */
export const ms = (value: number) => `${Math.round(value).toLocaleString('en-IN')} ms`;
/** A figure with its target and verdict, and the load average at the moment it was measured. */
export const against = (value: number, targetMs: number) =>
  `${ms(value)} (target ≤ ${ms(targetMs)}: ${verdict(value <= targetMs)}) · ${load()}`;

/** Things started by a bench, stopped in the reverse order; each stop is bounded by its owner. */
export class Cleanups {
  readonly #stops: (() => Promise<unknown>)[] = [];
  add(stop: () => Promise<unknown>): void {
    this.#stops.push(stop);
  }
  async run(): Promise<void> {
    for (const stop of this.#stops.splice(0).reverse()) await stop().catch(() => undefined);
  }
}

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  await new Promise((done) => server.close(done));
  return port;
}

/** Resolves with `promise`, or rejects with "did not finish within N s" after `timeoutMs`. */
export async function within<T>(promise: Promise<T>, timeoutMs: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not finish within ${timeoutMs / 1000} s`)), timeoutMs);
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** The local stack as the benches drive it: its URL and keys, and SQL as the database owner. */
export interface BenchStack {
  url: string;
  anonKey: string;
  serviceRoleKey: string;
  sql<Row = Record<string, unknown>>(query: string, params?: unknown[]): Promise<Row[]>;
  stop(): Promise<void>;
}

/** Kills `child` when this process exits, however it exits (the benches' own deadline ends them with exit(1)). */
function killOnExit(child: ChildProcess): () => void {
  const kill = () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  };
  process.once('exit', kill);
  return () => process.off('exit', kill);
}

/**
 * Starts the local stack (the project's supabase/ folder: in-memory PGlite, or the PostgreSQL at `connectionString`)
 * on `port` in a child process (stack-process.ts). PGlite runs each query on its JavaScript thread, so a long RPC in
 * the bench's own process would stop its clocks and deadlines; in a child it cannot, and a stack stuck in a query is
 * killed. `stop()` asks the child to stop, and kills it after 10 s.
 */
export async function startStack(options: {
  port: number;
  siteUrl: string;
  connectionString?: string;
  timeoutMs?: number;
}): Promise<BenchStack> {
  const child = fork(join(appDir, 'bench', 'stack-process.ts'), [], {
    cwd: root,
    execArgv: ['--conditions=@bahi/source', '--import', 'tsx'],
    env: { ...process.env, BENCH_STACK: JSON.stringify({ ...options, workdir: root }) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const forget = killOnExit(child);
  const waiting = new Map<number, { resolve: (rows: unknown[]) => void; reject: (error: Error) => void }>();
  let next = 0;
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  child.on('message', (m: { id?: number; rows?: unknown[]; error?: string }) => {
    const call = m.id === undefined ? undefined : waiting.get(m.id);
    if (!call || m.id === undefined) return;
    waiting.delete(m.id);
    if (m.error !== undefined) call.reject(new Error(m.error));
    else call.resolve(m.rows ?? []);
  });
  child.once('exit', () => {
    for (const call of waiting.values()) call.reject(new Error('the stack stopped'));
    waiting.clear();
  });
  const stop = async () => {
    if (child.connected) child.send({ type: 'stop' });
    // A stack busy in a long query answers nothing: after 10 s it is killed.
    const kill = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(kill);
    forget();
  };
  try {
    const ready = await within(
      new Promise<{ url: string; anonKey: string; serviceRoleKey: string }>((resolveReady, reject) => {
        child.on(
          'message',
          (m: { type?: string; url: string; anonKey: string; serviceRoleKey: string; error?: string }) => {
            if (m.type === 'ready') resolveReady(m);
            if (m.type === 'failed') reject(new Error(`the local stack did not start: ${m.error}`));
          },
        );
        child.once('exit', (code) => reject(new Error(`the local stack exited (${code}) before it was ready`)));
      }),
      options.timeoutMs ?? 120_000,
      'starting the local stack',
    );
    return {
      url: ready.url,
      anonKey: ready.anonKey,
      serviceRoleKey: ready.serviceRoleKey,
      sql: <Row>(query: string, params: unknown[] = []) =>
        within(
          new Promise<Row[]>((resolveRows, reject) => {
            const id = next++;
            waiting.set(id, { resolve: (rows) => resolveRows(rows as Row[]), reject });
            child.send({ type: 'sql', id, query, params });
          }),
          60_000,
          'a SQL statement',
        ),
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** The app built against `apiUrl` (production mode, minified unless `minify` is false), served on `port`. */
export async function serveApp(options: {
  apiUrl: string;
  anonKey: string;
  port: number;
  minify?: boolean;
}): Promise<{ url: string; stop: () => Promise<void> }> {
  const url = `http://127.0.0.1:${options.port}`;
  const outDir = join(tmpdir(), `bahi-bench-app-${process.pid}`);
  Object.assign(process.env, {
    VITE_SUPABASE_URL: options.apiUrl,
    VITE_SUPABASE_ANON_KEY: options.anonKey,
    VITE_RESET_ALLOWED_ORIGINS: url,
    VITE_BOOTSTRAP_ADMIN_EMAIL: 'admin@bahi.local',
  });
  try {
    await build({
      root: appDir,
      logLevel: 'warn',
      build: { outDir, emptyOutDir: true, minify: options.minify ?? true },
    });
    const app = await preview({
      root: appDir,
      logLevel: 'warn',
      build: { outDir },
      preview: { port: options.port, strictPort: true, host: '127.0.0.1', open: false },
    });
    return {
      url,
      stop: async () => {
        await new Promise<void>((done) => app.httpServer.close(() => done()));
        rmSync(outDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(outDir, { recursive: true, force: true });
    throw error;
  }
}

export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) throw new Error(`No Chromium at ${CHROMIUM_PATH} (set CHROMIUM_PATH).`);
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

/** A fresh context (it may talk to 127.0.0.1 only: CHROMIUM_ARGS). */
export async function newContext(browser: Browser): Promise<BrowserContext> {
  return browser.newContext();
}

export interface Login {
  email: string;
  password: string;
}

/** A trader's session as supabase-js keeps it in localStorage (`sb-<ref>-auth-token`). */
export async function storedSession(
  apiUrl: string,
  anonKey: string,
  login: Login,
): Promise<{ key: string; value: string }> {
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
export async function signedInContext(
  browser: Browser,
  stack: Pick<BenchStack, 'url' | 'anonKey'>,
  login: Login = DEMO,
): Promise<BrowserContext> {
  const context = await newContext(browser);
  await context.addInitScript(
    ({ key, value }) => {
      if (!localStorage.getItem(key)) localStorage.setItem(key, value);
    },
    await storedSession(stack.url, stack.anonKey, login),
  );
  return context;
}

/**
 * A fresh trader (onboarded, two days old, an active subscription, so the access check runs as for a paying user),
 * made through the auth admin API and SQL as the service would.
 */
export async function createTrader(stack: BenchStack, label: string): Promise<Login & { id: string }> {
  const login = { email: `${label}-${process.pid}-${randomUUID().slice(0, 8)}@bahi.local`, password: randomUUID() };
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
  await stack.sql(`update auth.users set created_at = now() - interval '48 hours' where id = $1`, [id]);
  await stack.sql(
    `insert into public.subscriptions (user_id, status, plan, provider_subscription_id, end_date)
     values ($1, 'active', 'yearly', $2, now() + interval '300 days')`,
    [id, `bench_${id.slice(0, 8)}`],
  );
  return { ...login, id };
}

/**
 * Milliseconds from navigation start until `selector` is in the page, recorded in the page by a MutationObserver so
 * that Playwright's polling does not add to it. `verbose` prints when 'Verifying access...', the shell and the
 * dashboard first showed, and every request of the load.
 */
export async function timeToShown(
  context: BrowserContext,
  url: string,
  selector: string,
  options: { verbose?: boolean; timeoutMs?: number } = {},
): Promise<number> {
  const page = await context.newPage();
  try {
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
    // A string, since tsx would add helpers to a function's source that the page does not have.
    if (options.verbose) {
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
    await page.goto(url, { timeout: options.timeoutMs ?? 30_000 });
    await page
      .locator(selector)
      .first()
      .waitFor({ state: 'visible', timeout: options.timeoutMs ?? 30_000 });
    const at = await page.evaluate(() => (window as unknown as { __seedShownAt?: number }).__seedShownAt);
    if (options.verbose) {
      console.log(`  first shown (ms): ${await page.evaluate('JSON.stringify(window.__marks)')}`);
      const entries = await page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .map((e) => e as PerformanceResourceTiming)
          .map((e) => `${e.startTime.toFixed(0).padStart(6)} → ${e.responseEnd.toFixed(0).padStart(6)}  ${e.name}`),
      );
      console.log(`  run: ${selector} at ${at?.toFixed(0)} ms\n${entries.map((e) => `  ${e}`).join('\n')}`);
    }
    if (at === undefined) throw new Error(`${selector} was never recorded as shown`);
    return at;
  } finally {
    await page.close();
  }
}

/**
 * BENCH_LOAD=n: n child processes that each keep a core busy for the whole run, so that the same figures can be
 * taken on a loaded machine. Returns their stop.
 */
export function startCpuLoad(processes: number): () => Promise<void> {
  const children = Array.from({ length: processes }, () => {
    const child = spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' });
    return { child, forget: killOnExit(child) };
  });
  return async () => {
    for (const { child, forget } of children) {
      child.kill('SIGKILL');
      forget();
    }
  };
}
