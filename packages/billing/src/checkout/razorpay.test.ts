import { describe, expect, it, vi } from 'vitest';
import type { CheckoutCallbacks, CheckoutOptions } from '../ports.ts';
import { createRazorpayCheckout, RAZORPAY_CHECKOUT_URL, type RazorpayOptions, type ScriptHost } from './razorpay.ts';

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

function fakeDocument() {
  const scripts: Array<Partial<HTMLScriptElement> & { remove: () => void }> = [];
  const doc: ScriptHost = {
    createElement: () => {
      const script = { remove: vi.fn() } as unknown as HTMLScriptElement & { remove: () => void };
      return script;
    },
    head: {
      appendChild: (node) => {
        scripts.push(node as HTMLScriptElement & { remove: () => void });
        return node;
      },
    },
  };
  return { doc, scripts };
}

function fakeRazorpay() {
  const instances: Array<{ options: RazorpayOptions; failed?: (r: { error: object }) => void; close: () => void }> = [];
  class Razorpay {
    readonly close = vi.fn();
    readonly options: RazorpayOptions;
    constructor(options: RazorpayOptions) {
      this.options = options;
      instances.push(this as unknown as (typeof instances)[number]);
    }
    open = vi.fn();
    on(_event: 'payment.failed', cb: (r: { error: object }) => void) {
      (this as unknown as { failed: typeof cb }).failed = cb;
    }
  }
  return { Razorpay, instances };
}

function callbacks() {
  return {
    onSuccess: vi.fn<CheckoutCallbacks['onSuccess']>(),
    onDismiss: vi.fn<CheckoutCallbacks['onDismiss']>(),
    onFailure: vi.fn<CheckoutCallbacks['onFailure']>(),
    onUnavailable: vi.fn<CheckoutCallbacks['onUnavailable']>(),
  };
}

describe('Razorpay Checkout.js adapter', () => {
  it('injects https://checkout.razorpay.com/v1/checkout.js once and resolves when it defines Razorpay', async () => {
    const { doc, scripts } = fakeDocument();
    const global: { Razorpay?: unknown } = {};
    const checkout = createRazorpayCheckout({ document: doc, global: global as never });
    const first = checkout.load();
    const second = checkout.load();
    expect(scripts).toHaveLength(1);
    expect(scripts[0]?.src).toBe('https://checkout.razorpay.com/v1/checkout.js');
    expect(RAZORPAY_CHECKOUT_URL).toBe('https://checkout.razorpay.com/v1/checkout.js');
    global.Razorpay = fakeRazorpay().Razorpay;
    (scripts[0]!.onload as () => void)();
    await expect(first).resolves.toBeUndefined();
    await expect(second).resolves.toBeUndefined();
    await checkout.load();
    expect(scripts).toHaveLength(1);
  });

  it('rejects when the script fails to load, and tries again next time', async () => {
    const { doc, scripts } = fakeDocument();
    const checkout = createRazorpayCheckout({ document: doc, global: {} });
    const first = checkout.load();
    (scripts[0]!.onerror as () => void)();
    await expect(first).rejects.toThrow('Failed to load');
    expect(scripts[0]?.remove).toHaveBeenCalled();
    void checkout.load().catch(() => {});
    expect(scripts).toHaveLength(2);
  });

  it('rejects when the script loads without defining Razorpay, or takes too long', async () => {
    vi.useFakeTimers();
    const { doc, scripts } = fakeDocument();
    const checkout = createRazorpayCheckout({ document: doc, global: {}, loadTimeoutMs: 1000 });
    const first = checkout.load();
    (scripts[0]!.onload as () => void)();
    await expect(first).rejects.toThrow('did not define Razorpay');
    const second = checkout.load();
    const assertion = expect(second).rejects.toThrow('Timed out');
    await vi.advanceTimersByTimeAsync(1000);
    await assertion;
    vi.useRealTimers();
  });

  it('opens the modal with the options, brand colour, handler and ondismiss', () => {
    const { Razorpay, instances } = fakeRazorpay();
    const checkout = createRazorpayCheckout({ global: { Razorpay } });
    const cb = callbacks();
    checkout.open(options, cb);
    const rzp = instances[0]!;
    expect(rzp.options).toMatchObject({ ...options, theme: { color: '#6366F1' } });
    expect((rzp as unknown as { open: ReturnType<typeof vi.fn> }).open).toHaveBeenCalled();

    rzp.failed?.({ error: { code: 'BAD_REQUEST_ERROR', description: 'Payment failed' } });
    expect(cb.onFailure).toHaveBeenCalledWith({ code: 'BAD_REQUEST_ERROR', description: 'Payment failed' });

    const response = { razorpay_payment_id: 'pay_1', razorpay_order_id: 'order_A1', razorpay_signature: 'sig' };
    rzp.options.handler(response);
    expect(cb.onSuccess).toHaveBeenCalledWith(response);
    rzp.options.modal.ondismiss(); // Checkout.js may call it as the modal closes after success
    expect(cb.onDismiss).not.toHaveBeenCalled();
  });

  it('reports a dismissed modal, and closes it when the flow stops first', () => {
    const { Razorpay, instances } = fakeRazorpay();
    const checkout = createRazorpayCheckout({ global: { Razorpay } });
    const a = callbacks();
    checkout.open(options, a);
    instances[0]?.options.modal.ondismiss();
    expect(a.onDismiss).toHaveBeenCalledTimes(1);

    const close = checkout.open(options, callbacks());
    close();
    expect(instances[1]?.close).toHaveBeenCalledTimes(1);
  });

  it('reports unavailable when Razorpay is missing', () => {
    const cb = callbacks();
    createRazorpayCheckout({ global: {} }).open(options, cb);
    expect(cb.onUnavailable).toHaveBeenCalled();
  });
});
