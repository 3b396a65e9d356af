import { execFileSync } from 'node:child_process';
import { PUBLISHED, repoRoot } from './packages.ts';

/** Builds every published package once (dist/), in dependency order, before the test files run. */
export default function setup(): void {
  execFileSync('npm', ['run', 'build', ...PUBLISHED.flatMap((p) => ['-w', p.name])], {
    cwd: repoRoot,
    stdio: 'pipe',
    encoding: 'utf8',
  });
}
