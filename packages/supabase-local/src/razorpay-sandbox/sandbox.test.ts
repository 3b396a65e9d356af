import { describe, expect, it, vi } from 'vitest';
import type { ServiceContext } from '../types.ts';
import {
  createRazorpaySandbox,
  hmacHex,
  LOCAL_RAZORPAY_KEY_ID,
  LOCAL_RAZORPAY_KEY_SECRET,
  LOCAL_RAZORPAY_WEBHOOK_PATH,
  LOCAL_RAZORPAY_WEBHOOK_SECRET,
  type RazorpaySandboxOptions,
} from './index.ts';

const API = 'http://127.0.0.1:54321';
const BASE = `${API}/razorpay-sandbox`;
// The handler only reads ctx.apiUrl.
const ctx = { apiUrl: API } as ServiceContext;
// 20,778 days after 1970-01-01 (56 years with 14 leap days = 20,454; 1 Jan to 21 Nov 2026 = 324) plus 10 h:
// 20,778 × 86,400 + 36,000 = 1,795,255,200 s
const NOW = new Date('2026-11-21T10:00:00.000Z');

//   printf '%s' 'rzp_test_bahilocal0001:bahi_local_sandbox_key_secret_not_for_production' | base64 -w0
const BASIC = 'Basic cnpwX3Rlc3RfYmFoaWxvY2FsMDAwMTpiYWhpX2xvY2FsX3NhbmRib3hfa2V5X3NlY3JldF9ub3RfZm9yX3Byb2R1Y3Rpb24=';

function setup(overrides: Partial<RazorpaySandboxOptions> = {}) {
  const counters: Record<string, number> = {};
  const sandbox = createRazorpaySandbox({
    keyId: LOCAL_RAZORPAY_KEY_ID,
    keySecret: LOCAL_RAZORPAY_KEY_SECRET,
    clock: () => NOW,
    newId: (prefix) => {
      counters[prefix] = (counters[prefix] ?? 0) + 1;
      return `${prefix}_SANDBOX${String(counters[prefix]).padStart(7, '0')}`;
    },
    log: () => {},
    ...overrides,
  });
  const request = (path: string, init: RequestInit = {}) => sandbox.handle(new Request(`${BASE}${path}`, init), ctx);
  const createOrder = (body: unknown, authorization: string | null = BASIC) =>
    request('/v1/orders', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(authorization ? { Authorization: authorization } : {}) },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
  const pay = (body: Record<string, unknown>) =>
    request('/checkout/pay', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ key: LOCAL_RAZORPAY_KEY_ID, ...body }),
    });
  return { sandbox, request, createOrder, pay };
}

const ORDER_BODY = { amount: 36_000, currency: 'INR', receipt: 'bahi_monthly_1763719200000', notes: { userId: 'u1' } };

