import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { completion, sendJson, startModelServer } from './model-server.test-support.ts';

// index.ts as the local stack's Node runner loads it (a Deno shim with env and serve), with the real supabase-js
// asking one local HTTP server that plays both GoTrue (/auth/v1/user) and the model (/v1/chat/completions).
let server: Awaited<ReturnType<typeof startModelServer>>;
beforeAll(async () => {
  server = await startModelServer();
  server.reply.current = (req, res) => {
    if (req.path === '/auth/v1/user') {
      if (req.authorization === 'Bearer good-token') {
        sendJson(res, 200, { id: 'user-a', aud: 'authenticated', role: 'authenticated', email: 'a@example.in' });
      } else sendJson(res, 403, { code: 'bad_jwt', message: 'invalid JWT' });
    } else if (req.path === '/rest/v1/rpc/take_assistant_answer') {
      sendJson(res, 200, { allowed: true, reason: null, used: 1, limit: 7 });
    } else if (req.path === '/v1/chat/completions') sendJson(res, 200, completion('Your best setup is ORB.'));
    else res.writeHead(404).end();
  };
});
afterAll(() => server.close());
afterEach(() => {
  server.received.length = 0;
  vi.unstubAllGlobals();
  vi.resetModules();
});

async function boot(env: Record<string, string>) {
  const serve = vi.fn();
  vi.stubGlobal('Deno', { env: { get: (name: string) => env[name] }, serve });
  await import('./index.ts');
  expect(serve).toHaveBeenCalledTimes(1);
  const handler = serve.mock.calls[0]?.[0] as (request: Request) => Promise<Response>;
  return (token: string) =>
    handler(
      new Request('http://127.0.0.1:54321/functions/v1/assistant', {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ question: 'What are my best setups?', context: { figures: [] } }),
      }),
    );
}

const supabaseEnv = () => ({
  SUPABASE_URL: server.url,
  SUPABASE_ANON_KEY: 'anon-key',
  SUPABASE_SERVICE_ROLE_KEY: 'service-role-key',
});

describe('index.ts in Node with a Deno shim', () => {
  it('without all three ASSISTANT_* secrets answers 503 and sends nothing anywhere', async () => {
    const ask = await boot({ ...supabaseEnv(), ASSISTANT_API_URL: `${server.url}/v1`, ASSISTANT_MODEL: 'm' });
    const response = await ask('good-token');
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ error: 'assistant_not_configured' });
    expect(server.received).toEqual([]);
  });

  it('with them, checks the token with GoTrue, takes an answer of the daily quota, then asks the model', async () => {
    const ask = await boot({
      ...supabaseEnv(),
      ASSISTANT_API_URL: `${server.url}/v1/`,
      ASSISTANT_API_KEY: 'sk-test-0001',
      ASSISTANT_MODEL: 'test-model',
      ASSISTANT_DAILY_QUOTA: '7',
    });
    const refused = await ask('expired-token');
    expect(refused.status).toBe(401);
    expect(server.received.map((r) => r.path)).toEqual(['/auth/v1/user']);

    server.received.length = 0;
    const answered = await ask('good-token');
    expect(answered.status).toBe(200);
    expect(await answered.json()).toEqual({ answer: 'Your best setup is ORB.' });
    expect(server.received.map((r) => [r.path, r.authorization])).toEqual([
      ['/auth/v1/user', 'Bearer good-token'],
      ['/rest/v1/rpc/take_assistant_answer', 'Bearer service-role-key'],
      ['/v1/chat/completions', 'Bearer sk-test-0001'],
    ]);
    expect(JSON.parse(server.received[1]?.body ?? '{}')).toEqual({ p_user_id: 'user-a', p_daily_limit: 7 });
  });

  it('without the service role key, asks no model: access cannot be checked', async () => {
    const ask = await boot({
      SUPABASE_URL: server.url,
      SUPABASE_ANON_KEY: 'anon-key',
      ASSISTANT_API_URL: `${server.url}/v1`,
      ASSISTANT_API_KEY: 'sk-test-0001',
      ASSISTANT_MODEL: 'test-model',
    });
    const response = await ask('good-token');
    expect(response.status).toBe(502);
    expect(await response.json()).toMatchObject({ error: 'access_unavailable' });
    expect(server.received.map((r) => r.path)).toEqual(['/auth/v1/user']);
  });
});
