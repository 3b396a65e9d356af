// The SQL of supabase/migrations/20261121100000_billing_activation.sql on PGlite (PostgreSQL 18 in WASM), with
// Supabase's roles, the project's migrations and seed (the schema tests' harness, imported read-only).
//
// Expected end dates are worked by hand in India time (IST = UTC+05:30). Dates far in the future keep the
// "extend from a future end_date" cases independent of today's date.
//
// PGlite has one connection and runs transactions one after another, so "at once" here means two calls issued
// together that the database serialises; on a server PostgreSQL the same ordering comes from the order row's
// `for update` lock and the per-user advisory lock.

import type { Database } from '@bahi/supabase-local';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anon, bootDatabase, commitAs, createUser, service, sqlstate, user } from '../../tests/support/db.ts';
import { fakeAuth, fakeRazorpay } from './fakes.test-support.ts';
import { createHandler } from './handler.ts';
import { addPeriod } from './period.ts';
import { parseActivation, parseCancel } from './supabase-adapters.ts';
import type { BillingStore, OrderRow } from './types.ts';

let db: Database;
let seq = 0;

beforeAll(async () => {
  db = await bootDatabase();
}, 60_000);

afterAll(async () => {
  await db?.close();
});

type Json = Record<string, unknown>;
interface Sub {
  id: string;
  status: string;
  plan: string;
  end_date: string;
  cancelled_at: string | null;
  provider_subscription_id: string | null;
}
interface Answer {
  outcome: string;
  subscription: Sub | null;
}

const hex = (n: number, width: number) => n.toString(16).padStart(width, '0');

/** A fresh user (so the tests do not share subscriptions). */
async function newUser(): Promise<string> {
  seq++;
  const id = `b111${hex(seq, 4)}-0000-4000-8000-${hex(seq, 12)}`;
  await createUser(db, id, `billing${seq}@bahi.local`);
  return id;
}

async function newOrder(userId: string, plan: 'monthly' | 'yearly' = 'monthly', status = 'created') {
  seq++;
  const razorpayOrderId = `order_SQLTEST${hex(seq, 7)}`;
  const amount = plan === 'monthly' ? 36_000 : 324_000;
  const { rows } = await db.query<{ id: string }>(
    `insert into public.payment_orders (user_id, razorpay_order_id, plan, amount_paise, status, receipt)
     values ($1, $2, $3, $4, $5, 'test') returning id`,
    [userId, razorpayOrderId, plan, amount, status],
  );
  return { id: rows[0]!.id, razorpayOrderId, amount };
}

async function addSubscription(userId: string, endDate: string, extra: { cancelledAt?: string; status?: string } = {}) {
  seq++;
  const { rows } = await db.query<{ id: string }>(
    `insert into public.subscriptions (user_id, status, plan, provider, provider_subscription_id, end_date, cancelled_at)
     values ($1, $2, 'monthly', 'razorpay', $3, $4, $5) returning id`,
    [userId, extra.status ?? 'active', `order_OLDSUB${hex(seq, 8)}`, endDate, extra.cancelledAt ?? null],
  );
  return rows[0]!.id;
}

function record(
  orderId: string,
  paymentId: string,
  amount: number,
  options: { status?: 'authorized' | 'captured'; verified?: boolean } = {},
): Promise<Answer> {
  return commitAs<{ r: Answer }>(db, service, 'select public.record_verified_payment($1, $2, $3, $4, $5, $6) as r', [
    orderId,
    paymentId,
    amount,
    { test: true },
    options.status ?? 'authorized',
    options.verified ?? true,
  ]).then((rows) => rows[0]!.r);
}

function cancel(userId: string, providerId: string | null = null): Promise<Answer> {
  return commitAs<{ r: Answer }>(db, service, 'select public.cancel_subscription($1, $2) as r', [
    userId,
    providerId,
  ]).then((rows) => rows[0]!.r);
}

