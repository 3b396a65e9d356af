import { verifyPaymentSignature, verifyWebhookSignature } from './crypto.ts';
import { corsHeaders, errorResponse, HttpError, json } from './http.ts';
import { findPlan } from './plans.ts';
import {
  type Caller,
  type HandlerDeps,
  type OrderRow,
  RazorpayApiError,
  type RecordPayment,
  type SubscriptionRow,
} from './types.ts';

/** Error texts the function answers with (`{"error": …}`). The browser maps statuses, not texts, except the plan one. */
export const errors = {
  missingToken: 'Missing bearer token',
  invalidSession: 'Invalid or expired session',
  invalidPlan: 'Invalid subscription plan',
  amountMismatch: 'Amount does not match the plan price',
  currency: 'Only INR is supported',
  invalidJson: 'Request body must be a JSON object',
  missingAction: 'Missing action',
  invalidAction: 'action must be a string: create-order, verify-payment or cancel-subscription',
  unknownAction: 'Unknown action',
  missingPaymentFields: 'razorpay_order_id, razorpay_payment_id and razorpay_signature are required',
  orderNotFound: 'Order not found',
  notYourOrder: 'This order belongs to another user',
  invalidSignature: 'Invalid payment signature',
  paymentUsed: 'This payment was already used for another order',
  orderPaid: 'This order was already paid with another payment',
  orderClosed: 'This order is no longer open',
  subscriptionNotFound: 'Subscription not found',
  notYourSubscription: 'This subscription belongs to another user',
  subscriptionNotActive: 'Subscription is not active',
  invalidWebhookSignature: 'Invalid webhook signature',
  webhookAmount: 'Payment amount does not match the order',
  provider: 'Payment provider error',
  notConfigured: 'Payments are not configured',
  methodNotAllowed: 'Method not allowed',
  internal: 'Internal error',
} as const;

type Body = Record<string, unknown>;

const isRecord = (value: unknown): value is Body =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const str = (value: unknown): string | undefined => (typeof value === 'string' && value.length > 0 ? value : undefined);
/** A browser amount as a number; anything else (an object, an array, a blank string) is no amount at all: NaN. */
const amountOf = (value: unknown): number =>
  typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : Number.NaN;

function bearer(request: Request): string {
  const header = request.headers.get('Authorization') ?? '';
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
  if (!match?.[1]) throw new HttpError(401, errors.missingToken);
  return match[1];
}

/** The subscription as the browser sees it. */
function publicSubscription(row: SubscriptionRow) {
  return {
    status: row.status,
    plan: row.plan,
    end_date: row.end_date,
    provider_subscription_id: row.provider_subscription_id,
    cancelled_at: row.cancelled_at,
  };
}

/**
 * The `razorpay` edge function as a Web-standard handler. Pure apart from its ports: the same code runs in
 * Supabase's Deno edge runtime (index.ts) and in Node (the local stack, the unit tests).
 */
