import { type ActorRefFrom, assign, fromCallback, fromPromise, type SnapshotFrom, setup } from 'xstate';
import { BRAND_COLOR, type Message, messages } from './messages.ts';
import { getPlan, isPlanId, type Plan } from './plans.ts';
import {
  type BillingSession,
  type CheckoutFailure,
  type CheckoutOptions,
  type CheckoutPort,
  type CreateOrderRequest,
  type Customer,
  type PaymentOrder,
  PaymentsError,
  type PaymentsPort,
  type RazorpayPaymentResponse,
  type VerifiedPayment,
} from './ports.ts';

/** Milliseconds between 'Payment successful!' and the page reload (spec: 1.5 seconds). */
export const RELOAD_DELAY_MS = 1500;

/** Input of the payment machine. */
export interface PaymentInput {
  /** The plan id the user picked; anything but monthly or yearly ends in 'Invalid subscription plan'. */
  plan: string;
  /** Checkout prefill; missing fields come from the session's user. */
  customer?: Customer;
  /** Checkout.js `callback_url`, for payment methods that redirect. */
  callbackUrl?: string;
  /** The name at the top of the checkout; default 'Bahi'. */
  merchantName?: string;
}

/** The payment machine's context. */
export interface PaymentContext {
  /** The plan being paid for. */
  planId: string;
  /** Checkout prefill. */
  customer: Customer;
  /** Checkout.js `callback_url`, if any. */
  callbackUrl: string | undefined;
  /** The name at the top of the checkout. */
  merchantName: string;
  /** The session the requests are made with, once checked. */
  session: BillingSession | null;
  /** The order created for this payment. */
  order: PaymentOrder | null;
  /** What the checkout handed back after a successful payment. */
  payment: RazorpayPaymentResponse | null;
  /** The last failed attempt inside the open window (Checkout.js `payment.failed`); the user may retry there. */
  lastFailure: CheckoutFailure | null;
  /** The server's answer to verification. */
  verified: VerifiedPayment | null;
  /** What to show the user now (a spec message), or null. */
  message: Message | null;
  /** The last error, for logs. */
  error: unknown;
}

/** Events the payment window sends back to the machine. */
export type PaymentWindowEvent =
  | { type: 'PAYMENT_SUCCEEDED'; response: RazorpayPaymentResponse }
  | { type: 'PAYMENT_FAILED'; failure: CheckoutFailure }
  | { type: 'WINDOW_DISMISSED' }
  | { type: 'CHECKOUT_UNAVAILABLE' };

/** Events the payment machine accepts. */
export type PaymentEvent =
  /** Start (or start again) paying; `plan` switches the plan. */
  | { type: 'PAY'; plan?: string }
  /** Back to idle after a failure or a cancel. */
  | { type: 'RESET' }
  | PaymentWindowEvent;

/** A toast the payment flow asks for: its tone and the spec message. */
export interface Notification {
  /** How the toast looks. */
  tone: 'success' | 'error' | 'info';
  /** The spec message. */
  message: Message;
}

/** The message for a failure before any money moved (session check, order creation). */
export function orderErrorMessage(error: unknown): Message {
  if (error instanceof PaymentsError) {
    if (error.kind === 'session-not-found') return messages.sessionNotFound;
    if (error.kind === 'session-invalid') return messages.sessionInvalid;
    if (error.message === messages.invalidPlan) return messages.invalidPlan;
  }
  return messages.orderFailed;
}

/**
 * The message for a failed verification. The payment window reported success, so money may have moved:
 * when the server checked and said no (bad signature, not your order, already used) the user is told to contact
 * support; when the outcome is unknown (network, server or Razorpay failure, session lost on the way) the message
 * says so. In both cases the webhook still activates a subscription whose payment was captured.
 */
export function verificationErrorMessage(error: unknown): Message {
  if (error instanceof PaymentsError && (error.kind === 'rejected' || error.kind === 'conflict')) {
    return messages.verificationFailed;
  }
  return messages.verificationFailedMaybeDeducted;
}

function sessionErrorMessage(error: unknown): Message {
  return error instanceof PaymentsError && error.kind === 'session-invalid'
    ? messages.sessionInvalid
    : messages.sessionNotFound;
}

/** The create-order request for a plan: the price is the plan's, the prefill the customer's or the session's. */
export function orderRequest(context: PaymentContext): CreateOrderRequest {
  const plan = getPlan(context.planId);
  const customer = prefill(context);
  return {
    planType: plan.id,
    amount: plan.amount,
    currency: plan.currency,
    name: customer.name,
    email: customer.email,
    phone: customer.contact,
    ...(context.callbackUrl ? { callbackUrl: context.callbackUrl } : {}),
  };
}

