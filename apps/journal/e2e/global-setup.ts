// Starts, once per run: the local Supabase stack (in-memory PGlite, the project's supabase/ folder, a free port),
// a build of the app pointed at it, served by `vite preview`, and a small SQL endpoint for tests to arrange what
// no public API can (an account's age). Tests find them through the BAHI_E2E_* environment variables.
import { existsSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig, startServer } from '@bahi/supabase-local';
import { build, preview } from 'vite';

const appDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const root = resolve(appDir, '../..');

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  await new Promise((done) => server.close(done));
  return port;
}

export default async function globalSetup() {
  const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(chromium)) {
    throw new Error(`No Chromium at ${chromium}: apt-get install -y chromium, or set CHROMIUM_PATH.`);
  }
  const appPort = await freePort();
  const appUrl = `http://127.0.0.1:${appPort}`;

  const config = await loadConfig({ workdir: root, port: 0 });
  config.auth.siteUrl = appUrl;
  config.auth.additionalRedirectUrls = [appUrl, `${appUrl}/reset-password`, `${appUrl}/verify-email`];
  const stack = await startServer(config);

  // Test-only: run one SQL statement as the database owner (created_at of an account cannot be set over the API).
  const sql = createServer(async (req, res) => {
    try {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const { query, params } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
        query: string;
        params?: unknown[];
      };
      const result = await stack.db.query(query, params ?? []);
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(result.rows));
    } catch (error) {
      res.writeHead(400, { 'content-type': 'text/plain' }).end(error instanceof Error ? error.message : String(error));
    }
  });
  await new Promise<void>((done) => sql.listen(0, '127.0.0.1', done));

  const outDir = join(tmpdir(), `bahi-e2e-app-${process.pid}`);
  Object.assign(process.env, {
    VITE_SUPABASE_URL: stack.url,
    VITE_SUPABASE_ANON_KEY: stack.anonKey,
    VITE_RESET_ALLOWED_ORIGINS: appUrl,
    VITE_BOOTSTRAP_ADMIN_EMAIL: 'admin@bahi.local',
  });
  await build({ root: appDir, logLevel: 'warn', build: { outDir, emptyOutDir: true } });
  const app = await preview({
    root: appDir,
    logLevel: 'warn',
    build: { outDir },
    preview: { port: appPort, strictPort: true, host: '127.0.0.1' },
  });

  Object.assign(process.env, {
    BAHI_E2E_APP_URL: appUrl,
    BAHI_E2E_API_URL: stack.url,
    BAHI_E2E_ANON_KEY: stack.anonKey,
    BAHI_E2E_SERVICE_KEY: stack.serviceRoleKey,
    BAHI_E2E_SQL_URL: `http://127.0.0.1:${(sql.address() as AddressInfo).port}`,
  });

  return async () => {
    await new Promise<void>((done) => app.httpServer.close(() => done()));
    await new Promise((done) => sql.close(done));
    await stack.stop();
    rmSync(outDir, { recursive: true, force: true });
  };
}
