// Functions served as hosted Supabase serves them: the gateway's verify_jwt check, the URL the function sees, Deno's
// npm:/jsr:/URL import specifiers resolved from node_modules, and supabase-js (Realtime's WebSocket) inside a function.
import { symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Fixture, startFixture } from '../rest/fixture.ts';
import { mapSpecifier } from './specifiers.ts';

// `supabase functions new hello` (supabase/cli internal/functions/new/templates/index.ts), word for word
const TEMPLATE = `// Follow this setup guide to integrate the Deno language server with your editor:
// https://deno.land/manual/getting_started/setup_your_environment
// This enables autocomplete, go to definition, etc.

// Setup type definitions for built-in Supabase Runtime APIs
import "jsr:@supabase/functions-js/edge-runtime.d.ts"

console.log("Hello from Functions!")

Deno.serve(async (req) => {
  const { name } = await req.json()
  const data = {
    message: \`Hello \${name}!\`,
  }

  return new Response(
    JSON.stringify(data),
    { headers: { "Content-Type": "application/json" } },
  )
})

/* To invoke locally:

  1. Run \`supabase start\` (see: https://supabase.com/docs/reference/cli/supabase-start)
  2. Make an HTTP request:

  curl -i --location --request POST 'http://127.0.0.1:54321/functions/v1/hello' \\
    --header 'Authorization: Bearer eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0' \\
    --header 'Content-Type: application/json' \\
    --data '{"name":"Functions"}'

*/
`;

// the template of CLI versions before Deno 2 (std's serve from deno.land)
const OLD_TEMPLATE = `import { serve } from "https://deno.land/std@0.168.0/http/server.ts"

serve(async (req) => {
  const { name } = await req.json()
  return new Response(JSON.stringify({ message: \`Hello \${name}!\` }), { headers: { "Content-Type": "application/json" } })
})
`;

const CLIENT = `import { createClient } from 'npm:@supabase/supabase-js@2';
Deno.serve(async (req) => {
  const supabase = createClient(Deno.env.get('SUPABASE_URL')!, Deno.env.get('SUPABASE_ANON_KEY')!, {
    global: { headers: { Authorization: req.headers.get('Authorization') ?? '' } },
  });
  const { data, error } = await supabase.from('quotes').select('body').order('id');
  return Response.json({ data, error });
});`;

const open = (name: string) => `[functions.${name}]\nenabled = true\nverify_jwt = false\n`;

let f: Fixture;

beforeAll(async () => {
  f = await startFixture({
    'supabase/config.toml': [
      'where',
      'zod',
      'esm',
      'missing',
      'missing-esm',
      'jsr',
      'network',
      'old',
      'client',
      'client-esm',
      'open',
    ]
      .map(open)
      .join('\n'),
    'supabase/migrations/20240101000000_notes.sql': `
      create table public.quotes (id int primary key, body text not null);
      insert into public.quotes values (1, 'Plan the trade'), (2, 'Trade the plan');
      grant select on public.quotes to anon;
    `,
    'supabase/functions/hello/index.ts': TEMPLATE,
    // a folder with "type": "module" loads as an ES module (else as CommonJS): both resolve the same specifiers
    'supabase/functions/hello-esm/package.json': '{"type":"module"}',
    'supabase/functions/hello-esm/index.ts': TEMPLATE,
    'supabase/functions/client-esm/package.json': '{"type":"module"}',
    'supabase/functions/old/index.ts': OLD_TEMPLATE,
    'supabase/functions/open/index.ts': `Deno.serve(() => Response.json({ open: true }));`,
    'supabase/functions/where/index.ts': `Deno.serve((req) => {
      const url = new URL(req.url);
      return Response.json({ pathname: url.pathname, search: url.search, origin: url.origin });
    });`,
    'supabase/functions/zod/index.ts': `import { z } from 'npm:zod@^3';
      const Body = z.object({ amount: z.number().positive() });
      Deno.serve(async (req) => {
        const parsed = Body.safeParse(await req.json());
        return Response.json(parsed.success ? parsed.data : { issue: parsed.error.issues[0]?.path }, {
          status: parsed.success ? 200 : 400 });
      });`,
    'supabase/functions/esm/index.ts': `import { z } from 'https://esm.sh/zod@3.25.0';
      Deno.serve(() => Response.json({ ok: z.string().parse('yes') }));`,
    'supabase/functions/missing/index.ts': `import pad from 'npm:left-pad-not-installed@1.3.0';
      Deno.serve(() => new Response(pad('x', 3)));`,
    'supabase/functions/jsr/index.ts': `import { join } from 'jsr:@std/path@^1';
      Deno.serve(() => new Response(join('a', 'b')));`,
    'supabase/functions/network/index.ts': `import { Hono } from 'https://deno.land/x/hono@v3.4.1/mod.ts';
      Deno.serve(() => new Response(String(Hono)));`,
    'supabase/functions/client/index.ts': CLIENT,
    'supabase/functions/client-esm/index.ts': CLIENT,
    'supabase/functions/missing-esm/package.json': '{"type":"module"}',
    'supabase/functions/missing-esm/index.ts': `import pad from 'npm:left-pad-not-installed@1.3.0';
      Deno.serve(() => new Response(pad('x', 3)));`,
  });
  // the project's node_modules: the repository's, where zod and supabase-js are installed
  symlinkSync(fileURLToPath(new URL('../../../../node_modules', import.meta.url)), join(f.workdir, 'node_modules'));
}, 60_000);

