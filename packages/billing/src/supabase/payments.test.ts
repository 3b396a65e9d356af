import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { type BillingSession, PaymentsError } from '../ports.ts';
import { createSupabasePayments, kindForStatus } from './payments.ts';

const session: BillingSession = { accessToken: 'user-jwt', user: { id: 'user-1' } };

/** A real supabase-js client whose HTTP goes to `answer` instead of a server. */
function client(answer: (url: string, init: RequestInit) => Response | Promise<Response>) {
  const calls: Array<{ url: string; body: unknown; headers: Headers }> = [];
  const fetch = vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
    const url = String(input instanceof Request ? input.url : input);
    calls.push({ url, body: init?.body ? JSON.parse(String(init.body)) : null, headers: new Headers(init?.headers) });
    return answer(url, init ?? {});
  });
  const supabase = createClient('http://127.0.0.1:54321', 'anon-key', {
    global: { fetch },
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
  });
  return { supabase, calls };
}

const jsonResponse = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('kindForStatus', () => {
  it.each<[number, string]>([
    [401, 'session-invalid'],
    [400, 'rejected'],
    [403, 'rejected'],
    [404, 'rejected'],
    [409, 'conflict'],
    [500, 'provider'],
    [502, 'provider'],
  ])('%d → %s', (status, kind) => {
    expect(kindForStatus(status)).toBe(kind);
  });
});

describe('Supabase payments adapter', () => {
  it("invokes 'razorpay' with action create-order and the bearer token, and maps the answer", async () => {
    const { supabase, calls } = client(() =>
      jsonResponse({
        key_id: 'rzp_test_key',
        order_id: 'order_A1',
        amount: 36_000,
        currency: 'INR',
        notes: { userId: 'user-1', planType: 'monthly' },
      }),
    );
    const order = await createSupabasePayments(supabase).createOrder(
      { planType: 'monthly', amount: 360, currency: 'INR', name: 'Asha', email: 'a@example.in', phone: '+91' },
      session,
    );
    expect(order).toEqual({
      keyId: 'rzp_test_key',
      orderId: 'order_A1',
      amountPaise: 36_000,
      currency: 'INR',
      notes: { userId: 'user-1', planType: 'monthly' },
    });
    expect(calls[0]?.url).toBe('http://127.0.0.1:54321/functions/v1/razorpay');
    expect(calls[0]?.headers.get('Authorization')).toBe('Bearer user-jwt');
    expect(calls[0]?.body).toEqual({
      action: 'create-order',
      planType: 'monthly',
      amount: 360,
      currency: 'INR',
      name: 'Asha',
      email: 'a@example.in',
      phone: '+91',
    });
  });

  it('sends verify-payment with the three Razorpay fields', async () => {
    const { supabase, calls } = client(() =>
      jsonResponse({ success: true, already_verified: false, subscription: { end_date: '2026-12-21T10:00:00.000Z' } }),
    );
    const result = await createSupabasePayments(supabase).verifyPayment(
      { razorpay_order_id: 'order_A1', razorpay_payment_id: 'pay_B2', razorpay_signature: 'abc' },
      session,
    );
    expect(result).toEqual({ endDate: '2026-12-21T10:00:00.000Z', alreadyVerified: false });
    expect(calls[0]?.body).toEqual({
      action: 'verify-payment',
      razorpay_order_id: 'order_A1',
      razorpay_payment_id: 'pay_B2',
      razorpay_signature: 'abc',
    });
  });

  it('sends cancel-subscription with razorpay_subscription_id when given', async () => {
    // The function's answer: status stays active, cancelled_at is set, end_date is kept.
    const { supabase, calls } = client(() =>
      jsonResponse({
        success: true,
        subscription: {
          status: 'active',
          plan: 'monthly',
          end_date: '2027-01-05T00:00:00.000Z',
          provider_subscription_id: 'order_A1',
          cancelled_at: '2026-11-21T10:00:00.000Z',
        },
      }),
    );
    const payments = createSupabasePayments(supabase);
    expect(await payments.cancelSubscription({ subscriptionId: 'order_A1' }, session)).toEqual({
      endDate: '2027-01-05T00:00:00.000Z',
      cancelledAt: '2026-11-21T10:00:00.000Z',
    });
    await payments.cancelSubscription({}, session);
    expect(calls.map((c) => c.body)).toEqual([
      { action: 'cancel-subscription', razorpay_subscription_id: 'order_A1' },
      { action: 'cancel-subscription' },
    ]);
  });

  it.each<[number, string, string]>([
    [401, 'session-invalid', 'Invalid or expired session'],
    [400, 'rejected', 'Invalid payment signature'],
    [403, 'rejected', 'This order belongs to another user'],
    [409, 'conflict', 'This order was already paid with another payment'],
    [502, 'provider', 'Payment provider error'],
  ])('maps a FunctionsHttpError %d to %s with the server message', async (status, kind, message) => {
    const { supabase } = client(() => jsonResponse({ error: message }, status));
    const error = await createSupabasePayments(supabase)
      .verifyPayment({ razorpay_order_id: 'o', razorpay_payment_id: 'p', razorpay_signature: 's' }, session)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PaymentsError);
    expect(error).toMatchObject({ kind, message, status });
  });

  it("uses the client's current token when it has been refreshed since the flow started", async () => {
    const { supabase, calls } = client(() => jsonResponse({ success: true, subscription: {} }));
    vi.spyOn(supabase.auth, 'getSession').mockResolvedValue({
      data: { session: { access_token: 'refreshed-jwt' } },
      error: null,
    } as unknown as Awaited<ReturnType<SupabaseClient['auth']['getSession']>>);
    await createSupabasePayments(supabase).cancelSubscription({}, session);
    expect(calls[0]?.headers.get('Authorization')).toBe('Bearer refreshed-jwt');
  });

  it('maps a request that never got an answer to network', async () => {
    const { supabase } = client(() => {
      throw new TypeError('fetch failed');
    });
    const error = await createSupabasePayments(supabase)
      .createOrder({ planType: 'monthly', amount: 360, currency: 'INR' }, session)
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'network' });
  });

  it('refuses an order answer without key_id, order_id or notes.userId', async () => {
    const { supabase } = client(() => jsonResponse({ order_id: 'order_A1' }));
    await expect(
      createSupabasePayments(supabase).createOrder({ planType: 'monthly', amount: 360, currency: 'INR' }, session),
    ).rejects.toMatchObject({ kind: 'provider' });
  });

  it('reads the session from supabase auth, or null', async () => {
    const { supabase } = client(() => jsonResponse({}));
    const payments = createSupabasePayments(supabase);
    expect(await payments.getSession()).toBeNull();
    vi.spyOn(supabase.auth, 'getSession').mockResolvedValue({
      data: {
        session: {
          access_token: 'jwt',
          refresh_token: 'r',
          expires_in: 3600,
          token_type: 'bearer',
          user: {
            id: 'user-1',
            email: 'a@example.in',
            phone: '',
            user_metadata: { full_name: 'Asha Rao' },
            app_metadata: {},
            aud: 'authenticated',
            created_at: '2026-01-01T00:00:00Z',
          },
        },
      },
      error: null,
    } as Awaited<ReturnType<SupabaseClient['auth']['getSession']>>);
    expect(await payments.getSession()).toEqual({
      accessToken: 'jwt',
      user: { id: 'user-1', email: 'a@example.in', name: 'Asha Rao' },
    });
  });
});
