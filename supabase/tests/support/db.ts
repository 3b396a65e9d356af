// One database per test file, made the way the local stack makes it (@bahi/supabase-local: the platform
// bootstrap of roles, auth and storage, then supabase/migrations and seed.sql), plus helpers that run SQL as a
// given caller the way PostgREST does.
//
// Which database: PGlite in memory by default. With a PostgreSQL server named by the `supabase-pg` project's
// global setup (inject('bahiTestDatabaseUrl')) or by BAHI_TEST_DATABASE_URL, each file gets its own database on
// that server instead, created fresh through the URL's (maintenance) database and dropped when the file closes it.
import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bootstrap, type Database, migrate, openDatabase, type Queryable } from '@bahi/supabase-local';
import { inject } from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A PostgreSQL server's maintenance URL (postgres://…/postgres), from supabase/tests-pg/global-setup.ts. */
    bahiTestDatabaseUrl?: string;
  }
}

const here = dirname(fileURLToPath(import.meta.url));
export const supabaseDir = join(here, '..', '..');

export function migrationFiles(): string[] {
  const dir = join(supabaseDir, 'migrations');
  return readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .sort()
    .map((f) => join(dir, f));
}

export const seedFile = join(supabaseDir, 'seed.sql');

/** The PostgreSQL server the tests run on, or undefined for PGlite. */
export function testServerUrl(): string | undefined {
  return inject('bahiTestDatabaseUrl') || process.env.BAHI_TEST_DATABASE_URL || undefined;
}

/**
 * A new database with the platform bootstrap (roles, auth, storage) and nothing else: in-memory PGlite, or (with
 * a test server) a uniquely named database on that server, which `close()` drops.
 */
export async function bootstrappedDatabase(): Promise<Database> {
  const serverUrl = testServerUrl();
  if (!serverUrl) {
    const db = await openDatabase();
    await bootstrap(db);
    return db;
  }
  const name = `bahi_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const maintenance = await openDatabase({ connectionString: serverUrl });
  let db: Database | undefined;
  const drop = async () => {
    await db?.close().catch(() => undefined);
    try {
      await maintenance.exec(`drop database if exists ${name} with (force)`);
    } finally {
      await maintenance.close();
    }
  };
  try {
    await maintenance.exec(`create database ${name}`);
    const opened = await openDatabase({ connectionString: url.href });
    db = opened;
    // Files bootstrap at the same time; the roles, which belong to the whole server, tolerate that.
    await bootstrap(opened);
    return {
      query: (sql, params) => opened.query(sql, params),
      exec: (sql) => opened.exec(sql),
      transaction: (fn) => opened.transaction(fn),
      close: drop,
    };
  } catch (error) {
    await drop().catch(() => undefined);
    throw error;
  }
}

/** A fresh database with the platform bootstrap, every migration and the seed. */
export async function bootDatabase(): Promise<Database> {
  const db = await bootstrappedDatabase();
  try {
    await migrate(db, join(supabaseDir, '..'), { seed: true });
  } catch (error) {
    await db.close().catch(() => undefined);
    throw error;
  }
  return db;
}

export interface Caller {
  role: 'anon' | 'authenticated' | 'service_role';
  sub?: string;
  email?: string;
}

export const anon: Caller = { role: 'anon' };
export const service: Caller = { role: 'service_role' };
export const user = (sub: string, email?: string): Caller => ({ role: 'authenticated', sub, email });

type Row = Record<string, unknown>;

class Rollback extends Error {}

/**
 * Runs `fn` as `caller` inside one transaction (set local role + request.jwt.claims), like a PostgREST
 * request, then rolls back so tests do not disturb each other.
 */
export async function withCaller<T>(db: Database, caller: Caller, fn: (tx: Queryable) => Promise<T>): Promise<T> {
  let result: T | undefined;
  try {
    await db.transaction(async (tx) => {
      await claim(tx, caller);
      result = await fn(tx);
      throw new Rollback();
    });
  } catch (error) {
    if (!(error instanceof Rollback)) throw error;
  }
  return result as T;
}

/** Runs one statement as `caller` and rolls back; returns its rows. */
export async function as<T = Row>(db: Database, caller: Caller, sql: string, params: unknown[] = []): Promise<T[]> {
  return withCaller(db, caller, async (tx) => (await tx.query<T>(sql, params)).rows);
}

/** Like `as`, but commits. */
export async function commitAs<T = Row>(db: Database, caller: Caller, sql: string, params: unknown[] = []) {
  return db.transaction(async (tx) => {
    await claim(tx, caller);
    return (await tx.query<T>(sql, params)).rows;
  });
}

async function claim(tx: Queryable, caller: Caller): Promise<void> {
  const claims = JSON.stringify({ role: caller.role, sub: caller.sub, email: caller.email, aud: caller.role });
  await tx.exec(`set local role ${caller.role}`);
  await tx.query(`select set_config('request.jwt.claims', $1, true)`, [claims]);
}

/** The SQLSTATE of a failing call, or 'ok' when it succeeded. */
export async function sqlstate(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return 'ok';
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    throw error;
  }
}

/** Adds a confirmed email user directly in auth.users (as the database owner). */
export async function createUser(db: Database, id: string, email: string): Promise<void> {
  await db.query(
    `insert into auth.users (id, email, aud, role, email_confirmed_at, created_at, updated_at, raw_user_meta_data)
     values ($1, $2, 'authenticated', 'authenticated', now(), now(), now(), '{}'::jsonb)`,
    [id, email],
  );
}
