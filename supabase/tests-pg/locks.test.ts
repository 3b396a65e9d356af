// On a server, billing calls really do run at the same time (PGlite runs one transaction after another). These
// hold one transaction open at its lock and watch the other wait for it, then check the answers.
import type { Database, Queryable } from '@bahi/supabase-local';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootDatabase, commitAs, createUser, service } from '../tests/support/db';

let db: Database;

beforeAll(async () => {
  db = await bootDatabase();
}, 60_000);

afterAll(async () => {
  await db?.close();
});

interface Answer {
  outcome: string;
  subscription: { end_date: string; cancelled_at: string | null } | null;
}

const USER = '10c4ed00-0000-4000-8000-000000000001';
const PAY = 'select public.record_verified_payment($1, $2, 36000, $3::jsonb) as r';
const CANCEL = 'select public.cancel_subscription($1) as r';

/** Runs `sql` as the server in a transaction that stays open (holding its locks) until `whileOpen` resolves. */
async function holding(sql: string, params: unknown[], whileOpen: () => Promise<void>): Promise<Answer> {
  return db.transaction(async (tx: Queryable) => {
    await tx.exec('set local role service_role');
    const answer = (await tx.query<{ r: Answer }>(sql, params)).rows[0]!.r;
    await whileOpen();
    return answer;
  });
}

/** Resolves once a backend of this database waits on a lock while running a statement that contains `fn`. */
async function waitsOnLock(fn: string): Promise<void> {
  for (let i = 0; i < 100; i++) {
    const { rows } = await db.query<{ n: number }>(
      `select count(*)::int as n from pg_stat_activity
       where datname = current_database() and wait_event_type = 'Lock' and query like '%' || $1 || '%'`,
      [fn],
    );
    if (rows[0]!.n > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no call to ${fn} waited on a lock`);
}

async function newOrder(n: number): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `insert into public.payment_orders (user_id, razorpay_order_id, plan, amount_paise) values ($1, $2, 'monthly', 36000)
     returning id`,
    [USER, `order_LOCKTEST000${n}`],
  );
  return rows[0]!.id;
}

describe('billing under real concurrency', () => {
  beforeAll(async () => {
    await createUser(db, USER, 'locks@bahi.local');
  });

  it('a second verification of a payment waits for the first, then answers already_recorded', async () => {
    const order = await newOrder(1);
    let second: Promise<Answer> | undefined;
    const first = await holding(PAY, [order, 'pay_LOCKTEST0001', {}], async () => {
      second = commitAs<{ r: Answer }>(db, service, PAY, [order, 'pay_LOCKTEST0001', {}]).then((r) => r[0]!.r);
      await waitsOnLock('record_verified_payment');
    });
    const answer = await second!;
    expect(first.outcome).toBe('activated');
    expect(answer.outcome).toBe('already_recorded');
    expect(answer.subscription).toEqual(first.subscription);
    const { rows } = await db.query('select 1 from public.subscriptions where user_id = $1', [USER]);
    expect(rows).toHaveLength(1);
  });

  it('a cancel arriving during a payment waits for it, then cancels the extended subscription', async () => {
    const order = await newOrder(2);
    let cancel: Promise<Answer> | undefined;
    const paid = await holding(PAY, [order, 'pay_LOCKTEST0002', {}], async () => {
      cancel = commitAs<{ r: Answer }>(db, service, CANCEL, [USER]).then((r) => r[0]!.r);
      await waitsOnLock('cancel_subscription');
    });
    const cancelled = await cancel!;
    expect(paid.outcome).toBe('activated');
    expect(cancelled.outcome).toBe('cancelled');
    expect(cancelled.subscription?.end_date).toBe(paid.subscription?.end_date);
    expect(cancelled.subscription?.cancelled_at).not.toBeNull();
  });
});