export function createHandler(deps: HandlerDeps): (request: Request) => Promise<Response> {
  const { auth, store, razorpay, secrets } = deps;
  const clock = deps.clock ?? (() => new Date());
  const log = deps.log ?? ((message: string, detail?: unknown) => console.error(`[razorpay] ${message}`, detail));

  async function caller(request: Request): Promise<Caller> {
    const token = bearer(request);
    const user = await auth.getUser(token);
    if (!user) throw new HttpError(401, errors.invalidSession);
    return user;
  }

  function requireKeys(): void {
    if (!secrets.keyId || !secrets.keySecret) throw new HttpError(500, errors.notConfigured);
  }

  // ---- create-order -------------------------------------------------------------------------------------------

  async function createOrder(user: Caller, body: Body): Promise<Response> {
    const plan = findPlan(body.planType);
    if (!plan) throw new HttpError(400, errors.invalidPlan);
    // The price is the server's. A browser amount (rupees) that differs is refused rather than silently replaced,
    // so that nobody is charged a price other than the one they were shown.
    if (body.amount !== undefined && body.amount !== null && amountOf(body.amount) !== plan.amount) {
      throw new HttpError(400, errors.amountMismatch);
    }
    if (body.currency !== undefined && body.currency !== null && body.currency !== plan.currency) {
      throw new HttpError(400, errors.currency);
    }
    requireKeys();
    const now = clock();
    const receipt = `bahi_${plan.id}_${now.getTime()}`;
    let order: Awaited<ReturnType<typeof razorpay.createOrder>>;
    try {
      order = await razorpay.createOrder({
        amount: plan.amountPaise,
        currency: plan.currency,
        receipt,
        notes: { userId: user.id, planType: plan.id },
      });
    } catch (error) {
      log('Razorpay order creation failed', error);
      const detail = error instanceof RazorpayApiError ? `: ${error.message}` : '';
      throw new HttpError(502, `${errors.provider}${detail}`);
    }
    await store.insertOrder({
      user_id: user.id,
      razorpay_order_id: order.id,
      plan: plan.id,
      amount_paise: plan.amountPaise,
      currency: plan.currency,
      status: 'created',
      receipt,
    });
    return json({
      key_id: secrets.keyId,
      order_id: order.id,
      amount: plan.amountPaise,
      currency: plan.currency,
      notes: { userId: user.id, planType: plan.id },
    });
  }

  // ---- activation, shared by verify-payment and the webhook --------------------------------------------------

  interface Activation {
    alreadyVerified: boolean;
    subscription: SubscriptionRow | null;
  }

  /**
   * Records the payment and activates or extends the order owner's subscription, once per payment, in one database
   * transaction (`public.record_verified_payment`): the order row is locked, the unique razorpay_payment_id decides
   * who records it first, and only that one extends.
   */
  async function activate(order: OrderRow, payment: Omit<RecordPayment, 'orderId'>): Promise<Activation> {
    const { outcome, subscription } = await store.recordPayment({ orderId: order.id, ...payment });
    switch (outcome) {
      case 'activated':
        return { alreadyVerified: false, subscription };
      case 'already_recorded':
        return { alreadyVerified: true, subscription };
      case 'order_not_found':
        throw new HttpError(404, errors.orderNotFound);
      case 'payment_used':
        throw new HttpError(409, errors.paymentUsed);
      case 'order_paid':
        throw new HttpError(409, errors.orderPaid);
      case 'order_closed':
        throw new HttpError(409, errors.orderClosed);
      case 'amount_mismatch':
        throw new HttpError(400, errors.webhookAmount);
      default:
        throw new Error(`Unexpected activation outcome: ${String(outcome)}`);
    }
  }

  // ---- verify-payment ------------------------------------------------------------------------------------------

  async function verifyPayment(user: Caller, body: Body): Promise<Response> {
    const orderId = str(body.razorpay_order_id);
    const paymentId = str(body.razorpay_payment_id);
    const signature = str(body.razorpay_signature);
    if (!orderId || !paymentId || !signature) throw new HttpError(400, errors.missingPaymentFields);
    requireKeys();
    const order = await store.findOrder(orderId);
    if (!order) throw new HttpError(404, errors.orderNotFound);
    if (order.user_id !== user.id) throw new HttpError(403, errors.notYourOrder);
    // The signed order id is the one stored on the server, never the browser's echo of it.
    const valid = await verifyPaymentSignature(secrets.keySecret, order.razorpay_order_id, paymentId, signature);
    if (!valid) throw new HttpError(400, errors.invalidSignature);
    const result = await activate(order, {
      razorpayPaymentId: paymentId,
      amountPaise: order.amount_paise,
      status: 'authorized',
      signatureVerified: true,
      raw: { razorpay_order_id: orderId, razorpay_payment_id: paymentId, razorpay_signature: signature },
    });
    return json({
      success: true,
      already_verified: result.alreadyVerified,
      subscription: result.subscription ? publicSubscription(result.subscription) : null,
    });
  }

  // ---- cancel-subscription -------------------------------------------------------------------------------------

  /**
   * Cancels at the end of the paid period, in one transaction (`public.cancel_subscription`): status stays active,
   * cancelled_at is set, end_date is kept, so access lasts until then. Cancelling twice answers the same.
   */
  async function cancelSubscription(user: Caller, body: Body): Promise<Response> {
    const { outcome, subscription } = await store.cancelSubscription(user.id, str(body.razorpay_subscription_id));
    switch (outcome) {
      case 'cancelled':
      case 'already_cancelled':
        if (!subscription) throw new Error('cancel_subscription answered without the subscription');
        return json({ success: true, subscription: publicSubscription(subscription) });
      case 'not_found':
        throw new HttpError(404, errors.subscriptionNotFound);
      case 'not_yours':
        throw new HttpError(403, errors.notYourSubscription);
      case 'not_active':
        throw new HttpError(409, errors.subscriptionNotActive);
      default:
        throw new Error(`Unexpected cancel outcome: ${String(outcome)}`);
    }
  }

  // ---- webhook -------------------------------------------------------------------------------------------------

  async function webhook(request: Request): Promise<Response> {
    if (!secrets.webhookSecret) throw new HttpError(500, errors.notConfigured);
    const raw = new Uint8Array(await request.arrayBuffer());
    const signature = request.headers.get('X-Razorpay-Signature') ?? '';
    if (!(await verifyWebhookSignature(secrets.webhookSecret, raw, signature))) {
      throw new HttpError(400, errors.invalidWebhookSignature);
    }
    let event: unknown;
    try {
      event = JSON.parse(new TextDecoder().decode(raw));
    } catch {
      throw new HttpError(400, errors.invalidJson);
    }
    if (!isRecord(event)) throw new HttpError(400, errors.invalidJson);
    const name = event.event;
    if (name !== 'payment.captured' && name !== 'order.paid') return json({ received: true, ignored: true });
    const payload = isRecord(event.payload) ? event.payload : {};
    const payment = isRecord(payload.payment) && isRecord(payload.payment.entity) ? payload.payment.entity : null;
    const paymentId = str(payment?.id);
    const orderId = str(payment?.order_id);
    if (!payment || !paymentId || !orderId) return json({ received: true, ignored: true });
    const order = await store.findOrder(orderId);
    if (!order) return json({ received: true, ignored: true }); // not an order this app made
    if (payment.amount !== order.amount_paise || (payment.currency ?? 'INR') !== order.currency) {
      log('Webhook payment amount differs from the order', { paymentId, orderId });
      throw new HttpError(400, errors.webhookAmount);
    }
    const result = await activate(order, {
      razorpayPaymentId: paymentId,
      amountPaise: order.amount_paise,
      status: 'captured',
      signatureVerified: false,
      raw: event,
    });
    return json({ received: true, already_verified: result.alreadyVerified });
  }

  // ---- routing -------------------------------------------------------------------------------------------------

  async function route(request: Request): Promise<Response> {
    if (request.method === 'OPTIONS') return new Response(null, { status: 204, headers: corsHeaders });
    if (request.method !== 'POST') throw new HttpError(405, errors.methodNotAllowed);

    const path = new URL(request.url).pathname.replace(/\/+$/, '');
    if (path.endsWith('/webhook') || request.headers.has('X-Razorpay-Signature')) return webhook(request);

    const user = await caller(request);
    let body: unknown;
    try {
      body = await request.json();
    } catch {
      throw new HttpError(400, errors.invalidJson);
    }
    if (!isRecord(body)) throw new HttpError(400, errors.invalidJson);
    const action = body.action;
    if (action === undefined || action === null) throw new HttpError(400, errors.missingAction);
    // JSON can carry {"toString": 1} where a string belongs: nothing from the body is turned into text unchecked
    if (typeof action !== 'string') throw new HttpError(400, errors.invalidAction);
    switch (action) {
      case 'create-order':
        return createOrder(user, body);
      case 'verify-payment':
        return verifyPayment(user, body);
      case 'cancel-subscription':
        return cancelSubscription(user, body);
      default:
        throw new HttpError(400, `${errors.unknownAction}: ${action.slice(0, 100)}`);
    }
  }

  return async (request: Request): Promise<Response> => {
    try {
      return await route(request);
    } catch (error) {
      if (error instanceof HttpError) return errorResponse(error);
      log('Unexpected failure', error);
      return errorResponse(new HttpError(500, errors.internal));
    }
  };
}
