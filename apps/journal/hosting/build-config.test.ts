// `vite build` with missing or malformed settings stops before building, with the list of problems, never a blank
// page (vite.config.ts's config check). Run in a child process: the check ends the process. The build with valid
// settings, and the files the hosting plugin writes, run in e2e/csp.spec.ts.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const appDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
// No .env files: only the settings each case passes.
const emptyEnvDir = mkdtempSync(join(tmpdir(), 'bahi-env-'));
const outDir = mkdtempSync(join(tmpdir(), 'bahi-build-'));
afterAll(() => {
  rmSync(emptyEnvDir, { recursive: true, force: true });
  rmSync(outDir, { recursive: true, force: true });
});

function viteBuild(settings: Record<string, string>) {
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('VITE_')));
  const script = `import('vite').then(({ build }) => build(${JSON.stringify({
    root: appDir,
    envDir: emptyEnvDir,
    logLevel: 'error',
    build: { outDir, emptyOutDir: true },
  })}))`;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: appDir,
    env: { ...env, ...settings },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

describe('vite build without a usable configuration', () => {
  it('stops and names every missing setting', () => {
    const { status, output } = viteBuild({});
    expect(status).toBe(1);
    expect(output).toContain("The app's configuration is incomplete:");
    expect(output).toContain('  - VITE_SUPABASE_URL is not set (for example https://abcd.supabase.co).');
    expect(output).toContain('  - VITE_SUPABASE_ANON_KEY is not set (the anon or publishable key).');
    expect(output).toContain('Set them in apps/journal/.env.local or the environment.');
  });

  it('stops on malformed settings, saying what is wrong with each', () => {
    const { status, output } = viteBuild({
      VITE_SUPABASE_URL: 'abcd.supabase.co',
      VITE_SUPABASE_ANON_KEY: 'not-a-key',
      VITE_RAZORPAY_KEY_ID: 'rzp_prod_123',
    });
    expect(status).toBe(1);
    expect(output).toContain('VITE_SUPABASE_URL is not an http(s) URL: "abcd.supabase.co".');
    expect(output).toContain('VITE_SUPABASE_ANON_KEY is neither a JWT nor a publishable key (sb_publishable_…).');
    expect(output).toContain('VITE_RAZORPAY_KEY_ID must look like rzp_test_… or rzp_live_…, not "rzp_prod_123".');
  });
});
