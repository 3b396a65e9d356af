// Deno's import specifiers in Node: a module-resolution hook (node:module `register`) that maps what Supabase's Edge
// Runtime resolves from the network to what the project installed in node_modules. Nothing is downloaded.
//
// - `npm:name@range/sub` → the installed `name/sub` (the installed version, whatever the range).
// - `jsr:@scope/name/sub` → `@jsr/scope__name/sub` (JSR's npm mirror, `npx jsr add @scope/name`), else an npm package
//   `@scope/name`; a `.d.ts` subpath (the template's `jsr:@supabase/functions-js/edge-runtime.d.ts`) holds types only
//   and resolves to an empty module.
// - `https://esm.sh/name@range/sub` → the installed `name/sub`; `https://deno.land/std@…/http/server.ts` → a `serve`
//   that calls `Deno.serve`; any other URL → an error naming what to import instead.
//
// The hook acts only on those schemes (which Node cannot load anyway) and only for an importer outside node_modules:
// a function's own files, not the packages they load.
import { createRequire, register } from 'node:module';

/** What a Deno specifier stands for here: an empty module, std's `serve`, installed packages to try, or an error. */
export type SpecifierTarget =
  | { kind: 'empty' }
  | { kind: 'serve' }
  | { kind: 'packages'; candidates: string[]; missing: string }
  | { kind: 'error'; message: string };

/**
 * Maps an `npm:`, `jsr:` or `http(s):` specifier to what supabase-local loads for it; undefined for any other.
 * Self-contained (it also runs, as source text, on Node's loader thread).
 */
export function mapSpecifier(specifier: string): SpecifierTarget | undefined {
  const parse = (rest: string) => {
    const match = /^\/?((?:@[^/@]+\/)?[^/@]+)(?:@([^/]*))?(\/.*)?$/.exec(rest);
    return match ? { name: match[1] as string, range: match[2], subpath: match[3] ?? '' } : undefined;
  };
  const offline = ' is not installed (supabase-local downloads nothing): run ';
  const npm = (rest: string, hint = ''): SpecifierTarget => {
    const p = parse(rest);
    if (!p) return { kind: 'error', message: `Malformed import specifier ${specifier}` };
    if (p.subpath.endsWith('.d.ts')) return { kind: 'empty' };
    const version = p.range ? `@${p.range}` : '';
    return {
      kind: 'packages',
      candidates: [p.name + p.subpath],
      missing: `${specifier}${offline}npm install ${p.name}${version} in the project${hint}`,
    };
  };
  const scheme = /^(npm|jsr|https?):/.exec(specifier)?.[1];
  if (!scheme) return undefined;
  if (scheme === 'npm') return npm(specifier.slice(4));
  if (scheme === 'jsr') {
    const p = parse(specifier.slice(4));
    if (!p?.name.startsWith('@')) {
      return { kind: 'error', message: `Malformed import specifier ${specifier}: JSR packages are @scope/name` };
    }
    // types only, such as the template's jsr:@supabase/functions-js/edge-runtime.d.ts
    if (p.subpath.endsWith('.d.ts')) return { kind: 'empty' };
    const mirror = `@jsr/${p.name.slice(1).replace('/', '__')}`;
    const version = p.range ? `@${p.range}` : '';
    return {
      kind: 'packages',
      candidates: [mirror + p.subpath, p.name + p.subpath],
      missing: `${specifier}${offline}npx jsr add ${p.name}${version} (it installs ${mirror} from npm.jsr.io) or npm install ${p.name}`,
    };
  }
  const url = new URL(specifier);
  if (url.hostname === 'esm.sh') {
    const path = url.pathname.replace(/^\/(?:v\d+\/|stable\/)*/, '');
    return npm(path, `, or import npm:${path} instead of esm.sh`);
  }
  if (url.hostname === 'deno.land' && /^\/std(@[^/]*)?\/http\/server\.ts$/.test(url.pathname)) return { kind: 'serve' };
  const instead =
    url.hostname === 'deno.land' && url.pathname.startsWith('/std')
      ? 'jsr:@std/<module> (installed with npx jsr add @std/<module>)'
      : 'npm:<name>@<version> (installed with npm install <name>)';
  return {
    kind: 'error',
    message: `${specifier}: supabase-local loads no modules over the network; import ${instead} instead`,
  };
}

