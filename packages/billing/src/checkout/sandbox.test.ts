import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { createPaymentMachine } from '../payment-machine.ts';
import type { CheckoutCallbacks, CheckoutOptions, PaymentsPort } from '../ports.ts';
import { createSandboxCheckout, parseSandboxMessage, SANDBOX_MESSAGE_SOURCE, sandboxCheckoutUrl } from './sandbox.ts';

const apiUrl = 'http://127.0.0.1:54321';
const options: CheckoutOptions = {
  key: 'rzp_test_key',
  amount: 36_000,
  currency: 'INR',
  name: 'Bahi',
  description: 'Monthly subscription',
  order_id: 'order_A1',
  prefill: { name: 'Asha Rao', email: 'asha@example.in', contact: '+919800000001' },
  notes: { userId: 'user-1', planType: 'monthly' },
  theme: { color: '#6366F1' },
};
const response = { razorpay_payment_id: 'pay_1', razorpay_order_id: 'order_A1', razorpay_signature: 'ab12' };
const msg = (body: Record<string, unknown>) => ({
  source: SANDBOX_MESSAGE_SOURCE,
  version: 1,
  order_id: 'order_A1',
  ...body,
});

function callbacks() {
  return {
    onSuccess: vi.fn<CheckoutCallbacks['onSuccess']>(),
    onDismiss: vi.fn<CheckoutCallbacks['onDismiss']>(),
    onFailure: vi.fn<CheckoutCallbacks['onFailure']>(),
    onUnavailable: vi.fn<CheckoutCallbacks['onUnavailable']>(),
  };
}

interface FakeFrame {
  src: string;
  title: string;
  style: { cssText: string };
  attributes: Record<string, string>;
  contentWindow: object;
  setAttribute(name: string, value: string): void;
  remove(): void;
}

/** A window with just what the adapter uses; no DOM library, so no page is ever loaded. */
function fakeWindow() {
  const target = new EventTarget();
  const frames: FakeFrame[] = [];
  const open = vi.fn<(url: string, name: string, features: string) => Window | null>(() => null);
  const win = {
    location: { origin: 'http://localhost:5173' },
    addEventListener: target.addEventListener.bind(target),
    removeEventListener: target.removeEventListener.bind(target),
    open,
    document: {
      createElement: () => {
        const frame: FakeFrame = {
          src: '',
          title: '',
          style: { cssText: '' },
          attributes: {},
          contentWindow: {},
          setAttribute(name, value) {
            this.attributes[name] = value;
          },
          remove: () => frames.splice(frames.indexOf(frame), 1),
        };
        return frame;
      },
      body: { appendChild: (frame: FakeFrame) => frames.push(frame) },
    },
  };
  const post = (data: unknown, origin = apiUrl, source: unknown = null) =>
    target.dispatchEvent(Object.assign(new Event('message'), { data, origin, source }));
  return { window: win as unknown as Window, frames, open, post };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('sandbox message protocol', () => {
  it('accepts well-formed messages only', () => {
    expect(parseSandboxMessage(msg({ type: 'payment.success', response }))).not.toBeNull();
    expect(parseSandboxMessage(msg({ type: 'dismissed' }))).not.toBeNull();
    expect(parseSandboxMessage(msg({ type: 'ready' }))).not.toBeNull();
    expect(parseSandboxMessage(msg({ type: 'payment.failed', error: { code: 'BAD_REQUEST_ERROR' } }))).not.toBeNull();
    expect(parseSandboxMessage(msg({ type: 'payment.success', response: { razorpay_payment_id: 'p' } }))).toBeNull();
    expect(parseSandboxMessage(msg({ type: 'payment.failed' }))).toBeNull();
    expect(parseSandboxMessage(msg({ type: 'other' }))).toBeNull();
    expect(parseSandboxMessage({ ...msg({ type: 'dismissed' }), version: 2 })).toBeNull();
    expect(parseSandboxMessage({ ...msg({ type: 'dismissed' }), source: 'razorpay' })).toBeNull();
    expect(parseSandboxMessage('dismissed')).toBeNull();
  });

  it('builds the page URL with the order and the parent origin', () => {
    const url = new URL(sandboxCheckoutUrl(`${apiUrl}/`, options, 'http://localhost:5173'));
    expect(url.origin + url.pathname).toBe('http://127.0.0.1:54321/razorpay-sandbox/checkout');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      order_id: 'order_A1',
      key: 'rzp_test_key',
      amount: '36000',
      currency: 'INR',
      name: 'Bahi',
      description: 'Monthly subscription',
      prefill_name: 'Asha Rao',
      prefill_email: 'asha@example.in',
      prefill_contact: '+919800000001',
      notes: '{"userId":"user-1","planType":"monthly"}',
      theme_color: '#6366F1',
      origin: 'http://localhost:5173',
    });
  });
});

