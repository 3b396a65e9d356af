import { useMachine } from '@xstate/react';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { type CancelledParams, createCancelMachine } from '../cancel-machine.ts';
import type { Message } from '../messages.ts';
import { createPaymentMachine, type PaymentInput } from '../payment-machine.ts';
import type { PlanId } from '../plans.ts';
import { useBillingDeps } from './BillingProvider.tsx';

/** Where the payment flow stands (the payment machine's state). */
export type PaymentStatus =
  | 'idle'
  | 'checkingSession'
  | 'loadingCheckout'
  | 'creatingOrder'
  | 'paymentWindowOpen'
  | 'verifying'
  | 'succeeded'
  | 'reloading'
  | 'canceled'
  | 'failed';

/** The payment flow as components use it (see `usePayment`). */
export interface UsePayment {
  /** Where the flow stands. */
  status: PaymentStatus;
  /** The spec message to show, or null. */
  message: Message | null;
  /** A payment is under way: disable the pay buttons. */
  isBusy: boolean;
  /** Start paying for the hook's plan, or for `plan` when given. */
  pay(plan?: PlanId): void;
  /** Back to idle after a failure or a cancel. */
  reset(): void;
}

/**
 * The payment flow for a plan ('monthly' or 'yearly'); needs a {@link BillingProvider}. The plan ids are a type here;
 * the machine still answers 'Invalid subscription plan' to any other value that reaches it from untyped code.
 */
export function usePayment(plan: PlanId, options: Omit<PaymentInput, 'plan'> = {}): UsePayment {
  const deps = useBillingDeps();
  const machine = useMemo(() => createPaymentMachine(deps), [deps]);
  const [snapshot, send] = useMachine(machine, { input: { plan, ...options } });
  const pay = useCallback((p?: PlanId) => send({ type: 'PAY', plan: p ?? plan }), [send, plan]);
  const reset = useCallback(() => send({ type: 'RESET' }), [send]);
  return {
    status: snapshot.value as PaymentStatus,
    message: snapshot.context.message,
    isBusy: snapshot.hasTag('busy'),
    pay,
    reset,
  };
}

/** Where the cancel flow stands (the cancel machine's state). */
export type CancelStatus = 'idle' | 'checkingSession' | 'cancelling' | 'cancelled' | 'failed';

/** The cancel flow as components use it (see `useCancelSubscription`). */
export interface UseCancelSubscription {
  /** Where the flow stands. */
  status: CancelStatus;
  /** The spec message to show, or null. */
  message: Message | null;
  /** A cancel is under way: disable the button. */
  isBusy: boolean;
  /** ISO date until which access lasts after cancelling (the paid end_date). */
  accessUntil: string | null;
  /** When it was cancelled (the subscription stays active until accessUntil). */
  cancelledAt: string | null;
  /** Cancels the hook's subscription, or `subscriptionId` when given. */
  cancel(subscriptionId?: string): void;
  /** Back to idle after a failure. */
  reset(): void;
}

/** The cancel flow; needs a {@link BillingProvider}. */
export function useCancelSubscription(
  subscriptionId?: string,
  options: { onCancelled?: (result: CancelledParams) => void } = {},
): UseCancelSubscription {
  const deps = useBillingDeps();
  // The latest callback, without making a new machine on every render.
  const onCancelled = useRef(options.onCancelled);
  useEffect(() => {
    onCancelled.current = options.onCancelled;
  });
  const machine = useMemo(
    () =>
      createCancelMachine({
        payments: deps.payments,
        notify: deps.notify,
        onCancelled: (result) => onCancelled.current?.(result),
      }),
    [deps],
  );
  const [snapshot, send] = useMachine(machine, { input: subscriptionId ? { subscriptionId } : {} });
  const cancel = useCallback(
    (id?: string) =>
      send({ type: 'CANCEL', ...((id ?? subscriptionId) ? { subscriptionId: id ?? subscriptionId } : {}) }),
    [send, subscriptionId],
  );
  const reset = useCallback(() => send({ type: 'RESET' }), [send]);
  return {
    status: snapshot.value as CancelStatus,
    message: snapshot.context.message,
    isBusy: snapshot.hasTag('busy'),
    accessUntil: snapshot.context.accessUntil,
    cancelledAt: snapshot.context.cancelledAt,
    cancel,
    reset,
  };
}
