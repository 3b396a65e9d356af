import { CalendarCheck, CircleCheck, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '../../components/alert';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '../../components/alert-dialog';
import { Badge } from '../../components/badge';
import { Button } from '../../components/button';
import {
  Card,
  CardAction,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from '../../components/card';
import { LoadError } from '../../components/load-error';
import { Skeleton } from '../../components/skeleton';
import { Spinner } from '../../components/spinner';
import { formatDate } from '../../lib/dates';
import { UI_MESSAGES } from '../../lib/messages';
import {
  formatPrice,
  monthlyEquivalent,
  type PlanCatalog,
  type PlanId,
  type PlanOnSale,
  planFeatures,
  plansOnSale,
  savingsPercent,
} from '../../lib/plans';
import { cn } from '../../lib/utils';

/** `PlanId`, `PlanOnSale` and `PlanCatalog`: the plans as the screens show them (billing's `PLANS` fits). */
export type { PlanCatalog, PlanId, PlanOnSale };

export type SubscriptionState =
  /** The user's subscription is still loading: no plan is offered yet (a subscriber must not be asked to buy). */
  | { status: 'loading' }
  /** The user's subscription could not be loaded; `detail` is the error, shown collapsed for support. */
  | { status: 'load-failed'; detail?: string }
  | { status: 'no-plan' }
  | { status: 'creating-order'; plan: PlanId }
  | { status: 'checkout-open'; plan: PlanId }
  | { status: 'verifying'; plan: PlanId }
  | { status: 'success'; plan: PlanId }
  | { status: 'canceled' }
  /** `message`: one of billing's `messages` (the spec's words), e.g. `messages.orderFailed`. */
  | { status: 'failed'; message: string }
  | { status: 'active'; plan: PlanId; endDate: string; cancelling?: boolean; cancelError?: string }
  | { status: 'cancelled-active'; plan: PlanId; endDate: string }
  | { status: 'expired'; plan: PlanId; endDate: string };

export interface SubscriptionScreenProps {
  /** Where the payment and cancel flows are, or the current plan. */
  state: SubscriptionState;
  /** The plans on sale: billing's `PLANS`. */
  plans: PlanCatalog;
  /** Starts paying for a plan. */
  onChoosePlan?: (plan: PlanId) => void;
  /** Cancels the subscription, once confirmed. */
  onCancelSubscription?: () => void;
  /** Loads the subscription again after `load-failed` ('Try again'). */
  onRetry?: () => void;
}

function PlanCard({
  plan,
  monthly,
  busy,
  disabled,
  onChoose,
}: {
  plan: PlanOnSale;
  monthly: PlanOnSale;
  busy: boolean;
  disabled: boolean;
  onChoose?: (plan: PlanId) => void;
}) {
  const savings = savingsPercent(plan, monthly);
  const featured = savings > 0;
  return (
    <Card data-plan={plan.id} className={cn(featured && 'border-primary ring-1 ring-primary')}>
      <CardHeader>
        <CardTitle asChild>
          <h2 className="text-lg">{plan.name}</h2>
        </CardTitle>
        <CardDescription>{plan.description}</CardDescription>
        {/* Beside the title, so that both cards' prices stand on the same line. */}
        {featured ? (
          <CardAction>
            <Badge variant="default">Save {savings}%</Badge>
          </CardAction>
        ) : null}
      </CardHeader>
      <CardContent className="grid gap-4">
        <div>
          <p>
            <span className="font-bold text-4xl tabular-nums">{formatPrice(plan.amount)}</span>
            <span className="text-muted-foreground"> / {plan.period}</span>
          </p>
          {plan.period === 'year' ? (
            <p className="text-muted-foreground text-sm">{formatPrice(monthlyEquivalent(plan))} a month</p>
          ) : null}
        </div>
        <ul className="grid gap-2 text-sm">
          {planFeatures.map((f) => (
            <li key={f} className="flex gap-2">
              <CircleCheck className="mt-0.5 size-4 shrink-0 text-success" aria-hidden="true" />
              {f}
            </li>
          ))}
        </ul>
      </CardContent>
      <CardFooter className="mt-auto">
        <Button
          className="w-full"
          variant={featured ? 'primary' : 'outline'}
          loading={busy}
          disabled={disabled}
          onClick={() => onChoose?.(plan.id)}
          aria-label={busy ? undefined : `Choose ${plan.name} plan, ${formatPrice(plan.amount)} a ${plan.period}`}
        >
          {busy ? 'Creating order…' : `Choose ${plan.name}`}
        </Button>
      </CardFooter>
    </Card>
  );
}

function PlanPicker({
  plans,
  busyPlan,
  disabled,
  onChoose,
}: {
  plans: PlanCatalog;
  busyPlan?: PlanId;
  disabled: boolean;
  onChoose?: (plan: PlanId) => void;
}) {
  return (
    <div className="grid gap-4 md:grid-cols-2">
      {plansOnSale(plans).map((plan) => (
        <PlanCard
          key={plan.id}
          plan={plan}
          monthly={plans.monthly}
          busy={busyPlan === plan.id}
          disabled={disabled || (busyPlan !== undefined && busyPlan !== plan.id)}
          onChoose={onChoose}
        />
      ))}
    </div>
  );
}

function CurrentPlan({
  plan,
  state,
  onCancel,
}: {
  plan: PlanOnSale | undefined;
  state: Extract<SubscriptionState, { status: 'active' | 'cancelled-active' }>;
  onCancel?: () => void;
}) {
  const [confirming, setConfirming] = useState(false);
  const ends = formatDate(state.endDate);
  const active = state.status === 'active';
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2 className="flex items-center gap-2 text-lg">
            {plan?.name ?? 'Bahi'} plan
            <Badge variant={active ? 'success' : 'warning'}>{active ? 'Active' : 'Cancelled'}</Badge>
          </h2>
        </CardTitle>
        <CardDescription>{plan ? `${formatPrice(plan.amount)} / ${plan.period}` : null}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm">
        <p className="flex items-center gap-2">
          <CalendarCheck className="size-4 text-muted-foreground" aria-hidden="true" />
          {active ? `Your access runs until ${ends}.` : `Your plan will not renew. Access continues until ${ends}.`}
        </p>
        {active && state.cancelError ? <Alert variant="error" title={state.cancelError} /> : null}
      </CardContent>
      {active ? (
        <CardFooter>
          <Button variant="outline" loading={state.cancelling} onClick={() => setConfirming(true)}>
            {state.cancelling ? 'Cancelling…' : 'Cancel subscription'}
          </Button>
          <AlertDialog open={confirming} onOpenChange={setConfirming}>
            <AlertDialogContent>
              <AlertDialogHeader>
                <AlertDialogTitle>Cancel your subscription?</AlertDialogTitle>
                <AlertDialogDescription>
                  You keep every feature until {ends}. After that your trades stay saved, but analytics, the calendar
                  and the AI assistant need a plan again.
                </AlertDialogDescription>
              </AlertDialogHeader>
              <AlertDialogFooter>
                <AlertDialogCancel>Keep my plan</AlertDialogCancel>
                <AlertDialogAction variant="destructive" onClick={() => onCancel?.()}>
                  Cancel subscription
                </AlertDialogAction>
              </AlertDialogFooter>
            </AlertDialogContent>
          </AlertDialog>
        </CardFooter>
      ) : null}
    </Card>
  );
}

/** The /subscription page in every state of the payment and cancel flows. */
export function SubscriptionScreen({
  state,
  plans,
  onChoosePlan,
  onCancelSubscription,
  onRetry,
}: SubscriptionScreenProps) {
  const planOf = (id: PlanId): PlanOnSale | undefined => plans[id];
  const picking =
    state.status === 'no-plan' ||
    state.status === 'creating-order' ||
    state.status === 'checkout-open' ||
    state.status === 'canceled' ||
    state.status === 'failed' ||
    state.status === 'expired';

  return (
    <div
      data-slot="subscription-screen"
      className="mx-auto grid max-w-4xl gap-6"
      aria-busy={state.status === 'loading' || undefined}
    >
      <header className="grid gap-1">
        <h1 className="font-bold text-2xl">Subscription</h1>
        <p className="text-muted-foreground">
          One plan with every feature. Pay by UPI, card or net banking through Razorpay.
        </p>
      </header>

      {state.status === 'loading' ? (
        <>
          <p role="status" className="sr-only">
            Loading your subscription…
          </p>
          <div className="grid gap-4 md:grid-cols-2">
            <Skeleton className="h-96 rounded-xl" />
            <Skeleton className="h-96 rounded-xl" />
          </div>
        </>
      ) : null}
      {state.status === 'load-failed' ? <LoadError onRetry={onRetry} detail={state.detail} /> : null}
      {state.status === 'canceled' ? <Alert variant="warning" title={UI_MESSAGES.paymentCanceled} /> : null}
      {state.status === 'failed' ? <Alert variant="error" title={state.message} /> : null}
      {state.status === 'expired' ? (
        <Alert
          variant="warning"
          title={`Your ${planOf(state.plan)?.name ?? ''} plan ended on ${formatDate(state.endDate)}.`}
        >
          Choose a plan to pick up where you left off. Your trades and notes are still here.
        </Alert>
      ) : null}
      {state.status === 'checkout-open' ? (
        <Alert variant="info" title="Complete the payment in the Razorpay window">
          Paying for the {planOf(state.plan)?.name ?? ''} plan. Closing the window cancels the payment; you will not be
          charged.
        </Alert>
      ) : null}

      {state.status === 'verifying' ? (
        <Card className="items-center text-center" aria-busy="true">
          <CardContent className="grid justify-items-center gap-3 py-6">
            <Spinner size="lg" label={null} className="text-primary" />
            <p role="status" className="font-semibold">
              Verifying your payment…
            </p>
            <p className="text-muted-foreground text-sm">This takes a few seconds. Please keep this page open.</p>
          </CardContent>
        </Card>
      ) : null}

      {state.status === 'success' ? (
        <Card className="items-center text-center">
          <CardContent className="grid justify-items-center gap-3 py-6">
            <ShieldCheck className="size-10 text-success" aria-hidden="true" />
            <p role="status" className="font-semibold text-lg">
              {UI_MESSAGES.paymentSuccessful}
            </p>
            <p className="text-muted-foreground text-sm">
              Your {planOf(state.plan)?.name ?? ''} plan is active. Reloading your journal…
            </p>
          </CardContent>
        </Card>
      ) : null}

      {state.status === 'active' || state.status === 'cancelled-active' ? (
        <CurrentPlan plan={planOf(state.plan)} state={state} onCancel={onCancelSubscription} />
      ) : null}

      {picking ? (
        <PlanPicker
          plans={plans}
          busyPlan={state.status === 'creating-order' ? state.plan : undefined}
          disabled={state.status === 'checkout-open'}
          onChoose={onChoosePlan}
        />
      ) : null}

      <p className="text-muted-foreground text-xs">
        Prices are in Indian rupees. Payments are processed by Razorpay; Bahi never sees your card or UPI details.
      </p>
    </div>
  );
}
