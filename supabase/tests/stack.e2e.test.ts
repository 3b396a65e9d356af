// The project's Supabase adapters (@bahi/auth-machine/supabase, @bahi/billing/supabase) and the access machine,
// driven through the real local stack (@bahi/supabase-local over this folder: migrations, seed, the razorpay
// function and the Razorpay sandbox) with the unchanged supabase-js client. Nothing here is faked: only the
// machine's navigation and toast ports are recording objects, because they are the browser's, not Supabase's.
//
// The tests run in order and share one server: the bootstrap admin grants itself roles before a normal user asks
// about it, and the payment tests build on each other (pay, verify again, tamper, another user, cancel).
import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import {
  type AccessService,
  type AuthSession,
  type AuthUser,
  classifyRoute,
  createAccessMachine,
  MESSAGES,
  PATHS,
} from '@bahi/auth-machine';
import { createSupabasePorts } from '@bahi/auth-machine/supabase';
import { type BillingSession, PaymentsError, type PaymentsPort, type RazorpayPaymentResponse } from '@bahi/billing';
import { createSupabasePayments } from '@bahi/billing/supabase';
import {
  type Database,
  LOCAL_RAZORPAY_KEY_ID,
  LOCAL_RAZORPAY_KEY_SECRET,
  loadConfig,
  RAZORPAY_SANDBOX_PATH,
  type RunningServer,
  startServer,
} from '@bahi/supabase-local';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createActor, waitFor } from 'xstate';
import { bootstrappedDatabase, supabaseDir, testServerUrl } from './support/db';
import { ADMIN, DEMO } from './support/ids';

const DEMO_LOGIN = { email: 'demo@bahi.local', password: 'demo-trader-2026' };
const ADMIN_LOGIN = { email: 'admin@bahi.local', password: 'admin-bahi-2026' };
const PASSWORD = 'stack-e2e-password-2026';
const DAY_MS = 24 * 60 * 60 * 1000;

let server: RunningServer;
let serverDb: Database | undefined;

beforeAll(async () => {
  // The project's own supabase/ folder; no data folder, so the database is in memory (or, in the `supabase-pg`
  // project, a fresh database on the test server) and the server applies the migrations and the seed.
  if (testServerUrl()) serverDb = await bootstrappedDatabase();
  server = await startServer(await loadConfig({ workdir: join(supabaseDir, '..'), port: 0 }), { db: serverDb });
}, 60_000);

afterAll(async () => {
  await server?.stop();
  await serverDb?.close();
});

function newClient(key = server.anonKey): SupabaseClient {
  return createClient(server.url, key, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as never },
  });
}

/** A signed-in user: their own supabase-js client and the adapters over it. */
interface Account {
  id: string;
  user: AuthUser;
  client: SupabaseClient;
  access: AccessService;
  payments: PaymentsPort;
  billing: BillingSession;
}

async function signIn(credentials: { email: string; password: string }): Promise<Account> {
  const client = newClient();
  const ports = createSupabasePorts(client);
  const session: AuthSession = await ports.auth.signIn(credentials);
  const payments = createSupabasePayments(client);
  const billing = await payments.getSession();
  if (!billing) throw new Error(`no session after signing in ${credentials.email}`);
  return { id: session.user.id, user: session.user, client, access: ports.access, payments, billing };
}

/**
 * Creates a confirmed email account with the admin API (service_role key). With `olderThanADay`, moves its
 * `auth.users.created_at` two days back through the server's own database handle: a test-setup step, since no
 * API can age an account, and the 24-hour free window would otherwise let it in without a subscription.
 */
async function createAccount(email: string, options: { olderThanADay?: boolean } = {}): Promise<Account> {
  const { data, error } = await newClient(server.serviceRoleKey).auth.admin.createUser({
    email,
    password: PASSWORD,
    email_confirm: true,
  });
  if (error || !data.user) throw error ?? new Error(`could not create ${email}`);
  if (options.olderThanADay) {
    await server.db.query(`update auth.users set created_at = now() - interval '2 days' where id = $1`, [data.user.id]);
  }
  return signIn({ email, password: PASSWORD });
}

