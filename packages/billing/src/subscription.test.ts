import { describe, expect, it } from 'vitest';
import { hasSubscriptionAccess, type SubscriptionLike, subscriptionState } from './subscription';

const now = new Date('2026-11-21T10:00:00.000Z');

describe('hasSubscriptionAccess: status active and end_date in the future', () => {
  it.each<[string, SubscriptionLike | null, boolean]>([
    ['active, ends later', { status: 'active', end_date: '2026-12-21T10:00:00.000Z' }, true],
    ['active, ended', { status: 'active', end_date: '2026-11-21T09:59:59.999Z' }, false],
    ['active, ends this very moment', { status: 'active', end_date: '2026-11-21T10:00:00.000Z' }, false],
    [
      'cancelled (cancelled_at set), paid period still running',
      { status: 'active', end_date: '2026-12-05T00:00:00.000Z', cancelled_at: '2026-11-20T00:00:00.000Z' },
      true,
    ],
    [
      'cancelled (cancelled_at set), paid period over',
      { status: 'active', end_date: '2026-11-01T00:00:00.000Z', cancelled_at: '2026-10-20T00:00:00.000Z' },
      false,
    ],
    ["status 'cancelled' (not written any more)", { status: 'cancelled', end_date: '2026-12-05T00:00:00.000Z' }, false],
    ['expired', { status: 'expired', end_date: '2026-12-21T10:00:00.000Z' }, false],
    ['pending', { status: 'pending', end_date: '2026-12-21T10:00:00.000Z' }, false],
    ['no end date', { status: 'active', end_date: null }, false],
    ['an unreadable end date', { status: 'active', end_date: 'soon' }, false],
    ['no subscription', null, false],
  ])('%s → %s', (_name, subscription, access) => {
    expect(hasSubscriptionAccess(subscription, now)).toBe(access);
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
