// Test fixtures: a temp workdir with its own migrations, a server on port 0 over in-memory PGlite,
// supabase-js clients, and tokens signed with the config's secret.

import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { SignJWT } from 'jose';
import { afterAll, inject } from 'vitest';
import WebSocket from 'ws';
import { loadConfig, type StackConfig } from '../config.ts';
import { openDatabase } from '../db/index.ts';
import { type RunningServer, type StartOptions, startServer } from '../server.ts';
import type { Database } from '../types.ts';

const made: string[] = [];
// every workdir a test file made is removed after that file
afterAll(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Writes `files` (paths relative to the workdir) into a fresh temp folder (removed after the test file). */
export function makeWorkdir(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'supabase-local-test-'));
  made.push(dir);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

export interface Fixture {
  server: RunningServer;
  config: StackConfig;
  workdir: string;
  anon: SupabaseClient;
  service: SupabaseClient;
  /** A client whose requests carry `token`. */
  as(token: string): SupabaseClient;
  sign(claims: Record<string, unknown>, options?: { expiresIn?: number; secret?: string }): Promise<string>;
  stop(): Promise<void>;
}

export function client(url: string, key: string, token?: string): SupabaseClient {
  return createClient(url, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: token ? { headers: { Authorization: `Bearer ${token}` } } : {},
    realtime: { transport: WebSocket as never },
  });
}

export async function startFixture(files: Record<string, string>, options: StartOptions = {}): Promise<Fixture> {
  const workdir = makeWorkdir(files);
  const config = await loadConfig({ workdir, port: 0 });
  const server = await startServer(config, options);
  const sign: Fixture['sign'] = async (claims, opts = {}) => {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({ aud: 'authenticated', iat: now, exp: now + (opts.expiresIn ?? 3600), ...claims })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .sign(new TextEncoder().encode(opts.secret ?? config.jwtSecret));
  };
  return {
    server,
    config,
    workdir,
    anon: client(server.url, server.anonKey),
    service: client(server.url, server.serviceRoleKey),
    as: (token) => client(server.url, server.anonKey, token),
    sign,
    async stop() {
      await server.stop();
      rmSync(workdir, { recursive: true, force: true });
    },
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** A PostgreSQL server's maintenance URL (postgres://…/postgres), from supabase/tests-pg/global-setup.ts. */
    bahiTestDatabaseUrl?: string;
  }
}

/**
 * The PostgreSQL server's maintenance URL a test runs on besides (or instead of) PGlite: the `supabase-local-pg`
 * project's throwaway PostgreSQL 15 cluster, which runs these tests on it alone, or BAHI_TEST_DATABASE_URL.
 */
export const pgProject = inject('bahiTestDatabaseUrl');
export const testServerUrl = pgProject || process.env.BAHI_TEST_DATABASE_URL || undefined;

/**
 * The databases a data-API test runs on: PGlite (except in the `supabase-local-pg` project), and PostgreSQL when
 * there is a server, where each call makes a fresh database that `close()` drops.
 */
export const backends: { name: string; database(): Promise<Database | undefined> }[] = [
  ...(pgProject ? [] : [{ name: 'PGlite', database: async () => undefined }]),
  ...(testServerUrl ? [{ name: 'PostgreSQL', database: () => serverDatabase(testServerUrl) }] : []),
];

async function serverDatabase(serverUrl: string): Promise<Database> {
  const name = `supabase_local_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const maintenance = await openDatabase({ connectionString: serverUrl });
  await maintenance.exec(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const db = await openDatabase({ connectionString: url.href });
  return {
    query: (sql, params) => db.query(sql, params),
    exec: (sql) => db.exec(sql),
    transaction: (fn) => db.transaction(fn),
    async close() {
      await db.close();
      try {
        await maintenance.exec(`drop database if exists ${name} with (force)`);
      } finally {
        await maintenance.close();
      }
    },
  };
}

/** The library schema most REST tests use. */
export const LIBRARY_MIGRATION = `
create table public.authors (
  id bigint generated by default as identity primary key,
  name text not null unique,
  country text
);
create table public.books (
  id bigint generated by default as identity primary key,
  title text not null,
  author_id bigint references public.authors (id),
  pages int,
  tags text[] not null default '{}',
  meta jsonb not null default '{}',
  price numeric(8, 2),
  published date
);
create table public.notes (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid(),
  body text not null
);
alter table public.notes enable row level security;
create policy "own notes" on public.notes for all to authenticated
  using (user_id = auth.uid()) with check (user_id = auth.uid());
create policy "anon reads nothing" on public.notes for select to anon using (false);
create table public.items (
  id serial primary key,
  label text not null,
  n int not null default 7,
  constraint label_not_bad check (label <> 'bad')
);
create table public.labels (id int primary key, label text not null);
create table public.book_labels (
  book_id bigint references public.books (id),
  label_id int references public.labels (id),
  primary key (book_id, label_id)
);
create function public.add(a int, b int default 1) returns int language sql immutable as $$ select a + b $$;
create function public.books_by(author text) returns setof public.books language sql stable as $$
  select b.* from public.books b join public.authors a on a.id = b.author_id where a.name = author
$$;
create function public.fail(msg text) returns void language plpgsql as $$ begin raise exception '%', msg; end $$;
create function public.echo(jsonb) returns jsonb language sql immutable as $$ select $1 $$;
create function public.noop() returns void language plpgsql as $$ begin end $$;
create function public.whoami() returns jsonb language sql stable as $$ select auth.jwt() $$;
create function public.my_uid() returns uuid language sql stable as $$ select auth.uid() $$;
create function public.add_item(label text) returns public.items language sql as $$
  insert into public.items (label) values (label) returning *
$$;
create function public.page_counts() returns table (title text, pages int) language sql stable as $$
  select title, pages from public.books order by id
$$;
`;

export const LIBRARY_SEED = `
insert into public.authors (id, name, country) values
  (1, 'Tolkien', 'UK'), (2, 'Le Guin', 'US'), (3, 'Pratchett', 'UK'), (4, 'Nobody', null);
select setval(pg_get_serial_sequence('public.authors', 'id'), 4);
insert into public.books (id, title, author_id, pages, tags, meta, price, published) values
  (1, 'The Hobbit', 1, 310, '{fantasy,classic}', '{"lang":"en","rating":{"stars":5}}', 12.50, '1937-09-21'),
  (2, 'The Silmarillion', 1, 365, '{fantasy}', '{"lang":"en","rating":{"stars":4}}', 15.00, '1977-09-15'),
  (3, 'A Wizard of Earthsea', 2, 183, '{fantasy,ya}', '{"lang":"en","rating":{"stars":5}}', 9.99, '1968-01-01'),
  (4, 'The Dispossessed', 2, 387, '{scifi,classic}', '{"lang":"en","rating":{"stars":5}}', null, '1974-05-01'),
  (5, 'Guards! Guards!', 3, 288, '{fantasy,comic}', '{"lang":"en","rating":{"stars":4}}', 8.99, '1989-11-01'),
  (6, 'Orphan, (odd) "title"', null, null, '{}', '{}', null, null);
select setval(pg_get_serial_sequence('public.books', 'id'), 6);
insert into public.labels values (1, 'award'), (2, 'film');
insert into public.book_labels values (1, 2), (3, 1), (4, 1), (4, 2);
`;