afterAll(async () => {
  await f?.stop();
});

const call = (name: string, init: RequestInit & { token?: string } = {}) => {
  const headers = new Headers(init.headers);
  if (init.token) headers.set('Authorization', `Bearer ${init.token}`);
  return fetch(`${f.server.url}/functions/v1/${name}`, { method: 'POST', ...init, headers });
};
const hello = (token?: string) => call('hello', { token, body: JSON.stringify({ name: 'Functions' }) });

describe('verify_jwt', () => {
  it('serves the default template of supabase functions new to a caller with the anon key', async () => {
    for (const name of ['hello', 'hello-esm']) {
      const res = await call(name, { token: f.server.anonKey, body: JSON.stringify({ name: 'Functions' }) });
      expect([res.status, await res.json()]).toEqual([200, { message: 'Hello Functions!' }]);
    }
    const { data, error } = await f.anon.functions.invoke('hello', { body: { name: 'Bahi' } });
    expect([data, error]).toEqual([{ message: 'Hello Bahi!' }, null]);
  });

  it("passes a user's token and the service role key", async () => {
    const user = await f.sign({ sub: '11111111-1111-4111-8111-111111111111', role: 'authenticated' });
    expect((await hello(user)).status).toBe(200);
    expect((await hello(f.server.serviceRoleKey)).status).toBe(200);
  });

  it('refuses a request without a token in the gateway words of hosted Supabase', async () => {
    for (const headers of [{}, { apikey: f.server.anonKey }, { Authorization: f.server.anonKey }] as HeadersInit[]) {
      const res = await call('hello', { headers, body: '{"name":"x"}' });
      expect([res.status, await res.json()]).toEqual([401, { code: 401, message: 'Missing authorization header' }]);
    }
  });

  it('refuses forged and expired tokens, and one that is no JWT', async () => {
    const forged = await f.sign({ role: 'service_role' }, { secret: 'not-the-project-secret-but-32-chars-long' });
    const expired = await f.sign({ role: 'authenticated' }, { expiresIn: -60 });
    const [header, payload] = f.server.anonKey.split('.');
    const unsigned = `${header}.${payload}.`;
    for (const token of [forged, expired, unsigned]) {
      const res = await hello(token);
      expect([res.status, await res.json()]).toEqual([401, { code: 401, message: 'Invalid JWT' }]);
    }
    const res = await hello('not-a-jwt');
    expect([res.status, await res.json()]).toEqual([
      401,
      { code: 401, message: 'Invalid Token or Protected Header formatting' },
    ]);
  });

  it('lets preflight requests through to the function', async () => {
    const res = await call('open', { method: 'OPTIONS' });
    expect(res.status).toBe(200);
    expect((await call('hello', { method: 'OPTIONS' })).status).not.toBe(401);
  });

  it('lets anything through with verify_jwt = false', async () => {
    expect(await (await call('open')).json()).toEqual({ open: true });
    expect(await (await call('open', { token: 'forged' })).json()).toEqual({ open: true });
  });

  it('answers 404 for an unknown function before checking the token', async () => {
    const res = await call('nothing');
    expect([res.status, (await res.json()).code]).toEqual([404, 'NOT_FOUND']);
  });
});

