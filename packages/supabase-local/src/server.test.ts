// The HTTP server as a whole: forged tokens, bad input, limits, concurrency, persistence, migrations, ports.
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { DataDirInUseError, type LocalDatabase, openDatabase } from './db/index.ts';
import { MigrationError, migrate } from './db/migrate.ts';
import { client, type Fixture, LIBRARY_MIGRATION, LIBRARY_SEED, makeWorkdir, startFixture } from './rest/fixture.ts';
import { PortInUseError, startServer } from './server.ts';

let f: Fixture;

beforeAll(async () => {
  f = await startFixture({
    'supabase/migrations/20240101000000_library.sql': LIBRARY_MIGRATION,
    'supabase/seed.sql': LIBRARY_SEED,
  });
}, 60_000);

afterAll(async () => {
  await f?.stop();
});

const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

async function restWith(token: string, path = '/rest/v1/authors?select=id&limit=1') {
  const res = await fetch(`${f.server.url}${path}`, {
    headers: { apikey: f.server.anonKey, Authorization: `Bearer ${token}` },
  });
  return { status: res.status, body: await res.json() };
}

describe('forged tokens', () => {
  it('accepts a valid user token', async () => {
    const token = await f.sign({ sub: '33333333-3333-4333-8333-333333333333', role: 'authenticated' });
    expect((await restWith(token)).status).toBe(200);
  });

  it('refuses a bad signature, alg none, an expired token and a role edited to service_role', async () => {
    const wrongKey = await f.sign(
      { role: 'service_role' },
      { secret: 'another-secret-that-is-at-least-32-characters' },
    );
    const bad = await restWith(wrongKey);
    expect(bad.status).toBe(401);
    expect(bad.body.code).toBe('PGRST301');

    const none = `${b64url({ alg: 'none', typ: 'JWT' })}.${b64url({ role: 'service_role', exp: 9999999999 })}.`;
    expect((await restWith(none)).status).toBe(401);

    const expired = await f.sign({ role: 'authenticated', sub: 'x' }, { expiresIn: -60 });
    const old = await restWith(expired);
    expect(old.status).toBe(401);
    expect(old.body.code).toBe('PGRST303');

    const user = await f.sign({ role: 'authenticated', sub: '33333333-3333-4333-8333-333333333333' });
    const [header, , signature] = user.split('.');
    const edited = `${header}.${b64url({ role: 'service_role', exp: 9999999999 })}.${signature}`;
    const promoted = await restWith(edited);
    expect(promoted.status).toBe(401);
    expect(promoted.body).toMatchObject({ code: 'PGRST301', hint: null, details: null });

    const garbage = await restWith('not-a-jwt');
    expect(garbage.status).toBe(401);
  });

  it('refuses a signed token whose role is not an API role', async () => {
    const token = await f.sign({ role: 'postgres' });
    const res = await restWith(token);
    expect(res.status).toBe(401);
  });

  it('runs as anon without any key', async () => {
    const res = await fetch(`${f.server.url}/rest/v1/authors?select=name&id=eq.1`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([{ name: 'Tolkien' }]);
  });
});

describe('bad input', () => {
  const post = (path: string, body: string, headers: Record<string, string> = {}) =>
    fetch(`${f.server.url}${path}`, {
      method: 'POST',
      headers: { apikey: f.server.serviceRoleKey, 'content-type': 'application/json', ...headers },
      body,
    });

  it('answers malformed JSON with 400 PGRST102', async () => {
    const res = await post('/rest/v1/items', '{"label": ');
    expect(res.status).toBe(400);
    expect((await res.json()).code).toBe('PGRST102');
  });

  it('keeps injection attempts in filters, select and order harmless', async () => {
    const attempts = [
      "/rest/v1/authors?name=eq.x';drop table public.authors;--",
      "/rest/v1/authors?name=in.(x');drop table public.authors;--)",
      '/rest/v1/authors?select=id,name);drop table public.authors;--',
      '/rest/v1/authors?order=id;drop table public.authors',
      '/rest/v1/authors?id::text=eq.1',
      '/rest/v1/authors?select=id::text);drop table public.authors;--',
      '/rest/v1/authors?"id"="1" or 1=1 --=eq.1',
      '/rest/v1/authors?or=(id.eq.1);drop table public.authors;--',
      '/rest/v1/authors?select=name&name=like.%25%27%20or%201=1--',
    ];
    for (const path of attempts) {
      const res = await fetch(`${f.server.url}${path}`, { headers: { apikey: f.server.serviceRoleKey } });
      expect(res.headers.get('content-type')).toMatch(/json/);
      const body = await res.json();
      if (res.status === 200) expect(body).toEqual([]);
      else expect(res.status).toBeGreaterThanOrEqual(400);
    }
    const { count } = await f.anon.from('authors').select('*', { count: 'exact', head: true });
    expect(count).toBe(4);
  });

  it('answers an oversized body with 413 JSON and keeps serving', async () => {
    const huge = JSON.stringify({ label: 'x'.repeat(11 * 1024 * 1024) });
    const res = await post('/rest/v1/items', huge);
    expect(res.status).toBe(413);
    expect((await res.json()).message).toMatch(/too large/i);
    const after = await f.anon.from('authors').select('id').eq('id', 1);
    expect(after.status).toBe(200);
  });

  it('answers unknown routes and preflights', async () => {
    const missing = await fetch(`${f.server.url}/nope`);
    expect(missing.status).toBe(404);
    expect((await missing.json()).message).toMatch(/No route/);
    const badEncoding = await fetch(`${f.server.url}/rest/v1/%E0%A4%A`, { headers: { apikey: f.server.anonKey } });
    expect(badEncoding.status).toBe(400);
    const preflight = await fetch(`${f.server.url}/rest/v1/authors`, {
      method: 'OPTIONS',
      headers: { Origin: 'http://localhost:5173', 'Access-Control-Request-Method': 'POST' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-headers')).toMatch(/apikey/);
    expect(preflight.headers.get('access-control-allow-headers')).toMatch(/x-client-info/);
    const custom = await fetch(`${f.server.url}/rest/v1/authors`, {
      method: 'OPTIONS',
      headers: { Origin: 'http://localhost:5173', 'Access-Control-Request-Headers': 'x-trace-id' },
    });
    expect(custom.headers.get('access-control-allow-headers')).toMatch(/x-trace-id/);
    const get = await fetch(`${f.server.url}/rest/v1/authors?select=id&limit=1`, {
      headers: { apikey: f.server.anonKey },
    });
    expect(get.headers.get('access-control-expose-headers')).toMatch(/Content-Range/);
  });

  it('answers malformed HTTP with 400 and keeps serving', async () => {
    const { port } = new URL(f.server.url);
    const reply = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1', () => socket.write('GARBAGE /\\ HTTP/9\r\n\x00\r\n\r\n'));
      let data = '';
      socket.on('data', (chunk) => {
        data += chunk.toString();
      });
      socket.on('close', () => resolve(data));
      socket.on('error', reject);
    });
    expect(reply).toMatch(/^HTTP\/1\.1 400/);
    expect((await f.anon.from('authors').select('id').eq('id', 1)).data).toEqual([{ id: 1 }]);
  });

  it('persists 200 concurrent inserts', async () => {
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, i) => f.service.from('items').insert({ label: `concurrent-${i}` })),
    );
    expect(results.every((r) => r.status === 201)).toBe(true);
    const { count } = await f.service
      .from('items')
      .select('*', { count: 'exact', head: true })
      .like('label', 'concurrent-*');
    expect(count).toBe(200);
  });
});

