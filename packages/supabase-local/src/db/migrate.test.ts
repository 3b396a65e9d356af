// Every migration and seed error names the file and the line: from PostgreSQL's position when it gives one, else
// the line where the failing statement starts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeWorkdir } from '../rest/fixture.ts';
import type { Database } from '../types.ts';
import { openDatabase } from './index.ts';
import { bootstrap, MigrationError, migrate } from './migrate.ts';
import { splitStatements } from './statements.ts';

let db: Database & { dump?(): Promise<Blob> };
let snapshot: Blob;

beforeAll(async () => {
  const boot = await openDatabase();
  await bootstrap(boot);
  snapshot = await (boot.dump as () => Promise<Blob>)();
  await boot.close();
}, 60_000);

afterAll(async () => {
  await db?.close();
});

async function failure(files: Record<string, string>): Promise<MigrationError> {
  await db?.close();
  db = await openDatabase({ loadDataDir: snapshot });
  const error = await migrate(db, makeWorkdir(files), { seed: true }).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(MigrationError);
  return error as MigrationError;
}

const INIT = `-- a table
create table public.t (
  id int primary key,
  n int not null
);
`;

describe('migration errors name the file and the line', () => {
  it('a syntax error: the line of the position', async () => {
    const error = await failure({ 'supabase/migrations/1_init.sql': `${INIT}\nselect 1;\ncreat index;\n` });
    expect(error.message).toMatch(/^Migration supabase\/migrations\/1_init\.sql failed at line 8: syntax error/);
    expect(error.file).toBe('supabase/migrations/1_init.sql');
    expect(error.line).toBe(8);
  });

  it('an error without a position (a constraint): the line where the statement starts', async () => {
    const error = await failure({
      'supabase/migrations/1_init.sql': `${INIT}insert into public.t values (1, 1);\n\n/* two */\ninsert into public.t\n  values (1, 2);\n`,
    });
    expect(error.message).toMatch(/failed at line 9: duplicate key value violates unique constraint/);
    expect(error.line).toBe(9);
  });

  it('an error raised in a DO block: the line where the block starts', async () => {
    const error = await failure({
      'supabase/migrations/1_init.sql': `${INIT}do $$\nbegin\n  perform 1;\n  raise exception 'no; not here';\nend\n$$;\n`,
    });
    expect(error.message).toMatch(/failed at line 6: no; not here/);
  });

  it('the second migration file is named, with its own line', async () => {
    const error = await failure({
      'supabase/migrations/1_init.sql': INIT,
      'supabase/migrations/2_more.sql': `select 1;\nselect 1 / 0;\n`,
    });
    expect(error.message).toMatch(/^Migration supabase\/migrations\/2_more\.sql failed at line 2: division by zero/);
  });

  it('the seed: file and line', async () => {
    const error = await failure({
      'supabase/migrations/1_init.sql': INIT,
      'supabase/seed.sql': `insert into public.t values (1, 1);\ninsert into public.t values (2, 2);\n\ninsert into public.t values (3, null);\n`,
    });
    expect(error.message).toMatch(/^Migration supabase\/seed\.sql failed at line 4: null value in column "n"/);
  });
});

describe('splitStatements', () => {
  it('keeps quotes, dollar quotes, comments and begin atomic bodies whole', () => {
    const sql = `select 'a;b', "c;d", E'e\\';f';
-- c; omment
create function f() returns int language sql begin atomic select 1; select case when true then 2 end; end;
do $x$ begin perform ';'; end $x$; /* a; /* nested; */ */ select 2`;
    expect(splitStatements(sql).map((s) => s.text.slice(0, 12))).toEqual([
      "select 'a;b'",
      'create funct',
      'do $x$ begin',
      'select 2',
    ]);
  });
});
