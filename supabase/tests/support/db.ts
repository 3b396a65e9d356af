// One database per test file, made the way the local stack makes it (@bahi/supabase-local: PGlite, the
// platform bootstrap of roles, auth and storage, then supabase/migrations and seed.sql), plus helpers that run
// SQL as a given caller the way PostgREST does.
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bootstrap, type Database, migrate, openDatabase, type Queryable } from '@bahi/supabase-local';

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

/** A fresh in-memory database with the platform bootstrap, every migration and the seed. */
export async function bootDatabase(): Promise<Database> {
  const db = await openDatabase();
  await bootstrap(db);
  await migrate(db, join(supabaseDir, '..'), { seed: true });
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
