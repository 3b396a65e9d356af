// /functions/v1/<name>: runs supabase/functions/<name>/index.ts in this process, as hosted Supabase's Edge Runtime
// serves it: the gateway checks the JWT unless `verify_jwt = false`, the function sees its URL without the
// /functions/v1 prefix, and `npm:`/`jsr:` imports resolve from node_modules. A function either default-exports its
// handler or calls Deno.serve(handler); a small Deno shim makes the second work in Node.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Keys } from '../types.ts';
import { registerSpecifierHooks } from './specifiers.ts';

/** Loads a function's module: through tsx for TypeScript (an optional peer dependency), else with plain `import()`. */
async function importFunction(file: string, url: string): Promise<{ default?: unknown }> {
  if (/\.m?js$/.test(file)) return (await import(url)) as { default?: unknown };
  let tsx: typeof import('tsx/esm/api');
  try {
    tsx = await import('tsx/esm/api');
  } catch {
    if ((process.features as { typescript?: unknown }).typescript) return (await import(url)) as { default?: unknown };
    throw new Error(
      `${file} is TypeScript: install tsx (npm install -D tsx) to run TypeScript functions on this Node version`,
    );
  }
  return (await tsx.tsImport(url, import.meta.url)) as { default?: unknown };
}

export type FunctionHandler = (req: Request) => Response | Promise<Response>;

export interface FunctionsService {
  handle(req: Request): Promise<Response>;
}

const json = (status: number, body: unknown): Response =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** Reads KEY=value lines (with optional quotes and `export`), ignoring comments. */
export function parseEnvFile(text: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const match = /^(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*)$/.exec(line);
    if (!match) continue;
    let value = (match[2] as string).trim();
    if ((value.startsWith('"') && value.endsWith('"')) || (value.startsWith("'") && value.endsWith("'"))) {
      value = value.slice(1, -1);
      if (raw.includes('"')) value = value.replace(/\\n/g, '\n');
    } else {
      value = value.replace(/\s+#.*$/, '');
    }
    env[match[1] as string] = value;
  }
  return env;
}

interface DenoShim {
  serve: (...args: unknown[]) => unknown;
  env: {
    get(name: string): string | undefined;
    set(name: string, value: string): void;
    has(name: string): boolean;
    delete(name: string): void;
    toObject(): Record<string, string>;
  };
  [key: string]: unknown;
}

/** The handler captured by the latest Deno.serve call (module loading is serialized, so this is unambiguous). */
let captured: FunctionHandler | undefined;
let secrets: Record<string, string> = {};
const overrides = new Map<string, string | undefined>();

/** Node 20 has no global WebSocket, which supabase-js's Realtime client needs: lend it `ws`'s (Node 22+ has one). */
async function installWebSocket(): Promise<void> {
  const g = globalThis as { WebSocket?: unknown };
  if (typeof g.WebSocket === 'function') return;
  g.WebSocket = (await import('ws')).WebSocket;
}

function installDenoShim(): void {
  const g = globalThis as unknown as { Deno?: DenoShim };
  if (g.Deno && !(g.Deno as { __supabaseLocal?: boolean }).__supabaseLocal) return; // real Deno
  const lookup = (name: string): string | undefined =>
    overrides.has(name) ? overrides.get(name) : (secrets[name] ?? process.env[name]);
  g.Deno = {
    __supabaseLocal: true,
    serve(...args: unknown[]) {
      const handler = args.find((a) => typeof a === 'function') as FunctionHandler | undefined;
      const options = args.find((a) => a && typeof a === 'object') as { handler?: FunctionHandler } | undefined;
      captured = handler ?? options?.handler;
      return {
        finished: new Promise(() => undefined),
        shutdown: async () => undefined,
        ref() {},
        unref() {},
        addr: { hostname: '127.0.0.1', port: 0, transport: 'tcp' },
      };
    },
    env: {
      get: lookup,
      set: (name, value) => void overrides.set(name, value),
      has: (name) => lookup(name) !== undefined,
      delete: (name) => void overrides.set(name, undefined),
      toObject: () => {
        const all: Record<string, string> = {};
        for (const [k, v] of Object.entries({ ...process.env, ...secrets })) if (v !== undefined) all[k] = v;
        for (const [k, v] of overrides) {
          if (v === undefined) delete all[k];
          else all[k] = v;
        }
        return all;
      },
    },
  };
}

/** How the gateway in front of the functions checks callers. */
export interface FunctionsGateway {
  /** Verifies a bearer token (signature, algorithm, expiry), throwing when it is not valid. */
  keys: Pick<Keys, 'verify'>;
  /** `[functions.<name>] verify_jwt` from config.toml; a function not listed is verified, as by the Supabase CLI. */
  verifyJwt?: Record<string, boolean>;
}

const unauthorized = (message: string): Response => json(401, { code: 401, message });

/**
 * The Edge Runtime gateway's JWT check (`verify_jwt`): a refusal in hosted Supabase's words, or undefined to pass.
 * Hosted answers `{"code":401,"message":"Missing authorization header"}` or `"Invalid JWT"`; a token whose header is
 * not a JWT's gets jose's "Invalid Token or Protected Header formatting", as hosted now answers.
 */
