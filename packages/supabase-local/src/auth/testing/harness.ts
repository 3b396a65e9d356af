// Test harness for the auth service and the inbox: an in-memory PGlite with the bootstrap SQL, a ServiceContext,
// and a tiny node:http server so that the real supabase-js client can drive the handlers.

import { readdirSync, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';
import { uuid_ossp } from '@electric-sql/pglite/contrib/uuid_ossp';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { createKeys, DEFAULT_JWT_SECRET } from '../../jwt.ts';
import { createMailbox } from '../../mail/index.ts';
import type { AuthSettings, Database, LocalConfig, Queryable, ServiceContext, ServiceHandler } from '../../types.ts';
import { handleAuth } from '../index.ts';
import { setBcryptCost } from '../validate.ts';

const here = dirname(fileURLToPath(import.meta.url));
const SQL_DIR = join(here, '..', '..', 'sql');

function wrap(q: PGlite | Transaction): Queryable {
  return {
    async query(sql, params) {
      const result = await q.query(sql, params as unknown[] | undefined);
      return { rows: result.rows as never[], affectedRows: result.affectedRows ?? 0, fields: result.fields };
    },
    async exec(sql) {
      await q.exec(sql);
    },
  };
}

/** A minimal `Database` over in-memory PGlite (the database layer's own one replaces it in the server). */
export async function createTestDatabase(): Promise<Database> {
  const pg = await PGlite.create({ extensions: { pgcrypto, uuid_ossp } });
  await pg.exec('create extension if not exists pgcrypto; create extension if not exists "uuid-ossp";');
  const base = wrap(pg);
  const db: Database = {
    ...base,
    transaction: (fn) => pg.transaction((tx) => fn(wrap(tx))),
    close: () => pg.close(),
  };
  const files = readdirSync(SQL_DIR)
    .filter((f) => f.endsWith('.sql'))
    .sort();
  const coreBootstrap = files.includes('10-auth.sql');
  if (!coreBootstrap) await db.exec(readFileSync(join(here, 'fallback-bootstrap.sql'), 'utf8'));
  // The bootstrap up to and including the auth tables (roles, auth.users, ours, OAuth clients); storage and later are
  // not needed.
  for (const file of files) {
    if (file >= '30' || (!coreBootstrap && file !== '20-auth.sql')) continue;
    await db.exec(readFileSync(join(SQL_DIR, file), 'utf8'));
  }
  return db;
}

export function testAuthSettings(overrides: Partial<AuthSettings> = {}): AuthSettings {
  return {
    siteUrl: 'http://localhost:3000',
    additionalRedirectUrls: ['https://app.example.com/**'],
    jwtExpiry: 3600,
    enableSignup: true,
    enableConfirmations: true,
    minimumPasswordLength: 6,
    enableAnonymousSignIns: true,
    enableRefreshTokenRotation: true,
    refreshTokenReuseInterval: 10,
    mfaTotpEnrollEnabled: true,
    mfaTotpVerifyEnabled: true,
    mfaWebAuthnEnrollEnabled: false,
    mfaWebAuthnVerifyEnabled: false,
    testOtp: { '14152127777': '123456' },
    // A shared stack signs in far more often than GoTrue's defaults allow one address; the limit tests set their own.
    rateLimit: {
      emailSent: 100_000,
      smsSent: 100_000,
      anonymousUsers: 100_000,
      tokenRefresh: 100_000,
      signInSignUps: 100_000,
      tokenVerifications: 100_000,
    },
    emailMaxFrequency: 0,
    sms: { enableSignup: true, enableConfirmations: false, maxFrequency: 0, template: 'Your code is {{ .Code }}' },
    ...overrides,
  };
}

export function testConfig(auth: Partial<AuthSettings> = {}, jwtSecret = DEFAULT_JWT_SECRET): LocalConfig {
  return { workdir: process.cwd(), port: 0, jwtSecret, auth: testAuthSettings(auth) };
}

async function toRequest(req: IncomingMessage, base: string): Promise<Request> {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else if (value !== undefined) headers.set(name, value);
  }
  // As the local server does: the client's address for the per-IP limits.
  headers.set('sb-forwarded-for', (req.socket.remoteAddress ?? '').replace(/^::ffff:/, ''));
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const method = req.method ?? 'GET';
  const body = method === 'GET' || method === 'HEAD' || chunks.length === 0 ? undefined : Buffer.concat(chunks);
  return new Request(new URL(req.url ?? '/', base), { method, headers, body });
}

