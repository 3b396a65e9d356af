// The `supabase-pg` project runs on the server it means to: PostgreSQL 15 (the major version hosted Supabase
// runs), one fresh database per test file, every migration applied there; and a migration that PostgreSQL 15
// refuses fails the run, naming the file and line, even where PGlite (PostgreSQL 18) accepts it.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { bootstrap, type Database, MigrationError, migrate, openDatabase } from '@bahi/supabase-local';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { bootDatabase, bootstrappedDatabase, migrationFiles } from '../tests/support/db';

let db: Database;

beforeAll(async () => {
  db = await bootDatabase();
}, 60_000);

afterAll(async () => {
  await db?.close();
});

const one = async <T>(sql: string) => (await db.query<T>(sql)).rows[0] as T;

describe('the test server', () => {
  it('is PostgreSQL 15', async () => {
    const { version, major } = await one<{ version: string; major: number }>(
      `select version() as version, current_setting('server_version_num')::int / 10000 as major`,
    );
    expect(version).toMatch(/^PostgreSQL 15\.\d+ /);
    expect(major).toBe(15);
  });

  it('gives this file a database of its own, not the maintenance one', async () => {
    const { name } = await one<{ name: string }>('select current_database() as name');
    expect(name).toMatch(/^bahi_test_\d+_[0-9a-f]{8}$/);
    expect(new URL(inject('bahiTestDatabaseUrl') as string).pathname).toBe('/postgres');
  });

  it('has every migration applied, in file-name order, and the seed loaded', async () => {
    const versions = (
      await db.query<{ version: string }>('select version from supabase_migrations.schema_migrations order by 1')
    ).rows.map((r) => r.version);
    expect(versions).toEqual(migrationFiles().map((f) => basename(f).split('_')[0]));
    const { users } = await one<{ users: number }>('select count(*)::int as users from auth.users');
    expect(users).toBe(2);
  });

  it('drops a file database when the file closes it', async () => {
    const other = await bootstrappedDatabase();
    const { name } = (await other.query<{ name: string }>('select current_database() as name')).rows[0]!;
    await other.close();
    const maintenance = await openDatabase({ connectionString: inject('bahiTestDatabaseUrl') });
    try {
      const left = await maintenance.query('select 1 from pg_database where datname = $1', [name]);
      expect(left.rows).toEqual([]);
    } finally {
      await maintenance.close();
    }
  });
});

describe('a migration PostgreSQL 15 refuses', () => {
  let workdir: string;

  beforeAll(() => {
    workdir = mkdtempSync(join(tmpdir(), 'bahi-pg15-'));
    mkdirSync(join(workdir, 'supabase'));
    mkdirSync(join(workdir, 'supabase', 'migrations'));
    // A virtual generated column: PostgreSQL 18 (PGlite) makes one, PostgreSQL 15 requires STORED.
    writeFileSync(
      join(workdir, 'supabase', 'migrations', '29991231000000_virtual_column.sql'),
      '-- accepted by PGlite\ncreate table public.lots (size int not null,\n  doubled int generated always as (size * 2));\n',
    );
  });

  afterAll(() => {
    rmSync(workdir, { recursive: true, force: true });
  });

  it('fails with the file and line, leaving nothing of it behind', async () => {
    const fresh = await bootstrappedDatabase();
    try {
      const error = await migrate(fresh, workdir).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(MigrationError);
      expect((error as MigrationError).message).toMatch(
        /^Migration supabase\/migrations\/29991231000000_virtual_column\.sql failed at line 3: syntax error/,
      );
      const { lots } = (await fresh.query<{ lots: string | null }>(`select to_regclass('public.lots')::text as lots`))
        .rows[0]!;
      expect(lots).toBeNull();
    } finally {
      await fresh.close();
    }
  });

  it('is accepted by PGlite, which is why the server run exists', async () => {
    const lite = await openDatabase();
    try {
      await bootstrap(lite);
      await expect(migrate(lite, workdir)).resolves.toMatchObject({ applied: ['29991231000000_virtual_column.sql'] });
    } finally {
      await lite.close();
    }
  });
});
