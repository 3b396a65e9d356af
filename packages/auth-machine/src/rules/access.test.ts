import { describe, expect, it } from 'vitest';
import type { SubscriptionRecord } from '../ports.ts';
import { isAccountWithinFreeWindow, isSubscriptionActive } from './access.ts';

const now = Date.parse('2026-03-10T12:00:00.000Z');

describe('isAccountWithinFreeWindow', () => {
  it('passes an account created less than 24 hours ago', () => {
    expect(isAccountWithinFreeWindow('2026-03-09T12:00:00.001Z', now)).toBe(true);
    expect(isAccountWithinFreeWindow('2026-03-10T11:59:00.000Z', now)).toBe(true);
  });
  it('does not pass an account exactly 24 hours old or older', () => {
    expect(isAccountWithinFreeWindow('2026-03-09T12:00:00.000Z', now)).toBe(false);
    expect(isAccountWithinFreeWindow('2026-01-01T00:00:00.000Z', now)).toBe(false);
  });
  it('does not pass an unreadable date', () => {
    expect(isAccountWithinFreeWindow('not a date', now)).toBe(false);
  });
});

describe('isSubscriptionActive', () => {
  const sub = (status: string, end_date: string | null): SubscriptionRecord => ({
    user_id: 'u1',
    status,
    created_at: '2026-01-01T00:00:00.000Z',
    end_date,
  });

  it('is active with status active and an end date in the future', () => {
    expect(isSubscriptionActive(sub('active', '2026-03-10T12:00:00.001Z'), now)).toBe(true);
  });
  it('is not active when the end date has come', () => {
    expect(isSubscriptionActive(sub('active', '2026-03-10T12:00:00.000Z'), now)).toBe(false);
    expect(isSubscriptionActive(sub('active', '2026-02-01T00:00:00.000Z'), now)).toBe(false);
  });
  it('is not active with another status, no end date, or no record', () => {
    expect(isSubscriptionActive(sub('cancelled', '2027-01-01T00:00:00.000Z'), now)).toBe(false);
    expect(isSubscriptionActive(sub('active', null), now)).toBe(false);
    expect(isSubscriptionActive(null, now)).toBe(false);
  });
});
