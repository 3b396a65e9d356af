// Edge functions and storage through supabase-js.
import { FunctionsHttpError } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEnvFile } from './functions/index.ts';
import { LOCAL_RAZORPAY_KEY_ID, LOCAL_RAZORPAY_KEY_SECRET } from './razorpay-sandbox/index.ts';
import { type Fixture, startFixture } from './rest/fixture.ts';

const ALICE = '11111111-1111-4111-8111-111111111111';
const BOB = '22222222-2222-4222-8222-222222222222';

let f: Fixture;

beforeAll(async () => {
  f = await startFixture({
    'supabase/migrations/20240101000000_storage_policies.sql': `
      create policy "own folder" on storage.objects for all to authenticated
        using (bucket_id = 'avatars' and (storage.foldername(name))[1] = auth.uid()::text)
        with check (bucket_id = 'avatars' and (storage.foldername(name))[1] = auth.uid()::text);
    `,
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
});
