// The data API driven by the unchanged supabase-js client: grammar, shapes and status codes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Fixture, LIBRARY_MIGRATION, LIBRARY_SEED, startFixture } from './fixture.ts';

let f: Fixture;

beforeAll(async () => {
  f = await startFixture({
    'supabase/migrations/20240101000000_library.sql': LIBRARY_MIGRATION,
    'supabase/migrations/20240102000000_archive.sql': `
      create schema archive;
      grant usage on schema archive to anon, authenticated, service_role;
      create table archive.old_books (id int primary key, title text not null);
      grant select, insert on archive.old_books to anon, authenticated, service_role;
      insert into archive.old_books values (1, 'Beowulf');
      create function public.pay() returns void language plpgsql as $$
        begin raise exception 'payment required' using errcode = 'PT402'; end $$;
    `,
    'supabase/config.toml': '[api]\nschemas = ["public", "archive"]\n',
    'supabase/seed.sql': LIBRARY_SEED,
  });
}, 60_000);

afterAll(async () => {
  await f?.stop();
});

describe('select grammar', () => {
  it('selects columns, aliases, casts and JSON paths', async () => {
    const { data, error, status } = await f.anon
      .from('books')
      .select('id, name:title, pages::text, lang:meta->>lang, stars:meta->rating->stars')
      .eq('id', 1);
    expect(error).toBeNull();
    expect(status).toBe(200);
    expect(data).toEqual([{ id: 1, name: 'The Hobbit', pages: '310', lang: 'en', stars: 5 }]);
  });

  it('returns all columns with *, numbers as JSON numbers and dates as ISO strings', async () => {
    const { data } = await f.anon.from('books').select('*').eq('id', 3).single();
    expect(data).toEqual({
      id: 3,
      title: 'A Wizard of Earthsea',
      author_id: 2,
      pages: 183,
      tags: ['fantasy', 'ya'],
      meta: { lang: 'en', rating: { stars: 5 } },
      price: 9.99,
      published: '1968-01-01',
    });
  });

  it('embeds a many-to-one resource as an object and one-to-many as an array', async () => {
    const { data: book } = await f.anon.from('books').select('title, authors(name)').eq('id', 4).single();
    expect(book).toEqual({ title: 'The Dispossessed', authors: { name: 'Le Guin' } });
    const { data: author } = await f.anon
      .from('authors')
      .select('name, books(title)')
      .eq('id', 2)
      .order('id', { referencedTable: 'books' })
      .single();
    expect(author).toEqual({
      name: 'Le Guin',
      books: [{ title: 'A Wizard of Earthsea' }, { title: 'The Dispossessed' }],
    });
    const { data: orphan } = await f.anon.from('books').select('id, writer:authors(name)').eq('id', 6).single();
    expect(orphan).toEqual({ id: 6, writer: null });
  });

  it('embeds through a hint and filters parents with !inner', async () => {
    const { data: hinted } = await f.anon.from('books').select('id, authors!books_author_id_fkey(country)').eq('id', 5);
    expect(hinted).toEqual([{ id: 5, authors: { country: 'UK' } }]);
    const { data: viaColumn } = await f.anon.from('books').select('id, author:author_id(name)').eq('id', 5);
    expect(viaColumn).toEqual([{ id: 5, author: { name: 'Pratchett' } }]);
    const { data } = await f.anon.from('authors').select('name, books!inner(title)').eq('books.title', 'The Hobbit');
    expect(data).toEqual([{ name: 'Tolkien', books: [{ title: 'The Hobbit' }] }]);
    const { data: unknown, error, status } = await f.anon.from('books').select('id, publishers(name)');
    expect(unknown).toBeNull();
    expect(status).toBe(400);
    expect(error?.code).toBe('PGRST200');
  });
});

