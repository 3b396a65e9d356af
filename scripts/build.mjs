// `npm run build` at the root: the published packages' dist/ and the app's build, side by side where nothing waits on
// another. @bahi/billing's declarations name @bahi/auth-machine's (its build reads that package's dist/), so those two
// go one after the other; @bahi/supabase-local and the app (which builds from the packages' sources) go beside them.
import { spawn } from 'node:child_process';

const build = (workspace) =>
  new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', 'build', '-w', workspace], { stdio: 'inherit' });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${workspace}: build failed (${code})`))));
  });

const started = performance.now();
try {
  await Promise.all([
    build('@bahi/auth-machine').then(() => build('@bahi/billing')),
    build('@bahi/supabase-local'),
    build('@bahi/journal'),
  ]);
  console.log(`\nBuilt in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