describe('the request a function sees', () => {
  it('has the path without /functions/v1, and the query string', async () => {
    const origin = new URL(f.server.url).origin;
    for (const [path, pathname, search] of [
      ['where', '/where', ''],
      ['where/', '/where/', ''],
      ['where/orders/42?expand=items&x=%20', '/where/orders/42', '?expand=items&x=%20'],
    ] as const) {
      expect(await (await call(path, { method: 'GET' })).json()).toEqual({ pathname, search, origin });
    }
  });
});

describe('import specifiers', () => {
  it('maps npm:, jsr: and esm.sh specifiers to installed packages, as Deno names them', () => {
    expect(mapSpecifier('npm:@supabase/supabase-js@2.39.3/dist/x.js')).toMatchObject({
      kind: 'packages',
      candidates: ['@supabase/supabase-js/dist/x.js'],
    });
    expect(mapSpecifier('jsr:@std/path@1/posix')).toMatchObject({
      candidates: ['@jsr/std__path/posix', '@std/path/posix'],
    });
    expect(mapSpecifier('https://esm.sh/v135/zod@3.22.4')).toMatchObject({ candidates: ['zod'] });
    expect(mapSpecifier('jsr:@supabase/functions-js/edge-runtime.d.ts')).toEqual({ kind: 'empty' });
    expect(mapSpecifier('node:fs')).toBeUndefined();
    expect(mapSpecifier('./handler.ts')).toBeUndefined();
  });

  it('resolves npm:name@range to the package installed in node_modules', async () => {
    const ok = await call('zod', { body: '{"amount":360}' });
    expect([ok.status, await ok.json()]).toEqual([200, { amount: 360 }]);
    const bad = await call('zod', { body: '{"amount":-1}' });
    expect([bad.status, await bad.json()]).toEqual([400, { issue: ['amount'] }]);
  });

  it('resolves esm.sh URLs to the installed package, and std http/server.ts to Deno.serve', async () => {
    expect(await (await call('esm')).json()).toEqual({ ok: 'yes' });
    const old = await call('old', { body: '{"name":"Functions"}' });
    expect(await old.json()).toEqual({ message: 'Hello Functions!' });
  });

  it('names what to install when a package is missing, and fetches nothing', async () => {
    for (const name of ['missing', 'missing-esm']) {
      const missing = await call(name);
      expect(missing.status).toBe(503);
      expect(await missing.json()).toEqual({
        code: 'BOOT_ERROR',
        message: expect.stringContaining(
          'npm:left-pad-not-installed@1.3.0 is not installed (supabase-local downloads nothing): run npm install left-pad-not-installed@1.3.0',
        ),
      });
    }
    const jsr = await (await call('jsr')).json();
    expect(jsr.message).toContain('jsr:@std/path@^1 is not installed');
    expect(jsr.message).toContain('npx jsr add @std/path@^1 (it installs @jsr/std__path from npm.jsr.io)');
    const network = await (await call('network')).json();
    expect(network.message).toContain(
      'https://deno.land/x/hono@v3.4.1/mod.ts: supabase-local loads no modules over the network; import npm:<name>@<version>',
    );
  });
});

describe('supabase-js in a function', () => {
  it('creates a client (Realtime needs a WebSocket on every Node) and reads a table through the stack', async () => {
    for (const name of ['client', 'client-esm']) {
      const res = await call(name, { token: f.server.anonKey });
      expect(await res.json()).toEqual({ data: [{ body: 'Plan the trade' }, { body: 'Trade the plan' }], error: null });
    }
  });
});
