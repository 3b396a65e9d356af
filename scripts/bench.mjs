// `npm run bench`: runs every package's benchmark script in turn and prints its figures.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const roots = ['packages', 'apps'];
let ran = 0;
for (const root of roots) {
  if (!existsSync(root)) continue;
  for (const dir of readdirSync(root)) {
    const manifest = join(root, dir, 'package.json');
    if (!existsSync(manifest)) continue;
    const pkg = JSON.parse(readFileSync(manifest, 'utf8'));
    if (!pkg.scripts?.bench) continue;
    console.log(`\n== ${pkg.name}`);
    const result = spawnSync('npm', ['run', '--silent', 'bench', '-w', pkg.name], { stdio: 'inherit' });
    if (result.status !== 0) process.exit(result.status ?? 1);
    ran++;
  }
}
if (ran === 0) console.log('No package has a benchmark yet.');
