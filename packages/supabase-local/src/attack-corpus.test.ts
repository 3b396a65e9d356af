// The stack under attack: the whole corpus (every endpoint) gets no 5xx and leaves a stack that still serves, and
// the cases that once answered 5xx or served a stored script get the answer Supabase gives them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Attack,
  attackCorpus,
  type CorpusTarget,
  prepareCorpus,
  runAttackCorpus,
  send,
  streamOf,
  writeCorpusFiles,
} from './attack-corpus.ts';
import { loadConfig } from './config.ts';
import { makeWorkdir } from './rest/fixture.ts';
import { type RunningServer, startServer } from './server.ts';

let server: RunningServer;
let target: CorpusTarget;
let razorpay = false;

beforeAll(async () => {
  const workdir = makeWorkdir({ 'supabase/config.toml': '' });
  razorpay = writeCorpusFiles(workdir);
  server = await startServer(await loadConfig({ workdir, port: 0 }));
  target = await prepareCorpus({ url: server.url, anonKey: server.anonKey, serviceRoleKey: server.serviceRoleKey });
}, 60_000);

afterAll(async () => {
  await server?.stop();
});

const call = (attack: Omit<Attack, 'name'>) => send(target, { name: 'case', ...attack });
const json = { 'content-type': 'application/json' };

describe('the corpus against every endpoint', () => {
  it('answers every request below 500, and the stack still serves afterwards', async () => {
    // the project's razorpay function is part of the corpus: its 5xx were one of the bugs
    expect(razorpay).toBe(true);
    const run = await runAttackCorpus(server, { razorpay });
    expect(run.results.length).toBeGreaterThan(750);
    const services = new Set(run.results.map((r) => r.attack.path.split('/')[1]));
    expect([...services].sort()).toEqual(
      expect.arrayContaining(['api', 'auth', 'functions', 'inbox', 'razorpay-sandbox', 'rest', 'storage']),
    );
    expect(run.failures.map((f) => `${f.attack.name}: ${f.status} ${f.body.slice(0, 120)}`)).toEqual([]);
    // every refusal is JSON (the few HTML/text answers are the inbox's and the sandbox's pages)
    const refusals = run.results.filter(
      (r) => typeof r.status === 'number' && r.status >= 400 && /^\/(rest|auth|storage)\//.test(r.attack.path),
    );
    expect(refusals.length).toBeGreaterThan(300);
    expect(refusals.filter((r) => !r.contentType?.includes('json')).map((r) => r.attack.name)).toEqual([]);

    const after = await prepareCorpus({
      url: server.url,
      anonKey: server.anonKey,
      serviceRoleKey: server.serviceRoleKey,
    });
    const select = await call({ method: 'GET', path: '/rest/v1/corpus_things?select=id&limit=1', as: 'service' });
    expect(select.status).toBe(200);
    const rpc = await call({ method: 'POST', path: '/rest/v1/rpc/corpus_add', headers: json, body: '{"a":2}' });
    expect(rpc.body).toBe('3');
    const file = await send(after, {
      name: 'download',
      method: 'GET',
      path: '/storage/v1/object/public/corpus/ok.txt',
      as: 'user',
    });
    expect([file.status, file.body]).toEqual([200, 'ok']);
  }, 300_000);

  it('has the cases the issue names', () => {
    const names = attackCorpus({ razorpay: true }).map((a) => a.name);
    for (const name of [
      'razorpay {"action":{"toString":1}}',
      'storage upload type image/png;,text/html',
      'storage upload type image/svg+xml',
      'huge header',
    ]) {
      expect(names).toContain(name);
    }
  });
});

