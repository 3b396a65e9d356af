// A Razorpay stand-in for the local stack: the Orders API, a checkout page and the payment.captured webhook.
// See README.md beside this file.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { ServiceContext, ServiceHandler } from '../types.ts';
import { renderCheckoutPage, renderCheckoutProblem } from './checkout-page.ts';

/** Where the lead mounts the handler: every path under it belongs to the sandbox. */
export const RAZORPAY_SANDBOX_PATH = '/razorpay-sandbox';
/** The razorpay function's webhook route on the local stack (a relative webhookUrl resolves against the API URL). */
export const LOCAL_RAZORPAY_WEBHOOK_PATH = '/functions/v1/razorpay/webhook';

/** The Razorpay sandbox's test key id. Not secret: test credentials only ever talk to this sandbox. */
export const LOCAL_RAZORPAY_KEY_ID = 'rzp_test_bahilocal0001';
/** The Razorpay sandbox's test key secret (pairs with {@link LOCAL_RAZORPAY_KEY_ID}). Not secret. */
export const LOCAL_RAZORPAY_KEY_SECRET = 'bahi_local_sandbox_key_secret_not_for_production';
export const LOCAL_RAZORPAY_WEBHOOK_SECRET = 'bahi_local_sandbox_webhook_secret_not_for_production';

export interface RazorpaySandboxOptions {
  keyId: string;
  keySecret: string;
  /** Signs the webhook events; default {@link LOCAL_RAZORPAY_WEBHOOK_SECRET}. */
  webhookSecret?: string;
  /**
   * Where to POST `payment.captured` after a successful payment; none when absent. A path (starting with `/`, e.g.
   * {@link LOCAL_RAZORPAY_WEBHOOK_PATH}) is resolved against the API URL of the request (`ctx.apiUrl`).
   */
  webhookUrl?: string;
  /** The stack's API URL, e.g. http://127.0.0.1:54321: needed for `secrets.RAZORPAY_API_BASE`. */
  apiUrl?: string;
  /** The merchant name on the checkout page when the app sends none; default 'Bahi'. */
  merchantName?: string;
  /** For tests; default the global fetch. */
  fetch?: typeof fetch;
  /** Default `() => new Date()`. */
  clock?: () => Date;
  /** Makes ids (`order_…`, `pay_…`, `evt_…`); default random, 14 base62 characters like Razorpay's. For tests. */
  newId?: (prefix: 'order' | 'pay' | 'evt') => string;
  /** Webhook delivery problems; default console.error. */
  log?: (message: string, detail?: unknown) => void;
}

/** An order as the Orders API answers it. */
export interface SandboxOrder {
  id: string;
  entity: 'order';
  amount: number;
  amount_paid: number;
  amount_due: number;
  currency: string;
  receipt: string | null;
  offer_id: null;
  status: 'created' | 'attempted' | 'paid';
  attempts: number;
  /** Razorpay answers an empty notes object as `[]`. */
  notes: Record<string, string | number> | [];
  created_at: number;
}

export interface SandboxPayment {
  id: string;
  order_id: string;
  status: 'captured' | 'failed';
  amount: number;
  vpa: string;
  created_at: number;
}

export interface WebhookDelivery {
  url: string;
  event: string;
  body: string;
  signature: string;
  /** The receiver's HTTP status, or null when it could not be reached. */
  status: number | null;
  error?: string;
}

export interface RazorpaySandbox {
  /** Serves everything under {@link RAZORPAY_SANDBOX_PATH}. */
  handle: ServiceHandler;
  /**
   * The secrets the stack gives the razorpay function: RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET,
   * RAZORPAY_WEBHOOK_SECRET, and RAZORPAY_API_BASE (`<apiUrl>/razorpay-sandbox`) when `apiUrl` was given.
   */
  secrets: Record<string, string>;
  /** The same secrets for an API URL known only later. */
  secretsFor(apiUrl: string): Record<string, string>;
  /** In-memory state, for tests and debugging. */
  orders: Map<string, SandboxOrder>;
  payments: Map<string, SandboxPayment>;
  webhooks: WebhookDelivery[];
  /** Resolves when every webhook sent so far has been answered (or failed). */
  settled(): Promise<void>;
}

type ErrorFields = { description: string; field?: string; source?: string; step?: string; reason?: string };

