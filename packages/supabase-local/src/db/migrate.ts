// Bootstrap (src/sql/*.sql in filename order), then the project's migrations (once each), then seed.sql.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database } from '../types.ts';
import { lineAt, splitStatements } from './statements.ts';

const SQL_DIR = fileURLToPath(new URL('../sql/', import.meta.url));

/**
 * A SQL file that failed (a migration, the seed or a bootstrap file): its message names the file and the line, from
 * PostgreSQL's error position, or else the line where the failing statement starts.
 */
export class MigrationError extends Error {
  constructor(
    /** The file, relative to the workdir (`supabase/migrations/…sql`, `supabase/seed.sql`). */
    readonly file: string,
    /** The 1-based line in that file, when it could be told. */
    readonly line: number | undefined,
    /** The database's error. */
    override readonly cause: unknown,
  ) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    super(`Migration ${file}${line ? ` failed at line ${line}` : ' failed'}: ${reason}`);
    this.name = 'MigrationError';
  }
}

/** The line PostgreSQL's error position (1-based, in characters of the whole text) falls on. */
function lineOf(sql: string, error: unknown): number | undefined {
  const position = Number((error as { position?: string | number }).position);
  if (!Number.isFinite(position) || position <= 0) return undefined;
  return lineAt(sql, position - 1);
}

class Located {
  constructor(readonly line: number) {}
}

const TRANSACTION_CONTROL =
  /^(begin|commit|rollback|end|abort|start\s+transaction|savepoint|release|prepare\s+transaction)\b/i;

/**
 * For an error without a position: the starting line of the statement that raised it. The file runs again one
 * statement at a time inside a transaction that is always rolled back, and the statement that fails with the same
 * message is the one. Files that manage their own transactions are not re-run.
 */
async function failingStatementLine(db: Database, sql: string, error: unknown): Promise<number | undefined> {
  const statements = splitStatements(sql);
  if (statements.length === 1) return lineAt(sql, (statements[0] as { offset: number }).offset);
  if (statements.length === 0 || statements.some((s) => TRANSACTION_CONTROL.test(s.text))) return undefined;
  const message = error instanceof Error ? error.message : String(error);
  try {
    await db.transaction(async (tx) => {
      for (const statement of statements) {
        try {
          await tx.exec(statement.text);
        } catch (again) {
          if ((again instanceof Error ? again.message : String(again)) === message) {
            const inner = lineOf(statement.text, again);
            throw new Located(lineAt(sql, statement.offset) + (inner ? inner - 1 : 0));
          }
          throw again;
        }
      }
      throw new Error('no statement failed');
    });
  } catch (outcome) {
    if (outcome instanceof Located) return outcome.line;
  }
  return undefined;
}

async function locate(db: Database, sql: string, error: unknown): Promise<number | undefined> {
  return lineOf(sql, error) ?? (await failingStatementLine(db, sql, error).catch(() => undefined));
}

async function runFile(db: Database, file: string, sql: string): Promise<void> {
  try {
    await db.exec(sql);
  } catch (error) {
    throw new MigrationError(file, await locate(db, sql, error), error);
  }
}

/**
 * Runs the bootstrap SQL files (roles, auth, auth tables, storage) in filename order. Idempotent; skipped when
 * the files are unchanged since the last run on this database (a restart then costs nothing).
 */
export async function bootstrap(db: Database, options: { force?: boolean } = {}): Promise<void> {
  const files = readdirSync(SQL_DIR)
    .filter((f) => f.endsWith('.sql'))
    .sort();
  const texts = files.map((file) => readFileSync(join(SQL_DIR, file), 'utf8'));
  const hash = createHash('sha256');
  for (const [i, file] of files.entries()) hash.update(`${file}\0${texts[i]}\0`);
  const digest = hash.digest('hex');
  if (!options.force) {
    const done = await db
      .query<{ ok: boolean }>('select exists (select 1 from supabase_local.bootstrap where hash = $1) as ok', [digest])
      .catch(() => undefined);
    if (done?.rows[0]?.ok) {
      await db.query(`select pg_catalog.set_config('search_path', '"$user", public, extensions', false)`);
      return;
    }
  }
  for (const [i, file] of files.entries()) await runFile(db, `src/sql/${file}`, texts[i] as string);
  await db.exec(`create schema if not exists supabase_local;
    create table if not exists supabase_local.bootstrap (hash text primary key, applied_at timestamptz default now());
    delete from supabase_local.bootstrap;`);
  await db.query('insert into supabase_local.bootstrap (hash) values ($1)', [digest]);
}

/** What {@link migrate} did. */
export interface MigrateResult {
  /** File names of the migrations applied by this call, in order. */
  applied: string[];
  /** True when the database had no migration history (fresh), so the seed ran. */
  seeded: boolean;
  /** Migrations already applied whose file has changed since (they do not run again: reset to apply them). */
  changed: string[];
}

/**
 * Applies `<workdir>/supabase/migrations/*.sql` not yet recorded in supabase_migrations.schema_migrations,
 * each in its own transaction; runs `supabase/seed.sql` when the database is fresh (or `seed: true`).
 */
export async function migrate(db: Database, workdir: string, options: { seed?: boolean } = {}): Promise<MigrateResult> {
  const existed = (
    await db.query<{ exists: boolean }>(
      `select exists (select 1 from pg_catalog.pg_namespace where nspname = 'supabase_migrations') as exists`,
    )
  ).rows[0]?.exists;
  await db.exec(`create schema if not exists supabase_migrations;
    create table if not exists supabase_migrations.schema_migrations (
      version text not null primary key, statements text[], name text);
    create table if not exists supabase_migrations.seed_files (path text not null primary key, hash text not null);`);
  const done = new Map(
    (
      await db.query<{ version: string; sql: string | null }>(
        'select version, statements[1] as sql from supabase_migrations.schema_migrations',
      )
    ).rows.map((r) => [r.version, r.sql]),
  );
  const changed: string[] = [];
  const dir = join(workdir, 'supabase', 'migrations');
  const files = existsSync(dir)
    ? readdirSync(dir)
        .filter((f) => f.endsWith('.sql'))
        .sort()
    : [];
  const applied: string[] = [];
  for (const file of files) {
    const match = /^([^_]+)_?(.*)\.sql$/.exec(file);
    const version = match?.[1] ?? file;
    const name = match?.[2] ?? '';
    const sql = readFileSync(join(dir, file), 'utf8');
    if (done.has(version)) {
      const before = done.get(version);
      if (typeof before === 'string' && before !== sql) changed.push(file);
      continue;
    }
    try {
      await db.transaction(async (tx) => {
        await tx.exec(sql);
        await tx.query(
          'insert into supabase_migrations.schema_migrations (version, name, statements) values ($1, $2, array[$3::text])',
          [version, name, sql],
        );
      });
    } catch (error) {
      throw new MigrationError(`supabase/migrations/${file}`, await locate(db, sql, error), error);
    }
    applied.push(file);
  }
  // Tables created by migrations get the usual grants (default privileges cover most, this covers the rest).
  await db.exec(`grant usage on schema public to anon, authenticated, service_role;`);
  const seedFile = join(workdir, 'supabase', 'seed.sql');
  const seeded = (options.seed ?? !existed) && existsSync(seedFile);
  if (seeded) {
    const sql = readFileSync(seedFile, 'utf8');
    try {
      await db.exec(sql);
    } catch (error) {
      throw new MigrationError('supabase/seed.sql', await locate(db, sql, error), error);
    }
  }
  return { applied, seeded, changed };
}