describe('more embedding', () => {
  it('embeds many-to-many through a junction table', async () => {
    const { data, error } = await f.anon
      .from('books')
      .select('id, labels(label)')
      .in('id', [1, 4, 5])
      .order('id')
      .order('id', { referencedTable: 'labels' });
    expect(error).toBeNull();
    expect(data).toEqual([
      { id: 1, labels: [{ label: 'film' }] },
      { id: 4, labels: [{ label: 'award' }, { label: 'film' }] },
      { id: 5, labels: [] },
    ]);
  });

  it('keeps parents with or without embedded rows through is.null on the embed', async () => {
    const withBooks = await f.anon.from('authors').select('name, books(id)').not('books', 'is', null).order('id');
    expect(withBooks.data?.map((a) => a.name)).toEqual(['Tolkien', 'Le Guin', 'Pratchett']);
    const without = await f.anon.from('authors').select('name, books(id)').is('books', null);
    expect(without.data).toEqual([{ name: 'Nobody', books: [] }]);
  });

  it('spreads a to-one embed into the parent', async () => {
    const { data } = await f.anon.from('books').select('title, ...authors(author:name, country)').eq('id', 1).single();
    expect(data).toEqual({ title: 'The Hobbit', author: 'Tolkien', country: 'UK' });
  });
});

describe('filters', () => {
  const ids = async (build: (q: ReturnType<typeof selectBooks>) => PromiseLike<{ data: unknown }>) => {
    const { data } = (await build(selectBooks())) as { data: { id: number }[] | null };
    return (data ?? []).map((r) => r.id);
  };
  const selectBooks = () => f.anon.from('books').select('id').order('id');

  it('compares with eq neq gt gte lt lte', async () => {
    expect(await ids((q) => q.eq('author_id', 1))).toEqual([1, 2]);
    expect(await ids((q) => q.neq('author_id', 1))).toEqual([3, 4, 5]);
    expect(await ids((q) => q.gt('pages', 310))).toEqual([2, 4]);
    expect(await ids((q) => q.gte('pages', 310))).toEqual([1, 2, 4]);
    expect(await ids((q) => q.lt('pages', 288))).toEqual([3]);
    expect(await ids((q) => q.lte('price', 9.99))).toEqual([3, 5]);
    expect(await ids((q) => q.gte('published', '1970-01-01'))).toEqual([2, 4, 5]);
  });

  it('matches patterns with like, ilike, match and imatch', async () => {
    expect(await ids((q) => q.like('title', 'The%'))).toEqual([1, 2, 4]);
    expect(await ids((q) => q.like('title', '*Guards*'))).toEqual([5]);
    expect(await ids((q) => q.ilike('title', '%WIZARD%'))).toEqual([3]);
    expect(await ids((q) => q.filter('title', 'match', '^The [HS]'))).toEqual([1, 2]);
    expect(await ids((q) => q.filter('title', 'imatch', 'earthsea$'))).toEqual([3]);
  });

  it('handles is, in (with quoted values), not and null', async () => {
    expect(await ids((q) => q.is('author_id', null))).toEqual([6]);
    expect(await ids((q) => q.not('author_id', 'is', null))).toEqual([1, 2, 3, 4, 5]);
    expect(await ids((q) => q.in('id', [2, 4, 9]))).toEqual([2, 4]);
    expect(await ids((q) => q.in('title', ['Orphan, (odd) "title"', 'The Hobbit']))).toEqual([1, 6]);
    expect(await ids((q) => q.in('id', []))).toEqual([]);
    expect(await ids((q) => q.not('id', 'in', '(1,2,3)'))).toEqual([4, 5, 6]);
  });

  it('filters arrays and JSON with cs cd ov and JSON paths', async () => {
    expect(await ids((q) => q.contains('tags', ['classic']))).toEqual([1, 4]);
    expect(await ids((q) => q.containedBy('tags', ['fantasy', 'ya', 'classic']))).toEqual([1, 2, 3, 6]);
    expect(await ids((q) => q.overlaps('tags', ['ya', 'comic']))).toEqual([3, 5]);
    expect(await ids((q) => q.contains('meta', { rating: { stars: 4 } }))).toEqual([2, 5]);
    expect(await ids((q) => q.eq('meta->rating->>stars', '5'))).toEqual([1, 3, 4]);
  });

  it('searches text with fts, plfts, phfts and wfts', async () => {
    expect(await ids((q) => q.textSearch('title', 'wizard & earthsea', { config: 'english' }))).toEqual([3]);
    expect(await ids((q) => q.textSearch('title', 'guards', { type: 'plain', config: 'english' }))).toEqual([5]);
    expect(await ids((q) => q.textSearch('title', 'the hobbit', { type: 'phrase', config: 'english' }))).toEqual([1]);
    expect(await ids((q) => q.textSearch('title', 'silmarillion or dispossessed', { type: 'websearch' }))).toEqual([
      2, 4,
    ]);
  });

  it('combines conditions with or, and and nesting', async () => {
    expect(await ids((q) => q.or('pages.lt.200,price.gt.14'))).toEqual([2, 3]);
    expect(await ids((q) => q.or('author_id.eq.3,and(author_id.eq.1,pages.gt.350)'))).toEqual([2, 5]);
    expect(await ids((q) => q.or('title.eq."Orphan, (odd) \\"title\\"",id.eq.1'))).toEqual([1, 6]);
    expect(await ids((q) => q.not('title', 'like', 'The*').or('id.lt.4,id.gt.5'))).toEqual([3, 6]);
  });

  it('refuses unknown operators and columns with PostgREST errors', async () => {
    const bad = await f.anon
      .from('books')
      .select('id')
      .filter('id', 'near' as never, '1');
    expect(bad.status).toBe(400);
    expect(bad.error?.code).toBe('PGRST100');
    const unknown = await f.anon.from('books').select('id').eq('nope', 1);
    expect(unknown.status).toBe(400);
    expect(unknown.error?.code).toBe('42703');
  });
});

