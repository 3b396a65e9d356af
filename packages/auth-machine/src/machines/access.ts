import { assign, fromPromise, setup } from 'xstate';
import { GUARD_DELAY_MS, PATHS, SUBSCRIPTION_CHECK_ATTEMPTS, SUBSCRIPTION_RETRY_DELAYS_MS } from '../constants.ts';
import { MESSAGES } from '../messages.ts';
import type { AuthPorts, AuthUser, SubscriptionRecord } from '../ports.ts';
import { isAccountWithinFreeWindow, isSubscriptionActive } from '../rules/access.ts';
import type { RouteClass } from '../rules/routes.ts';

/** Answers of the role checks; null when the check itself failed. */
export interface RoleAnswers {
  /** Whether the user is an admin. */
  admin: boolean | null;
  /** Whether the user has free access. */
  freeAccess: boolean | null;
}

/** The access (route guard) machine's context. */
export interface AccessContext {
  /** The class of the guarded route. */
  routeClass: RouteClass;
  /** undefined while the session is still loading. */
  user: AuthUser | null | undefined;
  /** Subscription check attempts made so far. */
  attempts: number;
  /** A role check failed, so "not admin / no free access" is not known for sure. */
  roleCheckFailed: boolean;
  /** At least one subscription check got an answer from the server. */
  subscriptionAnswered: boolean;
  /** What the guard shows while not granting access (a spec message), or null. */
  message: string | null;
}

/** Input of the access machine: the route's class and, when already known, the user. */
export interface AccessInput {
  /** The class of the guarded route (see `classifyRoute`). */
  routeClass: RouteClass;
  /** The signed-in user, null for nobody; omitted while the session is still loading. */
  user?: AuthUser | null;
}

/** Events the access machine accepts. */
export type AccessEvent =
  /** The session is known or changed: check again for this user (null: nobody is logged in). */
  | { type: 'SESSION'; user: AuthUser | null }
  /** The guarded route changed: check again for its class. */
  | { type: 'ROUTE'; routeClass: RouteClass }
  /** Try again after the checks could not be completed. */
  | { type: 'RETRY' };

/** What every check is asked about: the signed-in user's id. */
const signedInUser = ({ context }: { context: AccessContext }) => ({ userId: context.user?.id ?? '' });

/**
 * The route guard. Public routes pass at once; everything else needs a user; login-only routes then pass; the others need
 * the admin role, free access, an account younger than 24 hours, or an active subscription.
 */
