import { type ActorRefFrom, assign, fromPromise, type SnapshotFrom, setup } from 'xstate';
import { type Message, messages } from './messages.ts';
import {
  type BillingSession,
  type CancelledSubscription,
  type CancelRequest,
  PaymentsError,
  type PaymentsPort,
} from './ports.ts';

/** The cancel machine's context. */
export interface CancelContext {
  /** The subscription being cancelled (its provider id), or undefined for the caller's current one. */
  subscriptionId: string | undefined;
  /** The session the request is made with, once checked. */
  session: BillingSession | null;
  /** When the cancelled subscription's access ends (its paid end_date, unchanged by cancelling). */
  accessUntil: string | null;
  /**
   * When it was cancelled. Cancelling keeps the subscription's status 'active' and sets cancelled_at, so "cancelled"
   * means "will not be extended; access until accessUntil".
   */
  cancelledAt: string | null;
  /** The spec message to show, or null. */
  message: Message | null;
  /** The last error, for logs. */
  error: unknown;
}

/** Input of the cancel machine. */
export interface CancelInput {
  /** The subscription's provider id (subscriptions.provider_subscription_id). */
  subscriptionId?: string;
}

/** Events the cancel machine accepts: cancel, or back to idle. */
export type CancelEvent =
  /** Cancel the subscription (optionally another one than the input's). */
  { type: 'CANCEL'; subscriptionId?: string } | { type: 'RESET' };

/** What the `cancelled` action (and `onCancelled`) receive: access lasts until accessUntil. */
export interface CancelledParams {
  /** When access ends (the paid end_date). */
  accessUntil: string | null;
  /** When the subscription was cancelled. */
  cancelledAt: string | null;
}

/** The message for a failed cancel: session problems get their own, anything else the spec's cancel failure. */
export function cancelErrorMessage(error: unknown): Message {
  if (error instanceof PaymentsError) {
    if (error.kind === 'session-not-found') return messages.sessionNotFound;
    if (error.kind === 'session-invalid') return messages.sessionInvalid;
  }
  return messages.cancelFailed;
}

/** The cancel flow (session check, cancel request, result) with placeholder actors; use {@link createCancelMachine}. */
export const cancelMachine = setup({
  types: {
    context: {} as CancelContext,
    events: {} as CancelEvent,
    input: {} as CancelInput,
    tags: {} as 'busy',
  },
  actors: {
    getSession: fromPromise<BillingSession | null>(async () => {
      throw new Error("@bahi/billing: the 'getSession' actor was not provided; use createCancelMachine(deps)");
    }),
    cancelSubscription: fromPromise<CancelledSubscription, { request: CancelRequest; session: BillingSession }>(
      async () => {
        throw new Error(
          "@bahi/billing: the 'cancelSubscription' actor was not provided; use createCancelMachine(deps)",
        );
      },
    ),
  },
  actions: {
    /** Takes the subscription id of a CANCEL event and clears a previous failure. */
    takeRequest: assign({
      subscriptionId: ({ context, event }) =>
        event.type === 'CANCEL' && event.subscriptionId ? event.subscriptionId : context.subscriptionId,
      message: null,
      error: null,
    }),
    /** Hook for toasts; does nothing unless provided. */
    notify: (_, _params: { tone: 'error'; message: Message }) => {},
    /** Called once the subscription is cancelled (e.g. to refetch it); does nothing unless provided. */
    cancelled: (_, _params: CancelledParams) => {},
  },
}).createMachine({
  id: 'cancelSubscription',
  context: ({ input }) => ({
    subscriptionId: input.subscriptionId,
    session: null,
    accessUntil: null,
    cancelledAt: null,
    message: null,
    error: null,
  }),
  initial: 'idle',
  states: {
    idle: {
      on: { CANCEL: { target: 'checkingSession', actions: 'takeRequest' } },
    },
    checkingSession: {
      tags: ['busy'],
      invoke: {
        id: 'getSession',
        src: 'getSession',
        onDone: [
          {
            guard: ({ event }) => event.output !== null,
            target: 'cancelling',
            actions: assign({ session: ({ event }) => event.output }),
          },
          { target: 'failed', actions: assign({ message: messages.sessionNotFound }) },
        ],
        onError: {
          target: 'failed',
          actions: assign({
            message: ({ event }) => cancelErrorMessage(event.error),
            error: ({ event }) => event.error,
          }),
        },
      },
    },
    cancelling: {
      tags: ['busy'],
      invoke: {
        id: 'cancelSubscription',
        src: 'cancelSubscription',
        input: ({ context }) => ({
          request: context.subscriptionId ? { subscriptionId: context.subscriptionId } : {},
          session: context.session!,
        }),
        onDone: {
          target: 'cancelled',
          actions: assign({
            accessUntil: ({ event }) => event.output.endDate ?? null,
            cancelledAt: ({ event }) => event.output.cancelledAt ?? null,
          }),
        },
        onError: {
          target: 'failed',
          actions: assign({
            message: ({ event }) => cancelErrorMessage(event.error),
            error: ({ event }) => event.error,
          }),
        },
      },
    },
    cancelled: {
      entry: {
        type: 'cancelled',
        params: ({ context }) => ({ accessUntil: context.accessUntil, cancelledAt: context.cancelledAt }),
      },
    },
    failed: {
      entry: {
        type: 'notify',
        params: ({ context }) => ({ tone: 'error' as const, message: context.message ?? messages.cancelFailed }),
      },
      on: {
        CANCEL: { target: 'checkingSession', actions: 'takeRequest' },
        RESET: { target: 'idle', actions: assign({ message: null, error: null }) },
      },
    },
  },
});

/** The cancel machine's type. */
export type CancelMachine = typeof cancelMachine;
/** A snapshot of the cancel machine. */
export type CancelSnapshot = SnapshotFrom<CancelMachine>;
/** A running cancel machine. */
export type CancelActorRef = ActorRefFrom<CancelMachine>;

/** What the cancel machine needs: the payments port and optional callbacks. */
export interface CancelDeps {
  /** The server side of payments. */
  payments: PaymentsPort;
  /** Toasts: called with the spec message when cancelling fails. */
  notify?: (notification: { tone: 'error'; message: Message }) => void;
  /** Called once the subscription is cancelled. */
  onCancelled?: (result: CancelledParams) => void;
}

/** The cancel machine wired to a payments port. */
export function createCancelMachine(deps: CancelDeps): CancelMachine {
  return cancelMachine.provide({
    actors: {
      getSession: fromPromise(() => deps.payments.getSession()),
      cancelSubscription: fromPromise(({ input }) => deps.payments.cancelSubscription(input.request, input.session)),
    },
    actions: {
      ...(deps.notify
        ? { notify: (_: unknown, params: { tone: 'error'; message: Message }) => deps.notify?.(params) }
        : {}),
      ...(deps.onCancelled ? { cancelled: (_: unknown, params: CancelledParams) => deps.onCancelled?.(params) } : {}),
    },
  });
}
