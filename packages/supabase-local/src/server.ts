// The local API: one node:http server routing /auth/v1, /rest/v1, /functions/v1, /storage/v1 and the inbox,
// with Supabase's CORS, body limits, and JSON errors for anything that goes wrong.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { basename, dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { AuthError, handleAuth } from './auth/index.ts';
import type { StackConfig } from './config.ts';
import { type LocalDatabase, openDatabase } from './db/index.ts';
import { bootstrap, migrate } from './db/migrate.ts';
import { createFunctionsService } from './functions/index.ts';
import { jsonTooDeep, MAX_JSON_DEPTH } from './json-depth.ts';
import { createKeys } from './jwt.ts';
import { createMailbox } from './mail/index.ts';
import {
  createRazorpaySandbox,
  LOCAL_RAZORPAY_KEY_ID,
  LOCAL_RAZORPAY_KEY_SECRET,
  LOCAL_RAZORPAY_WEBHOOK_PATH,
  RAZORPAY_SANDBOX_PATH,
} from './razorpay-sandbox/index.ts';
import type { Realtime } from './realtime/index.ts';
import { BodyTooLarge, bodyStream, discardBody, readBody, streamOf } from './request-body.ts';
import { createRestService } from './rest/index.ts';
import { badPathEncoding, type Service, serviceError, serviceOf, tooLarge, unexpected } from './service-errors.ts';
import { applyConfigBuckets } from './storage/config-buckets.ts';
import { createStorageService } from './storage/index.ts';
import type { Database, LocalConfig, ServiceContext } from './types.ts';

/** A started stack, as {@link startServer} returns it. */
export interface RunningServer {
  /** The API's base URL (`http://127.0.0.1:54321`): give it to `createClient`. */
  url: string;
  /** The `anon` API key (a JWT signed with the configured secret). */
  anonKey: string;
  /** The `service_role` API key: bypasses RLS; keep it out of browsers. */
  serviceRoleKey: string;
  /** The local mail inbox, where sign-up and password-reset mail lands. */
  inboxUrl: string;
  /** The stack's database (PGlite runs one query at a time: use it between requests, not instead of them). */
  db: Database;
  /** Re-reads the data API's schema cache (after DDL run outside migrations). */
  reloadSchema(): Promise<void>;
  /** Closes the port and, unless it was passed in `options.db`, the database. */
  stop(): Promise<void>;
}

/** Options of {@link startServer}. */
export interface StartOptions {
  /** Use this database instead of opening one (it is not closed on stop). */
  db?: Database;
  /** Run supabase/seed.sql even when the database is not fresh (reset). */
  seed?: boolean;
  /** Host to listen on, default 127.0.0.1. */
  host?: string;
  /**
   * Body limit in bytes for the data API, auth, functions, inbox and Razorpay sandbox (default 8 MiB: a body becomes
   * a parameter inside PGlite's WebAssembly memory, which never shrinks); storage uploads get `uploadLimit`
   * (default `[storage] file_size_limit`, 50 MiB), storage's JSON endpoints 1 MiB as Storage's Fastify.
   */
  bodyLimit?: number;
  /** Body limit in bytes for storage uploads (default `[storage] file_size_limit`, 50 MiB). */
  uploadLimit?: number;
  /** The deepest JSON nesting the data API, auth and storage accept in a body (default 512). */
  maxJsonDepth?: number;
  /** Log one line per request. */
  log?: (line: string) => void;
}

/** The API port is taken by another process. */
export class PortInUseError extends Error {
  constructor(
    /** The port that was asked for. */
    readonly port: number,
  ) {
    super(
      `Port ${port} is already in use. Stop the other process (is another supabase-local or supabase start running?) ` +
        'or pick another port with --port.',
    );
    this.name = 'PortInUseError';
  }
}

const CORS_HEADERS: Record<string, string> = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS',
  'access-control-allow-headers':
    'authorization, apikey, x-client-info, x-supabase-api-version, content-type, content-profile, accept-profile, ' +
    'prefer, range, range-unit, x-upsert, cache-control, x-requested-with, accept, accept-encoding, content-length',
  'access-control-expose-headers':
    'Content-Range, Content-Location, Location, X-Total-Count, x-sb-error-code, X-Supabase-Api-Version, Preference-Applied',
  'access-control-max-age': '86400',
};

const jsonError = (status: number, body: Record<string, unknown>): Response =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json; charset=utf-8' } });

/** Whether a path's percent-encoding decodes (no `%ZZ`, no invalid UTF-8 such as an encoded lone surrogate). */
function decodes(path: string): boolean {
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}

/**
 * GoTrue (Go's encoding/json) refuses JSON nested deeper than its limit; the local auth also refuses NUL, which
 * PostgreSQL text cannot hold. Checked here, before the auth service parses the body.
 */