async function send(res: ServerResponse, response: Response): Promise<void> {
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  res.writeHead(response.status, headers);
  res.end(Buffer.from(await response.arrayBuffer()));
}

export interface TestStack {
  url: string;
  ctx: ServiceContext;
  db: Database;
  fetch: (path: string, init?: RequestInit) => Promise<Response>;
  /** A supabase-js client on the anon key (or another key), with no persistence or timers. */
  client(key?: string, options?: { flowType?: 'implicit' | 'pkce' }): SupabaseClient;
  admin(): SupabaseClient;
  close(): Promise<void>;
}

/** Boots PGlite, the keys, the inbox and an HTTP server that mounts /auth/v1 and the inbox routes. */
export async function startTestStack(
  config: LocalConfig = testConfig(),
  shared?: { db: Database },
): Promise<TestStack> {
  // Cheap hashes keep the suite fast; the cost does not change behaviour (the bench measures the real one).
  setBcryptCost(4);
  const db = shared?.db ?? (await createTestDatabase());
  const keys = await createKeys(config);
  const mailbox = await createMailbox(db);
  const ctx: ServiceContext = { db, config, keys, mail: mailbox, apiUrl: 'http://127.0.0.1:0' };
  const route: ServiceHandler = async (req, c) => {
    const { pathname } = new URL(req.url);
    if (pathname.startsWith('/auth/v1/')) return handleAuth(req, c);
    if (pathname === '/inbox' || pathname.startsWith('/inbox/') || pathname.startsWith('/api/v1/')) {
      return mailbox.handle(req, c);
    }
    return new Response('not found', { status: 404 });
  };
  const server = createServer((req, res) => {
    toRequest(req, ctx.apiUrl)
      .then((request) => route(request, ctx))
      .then((response) => send(res, response))
      .catch((err: unknown) => {
        res.writeHead(500);
        res.end(String(err));
      });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  ctx.apiUrl = `http://127.0.0.1:${port}`;
  const url = ctx.apiUrl;

  const client = (key = keys.anonKey, options: { flowType?: 'implicit' | 'pkce' } = {}) =>
    createClient(url, key, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false, flowType: options.flowType },
      realtime: { transport: WebSocket as never },
    });

  return {
    url,
    ctx,
    db,
    fetch: (path, init) => fetch(`${url}${path}`, { redirect: 'manual', ...init }),
    client,
    admin: () => client(keys.serviceRoleKey),
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      if (!shared) await db.close();
    },
  };
}

/** The newest message to an address, from the inbox's JSON API (what a person would open). */
export async function latestMail(
  stack: TestStack,
  to: string,
): Promise<{ ID: string; Subject: string; Text: string; HTML: string; Links: string[] }> {
  const list = (await (await stack.fetch(`/api/v1/messages?query=${encodeURIComponent(`to:${to}`)}`)).json()) as {
    messages: { ID: string }[];
  };
  const first = list.messages[0];
  if (!first) throw new Error(`No mail to ${to}`);
  return (await (await stack.fetch(`/api/v1/message/${first.ID}`)).json()) as never;
}

/** The fragment (or query) parameters of a redirect Location. */
export function fragmentOf(location: string): URLSearchParams {
  return new URLSearchParams(new URL(location).hash.slice(1));
}
