import { isSubscriptionActive } from '@bahi/auth-machine';

/** The fields of a subscriptions row that decide access. */
export interface SubscriptionLike {
  /** The row's status ('active' gives access). */
  status: string;
  /** When the paid period ends (ISO 8601), or null. */
  end_date: string | null;
  /** Set when the user cancelled; status stays 'active' and access lasts until end_date. */
  cancelled_at?: string | null;
}

/**
 * What a subscription row means for the user at `now`:
 * - 'active': access, renewing is not cancelled
 * - 'cancelled': access until end_date, then it ends (cancelled_at is set)
 * - 'ended': no access (end_date passed, or a status other than active)
 * - 'none': no subscription
 */
export type SubscriptionState = 'active' | 'cancelled' | 'ended' | 'none';

/** What a subscription row means for the user at `now` (see {@link SubscriptionState}). */
export function subscriptionState(
  subscription: SubscriptionLike | null | undefined,
  now: Date = new Date(),
): SubscriptionState {
  if (!subscription) return 'none';
  // The access rule itself (status active, end_date in the future) is the route guard's, in @bahi/auth-machine.
  if (!isSubscriptionActive(subscription, now.getTime())) return 'ended';
  return subscription.cancelled_at ? 'cancelled' : 'active';
}
