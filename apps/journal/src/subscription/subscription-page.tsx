import { useSession } from '@bahi/auth-machine/react';
import { isPlanId, type Notification, PLANS } from '@bahi/billing';
import { BillingProvider, useCancelSubscription, usePayment } from '@bahi/billing/react';
import { type PlanId, SubscriptionScreen, toast } from '@bahi/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { queryKeys } from '../data/queries';
import { checkout, payments } from './billing';
import { useLatestSubscription } from './subscription-data';
import { subscriptionState } from './subscription-state';

const notify = ({ tone, message }: Notification) => toast[tone](message);

function Subscription() {
  const { user } = useSession();
  const queryClient = useQueryClient();
  const [plan, setPlan] = useState<PlanId>('monthly');
  const subscription = useLatestSubscription(user?.id);
  const payment = usePayment(plan);
  const cancel = useCancelSubscription(subscription.data?.provider_subscription_id ?? undefined);
  const cancelled = cancel.status === 'cancelled';
  useEffect(() => {
    if (cancelled) void queryClient.invalidateQueries({ queryKey: queryKeys.subscription(user?.id) });
  }, [cancelled, queryClient, user?.id]);
  return (
    <SubscriptionScreen
      state={subscriptionState(payment, plan, subscription, cancel)}
      plans={PLANS}
      onChoosePlan={(id) => {
        if (!isPlanId(id)) return;
        setPlan(id);
        payment.pay(id);
      }}
      onCancelSubscription={() => cancel.cancel(subscription.data?.provider_subscription_id ?? undefined)}
      onRetry={() => void subscription.refetch()}
    />
  );
}

export default function SubscriptionPage() {
  return (
    <BillingProvider payments={payments} checkout={checkout} notify={notify}>
      <Subscription />
    </BillingProvider>
  );
}