const subscriptionsOf = async (userId: string) =>
  (
    await db.query<Sub & Json>(
      `select id, status, plan, provider_subscription_id,
              to_char(end_date at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as end_date,
              cancelled_at::text as cancelled_at
       from public.subscriptions where user_id = $1 order by created_at`,
      [userId],
    )
  ).rows;
const paymentsOf = async (userId: string) =>
  (
    await db.query<{ razorpay_payment_id: string; status: string; verified: boolean }>(
      `select razorpay_payment_id, status, signature_verified_at is not null as verified
       from public.payments where user_id = $1 order by created_at`,
      [userId],
    )
  ).rows;
const orderStatus = async (id: string) =>
  (await db.query<{ status: string }>('select status from public.payment_orders where id = $1', [id])).rows[0]?.status;

describe('private.add_billing_period: calendar months and years in India time', () => {
  it.each<[string, string, string, string]>([
    // 21 Nov 2026 15:30 IST + 1 month = 21 Dec 2026 15:30 IST
    ['2026-11-21T10:00:00.000Z', 'monthly', '2026-12-21T10:00:00.000Z', 'an ordinary month'],
    // 31 Jan 2099 00:00 IST (30 Jan in UTC) + 1 month = 28 Feb 2099 00:00 IST; in UTC it would be 28 Feb 18:30
    ['2099-01-30T18:30:00.000Z', 'monthly', '2099-02-27T18:30:00.000Z', 'month-end clamped, IST date'],
    // 31 Jan 2028 17:30 IST + 1 month = 29 Feb 2028 17:30 IST (leap year)
    ['2028-01-31T12:00:00.000Z', 'monthly', '2028-02-29T12:00:00.000Z', 'leap February'],
    // 31 Mar 2027 00:30 IST + 1 month = 30 Apr 2027 00:30 IST; UTC arithmetic would give 30 Apr 19:00 UTC
    ['2027-03-30T19:00:00.000Z', 'monthly', '2027-04-29T19:00:00.000Z', 'IST day differs from UTC day'],
    // 15 Dec 2026 12:00 IST + 1 month = 15 Jan 2027 12:00 IST (year rolls over)
    ['2026-12-15T06:30:00.000Z', 'monthly', '2027-01-15T06:30:00.000Z', 'December to January'],
    // 29 Feb 2028 12:00 IST + 1 year = 28 Feb 2029 12:00 IST
    ['2028-02-29T06:30:00.000Z', 'yearly', '2029-02-28T06:30:00.000Z', 'a year from 29 Feb'],
    // 5 Dec 2026 05:30 IST + 1 year = 5 Dec 2027 05:30 IST
    ['2026-12-05T00:00:00.000Z', 'yearly', '2027-12-05T00:00:00.000Z', 'an ordinary year'],
  ])('%s + %s = %s (%s)', async (from, plan, expected) => {
    const { rows } = await db.query<{ v: string }>(
      `select to_char(private.add_billing_period($1::timestamptz, $2) at time zone 'UTC',
                      'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as v`,
      [from, plan],
    );
    expect(rows[0]?.v).toBe(expected);
    // …and period.ts counts the same way.
    expect(addPeriod(new Date(from), plan === 'yearly' ? 'year' : 'month').toISOString()).toBe(expected);
  });
});

