// Edge functions and storage through supabase-js.
import { createHash } from 'node:crypto';
import { FunctionsHttpError } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEnvFile } from './functions/index.ts';
import { LOCAL_RAZORPAY_KEY_ID, LOCAL_RAZORPAY_KEY_SECRET } from './razorpay-sandbox/index.ts';
import { type Fixture, startFixture } from './rest/fixture.ts';

const ALICE = '11111111-1111-4111-8111-111111111111';
const BOB = '22222222-2222-4222-8222-222222222222';
// a 1×1 PNG
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

let f: Fixture;

beforeAll(async () => {
  f = await startFixture({
    'supabase/migrations/20240101000000_storage_policies.sql': `
      create policy "own folder" on storage.objects for all to authenticated
        using (bucket_id = 'avatars' and (storage.foldername(name))[1] = auth.uid()::text)
        with check (bucket_id = 'avatars' and (storage.foldername(name))[1] = auth.uid()::text);
    `,
    // as hosted: the gateway lets these through without a JWT
    'supabase/config.toml': ['plain', 'throws', 'envcheck']
      .map((name) => `[functions.${name}]\nverify_jwt = false\n`)
      .join(''),
    'supabase/functions/.env': '# secrets\nMY_SECRET="shh"\nexport OTHER=plain # comment\n',
    'supabase/functions/hello/index.ts': `
      Deno.serve(async (req: Request) => {
        const { name } = await req.json();
        return new Response(
          JSON.stringify({
            message: \`Hello \${name}\`,
            secret: Deno.env.get('MY_SECRET'),
            url: Deno.env.get('SUPABASE_URL'),
            bearer: (req.headers.get('authorization') ?? '').startsWith('Bearer '),
          }),
          { headers: { 'Content-Type': 'application/json' } },
        );
      });
    `,
    'supabase/functions/plain/index.ts': `
      const greet = (method: string): string => 'plain ' + method;
      export default (req: Request) => new Response(greet(req.method), { status: 202 });
    `,
    'supabase/functions/boom/index.ts': `
      Deno.serve(() => new Response(JSON.stringify({ error: 'bad input' }), {
        status: 400, headers: { 'content-type': 'application/json' } }));
    `,
    'supabase/functions/throws/index.ts': `export default () => { throw new Error('kaput'); };`,
    'supabase/functions/envcheck/index.ts': `Deno.serve(() => Response.json({
      base: Deno.env.get('RAZORPAY_API_BASE'), key: Deno.env.get('RAZORPAY_KEY_ID') }));`,
  });
}, 60_000);

afterAll(async () => {
  await f?.stop();
});

