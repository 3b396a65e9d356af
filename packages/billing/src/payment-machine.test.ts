import { afterEach, describe, expect, it, vi } from 'vitest';
import { type AnyEventObject, createActor, fromCallback, fromPromise } from 'xstate';
import { getSimplePaths } from 'xstate/graph';
import { messages } from './messages.ts';
import {
  checkoutOptions,
  createPaymentMachine,
  type PaymentContext,
  type PaymentEvent,
  paymentMachine,
  RELOAD_DELAY_MS,
  verificationErrorMessage,
} from './payment-machine.ts';
import {
  type BillingSession,
  type CheckoutCallbacks,
  type CheckoutOptions,
  type CheckoutPort,
  type PaymentOrder,
  PaymentsError,
  type PaymentsPort,
  type RazorpayPaymentResponse,
  type VerifiedPayment,
} from './ports.ts';

const session: BillingSession = {
  accessToken: 'token-1',
  user: { id: 'user-1', email: 'asha@example.in', phone: '+919800000001', name: 'Asha Rao' },
};
const order: PaymentOrder = {
  keyId: 'rzp_test_key',
  orderId: 'order_A1',
  amountPaise: 36_000,
  currency: 'INR',
  notes: { userId: 'user-1', planType: 'monthly' },
};
const paid: RazorpayPaymentResponse = {
  razorpay_order_id: 'order_A1',
  razorpay_payment_id: 'pay_B2',
  razorpay_signature: 'sig',
};

const flush = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};

afterEach(() => {
  vi.useRealTimers();
});

describe('pure parts', () => {
  const context: PaymentContext = {
    planId: 'monthly',
    customer: {},
    callbackUrl: undefined,
    merchantName: 'Bahi',
    session,
    order,
    payment: null,
    lastFailure: null,
    verified: null,
    message: null,
    error: null,
  };

  it('builds Checkout.js options with the brand colour #6366F1 and the session user as prefill', () => {
    expect(checkoutOptions(context)).toEqual({
      key: 'rzp_test_key',
      amount: 36_000,
      currency: 'INR',
      name: 'Bahi',
      description: 'Monthly subscription',
      order_id: 'order_A1',
      prefill: { name: 'Asha Rao', email: 'asha@example.in', contact: '+919800000001' },
      notes: { userId: 'user-1', planType: 'monthly' },
      theme: { color: '#6366F1' },
    });
  });

  it('prefers the given customer over the session user', () => {
    const options = checkoutOptions({ ...context, customer: { name: 'A. Rao', phone: '+919811111111' } });
    expect(options.prefill).toEqual({ name: 'A. Rao', email: 'asha@example.in', contact: '+919811111111' });
  });

  it.each<[unknown, string]>([
    [new PaymentsError('rejected', 'Invalid payment signature', 400), messages.verificationFailed],
    [new PaymentsError('rejected', 'This order belongs to another user', 403), messages.verificationFailed],
    [new PaymentsError('conflict', 'Order already paid', 409), messages.verificationFailed],
    [new PaymentsError('network', 'Failed to send a request'), messages.verificationFailedMaybeDeducted],
    [new PaymentsError('provider', 'Razorpay failed', 502), messages.verificationFailedMaybeDeducted],
    [new PaymentsError('session-invalid', 'Invalid JWT', 401), messages.verificationFailedMaybeDeducted],
    [new Error('boom'), messages.verificationFailedMaybeDeducted],
  ])('verification error %s → %s', (error, message) => {
    expect(verificationErrorMessage(error)).toBe(message);
  });
});

/**
 * A controllable stand-in for the ports: each invoked effect waits until the test settles it, so a path generated
 * from the model can be replayed step by step against a real running actor.
 */