describe('order, range and count', () => {
  it('orders on several columns with nulls first/last', async () => {
    const { data } = await f.anon
      .from('books')
      .select('id')
      .order('author_id', { ascending: false, nullsFirst: true })
      .order('pages', { ascending: true });
    expect(data?.map((r) => r.id)).toEqual([6, 5, 3, 4, 1, 2]);
    const last = await f.anon
      .from('books')
      .select('id')
      .order('price', { ascending: true, nullsFirst: false })
      .order('id');
    expect(last.data?.map((r) => r.id)).toEqual([5, 3, 1, 2, 4, 6]);
  });

  it('pages with range and reports Content-Range with an exact count (206 when partial)', async () => {
    const { data, count, status } = await f.anon.from('books').select('id', { count: 'exact' }).order('id').range(1, 3);
    expect(data?.map((r) => r.id)).toEqual([2, 3, 4]);
    expect(count).toBe(6);
    expect(status).toBe(206);
    const res = await fetch(`${f.server.url}/rest/v1/books?select=id&order=id&limit=2&offset=2`, {
      headers: { apikey: f.server.anonKey, Prefer: 'count=exact' },
    });
    expect(res.headers.get('content-range')).toBe('2-3/6');
    const ranged = await fetch(`${f.server.url}/rest/v1/books?select=id&order=id`, {
      headers: { apikey: f.server.anonKey, Range: '0-1' },
    });
    expect(await ranged.json()).toEqual([{ id: 1 }, { id: 2 }]);
    expect(ranged.headers.get('content-range')).toBe('0-1/*');
  });

  it('answers 416 PGRST103 for an offset past the counted rows', async () => {
    const { status, error } = await f.anon.from('books').select('id', { count: 'exact' }).range(10, 12);
    expect(status).toBe(416);
    expect(error).toMatchObject({ code: 'PGRST103', message: 'Requested range not satisfiable' });
    const uncounted = await f.anon.from('books').select('id').range(10, 12);
    expect(uncounted.status).toBe(200);
    expect(uncounted.data).toEqual([]);
  });

  it('counts with head requests', async () => {
    const { count, data, status } = await f.anon
      .from('books')
      .select('*', { count: 'planned', head: true })
      .eq('author_id', 1);
    expect(count).toBe(2);
    expect(data).toBeNull();
    expect(status).toBe(200);
  });
});

