// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PlanId } from '../plans.ts';
import type { CheckoutCallbacks, CheckoutPort, PaymentsPort } from '../ports.ts';
import { PaymentsError } from '../ports.ts';
import { BillingProvider } from './BillingProvider.tsx';
import { useCancelSubscription, usePayment } from './hooks.ts';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function ports(overrides: Partial<PaymentsPort> = {}) {
  let window: CheckoutCallbacks | null = null;
  const payments: PaymentsPort = {
    getSession: vi.fn(async () => ({ accessToken: 't', user: { id: 'user-1', email: 'a@example.in' } })),
    createOrder: vi.fn(async () => ({
      keyId: 'rzp_test_key',
      orderId: 'order_A1',
      amountPaise: 36_000,
      currency: 'INR',
      notes: { userId: 'user-1', planType: 'monthly' as const },
    })),
    verifyPayment: vi.fn(async () => ({ endDate: '2026-12-21T10:00:00.000Z' })),
    cancelSubscription: vi.fn(async () => ({ endDate: '2027-01-05T00:00:00.000Z' })),
    ...overrides,
  };
  const checkout: CheckoutPort = {
    load: vi.fn(async () => {}),
    open: vi.fn((_o, cb: CheckoutCallbacks) => {
      window = cb;
      return () => {};
    }),
  };
  return { payments, checkout, window: () => window! };
}

function PayButton({ plan }: { plan: PlanId }) {
  const { status, message, isBusy, pay } = usePayment(plan);
  return (
    <div>
      <button type="button" onClick={() => pay()} disabled={isBusy}>
        Pay
      </button>
      <p data-testid="status">{status}</p>
      {message && <p role="status">{message}</p>}
    </div>
  );
}

function CancelButton() {
  const { status, message, accessUntil, cancel } = useCancelSubscription('order_A1');
  return (
    <div>
      <button type="button" onClick={() => cancel()}>
        Cancel subscription
      </button>
      <p data-testid="status">{status}</p>
      {message && <p role="alert">{message}</p>}
      {accessUntil && <p data-testid="until">{accessUntil}</p>}
    </div>
  );
}

describe('usePayment', () => {
  it('pays, shows Payment successful! and reloads 1.5 s later', async () => {
    vi.useFakeTimers();
    const p = ports();
    const reload = vi.fn();
    render(
      <BillingProvider payments={p.payments} checkout={p.checkout} reload={reload}>
        <PayButton plan="monthly" />
      </BillingProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Pay' }));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByTestId('status').textContent).toBe('paymentWindowOpen');
    expect((screen.getByRole('button', { name: 'Pay' }) as HTMLButtonElement).disabled).toBe(true);

    act(() =>
      p.window().onSuccess({ razorpay_order_id: 'order_A1', razorpay_payment_id: 'pay_1', razorpay_signature: 's' }),
    );
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByRole('status').textContent).toBe('Payment successful!');
    await act(() => vi.advanceTimersByTimeAsync(1499));
    expect(reload).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('shows the cancel message when the window is dismissed', async () => {
    const p = ports();
    render(
      <BillingProvider payments={p.payments} checkout={p.checkout}>
        <PayButton plan="yearly" />
      </BillingProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Pay' }));
    await screen.findByText('paymentWindowOpen');
    act(() => p.window().onDismiss());
    expect(screen.getByRole('status').textContent).toBe('Payment canceled. You can try again later.');
    expect((screen.getByRole('button', { name: 'Pay' }) as HTMLButtonElement).disabled).toBe(false);
    expect(p.payments.createOrder).toHaveBeenCalledWith(expect.objectContaining({ planType: 'yearly', amount: 3240 }), {
      accessToken: 't',
      user: { id: 'user-1', email: 'a@example.in' },
    });
  });

  it('keeps a flow under way when the provider re-renders with new inline callbacks', async () => {
    const p = ports();
    const first = vi.fn();
    const second = vi.fn();
    const tree = (notify: typeof first) => (
      <BillingProvider payments={p.payments} checkout={p.checkout} notify={(n) => notify(n)}>
        <PayButton plan="monthly" />
      </BillingProvider>
    );
    const { rerender } = render(tree(first));
    fireEvent.click(screen.getByRole('button', { name: 'Pay' }));
    await screen.findByText('paymentWindowOpen');
    rerender(tree(second));
    expect(screen.getByTestId('status').textContent).toBe('paymentWindowOpen');
    act(() => p.window().onDismiss());
    expect(second).toHaveBeenCalledWith({ tone: 'info', message: 'Payment canceled. You can try again later.' });
    expect(first).not.toHaveBeenCalled();
    expect(p.payments.createOrder).toHaveBeenCalledTimes(1);
  });

  it('needs a BillingProvider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<PayButton plan="monthly" />)).toThrow('BillingProvider');
  });
});

describe('useCancelSubscription', () => {
  it('cancels and shows until when access lasts', async () => {
    const p = ports();
    render(
      <BillingProvider payments={p.payments} checkout={p.checkout}>
        <CancelButton />
      </BillingProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Cancel subscription' }));
    expect(await screen.findByTestId('until')).toHaveProperty('textContent', '2027-01-05T00:00:00.000Z');
    expect(p.payments.cancelSubscription).toHaveBeenCalledWith({ subscriptionId: 'order_A1' }, expect.anything());
  });

  it('shows the spec message on failure', async () => {
    const p = ports({
      cancelSubscription: async () => {
        throw new PaymentsError('provider', 'Internal error', 500);
      },
    });
    render(
      <BillingProvider payments={p.payments} checkout={p.checkout}>
        <CancelButton />
      </BillingProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Cancel subscription' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Failed to cancel subscription. Please try again later or contact support.',
    );
  });
});