describe('Orders API: POST /v1/orders', () => {
  it("answers Razorpay's order entity", async () => {
    const { createOrder } = setup();
    const response = await createOrder(ORDER_BODY);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      id: 'order_SANDBOX0000001',
      entity: 'order',
      amount: 36_000,
      amount_paid: 0,
      amount_due: 36_000,
      currency: 'INR',
      receipt: 'bahi_monthly_1763719200000',
      offer_id: null,
      status: 'created',
      attempts: 0,
      notes: { userId: 'u1' },
      created_at: 1_795_255_200,
    });
  });

  it('answers empty notes as [] like Razorpay, and a missing receipt as null', async () => {
    const { createOrder } = setup();
    const order = await (await createOrder({ amount: 100, currency: 'INR' })).json();
    expect(order).toMatchObject({ amount: 100, receipt: null, notes: [] });
  });

  it.each<[string, string | null]>([
    ['no Authorization header', null],
    ['a wrong secret', `Basic ${btoa(`${LOCAL_RAZORPAY_KEY_ID}:wrong`)}`],
    ['another key id', `Basic ${btoa(`rzp_test_other:${LOCAL_RAZORPAY_KEY_SECRET}`)}`],
    ['a bearer token', 'Bearer abc'],
    ['garbage', 'Basic !!!'],
  ])('refuses %s with 401 and Razorpay’s error body', async (_name, authorization) => {
    const { createOrder, sandbox } = setup();
    const response = await createOrder(ORDER_BODY, authorization);
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({
      error: {
        code: 'BAD_REQUEST_ERROR',
        description: 'Authentication failed',
        source: 'NA',
        step: 'NA',
        reason: 'NA',
        metadata: {},
      },
    });
    expect(sandbox.orders.size).toBe(0);
  });

  it.each<[string, unknown, string, string]>([
    ['99 paise', { amount: 99, currency: 'INR' }, 'The amount must be atleast INR 1.00', 'amount'],
    ['0', { amount: 0, currency: 'INR' }, 'The amount must be atleast INR 1.00', 'amount'],
    ['a fraction', { amount: 360.5, currency: 'INR' }, 'The amount must be an integer.', 'amount'],
    ['a string amount', { amount: '36000', currency: 'INR' }, 'The amount must be an integer.', 'amount'],
    ['no amount', { currency: 'INR' }, 'The amount field is required.', 'amount'],
    ['USD', { amount: 36_000, currency: 'USD' }, 'Currency is not supported', 'currency'],
    ['no currency', { amount: 36_000 }, 'The currency field is required.', 'currency'],
    [
      'a 41-character receipt',
      { amount: 36_000, currency: 'INR', receipt: 'r'.repeat(41) },
      'The receipt may not be greater than 40 characters.',
      'receipt',
    ],
  ])('refuses %s with 400 BAD_REQUEST_ERROR naming the field', async (_name, body, description, field) => {
    const { createOrder, sandbox } = setup();
    const response = await createOrder(body);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: {
        code: 'BAD_REQUEST_ERROR',
        description,
        source: 'business',
        step: 'payment_initiation',
        reason: 'input_validation_failed',
        metadata: {},
        field,
      },
    });
    expect(sandbox.orders.size).toBe(0);
  });

  it('refuses a body that is not JSON', async () => {
    const { createOrder } = setup();
    const response = await createOrder('amount=36000');
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('BAD_REQUEST_ERROR');
  });
});

describe('Orders API: GET /v1/orders/:id', () => {
  it('answers the order, and 400 for an unknown id, 401 without the key', async () => {
    const { createOrder, request } = setup();
    const created = await (await createOrder(ORDER_BODY)).json();
    const found = await request('/v1/orders/order_SANDBOX0000001', { headers: { Authorization: BASIC } });
    expect(found.status).toBe(200);
    expect(await found.json()).toEqual(created);
    const unknown = await request('/v1/orders/order_nope', { headers: { Authorization: BASIC } });
    expect(unknown.status).toBe(400);
    expect(((await unknown.json()) as { error: { description: string } }).error.description).toBe(
      'The id provided does not exist',
    );
    expect((await request('/v1/orders/order_SANDBOX0000001')).status).toBe(401);
  });

  it('answers 404 in Razorpay’s shape for other paths', async () => {
    const { request } = setup();
    const response = await request('/v1/payments', { headers: { Authorization: BASIC } });
    expect(response.status).toBe(404);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('BAD_REQUEST_ERROR');
  });
});

