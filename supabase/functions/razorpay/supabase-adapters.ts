import type { SupabaseClient } from '@supabase/supabase-js';
import type {
  ActivationOutcome,
  ActivationResult,
  AuthPort,
  BillingStore,
  CancelOutcome,
  CancelResult,
  OrderRow,
  SubscriptionRow,
} from './types.ts';

const ORDER_COLUMNS = 'id, user_id, razorpay_order_id, plan, amount_paise, currency, status, receipt';

interface PostgrestErrorLike {
  code?: string;
  message: string;
}

function fail(what: string, error: PostgrestErrorLike): never {
  throw new Error(`${what}: ${error.message}${error.code ? ` (${error.code})` : ''}`);
}

const ACTIVATION_OUTCOMES: readonly ActivationOutcome[] = [
  'activated',
  'already_recorded',
  'order_not_found',
  'payment_used',
  'order_paid',
  'order_closed',
  'amount_mismatch',
];
const CANCEL_OUTCOMES: readonly CancelOutcome[] = [
  'cancelled',
  'already_cancelled',
  'not_found',
  'not_yours',
  'not_active',
];

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function parseSubscription(value: unknown): SubscriptionRow | null {
  if (value === null || value === undefined) return null;
  if (!isRecord(value) || typeof value.id !== 'string' || typeof value.end_date !== 'string') {
    throw new Error('Unexpected subscription in the database answer');
  }
  return {
    id: value.id,
    user_id: String(value.user_id),
    status: value.status as SubscriptionRow['status'],
    plan: value.plan as SubscriptionRow['plan'],
    provider: String(value.provider),
    provider_subscription_id:
      typeof value.provider_subscription_id === 'string' ? value.provider_subscription_id : null,
    created_at: String(value.created_at),
    end_date: value.end_date,
    cancelled_at: typeof value.cancelled_at === 'string' ? value.cancelled_at : null,
  };
}

function parseOutcome<T extends string>(what: string, value: unknown, outcomes: readonly T[]) {
  if (!isRecord(value) || !outcomes.includes(value.outcome as T)) {
    throw new Error(`Unexpected answer from ${what}: ${JSON.stringify(value)}`);
  }
  return { outcome: value.outcome as T, subscription: parseSubscription(value.subscription) };
}

/** The jsonb answer of `public.record_verified_payment`. */
export function parseActivation(value: unknown): ActivationResult {
  return parseOutcome('record_verified_payment', value, ACTIVATION_OUTCOMES);
}

/** The jsonb answer of `public.cancel_subscription`. */
export function parseCancel(value: unknown): CancelResult {
  return parseOutcome('cancel_subscription', value, CANCEL_OUTCOMES);
}

/**
 * The billing tables through a service-role supabase-js client (bypasses RLS; never give it to a browser).
 * Recording a payment and cancelling call the SQL functions of the billing activation migration, each one
 * transaction; only the service role may execute them.
 */
export function createSupabaseStore(db: SupabaseClient): BillingStore {
  return {
    async insertOrder(row) {
      const { data, error } = await db.from('payment_orders').insert(row).select(ORDER_COLUMNS).single();
      if (error) fail('insert payment_orders', error);
      return data as OrderRow;
    },
    async findOrder(razorpayOrderId) {
      const { data, error } = await db
        .from('payment_orders')
        .select(ORDER_COLUMNS)
        .eq('razorpay_order_id', razorpayOrderId)
        .maybeSingle();
      if (error) fail('select payment_orders', error);
      return (data as OrderRow | null) ?? null;
    },
    async recordPayment(payment) {
      const { data, error } = await db.rpc('record_verified_payment', {
        p_order_id: payment.orderId,
        p_razorpay_payment_id: payment.razorpayPaymentId,
        p_amount_paise: payment.amountPaise,
        p_raw: payment.raw ?? null,
        p_status: payment.status,
        p_signature_verified: payment.signatureVerified,
      });
      if (error) fail('rpc record_verified_payment', error);
      return parseActivation(data);
    },
    async cancelSubscription(userId, providerSubscriptionId) {
      const { data, error } = await db.rpc('cancel_subscription', {
        p_user_id: userId,
        p_provider_subscription_id: providerSubscriptionId ?? null,
      });
      if (error) fail('rpc cancel_subscription', error);
      return parseCancel(data);
    },
  };
}

/**
 * Resolves the caller with GoTrue (`auth.getUser(token)`, i.e. GET /auth/v1/user). A 4xx answer means the token is
 * invalid or expired (null); anything else (network, 5xx) is thrown, so it is not mistaken for a bad session.
 */
export function createSupabaseAuth(client: SupabaseClient): AuthPort {
  return {
    async getUser(token) {
      const { data, error } = await client.auth.getUser(token);
      if (error) {
        const status = (error as { status?: number }).status;
        if (status !== undefined && status >= 400 && status < 500) return null;
        throw error;
      }
      return data.user ? { id: data.user.id, ...(data.user.email ? { email: data.user.email } : {}) } : null;
    },
  };
}