/** The route guard for `/dashboard` with the real access service; its browser ports only record. */
async function guardDashboard(account: Account) {
  const navigations: string[] = [];
  const toasts: string[] = [];
  const actor = createActor(
    createAccessMachine({
      access: account.access,
      clock: { now: () => Date.now() },
      navigation: { pathname: () => '/dashboard', navigate: (path) => navigations.push(path), reload: () => {} },
      notifier: { info: (message) => toasts.push(message), error: (message) => toasts.push(message) },
    }),
    { input: { routeClass: classifyRoute('/dashboard'), user: account.user } },
  ).start();
  try {
    // Real timers: the 300 ms guard delay, and without a subscription 3 attempts 600 ms and 1200 ms apart.
    const done = await waitFor(
      actor,
      (s) => s.matches('granted') || s.matches('subscriptionRequired') || s.matches('unavailable'),
      { timeout: 10_000 },
    );
    return { state: done.value, message: done.context.message, navigations, toasts };
  } finally {
    actor.stop();
  }
}

/** What a user's guard expects of `subscriptionRequired`: the spec's message as a toast and off to /subscription. */
const SENT_TO_SUBSCRIPTION = {
  state: 'subscriptionRequired',
  message: MESSAGES.subscriptionRequired,
  navigations: [PATHS.subscription],
  toasts: [MESSAGES.subscriptionRequired],
};
const GRANTED = { state: 'granted', message: null, navigations: [], toasts: [] };

/** The rejection of a promise (fails the test when it resolves). */
async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to be refused');
}

/** `t` plus one calendar month on India's wall clock (Asia/Kolkata), the day clamped to the month's last day. */
function oneMonthLaterInIndia(t: number): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: 'Asia/Kolkata',
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
      .formatToParts(t)
      .map((p) => [p.type, p.value]),
  );
  let year = Number(parts.year);
  let month = Number(parts.month) + 1; // 1-based
  if (month === 13) {
    month = 1;
    year += 1;
  }
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const day = Math.min(Number(parts.day), daysInMonth);
  const pad = (n: number) => String(n).padStart(2, '0');
  const ms = String(t % 1000).padStart(3, '0');
  return Date.parse(`${year}-${pad(month)}-${pad(day)}T${parts.hour}:${parts.minute}:${parts.second}.${ms}+05:30`);
}

describe('@bahi/auth-machine/supabase against the local stack', () => {
  let demo: Account;
  let fresh: Account;
  let admin: Account;

  beforeAll(async () => {
    demo = await signIn(DEMO_LOGIN);
    fresh = await createAccount('fresh.trader@bahi.local');
  });

  it('signs the demo trader in through the auth client port', () => {
    expect(demo.id).toBe(DEMO);
    expect(demo.user.email).toBe(DEMO_LOGIN.email);
    expect(demo.billing.accessToken).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  });

  it("finds the demo trader's active yearly subscription", async () => {
    const subscription = await demo.access.latestActiveSubscription(DEMO);
    expect(subscription).toMatchObject({ user_id: DEMO, status: 'active', plan: 'yearly' });
    expect(Date.parse(subscription?.end_date ?? '')).toBeGreaterThan(Date.now());
  });

  it('answers null for a user without a subscription (PostgREST 406 PGRST116 over the wire)', async () => {
    expect(await fresh.access.latestActiveSubscription(fresh.id)).toBeNull();
  });

  it('a fresh user is neither admin nor has free access', async () => {
    expect(await fresh.access.isAdmin(fresh.id)).toBe(false);
    expect(await fresh.access.hasFreeAccess(fresh.id)).toBe(false);
  });

  it('the bootstrap admin grants itself admin and free_user', async () => {
    admin = await signIn(ADMIN_LOGIN);
    expect(admin.id).toBe(ADMIN);
    expect(await admin.access.isAdmin(ADMIN)).toBe(false);
    await admin.access.addRole(ADMIN, 'admin');
    await admin.access.addRole(ADMIN, 'free_user');
    expect(await admin.access.isAdmin(ADMIN)).toBe(true);
    expect(await admin.access.hasFreeAccess(ADMIN)).toBe(true);
  });

  it('refuses a normal user who grants themselves admin, and they stay non-admin', async () => {
    const error = await rejection(fresh.access.addRole(fresh.id, 'admin'));
    // insufficient_privilege, which PostgREST answers with 403 for a signed-in caller; the port passes the status on.
    expect(error).toMatchObject({ code: '42501', message: 'permission denied to grant role admin', status: 403 });
    expect(await fresh.access.isAdmin(fresh.id)).toBe(false);
    expect(await fresh.access.hasFreeAccess(fresh.id)).toBe(false);
  });

  it('a normal user asking whether the admin is admin learns false', async () => {
    expect(await fresh.access.isAdmin(ADMIN)).toBe(false);
    expect(await admin.access.isAdmin(ADMIN)).toBe(true);
  });

  it('the access machine grants the demo trader a subscription route', async () => {
    expect(await guardDashboard(demo)).toEqual(GRANTED);
  });

  it('the access machine sends a user older than 24 h without a subscription to /subscription', async () => {
    const old = await createAccount('old.trader@bahi.local', { olderThanADay: true });
    expect(Date.now() - Date.parse(old.user.created_at)).toBeGreaterThan(DAY_MS);
    expect(await guardDashboard(old)).toEqual(SENT_TO_SUBSCRIPTION);
  });
});