describe('record_verified_payment', () => {
  it('starts a new subscription from now for a user without one, and marks the order paid', async () => {
    const u = await newUser();
    const order = await newOrder(u, 'monthly');
    // now() is the transaction's start: read it in the same transaction as the call.
    const [row] = await db.transaction(async (tx) => {
      await tx.exec('set local role service_role');
      return (
        await tx.query<{ r: Answer; now: Date }>(
          `select public.record_verified_payment($1, 'pay_SQLNEW0000001', 36000, '{}'::jsonb) as r, now() as now`,
          [order.id],
        )
      ).rows;
    });
    expect(row?.r.outcome).toBe('activated');
    expect(row?.r.subscription).toMatchObject({
      status: 'active',
      plan: 'monthly',
      provider_subscription_id: order.razorpayOrderId,
      cancelled_at: null,
      end_date: addPeriod(row!.now, 'month').toISOString(),
    });
    expect(await orderStatus(order.id)).toBe('paid');
    expect(await paymentsOf(u)).toEqual([
      { razorpay_payment_id: 'pay_SQLNEW0000001', status: 'authorized', verified: true },
    ]);
  });

  it('extends a running subscription from its future end_date, month-end clamped, in the same row', async () => {
    const u = await newUser();
    const subId = await addSubscription(u, '2099-01-30T18:30:00.000Z'); // 31 Jan 2099 00:00 IST
    const order = await newOrder(u, 'monthly');
    const answer = await record(order.id, 'pay_SQLEXT0000001', 36_000);
    expect(answer.outcome).toBe('activated');
    // 31 Jan 2099 00:00 IST + 1 month = 28 Feb 2099 00:00 IST = 27 Feb 18:30 UTC
    expect(answer.subscription).toMatchObject({ id: subId, status: 'active', end_date: '2099-02-27T18:30:00.000Z' });
    const subs = await subscriptionsOf(u);
    expect(subs).toHaveLength(1);
    expect(subs[0]?.provider_subscription_id).toMatch(/^order_OLDSUB/);
  });

  it('extends a cancelled but running subscription and clears cancelled_at (subscribed again)', async () => {
    const u = await newUser();
    await addSubscription(u, '2096-02-29T06:30:00.000Z', { cancelledAt: '2026-11-01T00:00:00Z' }); // 29 Feb 2096 12:00 IST
    const order = await newOrder(u, 'yearly');
    const answer = await record(order.id, 'pay_SQLREN0000001', 324_000);
    // 29 Feb 2096 12:00 IST + 1 year = 28 Feb 2097 12:00 IST
    expect(answer.subscription).toMatchObject({
      status: 'active',
      plan: 'yearly',
      end_date: '2097-02-28T06:30:00.000Z',
      cancelled_at: null,
    });
    expect((await subscriptionsOf(u))[0]?.cancelled_at).toBeNull();
  });

  it('leaves an ended subscription alone and starts a new row', async () => {
    const u = await newUser();
    await addSubscription(u, '2026-01-01T00:00:00.000Z');
    const order = await newOrder(u, 'monthly');
    expect((await record(order.id, 'pay_SQLOLD0000001', 36_000)).outcome).toBe('activated');
    const subs = await subscriptionsOf(u);
    expect(subs).toHaveLength(2);
    expect(subs[0]?.end_date).toBe('2026-01-01T00:00:00.000Z');
  });

  it('is a no-op on replay: the same answer, one payment, one extension', async () => {
    const u = await newUser();
    await addSubscription(u, '2099-06-10T00:00:00.000Z'); // 10 Jun 2099 05:30 IST
    const order = await newOrder(u, 'monthly');
    const first = await record(order.id, 'pay_SQLREP0000001', 36_000);
    const replay = await record(order.id, 'pay_SQLREP0000001', 36_000);
    expect(first.outcome).toBe('activated');
    expect(replay.outcome).toBe('already_recorded');
    // 10 Jun 2099 05:30 IST + 1 month = 10 Jul 2099 05:30 IST, once
    expect(replay.subscription?.end_date).toBe('2099-07-10T00:00:00.000Z');
    expect(replay.subscription).toEqual(first.subscription);
    expect(await paymentsOf(u)).toHaveLength(1);
  });

  it('extends once when two verifications of the same payment arrive at once', async () => {
    const u = await newUser();
    await addSubscription(u, '2099-03-31T00:00:00.000Z'); // 31 Mar 2099 05:30 IST
    const order = await newOrder(u, 'monthly');
    const answers = await Promise.all([
      record(order.id, 'pay_SQLCON0000001', 36_000),
      record(order.id, 'pay_SQLCON0000001', 36_000),
    ]);
    expect(answers.map((a) => a.outcome).sort()).toEqual(['activated', 'already_recorded']);
    // 31 Mar 2099 05:30 IST + 1 month = 30 Apr 2099 05:30 IST (clamped), not 30 May
    expect((await subscriptionsOf(u)).map((s) => s.end_date)).toEqual(['2099-04-30T00:00:00.000Z']);
    expect(await paymentsOf(u)).toHaveLength(1);
  });

  it('extends once when the webhook and the browser record the same payment at once', async () => {
    const u = await newUser();
    const order = await newOrder(u, 'monthly');
    const answers = await Promise.all([
      record(order.id, 'pay_SQLWHK0000001', 36_000, { status: 'captured', verified: false }),
      record(order.id, 'pay_SQLWHK0000001', 36_000, { status: 'authorized', verified: true }),
    ]);
    expect(answers.map((a) => a.outcome).sort()).toEqual(['activated', 'already_recorded']);
    expect(await subscriptionsOf(u)).toHaveLength(1);
    // Whoever came second added what it knew: captured, and the verified signature.
    expect(await paymentsOf(u)).toEqual([
      { razorpay_payment_id: 'pay_SQLWHK0000001', status: 'captured', verified: true },
    ]);
  });

  it('refuses without writing: another payment on a paid order, a payment of another order, a wrong amount, a closed or unknown order', async () => {
    const u = await newUser();
    const paid = await newOrder(u, 'monthly');
    const other = await newOrder(u, 'monthly');
    const failed = await newOrder(u, 'monthly', 'failed');
    await record(paid.id, 'pay_SQLREF0000001', 36_000);
    const before = await subscriptionsOf(u);

    expect((await record(paid.id, 'pay_SQLREF0000002', 36_000)).outcome).toBe('order_paid');
    expect((await record(other.id, 'pay_SQLREF0000001', 36_000)).outcome).toBe('payment_used');
    expect((await record(other.id, 'pay_SQLREF0000003', 100)).outcome).toBe('amount_mismatch');
    expect((await record(failed.id, 'pay_SQLREF0000004', 36_000)).outcome).toBe('order_closed');
    expect((await record('00000000-0000-4000-8000-000000000000', 'pay_SQLREF0000005', 36_000)).outcome).toBe(
      'order_not_found',
    );

    expect(await subscriptionsOf(u)).toEqual(before);
    expect((await paymentsOf(u)).map((p) => p.razorpay_payment_id)).toEqual(['pay_SQLREF0000001']);
    expect(await orderStatus(other.id)).toBe('created');
  });

  it('is executable by service_role only', async () => {
    const u = await newUser();
    const order = await newOrder(u);
    const call = 'select public.record_verified_payment($1, $2, 36000, null)';
    for (const caller of [anon, user(u)]) {
      expect(await sqlstate(commitAs(db, caller, call, [order.id, 'pay_SQLPRV0000001']))).toBe('42501');
    }
    expect(await paymentsOf(u)).toHaveLength(0);
  });

  it('refuses an end user even where EXECUTE was granted by mistake', async () => {
    const u = await newUser();
    const order = await newOrder(u);
    const signature = 'public.record_verified_payment(uuid, text, integer, jsonb, text, boolean)';
    await db.exec(`grant execute on function ${signature} to authenticated`);
    try {
      const call = 'select public.record_verified_payment($1, $2, 36000, null)';
      expect(await sqlstate(commitAs(db, user(u), call, [order.id, 'pay_SQLPRV0000002']))).toBe('42501');
      expect(await paymentsOf(u)).toHaveLength(0);
      expect(await orderStatus(order.id)).toBe('created');
    } finally {
      await db.exec(`revoke execute on function ${signature} from authenticated`);
    }
  });
});