describe('storage content types', () => {
  const upload = (path: string, type: string, body = '<script>alert(document.domain)</script>') =>
    call({ method: 'POST', path, as: 'service', headers: { 'content-type': type, 'x-upsert': 'true' }, body });

  it('refuses a type that does not parse, even when its first part is allowed', async () => {
    for (const type of ['image/png;,text/html', 'image/png, text/html', 'image//png', 'image/png;a="unterminated']) {
      const answer = await upload('/storage/v1/object/corpus/t/a.png', type);
      expect([answer.status, JSON.parse(answer.body)]).toEqual([
        415,
        {
          statusCode: '415',
          code: 'InvalidMimeType',
          error: 'invalid_mime_type',
          message: `mime type ${type} is not supported`,
        },
      ]);
    }
    // a type with parameters is the type: allowed
    expect((await upload('/storage/v1/object/corpus/t/ok.png', 'image/png; charset=binary', 'png')).status).toBe(200);
  });

  it('serves stored files with nosniff; markup that can run script only as a sandboxed attachment', async () => {
    expect(
      (await upload('/storage/v1/object/corpus/t/x.svg', 'image/svg+xml', '<svg onload="alert(1)"/>')).status,
    ).toBe(200);
    const svg = await fetch(`${server.url}/storage/v1/object/public/corpus/t/x.svg`);
    expect(svg.status).toBe(200);
    expect(svg.headers.get('x-content-type-options')).toBe('nosniff');
    expect(svg.headers.get('content-disposition')).toBe("attachment; filename=x.svg; filename*=UTF-8''x.svg");
    expect(svg.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");

    const png = await fetch(`${server.url}/storage/v1/object/public/corpus/t/ok.png`);
    expect(png.headers.get('x-content-type-options')).toBe('nosniff');
    expect(png.headers.get('content-disposition')).toBeNull();

    // HTML is served as text, as Storage does
    await call({
      method: 'POST',
      path: '/storage/v1/bucket',
      as: 'service',
      headers: json,
      body: '{"name":"open","public":true}',
    });
    expect((await upload('/storage/v1/object/open/page.html', 'text/html')).status).toBe(200);
    const html = await fetch(`${server.url}/storage/v1/object/public/open/page.html`);
    expect(html.headers.get('content-type')).toBe('text/plain');
    expect(html.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('refuses multipart without a boundary, and a multipart file part with a type that does not parse', async () => {
    const noBoundary = await upload('/storage/v1/object/corpus/m/a.png', 'multipart/form-data', '--x\r\n\r\n--x--');
    expect(noBoundary.status).toBe(400);
    expect(JSON.parse(noBoundary.body).statusCode).toBe('400');
    const sneaky = await upload(
      '/storage/v1/object/corpus/m/b.png',
      'multipart/form-data; boundary=x',
      '--x\r\ncontent-disposition: form-data; name="file"; filename="b.png"\r\ncontent-type: image/png;,text/html\r\n\r\n<script>alert(1)</script>\r\n--x--',
    );
    expect(sneaky.status).toBe(415);
  });
});

describe('bad input answers 4xx', () => {
  it('refuses object names with lone surrogates, U+FFFE or U+FFFF, and malformed escapes', async () => {
    for (const segment of ['%ED%A0%80', '%EF%BF%BE', '%EF%BF%BF']) {
      const answer = await call({
        method: 'POST',
        path: `/storage/v1/object/corpus/${segment}`,
        as: 'service',
        headers: { 'content-type': 'text/plain' },
        body: 'x',
      });
      expect(answer.status).toBe(400);
      expect(JSON.parse(answer.body).statusCode).toBe('400');
    }
    // as hosted: storage and the data API call the path invalid; a function whose name does not decode is none
    for (const [path, status] of [
      ['/storage/v1/object/corpus/%ZZ', 400],
      ['/rest/v1/corpus_things%', 400],
      ['/functions/v1/%E0%A4%A', 404],
    ] as const) {
      const answer = await call({ method: 'GET', path, as: 'service' });
      expect([answer.status, answer.contentType]).toEqual([status, expect.stringContaining('json')]);
    }
  });

  it('refuses JSON nested 10,000 levels in a JSON column or an RPC argument, as PostgreSQL refuses it', async () => {
    const deep = `${'['.repeat(10_000)}${']'.repeat(10_000)}`;
    const column = await call({
      method: 'POST',
      path: '/rest/v1/corpus_things',
      as: 'service',
      headers: json,
      body: `{"data":${deep}}`,
    });
    const argument = await call({
      method: 'POST',
      path: '/rest/v1/rpc/corpus_echo',
      headers: json,
      body: `{"payload":${deep}}`,
    });
    // PostgreSQL's stack depth error (54001), which PostgREST answers 413
    for (const answer of [column, argument]) {
      expect([answer.status, JSON.parse(answer.body)]).toEqual([
        413,
        expect.objectContaining({ code: '54001', message: 'stack depth limit exceeded' }),
      ]);
    }
    // and a JSON value at an ordinary depth still goes in
    const fine = await call({
      method: 'POST',
      path: '/rest/v1/rpc/corpus_echo',
      headers: json,
      body: `{"payload":${'['.repeat(50)}${']'.repeat(50)}}`,
    });
    expect(fine.status).toBe(200);
  });

  it('answers 400 to a non-string action in the razorpay function', async () => {
    const answer = await call({
      method: 'POST',
      path: '/functions/v1/razorpay',
      as: 'user',
      headers: json,
      body: '{"action":{"toString":1}}',
    });
    expect(answer.status).toBe(400);
  });

  it('caps bodies at the limit with 413 before they reach the database, and serves the next request', async () => {
    const body = streamOf(9 * 1024 * 1024, 'x', '[{"name":"', '"}]');
    const rest = await call({ method: 'POST', path: '/rest/v1/corpus_things', as: 'service', headers: json, body });
    expect([rest.status, JSON.parse(rest.body)]).toEqual([
      413,
      expect.objectContaining({ message: 'Payload too large' }),
    ]);
    const auth = await call({ method: 'POST', path: '/auth/v1/signup', headers: json, body });
    expect(auth.status).toBe(413);
    const small = await call({ method: 'GET', path: '/rest/v1/corpus_things?select=id&limit=1', as: 'service' });
    expect(small.status).toBe(200);
  });

  it('takes its body limit from the start options', async () => {
    const workdir = makeWorkdir({ 'supabase/config.toml': '' });
    const small = await startServer(await loadConfig({ workdir, port: 0 }), { bodyLimit: 64 * 1024 });
    try {
      const post = (bytes: number) =>
        fetch(`${small.url}/auth/v1/signup`, {
          method: 'POST',
          headers: { apikey: small.anonKey, ...json },
          body: JSON.stringify({ email: 'a@example.com', password: 'x'.repeat(bytes) }),
        });
      expect((await post(65 * 1024)).status).toBe(413);
      // under the limit the request reaches auth, which judges the password itself
      expect((await post(60 * 1024)).status).not.toBe(413);
    } finally {
      await small.stop();
    }
  }, 60_000);
});