function prefill(context: PaymentContext): CheckoutOptions['prefill'] {
  const user = context.session?.user;
  return {
    name: context.customer.name ?? user?.name ?? '',
    email: context.customer.email ?? user?.email ?? '',
    contact: context.customer.phone ?? user?.phone ?? '',
  };
}

/** Checkout.js options for the created order (brand colour #6366F1). */
export function checkoutOptions(context: PaymentContext): CheckoutOptions {
  const order = context.order;
  if (!order) throw new Error('checkoutOptions: no order yet');
  const plan: Plan = getPlan(context.planId);
  return {
    key: order.keyId,
    amount: order.amountPaise,
    currency: order.currency,
    name: context.merchantName,
    description: `${plan.name} subscription`,
    order_id: order.orderId,
    prefill: prefill(context),
    notes: { ...order.notes },
    theme: { color: BRAND_COLOR },
  };
}

function notProvided(name: string): Error {
  return new Error(`@bahi/billing: the '${name}' actor was not provided; use createPaymentMachine(deps)`);
}

/** The payment flow (session, checkout, order, payment window, verification, reload) with placeholder actors; use {@link createPaymentMachine}. */
export const paymentMachine = setup({
  types: {
    context: {} as PaymentContext,
    events: {} as PaymentEvent,
    input: {} as PaymentInput,
    /** 'busy': a payment is under way (disable the pay button). */
    tags: {} as 'busy',
  },
  actors: {
    getSession: fromPromise<BillingSession | null>(async () => {
      throw notProvided('getSession');
    }),
    loadCheckout: fromPromise<void>(async () => {
      throw notProvided('loadCheckout');
    }),
    createOrder: fromPromise<PaymentOrder, { request: CreateOrderRequest; session: BillingSession }>(async () => {
      throw notProvided('createOrder');
    }),
    openCheckout: fromCallback<PaymentEvent, CheckoutOptions>(({ sendBack }) => {
      sendBack({ type: 'CHECKOUT_UNAVAILABLE' });
    }),
    verifyPayment: fromPromise<VerifiedPayment, { response: RazorpayPaymentResponse; session: BillingSession }>(
      async () => {
        throw notProvided('verifyPayment');
      },
    ),
  },
  actions: {
    /** Reloads the page so that the app reads the new subscription. */
    reloadPage: () => {
      (globalThis as { location?: { reload(): void } }).location?.reload();
    },
    /** Hook for toasts; does nothing unless provided. */
    notify: (_, _params: Notification) => {},
  },
  guards: {
    planIsValid: ({ context, event }) => isPlanId(event.type === 'PAY' && event.plan ? event.plan : context.planId),
  },
  delays: {
    reloadDelay: RELOAD_DELAY_MS,
  },
}).createMachine({
  id: 'payment',
  context: ({ input }) => ({
    planId: input.plan,
    customer: input.customer ?? {},
    callbackUrl: input.callbackUrl,
    merchantName: input.merchantName ?? 'Bahi',
    session: null,
    order: null,
    payment: null,
    lastFailure: null,
    verified: null,
    message: null,
    error: null,
  }),
  initial: 'idle',
  states: {
    idle: {
      on: { PAY: 'starting' },
    },
    /** Picks up the plan of a PAY event and clears what a previous attempt left behind. */
    starting: {
      entry: assign(({ context, event }) => ({
        planId: event.type === 'PAY' && event.plan ? event.plan : context.planId,
        session: null,
        order: null,
        payment: null,
        lastFailure: null,
        verified: null,
        message: null,
        error: null,
      })),
      always: [
        { guard: 'planIsValid', target: 'checkingSession' },
        { target: 'failed', actions: assign({ message: messages.invalidPlan }) },
      ],
    },
    checkingSession: {
      tags: ['busy'],
      invoke: {
        id: 'getSession',
        src: 'getSession',
        onDone: [
          {
            guard: ({ event }) => event.output !== null,
            target: 'loadingCheckout',
            actions: assign({ session: ({ event }) => event.output }),
          },
          { target: 'failed', actions: assign({ message: messages.sessionNotFound }) },
        ],
        onError: {
          target: 'failed',
          actions: assign({
            message: ({ event }) => sessionErrorMessage(event.error),
            error: ({ event }) => event.error,
          }),
        },
      },
    },
    loadingCheckout: {
      tags: ['busy'],
      invoke: {
        id: 'loadCheckout',
        src: 'loadCheckout',
        onDone: 'creatingOrder',
        onError: {
          target: 'failed',
          actions: assign({ message: messages.checkoutUnavailable, error: ({ event }) => event.error }),
        },
      },
    },
    creatingOrder: {
      tags: ['busy'],
      invoke: {
        id: 'createOrder',
        src: 'createOrder',
        input: ({ context }) => ({ request: orderRequest(context), session: context.session! }),
        onDone: { target: 'paymentWindowOpen', actions: assign({ order: ({ event }) => event.output }) },
        onError: {
          target: 'failed',
          actions: assign({
            message: ({ event }) => orderErrorMessage(event.error),
            error: ({ event }) => event.error,
          }),
        },
      },
    },
    paymentWindowOpen: {
      tags: ['busy'],
      invoke: { id: 'openCheckout', src: 'openCheckout', input: ({ context }) => checkoutOptions(context) },
      on: {
        PAYMENT_SUCCEEDED: { target: 'verifying', actions: assign({ payment: ({ event }) => event.response }) },
        PAYMENT_FAILED: { actions: assign({ lastFailure: ({ event }) => event.failure }) },
        WINDOW_DISMISSED: 'canceled',
        CHECKOUT_UNAVAILABLE: { target: 'failed', actions: assign({ message: messages.checkoutUnavailable }) },
      },
    },
    verifying: {
      tags: ['busy'],
      invoke: {
        id: 'verifyPayment',
        src: 'verifyPayment',
        input: ({ context }) => ({ response: context.payment!, session: context.session! }),
        onDone: { target: 'succeeded', actions: assign({ verified: ({ event }) => event.output }) },
        onError: {
          target: 'failed',
          actions: assign({
            message: ({ event }) => verificationErrorMessage(event.error),
            error: ({ event }) => event.error,
          }),
        },
      },
    },
    succeeded: {
      tags: ['busy'],
      entry: [
        assign({ message: messages.paymentSuccessful }),
        { type: 'notify', params: { tone: 'success', message: messages.paymentSuccessful } },
      ],
      after: { reloadDelay: 'reloading' },
    },
    reloading: {
      tags: ['busy'],
      type: 'final',
      entry: 'reloadPage',
    },
    canceled: {
      entry: [
        assign({ message: messages.paymentCanceled }),
        { type: 'notify', params: { tone: 'info', message: messages.paymentCanceled } },
      ],
      on: { PAY: 'starting', RESET: { target: 'idle', actions: assign({ message: null }) } },
    },
    failed: {
      entry: {
        type: 'notify',
        params: ({ context }) => ({ tone: 'error', message: context.message ?? messages.orderFailed }),
      },
      on: { PAY: 'starting', RESET: { target: 'idle', actions: assign({ message: null, error: null }) } },
    },
  },
});