/** An importer whose specifiers are mapped: a function's own file, not a package in node_modules. */
const mapsFor = (parent: string): boolean => !/[\\/]node_modules[\\/]/.test(parent);

const notFound = (message: string): Error => Object.assign(new Error(message), { code: 'ERR_MODULE_NOT_FOUND' });
const isMissing = (error: unknown, candidate: string): boolean => {
  const name = /^(?:@[^/]+\/)?[^/]+/.exec(candidate)?.[0] ?? candidate;
  const e = error as { code?: string; message?: string } | undefined;
  return (
    (e?.code === 'ERR_MODULE_NOT_FOUND' || e?.code === 'MODULE_NOT_FOUND') && String(e.message).includes(`'${name}`)
  );
};

const SERVE_SOURCE = 'export function serve(...args) { return globalThis.Deno.serve(...args); }';

// Node's loader thread runs ES module hooks: plain JavaScript in a data: URL (no file to ship or compile).
const HOOKS = `
const mapSpecifier = ${mapSpecifier.toString()};
const mapsFor = ${mapsFor.toString()};
const notFound = ${notFound.toString()};
const isMissing = ${isMissing.toString()};
const URLS = { empty: 'data:text/javascript,export%20%7B%7D',
  serve: 'data:text/javascript,' + encodeURIComponent(${JSON.stringify(SERVE_SOURCE)}) };
export async function resolve(specifier, context, next) {
  const parent = context.parentURL ?? '';
  const target = parent.startsWith('file:') && mapsFor(parent) ? mapSpecifier(specifier) : undefined;
  if (!target) return next(specifier, context);
  if (target.kind === 'error') throw notFound(target.message);
  if (target.kind !== 'packages') return { url: URLS[target.kind], shortCircuit: true };
  for (const candidate of target.candidates) {
    try {
      return await next(candidate, context);
    } catch (e) {
      if (!isMissing(e, candidate)) throw e;
    }
  }
  throw notFound(target.missing);
}
`;

type Load = (request: string, parent: { filename?: string | null } | undefined, isMain: boolean) => unknown;

/** The same mapping for functions that load as CommonJS (a folder without `"type": "module"`), whose require() Node 20's hooks do not see. */
function patchRequire(): void {
  const Module = createRequire(import.meta.url)('node:module') as { _load: Load };
  const load = Module._load;
  Module._load = function (this: unknown, request, parent, isMain) {
    const target = mapsFor(parent?.filename ?? '') ? mapSpecifier(request) : undefined;
    if (!target) return load.call(this, request, parent, isMain);
    if (target.kind === 'error') throw notFound(target.message);
    if (target.kind === 'empty') return {};
    if (target.kind === 'serve')
      return {
        serve: (...args: unknown[]) =>
          (globalThis as unknown as { Deno: { serve: (...a: unknown[]) => unknown } }).Deno.serve(...args),
      };
    for (const candidate of target.candidates) {
      try {
        return load.call(this, candidate, parent, isMain);
      } catch (error) {
        if (!isMissing(error, candidate)) throw error;
      }
    }
    throw notFound(target.missing);
  };
}

let registered = false;

/** Registers the hook once per process (Node 20.6+ has `register`; without it, the specifiers stay unresolved). */
export function registerSpecifierHooks(): void {
  if (registered || typeof register !== 'function') return;
  registered = true;
  register(`data:text/javascript,${encodeURIComponent(HOOKS)}`);
  patchRequire();
}