/** Razorpay's error body: `{"error":{"code":"BAD_REQUEST_ERROR","description",…}}`. */
function razorpayError(status: number, fields: ErrorFields, metadata: Record<string, unknown> = {}): Response {
  const error = {
    code: 'BAD_REQUEST_ERROR',
    description: fields.description,
    source: fields.source ?? (fields.field ? 'business' : 'NA'),
    step: fields.step ?? (fields.field ? 'payment_initiation' : 'NA'),
    reason: fields.reason ?? (fields.field ? 'input_validation_failed' : 'NA'),
    metadata,
    ...(fields.field ? { field: fields.field } : {}),
  };
  return json(status, { error });
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' },
  });
}

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** `prefix_` + 14 base62 characters, like Razorpay's ids. */
function randomId(prefix: string): string {
  const bytes = randomBytes(14);
  let id = '';
  for (const byte of bytes) id += BASE62[byte % 62];
  return `${prefix}_${id}`;
}

/** Hex HMAC-SHA256, as Razorpay signs payments (`order_id|payment_id`, key secret) and webhooks (body, secret). */
export function hmacHex(secret: string, message: string): string {
  return createHmac('sha256', secret).update(message, 'utf8').digest('hex');
}

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a, 'utf8');
  const y = Buffer.from(b, 'utf8');
  return x.length === y.length && timingSafeEqual(x, y);
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The origin an app passed (`origin=`): exactly an http(s) origin, nothing else. */
export function parseOrigin(value: string | null): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    return url.origin === value ? value : null;
  } catch {
    return null;
  }
}

/**
 * The Razorpay sandbox: `POST /v1/orders`, `GET /v1/orders/:id` (HTTP Basic key id:key secret), the checkout page
 * `GET /checkout?order_id=…` and its `POST /checkout/pay`, all under {@link RAZORPAY_SANDBOX_PATH}. Orders live in
 * memory for the life of the process.
 */
