/** The fields of a subscriptions row that decide access. */
export interface SubscriptionLike {
  status: string;
  end_date: string | null;
  /** Set when the user cancelled; status stays 'active' and access lasts until end_date. */
  cancelled_at?: string | null;
}

/**
 * Whether a subscription row gives access at `now`: the specification's rule, status 'active' and end_date in the
 * future. Cancelling does not change the status (it sets cancelled_at), so a cancelled subscription keeps access
 * until the end of the period already paid for and then ends by itself. Other statuses never give access.
 */
export function hasSubscriptionAccess(
  subscription: SubscriptionLike | null | undefined,
  now: Date = new Date(),
): boolean {
  if (!subscription?.end_date || subscription.status !== 'active') return false;
  const end = Date.parse(subscription.end_date);
  return Number.isFinite(end) && end > now.getTime();
}

/**
 * What a subscription row means for the user at `now`:
 * - 'active': access, renewing is not cancelled
 * - 'cancelled': access until end_date, then it ends (cancelled_at is set)
 * - 'ended': no access (end_date passed, or a status other than active)
 * - 'none': no subscription
 */
export type SubscriptionState = 'active' | 'cancelled' | 'ended' | 'none';

export function subscriptionState(
  subscription: SubscriptionLike | null | undefined,
  now: Date = new Date(),
): SubscriptionState {
  if (!subscription) return 'none';
  if (!hasSubscriptionAccess(subscription, now)) return 'ended';
  return subscription.cancelled_at ? 'cancelled' : 'active';
}