describe('cancel_subscription', () => {
  it('keeps status active and end_date, sets cancelled_at; the spec access check still finds it', async () => {
    const u = await newUser();
    const subId = await addSubscription(u, '2099-05-05T00:00:00.000Z');
    const providerId = (await subscriptionsOf(u))[0]!.provider_subscription_id;
    const answer = await cancel(u, providerId);
    expect(answer.outcome).toBe('cancelled');
    expect(answer.subscription).toMatchObject({ id: subId, status: 'active', end_date: '2099-05-05T00:00:00.000Z' });
    expect(answer.subscription?.cancelled_at).toEqual(expect.any(String));
    // The app's access check: status active, newest first, end_date in the future.
    const access = await commitAs<{ id: string }>(
      db,
      user(u),
      `select id from public.subscriptions where user_id = $1 and status = 'active' and end_date > now()
       order by created_at desc limit 1`,
      [u],
    );
    expect(access.map((r) => r.id)).toEqual([subId]);
  });

  it('is idempotent: cancelling twice changes nothing the second time', async () => {
    const u = await newUser();
    await addSubscription(u, '2099-05-05T00:00:00.000Z');
    const first = await cancel(u);
    const second = await cancel(u);
    expect(first.outcome).toBe('cancelled');
    expect(second.outcome).toBe('already_cancelled');
    expect(second.subscription).toEqual(first.subscription);
  });

  it("refuses another user's subscription and changes nothing", async () => {
    const owner = await newUser();
    const intruder = await newUser();
    await addSubscription(owner, '2099-05-05T00:00:00.000Z');
    const providerId = (await subscriptionsOf(owner))[0]!.provider_subscription_id;
    expect(await cancel(intruder, providerId)).toEqual({ outcome: 'not_yours', subscription: null });
    expect((await subscriptionsOf(owner))[0]?.cancelled_at).toBeNull();
  });

  it('answers not_found when nothing runs, not_active for an ended one', async () => {
    const u = await newUser();
    expect((await cancel(u)).outcome).toBe('not_found');
    expect((await cancel(u, 'order_NOSUCH000001')).outcome).toBe('not_found');
    await addSubscription(u, '2026-01-01T00:00:00.000Z');
    const ended = (await subscriptionsOf(u))[0]!.provider_subscription_id;
    expect((await cancel(u, ended)).outcome).toBe('not_active');
    expect((await cancel(u)).outcome).toBe('not_found');
  });

  it('is executable by service_role only', async () => {
    const u = await newUser();
    await addSubscription(u, '2099-05-05T00:00:00.000Z');
    for (const caller of [anon, user(u)]) {
      expect(await sqlstate(commitAs(db, caller, 'select public.cancel_subscription($1)', [u]))).toBe('42501');
    }
    expect((await subscriptionsOf(u))[0]?.cancelled_at).toBeNull();
  });

  it('refuses an end user even where EXECUTE was granted by mistake', async () => {
    const u = await newUser();
    await addSubscription(u, '2099-05-05T00:00:00.000Z');
    await db.exec('grant execute on function public.cancel_subscription(uuid, text) to authenticated');
    try {
      const call = 'select public.cancel_subscription($1)';
      expect(await sqlstate(commitAs(db, user(u), call, [u]))).toBe('42501');
      expect((await subscriptionsOf(u))[0]?.cancelled_at).toBeNull();
    } finally {
      await db.exec('revoke execute on function public.cancel_subscription(uuid, text) from authenticated');
    }
  });
});

