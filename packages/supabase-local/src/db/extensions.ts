// The contrib extensions PGlite ships (`@electric-sql/pglite/contrib/*`), made available to `create extension` without
// paying for them at boot. PGlite's own `extensions` option untars every bundle and compiles every shared library
// before the database starts (measured with all of them: 570 MB resident right after boot instead of 230 MB). Here only pgcrypto and uuid-ossp (which
// the bootstrap creates) go through that option; the other bundles are unpacked into PGlite's in-memory file system
// (control files, SQL scripts and the `.so`, about 1.4 MB) after it starts, and PostgreSQL compiles a library only
// when `create extension` or a later query first loads it.
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import type { PGlite } from '@electric-sql/pglite';

/**
 * The extensions PGlite 0.5 ships under `@electric-sql/pglite/contrib/<name>` that the local stack unpacks on
 * demand (pgcrypto and uuid_ossp are loaded at boot). `moddatetime` brings the `spi` bundle: autoinc,
 * insert_username, moddatetime and refint. `auto_explain` is a loadable module (`LOAD`), not an extension.
 */
export const PGLITE_CONTRIB_EXTENSIONS = [
  'amcheck',
  'auto_explain',
  'bloom',
  'btree_gin',
  'btree_gist',
  'citext',
  'cube',
  'dict_int',
  'dict_xsyn',
  'earthdistance',
  'file_fdw',
  'fuzzystrmatch',
  'hstore',
  'intarray',
  'isn',
  'lo',
  'ltree',
  'moddatetime',
  'pageinspect',
  'pg_buffercache',
  'pg_freespacemap',
  'pg_stat_statements',
  'pg_surgery',
  'pg_trgm',
  'pg_visibility',
  'pg_walinspect',
  'seg',
  'tablefunc',
  'tcn',
  'tsm_system_rows',
  'tsm_system_time',
  'unaccent',
] as const;

interface TarEntry {
  name: string;
  directory: boolean;
  data: Uint8Array;
}

/** The entries of an uncompressed (ustar) tar archive. */
export function untar(archive: Uint8Array): TarEntry[] {
  const entries: TarEntry[] = [];
  const text = (from: number, to: number) => {
    const bytes = archive.subarray(from, to);
    const end = bytes.indexOf(0);
    return Buffer.from(end < 0 ? bytes : bytes.subarray(0, end)).toString('utf8');
  };
  let offset = 0;
  while (offset + 512 <= archive.length) {
    if (archive.subarray(offset, offset + 512).every((byte) => byte === 0)) break;
    const prefix = text(offset + 345, offset + 500);
    const name = prefix ? `${prefix}/${text(offset, offset + 100)}` : text(offset, offset + 100);
    const size = Number.parseInt(text(offset + 124, offset + 136).trim() || '0', 8);
    const type = String.fromCharCode(archive[offset + 156] ?? 0);
    offset += 512;
    if (type === '5' || name.endsWith('/')) entries.push({ name, directory: true, data: new Uint8Array() });
    else if (type === '0' || type === '\0')
      entries.push({ name, directory: false, data: archive.subarray(offset, offset + size) });
    offset += Math.ceil(size / 512) * 512;
  }
  return entries;
}

interface Bundle {
  setup: (pg: unknown, options: unknown) => Promise<{ bundlePath?: URL }>;
}

/** Reads and unpacks every contrib bundle (in parallel with PGlite's boot). */
export async function readContribBundles(): Promise<TarEntry[][]> {
  const paths = new Set<string>();
  await Promise.all(
    PGLITE_CONTRIB_EXTENSIONS.map(async (name) => {
      const module = (await import(`@electric-sql/pglite/contrib/${name}`)) as Record<string, Bundle | undefined>;
      const bundle = (await module[name]?.setup(undefined, {}))?.bundlePath;
      if (bundle) paths.add(fileURLToPath(bundle));
    }),
  );
  return Promise.all([...paths].map(async (path) => untar(gunzipSync(await readFile(path)))));
}

interface EmscriptenFs {
  analyzePath(path: string): { exists: boolean };
  mkdirTree(path: string): void;
  writeFile(path: string, data: Uint8Array): void;
}

/**
 * Writes unpacked bundles into PGlite's installation folder (its `share/postgresql/extension` and `lib/postgresql`).
 * Returns false when this PGlite does not expose its file system the way 0.5 does (then `create extension` of these
 * fails as on a server without the package).
 */
export function installBundles(lite: PGlite, bundles: TarEntry[][]): boolean {
  const mod = (lite as unknown as { mod?: { FS?: EmscriptenFs; WASM_PREFIX?: string } }).mod;
  const fs = mod?.FS;
  const prefix = mod?.WASM_PREFIX;
  if (!fs || typeof prefix !== 'string') return false;
  for (const entries of bundles) {
    for (const entry of entries) {
      if (entry.name.startsWith('.')) continue;
      const path = `${prefix}/${entry.name.replace(/\/$/, '')}`;
      if (entry.directory) {
        if (!fs.analyzePath(path).exists) fs.mkdirTree(path);
        continue;
      }
      const folder = path.slice(0, path.lastIndexOf('/'));
      if (!fs.analyzePath(folder).exists) fs.mkdirTree(folder);
      if (!fs.analyzePath(path).exists) fs.writeFile(path, entry.data);
    }
  }
  return true;
}