function controllable() {
  const pending = new Map<string, { resolve(value: unknown): void; reject(error: unknown): void }>();
  let windowEvents: ((event: PaymentEvent) => void) | null = null;
  const reload = vi.fn();
  const closeWindow = vi.fn();
  const waitFor = <T>(id: string) =>
    new Promise<T>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
    });
  const machine = paymentMachine.provide({
    actors: {
      getSession: fromPromise(() => waitFor<BillingSession | null>('getSession')),
      loadCheckout: fromPromise(() => waitFor<void>('loadCheckout')),
      createOrder: fromPromise(() => waitFor<PaymentOrder>('createOrder')),
      verifyPayment: fromPromise(() => waitFor<VerifiedPayment>('verifyPayment')),
      openCheckout: fromCallback<PaymentEvent, CheckoutOptions>(({ sendBack }) => {
        windowEvents = sendBack;
        return closeWindow;
      }),
    },
    actions: { reloadPage: reload },
  });
  const actor = createActor(machine, { input: { plan: 'monthly' } });
  actor.start();
  async function apply(event: AnyEventObject) {
    const done = /^xstate\.done\.actor\.(.+)$/.exec(event.type);
    const error = /^xstate\.error\.actor\.(.+)$/.exec(event.type);
    if (done?.[1]) pending.get(done[1])?.resolve(event.output);
    else if (error?.[1]) pending.get(error[1])?.reject(event.error);
    else if (['PAYMENT_SUCCEEDED', 'PAYMENT_FAILED', 'WINDOW_DISMISSED', 'CHECKOUT_UNAVAILABLE'].includes(event.type))
      windowEvents?.(event as PaymentEvent);
    else actor.send(event as PaymentEvent);
    await flush();
  }
  return { actor, apply, reload, closeWindow };
}

describe('payment machine paths (xstate/graph)', () => {
  const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output });
  const fail = (id: string, error: unknown) => ({ type: `xstate.error.actor.${id}`, error });
  const eventsByState: Record<string, AnyEventObject[]> = {
    idle: [{ type: 'PAY' }, { type: 'PAY', plan: 'weekly' }],
    checkingSession: [
      done('getSession', session),
      done('getSession', null),
      fail('getSession', new PaymentsError('session-invalid', 'bad', 401)),
    ],
    loadingCheckout: [done('loadCheckout', undefined), fail('loadCheckout', new Error('script failed'))],
    creatingOrder: [
      done('createOrder', order),
      fail('createOrder', new PaymentsError('provider', 'Razorpay failed', 502)),
      fail('createOrder', new PaymentsError('session-invalid', 'Invalid JWT', 401)),
      fail('createOrder', new PaymentsError('rejected', 'Invalid subscription plan', 400)),
    ],
    paymentWindowOpen: [
      { type: 'PAYMENT_SUCCEEDED', response: paid },
      { type: 'WINDOW_DISMISSED' },
      { type: 'CHECKOUT_UNAVAILABLE' },
      { type: 'PAYMENT_FAILED', failure: { code: 'BAD_REQUEST_ERROR', description: 'Payment failed' } },
    ],
    verifying: [
      done('verifyPayment', { endDate: '2026-12-21T14:00:00.000Z' }),
      fail('verifyPayment', new PaymentsError('rejected', 'Invalid payment signature', 400)),
      fail('verifyPayment', new PaymentsError('network', 'offline')),
    ],
  };
  const paths = getSimplePaths(paymentMachine, {
    input: { plan: 'monthly' },
    events: (snapshot) => (eventsByState[String(snapshot.value)] ?? []) as PaymentEvent[],
    serializeState: (snapshot) =>
      JSON.stringify([snapshot.value, snapshot.context.message, snapshot.context.lastFailure !== null]),
  });

  // Hand-made list of where the flow can end, each with the message the spec gives it.
  const expectedEnds = [
    ['failed', messages.invalidPlan],
    ['failed', messages.sessionNotFound],
    ['failed', messages.sessionInvalid],
    ['failed', messages.checkoutUnavailable],
    ['failed', messages.orderFailed],
    ['canceled', messages.paymentCanceled],
    ['succeeded', messages.paymentSuccessful],
    ['failed', messages.verificationFailed],
    ['failed', messages.verificationFailedMaybeDeducted],
  ];

  it('reaches every outcome the spec names', () => {
    const ends = new Set(paths.map((p) => JSON.stringify([p.state.value, p.state.context.message])));
    for (const end of expectedEnds) expect(ends).toContain(JSON.stringify(end));
  });

  it.each(paths.map((path) => [path.steps.map((s) => s.event.type).join(' → '), path] as const))(
    '%s',
    async (_name, path) => {
      const { actor, apply } = controllable();
      for (const step of path.steps.slice(1)) {
        await apply(step.event);
        expect(actor.getSnapshot().value).toEqual(step.state.value);
        expect(actor.getSnapshot().context.message).toBe(step.state.context.message);
      }
      actor.stop();
    },
  );
});

