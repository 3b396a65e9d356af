// `npm run bench`: runs every package's benchmark script in turn and prints its figures. One that fails, or does not
// finish within BENCH_PACKAGE_TIMEOUT_S seconds (default 3,600), does not stop the others: the run goes on, names
// it at the end, and exits 1.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const roots = ['packages', 'apps'];
const timeoutS = Number(process.env.BENCH_PACKAGE_TIMEOUT_S ?? 3600) || 3600;
const outcomes = [];
/** The bench running now: Ctrl-C stops its whole group too (a detached group does not get the terminal's signal). */
let current;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (current) process.kill(-current.pid, signal);
    process.exit(130);
  });
}
for (const root of roots) {
  if (!existsSync(root)) continue;
  for (const dir of readdirSync(root)) {
    const manifest = join(root, dir, 'package.json');
    if (!existsSync(manifest)) continue;
    const pkg = JSON.parse(readFileSync(manifest, 'utf8'));
    if (!pkg.scripts?.bench) continue;
    console.log(`\n== ${pkg.name}`);
    const started = Date.now();
    // Its own process group, so that a bench stopped at its deadline takes its children (servers, Chromium) along.
    const child = spawn('npm', ['run', '--silent', 'bench', '-w', pkg.name], { stdio: 'inherit', detached: true });
    current = child;
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      process.kill(-child.pid, 'SIGKILL');
    }, timeoutS * 1000);
    const status = await new Promise((resolve) => child.on('exit', (code, signal) => resolve(code ?? signal)));
    clearTimeout(timer);
    const seconds = Math.round((Date.now() - started) / 1000);
    const problem = timedOut
      ? `did not finish within ${timeoutS} s (stopped)`
      : status !== 0
        ? `failed (exit ${status})`
        : null;
    outcomes.push({ name: pkg.name, seconds, problem });
  }
}
if (outcomes.length === 0) console.log('No package has a benchmark yet.');
else {
  console.log('\n== benches');
  for (const o of outcomes) console.log(`  ${o.name}: ${o.problem ?? 'done'} in ${o.seconds} s`);
}
if (outcomes.some((o) => o.problem)) process.exit(1);