/** The payment machine's type. */
export type PaymentMachine = typeof paymentMachine;
/** A snapshot of the payment machine. */
export type PaymentSnapshot = SnapshotFrom<PaymentMachine>;
/** A running payment machine. */
export type PaymentActorRef = ActorRefFrom<PaymentMachine>;

/** What the payment machine needs: the payments and checkout ports, and optional reload and toasts. */
export interface PaymentDeps {
  /** The server side of payments. */
  payments: PaymentsPort;
  /** The payment window. */
  checkout: CheckoutPort;
  /** Default: `location.reload()`. */
  reload?: () => void;
  /** Toasts: called on success, cancel and failure with the spec message. */
  notify?: (notification: Notification) => void;
}

/** The payment machine wired to a payments port and a checkout port. */
export function createPaymentMachine(deps: PaymentDeps): PaymentMachine {
  const { payments, checkout } = deps;
  return paymentMachine.provide({
    actors: {
      getSession: fromPromise(() => payments.getSession()),
      loadCheckout: fromPromise(() => checkout.load()),
      createOrder: fromPromise(({ input }) => payments.createOrder(input.request, input.session)),
      openCheckout: fromCallback<PaymentEvent, CheckoutOptions>(({ input, sendBack }) =>
        checkout.open(input, {
          onSuccess: (response) => sendBack({ type: 'PAYMENT_SUCCEEDED', response }),
          onFailure: (failure) => sendBack({ type: 'PAYMENT_FAILED', failure }),
          onDismiss: () => sendBack({ type: 'WINDOW_DISMISSED' }),
          onUnavailable: () => sendBack({ type: 'CHECKOUT_UNAVAILABLE' }),
        }),
      ),
      verifyPayment: fromPromise(({ input }) => payments.verifyPayment(input.response, input.session)),
    },
    actions: {
      ...(deps.reload ? { reloadPage: () => deps.reload?.() } : {}),
      ...(deps.notify ? { notify: (_: unknown, params: Notification) => deps.notify?.(params) } : {}),
    },
  });
}