export function createAccessMachine(ports: Pick<AuthPorts, 'access' | 'clock' | 'navigation' | 'notifier'>) {
  return setup({
    types: {
      context: {} as AccessContext,
      events: {} as AccessEvent,
      input: {} as AccessInput,
    },
    actors: {
      checkRoles: fromPromise<RoleAnswers, { userId: string }>(async ({ input }) => {
        const [admin, freeAccess] = await Promise.allSettled([
          ports.access.isAdmin(input.userId),
          ports.access.hasFreeAccess(input.userId),
        ]);
        return {
          admin: admin.status === 'fulfilled' ? admin.value : null,
          freeAccess: freeAccess.status === 'fulfilled' ? freeAccess.value : null,
        };
      }),
      checkSubscription: fromPromise<SubscriptionRecord | null, { userId: string }>(({ input }) =>
        ports.access.latestActiveSubscription(input.userId),
      ),
    },
    guards: {
      sessionUnknown: ({ context }) => context.user === undefined,
      isPublicRoute: ({ context }) => context.routeClass === 'public',
      noUser: ({ context }) => !context.user,
      isLoginOnlyRoute: ({ context }) => context.routeClass === 'login-only',
      accountWithinFreeWindow: ({ context }) =>
        !!context.user && isAccountWithinFreeWindow(context.user.created_at, ports.clock.now()),
      hasRolePass: ({ event }) => {
        const answers = (event as { output?: RoleAnswers }).output;
        return answers?.admin === true || answers?.freeAccess === true;
      },
      subscriptionActive: ({ event }) =>
        isSubscriptionActive((event as { output?: SubscriptionRecord | null }).output ?? null, ports.clock.now()),
      attemptsLeft: ({ context }) => context.attempts < SUBSCRIPTION_CHECK_ATTEMPTS,
      outcomeUnknown: ({ context }) => context.roleCheckFailed || !context.subscriptionAnswered,
    },
    actions: {
      resetChecks: assign({ attempts: 0, roleCheckFailed: false, subscriptionAnswered: false, message: null }),
      noteRoleAnswers: assign({
        roleCheckFailed: ({ event }) => {
          const answers = (event as { output?: RoleAnswers }).output;
          return !answers || answers.admin === null || answers.freeAccess === null;
        },
      }),
      countAttempt: assign({ attempts: ({ context }) => context.attempts + 1 }),
      noteAnswer: assign({ subscriptionAnswered: true }),
      showVerifying: assign({ message: MESSAGES.verifyingAccess }),
      clearMessage: assign({ message: null }),
      goToLogin: () => ports.navigation.navigate(PATHS.login, { replace: true }),
      showSubscriptionRequired: assign({ message: MESSAGES.subscriptionRequired }),
      showUnavailable: assign({ message: MESSAGES.accessCheckUnavailable }),
      notifyMessage: ({ context }) => {
        if (context.message) ports.notifier.error(context.message);
      },
      goToSubscription: () => ports.navigation.navigate(PATHS.subscription, { replace: true }),
    },
    delays: {
      guardDelay: GUARD_DELAY_MS,
      /** 600 ms after the first failed attempt, 1200 ms after the second. */
      subscriptionRetry: ({ context }) =>
        SUBSCRIPTION_RETRY_DELAYS_MS[context.attempts - 1] ?? SUBSCRIPTION_RETRY_DELAYS_MS.at(-1) ?? 0,
    },
  }).createMachine({
    id: 'access',
    context: ({ input }) => ({
      routeClass: input.routeClass,
      user: input.user,
      attempts: 0,
      roleCheckFailed: false,
      subscriptionAnswered: false,
      message: null,
    }),
    on: {
      SESSION: { target: '.start', reenter: true, actions: assign({ user: ({ event }) => event.user }) },
      ROUTE: { target: '.start', reenter: true, actions: assign({ routeClass: ({ event }) => event.routeClass }) },
    },
    initial: 'start',
    states: {
      start: {
        always: [
          // Nothing to check on a public route, not even the session.
          { guard: 'isPublicRoute', target: 'granted' },
          { guard: 'sessionUnknown', target: 'waitingForSession' },
          { target: 'verifying' },
        ],
      },
      /** The session is still loading. */
      waitingForSession: {
        entry: 'showVerifying',
      },
      /** 'Verifying access...' */
      verifying: {
        entry: ['resetChecks', 'showVerifying'],
        initial: 'settling',
        states: {
          settling: {
            after: { guardDelay: 'classifying' },
          },
          classifying: {
            always: [
              { guard: 'noUser', target: '#access.unauthenticated' },
              { guard: 'isLoginOnlyRoute', target: '#access.granted' },
              { guard: 'accountWithinFreeWindow', target: '#access.granted' },
              { target: 'checking' },
            ],
          },
          /**
           * The roles and the first subscription attempt, asked together: either answer can let the user in, so
           * neither waits for the other (one round trip to the server instead of two).
           */
          checking: {
            type: 'parallel',
            entry: 'countAttempt',
            states: {
              roles: {
                initial: 'asking',
                states: {
                  asking: {
                    invoke: {
                      id: 'checkRoles',
                      src: 'checkRoles',
                      input: signedInUser,
                      onDone: [
                        { guard: 'hasRolePass', target: '#access.granted' },
                        { target: 'answered', actions: 'noteRoleAnswers' },
                      ],
                      onError: { target: 'answered', actions: 'noteRoleAnswers' },
                    },
                  },
                  answered: { type: 'final' },
                },
              },
              subscription: {
                initial: 'asking',
                states: {
                  asking: {
                    invoke: {
                      id: 'checkSubscription',
                      src: 'checkSubscription',
                      input: signedInUser,
                      onDone: [
                        { guard: 'subscriptionActive', target: '#access.granted' },
                        { target: 'answered', actions: 'noteAnswer' },
                      ],
                      onError: { target: 'answered' },
                    },
                  },
                  answered: { type: 'final' },
                },
              },
            },
            // Neither let the user in: the subscription is asked again, the roles' answers stand.
            onDone: [{ guard: 'attemptsLeft', target: 'waitingToRetry' }, { target: 'concluding' }],
          },
          /** A later subscription attempt. */
          checkingSubscription: {
            entry: 'countAttempt',
            invoke: {
              id: 'checkSubscription',
              src: 'checkSubscription',
              input: signedInUser,
              onDone: [
                { guard: 'subscriptionActive', target: '#access.granted' },
                { guard: 'attemptsLeft', target: 'waitingToRetry', actions: 'noteAnswer' },
                { target: 'concluding', actions: 'noteAnswer' },
              ],
              onError: [{ guard: 'attemptsLeft', target: 'waitingToRetry' }, { target: 'concluding' }],
            },
          },
          waitingToRetry: {
            after: { subscriptionRetry: 'checkingSubscription' },
          },
          /** Every attempt is spent without an active subscription. */
          concluding: {
            always: [
              { guard: 'outcomeUnknown', target: '#access.unavailable' },
              { target: '#access.subscriptionRequired' },
            ],
          },
        },
      },
      granted: { entry: 'clearMessage' },
      /** No user: off to /login. */
      unauthenticated: { entry: ['clearMessage', 'goToLogin'] },
      /** 'A subscription is required to access this feature', off to /subscription. */
      subscriptionRequired: { entry: ['showSubscriptionRequired', 'notifyMessage', 'goToSubscription'] },
      /**
       * The checks themselves kept failing: neither let in nor sent away; the user can retry. The page shows the
       * message where the content would be (`message`), so it is not toasted as well.
       */
      unavailable: {
        entry: 'showUnavailable',
        on: { RETRY: { target: 'verifying', reenter: true } },
      },
    },
  });
}

/** The machine made by `createAccessMachine`. */
export type AccessMachine = ReturnType<typeof createAccessMachine>;