function authBodyRefusal(text: string, maxDepth: number): AuthError | undefined {
  if (jsonTooDeep(text, maxDepth)) {
    return new AuthError(400, 'bad_json', 'Could not parse request body as JSON: exceeded max depth');
  }
  if (text.includes('\\u0000') || text.includes('\0')) {
    return new AuthError(400, 'validation_failed', 'Request body contains a NUL character (U+0000)');
  }
  return undefined;
}

const COMPRESSIBLE = /^(application\/(json|vnd\.pgrst\.[a-z.+-]*|openapi\+json|geo\+json)|text\/csv)\b/i;
const gzipAsync = promisify(gzip);
/**
 * zlib's fastest level: a whole heavy journal (11.7 MB of JSON) compresses in half the time of the default level 6
 * (136 against 285 ms) for 4% more bytes, and an answer waits for its compression.
 */
const GZIP_LEVEL = 1;

/**
 * Whether an answer may go out gzip-compressed, as hosted Supabase's gateway sends the data API's and auth's: the
 * client accepts gzip, and the body is whole (no range) JSON or CSV. Both services answer from memory, so the body is
 * read whole and compressed when it is 1 KB or more.
 */
function mayCompress(service: Service, acceptEncoding: string | undefined, response: Response): boolean {
  if (service !== 'rest' && service !== 'auth') return false;
  if (!acceptEncoding || !/(^|,)\s*gzip\s*(,|$|;(?!\s*q=0(\.0*)?\s*(,|$)))/i.test(acceptEncoding)) return false;
  const h = response.headers;
  return response.status !== 206 && !h.has('content-encoding') && COMPRESSIBLE.test(h.get('content-type') ?? '');
}

async function send(res: ServerResponse, response: Response, head: boolean, compress: boolean): Promise<void> {
  const headers: Record<string, string | string[]> = { ...CORS_HEADERS };
  response.headers.forEach((value, name) => {
    if (name === 'set-cookie') return;
    headers[name] = value;
  });
  const cookies = response.headers.getSetCookie?.() ?? [];
  if (cookies.length) headers['set-cookie'] = cookies;
  if (compress && !head && response.body) {
    let bytes = Buffer.from(await response.arrayBuffer());
    headers.vary = headers.vary ? `${headers.vary}, Accept-Encoding` : 'Accept-Encoding';
    if (bytes.length >= 1024) {
      bytes = await gzipAsync(bytes, { level: GZIP_LEVEL });
      headers['content-encoding'] = 'gzip';
    }
    headers['content-length'] = String(bytes.length);
    res.writeHead(response.status, headers);
    res.end(bytes);
    return;
  }
  res.writeHead(response.status, headers);
  if (head || !response.body) {
    res.end();
    return;
  }
  const body = Readable.fromWeb(response.body as import('node:stream/web').ReadableStream);
  await new Promise<void>((resolve) => {
    body.on('error', () => {
      res.destroy();
      resolve();
    });
    res.on('close', resolve);
    body.pipe(res);
  });
}

/**
 * Starts the local stack on `config.port`: binds the port, opens the database, runs the bootstrap, the migrations
 * not yet applied and (on a fresh database) the seed, creates the `[storage.buckets.*]` buckets, then serves
 * `/rest/v1`, `/auth/v1`, `/storage/v1`, `/functions/v1` and the inbox.
 *
 * @throws {@link PortInUseError}, {@link MigrationError}, {@link CorruptDataDirError} or {@link DataDirInUseError}
 */
