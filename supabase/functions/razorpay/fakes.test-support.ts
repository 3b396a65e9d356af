// In-memory stand-ins for the handler's ports, for the unit tests.

import { extendEndDate } from './period.ts';
import type {
  ActivationResult,
  AuthPort,
  BillingStore,
  Caller,
  CancelResult,
  CreateRazorpayOrder,
  OrderRow,
  PaymentRow,
  RazorpayApiError,
  RazorpayOrder,
  RazorpayOrdersPort,
  RecordPayment,
  SubscriptionRow,
} from './types.ts';

export function fakeAuth(users: Record<string, Caller>): AuthPort & { calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    async getUser(token) {
      calls.push(token);
      if (token === 'auth-down') throw new Error('GoTrue unreachable');
      return users[token] ?? null;
    },
  };
}

export function fakeRazorpay(orderIds: string[]): RazorpayOrdersPort & {
  calls: CreateRazorpayOrder[];
  failWith: RazorpayApiError | null;
} {
  const ids = [...orderIds];
  const fake = {
    calls: [] as CreateRazorpayOrder[],
    failWith: null as RazorpayApiError | null,
    async createOrder(body: CreateRazorpayOrder): Promise<RazorpayOrder> {
      fake.calls.push(body);
      if (fake.failWith) throw fake.failWith;
      const id = ids.shift();
      if (!id) throw new Error('fakeRazorpay: no more order ids');
      return {
        id,
        entity: 'order',
        amount: body.amount,
        currency: body.currency,
        receipt: body.receipt,
        status: 'created',
        notes: body.notes,
      };
    },
  };
  return fake;
}

/**
 * The three tables in memory, with the semantics of public.record_verified_payment and public.cancel_subscription
 * (supabase/migrations/20261121100000_billing_activation.sql; the SQL itself is tested on PGlite in
 * activation.sql.test.ts). Each call runs without awaiting in between, so it is atomic like the transaction.
 */
export function fakeStore(clock: () => Date = () => new Date()) {
  let seq = 0;
  const nextId = (prefix: string) => `${prefix}-${++seq}`;
  const orders: OrderRow[] = [];
  const payments: PaymentRow[] = [];
  const subscriptions: SubscriptionRow[] = [];
  const copy = <T>(row: T | undefined): T | null => (row ? structuredClone(row) : null);
  const running = (userId: string, now: Date) =>
    subscriptions
      .filter((s) => s.user_id === userId && s.status === 'active' && Date.parse(s.end_date) > now.getTime())
      .sort((a, b) => Date.parse(b.end_date) - Date.parse(a.end_date))[0];
  const calls = { recordPayment: [] as RecordPayment[], cancelSubscription: [] as Array<[string, string?]> };

  const store: BillingStore = {
    async insertOrder(row) {
      const saved = { id: nextId('ord'), ...row };
      orders.push(saved);
      return structuredClone(saved);
    },
    async findOrder(razorpayOrderId) {
      return copy(orders.find((o) => o.razorpay_order_id === razorpayOrderId));
    },
    async recordPayment(input): Promise<ActivationResult> {
      calls.recordPayment.push(structuredClone(input));
      const now = clock();
      const order = orders.find((o) => o.id === input.orderId);
      if (!order) return { outcome: 'order_not_found', subscription: null };
      const existing = payments.find((p) => p.razorpay_payment_id === input.razorpayPaymentId);
      if (existing) {
        if (existing.order_id !== order.id) return { outcome: 'payment_used', subscription: null };
        if (input.status === 'captured') existing.status = 'captured';
        if (input.signatureVerified && !existing.signature_verified_at) {
          existing.signature_verified_at = now.toISOString();
        }
        return { outcome: 'already_recorded', subscription: copy(running(order.user_id, now)) };
      }
      if (order.status === 'paid') return { outcome: 'order_paid', subscription: null };
      if (order.status !== 'created') return { outcome: 'order_closed', subscription: null };
      if (input.amountPaise !== order.amount_paise) return { outcome: 'amount_mismatch', subscription: null };
      payments.push({
        id: nextId('pay'),
        razorpay_payment_id: input.razorpayPaymentId,
        order_id: order.id,
        user_id: order.user_id,
        amount_paise: order.amount_paise,
        currency: order.currency,
        status: input.status,
        signature_verified_at: input.signatureVerified ? now.toISOString() : null,
        raw: structuredClone(input.raw),
      });
      const period = order.plan === 'yearly' ? 'year' : 'month';
      const current = running(order.user_id, now);
      let subscription: SubscriptionRow;
      if (current) {
        Object.assign(current, {
          plan: order.plan,
          end_date: extendEndDate(now, new Date(current.end_date), period).toISOString(),
          cancelled_at: null,
        });
        subscription = current;
      } else {
        subscription = {
          id: nextId('sub'),
          user_id: order.user_id,
          status: 'active',
          plan: order.plan,
          provider: 'razorpay',
          provider_subscription_id: order.razorpay_order_id,
          created_at: now.toISOString(),
          end_date: extendEndDate(now, null, period).toISOString(),
          cancelled_at: null,
        };
        subscriptions.push(subscription);
      }
      order.status = 'paid';
      return { outcome: 'activated', subscription: structuredClone(subscription) };
    },
    async cancelSubscription(userId, providerSubscriptionId): Promise<CancelResult> {
      calls.cancelSubscription.push([userId, providerSubscriptionId]);
      const now = clock();
      const sub = providerSubscriptionId
        ? subscriptions.find((s) => s.provider === 'razorpay' && s.provider_subscription_id === providerSubscriptionId)
        : running(userId, now);
      if (!sub) return { outcome: 'not_found', subscription: null };
      if (sub.user_id !== userId) return { outcome: 'not_yours', subscription: null };
      if (sub.cancelled_at) return { outcome: 'already_cancelled', subscription: structuredClone(sub) };
      if (sub.status !== 'active' || Date.parse(sub.end_date) <= now.getTime()) {
        return { outcome: 'not_active', subscription: null };
      }
      sub.cancelled_at = now.toISOString();
      return { outcome: 'cancelled', subscription: structuredClone(sub) };
    },
  };
  return { store, orders, payments, subscriptions, calls };
}
