// The razorpay function against the local stack's Razorpay sandbox (packages/supabase-local/src/razorpay-sandbox),
// wired as the stack wires them: the function's secrets come from the sandbox, its Orders API client talks to the
// sandbox, and the sandbox's webhook reaches the function. The database is the in-memory fake.
import { describe, expect, it } from 'vitest';
import {
  createRazorpaySandbox,
  LOCAL_RAZORPAY_KEY_ID,
  LOCAL_RAZORPAY_KEY_SECRET,
  LOCAL_RAZORPAY_WEBHOOK_PATH,
} from '../../../packages/supabase-local/src/razorpay-sandbox/index.ts';
import type { ServiceContext } from '../../../packages/supabase-local/src/types.ts';
import { fakeAuth, fakeStore } from './fakes.test-support.ts';
import { createHandler } from './handler.ts';
import { createRazorpayOrdersClient } from './razorpay-api.ts';

const API = 'http://127.0.0.1:54321';
const ctx = { apiUrl: API } as ServiceContext;
const NOW = new Date('2026-11-21T10:00:00.000Z');

describe('the razorpay function with the sandbox', () => {
  it('creates an order, pays on the sandbox, verifies, and the webhook extends nothing twice', async () => {
    const db = fakeStore(() => NOW);
    let handler: (request: Request) => Promise<Response> = async () => new Response(null, { status: 503 });
    const sandbox = createRazorpaySandbox({
      keyId: LOCAL_RAZORPAY_KEY_ID,
      keySecret: LOCAL_RAZORPAY_KEY_SECRET,
      apiUrl: API,
      webhookUrl: LOCAL_RAZORPAY_WEBHOOK_PATH,
      fetch: (async (input: string | URL | Request, init?: RequestInit) =>
        handler(new Request(String(input), init))) as typeof fetch,
      clock: () => NOW,
    });
    const env = sandbox.secrets;
    handler = createHandler({
      auth: fakeAuth({ 'token-a': { id: 'user-a' } }),
      store: db.store,
      razorpay: createRazorpayOrdersClient({
        apiBase: env.RAZORPAY_API_BASE,
        keyId: env.RAZORPAY_KEY_ID ?? '',
        keySecret: env.RAZORPAY_KEY_SECRET ?? '',
        fetch: (async (input: string | URL | Request, init?: RequestInit) =>
          sandbox.handle(new Request(String(input), init), ctx)) as typeof fetch,
      }),
      secrets: {
        keyId: env.RAZORPAY_KEY_ID ?? '',
        keySecret: env.RAZORPAY_KEY_SECRET ?? '',
        webhookSecret: env.RAZORPAY_WEBHOOK_SECRET ?? '',
      },
      clock: () => NOW,
      log: () => {},
    });
    const call = async (body: unknown) => {
      const response = await handler(
        new Request(`${API}/functions/v1/razorpay`, {
          method: 'POST',
          headers: { Authorization: 'Bearer token-a', 'Content-Type': 'application/json' },
          body: JSON.stringify(body),
        }),
      );
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    };

    const order = await call({ action: 'create-order', planType: 'monthly', amount: 360, currency: 'INR' });
    expect(order.status).toBe(200);
    expect(order.body).toMatchObject({ key_id: 'rzp_test_bahilocal0001', amount: 36_000, currency: 'INR' });
    const orderId = String(order.body.order_id);
    expect(sandbox.orders.get(orderId)).toMatchObject({ amount: 36_000, status: 'created' });

    const paid = await sandbox.handle(
      new Request(`${API}/razorpay-sandbox/checkout/pay`, {
        method: 'POST',
        body: JSON.stringify({ order_id: orderId, key: LOCAL_RAZORPAY_KEY_ID, vpa: 'success@razorpay' }),
      }),
      ctx,
    );
    const response = (await paid.json()) as Record<string, string>;
    const verified = await call({ action: 'verify-payment', ...response });
    await sandbox.settled();

    expect(verified.status).toBe(200);
    expect(verified.body.success).toBe(true);
    // 21 Nov 2026 15:30 IST + 1 month = 21 Dec 2026 15:30 IST
    expect(verified.body.subscription).toMatchObject({ status: 'active', end_date: '2026-12-21T10:00:00.000Z' });
    expect(sandbox.webhooks).toEqual([expect.objectContaining({ status: 200, event: 'payment.captured' })]);
    expect(db.payments).toEqual([
      expect.objectContaining({
        razorpay_payment_id: response.razorpay_payment_id,
        status: 'captured',
        signature_verified_at: NOW.toISOString(),
      }),
    ]);
    expect(db.subscriptions).toHaveLength(1);
    expect(db.subscriptions[0]?.end_date).toBe('2026-12-21T10:00:00.000Z');
  });
});
