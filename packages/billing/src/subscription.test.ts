import { describe, expect, it } from 'vitest';
import { type SubscriptionLike, subscriptionState } from './subscription.ts';

const now = new Date('2026-11-21T10:00:00.000Z');

describe('subscriptionState: access is status active and end_date in the future', () => {
  it.each<[string, SubscriptionLike | null, string]>([
    ['active, ends later', { status: 'active', end_date: '2026-12-21T10:00:00.000Z' }, 'active'],
    ['active, ended', { status: 'active', end_date: '2026-11-21T09:59:59.999Z' }, 'ended'],
    ['active, ends this very moment', { status: 'active', end_date: '2026-11-21T10:00:00.000Z' }, 'ended'],
    [
      'cancelled (cancelled_at set), paid period still running',
      { status: 'active', end_date: '2026-12-05T00:00:00.000Z', cancelled_at: '2026-11-20T00:00:00.000Z' },
      'cancelled',
    ],
    [
      'cancelled (cancelled_at set), paid period over',
      { status: 'active', end_date: '2026-11-01T00:00:00.000Z', cancelled_at: '2026-10-20T00:00:00.000Z' },
      'ended',
    ],
    [
      "status 'cancelled' (not written any more)",
      { status: 'cancelled', end_date: '2026-12-05T00:00:00.000Z' },
      'ended',
    ],
    ['expired', { status: 'expired', end_date: '2026-12-21T10:00:00.000Z' }, 'ended'],
    ['pending', { status: 'pending', end_date: '2026-12-21T10:00:00.000Z' }, 'ended'],
    ['no end date', { status: 'active', end_date: null }, 'ended'],
    ['an unreadable end date', { status: 'active', end_date: 'soon' }, 'ended'],
    ['no subscription', null, 'none'],
  ])('%s → %s', (_name, subscription, state) => {
    expect(subscriptionState(subscription, now)).toBe(state);
  });
});

describe('subscriptionState', () => {
  it.each<[SubscriptionLike | null, string]>([
    [{ status: 'active', end_date: '2026-12-21T10:00:00.000Z', cancelled_at: null }, 'active'],
    [{ status: 'active', end_date: '2026-12-21T10:00:00.000Z' }, 'active'],
    [{ status: 'active', end_date: '2026-12-21T10:00:00.000Z', cancelled_at: '2026-11-20T00:00:00.000Z' }, 'cancelled'],
    [{ status: 'active', end_date: '2026-11-01T00:00:00.000Z', cancelled_at: '2026-10-20T00:00:00.000Z' }, 'ended'],
    [{ status: 'active', end_date: '2026-11-01T00:00:00.000Z' }, 'ended'],
    [{ status: 'expired', end_date: '2026-12-21T10:00:00.000Z' }, 'ended'],
    [null, 'none'],
  ])('%j → %s', (subscription, state) => {
    expect(subscriptionState(subscription, now)).toBe(state);
  });
});
