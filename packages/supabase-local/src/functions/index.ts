// /functions/v1/<name>: runs supabase/functions/<name>/index.ts in this process. A function either
// default-exports its handler or calls Deno.serve(handler); a small Deno shim makes the second work in Node.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

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

export function createFunctionsService(workdir: string, env: Record<string, string> = {}): FunctionsService {
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
    let handler: FunctionHandler | undefined;
    try {
      handler = await load(name);
    } catch (error) {
      return json(500, {
        code: 'BOOT_ERROR',
        message: `Function ${name} failed to start: ${error instanceof Error ? error.message : String(error)}`,
      });
    }
    if (!handler) {
      if (existsSync(join(dir, name))) {
        return json(500, {
          code: 'BOOT_ERROR',
          message: `Function ${name} neither default-exports a handler nor calls Deno.serve`,
        });
      }
      return json(404, { code: 'NOT_FOUND', message: 'Requested function was not found' });
    }
    try {
      const response = await handler(req);
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