export async function startServer(
  config: LocalConfig | StackConfig,
  options: StartOptions = {},
): Promise<RunningServer> {
  const stack = config as Partial<StackConfig> & LocalConfig;
  const schemas = stack.schemas ?? ['public', 'graphql_public'];
  const host = options.host ?? '127.0.0.1';
  const bodyLimit = options.bodyLimit ?? 8 * 1024 * 1024;
  const uploadLimit = options.uploadLimit ?? stack.storageFileSizeLimit ?? 50 * 1024 * 1024;
  const maxJsonDepth = options.maxJsonDepth ?? MAX_JSON_DEPTH;

  // Bind the port first: a busy port fails fast, before the database boots.
  const server = createServer();
  const sockets = new Set<import('node:net').Socket>();
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  server.on('clientError', (error: NodeJS.ErrnoException, socket) => {
    if (!socket.writable) return socket.destroy();
    // Kong's words for the same refusals
    const [status, body] =
      error.code === 'HPE_HEADER_OVERFLOW'
        ? ['431 Request Header Fields Too Large', '{"message":"Request header or cookie too large"}']
        : ['400 Bad Request', '{"message":"Bad request"}'];
    socket.end(`HTTP/1.1 ${status}\r\ncontent-type: application/json\r\nconnection: close\r\n\r\n${body}`);
  });
  // Requests that arrive while the database boots wait for it.
  let markReady: () => void = () => undefined;
  let markFailed: (error: unknown) => void = () => undefined;
  const ready = new Promise<void>((resolve, reject) => {
    markReady = resolve;
    markFailed = reject;
  });
  ready.catch(() => undefined);
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const started = Date.now();
    void (async () => {
      const method = (req.method ?? 'GET').toUpperCase();
      let response: Response;
      let path = '/';
      let service: Service = 'other';
      let keepAlive = true;
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) {
        if (value === undefined || name.startsWith(':')) continue;
        if (Array.isArray(value)) for (const v of value) headers.append(name, v);
        else headers.set(name, value);
      }
      try {
        await ready;
        const url = new URL(req.url ?? '/', apiUrl);
        path = url.pathname;
        service = serviceOf(path);
        if (method === 'OPTIONS' && !path.startsWith('/functions/v1/')) {
          // preflight: allow what the browser asks for (functions answer their own preflights, as when hosted)
          const asked = req.headers['access-control-request-headers'];
          response = new Response(null, {
            status: 204,
            headers: asked
              ? { 'access-control-allow-headers': `${CORS_HEADERS['access-control-allow-headers']}, ${asked}` }
              : {},
          });
        } else if (service !== 'functions' && !decodes(path)) {
          // functions decode their own name, and get the rest of the path as it came
          response = badPathEncoding(service, headers, path);
        } else {
          let body: ReadableStream<Uint8Array> | undefined;
          if (method !== 'GET' && method !== 'HEAD' && method !== 'OPTIONS') {
            // storage streams uploads to disk and limits each body itself; the rest is read up to the limit
            if (service === 'storage') body = bodyStream(req);
            else {
              const chunks = await readBody(req, bodyLimit);
              if (service === 'auth' && chunks.length) {
                const refusal = authBodyRefusal(Buffer.concat(chunks).toString('utf8'), maxJsonDepth);
                if (refusal) throw refusal;
              }
              body = chunks.length ? streamOf(chunks) : undefined;
            }
          }
          // As Supabase's edge does: the client's address for auth's per-IP limits, never the client's own claim.
          headers.set('sb-forwarded-for', (req.socket.remoteAddress ?? '').replace(/^::ffff:/, ''));
          const request = new Request(url, { method, headers, body, duplex: 'half' } as RequestInit);
          response = await route(request, path);
        }
      } catch (error) {
        if (error instanceof BodyTooLarge) {
          response = tooLarge(service, headers);
          keepAlive = error.drained;
        } else if (error instanceof AuthError) {
          response = serviceError('auth', headers, error);
        } else {
          console.error('[supabase-local]', error);
          response = unexpected(service, headers);
        }
      }
      // what a service left unread of the body (a refused upload) is read and dropped, so the client sees the answer
      if (!(await discardBody(req))) keepAlive = false;
      if (!keepAlive) res.setHeader('connection', 'close');
      try {
        await send(res, response, method === 'HEAD', mayCompress(service, req.headers['accept-encoding'], response));
      } catch {
        res.destroy();
      }
      options.log?.(`${method} ${path} ${response.status} ${Date.now() - started}ms`);
    })();
  });

  // Realtime's WebSocket: the module (and `ws`) loads with the first socket, so a stack without Realtime pays nothing.
  let realtime: Promise<Realtime> | undefined;
  const loadRealtime = () =>
    (realtime ??= import('./realtime/index.ts').then(({ createRealtime }) =>
      createRealtime({ db, keys, connectionString: config.connectionString }),
    ));
  server.on('upgrade', (req: IncomingMessage, socket: import('node:stream').Duplex, head: Buffer) => {
    // Node's HTTP server lets go of an upgraded socket: an error on it (a client's reset) with no listener would be
    // thrown from the event loop and stop the whole stack. It ends this one connection.
    socket.on('error', () => socket.destroy());
    void (async () => {
      await ready;
      const path = new URL(req.url ?? '/', apiUrl).pathname.replace(/\/+$/, '');
      if (path !== '/realtime/v1/websocket') {
        socket.end('HTTP/1.1 404 Not Found\r\nconnection: close\r\ncontent-length: 0\r\n\r\n');
        return;
      }
      (await loadRealtime()).handleUpgrade(req, socket, head);
    })().catch(() => socket.destroy());
  });

  await new Promise<void>((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException) => {
      server.off('listening', onListening);
      reject(error.code === 'EADDRINUSE' ? new PortInUseError(config.port) : error);
    };
    const onListening = () => {
      server.off('error', onError);
      resolve();
    };
    server.once('error', onError);
    server.once('listening', onListening);
    server.listen(config.port, host);
  });
  const closeServer = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      for (const socket of sockets) socket.destroy();
    });
  const port = (server.address() as AddressInfo).port;
  const apiUrl = `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`;

  const ownDb = !options.db;
  let db: Database;
  try {
    db = options.db ?? (await openDatabase({ dataDir: config.dataDir, connectionString: config.connectionString }));
  } catch (error) {
    markFailed(error);
    await closeServer();
    throw error;
  }
  try {
    await bootstrap(db);
    const migrated = await migrate(db, config.workdir, { seed: options.seed });
    await applyConfigBuckets(db, stack.storageBuckets ?? []);
    for (const file of migrated.changed) {
      console.warn(
        `[supabase-local] supabase/migrations/${file} changed after it was applied; it will not run again. ` +
          'Run `supabase-local reset` to rebuild the database from the migrations.',
      );
    }
  } catch (error) {
    markFailed(error);
    await closeServer();
    if (ownDb) await db.close().catch(() => undefined);
    throw error;
  }
  const keys = await createKeys(config);
  const mailbox = await createMailbox(db);
  const rest = createRestService({ db, keys, schemas, maxRows: stack.maxRows, maxJsonDepth });
  await rest.reload();

  const ctx: ServiceContext = { db, config, keys, mail: mailbox, apiUrl };
  // Razorpay's stand-in: the razorpay function gets its keys and API base (supabase/functions/.env still wins).
  const razorpay = createRazorpaySandbox({
    keyId: LOCAL_RAZORPAY_KEY_ID,
    keySecret: LOCAL_RAZORPAY_KEY_SECRET,
    webhookUrl: LOCAL_RAZORPAY_WEBHOOK_PATH,
    apiUrl,
  });
  const functions = createFunctionsService(
    config.workdir,
    {
      SUPABASE_URL: apiUrl,
      SUPABASE_ANON_KEY: keys.anonKey,
      SUPABASE_SERVICE_ROLE_KEY: keys.serviceRoleKey,
      ...(config.connectionString ? { SUPABASE_DB_URL: config.connectionString } : {}),
      ...razorpay.secrets,
    },
    { keys, verifyJwt: stack.functionsVerifyJwt },
  );
  const storage = createStorageService({
    db,
    keys,
    rootDir: storageRoot(config),
    apiUrl,
    fileSizeLimit: uploadLimit,
    maxJsonDepth,
  });

  markReady();

  async function route(req: Request, path: string): Promise<Response> {
    if (path.startsWith('/rest/v1')) return rest.handle(req);
    if (path.startsWith('/auth/v1')) return handleAuth(req, ctx);
    if (path.startsWith('/functions/v1/')) return functions.handle(req);
    if (path.startsWith('/storage/v1/')) return storage.handle(req);
    if (path === '/realtime/v1/api/broadcast' || path.startsWith('/realtime/v1/api/broadcast/')) {
      return (await loadRealtime()).handleHttp(req);
    }
    if (path === '/inbox' || path.startsWith('/inbox/') || path.startsWith('/api/v1/message')) {
      return mailbox.handle(req, ctx);
    }
    if (path === RAZORPAY_SANDBOX_PATH || path.startsWith(`${RAZORPAY_SANDBOX_PATH}/`))
      return razorpay.handle(req, ctx);
    if (path === '/' || path === '/health') {
      return jsonError(200, { name: 'supabase-local', status: 'ok', api: apiUrl, inbox: `${apiUrl}/inbox` });
    }
    return jsonError(404, { code: 'not_found', message: `No route for ${req.method} ${path}` });
  }

  let stopped = false;
  return {
    url: apiUrl,
    anonKey: keys.anonKey,
    serviceRoleKey: keys.serviceRoleKey,
    inboxUrl: `${apiUrl}/inbox`,
    db,
    reloadSchema: () => rest.reload(),
    async stop() {
      if (stopped) return;
      stopped = true;
      await closeServer();
      if (realtime) await (await realtime).close();
      storage.close();
      if (ownDb) await db.close();
    },
  };
}

/**
 * Where uploaded files live: beside a persisted database (`.supabase-local/db` → `.supabase-local/storage`,
 * any other `<dir>` → `<dir>-storage`), under the workdir with a real PostgreSQL, else a temp folder.
 */
export function storageRoot(config: LocalConfig): string | undefined {
  if (config.dataDir) {
    const name = basename(config.dataDir);
    return join(dirname(config.dataDir), name === 'db' ? 'storage' : `${name}-storage`);
  }
  if (config.connectionString) return join(config.workdir, '.supabase-local', 'storage');
  return undefined;
}

export type { LocalDatabase };