describe('paying on the checkout page (POST /checkout/pay)', () => {
  it('pays: a pay_ id, a signature over order_id|payment_id with the key secret, the order paid', async () => {
    const { createOrder, pay, sandbox, request } = setup();
    await createOrder(ORDER_BODY);
    const response = await pay({ order_id: 'order_SANDBOX0000001', vpa: 'success@razorpay' });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      razorpay_payment_id: 'pay_SANDBOX0000001',
      razorpay_order_id: 'order_SANDBOX0000001',
      // printf '%s' 'order_SANDBOX0000001|pay_SANDBOX0000001' \
      //   | openssl dgst -sha256 -hmac 'bahi_local_sandbox_key_secret_not_for_production'
      razorpay_signature: '0e4e9ebb424a07cae13db93644069140294d5270e9c8f01839fc10103ea5d255',
    });
    const order = await (
      await request('/v1/orders/order_SANDBOX0000001', { headers: { Authorization: BASIC } })
    ).json();
    expect(order).toMatchObject({ status: 'paid', amount_paid: 36_000, amount_due: 0, attempts: 1 });
    expect(sandbox.webhooks).toEqual([]); // no webhookUrl configured
  });

  it('fails with failure@razorpay in Checkout.js’s payment.failed shape, and the order can still be paid', async () => {
    const { createOrder, pay, sandbox } = setup();
    await createOrder(ORDER_BODY);
    const failed = await pay({ order_id: 'order_SANDBOX0000001', vpa: 'failure@razorpay' });
    expect(failed.status).toBe(400);
    expect(await failed.json()).toEqual({
      error: {
        code: 'BAD_REQUEST_ERROR',
        description: 'Payment failed',
        source: 'customer',
        step: 'payment_authorization',
        reason: 'payment_failed',
        metadata: { order_id: 'order_SANDBOX0000001', payment_id: 'pay_SANDBOX0000001' },
      },
    });
    expect(sandbox.orders.get('order_SANDBOX0000001')).toMatchObject({ status: 'attempted', attempts: 1 });
    expect((await pay({ order_id: 'order_SANDBOX0000001' })).status).toBe(200);
    expect(sandbox.orders.get('order_SANDBOX0000001')).toMatchObject({ status: 'paid', attempts: 2 });
  });

  it('refuses a paid order, an unknown order, the wrong key and a malformed UPI id', async () => {
    const { createOrder, pay } = setup();
    await createOrder(ORDER_BODY);
    await pay({ order_id: 'order_SANDBOX0000001' });
    expect((await pay({ order_id: 'order_SANDBOX0000001' })).status).toBe(400);
    expect((await pay({ order_id: 'order_nope' })).status).toBe(400);
    expect((await pay({ order_id: 'order_SANDBOX0000001', key: 'rzp_test_other' })).status).toBe(401);
    await createOrder(ORDER_BODY);
    expect((await pay({ order_id: 'order_SANDBOX0000002', vpa: 'not a vpa' })).status).toBe(400);
  });
});