describe('migrations', () => {
  it('names the file and line of a broken migration, and applies nothing of it', async () => {
    const workdir = makeWorkdir({
      'supabase/migrations/20240201000000_ok.sql': 'create table public.ok_table (id int primary key);\n',
      'supabase/migrations/20240202000000_broken.sql':
        'create table public.half (id int);\n\n-- oops\nselect * frmo public.half;\n',
    });
    try {
      const error = await migrate(f.server.db, workdir).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(MigrationError);
      expect((error as MigrationError).message).toMatch(
        /supabase\/migrations\/20240202000000_broken\.sql failed at line 4: syntax error/,
      );
      const half = await f.server.db.query(`select to_regclass('public.half') as t`);
      expect(half.rows[0]).toEqual({ t: null });
      const again = await migrate(f.server.db, makeWorkdir({}));
      expect(again.applied).toEqual([]);
    } finally {
      rmSync(workdir, { recursive: true, force: true });
    }
  });

  it('picks up tables and columns made by DDL after start', async () => {
    await f.server.db.exec(`create table public.late (id int primary key, v text);
      alter table public.authors add column born int;`);
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect((await f.service.from('late').insert({ id: 1, v: 'new' }).select()).data).toEqual([{ id: 1, v: 'new' }]);
    await new Promise((resolve) => setTimeout(resolve, 600));
    const updated = await f.service.from('authors').update({ born: 1892 }).eq('id', 1).select('name, born');
    expect(updated.data).toEqual([{ name: 'Tolkien', born: 1892 }]);
  });

  it('records applied migrations once', async () => {
    const rows = await f.server.db.query<{ version: string; name: string }>(
      `select version, name from supabase_migrations.schema_migrations where version = '20240101000000'`,
    );
    expect(rows.rows).toEqual([{ version: '20240101000000', name: 'library' }]);
    const edited = makeWorkdir({ 'supabase/migrations/20240101000000_library.sql': 'select 1;' });
    const again = await migrate(f.server.db, edited);
    expect(again).toEqual({ applied: [], seeded: false, changed: ['20240101000000_library.sql'] });
    rmSync(edited, { recursive: true, force: true });
  });
});

