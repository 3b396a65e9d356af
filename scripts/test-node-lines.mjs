// `npm run test:node-lines`: the packages' unit suites (the published auth-machine, billing and supabase-local, and
// trading) again on each Node LTS line the engines name, with Node taken from the npm registry's `node` package (its
// binary comes from the registry too: no other download). CI runs it after `npm test`, which runs on the machine's
// own Node. NODE_LINES="22 24" by default.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const lines = (process.env.NODE_LINES ?? '22 24').split(/\s+/).filter(Boolean);
const projects = ['supabase-local', 'trading', 'auth-machine', 'billing'];
const failed = [];
for (const line of lines) {
  const prefix = mkdtempSync(join(tmpdir(), `bahi-node${line}-`));
  try {
    const install = spawnSync(
      'npm',
      ['install', '--prefix', prefix, '--no-save', '--no-audit', '--no-fund', `node@${line}`],
      {
        stdio: ['ignore', 'ignore', 'inherit'],
      },
    );
    const node = join(prefix, 'node_modules', 'node', 'bin', 'node');
    const version = spawnSync(node, ['--version'], { encoding: 'utf8' });
    if (install.status !== 0 || version.status !== 0) {
      console.error(`Node ${line} could not be installed from the npm registry (npm install node@${line}).`);
      failed.push(line);
      continue;
    }
    console.log(`\n== the packages' unit suites on Node ${version.stdout.trim()}`);
    const run = spawnSync(
      node,
      ['node_modules/vitest/vitest.mjs', 'run', ...projects.flatMap((p) => ['--project', p])],
      // vitest's workers are started with process.execPath; npm and tools found on PATH are this Node's too.
      {
        stdio: 'inherit',
        env: { ...process.env, PATH: `${join(prefix, 'node_modules', 'node', 'bin')}:${process.env.PATH}` },
      },
    );
    if (run.status !== 0) failed.push(line);
  } finally {
    rmSync(prefix, { recursive: true, force: true });
  }
}
if (failed.length > 0) {
  console.error(`\nThe unit suites failed on Node ${failed.join(' and ')}.`);
  process.exit(1);
}