describe('payment.captured webhook', () => {
  it('POSTs the event signed with the webhook secret to a path on the API URL', async () => {
    const fetch = vi.fn(async (_url: string | URL | Request, _init?: RequestInit) => new Response('{}'));
    const { createOrder, pay, sandbox } = setup({
      webhookUrl: LOCAL_RAZORPAY_WEBHOOK_PATH,
      fetch: fetch as unknown as typeof globalThis.fetch,
    });
    await createOrder(ORDER_BODY);
    await pay({ order_id: 'order_SANDBOX0000001', email: 'asha@example.in', contact: '+919876543210' });
    await sandbox.settled();

    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('http://127.0.0.1:54321/functions/v1/razorpay/webhook');
    const headers = new Headers(init?.headers);
    const body = String(init?.body);
    // Checked with WebCrypto, independently of the sandbox's node:crypto.
    const key = await crypto.subtle.importKey(
      'raw',
      new TextEncoder().encode(LOCAL_RAZORPAY_WEBHOOK_SECRET),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign'],
    );
    const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(body)));
    expect(headers.get('X-Razorpay-Signature')).toBe(Buffer.from(mac).toString('hex'));
    expect(headers.get('X-Razorpay-Event-Id')).toBe('evt_SANDBOX0000001');
    expect(headers.get('Content-Type')).toBe('application/json');

    const event = JSON.parse(body);
    expect(event).toMatchObject({
      entity: 'event',
      event: 'payment.captured',
      contains: ['payment'],
      created_at: 1_795_255_200,
      payload: {
        payment: {
          entity: {
            id: 'pay_SANDBOX0000001',
            entity: 'payment',
            amount: 36_000,
            currency: 'INR',
            status: 'captured',
            captured: true,
            order_id: 'order_SANDBOX0000001',
            method: 'upi',
            vpa: 'success@razorpay',
            email: 'asha@example.in',
            contact: '+919876543210',
            notes: { userId: 'u1' },
            // 2 % of ₹360 = ₹7.20, plus 18 % GST on it = ₹1.30 (129.6 paise rounded): ₹8.50
            fee: 850,
            tax: 130,
          },
        },
      },
    });
    expect(sandbox.webhooks).toEqual([expect.objectContaining({ status: 200, event: 'payment.captured' })]);
  });

  it('uses an absolute webhookUrl as given and records a failed delivery without failing the payment', async () => {
    const fetch = vi.fn(async () => {
      throw new TypeError('fetch failed');
    });
    const log = vi.fn();
    const { createOrder, pay, sandbox } = setup({
      webhookUrl: 'http://127.0.0.1:9/hook',
      webhookSecret: 'whsec_custom',
      fetch: fetch as unknown as typeof globalThis.fetch,
      log,
    });
    await createOrder(ORDER_BODY);
    expect((await pay({ order_id: 'order_SANDBOX0000001' })).status).toBe(200);
    await sandbox.settled();
    expect(sandbox.webhooks[0]).toMatchObject({ url: 'http://127.0.0.1:9/hook', status: null, error: 'fetch failed' });
    expect(sandbox.webhooks[0]?.signature).toBe(hmacHex('whsec_custom', sandbox.webhooks[0]!.body));
    expect(log).toHaveBeenCalled();
  });

  it('sends nothing for a failed payment', async () => {
    const fetch = vi.fn(async () => new Response('{}'));
    const { createOrder, pay, sandbox } = setup({ webhookUrl: LOCAL_RAZORPAY_WEBHOOK_PATH, fetch });
    await createOrder(ORDER_BODY);
    await pay({ order_id: 'order_SANDBOX0000001', vpa: 'failure@razorpay' });
    await sandbox.settled();
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe('hmacHex against OpenSSL', () => {
  it.each<[string, string, string]>([
    // printf '%s' 'order_IEIaMR65cu6nz3|pay_IH4NVgf4Dreq1l' | openssl dgst -sha256 -hmac 'test_key_secret_0001'
    [
      'test_key_secret_0001',
      'order_IEIaMR65cu6nz3|pay_IH4NVgf4Dreq1l',
      'e865d4a46f21807570e95c486075b49412ae958545a6f0b82c89cfc4a3bf533c',
    ],
    // printf '%s' '{"event":"payment.failed"}' | openssl dgst -sha256 -hmac 'whsec_test_0001'
    [
      'whsec_test_0001',
      '{"event":"payment.failed"}',
      '697ff77a789414413b116c4a9106bd9ed952a7a56d1fbcee23e995063af8c154',
    ],
  ])('HMAC-SHA256(%s, %s)', (secret, message, hex) => {
    expect(hmacHex(secret, message)).toBe(hex);
  });
});

describe('secrets for the razorpay function', () => {
  it('names the key, the webhook secret and the API base under the API URL', () => {
    const sandbox = createRazorpaySandbox({
      keyId: LOCAL_RAZORPAY_KEY_ID,
      keySecret: LOCAL_RAZORPAY_KEY_SECRET,
      apiUrl: 'http://127.0.0.1:54321/',
    });
    expect(sandbox.secrets).toEqual({
      RAZORPAY_KEY_ID: 'rzp_test_bahilocal0001',
      RAZORPAY_KEY_SECRET: LOCAL_RAZORPAY_KEY_SECRET,
      RAZORPAY_WEBHOOK_SECRET: LOCAL_RAZORPAY_WEBHOOK_SECRET,
      RAZORPAY_API_BASE: 'http://127.0.0.1:54321/razorpay-sandbox',
    });
    expect(sandbox.secretsFor('http://localhost:4000').RAZORPAY_API_BASE).toBe(
      'http://localhost:4000/razorpay-sandbox',
    );
    expect(LOCAL_RAZORPAY_KEY_ID).toMatch(/^rzp_test_/);
  });
});
