// Extensions and the Realtime publication that a Supabase project's migrations create, on PGlite.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeWorkdir } from '../rest/fixture.ts';
import { PGLITE_CONTRIB_EXTENSIONS, untar } from './extensions.ts';
import { type LocalDatabase, openDatabase } from './index.ts';
import { bootstrap, migrate } from './migrate.ts';

// every contrib extension PGlite ships, as `create extension` names it (moddatetime's bundle brings spi's four)
const creatable = [
  ...PGLITE_CONTRIB_EXTENSIONS.filter((name) => name !== 'auto_explain'),
  'autoinc',
  'insert_username',
  'refint',
  'pgcrypto',
  'uuid-ossp',
];

let db: LocalDatabase;

beforeAll(async () => {
  db = await openDatabase();
  await bootstrap(db);
}, 60_000);

afterAll(async () => {
  await db?.close();
});

describe('contrib extensions', () => {
  it('a migration can create pg_trgm (with schema extensions) and use it', async () => {
    const workdir = makeWorkdir({
      'supabase/migrations/20240101000000_search.sql': `
create extension if not exists pg_trgm with schema extensions;
create table public.notes (id bigint generated always as identity primary key, body text not null);
create index notes_body_trgm on public.notes using gin (body extensions.gin_trgm_ops);
insert into public.notes (body) values ('reliance industries'), ('infosys');
`,
    });
    const result = await migrate(db, workdir);
    expect(result.applied).toEqual(['20240101000000_search.sql']);
    const { rows } = await db.query<{ body: string }>(
      `select body from public.notes where extensions.similarity(body, 'relianse industries') > 0.4`,
    );
    expect(rows.map((r) => r.body)).toEqual(['reliance industries']);
  });

  it.each(creatable)('create extension if not exists %s', async (name) => {
    await db.exec(`create extension if not exists "${name}" with schema extensions`);
    await db.exec(`create extension if not exists "${name}" with schema extensions`);
    const { rows } = await db.query('select 1 from pg_catalog.pg_extension where extname = $1', [name]);
    expect(rows).toHaveLength(1);
  });

  it('their functions run (hstore, citext, ltree, fuzzystrmatch, btree_gist, cube)', async () => {
    await db.exec('set search_path = public, extensions');
    const { rows } = await db.query<Record<string, unknown>>(`select ('a=>1'::hstore) -> 'a' as h,
      'ABC'::citext = 'abc'::citext as c, 'a.b.c'::ltree @> 'a.b.c.d'::ltree as l,
      levenshtein('kitten', 'sitting') as lev, cube(array[1, 2]) <-> cube(array[4, 6]) as dist`);
    expect(rows[0]).toEqual({ h: '1', c: true, l: true, lev: 3, dist: 5 });
    await db.exec(`create table public.bookings (room int, during tstzrange,
      exclude using gist (room with =, during with &&))`);
  });

  it('reads a tar archive', () => {
    const header = new Uint8Array(512);
    header.set(new TextEncoder().encode('share/x.control'), 0);
    header.set(new TextEncoder().encode('00000000003\0'), 124);
    header[156] = '0'.charCodeAt(0);
    const data = new Uint8Array(512);
    data.set(new TextEncoder().encode('abc'));
    const entries = untar(new Uint8Array([...header, ...data, ...new Uint8Array(1024)]));
    expect(entries.map((e) => [e.name, new TextDecoder().decode(e.data)])).toEqual([['share/x.control', 'abc']]);
  });
});

describe('the supabase_realtime publication', () => {
  it('exists after the bootstrap, empty, and a migration can add a table to it', async () => {
    const before = await db.query(`select 1 from pg_catalog.pg_publication where pubname = 'supabase_realtime'`);
    expect(before.rows).toHaveLength(1);
    const workdir = makeWorkdir({
      'supabase/migrations/20240101000000_search.sql': 'select 1;',
      'supabase/migrations/20240102000000_realtime.sql': `
create table public.messages (id bigint generated always as identity primary key, body text);
alter publication supabase_realtime add table public.messages;
`,
    });
    await migrate(db, workdir);
    const { rows } = await db.query<{ tablename: string }>(
      `select tablename from pg_catalog.pg_publication_tables where pubname = 'supabase_realtime'`,
    );
    expect(rows).toEqual([{ tablename: 'messages' }]);
  });

  it('bootstrapping again keeps it and its tables', async () => {
    await bootstrap(db, { force: true });
    const { rows } = await db.query(
      `select 1 from pg_catalog.pg_publication_tables where pubname = 'supabase_realtime'`,
    );
    expect(rows).toHaveLength(1);
  });
});
