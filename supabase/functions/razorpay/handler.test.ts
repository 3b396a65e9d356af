import { describe, expect, it, vi } from 'vitest';
import { fakeAuth, fakeRazorpay, fakeStore } from './fakes.test-support.ts';
import { createHandler, errors } from './handler.ts';
import { RazorpayApiError, type SubscriptionRow } from './types.ts';

// Signatures below were computed outside this code, with OpenSSL:
//   printf '%s' 'order_IEIaMR65cu6nz3|pay_IH4NVgf4Dreq1l' | openssl dgst -sha256 -hmac 'test_key_secret_0001'
const KEY_SECRET = 'test_key_secret_0001';
const ORDER_1 = 'order_IEIaMR65cu6nz3';
const ORDER_2 = 'order_IEIaMR65cu6nz4';
const PAY_1 = 'pay_IH4NVgf4Dreq1l';
const PAY_2 = 'pay_IH4NVgf4Dreq1m';
const SIG_ORDER1_PAY1 = 'e865d4a46f21807570e95c486075b49412ae958545a6f0b82c89cfc4a3bf533c';
//   printf '%s' 'order_IEIaMR65cu6nz3|pay_IH4NVgf4Dreq1m' | openssl dgst -sha256 -hmac 'test_key_secret_0001'
const SIG_ORDER1_PAY2 = 'da4f728e2ba4d53810346695e41939a7dd883ea8636198fa543f8fe0f76917a5';
//   printf '%s' 'order_IEIaMR65cu6nz4|pay_IH4NVgf4Dreq1l' | openssl dgst -sha256 -hmac 'test_key_secret_0001'
const SIG_ORDER2_PAY1 = '22e453f5343174325adca07a91a1e8898270a3a6935c5d9cc75f33679d0f9f1b';

// The webhook body exactly as sent, and its signature:
//   printf '%s' "$WEBHOOK_BODY" | openssl dgst -sha256 -hmac 'whsec_test_0001'
const WEBHOOK_SECRET = 'whsec_test_0001';
const WEBHOOK_ORDER = 'order_WH0000000001';
const WEBHOOK_BODY =
  '{"entity":"event","event":"payment.captured","payload":{"payment":{"entity":{"id":"pay_WH0000000001","entity":"payment","amount":36000,"currency":"INR","status":"captured","order_id":"order_WH0000000001"}}},"created_at":1763719200}';
const WEBHOOK_SIG = 'e39918c70df098f727ff36d21e0d6574ed252a0b0a9563dee8e918e4235d606d';

const NOW = new Date('2026-11-21T10:00:00.000Z');
const URL_BASE = 'http://127.0.0.1:54321/functions/v1/razorpay';