describe('single', () => {
  it('answers 406 PGRST116 with the exact body when not exactly one row', async () => {
    const res = await fetch(`${f.server.url}/rest/v1/books?id=eq.999`, {
      headers: { apikey: f.server.anonKey, Accept: 'application/vnd.pgrst.object+json' },
    });
    expect(res.status).toBe(406);
    expect(await res.json()).toEqual({
      code: 'PGRST116',
      details: 'The result contains 0 rows',
      hint: null,
      message: 'Cannot coerce the result to a single JSON object',
    });
    const many = await f.anon.from('books').select('id').eq('author_id', 1).single();
    expect(many.error?.code).toBe('PGRST116');
    expect(many.error?.details).toBe('The result contains 2 rows');
    const maybe = await f.anon.from('books').select('id').eq('id', 999).maybeSingle();
    expect(maybe.error).toBeNull();
    expect(maybe.data).toBeNull();
  });
});

describe('writes', () => {
  it('inserts one row (201, minimal) and returns representation on select()', async () => {
    const minimal = await f.service.from('items').insert({ label: 'first' });
    expect(minimal.status).toBe(201);
    expect(minimal.data).toBeNull();
    const { data, status } = await f.service
      .from('items')
      .insert({ label: 'second', n: 2 })
      .select('label, n')
      .single();
    expect(status).toBe(201);
    expect(data).toEqual({ label: 'second', n: 2 });
  });

  it('bulk inserts with columns= and uses defaults for missing keys', async () => {
    const { data, error } = await f.service
      .from('items')
      .insert([{ label: 'bulk-a', n: 1 }, { label: 'bulk-b' }], { defaultToNull: false })
      .select('label, n');
    expect(error).toBeNull();
    expect(data).toEqual([
      { label: 'bulk-a', n: 1 },
      { label: 'bulk-b', n: 7 },
    ]);
  });

  it('upserts with merge-duplicates and ignore-duplicates', async () => {
    const merged = await f.service
      .from('authors')
      .upsert({ id: 4, name: 'Nobody', country: 'IN' })
      .select('id, country')
      .single();
    expect(merged.data).toEqual({ id: 4, country: 'IN' });
    const byName = await f.service
      .from('authors')
      .upsert({ name: 'Nobody', country: 'FR' }, { onConflict: 'name' })
      .select('id, country');
    expect(byName.data).toEqual([{ id: 4, country: 'FR' }]);
    const ignored = await f.service
      .from('authors')
      .upsert({ id: 4, name: 'Nobody', country: 'DE' }, { ignoreDuplicates: true })
      .select();
    expect(ignored.data).toEqual([]);
    const check = await f.anon.from('authors').select('country').eq('id', 4).single();
    expect(check.data).toEqual({ country: 'FR' });
  });

  it('updates and deletes with filters, with counts', async () => {
    await f.service.from('items').insert([{ label: 'u1' }, { label: 'u2' }, { label: 'u3' }]);
    const updated = await f.service
      .from('items')
      .update({ n: 42 })
      .in('label', ['u1', 'u2'])
      .select('label, n')
      .order('label');
    expect(updated.status).toBe(200);
    expect(updated.data).toEqual([
      { label: 'u1', n: 42 },
      { label: 'u2', n: 42 },
    ]);
    const deleted = await f.service.from('items').delete({ count: 'exact' }).like('label', 'u*');
    expect(deleted.status).toBe(204);
    expect(deleted.count).toBe(3);
    const left = await f.service.from('items').select('id', { count: 'exact', head: true }).like('label', 'u*');
    expect(left.count).toBe(0);
  });

  it('refuses an unfiltered delete or update', async () => {
    const res = await f.service.from('items').delete();
    expect(res.status).toBe(400);
    expect(res.error?.code).toBe('21000');
  });

  it('rolls back with tx=rollback and enforces max-affected', async () => {
    const res = await fetch(`${f.server.url}/rest/v1/items`, {
      method: 'POST',
      headers: {
        apikey: f.server.serviceRoleKey,
        'content-type': 'application/json',
        Prefer: 'return=representation,tx=rollback',
      },
      body: JSON.stringify({ label: 'ghost' }),
    });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject([{ label: 'ghost' }]);
    const ghost = await f.service.from('items').select('id').eq('label', 'ghost');
    expect(ghost.data).toEqual([]);

    await f.service.from('items').insert([{ label: 'm1' }, { label: 'm2' }]);
    const strict = await fetch(`${f.server.url}/rest/v1/items?label=like.m*`, {
      method: 'PATCH',
      headers: {
        apikey: f.server.serviceRoleKey,
        'content-type': 'application/json',
        Prefer: 'handling=strict, max-affected=1',
      },
      body: JSON.stringify({ n: 0 }),
    });
    expect(strict.status).toBe(400);
    expect((await strict.json()).code).toBe('PGRST124');
    const unchanged = await f.service.from('items').select('n').like('label', 'm*');
    expect(unchanged.data).toEqual([{ n: 7 }, { n: 7 }]);
  });

  it('answers CSV when asked, quoting as PostgreSQL prints a record', async () => {
    const { data } = await f.anon.from('authors').select('id, name').order('id').limit(2).csv();
    expect(data).toBe('id,name\n1,Tolkien\n2,"Le Guin"');
  });
});