describe('functions', () => {
  it('runs a Deno.serve handler with the caller headers and the function secrets', async () => {
    const { data, error } = await f.anon.functions.invoke('hello', { body: { name: 'Bahi' } });
    expect(error).toBeNull();
    expect(data).toEqual({ message: 'Hello Bahi', secret: 'shh', url: f.server.url, bearer: true });
  });

  it('runs a default-exported handler and forwards the status', async () => {
    const res = await fetch(`${f.server.url}/functions/v1/plain`, { method: 'POST' });
    expect(res.status).toBe(202);
    expect(await res.text()).toBe('plain POST');
  });

  it('surfaces non-2xx answers as FunctionsHttpError, unknown functions as 404', async () => {
    const { error } = await f.anon.functions.invoke('boom', { body: {} });
    expect(error).toBeInstanceOf(FunctionsHttpError);
    expect(await (error as FunctionsHttpError).context.json()).toEqual({ error: 'bad input' });
    const missing = await fetch(`${f.server.url}/functions/v1/nothing`, { method: 'POST' });
    expect(missing.status).toBe(404);
    expect((await missing.json()).code).toBe('NOT_FOUND');
    const thrown = await fetch(`${f.server.url}/functions/v1/throws`, { method: 'POST' });
    expect(thrown.status).toBe(500);
    expect((await thrown.json()).message).toBe('kaput');
  });

  it('mounts the Razorpay sandbox and hands its keys to the functions', async () => {
    const env = await (await fetch(`${f.server.url}/functions/v1/envcheck`, { method: 'POST' })).json();
    expect(env).toEqual({ base: `${f.server.url}/razorpay-sandbox`, key: LOCAL_RAZORPAY_KEY_ID });
    const order = await fetch(`${f.server.url}/razorpay-sandbox/v1/orders`, {
      method: 'POST',
      headers: {
        Authorization: `Basic ${Buffer.from(`${LOCAL_RAZORPAY_KEY_ID}:${LOCAL_RAZORPAY_KEY_SECRET}`).toString('base64')}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ amount: 49900, currency: 'INR', receipt: 'r1' }),
    });
    expect(order.status).toBe(200);
    expect(await order.json()).toMatchObject({ entity: 'order', amount: 49900, currency: 'INR', status: 'created' });
  });

  it('lets functions answer their own preflight requests', async () => {
    const res = await fetch(`${f.server.url}/functions/v1/plain`, {
      method: 'OPTIONS',
      headers: { Origin: 'http://localhost:5173', 'Access-Control-Request-Method': 'POST' },
    });
    expect(res.status).toBe(202);
    expect(await res.text()).toBe('plain OPTIONS');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('parses .env files', () => {
    expect(parseEnvFile('A=1\n# c\nexport B="two words"\nC=x # note\n')).toEqual({ A: '1', B: 'two words', C: 'x' });
  });
});

describe('storage', () => {
  beforeAll(async () => {
    expect((await f.service.storage.createBucket('avatars')).error).toBeNull();
    expect((await f.service.storage.createBucket('assets', { public: true })).error).toBeNull();
  });

  it('lets only the service role create buckets', async () => {
    const { error } = await f.anon.storage.createBucket('mine');
    expect(error).not.toBeNull();
    const { data } = await f.service.storage.listBuckets();
    expect(data?.map((b) => b.name).sort()).toEqual(['assets', 'avatars']);
  });

  it('uploads, downloads, lists and removes under storage.objects RLS', async () => {
    const alice = f.as(await f.sign({ sub: ALICE, role: 'authenticated' }));
    const bob = f.as(await f.sign({ sub: BOB, role: 'authenticated' }));
    const up = await alice.storage
      .from('avatars')
      .upload(`${ALICE}/notes/me.txt`, new Blob(['hello from alice'], { type: 'text/plain' }));
    expect(up.error).toBeNull();
    expect(up.data?.path).toBe(`${ALICE}/notes/me.txt`);
    expect(up.data?.fullPath).toBe(`avatars/${ALICE}/notes/me.txt`);

    const intoBob = await alice.storage.from('avatars').upload(`${BOB}/x.txt`, new Blob(['x']));
    expect(intoBob.error).not.toBeNull();
    const anon = await f.anon.storage.from('avatars').upload(`${ALICE}/y.txt`, new Blob(['y']));
    expect(anon.error).not.toBeNull();

    const down = await alice.storage.from('avatars').download(`${ALICE}/notes/me.txt`);
    expect(await down.data?.text()).toBe('hello from alice');
    expect(down.data?.type).toMatch(/^text\/plain/);
    const stolen = await bob.storage.from('avatars').download(`${ALICE}/notes/me.txt`);
    expect(stolen.data).toBeNull();

    const root = await alice.storage.from('avatars').list(ALICE);
    expect(root.data?.map((e) => e.name)).toEqual(['notes']);
    const folder = await alice.storage.from('avatars').list(`${ALICE}/notes`);
    expect(folder.data?.map((e) => [e.name, e.metadata?.size])).toEqual([['me.txt', 16]]);
    expect((await bob.storage.from('avatars').list(`${ALICE}/notes`)).data).toEqual([]);

    const dup = await alice.storage.from('avatars').upload(`${ALICE}/notes/me.txt`, new Blob(['again']));
    expect(dup.error).not.toBeNull();
    const upserted = await alice.storage
      .from('avatars')
      .upload(`${ALICE}/notes/me.txt`, new Blob(['again']), { upsert: true });
    expect(upserted.error).toBeNull();
    const again = await alice.storage.from('avatars').download(`${ALICE}/notes/me.txt`);
    expect(await again.data?.text()).toBe('again');

    const removed = await alice.storage.from('avatars').remove([`${ALICE}/notes/me.txt`]);
    expect(removed.data?.map((o) => o.name)).toEqual([`${ALICE}/notes/me.txt`]);
    expect((await alice.storage.from('avatars').download(`${ALICE}/notes/me.txt`)).data).toBeNull();
  });

  it('issues signed upload URLs only where the caller may upload', async () => {
    const alice = f.as(await f.sign({ sub: ALICE, role: 'authenticated' }));
    const signed = await alice.storage.from('avatars').createSignedUploadUrl(`${ALICE}/signed.txt`);
    expect(signed.error).toBeNull();
    const uploaded = await f.anon.storage
      .from('avatars')
      .uploadToSignedUrl(`${ALICE}/signed.txt`, signed.data?.token as string, new Blob(['via token']));
    expect(uploaded.error).toBeNull();
    const back = await alice.storage.from('avatars').download(`${ALICE}/signed.txt`);
    expect(await back.data?.text()).toBe('via token');
    const elsewhere = await alice.storage.from('avatars').createSignedUploadUrl(`${BOB}/nope.txt`);
    expect(elsewhere.error).not.toBeNull();
    const reused = await f.anon.storage
      .from('avatars')
      .uploadToSignedUrl(`${BOB}/nope.txt`, signed.data?.token as string, new Blob(['x']));
    expect(reused.error).not.toBeNull();
  });

  it('serves signed URLs and public URLs of public buckets only', async () => {
    await f.service.storage.from('avatars').upload('shared/doc.txt', 'signed content', { contentType: 'text/plain' });
    const signed = await f.service.storage.from('avatars').createSignedUrl('shared/doc.txt', 60);
    expect(signed.error).toBeNull();
    const signedUrl = String(signed.data?.signedUrl);
    const res = await fetch(signedUrl);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('signed content');
    const tampered = await fetch(signedUrl.replace('doc.txt', 'other.txt'));
    expect(tampered.status).toBe(400);

    await f.service.storage.from('assets').upload('logo.svg', '<svg/>', { contentType: 'image/svg+xml' });
    const publicUrl = f.anon.storage.from('assets').getPublicUrl('logo.svg').data.publicUrl;
    const pub = await fetch(publicUrl);
    expect(pub.status).toBe(200);
    expect(pub.headers.get('content-type')).toBe('image/svg+xml');
    expect(await pub.text()).toBe('<svg/>');
    const privateUrl = f.anon.storage.from('avatars').getPublicUrl('shared/doc.txt').data.publicUrl;
    expect((await fetch(privateUrl)).status).toBe(404);
    const traversal = await fetch(`${f.server.url}/storage/v1/object/public/assets/..%2F..%2Fetc%2Fpasswd`);
    expect(traversal.status).toBeGreaterThanOrEqual(400);
  });
  it('lists a page at a time with list-v2, folding folders with the delimiter', async () => {
    for (const name of ['lv/b.txt', 'lv/sub/d.txt', 'lv/a.txt', 'lv/z.txt', 'lv/sub/c.txt']) {
      expect((await f.service.storage.from('avatars').upload(name, name)).error).toBeNull();
    }
    const avatars = f.service.storage.from('avatars');
    const all = await avatars.listV2({ prefix: 'lv/', with_delimiter: true });
    expect(all.error).toBeNull();
    expect(all.data?.hasNext).toBe(false);
    expect(all.data?.folders).toEqual([{ key: 'sub', name: 'lv/sub/' }]);
    expect(all.data?.objects.map((o) => [o.key, o.name, o.metadata?.size])).toEqual([
      ['a.txt', 'lv/a.txt', 8],
      ['b.txt', 'lv/b.txt', 8],
      ['z.txt', 'lv/z.txt', 8],
    ]);

    // a.txt, b.txt | sub/, z.txt: the folder counts as one entry of a page
    const first = await avatars.listV2({ prefix: 'lv/', with_delimiter: true, limit: 2 });
    expect([first.data?.hasNext, first.data?.objects.map((o) => o.name), first.data?.folders]).toEqual([
      true,
      ['lv/a.txt', 'lv/b.txt'],
      [],
    ]);
    const second = await avatars.listV2({
      prefix: 'lv/',
      with_delimiter: true,
      limit: 2,
      cursor: first.data?.nextCursor,
    });
    expect([second.data?.hasNext, second.data?.nextCursor, second.data?.objects.map((o) => o.name)]).toEqual([
      false,
      undefined,
      ['lv/z.txt'],
    ]);
    expect(second.data?.folders.map((d) => d.name)).toEqual(['lv/sub/']);

    // without the delimiter every object, in name order, and descending too
    const flat = await avatars.listV2({ prefix: 'lv/', limit: 3 });
    expect(flat.data?.objects.map((o) => o.name)).toEqual(['lv/a.txt', 'lv/b.txt', 'lv/sub/c.txt']);
    const rest = await avatars.listV2({ prefix: 'lv/', limit: 3, cursor: flat.data?.nextCursor });
    expect(rest.data?.objects.map((o) => o.name)).toEqual(['lv/sub/d.txt', 'lv/z.txt']);
    const desc = await avatars.listV2({ prefix: 'lv/', limit: 2, sortBy: { column: 'name', order: 'desc' } });
    expect(desc.data?.objects.map((o) => o.name)).toEqual(['lv/z.txt', 'lv/sub/d.txt']);
    const next = await avatars.listV2({ prefix: 'lv/', limit: 2, cursor: desc.data?.nextCursor });
    expect(next.data?.objects.map((o) => o.name)).toEqual(['lv/sub/c.txt', 'lv/b.txt']);

    // under RLS: another user's objects are not listed
    const bob = f.as(await f.sign({ sub: BOB, role: 'authenticated' }));
    expect((await bob.storage.from('avatars').listV2({ prefix: 'lv/' })).data?.objects).toEqual([]);
    const bad = await avatars.listV2({ limit: 0 });
    expect(bad.error?.message).toBe('body/limit must be >= 1');
  });

  it("answers info() with Storage's fields", async () => {
    const up = await f.service.storage
      .from('avatars')
      .upload('info/pic.png', PNG, { contentType: 'image/png', metadata: { camera: 'x100' } });
    expect(up.error).toBeNull();
    const { data, error } = await f.service.storage.from('avatars').info('info/pic.png');
    expect(error).toBeNull();
    expect(data).toMatchObject({
      id: up.data?.id,
      name: 'info/pic.png',
      bucketId: 'avatars',
      size: PNG.length,
      contentType: 'image/png',
      cacheControl: 'max-age=3600',
      etag: `"${createHash('md5').update(PNG).digest('hex')}"`,
      metadata: { camera: 'x100' },
    });
    expect(Object.keys(data ?? {}).sort()).toEqual([
      'bucketId',
      'cacheControl',
      'contentType',
      'createdAt',
      'etag',
      'id',
      'lastModified',
      'metadata',
      'name',
      'size',
      'version',
    ]);
  });

  it('serves image transformations on the render routes (the original bytes) with their checks', async () => {
    await f.service.storage.from('assets').upload('pic.png', PNG, { contentType: 'image/png' });
    const publicUrl = f.anon.storage.from('assets').getPublicUrl('pic.png', { transform: { width: 100 } })
      .data.publicUrl;
    expect(publicUrl).toBe(`${f.server.url}/storage/v1/render/image/public/assets/pic.png?width=100`);
    const pub = await fetch(publicUrl);
    expect(pub.status).toBe(200);
    expect(pub.headers.get('content-type')).toBe('image/png');
    expect(pub.headers.get('x-transformations')).toBe('width:100,resizing_type:fill');
    expect(Buffer.from(await pub.arrayBuffer())).toEqual(PNG);
    const wrong = await fetch(publicUrl.replace('width=100', 'width=wide'));
    expect([wrong.status, (await wrong.json()).message]).toEqual([400, 'querystring/width must be integer']);
    const privateBucket = f.anon.storage.from('avatars').getPublicUrl('info/pic.png', { transform: { width: 9 } });
    expect((await fetch(privateBucket.data.publicUrl)).status).toBe(404);

    const alice = f.as(await f.sign({ sub: ALICE, role: 'authenticated' }));
    await alice.storage.from('avatars').upload(`${ALICE}/me.png`, PNG, { contentType: 'image/png' });
    const own = await alice.storage
      .from('avatars')
      .download(`${ALICE}/me.png`, { transform: { height: 50, resize: 'contain' } });
    expect(own.error).toBeNull();
    expect(Buffer.from(await (own.data as Blob).arrayBuffer())).toEqual(PNG);
    const bob = f.as(await f.sign({ sub: BOB, role: 'authenticated' }));
    expect(
      (await bob.storage.from('avatars').download(`${ALICE}/me.png`, { transform: { width: 5 } })).data,
    ).toBeNull();

    const signed = await alice.storage.from('avatars').createSignedUrl(`${ALICE}/me.png`, 60, {
      transform: { width: 200, height: 100, resize: 'cover', format: 'origin' },
    });
    expect(signed.error).toBeNull();
    const signedUrl = String(signed.data?.signedUrl);
    expect(signedUrl.startsWith(`${f.server.url}/storage/v1/render/image/sign/avatars/${ALICE}/me.png?token=`)).toBe(
      true,
    );
    const claims = JSON.parse(
      Buffer.from(String(new URL(signedUrl).searchParams.get('token')).split('.')[1] as string, 'base64url').toString(),
    );
    expect(claims).toMatchObject({
      url: `avatars/${ALICE}/me.png`,
      transformations: 'height:100,width:200,resize:cover',
      format: 'origin',
    });
    const viaToken = await fetch(signedUrl);
    expect(viaToken.status).toBe(200);
    expect(viaToken.headers.get('x-transformations')).toBe('height:100,width:200,resizing_type:fill');
    expect(Buffer.from(await viaToken.arrayBuffer())).toEqual(PNG);
    expect((await fetch(signedUrl.replace('me.png', 'other.png'))).status).toBe(400);
    const plain = await alice.storage.from('avatars').createSignedUrl(`${ALICE}/me.png`, 60);
    expect(String(plain.data?.signedUrl)).toContain('/storage/v1/object/sign/');
  });

  it('updates only the bucket fields given', async () => {
    const created = await f.service.storage.createBucket('limited', {
      public: true,
      fileSizeLimit: 1000,
      allowedMimeTypes: ['image/png'],
    });
    expect(created.error).toBeNull();
    expect((await f.service.storage.updateBucket('limited', { public: false })).error).toBeNull();
    const { data } = await f.service.storage.getBucket('limited');
    expect(data).toMatchObject({ public: false, file_size_limit: 1000, allowed_mime_types: ['image/png'] });
    await f.service.storage.updateBucket('limited', { public: false, fileSizeLimit: null as never });
    expect((await f.service.storage.getBucket('limited')).data).toMatchObject({
      file_size_limit: null,
      allowed_mime_types: ['image/png'],
    });
  });

  it('refuses bucket and object calls without credentials as Storage does', async () => {
    const res = await fetch(`${f.server.url}/storage/v1/bucket`);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      statusCode: '400',
      message: "headers must have required property 'authorization'",
    });
    const list = await fetch(`${f.server.url}/storage/v1/object/list/avatars`, { method: 'POST', body: '{}' });
    expect(list.status).toBe(400);
  });
});