/** The handler's store on the SQL: what createSupabaseStore does through PostgREST, as service_role. */
function sqlStore(): BillingStore {
  const columns = 'id, user_id, razorpay_order_id, plan, amount_paise, currency, status, receipt';
  return {
    async insertOrder(row) {
      const rows = await commitAs<OrderRow>(
        db,
        service,
        `insert into public.payment_orders (user_id, razorpay_order_id, plan, amount_paise, currency, status, receipt)
         values ($1, $2, $3, $4, $5, $6, $7) returning ${columns}`,
        [row.user_id, row.razorpay_order_id, row.plan, row.amount_paise, row.currency, row.status, row.receipt],
      );
      return rows[0]!;
    },
    async findOrder(razorpayOrderId) {
      const rows = await commitAs<OrderRow>(
        db,
        service,
        `select ${columns} from public.payment_orders where razorpay_order_id = $1`,
        [razorpayOrderId],
      );
      return rows[0] ?? null;
    },
    async recordPayment(p) {
      const rows = await commitAs<{ r: unknown }>(
        db,
        service,
        'select public.record_verified_payment($1, $2, $3, $4, $5, $6) as r',
        [p.orderId, p.razorpayPaymentId, p.amountPaise, p.raw, p.status, p.signatureVerified],
      );
      return parseActivation(rows[0]?.r);
    },
    async cancelSubscription(userId, providerId) {
      const rows = await commitAs<{ r: unknown }>(db, service, 'select public.cancel_subscription($1, $2) as r', [
        userId,
        providerId ?? null,
      ]);
      return parseCancel(rows[0]?.r);
    },
  };
}