describe('sandbox checkout in an iframe', () => {
  it('opens an overlay iframe and reports success from the sandbox origin', async () => {
    const { window, frames, post } = fakeWindow();
    const checkout = createSandboxCheckout({ apiUrl, window });
    await checkout.load();
    const cb = callbacks();
    checkout.open(options, cb);
    const frame = frames[0];
    expect(frame?.attributes['data-slot']).toBe('sandbox-checkout');
    expect(frame?.style.cssText).toContain('position:fixed');
    expect(frame?.src).toBe(sandboxCheckoutUrl(apiUrl, options, 'http://localhost:5173'));

    post(msg({ type: 'payment.success', response }), 'http://evil.example');
    post(msg({ type: 'payment.success', response, order_id: 'order_other' }));
    post({ type: 'payment.success', response });
    expect(cb.onSuccess).not.toHaveBeenCalled();

    post(msg({ type: 'payment.failed', error: { code: 'BAD_REQUEST_ERROR', description: 'Payment failed' } }));
    expect(cb.onFailure).toHaveBeenCalledWith({ code: 'BAD_REQUEST_ERROR', description: 'Payment failed' });
    expect(frames).toHaveLength(1);

    post(msg({ type: 'payment.success', response }), apiUrl, {}); // from another window
    expect(cb.onSuccess).not.toHaveBeenCalled();
    post(msg({ type: 'payment.success', response }), apiUrl, frame?.contentWindow);
    expect(cb.onSuccess).toHaveBeenCalledWith(response);
    expect(frames).toHaveLength(0);
    post(msg({ type: 'dismissed' }));
    expect(cb.onDismiss).not.toHaveBeenCalled();
  });

  it('reports dismissal and removes the iframe; closing from the flow removes it too', () => {
    const { window, frames, post } = fakeWindow();
    const checkout = createSandboxCheckout({ apiUrl, window });
    const cb = callbacks();
    checkout.open(options, cb);
    post(msg({ type: 'dismissed' }));
    expect(cb.onDismiss).toHaveBeenCalledTimes(1);
    expect(frames).toHaveLength(0);

    const other = callbacks();
    const close = checkout.open(options, other);
    expect(frames).toHaveLength(1);
    close();
    expect(frames).toHaveLength(0);
    post(msg({ type: 'dismissed' }));
    expect(other.onDismiss).not.toHaveBeenCalled();
  });
});

describe('sandbox checkout in a popup', () => {
  it('reports unavailable when the popup is blocked', () => {
    const { window } = fakeWindow();
    const cb = callbacks();
    createSandboxCheckout({ apiUrl, mode: 'popup', window }).open(options, cb);
    expect(cb.onUnavailable).toHaveBeenCalled();
  });

  it('takes the result from the popup and treats a closed popup as dismissed', () => {
    vi.useFakeTimers();
    const popup = { closed: false, close: vi.fn() } as unknown as Window;
    const { window, open, post } = fakeWindow();
    open.mockReturnValue(popup);
    const cb = callbacks();
    createSandboxCheckout({ apiUrl, mode: 'popup', popupPollMs: 100, window }).open(options, cb);
    expect(open.mock.calls[0]?.[0]).toContain('/razorpay-sandbox/checkout?order_id=order_A1');
    post(msg({ type: 'payment.success', response }), apiUrl, {});
    expect(cb.onSuccess).not.toHaveBeenCalled(); // not from the popup
    (popup as { closed: boolean }).closed = true;
    vi.advanceTimersByTime(100);
    expect(cb.onDismiss).toHaveBeenCalledTimes(1);
  });

  it('closes the popup after success', () => {
    const popup = { closed: false, close: vi.fn() } as unknown as Window;
    const { window, open, post } = fakeWindow();
    open.mockReturnValue(popup);
    const cb = callbacks();
    createSandboxCheckout({ apiUrl, mode: 'popup', window }).open(options, cb);
    post(msg({ type: 'payment.success', response }), apiUrl, popup);
    expect(cb.onSuccess).toHaveBeenCalledWith(response);
    expect(popup.close).toHaveBeenCalled();
  });
});

describe('sandbox checkout inside the payment flow', () => {
  it('goes from order to verified through the sandbox page', async () => {
    const { window, frames, post } = fakeWindow();
    const payments: PaymentsPort = {
      getSession: async () => ({ accessToken: 't', user: { id: 'user-1', email: 'asha@example.in' } }),
      createOrder: async () => ({
        keyId: 'rzp_test_key',
        orderId: 'order_A1',
        amountPaise: 36_000,
        currency: 'INR',
        notes: { userId: 'user-1', planType: 'monthly' },
      }),
      verifyPayment: vi.fn(async () => ({ endDate: '2026-12-21T10:00:00.000Z' })),
      cancelSubscription: async () => ({}),
    };
    const machine = createPaymentMachine({
      payments,
      checkout: createSandboxCheckout({ apiUrl, window }),
      reload: vi.fn(),
    });
    const actor = createActor(machine, { input: { plan: 'monthly' } }).start();
    actor.send({ type: 'PAY' });
    await vi.waitFor(() => expect(frames).toHaveLength(1));
    const url = new URL(frames[0]!.src);
    expect(url.searchParams.get('theme_color')).toBe('#6366F1');
    expect(url.searchParams.get('amount')).toBe('36000');
    post(msg({ type: 'payment.success', response }), apiUrl, frames[0]!.contentWindow);
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('succeeded'));
    expect(payments.verifyPayment).toHaveBeenCalledWith(response, expect.anything());
    expect(frames).toHaveLength(0);
    actor.stop();
  });
});