function setup(options: { now?: Date; orderIds?: string[]; secrets?: Partial<Record<string, string>> } = {}) {
  let now = options.now ?? NOW;
  const db = fakeStore(() => now);
  const auth = fakeAuth({ 'token-a': { id: 'user-a', email: 'a@example.in' }, 'token-b': { id: 'user-b' } });
  const razorpay = fakeRazorpay(options.orderIds ?? [ORDER_1, ORDER_2, WEBHOOK_ORDER]);
  const log = vi.fn();
  const handler = createHandler({
    auth,
    store: db.store,
    razorpay,
    secrets: { keyId: 'rzp_test_key', keySecret: KEY_SECRET, webhookSecret: WEBHOOK_SECRET, ...options.secrets },
    clock: () => now,
    log,
  });
  const call = async (body: unknown, token: string | null = 'token-a') => {
    const response = await handler(
      new Request(URL_BASE, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
        body: typeof body === 'string' ? body : JSON.stringify(body),
      }),
    );
    return { status: response.status, body: (await response.json()) as Record<string, unknown>, response };
  };
  const webhook = (body: string, signature: string | null, path = '/webhook') =>
    handler(
      new Request(`${URL_BASE}${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...(signature ? { 'X-Razorpay-Signature': signature } : {}) },
        body,
      }),
    );
  const createOrder = (planType = 'monthly', token = 'token-a', extra: Record<string, unknown> = {}) =>
    call({ action: 'create-order', planType, currency: 'INR', name: 'Asha', email: 'a@example.in', ...extra }, token);
  const verify = (orderId: string, paymentId: string, signature: string, token = 'token-a') =>
    call(
      {
        action: 'verify-payment',
        razorpay_order_id: orderId,
        razorpay_payment_id: paymentId,
        razorpay_signature: signature,
      },
      token,
    );
  return {
    ...db,
    auth,
    razorpay,
    handler,
    call,
    webhook,
    createOrder,
    verify,
    log,
    setNow: (d: Date) => {
      now = d;
    },
  };
}

function subscription(partial: Partial<SubscriptionRow>): SubscriptionRow {
  return {
    id: 'sub-x',
    user_id: 'user-a',
    status: 'active',
    plan: 'monthly',
    provider: 'razorpay',
    provider_subscription_id: 'order_OLD0000000001',
    created_at: '2026-10-05T00:00:00.000Z',
    end_date: '2026-12-05T00:00:00.000Z',
    cancelled_at: null,
    ...partial,
  };
}

describe('HTTP basics', () => {
  it('answers the CORS preflight', async () => {
    const { handler } = setup();
    const response = await handler(new Request(URL_BASE, { method: 'OPTIONS' }));
    expect(response.status).toBe(204);
    expect(response.headers.get('Access-Control-Allow-Origin')).toBe('*');
    expect(response.headers.get('Access-Control-Allow-Headers')).toContain('authorization');
    expect(response.headers.get('Access-Control-Allow-Methods')).toContain('POST');
  });

  it('refuses other methods with 405', async () => {
    const { handler } = setup();
    const response = await handler(new Request(URL_BASE, { method: 'GET' }));
    expect(response.status).toBe(405);
    expect(await response.json()).toEqual({ error: 'Method not allowed' });
  });

  it('answers JSON errors with CORS headers', async () => {
    const { call } = setup();
    const { status, body, response } = await call({ action: 'create-order', planType: 'weekly' });
    expect(status).toBe(400);
    expect(body).toEqual({ error: 'Invalid subscription plan' });
    expect(response.headers.get('Content-Type')).toBe('application/json');
    expect(response.headers.get('Access-Control-Allow-Origin')).toBe('*');
  });

  it.each<[string, string | null, number, string]>([
    ['no bearer token', null, 401, errors.missingToken],
    ['an unknown token', 'token-forged', 401, errors.invalidSession],
    ['an expired session', 'token-expired', 401, errors.invalidSession],
  ])('refuses %s', async (_name, token, status, error) => {
    const { call, razorpay } = setup();
    const answer = await call({ action: 'create-order', planType: 'monthly' }, token);
    expect(answer.status).toBe(status);
    expect(answer.body).toEqual({ error });
    expect(razorpay.calls).toHaveLength(0);
  });

  it('refuses a non-bearer Authorization header', async () => {
    const { handler } = setup();
    const response = await handler(
      new Request(URL_BASE, { method: 'POST', headers: { Authorization: 'Basic abc' }, body: '{}' }),
    );
    expect(response.status).toBe(401);
  });

  it('answers 500, not 401, when the session cannot be checked at all', async () => {
    const { call, log } = setup();
    const answer = await call({ action: 'create-order', planType: 'monthly' }, 'auth-down');
    expect(answer.status).toBe(500);
    expect(answer.body).toEqual({ error: 'Internal error' });
    expect(log).toHaveBeenCalled();
  });

  it.each<[string, unknown, string]>([
    ['a body that is not JSON', 'not json', errors.invalidJson],
    ['a JSON array', [], errors.invalidJson],
    ['no action', { planType: 'monthly' }, errors.missingAction],
    ['an unknown action', { action: 'refund' }, 'Unknown action: refund'],
    ['an action that is an object', { action: { toString: 1 } }, errors.invalidAction],
    ['an action that is an object with valueOf', { action: { toString: 1, valueOf: 1 } }, errors.invalidAction],
    ['an action that is an array', { action: ['create-order'] }, errors.invalidAction],
    ['an action that is a number', { action: 1 }, errors.invalidAction],
  ])('answers 400 to %s', async (_name, body, error) => {
    const { call } = setup();
    const answer = await call(body);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ error });
  });
});

describe('create-order', () => {
  it('creates the order at the server price and stores it with the caller', async () => {
    const { createOrder, razorpay, orders } = setup();
    const { status, body } = await createOrder('monthly', 'token-a', { amount: 360, callbackUrl: 'https://x.in/s' });
    expect(status).toBe(200);
    expect(body).toEqual({
      key_id: 'rzp_test_key',
      order_id: ORDER_1,
      amount: 36_000,
      currency: 'INR',
      notes: { userId: 'user-a', planType: 'monthly' },
    });
    expect(razorpay.calls).toEqual([
      {
        amount: 36_000,
        currency: 'INR',
        receipt: `bahi_monthly_${NOW.getTime()}`,
        notes: { userId: 'user-a', planType: 'monthly' },
      },
    ]);
    expect(orders).toEqual([
      {
        id: expect.any(String),
        user_id: 'user-a',
        razorpay_order_id: ORDER_1,
        plan: 'monthly',
        amount_paise: 36_000,
        currency: 'INR',
        status: 'created',
        receipt: `bahi_monthly_${NOW.getTime()}`,
      },
    ]);
  });

  it('prices yearly at ₹3,240 = 3,24,000 paise', async () => {
    const { createOrder, razorpay } = setup();
    const { body } = await createOrder('yearly');
    expect(body.amount).toBe(324_000);
    expect(razorpay.calls[0]?.amount).toBe(324_000);
  });

  it('accepts a request without an amount (the server price applies)', async () => {
    const { call } = setup();
    const { status, body } = await call({ action: 'create-order', planType: 'yearly' });
    expect(status).toBe(200);
    expect(body.amount).toBe(324_000);
  });

  it.each<[unknown]>([[1], [0], [36_000], [359.99], ['100'], [-360], [''], [[360]], [{ toString: 1, valueOf: 1 }]])(
    'refuses a browser amount %s that differs from the plan price, creating nothing',
    async (amount) => {
      const { createOrder, razorpay, orders } = setup();
      const { status, body } = await createOrder('monthly', 'token-a', { amount });
      expect(status).toBe(400);
      expect(body).toEqual({ error: 'Amount does not match the plan price' });
      expect(razorpay.calls).toHaveLength(0);
      expect(orders).toHaveLength(0);
    },
  );

  it('refuses a currency other than INR', async () => {
    const { createOrder } = setup();
    const { status, body } = await createOrder('monthly', 'token-a', { currency: 'USD' });
    expect(status).toBe(400);
    expect(body).toEqual({ error: 'Only INR is supported' });
  });

  it.each([['weekly'], [''], [null], ['MONTHLY']])("refuses plan %s with 'Invalid subscription plan'", async (plan) => {
    const { call, razorpay } = setup();
    const { status, body } = await call({ action: 'create-order', planType: plan, amount: 360 });
    expect(status).toBe(400);
    expect(body).toEqual({ error: 'Invalid subscription plan' });
    expect(razorpay.calls).toHaveLength(0);
  });

  it('answers 502 when Razorpay fails, storing nothing', async () => {
    const { createOrder, razorpay, orders } = setup();
    razorpay.failWith = new RazorpayApiError('Authentication failed', 401, 'BAD_REQUEST_ERROR');
    const { status, body } = await createOrder();
    expect(status).toBe(502);
    expect(body).toEqual({ error: 'Payment provider error: Authentication failed' });
    expect(orders).toHaveLength(0);
  });

  it('never sends a secret to the browser', async () => {
    const { handler } = setup();
    const response = await handler(
      new Request(URL_BASE, {
        method: 'POST',
        headers: { Authorization: 'Bearer token-a' },
        body: JSON.stringify({ action: 'create-order', planType: 'monthly' }),
      }),
    );
    const text = await response.text();
    expect(text).toContain('rzp_test_key');
    expect(text).not.toContain(KEY_SECRET);
    expect(text).not.toContain(WEBHOOK_SECRET);
  });

  it('answers 500 when the key is not configured', async () => {
    const { createOrder } = setup({ secrets: { keySecret: '' } });
    const { status, body } = await createOrder();
    expect(status).toBe(500);
    expect(body).toEqual({ error: 'Payments are not configured' });
  });
});

describe('verify-payment', () => {
  it('verifies the signature, records the payment and activates the subscription for one month', async () => {
    const { createOrder, verify, payments, orders, subscriptions } = setup();
    await createOrder('monthly');
    const { status, body } = await verify(ORDER_1, PAY_1, SIG_ORDER1_PAY1);
    expect(status).toBe(200);
    expect(body).toEqual({
      success: true,
      already_verified: false,
      subscription: {
        status: 'active',
        plan: 'monthly',
        end_date: '2026-12-21T10:00:00.000Z', // 21 Nov 2026 15:30 IST + 1 month
        provider_subscription_id: ORDER_1,
        cancelled_at: null,
      },
    });
    expect(payments).toEqual([
      expect.objectContaining({
        razorpay_payment_id: PAY_1,
        order_id: orders[0]?.id,
        user_id: 'user-a',
        amount_paise: 36_000,
        status: 'authorized',
        signature_verified_at: NOW.toISOString(),
      }),
    ]);
    expect(orders[0]?.status).toBe('paid');
    expect(subscriptions).toHaveLength(1);
    expect(subscriptions[0]).toMatchObject({ user_id: 'user-a', status: 'active', provider: 'razorpay' });
  });

  it.each<[string, string]>([
    ['one changed hex digit', `${SIG_ORDER1_PAY1.slice(0, -1)}d`],
    ['upper case of another signature', SIG_ORDER1_PAY2.toUpperCase()],
    ['the signature of another payment', SIG_ORDER1_PAY2],
    ['a truncated signature', SIG_ORDER1_PAY1.slice(0, 62)],
    ['not hex at all', 'z'.repeat(64)],
  ])('refuses a tampered signature (%s) with 400 and changes nothing', async (_name, signature) => {
    const { createOrder, verify, payments, orders, subscriptions } = setup();
    await createOrder('monthly');
    const { status, body } = await verify(ORDER_1, PAY_1, signature);
    expect(status).toBe(400);
    expect(body).toEqual({ error: 'Invalid payment signature' });
    expect(payments).toHaveLength(0);
    expect(orders[0]?.status).toBe('created');
    expect(subscriptions).toHaveLength(0);
  });

  it("refuses a payment for another user's order with 403", async () => {
    const { createOrder, verify, payments, subscriptions } = setup();
    await createOrder('monthly', 'token-a');
    const { status, body } = await verify(ORDER_1, PAY_1, SIG_ORDER1_PAY1, 'token-b');
    expect(status).toBe(403);
    expect(body).toEqual({ error: 'This order belongs to another user' });
    expect(payments).toHaveLength(0);
    expect(subscriptions).toHaveLength(0);
  });

  it('answers 404 for an order the server never created, and 400 for missing fields', async () => {
    const { verify, call } = setup();
    expect((await verify(ORDER_1, PAY_1, SIG_ORDER1_PAY1)).status).toBe(404);
    const missing = await call({ action: 'verify-payment', razorpay_order_id: ORDER_1 });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ error: errors.missingPaymentFields });
  });

  it('is idempotent: a replayed payment answers success and extends nothing twice', async () => {
    const { createOrder, verify, payments, subscriptions, setNow } = setup();
    await createOrder('monthly');
    const first = await verify(ORDER_1, PAY_1, SIG_ORDER1_PAY1);
    setNow(new Date('2026-11-21T10:05:00.000Z'));
    const replay = await verify(ORDER_1, PAY_1, SIG_ORDER1_PAY1);
    expect(replay.status).toBe(200);
    expect(replay.body.already_verified).toBe(true);
    expect(replay.body.subscription).toEqual(first.body.subscription);
    expect(payments).toHaveLength(1);
    expect(subscriptions).toHaveLength(1);
    expect(subscriptions[0]?.end_date).toBe('2026-12-21T10:00:00.000Z');
  });

  it('refuses a second, different payment on an already paid order with 409', async () => {
    const { createOrder, verify, subscriptions } = setup();
    await createOrder('monthly');
    await verify(ORDER_1, PAY_1, SIG_ORDER1_PAY1);
    const second = await verify(ORDER_1, PAY_2, SIG_ORDER1_PAY2);
    expect(second.status).toBe(409);
    expect(second.body).toEqual({ error: 'This order was already paid with another payment' });
    expect(subscriptions[0]?.end_date).toBe('2026-12-21T10:00:00.000Z');
  });

  it('refuses a payment already used for another order with 409', async () => {
    const { createOrder, verify, subscriptions } = setup();
    await createOrder('monthly');
    await createOrder('monthly');
    await verify(ORDER_1, PAY_1, SIG_ORDER1_PAY1);
    const reused = await verify(ORDER_2, PAY_1, SIG_ORDER2_PAY1);
    expect(reused.status).toBe(409);
    expect(reused.body).toEqual({ error: 'This payment was already used for another order' });
    expect(subscriptions[0]?.end_date).toBe('2026-12-21T10:00:00.000Z');
  });

  it('refuses an order that is no longer open with 409', async () => {
    const { createOrder, verify, orders } = setup();
    await createOrder('monthly');
    orders[0]!.status = 'failed';
    expect((await verify(ORDER_1, PAY_1, SIG_ORDER1_PAY1)).status).toBe(409);
  });

  it('extends a running subscription from its end_date: max(now, end) + period', async () => {
    const { createOrder, verify, subscriptions } = setup();
    subscriptions.push(subscription({ end_date: '2026-12-05T00:00:00.000Z' })); // 14 days left
    await createOrder('monthly');
    const { body } = await verify(ORDER_1, PAY_1, SIG_ORDER1_PAY1);
    // 5 Dec 2026 05:30 IST + 1 month = 5 Jan 2027 05:30 IST
    expect((body.subscription as { end_date: string }).end_date).toBe('2027-01-05T00:00:00.000Z');
    expect(subscriptions).toHaveLength(1);
    expect(subscriptions[0]?.provider_subscription_id).toBe('order_OLD0000000001');
  });

  it('extends a running yearly purchase by a year from the current end', async () => {
    const { createOrder, verify, subscriptions } = setup();
    subscriptions.push(subscription({ end_date: '2026-12-05T00:00:00.000Z' }));
    await createOrder('yearly');
    const { body } = await verify(ORDER_1, PAY_1, SIG_ORDER1_PAY1);
    expect(body.subscription).toMatchObject({ plan: 'yearly', end_date: '2027-12-05T00:00:00.000Z' });
  });

  it('starts from now when the last subscription has ended (a new row, the old one untouched)', async () => {
    const { createOrder, verify, subscriptions } = setup();
    subscriptions.push(subscription({ end_date: '2026-11-01T00:00:00.000Z' }));
    await createOrder('yearly');
    const { body } = await verify(ORDER_1, PAY_1, SIG_ORDER1_PAY1);
    expect(body.subscription).toMatchObject({ plan: 'yearly', end_date: '2027-11-21T10:00:00.000Z' });
    expect(subscriptions).toHaveLength(2);
    expect(subscriptions[0]?.end_date).toBe('2026-11-01T00:00:00.000Z');
  });

  it('extends a cancelled subscription that still runs and clears cancelled_at (subscribed again)', async () => {
    const { createOrder, verify, subscriptions } = setup();
    subscriptions.push(
      subscription({ cancelled_at: '2026-11-10T00:00:00.000Z', end_date: '2026-12-05T00:00:00.000Z' }),
    );
    await createOrder('monthly');
    const { body } = await verify(ORDER_1, PAY_1, SIG_ORDER1_PAY1);
    // 5 Dec 2026 05:30 IST + 1 month = 5 Jan 2027 05:30 IST
    expect(body.subscription).toMatchObject({
      status: 'active',
      end_date: '2027-01-05T00:00:00.000Z',
      cancelled_at: null,
    });
    expect(subscriptions).toHaveLength(1);
  });

  it('records the payment in one call to the store (one database transaction)', async () => {
    const { createOrder, verify, calls, orders } = setup();
    await createOrder('monthly');
    await verify(ORDER_1, PAY_1, SIG_ORDER1_PAY1);
    expect(calls.recordPayment).toEqual([
      {
        orderId: orders[0]?.id,
        razorpayPaymentId: PAY_1,
        amountPaise: 36_000,
        status: 'authorized',
        signatureVerified: true,
        raw: { razorpay_order_id: ORDER_1, razorpay_payment_id: PAY_1, razorpay_signature: SIG_ORDER1_PAY1 },
      },
    ]);
  });

  it('extends only once when the same payment is verified twice at once', async () => {
    const { createOrder, verify, subscriptions, payments } = setup();
    await createOrder('monthly');
    const [a, b] = await Promise.all([
      verify(ORDER_1, PAY_1, SIG_ORDER1_PAY1),
      verify(ORDER_1, PAY_1, SIG_ORDER1_PAY1),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect([a.body.already_verified, b.body.already_verified].sort()).toEqual([false, true]);
    expect(payments).toHaveLength(1);
    expect(subscriptions).toHaveLength(1);
    expect(subscriptions[0]?.end_date).toBe('2026-12-21T10:00:00.000Z');
  });
});

describe('cancel-subscription', () => {
  it('keeps status active and end_date, sets cancelled_at: access lasts until the paid end_date', async () => {
    const { call, subscriptions } = setup();
    subscriptions.push(subscription({ provider_subscription_id: ORDER_1 }));
    const { status, body } = await call({ action: 'cancel-subscription', razorpay_subscription_id: ORDER_1 });
    expect(status).toBe(200);
    expect(body).toEqual({
      success: true,
      subscription: {
        status: 'active',
        plan: 'monthly',
        end_date: '2026-12-05T00:00:00.000Z',
        provider_subscription_id: ORDER_1,
        cancelled_at: NOW.toISOString(),
      },
    });
    expect(subscriptions[0]).toMatchObject({
      status: 'active',
      end_date: '2026-12-05T00:00:00.000Z',
      cancelled_at: NOW.toISOString(),
    });
  });

  it("cancels the caller's running subscription when no id is given", async () => {
    const { call, subscriptions, calls } = setup();
    subscriptions.push(subscription({ id: 'sub-ended', end_date: '2026-10-01T00:00:00.000Z' }));
    subscriptions.push(subscription({ id: 'sub-running', provider_subscription_id: ORDER_2 }));
    subscriptions.push(subscription({ id: 'sub-other', user_id: 'user-b', provider_subscription_id: 'order_B' }));
    const { status } = await call({ action: 'cancel-subscription' });
    expect(status).toBe(200);
    expect(calls.cancelSubscription).toEqual([['user-a', undefined]]);
    expect(subscriptions.find((s) => s.id === 'sub-running')?.cancelled_at).toBe(NOW.toISOString());
    expect(subscriptions.find((s) => s.id === 'sub-ended')?.cancelled_at).toBeNull();
    expect(subscriptions.find((s) => s.id === 'sub-other')?.cancelled_at).toBeNull();
  });

  it('is idempotent: cancelling twice answers the same and keeps the first cancelled_at', async () => {
    const { call, subscriptions, setNow } = setup();
    subscriptions.push(subscription({ provider_subscription_id: ORDER_1 }));
    const first = await call({ action: 'cancel-subscription', razorpay_subscription_id: ORDER_1 });
    setNow(new Date('2026-11-22T10:00:00.000Z'));
    const second = await call({ action: 'cancel-subscription', razorpay_subscription_id: ORDER_1 });
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expect(subscriptions[0]?.cancelled_at).toBe(NOW.toISOString());
  });

  it("refuses another user's subscription with 403 and changes nothing", async () => {
    const { call, subscriptions } = setup();
    subscriptions.push(subscription({ user_id: 'user-b', provider_subscription_id: ORDER_1 }));
    const { status, body } = await call({ action: 'cancel-subscription', razorpay_subscription_id: ORDER_1 });
    expect(status).toBe(403);
    expect(body).toEqual({ error: 'This subscription belongs to another user' });
    expect(subscriptions[0]).toEqual(subscription({ user_id: 'user-b', provider_subscription_id: ORDER_1 }));
  });

  it('answers 404 when there is nothing to cancel, 409 for an ended or expired one', async () => {
    const { call, subscriptions } = setup();
    expect((await call({ action: 'cancel-subscription' })).status).toBe(404);
    expect((await call({ action: 'cancel-subscription', razorpay_subscription_id: 'order_nope' })).status).toBe(404);
    subscriptions.push(subscription({ status: 'expired', provider_subscription_id: ORDER_1 }));
    const expired = await call({ action: 'cancel-subscription', razorpay_subscription_id: ORDER_1 });
    expect(expired.status).toBe(409);
    expect(expired.body).toEqual({ error: 'Subscription is not active' });
    subscriptions.push(subscription({ provider_subscription_id: ORDER_2, end_date: '2026-11-01T00:00:00.000Z' }));
    expect((await call({ action: 'cancel-subscription', razorpay_subscription_id: ORDER_2 })).status).toBe(409);
  });

  it('needs a valid session', async () => {
    const { call, calls } = setup();
    expect((await call({ action: 'cancel-subscription' }, 'token-expired')).status).toBe(401);
    expect(calls.cancelSubscription).toHaveLength(0);
  });
});

describe('webhook', () => {
  async function withWebhookOrder() {
    const ctx = setup({ orderIds: [WEBHOOK_ORDER] });
    await ctx.createOrder('monthly', 'token-b');
    return ctx;
  }

  it('activates the subscription of the order owner on payment.captured with a valid signature', async () => {
    const { webhook, payments, subscriptions, orders } = await withWebhookOrder();
    const response = await webhook(WEBHOOK_BODY, WEBHOOK_SIG);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: true, already_verified: false });
    expect(payments).toEqual([
      expect.objectContaining({
        razorpay_payment_id: 'pay_WH0000000001',
        user_id: 'user-b',
        status: 'captured',
        signature_verified_at: null,
      }),
    ]);
    expect(orders[0]?.status).toBe('paid');
    expect(subscriptions).toEqual([
      expect.objectContaining({ user_id: 'user-b', status: 'active', end_date: '2026-12-21T10:00:00.000Z' }),
    ]);
  });

  it('also accepts a webhook recognised by its header alone', async () => {
    const { webhook, subscriptions } = await withWebhookOrder();
    expect((await webhook(WEBHOOK_BODY, WEBHOOK_SIG, '')).status).toBe(200);
    expect(subscriptions).toHaveLength(1);
  });

  it.each<[string, string, string | null]>([
    ['a tampered body', WEBHOOK_BODY.replace('36000', '36001'), WEBHOOK_SIG],
    ['a tampered signature', WEBHOOK_BODY, `0${WEBHOOK_SIG.slice(1)}`],
    ['no signature', WEBHOOK_BODY, null],
  ])('refuses %s with 400 and changes nothing', async (_name, body, signature) => {
    const { webhook, payments, subscriptions } = await withWebhookOrder();
    const response = await webhook(body, signature);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: 'Invalid webhook signature' });
    expect(payments).toHaveLength(0);
    expect(subscriptions).toHaveLength(0);
  });

  it('acknowledges and ignores orders it did not make (no activation)', async () => {
    const { webhook, subscriptions } = setup();
    const response = await webhook(WEBHOOK_BODY, WEBHOOK_SIG);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: true, ignored: true });
    expect(subscriptions).toHaveLength(0);
  });

  it('does not extend twice when the browser verified the same payment first', async () => {
    const ctx = setup({ orderIds: [WEBHOOK_ORDER] });
    await ctx.createOrder('monthly', 'token-b');
    // The browser's verify needs a signature for order_WH0000000001|pay_WH0000000001:
    //   printf '%s' 'order_WH0000000001|pay_WH0000000001' | openssl dgst -sha256 -hmac 'test_key_secret_0001'
    const sig = '8ef8e19440689b0ff6c13fa984f15c627957d92dbbd2cdedde603afc0b94e630';
    const verified = await ctx.verify(WEBHOOK_ORDER, 'pay_WH0000000001', sig, 'token-b');
    expect(verified.body.already_verified).toBe(false);
    const response = await ctx.webhook(WEBHOOK_BODY, WEBHOOK_SIG);
    expect(await response.json()).toEqual({ received: true, already_verified: true });
    expect(ctx.payments).toHaveLength(1);
    expect(ctx.payments[0]).toMatchObject({ status: 'captured', signature_verified_at: NOW.toISOString() });
    expect(ctx.subscriptions).toHaveLength(1);
    expect(ctx.subscriptions[0]?.end_date).toBe('2026-12-21T10:00:00.000Z');
  });

  it('lets the browser verify after the webhook without extending twice (browser closed late)', async () => {
    const ctx = await withWebhookOrder();
    await ctx.webhook(WEBHOOK_BODY, WEBHOOK_SIG);
    // Same OpenSSL vector as in the previous test.
    const sig = '8ef8e19440689b0ff6c13fa984f15c627957d92dbbd2cdedde603afc0b94e630';
    const verified = await ctx.verify(WEBHOOK_ORDER, 'pay_WH0000000001', sig, 'token-b');
    expect(verified.status).toBe(200);
    expect(verified.body.already_verified).toBe(true);
    expect(ctx.subscriptions).toHaveLength(1);
    expect(ctx.subscriptions[0]?.end_date).toBe('2026-12-21T10:00:00.000Z');
    expect(ctx.payments[0]?.signature_verified_at).toBe(NOW.toISOString());
  });

  it('acknowledges other events without acting', async () => {
    const { webhook } = await withWebhookOrder();
    // printf '%s' '{"event":"payment.failed"}' | openssl dgst -sha256 -hmac 'whsec_test_0001'
    const body = '{"event":"payment.failed"}';
    const response = await webhook(body, '697ff77a789414413b116c4a9106bd9ed952a7a56d1fbcee23e995063af8c154');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: true, ignored: true });
  });

  it('refuses a captured payment whose amount differs from the order', async () => {
    const { webhook, subscriptions } = await withWebhookOrder();
    // amount 100 paise against an order of 36,000; signed with the webhook secret:
    //   printf '%s' "$BODY" | openssl dgst -sha256 -hmac 'whsec_test_0001'
    const body =
      '{"entity":"event","event":"payment.captured","payload":{"payment":{"entity":{"id":"pay_WH0000000002","entity":"payment","amount":100,"currency":"INR","status":"captured","order_id":"order_WH0000000001"}}},"created_at":1763719200}';
    const response = await webhook(body, 'ab37b2b6839b4b35af5719b1d08f225ad0eace3d1a3dcd145aebdcd1eb498a3c');
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: 'Payment amount does not match the order' });
    expect(subscriptions).toHaveLength(0);
  });

  it('answers 500 when the webhook secret is not configured', async () => {
    const { webhook } = setup({ secrets: { webhookSecret: '' } });
    expect((await webhook(WEBHOOK_BODY, WEBHOOK_SIG)).status).toBe(500);
  });
});
