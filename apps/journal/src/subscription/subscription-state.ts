import { subscriptionState as accessState, messages } from '@bahi/billing';
import type { PlanId, SubscriptionState } from '@bahi/ui';
import type { SubscriptionRow } from './subscription-data';

/**
 * What the subscription page shows, from the payment flow's status and the query of the user's newest subscription
 * (`data` is undefined until it has loaded, null when there is none).
 */
export function subscriptionState(
  payment: { status: string; message: string | null },
  plan: PlanId,
  subscription: { data?: SubscriptionRow | null; error?: { message: string } | null },
  cancel: { isBusy: boolean; message: string | null; status: string },
  now = Date.now(),
): SubscriptionState {
  switch (payment.status) {
    case 'checkingSession':
    case 'loadingCheckout':
    case 'creatingOrder':
      return { status: 'creating-order', plan };
    case 'paymentWindowOpen':
      return { status: 'checkout-open', plan };
    case 'verifying':
      return { status: 'verifying', plan };
    case 'succeeded':
    case 'reloading':
      return { status: 'success', plan };
    case 'canceled':
      return { status: 'canceled' };
    case 'failed':
      return { status: 'failed', message: payment.message ?? messages.orderFailed };
  }
  // Plans are offered only once we know the user has none: a subscriber must not be shown "Choose a plan".
  const row = subscription.data;
  if (row === undefined) {
    return subscription.error ? { status: 'load-failed', detail: subscription.error.message } : { status: 'loading' };
  }
  if (!row?.end_date || !row.plan) return { status: 'no-plan' };
  const endDate = row.end_date;
  switch (accessState(row, new Date(now))) {
    case 'active':
      return {
        status: 'active',
        plan: row.plan,
        endDate,
        cancelling: cancel.isBusy,
        cancelError: cancel.status === 'failed' ? (cancel.message ?? undefined) : undefined,
      };
    case 'cancelled':
      return { status: 'cancelled-active', plan: row.plan, endDate };
    default:
      return { status: 'expired', plan: row.plan, endDate };
  }
}
