import { describe, expect, it } from 'vitest';
import type { SubscriptionRow } from './subscription-data';
import { subscriptionState } from './subscription-state';

const now = Date.parse('2026-11-21T12:00:00Z');
const idle = { status: 'idle', message: null };
const noCancel = { isBusy: false, message: null, status: 'idle' };
const row = (patch: Partial<SubscriptionRow>): SubscriptionRow => ({
  id: 's1',
  status: 'active',
  plan: 'monthly',
  created_at: '2026-11-01T00:00:00Z',
  end_date: '2026-12-01T00:00:00Z',
  provider_subscription_id: 'order_1',
  cancelled_at: null,
  ...patch,
});

describe('subscriptionState', () => {
  it('follows the payment flow first', () => {
    expect(
      subscriptionState({ status: 'creatingOrder', message: null }, 'yearly', { data: null }, noCancel, now),
    ).toEqual({
      status: 'creating-order',
      plan: 'yearly',
    });
    expect(
      subscriptionState({ status: 'paymentWindowOpen', message: null }, 'monthly', { data: null }, noCancel, now),
    ).toEqual({
      status: 'checkout-open',
      plan: 'monthly',
    });
    expect(
      subscriptionState(
        { status: 'canceled', message: 'Payment canceled. You can try again later.' },
        'monthly',
        { data: row({}) },
        noCancel,
        now,
      ),
    ).toEqual({ status: 'canceled' });
  });

  it('shows no plan, an active plan, a cancelled one still running, and an expired one', () => {
    expect(subscriptionState(idle, 'monthly', { data: null }, noCancel, now)).toEqual({ status: 'no-plan' });
    expect(subscriptionState(idle, 'monthly', { data: row({}) }, noCancel, now)).toMatchObject({ status: 'active' });
    expect(
      subscriptionState(idle, 'monthly', { data: row({ cancelled_at: '2026-11-20T00:00:00Z' }) }, noCancel, now),
    ).toEqual({
      status: 'cancelled-active',
      plan: 'monthly',
      endDate: '2026-12-01T00:00:00Z',
    });
    expect(
      subscriptionState(idle, 'monthly', { data: row({ end_date: '2026-11-20T00:00:00Z' }) }, noCancel, now),
    ).toMatchObject({
      status: 'expired',
    });
  });

  it('offers no plans until the subscription has loaded, and says when it could not be', () => {
    expect(subscriptionState(idle, 'monthly', { data: undefined, error: null }, noCancel, now)).toEqual({
      status: 'loading',
    });
    expect(
      subscriptionState(idle, 'monthly', { data: undefined, error: new Error('Failed to fetch') }, noCancel, now),
    ).toEqual({ status: 'load-failed', detail: 'Failed to fetch' });
  });
});