function fakePorts(overrides: Partial<PaymentsPort> = {}, checkoutOverrides: Partial<CheckoutPort> = {}) {
  let callbacks: CheckoutCallbacks | null = null;
  const close = vi.fn();
  const payments: PaymentsPort = {
    getSession: vi.fn(async () => session),
    createOrder: vi.fn(async () => order),
    verifyPayment: vi.fn(async () => ({ endDate: '2026-12-21T14:00:00.000Z' })),
    cancelSubscription: vi.fn(async () => ({})),
    ...overrides,
  };
  const checkout: CheckoutPort = {
    load: vi.fn(async () => {}),
    open: vi.fn((_options: CheckoutOptions, cb: CheckoutCallbacks) => {
      callbacks = cb;
      return close;
    }),
    ...checkoutOverrides,
  };
  const reload = vi.fn();
  const notify = vi.fn();
  const machine = createPaymentMachine({ payments, checkout, reload, notify });
  return { payments, checkout, reload, notify, close, machine, window: () => callbacks! };
}

describe('payment flow with the ports', () => {
  it('creates the order, opens the window, verifies, shows success and reloads after 1.5 s', async () => {
    vi.useFakeTimers();
    const ports = fakePorts();
    const actor = createActor(ports.machine, {
      input: { plan: 'monthly', callbackUrl: 'https://bahi.in/subscription' },
    });
    actor.start();
    actor.send({ type: 'PAY' });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('paymentWindowOpen');
    expect(ports.payments.createOrder).toHaveBeenCalledWith(
      {
        planType: 'monthly',
        amount: 360,
        currency: 'INR',
        name: 'Asha Rao',
        email: 'asha@example.in',
        phone: '+919800000001',
        callbackUrl: 'https://bahi.in/subscription',
      },
      session,
    );
    expect(ports.checkout.open).toHaveBeenCalledWith(
      expect.objectContaining({ order_id: 'order_A1', amount: 36_000, theme: { color: '#6366F1' } }),
      expect.anything(),
    );

    ports.window().onSuccess(paid);
    await vi.advanceTimersByTimeAsync(0);
    expect(ports.payments.verifyPayment).toHaveBeenCalledWith(paid, session);
    expect(actor.getSnapshot().value).toBe('succeeded');
    expect(actor.getSnapshot().context.message).toBe('Payment successful!');
    expect(ports.notify).toHaveBeenCalledWith({ tone: 'success', message: 'Payment successful!' });

    await vi.advanceTimersByTimeAsync(RELOAD_DELAY_MS - 1);
    expect(ports.reload).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(ports.reload).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().value).toBe('reloading');
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('waits exactly 1,500 ms before reloading', () => {
    expect(RELOAD_DELAY_MS).toBe(1500);
  });

  it('does not reload when the flow is stopped during the 1.5 s', async () => {
    vi.useFakeTimers();
    const ports = fakePorts();
    const actor = createActor(ports.machine, { input: { plan: 'yearly' } }).start();
    actor.send({ type: 'PAY' });
    await vi.advanceTimersByTimeAsync(0);
    ports.window().onSuccess(paid);
    await vi.advanceTimersByTimeAsync(1000);
    actor.stop();
    await vi.advanceTimersByTimeAsync(1000);
    expect(ports.reload).not.toHaveBeenCalled();
  });

  it("shows 'Payment canceled. You can try again later.' when the window is dismissed, and can pay again", async () => {
    const ports = fakePorts();
    const actor = createActor(ports.machine, { input: { plan: 'monthly' } }).start();
    actor.send({ type: 'PAY' });
    await flush();
    ports.window().onDismiss();
    expect(actor.getSnapshot().value).toBe('canceled');
    expect(actor.getSnapshot().context.message).toBe('Payment canceled. You can try again later.');
    expect(ports.payments.verifyPayment).not.toHaveBeenCalled();

    actor.send({ type: 'PAY', plan: 'yearly' });
    await flush();
    expect(actor.getSnapshot().value).toBe('paymentWindowOpen');
    expect(actor.getSnapshot().context.message).toBeNull();
    expect(ports.payments.createOrder).toHaveBeenLastCalledWith(
      expect.objectContaining({ planType: 'yearly', amount: 3240 }),
      session,
    );
  });

  it('keeps the window open after a failed attempt inside it, remembering why', async () => {
    const ports = fakePorts();
    const actor = createActor(ports.machine, { input: { plan: 'monthly' } }).start();
    actor.send({ type: 'PAY' });
    await flush();
    ports.window().onFailure({ code: 'BAD_REQUEST_ERROR', description: 'Payment failed', reason: 'payment_failed' });
    expect(actor.getSnapshot().value).toBe('paymentWindowOpen');
    expect(actor.getSnapshot().context.lastFailure?.reason).toBe('payment_failed');
    expect(ports.close).not.toHaveBeenCalled();
  });

  it('closes an open window when the flow is stopped', async () => {
    const ports = fakePorts();
    const actor = createActor(ports.machine, { input: { plan: 'monthly' } }).start();
    actor.send({ type: 'PAY' });
    await flush();
    actor.stop();
    expect(ports.close).toHaveBeenCalledTimes(1);
  });

  it.each<[string, Partial<PaymentsPort>, Partial<CheckoutPort>, string]>([
    ['no session', { getSession: async () => null }, {}, 'Authentication session not found. Please log in again.'],
    [
      'a rejected session at order time',
      {
        createOrder: async () => {
          throw new PaymentsError('session-invalid', 'Invalid JWT', 401);
        },
      },
      {},
      'Authentication session invalid. Please log in again.',
    ],
    [
      'order creation failing',
      {
        createOrder: async () => {
          throw new PaymentsError('provider', 'Razorpay failed', 502);
        },
      },
      {},
      'Failed to create payment order',
    ],
    [
      'the checkout script not loading',
      {},
      {
        load: async () => {
          throw new Error('script error');
        },
      },
      'Payment system unavailable. Please try again later.',
    ],
    [
      'the window not opening',
      {},
      {
        open: (_o, cb) => {
          cb.onUnavailable();
          return () => {};
        },
      },
      'Payment system unavailable. Please try again later.',
    ],
  ])('fails with the spec message on %s', async (_name, paymentsOverrides, checkoutOverrides, message) => {
    const ports = fakePorts(paymentsOverrides, checkoutOverrides);
    const actor = createActor(ports.machine, { input: { plan: 'monthly' } }).start();
    actor.send({ type: 'PAY' });
    await flush();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.message).toBe(message);
    expect(ports.notify).toHaveBeenCalledWith({ tone: 'error', message });
  });

  it('does not create an order when the checkout cannot load', async () => {
    const ports = fakePorts({}, { load: () => Promise.reject(new Error('offline')) });
    const actor = createActor(ports.machine, { input: { plan: 'monthly' } }).start();
    actor.send({ type: 'PAY' });
    await flush();
    expect(ports.payments.createOrder).not.toHaveBeenCalled();
  });

  it("refuses a plan other than monthly or yearly with 'Invalid subscription plan' before calling anything", async () => {
    const ports = fakePorts();
    const actor = createActor(ports.machine, { input: { plan: 'lifetime' } }).start();
    actor.send({ type: 'PAY' });
    await flush();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.message).toBe('Invalid subscription plan');
    expect(ports.payments.getSession).not.toHaveBeenCalled();
  });

  it.each<[string, unknown, string]>([
    [
      'a bad signature',
      new PaymentsError('rejected', 'Invalid payment signature', 400),
      'Payment verification failed. Please contact support.',
    ],
    [
      'an unknown outcome',
      new PaymentsError('network', 'Failed to send a request'),
      'Payment verification failed. If payment was deducted, please contact support.',
    ],
  ])('verification failing with %s', async (_name, error, message) => {
    const ports = fakePorts({ verifyPayment: () => Promise.reject(error) });
    const actor = createActor(ports.machine, { input: { plan: 'monthly' } }).start();
    actor.send({ type: 'PAY' });
    await flush();
    ports.window().onSuccess(paid);
    await flush();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.message).toBe(message);
    expect(ports.reload).not.toHaveBeenCalled();
  });

  it('ignores PAY while a payment is under way (no second order)', async () => {
    const ports = fakePorts();
    const actor = createActor(ports.machine, { input: { plan: 'monthly' } }).start();
    actor.send({ type: 'PAY' });
    actor.send({ type: 'PAY' });
    await flush();
    actor.send({ type: 'PAY' });
    await flush();
    expect(ports.payments.createOrder).toHaveBeenCalledTimes(1);
  });

  it('goes back to idle on RESET after a failure', async () => {
    const ports = fakePorts({ getSession: async () => null });
    const actor = createActor(ports.machine, { input: { plan: 'monthly' } }).start();
    actor.send({ type: 'PAY' });
    await flush();
    actor.send({ type: 'RESET' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.message).toBeNull();
  });

  it('fails clearly when used without ports', async () => {
    const actor = createActor(paymentMachine, { input: { plan: 'monthly' } }).start();
    actor.send({ type: 'PAY' });
    await flush();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(String(actor.getSnapshot().context.error)).toContain('createPaymentMachine');
  });
});
