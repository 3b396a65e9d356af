import { createClient } from '@supabase/supabase-js';
import { describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { createSupabaseAuth, createSupabaseStore } from './supabase-adapters.ts';

function client(answer: (url: URL, init: RequestInit) => Response) {
  const calls: Array<{ url: URL; method: string; body: unknown }> = [];
  const fetch = vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input instanceof Request ? input.url : input));
    calls.push({ url, method: init?.method ?? 'GET', body: init?.body ? JSON.parse(String(init.body)) : null });
    return answer(url, init ?? {});
  });
  const supabase = createClient('http://127.0.0.1:54321', 'service-role-key', {
    global: { fetch },
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
  });
  return { supabase, calls };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('Supabase store (PostgREST through supabase-js)', () => {
  const subscription = {
    id: 'sub-1',
    user_id: 'u',
    status: 'active',
    plan: 'monthly',
    provider: 'razorpay',
    provider_subscription_id: 'order_1',
    created_at: '2026-11-21T10:00:00.000Z',
    end_date: '2026-12-21T10:00:00.000Z',
    cancelled_at: null,
  };

  it('records a payment with one call to public.record_verified_payment', async () => {
    const { supabase, calls } = client(() => json({ outcome: 'activated', subscription }));
    const result = await createSupabaseStore(supabase).recordPayment({
      orderId: 'o',
      razorpayPaymentId: 'pay_1',
      amountPaise: 36_000,
      status: 'captured',
      signatureVerified: false,
      raw: { event: 'payment.captured' },
    });
    expect(result).toEqual({ outcome: 'activated', subscription });
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url.pathname).toBe('/rest/v1/rpc/record_verified_payment');
    expect(calls[0]?.method).toBe('POST');
    expect(calls[0]?.body).toEqual({
      p_order_id: 'o',
      p_razorpay_payment_id: 'pay_1',
      p_amount_paise: 36_000,
      p_raw: { event: 'payment.captured' },
      p_status: 'captured',
      p_signature_verified: false,
    });
  });

  it('cancels with one call to public.cancel_subscription (null id: the running one)', async () => {
    const cancelled = { ...subscription, cancelled_at: '2026-11-21T10:00:00.000Z' };
    const { supabase, calls } = client(() => json({ outcome: 'cancelled', subscription: cancelled }));
    const store = createSupabaseStore(supabase);
    expect(await store.cancelSubscription('u')).toEqual({ outcome: 'cancelled', subscription: cancelled });
    expect(calls[0]?.url.pathname).toBe('/rest/v1/rpc/cancel_subscription');
    expect(calls[0]?.body).toEqual({ p_user_id: 'u', p_provider_subscription_id: null });
    await store.cancelSubscription('u', 'order_1');
    expect(calls[1]?.body).toEqual({ p_user_id: 'u', p_provider_subscription_id: 'order_1' });
  });

  it('passes refusals through as outcomes', async () => {
    const { supabase } = client(() => json({ outcome: 'not_yours', subscription: null }));
    expect(await createSupabaseStore(supabase).cancelSubscription('u', 'order_1')).toEqual({
      outcome: 'not_yours',
      subscription: null,
    });
  });

  it('finds an order by razorpay_order_id', async () => {
    const row = {
      id: 'o',
      user_id: 'u',
      razorpay_order_id: 'order_1',
      plan: 'monthly',
      amount_paise: 36_000,
      currency: 'INR',
      status: 'created',
      receipt: 'r',
    };
    const { supabase, calls } = client(() => json([row]));
    expect(await createSupabaseStore(supabase).findOrder('order_1')).toEqual(row);
    expect(calls[0]?.url.pathname).toBe('/rest/v1/payment_orders');
    expect(calls[0]?.url.searchParams.get('razorpay_order_id')).toBe('eq.order_1');
  });

  it('throws database errors and answers it does not understand', async () => {
    const denied = client(() => json({ code: '42501', message: 'permission denied', details: null, hint: null }, 403));
    await expect(createSupabaseStore(denied.supabase).cancelSubscription('u')).rejects.toThrow('permission denied');
    const odd = client(() => json({ outcome: 'maybe' }));
    await expect(createSupabaseStore(odd.supabase).cancelSubscription('u')).rejects.toThrow(/Unexpected answer/);
  });
});

describe('Supabase auth port', () => {
  it('resolves a valid token to the user', async () => {
    const { supabase, calls } = client(() => json({ id: 'user-1', email: 'a@example.in', aud: 'authenticated' }));
    expect(await createSupabaseAuth(supabase).getUser('jwt-1')).toEqual({ id: 'user-1', email: 'a@example.in' });
    expect(calls[0]?.url.pathname).toBe('/auth/v1/user');
  });

  it.each([401, 403])('treats a %d from GoTrue as an invalid session', async (status) => {
    const { supabase } = client(() => json({ code: 'bad_jwt', message: 'invalid JWT' }, status));
    expect(await createSupabaseAuth(supabase).getUser('jwt-1')).toBeNull();
  });

  it('throws when GoTrue cannot answer, rather than calling the session invalid', async () => {
    const { supabase } = client(() => json({ message: 'unavailable' }, 503));
    await expect(createSupabaseAuth(supabase).getUser('jwt-1')).rejects.toBeDefined();
  });
});