export function createRazorpaySandbox(options: RazorpaySandboxOptions): RazorpaySandbox {
  const { keyId, keySecret } = options;
  const webhookSecret = options.webhookSecret ?? LOCAL_RAZORPAY_WEBHOOK_SECRET;
  const clock = options.clock ?? (() => new Date());
  const log =
    options.log ?? ((message: string, detail?: unknown) => console.error(`[razorpay-sandbox] ${message}`, detail));
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  const orders = new Map<string, SandboxOrder>();
  const payments = new Map<string, SandboxPayment>();
  const webhooks: WebhookDelivery[] = [];
  const inFlight = new Set<Promise<void>>();
  const seconds = () => Math.floor(clock().getTime() / 1000);
  const newId = options.newId ?? randomId;

  const secretsFor = (apiUrl: string): Record<string, string> => ({
    RAZORPAY_KEY_ID: keyId,
    RAZORPAY_KEY_SECRET: keySecret,
    RAZORPAY_WEBHOOK_SECRET: webhookSecret,
    RAZORPAY_API_BASE: `${apiUrl.replace(/\/+$/, '')}${RAZORPAY_SANDBOX_PATH}`,
  });
  const secrets: Record<string, string> = options.apiUrl
    ? secretsFor(options.apiUrl)
    : { RAZORPAY_KEY_ID: keyId, RAZORPAY_KEY_SECRET: keySecret, RAZORPAY_WEBHOOK_SECRET: webhookSecret };

  /** HTTP Basic key_id:key_secret, as the Orders API takes it. */
  function authorized(request: Request): boolean {
    const match = /^Basic\s+(\S+)$/i.exec(request.headers.get('Authorization')?.trim() ?? '');
    if (!match?.[1]) return false;
    const decoded = Buffer.from(match[1], 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon < 0) return false;
    return sameText(decoded.slice(0, colon), keyId) && sameText(decoded.slice(colon + 1), keySecret);
  }
  const authFailed = () => razorpayError(401, { description: 'Authentication failed' });

  // ---- Orders API ---------------------------------------------------------------------------------------------

  async function createOrder(request: Request): Promise<Response> {
    if (!authorized(request)) return authFailed();
    let body: unknown;
    try {
      body = await request.json();
    } catch {
      return razorpayError(400, { description: 'The request body must be valid JSON' });
    }
    if (!isRecord(body)) return razorpayError(400, { description: 'The request body must be a JSON object' });
    const { amount, currency, receipt, notes } = body;
    if (amount === undefined || amount === null) {
      return razorpayError(400, { description: 'The amount field is required.', field: 'amount' });
    }
    if (typeof amount !== 'number' || !Number.isInteger(amount)) {
      return razorpayError(400, { description: 'The amount must be an integer.', field: 'amount' });
    }
    // Razorpay's own wording (sic).
    if (amount < 100)
      return razorpayError(400, { description: 'The amount must be atleast INR 1.00', field: 'amount' });
    if (currency === undefined || currency === null) {
      return razorpayError(400, { description: 'The currency field is required.', field: 'currency' });
    }
    if (currency !== 'INR') return razorpayError(400, { description: 'Currency is not supported', field: 'currency' });
    if (receipt !== undefined && receipt !== null && (typeof receipt !== 'string' || receipt.length > 40)) {
      return razorpayError(400, {
        description: 'The receipt may not be greater than 40 characters.',
        field: 'receipt',
      });
    }
    if (notes !== undefined && notes !== null && !(isRecord(notes) || (Array.isArray(notes) && notes.length === 0))) {
      return razorpayError(400, { description: 'The notes must be an array.', field: 'notes' });
    }
    const noteEntries = isRecord(notes) ? Object.entries(notes) : [];
    if (noteEntries.length > 15) {
      return razorpayError(400, { description: 'The notes may not have more than 15 items.', field: 'notes' });
    }
    if (noteEntries.some(([, v]) => (typeof v !== 'string' && typeof v !== 'number') || String(v).length > 256)) {
      return razorpayError(400, {
        description: 'The notes values may not be greater than 256 characters.',
        field: 'notes',
      });
    }
    const order: SandboxOrder = {
      id: newId('order'),
      entity: 'order',
      amount,
      amount_paid: 0,
      amount_due: amount,
      currency,
      receipt: typeof receipt === 'string' ? receipt : null,
      offer_id: null,
      status: 'created',
      attempts: 0,
      notes: noteEntries.length > 0 ? (Object.fromEntries(noteEntries) as Record<string, string | number>) : [],
      created_at: seconds(),
    };
    orders.set(order.id, order);
    return json(200, order);
  }

  function getOrder(request: Request, id: string): Response {
    if (!authorized(request)) return authFailed();
    const order = orders.get(id);
    return order ? json(200, order) : razorpayError(400, { description: 'The id provided does not exist' });
  }

  // ---- checkout page --------------------------------------------------------------------------------------------

  function checkoutPage(url: URL): Response {
    const q = url.searchParams;
    const origin = parseOrigin(q.get('origin'));
    const order = orders.get(q.get('order_id') ?? '');
    if (!order || !origin || q.get('key') !== keyId) {
      const problem = !order
        ? 'This order does not exist in the sandbox. Create it with POST /v1/orders first.'
        : !origin
          ? 'The checkout link lacks the app origin (origin=https://…).'
          : 'The key does not match the sandbox key id.';
      return renderCheckoutProblem(problem);
    }
    let notes: unknown = null;
    try {
      notes = JSON.parse(q.get('notes') ?? 'null');
    } catch {
      notes = null;
    }
    return renderCheckoutPage({
      orderId: order.id,
      keyId,
      amountPaise: order.amount,
      currency: order.currency,
      paid: order.status === 'paid',
      merchantName: q.get('name') || options.merchantName || 'Bahi',
      description: q.get('description') ?? '',
      prefill: {
        name: q.get('prefill_name') ?? '',
        email: q.get('prefill_email') ?? '',
        contact: q.get('prefill_contact') ?? '',
      },
      notes: isRecord(notes) ? notes : {},
      themeColor: q.get('theme_color') ?? '',
      origin,
      payUrl: `${RAZORPAY_SANDBOX_PATH}/checkout/pay`,
    });
  }

  /** The page's pay button: `{order_id, key, vpa, email, contact}` → the signed response, or a failure. */
  async function pay(request: Request, ctx: ServiceContext): Promise<Response> {
    let body: unknown;
    try {
      body = await request.json();
    } catch {
      body = null;
    }
    if (!isRecord(body) || typeof body.order_id !== 'string') {
      return razorpayError(400, { description: 'order_id is required', field: 'order_id' });
    }
    if (body.key !== keyId) return authFailed();
    const order = orders.get(body.order_id);
    if (!order) return razorpayError(400, { description: 'The id provided does not exist' });
    if (order.status === 'paid') {
      return razorpayError(400, { description: 'This order has already been paid', field: 'order_id' });
    }
    const vpa = typeof body.vpa === 'string' && body.vpa.trim() ? body.vpa.trim() : 'success@razorpay';
    if (!/^[\w.-]{2,256}@[A-Za-z]{2,64}$/.test(vpa)) {
      return razorpayError(400, {
        description: 'Invalid VPA. Please enter a valid Virtual Payment Address',
        field: 'vpa',
      });
    }
    const payment: SandboxPayment = {
      id: newId('pay'),
      order_id: order.id,
      status: vpa === 'failure@razorpay' ? 'failed' : 'captured',
      amount: order.amount,
      vpa,
      created_at: seconds(),
    };
    payments.set(payment.id, payment);
    order.attempts += 1;
    if (payment.status === 'failed') {
      order.status = 'attempted';
      // Checkout.js's payment.failed payload (response.error).
      return razorpayError(
        400,
        { description: 'Payment failed', source: 'customer', step: 'payment_authorization', reason: 'payment_failed' },
        { order_id: order.id, payment_id: payment.id },
      );
    }
    order.status = 'paid';
    order.amount_paid = order.amount;
    order.amount_due = 0;
    const contact = {
      email: typeof body.email === 'string' ? body.email : '',
      contact: typeof body.contact === 'string' ? body.contact : '',
    };
    sendCapturedWebhook(order, payment, contact, ctx);
    return json(200, {
      razorpay_payment_id: payment.id,
      razorpay_order_id: order.id,
      razorpay_signature: hmacHex(keySecret, `${order.id}|${payment.id}`),
    });
  }

  // ---- webhook --------------------------------------------------------------------------------------------------

  function sendCapturedWebhook(
    order: SandboxOrder,
    payment: SandboxPayment,
    contact: { email: string; contact: string },
    ctx: ServiceContext,
  ): void {
    if (!options.webhookUrl) return;
    const url = options.webhookUrl.startsWith('/')
      ? `${ctx.apiUrl.replace(/\/+$/, '')}${options.webhookUrl}`
      : options.webhookUrl;
    // Razorpay's fee: 2 % plus 18 % GST on it, in paise.
    const fee = Math.round(payment.amount * 0.02 * 1.18);
    const event = {
      entity: 'event',
      account_id: 'acc_BahiLocal00001',
      event: 'payment.captured',
      contains: ['payment'],
      payload: {
        payment: {
          entity: {
            id: payment.id,
            entity: 'payment',
            amount: payment.amount,
            currency: order.currency,
            status: 'captured',
            order_id: order.id,
            invoice_id: null,
            international: false,
            method: 'upi',
            amount_refunded: 0,
            refund_status: null,
            captured: true,
            description: null,
            card_id: null,
            bank: null,
            wallet: null,
            vpa: payment.vpa,
            email: contact.email,
            contact: contact.contact,
            notes: order.notes,
            fee,
            tax: fee - Math.round(payment.amount * 0.02),
            error_code: null,
            error_description: null,
            error_source: null,
            error_step: null,
            error_reason: null,
            acquirer_data: { rrn: String(100_000_000_000 + (payment.created_at % 900_000_000_000)) },
            created_at: payment.created_at,
          },
        },
      },
      created_at: seconds(),
    };
    const body = JSON.stringify(event);
    const signature = hmacHex(webhookSecret, body);
    const delivery: WebhookDelivery = { url, event: event.event, body, signature, status: null };
    webhooks.push(delivery);
    const sending = (async () => {
      try {
        const response = await doFetch(url, {
          method: 'POST',
          headers: {
            'Content-Type': 'application/json',
            'X-Razorpay-Signature': signature,
            'X-Razorpay-Event-Id': newId('evt'),
          },
          body,
        });
        delivery.status = response.status;
        await response.body?.cancel().catch(() => undefined);
        if (!response.ok) log(`webhook ${url} answered ${response.status}`);
      } catch (error) {
        delivery.error = error instanceof Error ? error.message : String(error);
        log(`webhook ${url} could not be delivered`, error);
      }
    })();
    inFlight.add(sending);
    void sending.finally(() => inFlight.delete(sending));
  }

  // ---- routing --------------------------------------------------------------------------------------------------

  const handle: ServiceHandler = async (request, ctx) => {
    const url = new URL(request.url);
    const at = url.pathname.indexOf(RAZORPAY_SANDBOX_PATH);
    const path = at < 0 ? url.pathname : url.pathname.slice(at + RAZORPAY_SANDBOX_PATH.length).replace(/\/+$/, '');
    const method = request.method.toUpperCase();
    try {
      if (path === '/v1/orders' && method === 'POST') return await createOrder(request);
      const orderPath = /^\/v1\/orders\/([^/]+)$/.exec(path);
      if (orderPath?.[1] && method === 'GET') return getOrder(request, decodeURIComponent(orderPath[1]));
      if (path === '/checkout' && (method === 'GET' || method === 'HEAD')) return checkoutPage(url);
      if (path === '/checkout/pay' && method === 'POST') return await pay(request, ctx);
      return razorpayError(404, { description: 'The requested URL was not found on the server.' });
    } catch (error) {
      log('unexpected failure', error);
      return json(500, {
        error: { code: 'SERVER_ERROR', description: 'The server encountered an error.', metadata: {} },
      });
    }
  };

  return {
    handle,
    secrets,
    secretsFor,
    orders,
    payments,
    webhooks,
    async settled() {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
  };
}