describe('ports and persistence', () => {
  it('says clearly that a port is busy', async () => {
    const port = Number(new URL(f.server.url).port);
    const config = await loadConfig({ workdir: f.workdir, port });
    const error = await startServer(config).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PortInUseError);
    expect((error as Error).message).toMatch(new RegExp(`^Port ${port} is already in use`));
  });

  it('refuses a data folder that another live process holds', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'supabase-local-data-'));
    writeFileSync(`${dataDir}.lock`, '1'); // pid 1 is always alive
    try {
      const error = await openDatabase({ dataDir }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(DataDirInUseError);
      expect((error as Error).message).toMatch(/is in use by another process \(pid 1\)/);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
      rmSync(`${dataDir}.lock`, { force: true });
    }
  });

  it('keeps committed rows across a restart of a persisted data folder', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'supabase-local-data-'));
    const workdir = makeWorkdir({
      'supabase/migrations/20240101000000_t.sql': 'create table public.kept (id int primary key, v text);',
      'supabase/seed.sql': "insert into public.kept values (1, 'seeded');",
    });
    try {
      const config = await loadConfig({ workdir, port: 0, dataDir });
      const first = await startServer(config);
      const c1 = client(first.url, first.serviceRoleKey);
      expect((await c1.from('kept').insert({ id: 2, v: 'committed' })).status).toBe(201);
      expect(existsSync(`${dataDir}.lock`)).toBe(true);
      await first.stop();
      expect(existsSync(`${dataDir}.lock`)).toBe(false);
      const second = await startServer(config);
      try {
        const c2 = client(second.url, second.serviceRoleKey);
        const { data } = await c2.from('kept').select('id, v').order('id');
        // the seed ran once (fresh database), the committed row survived
        expect(data).toEqual([
          { id: 1, v: 'seeded' },
          { id: 2, v: 'committed' },
        ]);
      } finally {
        await second.stop();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
      rmSync(`${dataDir}-storage`, { recursive: true, force: true });
      rmSync(workdir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('auth service', () => {
  it('is mounted at /auth/v1 and its sessions work against RLS', async () => {
    const user = client(f.server.url, f.server.anonKey);
    const email = `reader-${Date.now()}@example.com`;
    const { data, error } = await user.auth.signUp({ email, password: 'correct-horse-battery' });
    expect(error).toBeNull();
    expect(data.session).not.toBeNull();
    const token = data.session?.access_token as string;
    const mine = client(f.server.url, f.server.anonKey, token);
    const note = await mine.from('notes').insert({ body: 'mine' }).select('user_id').single();
    expect(note.data?.user_id).toBe(data.user?.id);
  });
});

describe('compression', () => {
  /** A raw GET (fetch would undo the compression): status, headers and the bytes as sent. */
  const rawGet = (path: string, acceptEncoding?: string) =>
    new Promise<{ headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
      const url = new URL(path, f.server.url);
      const req = request(url, {
        headers: {
          apikey: f.server.serviceRoleKey,
          Authorization: `Bearer ${f.server.serviceRoleKey}`,
          ...(acceptEncoding ? { 'Accept-Encoding': acceptEncoding } : {}),
        },
      });
      req.on('response', (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
      });
      req.on('error', reject);
      req.end();
    });

  it('gzips data API answers of 1 KB or more for clients that accept it, as the hosted gateway does', async () => {
    const rows = Array.from({ length: 100 }, (_, i) => ({ label: `compressed item ${i}` }));
    expect((await f.service.from('items').insert(rows)).error).toBeNull();
    const path = '/rest/v1/items?select=id,label,n&label=like.compressed*';

    const zipped = await rawGet(path, 'gzip, deflate, br');
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toMatch(/Accept-Encoding/);
    expect(Number(zipped.headers['content-length'])).toBe(zipped.body.length);
    const plain = await rawGet(path);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(zipped.body.length).toBeLessThan(plain.body.length / 3);
    expect(JSON.parse(gunzipSync(zipped.body).toString())).toEqual(JSON.parse(plain.body.toString()));
    expect(JSON.parse(plain.body.toString())).toHaveLength(100);

    // refused by the client, or too small to gain
    expect((await rawGet(path, 'gzip;q=0, identity')).headers['content-encoding']).toBeUndefined();
    expect((await rawGet(`${path}&limit=1`, 'gzip')).headers['content-encoding']).toBeUndefined();
  });
});

describe('database layer', () => {
  let db: LocalDatabase;
  beforeAll(async () => {
    db = f.server.db as LocalDatabase;
    await db.exec(
      'create table public.counter (id int primary key, n int not null); insert into public.counter values (1, 0);',
    );
  });

  it('commits a transaction and rolls it back when the function throws', async () => {
    await db.transaction((tx) => tx.query('update public.counter set n = n + 1 where id = 1'));
    await expect(
      db.transaction(async (tx) => {
        await tx.query('update public.counter set n = n + 100 where id = 1');
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect((await db.query('select n from public.counter')).rows).toEqual([{ n: 1 }]);
  });

  it('runs transactions one at a time, so none sees another half done', async () => {
    const seen: number[] = [];
    await Promise.all(
      Array.from({ length: 20 }, () =>
        db.transaction(async (tx) => {
          const { rows } = await tx.query<{ n: number }>('select n from public.counter where id = 1');
          const n = (rows[0] as { n: number }).n;
          await new Promise((resolve) => setTimeout(resolve, 1));
          await tx.query('update public.counter set n = $1 where id = 1', [n + 1]);
          seen.push(n);
        }),
      ),
    );
    expect(seen).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect((await db.query('select n from public.counter')).rows).toEqual([{ n: 21 }]);
  });

  it('reports affected rows and fields', async () => {
    const result = await db.query('update public.counter set n = 0 where id = $1', [1]);
    expect(result.affectedRows).toBe(1);
    const select = await db.query('select id, n from public.counter');
    expect(select.affectedRows).toBe(0);
    expect(select.fields.map((f) => f.name)).toEqual(['id', 'n']);
  });

  it('has the roles, auth helpers, storage schema and contrib extensions', async () => {
    const { rows } = await db.query<{ roles: string[]; uid: string; ext: string[] }>(
      `select array(select rolname::text from pg_roles where rolname in ('anon', 'authenticated', 'service_role')
                    order by rolname) as roles,
              (select auth.uid()) as uid,
              array(select extname::text from pg_extension where extname in ('pgcrypto', 'uuid-ossp') order by 1) as ext`,
    );
    expect(rows[0]).toEqual({
      roles: ['anon', 'authenticated', 'service_role'],
      uid: null,
      ext: ['pgcrypto', 'uuid-ossp'],
    });
    const claims = await db.transaction(async (tx) => {
      await tx.query(`select set_config('request.jwt.claims', $1, true)`, [
        JSON.stringify({ sub: '11111111-1111-4111-8111-111111111111', role: 'authenticated', email: 'a@b.c' }),
      ]);
      return (
        await tx.query(
          'select auth.uid() as uid, auth.role() as role, auth.email() as email, auth.jwt() ->> $1 as sub',
          ['sub'],
        )
      ).rows[0];
    });
    expect(claims).toEqual({
      uid: '11111111-1111-4111-8111-111111111111',
      role: 'authenticated',
      email: 'a@b.c',
      sub: '11111111-1111-4111-8111-111111111111',
    });
    const helpers = await db.query(
      `select storage.foldername('a/b/c.png') as folders, storage.filename('a/b/c.png') as file, storage.extension('a/b/c.png') as ext`,
    );
    expect(helpers.rows[0]).toEqual({ folders: ['a', 'b'], file: 'c.png', ext: 'png' });
  });

  it('restores a snapshot into an independent database', async () => {
    const other = await openDatabase({ loadDataDir: await (db.dump as () => Promise<Blob>)() });
    try {
      expect((await other.query('select n from public.counter')).rows).toEqual([{ n: 0 }]);
      await other.query('update public.counter set n = 99');
      await db.query('update public.counter set n = 5');
      expect((await other.query('select n from public.counter')).rows).toEqual([{ n: 99 }]);
      expect((await db.query('select n from public.counter')).rows).toEqual([{ n: 5 }]);
    } finally {
      await other.close();
    }
  }, 30_000);
});