describe('payment end to end: create order → sandbox checkout → verify → access', () => {
  let payer: Account;
  let other: Account;
  let paid: RazorpayPaymentResponse;
  let endDate: string;

  beforeAll(async () => {
    payer = await createAccount('payer@bahi.local', { olderThanADay: true });
    other = await createAccount('other.payer@bahi.local', { olderThanADay: true });
  });

  /** What the sandbox checkout page does on "Pay": POST its pay endpoint with the order and the app's key. */
  async function payOnSandbox(orderId: string, key: string, account: Account): Promise<Response> {
    return fetch(`${server.url}${RAZORPAY_SANDBOX_PATH}/checkout/pay`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        order_id: orderId,
        key,
        vpa: 'success@razorpay',
        email: account.user.email,
        contact: '',
      }),
    });
  }

  /** The order as Razorpay's Orders API reports it (HTTP Basic with the stack's test key). */
  async function sandboxOrder(orderId: string): Promise<unknown> {
    const basic = Buffer.from(`${LOCAL_RAZORPAY_KEY_ID}:${LOCAL_RAZORPAY_KEY_SECRET}`).toString('base64');
    const response = await fetch(`${server.url}${RAZORPAY_SANDBOX_PATH}/v1/orders/${orderId}`, {
      headers: { Authorization: `Basic ${basic}` },
    });
    expect(response.status).toBe(200);
    return response.json();
  }

  async function payments(account: Account) {
    const { data, error } = await account.client
      .from('payments')
      .select('razorpay_payment_id, status, signature_verified_at, amount_paise');
    if (error) throw error;
    return data;
  }

  /** A one-pixel PNG for the gallery bucket. */
  const PIXEL = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  );

  it('starts without access: the guard sends them to /subscription and the server refuses journal writes', async () => {
    expect(await payer.access.latestActiveSubscription(payer.id)).toBeNull();
    expect(await guardDashboard(payer)).toEqual(SENT_TO_SUBSCRIPTION);

    // Past the browser's guard, straight to the API: reading is allowed, writing is not.
    const read = await payer.client.from('playbooks').select('id');
    expect(read).toMatchObject({ status: 200, data: [] });
    const insert = await payer.client.from('playbooks').insert({ user_id: payer.id, name: 'Opening range' });
    expect(insert.status).toBe(403);
    expect(insert.error).toMatchObject({ code: '42501' });
    const upload = await payer.client.storage
      .from('gallery')
      .upload(`${payer.id}/setup.png`, PIXEL, { contentType: 'image/png' });
    expect(upload.error?.message).toMatch(/row-level security/);
    // Nor can they reach the schema behind the rule: only the config's [api] schemas are served.
    const rule = await payer.client.schema('access').from('subscriptions').select('end_date');
    expect(rule.status).toBe(406);
    expect(rule.error).toMatchObject({ code: 'PGRST106' });
  });

  it('pays the monthly plan and gets one calendar month of access', async () => {
    const order = await payer.payments.createOrder(
      { planType: 'monthly', amount: 360, currency: 'INR', email: payer.user.email ?? undefined },
      payer.billing,
    );
    expect(order).toMatchObject({
      keyId: LOCAL_RAZORPAY_KEY_ID,
      amountPaise: 36_000,
      currency: 'INR',
      notes: { userId: payer.id, planType: 'monthly' },
    });
    expect(order.orderId).toMatch(/^order_\w{14}$/);
    // The function created it on the sandbox's Orders API, at the server's price.
    expect(await sandboxOrder(order.orderId)).toMatchObject({
      amount: 36_000,
      amount_paid: 0,
      currency: 'INR',
      status: 'created',
      notes: { userId: payer.id, planType: 'monthly' },
    });

    const before = Date.now();
    const answer = await payOnSandbox(order.orderId, order.keyId, payer);
    expect(answer.status).toBe(200);
    paid = (await answer.json()) as RazorpayPaymentResponse;
    expect(paid.razorpay_order_id).toBe(order.orderId);
    expect(await sandboxOrder(order.orderId)).toMatchObject({ amount_paid: 36_000, amount_due: 0, status: 'paid' });
    expect(paid.razorpay_payment_id).toMatch(/^pay_\w{14}$/);
    // Razorpay's signature: hex HMAC-SHA256 of order_id|payment_id under the key secret.
    expect(paid.razorpay_signature).toBe(
      createHmac('sha256', LOCAL_RAZORPAY_KEY_SECRET)
        .update(`${order.orderId}|${paid.razorpay_payment_id}`)
        .digest('hex'),
    );

    const verified = await payer.payments.verifyPayment(paid, payer.billing);
    const after = Date.now();
    // The sandbox also sends the signed payment.captured webhook, not awaited by the pay request (as Razorpay
    // does): usually it lands first and verify-payment answers alreadyVerified. Either order must extend once.

    const subscription = await payer.access.latestActiveSubscription(payer.id);
    expect(subscription).toMatchObject({
      user_id: payer.id,
      status: 'active',
      plan: 'monthly',
      provider_subscription_id: order.orderId,
      cancelled_at: null,
    });
    if (!subscription?.end_date) throw new Error('no end_date');
    endDate = subscription.end_date;
    // Started at activation (between paying and the verify answer) and runs one calendar month in India time.
    const started = Date.parse(subscription.created_at);
    expect(started).toBeGreaterThanOrEqual(before - 1);
    expect(started).toBeLessThanOrEqual(after);
    expect(Date.parse(endDate)).toBe(oneMonthLaterInIndia(started));
    expect(Date.parse(verified.endDate ?? '')).toBe(Date.parse(endDate));
  });

  it('records the payment once, captured by the webhook and signature-verified by verify-payment', async () => {
    // The webhook is not awaited by the pay request (as with Razorpay): wait until it has been recorded.
    const deadline = Date.now() + 5_000;
    let rows = await payments(payer);
    while (rows[0]?.status !== 'captured' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      rows = await payments(payer);
    }
    expect(rows).toEqual([
      {
        razorpay_payment_id: paid.razorpay_payment_id,
        status: 'captured',
        signature_verified_at: expect.any(String),
        amount_paise: 36_000,
      },
    ]);
    // Webhook and verify-payment together extended once: one subscription, one month.
    const { data: subscriptions } = await payer.client.from('subscriptions').select('plan, status, end_date');
    expect(subscriptions).toEqual([{ plan: 'monthly', status: 'active', end_date: endDate }]);
  });

  it('the access machine now grants the payer, and the server accepts their journal writes', async () => {
    expect(await guardDashboard(payer)).toEqual(GRANTED);
    const insert = await payer.client
      .from('playbooks')
      .insert({ user_id: payer.id, name: 'Opening range' })
      .select('name')
      .single();
    expect(insert).toMatchObject({ status: 201, data: { name: 'Opening range' } });
    const upload = await payer.client.storage
      .from('gallery')
      .upload(`${payer.id}/setup.png`, PIXEL, { contentType: 'image/png' });
    expect(upload.error).toBeNull();
  });

  it('verifying the same payment again changes nothing', async () => {
    const again = await payer.payments.verifyPayment(paid, payer.billing);
    expect(again).toEqual({ endDate: new Date(endDate).toISOString(), alreadyVerified: true });
    expect((await payer.access.latestActiveSubscription(payer.id))?.end_date).toBe(endDate);
    expect(await payments(payer)).toHaveLength(1);
  });

  it('refuses a tampered signature and grants nothing', async () => {
    const last = paid.razorpay_signature.at(-1) === '0' ? '1' : '0';
    const tampered = { ...paid, razorpay_signature: `${paid.razorpay_signature.slice(0, -1)}${last}` };
    const error = await rejection(payer.payments.verifyPayment(tampered, payer.billing));
    expect(error).toBeInstanceOf(PaymentsError);
    expect(error).toMatchObject({ kind: 'rejected', status: 400, message: 'Invalid payment signature' });

    // A second, unpaid order with the first payment's genuine id and signature (signed for the first order).
    const unpaid = await payer.payments.createOrder(
      { planType: 'monthly', amount: 360, currency: 'INR' },
      payer.billing,
    );
    const replayed = { ...paid, razorpay_order_id: unpaid.orderId };
    expect(await rejection(payer.payments.verifyPayment(replayed, payer.billing))).toMatchObject({
      kind: 'rejected',
      status: 400,
      message: 'Invalid payment signature',
    });
    const { data: orders } = await payer.client
      .from('payment_orders')
      .select('razorpay_order_id, status')
      .eq('razorpay_order_id', unpaid.orderId);
    expect(orders).toEqual([{ razorpay_order_id: unpaid.orderId, status: 'created' }]);
    expect((await payer.access.latestActiveSubscription(payer.id))?.end_date).toBe(endDate);
    expect(await payments(payer)).toHaveLength(1);
  });

  it("another user cannot verify the payer's order", async () => {
    const error = await rejection(other.payments.verifyPayment(paid, other.billing));
    expect(error).toBeInstanceOf(PaymentsError);
    expect(error).toMatchObject({ kind: 'rejected', status: 403, message: 'This order belongs to another user' });
    expect(await other.access.latestActiveSubscription(other.id)).toBeNull();
    expect(await payments(other)).toEqual([]);
    expect((await payer.access.latestActiveSubscription(payer.id))?.end_date).toBe(endDate);
  });

  it('cancelling keeps access until the paid end_date', async () => {
    const before = Date.now();
    const cancelled = await payer.payments.cancelSubscription({}, payer.billing);
    expect(cancelled.endDate && Date.parse(cancelled.endDate)).toBe(Date.parse(endDate));
    expect(Date.parse(cancelled.cancelledAt ?? '')).toBeGreaterThanOrEqual(before - 1);

    const subscription = await payer.access.latestActiveSubscription(payer.id);
    expect(subscription).toMatchObject({ status: 'active', end_date: endDate, cancelled_at: expect.any(String) });
    expect(Date.parse((subscription as unknown as { cancelled_at: string }).cancelled_at)).toBe(
      Date.parse(cancelled.cancelledAt ?? ''),
    );
    expect(await guardDashboard(payer)).toEqual(GRANTED);
  });
});

