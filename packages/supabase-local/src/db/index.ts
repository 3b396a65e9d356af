// openDatabase: PGlite (persisted in a folder or in memory) or a real PostgreSQL through `pg`,
// behind the one `Database` interface of types.ts.
import { mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import v8 from 'node:v8';
import { PGlite } from '@electric-sql/pglite';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';
import { uuid_ossp } from '@electric-sql/pglite/contrib/uuid_ossp';
import pg from 'pg';
import type { Database, Queryable, QueryResult } from '../types.ts';
import { installBundles, readContribBundles } from './extensions.ts';

/** Options of {@link openDatabase}. */
export interface OpenDatabaseOptions {
  /** Folder for PGlite's files; undefined keeps the database in memory. */
  dataDir?: string;
  /** A real PostgreSQL (postgres://…) instead of PGlite. */
  connectionString?: string;
  /** Start PGlite from a dump made by `dumpDatabase` (tests: fresh databases without the boot cost). */
  loadDataDir?: Blob;
}

/** A Database that can also hand out a snapshot of itself (PGlite only). */
export interface LocalDatabase extends Database {
  /** Which engine is behind it. */
  readonly kind: 'pglite' | 'postgres';
  /** A tarball of the PGlite data folder, for `openDatabase({ loadDataDir })`. */
  dump?(): Promise<Blob>;
}

/** A promise-chain mutex: PGlite is a single connection, so everything runs one at a time. */
class Queue {
  #tail: Promise<unknown> = Promise.resolve();
  run<T>(fn: () => Promise<T>): Promise<T> {
    const result = this.#tail.then(fn, fn);
    this.#tail = result.catch(() => undefined);
    return result;
  }
}

/** The PGlite data folder could not be opened (corrupt, or written by another PGlite version). */
export class CorruptDataDirError extends Error {
  constructor(dataDir: string, cause: unknown) {
    super(
      `The data folder ${dataDir} could not be opened (${cause instanceof Error ? cause.message : String(cause)}). ` +
        'It may be corrupt or written by another PGlite version: run `supabase-local reset` to start afresh.',
    );
    this.name = 'CorruptDataDirError';
  }
}

/**
 * Opens PGlite (in memory, or persisted in `dataDir`; the contrib extensions PGlite ships can be created) or, with
 * `connectionString`, a real PostgreSQL through `pg`. The database is empty: run {@link bootstrap} and
 * {@link migrate} to make it a Supabase database.
 */
export async function openDatabase(options: OpenDatabaseOptions = {}): Promise<LocalDatabase> {
  if (options.connectionString) return openPostgres(options.connectionString);
  return openPglite(options);
}

let wasmFlagsSet = false;

/**
 * Compile PGlite's WebAssembly with V8's baseline compiler only: no optimizing tier-up means ~70 MB less
 * resident memory and a faster start, for a small cost in query speed. SUPABASE_LOCAL_WASM_TIERUP=1 opts out.
 */
function preferLowMemoryWasm(): void {
  if (wasmFlagsSet || process.env.SUPABASE_LOCAL_WASM_TIERUP === '1') return;
  wasmFlagsSet = true;
  v8.setFlagsFromString('--liftoff-only');
}

/** Another live process holds the PGlite data folder (PGlite allows one process per folder). */
export class DataDirInUseError extends Error {
  constructor(dataDir: string, pid: number) {
    super(`The data folder ${dataDir} is in use by another process (pid ${pid}). Stop it first: PGlite allows one.`);
    this.name = 'DataDirInUseError';
  }
}

const lockFile = (dataDir: string) => `${dataDir.replace(/[/\\]+$/, '')}.lock`;

/** Throws DataDirInUseError when another live process holds the data folder. */
export function assertDataDirFree(dataDir: string): void {
  let pid: number;
  try {
    pid = Number(readFileSync(lockFile(dataDir), 'utf8'));
  } catch {
    return; // no lock
  }
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return;
  try {
    process.kill(pid, 0);
  } catch {
    return; // that process is gone: a stale lock
  }
  throw new DataDirInUseError(dataDir, pid);
}

/** A pid file beside the data folder: two processes on one PGlite folder would corrupt it. */
function lockDataDir(dataDir: string): () => void {
  assertDataDirFree(dataDir);
  const file = lockFile(dataDir);
  writeFileSync(file, String(process.pid));
  return () => {
    try {
      if (readFileSync(file, 'utf8') === String(process.pid)) unlinkSync(file);
    } catch {
      // already gone
    }
  };
}

async function openPglite(options: OpenDatabaseOptions): Promise<LocalDatabase> {
  preferLowMemoryWasm();
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const unlock = options.dataDir ? lockDataDir(options.dataDir) : () => undefined;
  // the contrib bundles are read while PGlite boots, and unpacked into it once it is up (see extensions.ts)
  const bundles = readContribBundles().catch(() => []);
  let lite: PGlite;
  try {
    lite = await PGlite.create({
      dataDir: options.dataDir,
      loadDataDir: options.loadDataDir,
      extensions: { pgcrypto, uuid_ossp },
      // PostgreSQL's default 128 MB of shared buffers makes a dev database use twice the memory it needs.
      postgresqlconf: ['shared_buffers = 8MB'],
    });
  } catch (error) {
    unlock();
    if (options.dataDir) throw new CorruptDataDirError(options.dataDir, error);
    throw error;
  }
  installBundles(lite, await bundles);
  const queue = new Queue();
  const raw: Queryable = {
    async query<Row>(sql: string, params?: unknown[]): Promise<QueryResult<Row>> {
      const result = await lite.query<Row>(sql, params);
      return { rows: result.rows, affectedRows: result.affectedRows ?? 0, fields: result.fields };
    },
    async exec(sql: string): Promise<void> {
      await lite.exec(sql);
    },
  };
  let closed = false;
  const database: LocalDatabase = {
    kind: 'pglite',
    query: (sql, params) => queue.run(() => raw.query(sql, params)),
    exec: (sql) => queue.run(() => raw.exec(sql)),
    transaction: (fn) =>
      queue.run(async () => {
        await lite.exec('begin');
        try {
          const value = await fn(raw);
          await lite.exec('commit');
          return value;
        } catch (error) {
          await lite.exec('rollback').catch(() => undefined);
          throw error;
        }
      }),
    dump: () => queue.run(() => lite.dumpDataDir('none')),
    close: () =>
      queue.run(async () => {
        if (closed) return;
        closed = true;
        try {
          await lite.close();
        } finally {
          unlock();
        }
      }),
  };
  listeners.set(database, async (channel, onNotify) => {
    const stop = await queue.run(() => lite.listen(channel, onNotify));
    return () => queue.run(() => stop());
  });
  return database;
}

type Listen = (channel: string, onNotify: (payload: string) => void) => Promise<() => Promise<void>>;
const listeners = new WeakMap<Database, Listen>();

/**
 * For a PGlite database opened here: LISTEN on `channel` in its one session, calling `onNotify` for each
 * notification once the notifying transaction commits (resolves to a function that stops listening).
 * Undefined for PostgreSQL and for databases made elsewhere.
 */
export function pgliteListen(db: Database): Listen | undefined {
  return listeners.get(db);
}

async function openPostgres(connectionString: string): Promise<LocalDatabase> {
  const pool = new pg.Pool({ connectionString, max: 10 });
  pool.on('error', () => undefined);
  const wrap = (client: pg.Pool | pg.PoolClient): Queryable => ({
    async query<Row>(sql: string, params?: unknown[]): Promise<QueryResult<Row>> {
      const result = await client.query(sql, params as unknown[]);
      const command = result.command;
      const affected = command === 'INSERT' || command === 'UPDATE' || command === 'DELETE' || command === 'MERGE';
      return {
        rows: result.rows as Row[],
        affectedRows: affected ? (result.rowCount ?? 0) : 0,
        fields: result.fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })),
      };
    },
    async exec(sql: string): Promise<void> {
      await client.query(sql);
    },
  });
  // Fail early with a clear message when the server is unreachable.
  const probe = await pool.connect();
  probe.release();
  return {
    kind: 'postgres',
    ...wrap(pool),
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const value = await fn(wrap(client));
        await client.query('commit');
        return value;
      } catch (error) {
        await client.query('rollback').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}
