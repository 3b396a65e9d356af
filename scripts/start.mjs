// `npm start`: the local Supabase stack (persisted under .supabase-local/, seeded on its first run) and the app's
// Vite dev server, wired together through environment variables only (nothing is written into the repo).
// Ctrl-C (SIGINT) or SIGTERM stops both.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const appDir = join(root, 'apps', 'journal');
const APP_PORT = 5173;

// packages/supabase-local is TypeScript source: load it through tsx, in this process.
register();
// A journal of years runs its imports and reads about a third faster on PGlite's optimized WebAssembly, for some
// 70 MB more memory than supabase-local's low-memory default (packages/supabase-local/README.md).
process.env.SUPABASE_LOCAL_WASM_TIERUP ??= '1';
const { defaultDataDir, loadConfig, startServer } = await import('@bahi/supabase-local');

const config = await loadConfig({ workdir: root, dataDir: defaultDataDir(root) });
let server;
try {
  server = await startServer(config);
} catch (error) {
  console.error(`npm start: the local stack did not start.\n${error instanceof Error ? error.message : error}`);
  process.exit(1);
}

const appEnv = {
  VITE_SUPABASE_URL: server.url,
  VITE_SUPABASE_ANON_KEY: server.anonKey,
  // Unset: the app pays through the local stack's Razorpay sandbox (the stack gives the function its keys).
  VITE_RAZORPAY_KEY_ID: process.env.VITE_RAZORPAY_KEY_ID,
  VITE_BOOTSTRAP_ADMIN_EMAIL: process.env.VITE_BOOTSTRAP_ADMIN_EMAIL ?? 'admin@bahi.local',
};
const viteBin = join(dirname(createRequire(import.meta.url).resolve('vite/package.json')), 'bin', 'vite.js');
const vite = spawn(process.execPath, [viteBin, '--port', String(APP_PORT), '--strictPort'], {
  cwd: appDir,
  env: { ...process.env, ...appEnv },
  stdio: ['ignore', 'pipe', 'inherit'],
});

let stopping = false;
async function stop(code) {
  if (stopping) return;
  stopping = true;
  if (vite.exitCode === null && vite.signalCode === null) {
    const exited = new Promise((done) => vite.once('exit', done));
    vite.kill('SIGTERM');
    const timer = setTimeout(() => vite.kill('SIGKILL'), 3000);
    await exited;
    clearTimeout(timer);
  }
  await server.stop().catch(() => undefined);
  console.log('Stopped the app and the local stack.');
  process.exit(code);
}
process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));
vite.on('exit', (code) => {
  if (!stopping) {
    console.error(`npm start: the Vite dev server stopped (exit code ${code}).`);
    void stop(code || 1);
  }
});

let announced = false;
vite.stdout.setEncoding('utf8');
vite.stdout.on('data', (chunk) => {
  if (announced) {
    process.stdout.write(chunk);
    return;
  }
  if (!/ready in/i.test(chunk)) return;
  announced = true;
  console.log(`
Bahi is running.

  App        http://localhost:${APP_PORT}
  API        ${server.url}
  Inbox      ${server.inboxUrl}   (sign-up and password-reset mail)
  Database   ${config.dataDir}

  Demo logins
    demo@bahi.local  / demo-trader-2026   a trader with a few months of trades and an active subscription
    admin@bahi.local / admin-bahi-2026    the bootstrap admin (gets its roles on first load)

Press Ctrl-C to stop.
`);
});