describe('the assistant function: the server decides who may ask the model, and how often', () => {
  const QUOTA = 2;
  const env = {
    ASSISTANT_API_URL: '',
    ASSISTANT_API_KEY: 'sk-stack-test',
    ASSISTANT_MODEL: 'stack-test-model',
    ASSISTANT_DAILY_QUOTA: String(QUOTA),
  };
  let modelServer: Server;
  let questionsToModel = 0;
  let paidTrader: Account;
  let lapsed: Account;

  beforeAll(async () => {
    // An OpenAI-compatible model that counts what reaches it.
    modelServer = createServer((req, res) => {
      req.resume().on('end', () => {
        questionsToModel += 1;
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify({ choices: [{ message: { role: 'assistant', content: 'ORB is your best setup.' } }] }));
      });
    });
    await new Promise<void>((resolve) => modelServer.listen(0, '127.0.0.1', resolve));
    env.ASSISTANT_API_URL = `http://127.0.0.1:${(modelServer.address() as AddressInfo).port}/v1`;
    // The local stack's functions read process.env after their own .env; the assistant loads on its first call.
    Object.assign(process.env, env);
    paidTrader = await signIn(DEMO_LOGIN);
    lapsed = await createAccount('lapsed.assistant@bahi.local', { olderThanADay: true });
  });

  afterAll(async () => {
    for (const name of Object.keys(env)) delete process.env[name];
    await new Promise((resolve) => modelServer?.close(resolve));
  });

  async function ask(
    account: Account,
  ): Promise<{ status: number; body: Record<string, unknown>; retryAfter: string | null }> {
    const { data } = await account.client.auth.getSession();
    const response = await fetch(`${server.url}/functions/v1/assistant`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${data.session?.access_token}`,
        apikey: server.anonKey,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({ question: 'What are my best setups?', context: { figures: [] } }),
    });
    return {
      status: response.status,
      body: (await response.json()) as Record<string, unknown>,
      retryAfter: response.headers.get('Retry-After'),
    };
  }

  it('refuses a trader without access, before the model is asked', async () => {
    expect(await ask(lapsed)).toMatchObject({
      status: 403,
      body: { error: 'subscription_required', message: 'A subscription is required to access this feature.' },
    });
    expect(questionsToModel).toBe(0);
  });

  it(`answers a paying trader ${QUOTA} times a day, then 429 until midnight IST`, async () => {
    for (let i = 0; i < QUOTA; i++)
      expect(await ask(paidTrader)).toMatchObject({ status: 200, body: { answer: 'ORB is your best setup.' } });
    const over = await ask(paidTrader);
    expect(over).toMatchObject({
      status: 429,
      body: {
        error: 'daily_quota_reached',
        message: `You have asked the AI model ${QUOTA} questions today, the daily limit. It resets at midnight IST.`,
      },
    });
    expect(Number(over.retryAfter)).toBeGreaterThan(0);
    expect(Number(over.retryAfter)).toBeLessThanOrEqual(DAY_MS / 1000);
    expect(questionsToModel).toBe(QUOTA);
  });
});
