import type { SupabaseClient } from '@supabase/supabase-js';
import { isPlanId } from '../plans.ts';
import {
  type BillingSession,
  type CancelledSubscription,
  type CancelRequest,
  type CreateOrderRequest,
  type PaymentOrder,
  PaymentsError,
  type PaymentsErrorKind,
  type PaymentsPort,
  type RazorpayPaymentResponse,
  type VerifiedPayment,
} from '../ports.ts';

/** Options of {@link createSupabasePayments}. */
export interface SupabasePaymentsOptions {
  /** The edge function's name; default 'razorpay'. */
  functionName?: string;
}

/** The kind of failure an HTTP status of the `razorpay` function means. */
export function kindForStatus(status: number): PaymentsErrorKind {
  if (status === 401) return 'session-invalid';
  if (status === 409) return 'conflict';
  if (status >= 400 && status < 500) return 'rejected';
  return 'provider';
}

/** A supabase-js functions error (FunctionsHttpError, FunctionsRelayError, FunctionsFetchError) as a PaymentsError. */
export async function toPaymentsError(error: unknown): Promise<PaymentsError> {
  const name = (error as { name?: string } | null)?.name;
  const fallback = error instanceof Error ? error.message : String(error);
  if (name === 'FunctionsHttpError') {
    const response = (error as { context?: unknown }).context;
    if (response instanceof Response) {
      const body = (await response
        .clone()
        .json()
        .catch(() => null)) as { error?: unknown } | null;
      const message = typeof body?.error === 'string' ? body.error : fallback;
      return new PaymentsError(kindForStatus(response.status), message, response.status);
    }
    return new PaymentsError('provider', fallback);
  }
  // FunctionsRelayError, FunctionsFetchError or anything thrown on the way: no answer from the function.
  return new PaymentsError('network', fallback);
}

type Json = Record<string, unknown>;
const isRecord = (value: unknown): value is Json => typeof value === 'object' && value !== null;

/**
 * The payments port on a supabase-js client: `supabase.functions.invoke('razorpay', { body: { action, … } })`
 * with the session's bearer token. Statuses map to `PaymentsError` kinds (from `@bahi/billing`): 401 session-invalid, 409 conflict,
 * other 4xx rejected, 5xx/502 provider, no answer network.
 */
export function createSupabasePayments(
  supabase: Pick<SupabaseClient, 'auth' | 'functions'>,
  options: SupabasePaymentsOptions = {},
): PaymentsPort {
  const functionName = options.functionName ?? 'razorpay';

  async function invoke(body: Json, session: BillingSession): Promise<Json> {
    let result: { data: unknown; error: unknown };
    try {
      // The payment window may stay open longer than an access token lives: prefer the client's current
      // (auto-refreshed) token over the one read when the flow started.
      const current = await supabase.auth.getSession().catch(() => null);
      const token = current?.data.session?.access_token ?? session.accessToken;
      result = await supabase.functions.invoke(functionName, {
        body,
        headers: { Authorization: `Bearer ${token}` },
      });
    } catch (error) {
      throw await toPaymentsError(error);
    }
    if (result.error) throw await toPaymentsError(result.error);
    if (!isRecord(result.data)) throw new PaymentsError('provider', 'Unexpected answer from the payments function');
    return result.data;
  }

  return {
    async getSession() {
      const { data, error } = await supabase.auth.getSession();
      if (error) throw new PaymentsError('session-invalid', error.message);
      const session = data.session;
      if (!session) return null;
      const fullName = session.user.user_metadata?.full_name;
      return {
        accessToken: session.access_token,
        user: {
          id: session.user.id,
          ...(session.user.email ? { email: session.user.email } : {}),
          ...(session.user.phone ? { phone: session.user.phone } : {}),
          ...(typeof fullName === 'string' && fullName ? { name: fullName } : {}),
        },
      };
    },

    async createOrder(request: CreateOrderRequest, session: BillingSession): Promise<PaymentOrder> {
      const data = await invoke({ action: 'create-order', ...request }, session);
      const notes = isRecord(data.notes) ? data.notes : {};
      if (typeof data.key_id !== 'string' || typeof data.order_id !== 'string' || typeof notes.userId !== 'string') {
        throw new PaymentsError('provider', 'The payment order answer lacks key_id, order_id or notes.userId');
      }
      const planType = isPlanId(notes.planType) ? notes.planType : request.planType;
      return {
        keyId: data.key_id,
        orderId: data.order_id,
        amountPaise: typeof data.amount === 'number' ? data.amount : request.amount * 100,
        currency: typeof data.currency === 'string' ? data.currency : request.currency,
        notes: { userId: notes.userId, planType },
      };
    },

    async verifyPayment(response: RazorpayPaymentResponse, session: BillingSession): Promise<VerifiedPayment> {
      const data = await invoke(
        {
          action: 'verify-payment',
          razorpay_order_id: response.razorpay_order_id,
          razorpay_payment_id: response.razorpay_payment_id,
          razorpay_signature: response.razorpay_signature,
        },
        session,
      );
      if (data.success !== true) throw new PaymentsError('rejected', 'The payment was not verified');
      const subscription = isRecord(data.subscription) ? data.subscription : {};
      return {
        ...(typeof subscription.end_date === 'string' ? { endDate: subscription.end_date } : {}),
        alreadyVerified: data.already_verified === true,
      };
    },

    async cancelSubscription(request: CancelRequest, session: BillingSession): Promise<CancelledSubscription> {
      const data = await invoke(
        {
          action: 'cancel-subscription',
          ...(request.subscriptionId ? { razorpay_subscription_id: request.subscriptionId } : {}),
        },
        session,
      );
      if (data.success !== true) throw new PaymentsError('rejected', 'The subscription was not cancelled');
      const subscription = isRecord(data.subscription) ? data.subscription : {};
      return {
        ...(typeof subscription.end_date === 'string' ? { endDate: subscription.end_date } : {}),
        ...(typeof subscription.cancelled_at === 'string' ? { cancelledAt: subscription.cancelled_at } : {}),
      };
    },
  };
}