async function refusal(req: Request, keys: Pick<Keys, 'verify'>): Promise<Response | undefined> {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.get('authorization') ?? '');
  if (!match) return unauthorized('Missing authorization header');
  const token = match[1] as string;
  try {
    const header = JSON.parse(Buffer.from(token.split('.')[0] ?? '', 'base64url').toString('utf8')) as unknown;
    if (token.split('.').length !== 3 || !header || typeof header !== 'object') throw new Error('not a JWT');
  } catch {
    return unauthorized('Invalid Token or Protected Header formatting');
  }
  try {
    await keys.verify(token);
    return undefined;
  } catch {
    return unauthorized('Invalid JWT');
  }
}

/** The request as the function sees it when hosted: `/<name>/…` without the `/functions/v1` prefix. */
function asHosted(req: Request): Request {
  const url = new URL(req.url);
  url.pathname = url.pathname.replace(/^\/functions\/v1(?=\/)/, '');
  const hasBody = req.body !== null && req.method !== 'GET' && req.method !== 'HEAD';
  return new Request(url, {
    method: req.method,
    headers: req.headers,
    body: hasBody ? req.body : null,
    redirect: req.redirect,
    signal: req.signal,
    ...(hasBody ? { duplex: 'half' } : {}),
  } as RequestInit);
}

export function createFunctionsService(
  workdir: string,
  env: Record<string, string> = {},
  gateway?: FunctionsGateway,
): FunctionsService {
  const dir = join(workdir, 'supabase', 'functions');
  const loaded = new Map<string, { mtime: number; handler: FunctionHandler }>();
  let loading: Promise<unknown> = Promise.resolve();

  const readSecrets = () => {
    const file = join(dir, '.env');
    const fromFile = existsSync(file) ? parseEnvFile(readFileSync(file, 'utf8')) : {};
    secrets = { ...env, ...fromFile };
  };

  async function load(name: string): Promise<FunctionHandler | undefined> {
    const file = ['index.ts', 'index.js', 'index.mts', 'index.mjs'].map((f) => join(dir, name, f)).find(existsSync);
    if (!file) return undefined;
    const mtime = statSync(file).mtimeMs;
    const cached = loaded.get(name);
    if (cached && cached.mtime === mtime) return cached.handler;
    const run = loading.then(async () => {
      installDenoShim();
      await installWebSocket();
      registerSpecifierHooks();
      readSecrets();
      captured = undefined;
      const url = `${pathToFileURL(file).href}?v=${mtime}`;
      const mod = await importFunction(file, url);
      // A folder without "type": "module" loads as CommonJS: the export then sits at default.default.
      let exported = mod.default;
      if (exported && typeof exported === 'object' && 'default' in exported) {
        exported = (exported as { default: unknown }).default;
      }
      const candidate =
        typeof exported === 'function' ? exported : (exported as { fetch?: unknown } | undefined)?.fetch;
      const handler = (typeof candidate === 'function' ? candidate : captured) as FunctionHandler | undefined;
      captured = undefined;
      if (handler) loaded.set(name, { mtime, handler });
      return handler;
    });
    loading = run.catch(() => undefined);
    return run;
  }

  async function handle(req: Request): Promise<Response> {
    const url = new URL(req.url);
    // a name whose escapes do not decode names no function; the rest of the path reaches the function as it came
    let name = '';
    try {
      name = decodeURIComponent(url.pathname.replace(/^\/functions\/v1\//, '').split('/')[0] ?? '');
    } catch {
      // not a function name
    }
    if (!/^[A-Za-z0-9_-]+$/.test(name))
      return json(404, { code: 'NOT_FOUND', message: 'Requested function was not found' });
    if (!existsSync(join(dir, name))) {
      return json(404, { code: 'NOT_FOUND', message: 'Requested function was not found' });
    }
    // as the Edge Runtime's gateway: preflights pass, so a function can answer CORS before the browser sends a token
    if (gateway && req.method !== 'OPTIONS' && gateway.verifyJwt?.[name] !== false) {
      const refused = await refusal(req, gateway.keys);
      if (refused) return refused;
    }
    let handler: FunctionHandler | undefined;
    try {
      handler = await load(name);
    } catch (error) {
      return json(503, {
        code: 'BOOT_ERROR',
        message: `Function ${name} failed to start: ${error instanceof Error ? error.message : String(error)}`,
      });
    }
    if (!handler) {
      return json(503, {
        code: 'BOOT_ERROR',
        message: `Function ${name} neither default-exports a handler nor calls Deno.serve`,
      });
    }
    try {
      const response = await handler(asHosted(req));
      if (!(response instanceof Response)) {
        return json(500, { code: 'WORKER_ERROR', message: `Function ${name} did not return a Response` });
      }
      return response;
    } catch (error) {
      console.error(`[functions/${name}]`, error instanceof Error ? error.message : error);
      return json(500, { code: 'WORKER_ERROR', message: error instanceof Error ? error.message : String(error) });
    }
  }

  return { handle };
}