describe('the razorpay handler on this SQL', () => {
  // printf '%s' 'order_SQLHANDLER0001|pay_SQLHANDLER0001' | openssl dgst -sha256 -hmac 'test_key_secret_0001'
  const SIGNATURE = 'd5d07dea6bdb06780d32bb1de80549e17eae42d506e45cb9bbe822d6f2755556';

  async function handlerFor(a: string, b: string) {
    const handler = createHandler({
      auth: fakeAuth({ 'token-a': { id: a }, 'token-b': { id: b } }),
      store: sqlStore(),
      razorpay: fakeRazorpay(['order_SQLHANDLER0001']),
      secrets: { keyId: 'rzp_test_key', keySecret: 'test_key_secret_0001', webhookSecret: 'whsec_test_0001' },
      log: () => {},
    });
    return async (body: unknown, token = 'token-a') => {
      const response = await handler(
        new Request('http://127.0.0.1:54321/functions/v1/razorpay', {
          method: 'POST',
          headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
          body: JSON.stringify(body),
        }),
      );
      return { status: response.status, body: (await response.json()) as Json };
    };
  }

  it('verifies twice at once, extends once; the other user cannot cancel; the owner cancels twice', async () => {
    const a = await newUser();
    const b = await newUser();
    await addSubscription(a, '2099-08-31T18:30:00.000Z'); // 1 Sep 2099 00:00 IST
    const call = await handlerFor(a, b);
    expect((await call({ action: 'create-order', planType: 'monthly', currency: 'INR' })).status).toBe(200);
    const verify = {
      action: 'verify-payment',
      razorpay_order_id: 'order_SQLHANDLER0001',
      razorpay_payment_id: 'pay_SQLHANDLER0001',
      razorpay_signature: SIGNATURE,
    };
    const [first, second] = await Promise.all([call(verify), call(verify)]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect([first.body.already_verified, second.body.already_verified].sort()).toEqual([false, true]);
    // 1 Sep 2099 00:00 IST + 1 month = 1 Oct 2099 00:00 IST
    expect(first.body.subscription).toMatchObject({ status: 'active', end_date: '2099-09-30T18:30:00.000Z' });
    expect(second.body.subscription).toEqual(first.body.subscription);

    const providerId = (first.body.subscription as Sub).provider_subscription_id;
    const intruder = await call({ action: 'cancel-subscription', razorpay_subscription_id: providerId }, 'token-b');
    expect(intruder).toEqual({ status: 403, body: { error: 'This subscription belongs to another user' } });
    expect((await subscriptionsOf(a))[0]?.cancelled_at).toBeNull();

    const cancelled = await call({ action: 'cancel-subscription' });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.subscription).toMatchObject({ status: 'active', end_date: '2099-09-30T18:30:00.000Z' });
    const again = await call({ action: 'cancel-subscription', razorpay_subscription_id: providerId });
    expect(again).toEqual(cancelled);
  });
});
