// Issue 15: the gzip JavaScript each route makes the browser load, from a production build, against its budget; issue
// 28: its whole first load (JavaScript, CSS and the font), against the whole budget.
// Bytes are deterministic, so this is a test; load times stay in the benchmark (bench/bench.ts).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  budgetKb,
  closureFiles,
  describeWeight,
  describeWhole,
  ROUTE_BUDGETS,
  type RouteWeight,
  staticClosure,
  WHOLE_BUDGETS,
  type WholeWeight,
  weighRoutes,
  weighWhole,
} from './route-budgets';

const appDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const emptyEnvDir = mkdtempSync(join(tmpdir(), 'bahi-env-'));
const outDir = mkdtempSync(join(tmpdir(), 'bahi-budget-'));
afterAll(() => {
  rmSync(emptyEnvDir, { recursive: true, force: true });
  rmSync(outDir, { recursive: true, force: true });
});

let weights: RouteWeight[] = [];
let wholes: WholeWeight[] = [];

beforeAll(() => {
  // A production build with the manifest (only here: the deployed folder has none), in a child process as in
  // build-config.test.ts, with settings of the same shape as a deployment's.
  // Without vitest's NODE_ENV=test, which would make the build bundle React's development code.
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !name.startsWith('VITE_') && name !== 'NODE_ENV'),
  );
  const script = `import('vite').then(({ build }) => build(${JSON.stringify({
    root: appDir,
    mode: 'production',
    envDir: emptyEnvDir,
    logLevel: 'error',
    build: { outDir, emptyOutDir: true, manifest: true },
  })}))`;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: appDir,
    env: {
      ...env,
      VITE_SUPABASE_URL: 'https://abcdefghijklmnopqrst.supabase.co',
      VITE_SUPABASE_ANON_KEY: 'sb_publishable_budget_test_key',
    },
    encoding: 'utf8',
    timeout: 120_000,
  });
  if (run.status !== 0) throw new Error(`vite build failed:\n${run.stdout}${run.stderr}`);
  weights = weighRoutes(outDir);
  wholes = weighWhole(outDir);
}, 150_000);

/** A ceiling stands only above its target, and only while the route is still over that target (`unit`: bytes a KB). */
function expectCeilingsStillNeeded(
  routes: readonly { route: string; targetKb: number; ceilingKb?: number; bytes: number }[],
  unit: number,
) {
  for (const weight of routes.filter((w) => w.ceilingKb !== undefined)) {
    expect(weight.ceilingKb, `${weight.route}: the target is met, remove its ceiling`).toBeGreaterThan(weight.targetKb);
    expect(weight.bytes, `${weight.route}: now within its target, remove its ceiling`).toBeGreaterThan(
      weight.targetKb * unit,
    );
  }
}

describe('staticClosure', () => {
  it('follows static imports once each and leaves dynamic ones out', () => {
    const manifest = {
      'index.html': { file: 'assets/index.js', imports: ['_shared.js'] },
      '_shared.js': { file: 'assets/shared.js', imports: ['index.html'] },
      'src/page.tsx': { file: 'assets/page.js', imports: ['_shared.js', '_style.css'] },
      '_style.css': { file: 'assets/style.css' },
      'src/other.tsx': { file: 'assets/other.js' },
    };
    expect(staticClosure(manifest, ['index.html', 'src/page.tsx']).sort()).toEqual([
      'assets/index.js',
      'assets/page.js',
      'assets/shared.js',
    ]);
  });

  it("finds a page whose chunk its own lazy parts import from under the shared key Vite gives it, by the chunk's name", () => {
    const manifest = {
      '_tax-page-x1.js': { file: 'assets/tax-page-x1.js', name: 'tax-page', imports: ['_shared.js'] },
      '_shared.js': { file: 'assets/shared.js' },
      'src/drill-down.tsx': { file: 'assets/drill-down.js', imports: ['_tax-page-x1.js'] },
    };
    expect(staticClosure(manifest, ['src/tax/tax-page.tsx'])).toEqual(['assets/tax-page-x1.js', 'assets/shared.js']);
    expect(() => staticClosure(manifest, ['src/trades/trades-page.tsx'])).toThrow(
      'the build manifest has no chunk for src/trades/trades-page.tsx',
    );
  });

  it('brings the style sheets of the chunks it reaches, and not those of a chunk left out', () => {
    const manifest = {
      'index.html': { file: 'assets/index.js', imports: ['_shared.js'] },
      '_shared.js': { file: 'assets/shared.js', css: ['assets/shared.css'] },
      'src/other.tsx': { file: 'assets/other.js', css: ['assets/other.css'] },
    };
    expect(closureFiles(manifest, ['index.html'])).toEqual({
      js: ['assets/index.js', 'assets/shared.js'],
      css: ['assets/shared.css'],
    });
  });
});

describe('JavaScript each route loads (gzip)', () => {
  it.each(ROUTE_BUDGETS.map((b) => b.route))('%s stays within its budget', (route) => {
    const weight = weights.find((w) => w.route === route)!;
    expect(weight.gzip, describeWeight(weight)).toBeLessThanOrEqual(budgetKb(weight) * 1024);
  });

  it('holds a route to a ceiling only while it is over its target', () => {
    expectCeilingsStillNeeded(
      weights.map((w) => ({ ...w, bytes: w.gzip })),
      1024,
    );
  });
});

describe('everything each route loads first: JavaScript and CSS (gzip) and the font', () => {
  it.each(WHOLE_BUDGETS.map((b) => b.route))('%s stays within its budget', (route) => {
    const weight = wholes.find((w) => w.route === route)!;
    // The one font file: Inter's core, never its whole Latin file.
    expect(weight.font).toBeLessThan(32_000);
    expect(weight.bytes, describeWhole(weight)).toBeLessThanOrEqual(budgetKb(weight) * 1000);
  });

  it('holds a route to a ceiling only while it is over its target', () => {
    expectCeilingsStillNeeded(wholes, 1000);
  });
});
