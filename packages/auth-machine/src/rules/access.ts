import { NEW_ACCOUNT_FREE_WINDOW_MS } from '../constants.ts';
import type { SubscriptionRecord } from '../ports.ts';

/** An account created less than 24 hours ago passes without a subscription. */
export function isAccountWithinFreeWindow(createdAt: string, nowMs: number): boolean {
  const created = Date.parse(createdAt);
  if (Number.isNaN(created)) return false;
  return nowMs - created < NEW_ACCOUNT_FREE_WINDOW_MS;
}

/** Subscription access: status active and end_date in the future. */
export function isSubscriptionActive(
  subscription: Pick<SubscriptionRecord, 'status' | 'end_date'> | null,
  nowMs: number,
): boolean {
  if (subscription === null || subscription.status !== 'active' || subscription.end_date === null) return false;
  const end = Date.parse(subscription.end_date);
  return !Number.isNaN(end) && end > nowMs;
}