describe('rpc', () => {
  it('calls scalar functions by POST and GET, with defaults', async () => {
    expect((await f.anon.rpc('add', { a: 2, b: 3 })).data).toBe(5);
    expect((await f.anon.rpc('add', { a: 2 })).data).toBe(3);
    expect((await f.anon.rpc('add', { a: 40, b: 2 }, { get: true })).data).toBe(42);
  });

  it('shapes set-returning functions like tables (filters and order apply)', async () => {
    const { data } = await f.anon
      .rpc('books_by', { author: 'Tolkien' })
      .select('title')
      .order('id', { ascending: false });
    expect(data).toEqual([{ title: 'The Silmarillion' }, { title: 'The Hobbit' }]);
    const table = await f.anon.rpc('page_counts').gt('pages', 350);
    expect(table.data).toEqual([
      { title: 'The Silmarillion', pages: 365 },
      { title: 'The Dispossessed', pages: 387 },
    ]);
  });

  it('passes the whole body to a function with one unnamed jsonb parameter', async () => {
    const { data } = await f.anon.rpc('echo', { a: 1, b: [2, 'three'] });
    expect(data).toEqual({ a: 1, b: [2, 'three'] });
  });

  it('returns a composite as an object, and void as 204', async () => {
    const { data } = await f.service.rpc('add_item', { label: 'from rpc' });
    expect(data).toMatchObject({ label: 'from rpc', n: 7 });
    const empty = await f.service.rpc('whoami');
    expect(empty.data).toMatchObject({ role: 'service_role' });
    const nothing = await f.anon.rpc('noop');
    expect(nothing.status).toBe(204);
    expect(nothing.data).toBeNull();
  });

  it('maps errors: raise → 400 P0001, unknown function → 404 PGRST202, volatile by GET → 405', async () => {
    const raised = await f.anon.rpc('fail', { msg: 'nope' });
    expect(raised.status).toBe(400);
    expect(raised.error).toMatchObject({ code: 'P0001', message: 'nope' });
    const missing = await f.anon.rpc('nothing_here', { x: 1 });
    expect(missing.status).toBe(404);
    expect(missing.error?.code).toBe('PGRST202');
    const volatileByGet = await f.service.rpc('add_item', { label: 'x' }, { get: true });
    expect(volatileByGet.status).toBe(405);
    expect(volatileByGet.error?.code).toBe('25006');
  });
});

