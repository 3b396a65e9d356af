import { describe, expect, it, vi } from 'vitest';
import { createRazorpayOrdersClient } from './razorpay-api.ts';
import { RazorpayApiError } from './types.ts';

const body = {
  amount: 36_000,
  currency: 'INR' as const,
  receipt: 'bahi_monthly_1',
  notes: { userId: 'u', planType: 'monthly' },
};

describe('Razorpay Orders API client', () => {
  it('POSTs {apiBase}/v1/orders with HTTP Basic key_id:key_secret', async () => {
    const fetch = vi.fn(
      async (_url: string | URL | Request, _init?: RequestInit) =>
        new Response(
          JSON.stringify({ id: 'order_1', entity: 'order', amount: 36_000, currency: 'INR', status: 'created' }),
          {
            status: 200,
          },
        ),
    );
    const client = createRazorpayOrdersClient({
      apiBase: 'http://127.0.0.1:54321/razorpay-sandbox/',
      keyId: 'rzp_test_key',
      keySecret: 'test_key_secret_0001',
      fetch,
    });
    const order = await client.createOrder(body);
    expect(order.id).toBe('order_1');
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('http://127.0.0.1:54321/razorpay-sandbox/v1/orders');
    expect(init?.method).toBe('POST');
    // printf '%s' 'rzp_test_key:test_key_secret_0001' | base64
    expect((init?.headers as Record<string, string> | undefined)?.Authorization).toBe(
      'Basic cnpwX3Rlc3Rfa2V5OnRlc3Rfa2V5X3NlY3JldF8wMDAx',
    );
    expect(JSON.parse(String(init?.body))).toEqual(body);
  });

  it('defaults to https://api.razorpay.com', async () => {
    const fetch = vi.fn(async (_url: string | URL | Request) => new Response(JSON.stringify({ id: 'order_2' })));
    await createRazorpayOrdersClient({ keyId: 'k', keySecret: 's', fetch }).createOrder(body);
    expect(fetch.mock.calls[0]?.[0]).toBe('https://api.razorpay.com/v1/orders');
  });

  it("turns Razorpay's error answer into a RazorpayApiError", async () => {
    const fetch = vi.fn(
      async () =>
        new Response(
          JSON.stringify({ error: { code: 'BAD_REQUEST_ERROR', description: 'Authentication failed', source: 'NA' } }),
          { status: 401 },
        ),
    );
    const error = await createRazorpayOrdersClient({ keyId: 'k', keySecret: 's', fetch })
      .createOrder(body)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RazorpayApiError);
    expect(error).toMatchObject({ message: 'Authentication failed', status: 401, code: 'BAD_REQUEST_ERROR' });
  });

  it('reports an unreachable Razorpay or an answer without an order id', async () => {
    const down = vi.fn(async () => {
      throw new TypeError('fetch failed');
    });
    await expect(
      createRazorpayOrdersClient({ keyId: 'k', keySecret: 's', fetch: down }).createOrder(body),
    ).rejects.toThrow('Could not reach Razorpay: fetch failed');
    const odd = vi.fn(async () => new Response('{}'));
    await expect(
      createRazorpayOrdersClient({ keyId: 'k', keySecret: 's', fetch: odd }).createOrder(body),
    ).rejects.toThrow('without an order id');
  });
});
