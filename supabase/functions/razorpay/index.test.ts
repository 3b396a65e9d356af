import { afterEach, describe, expect, it, vi } from 'vitest';

// index.ts as the local stack's Node runner loads it: a minimal Deno shim with env and serve.
afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

describe('index.ts in Node with a Deno shim', () => {
  it('serves the handler built from the environment', async () => {
    const env: Record<string, string> = {
      SUPABASE_URL: 'http://127.0.0.1:54321',
      SUPABASE_ANON_KEY: 'anon-key',
      SUPABASE_SERVICE_ROLE_KEY: 'service-key',
      RAZORPAY_KEY_ID: 'rzp_test_key',
      RAZORPAY_KEY_SECRET: 'test_key_secret_0001',
      RAZORPAY_WEBHOOK_SECRET: 'whsec_test_0001',
    };
    const serve = vi.fn();
    vi.stubGlobal('Deno', { env: { get: (name: string) => env[name] }, serve });
    // GoTrue refuses the token: the function must answer 401 without reaching Razorpay or the database.
    const fetch = vi.fn(
      async (_input: string | URL | Request, _init?: RequestInit) =>
        new Response(JSON.stringify({ code: 'bad_jwt', message: 'invalid JWT' }), {
          status: 403,
          headers: { 'Content-Type': 'application/json' },
        }),
    );
    vi.stubGlobal('fetch', fetch);
    await import('./index.ts');
    expect(serve).toHaveBeenCalledTimes(1);
    const handler = serve.mock.calls[0]?.[0] as (request: Request) => Promise<Response>;

    const preflight = await handler(new Request('http://127.0.0.1:54321/functions/v1/razorpay', { method: 'OPTIONS' }));
    expect(preflight.status).toBe(204);

    const response = await handler(
      new Request('http://127.0.0.1:54321/functions/v1/razorpay', {
        method: 'POST',
        headers: { Authorization: 'Bearer expired', 'Content-Type': 'application/json' },
        body: JSON.stringify({ action: 'create-order', planType: 'monthly' }),
      }),
    );
    expect(response.status).toBe(401);
    expect(String(fetch.mock.calls[0]?.[0])).toBe('http://127.0.0.1:54321/auth/v1/user');
  });
});