describe('errors and roles', () => {
  it('maps constraint errors to 409 and 400', async () => {
    const dup = await f.service.from('authors').insert({ name: 'Tolkien' });
    expect(dup.status).toBe(409);
    expect(dup.error?.code).toBe('23505');
    const fk = await f.service.from('books').insert({ title: 'x', author_id: 999 });
    expect(fk.status).toBe(409);
    expect(fk.error?.code).toBe('23503');
    const check = await f.service.from('items').insert({ label: 'bad' });
    expect(check.status).toBe(400);
    expect(check.error?.code).toBe('23514');
    const notNull = await f.service.from('items').insert({ n: 1 });
    expect(notNull.status).toBe(400);
    expect(notNull.error?.code).toBe('23502');
  });

  it('answers unknown tables with 404 PGRST205 and unknown columns with 400 PGRST204', async () => {
    const table = await f.anon.from('nope').select();
    expect(table.status).toBe(404);
    expect(table.error?.code).toBe('PGRST205');
    const column = await f.service.from('items').insert({ label: 'x', colour: 'red' });
    expect(column.status).toBe(400);
    expect(column.error).toMatchObject({
      code: 'PGRST204',
      message: "Could not find the 'colour' column of 'items' in the schema cache",
    });
  });

  it('enforces row level security per role', async () => {
    const alice = '11111111-1111-4111-8111-111111111111';
    const bob = '22222222-2222-4222-8222-222222222222';
    const asAlice = f.as(await f.sign({ sub: alice, role: 'authenticated' }));
    const asBob = f.as(await f.sign({ sub: bob, role: 'authenticated' }));
    const created = await asAlice.from('notes').insert({ body: 'alice secret' }).select('user_id, body').single();
    expect(created.data).toEqual({ user_id: alice, body: 'alice secret' });
    expect((await asAlice.rpc('my_uid')).data).toBe(alice);
    expect((await asBob.from('notes').select('body')).data).toEqual([]);
    expect((await f.anon.from('notes').select('body')).data).toEqual([]);
    expect((await f.service.from('notes').select('body')).data).toEqual([{ body: 'alice secret' }]);
    const forged = await asBob.from('notes').insert({ body: 'as alice', user_id: alice });
    expect(forged.status).toBe(403);
    expect(forged.error?.code).toBe('42501');
    const anonInsert = await f.anon.from('notes').insert({ body: 'anon', user_id: alice });
    expect(anonInsert.status).toBe(401);
    const bobUpdate = await asBob.from('notes').update({ body: 'hacked' }).eq('user_id', alice).select();
    expect(bobUpdate.data).toEqual([]);
  });

  it('reads and writes another exposed schema through Accept-Profile and Content-Profile', async () => {
    const { data } = await f.anon.schema('archive').from('old_books').select('title');
    expect(data).toEqual([{ title: 'Beowulf' }]);
    const inserted = await f.service.schema('archive').from('old_books').insert({ id: 2, title: 'Gawain' }).select();
    expect(inserted.data).toEqual([{ id: 2, title: 'Gawain' }]);
    const notPublic = await f.anon.from('old_books').select();
    expect(notPublic.status).toBe(404);
    expect(notPublic.error?.code).toBe('PGRST205');
  });

  it('lets RAISE … USING ERRCODE PTxxx choose the HTTP status', async () => {
    const { status, error } = await f.anon.rpc('pay');
    expect(status).toBe(402);
    expect(error).toMatchObject({ code: 'PT402', message: 'payment required' });
  });

  it('refuses schemas that are not exposed', async () => {
    const res = await fetch(`${f.server.url}/rest/v1/users`, {
      headers: { apikey: f.server.serviceRoleKey, 'Accept-Profile': 'auth' },
    });
    expect(res.status).toBe(406);
    expect((await res.json()).code).toBe('PGRST106');
  });
});
