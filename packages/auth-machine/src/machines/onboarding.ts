import { assign, enqueueActions, fromPromise, setup } from 'xstate';
import { ONBOARDING_FLAG_TRUE, PATHS, STORAGE_KEYS } from '../constants.ts';
import type { AuthPorts, AuthUser } from '../ports.ts';
import { needsOnboarding, needsOnboardingSync } from '../rules/onboarding.ts';

/** What the onboarding check found: complete, complete in the profile but not yet in the user's metadata, or not complete. */
export type OnboardingVerdict = 'complete' | 'completeButNotSynced' | 'incomplete';

/** The onboarding machine's context. */
export interface OnboardingContext {
  /** The user being checked, or null before the first check. */
  user: AuthUser | null;
  /** The path the user is on. */
  pathname: string;
}

/** Events the onboarding machine accepts. */
export type OnboardingEvent =
  /** Check the signed-in user on this path: after each sign-in, and when a signed-in user opens /login or /signup. */
  | { type: 'CHECK'; user: AuthUser; pathname: string }
  /** The onboarding screen was finished. */
  | { type: 'COMPLETE' };

/** Paths a signed-in, completed user leaves for /dashboard: the forms have nothing left to offer them. */
const AUTH_FORM_PATHS: readonly string[] = [PATHS.login, PATHS.signup];

/**
 * Onboarding: sends users who have not completed it to /onboarding, syncs a local completion flag back to the server,
 * and takes a signed-in, completed user from /login or /signup to /dashboard.
 */
export function createOnboardingMachine(ports: Pick<AuthPorts, 'auth' | 'storage' | 'navigation'>) {
  return setup({
    types: { context: {} as OnboardingContext, events: {} as OnboardingEvent },
    actors: {
      checkOnboarding: fromPromise<OnboardingVerdict, { user: AuthUser }>(async ({ input }) => {
        const flag = ports.storage.local.getItem(STORAGE_KEYS.onboardingCompleted);
        if (needsOnboarding(input.user, flag)) return 'incomplete';
        return needsOnboardingSync(input.user, flag) ? 'completeButNotSynced' : 'complete';
      }),
      syncToServer: fromPromise(() => ports.auth.updateUser({ data: { onboarding_completed: true } })),
      markComplete: fromPromise(async () => {
        ports.storage.local.setItem(STORAGE_KEYS.onboardingCompleted, ONBOARDING_FLAG_TRUE);
        await ports.auth.updateUser({ data: { onboarding_completed: true } });
      }),
    },
    guards: {
      onEmailVerification: ({ context }) => context.pathname === PATHS.emailVerification,
      verdictIs: ({ event }, verdict: OnboardingVerdict) => 'output' in event && event.output === verdict,
      onAuthForm: ({ context }) => AUTH_FORM_PATHS.includes(context.pathname),
      notOnOnboarding: ({ context }) => context.pathname !== PATHS.onboarding,
    },
    actions: {
      goToOnboarding: () => ports.navigation.navigate(PATHS.onboarding, { replace: true }),
      goToDashboard: () => ports.navigation.navigate(PATHS.dashboard, { replace: true }),
    },
  }).createMachine({
    id: 'onboarding',
    context: { user: null, pathname: '' },
    initial: 'idle',
    on: {
      CHECK: {
        target: '.deciding',
        reenter: true,
        actions: assign(({ event }) => ({ user: event.user, pathname: event.pathname })),
      },
    },
    states: {
      idle: {},
      deciding: {
        always: [{ guard: 'onEmailVerification', target: 'skipped' }, { target: 'checking' }],
      },
      checking: {
        invoke: {
          id: 'checkOnboarding',
          src: 'checkOnboarding',
          input: ({ context }) => ({ user: context.user as AuthUser }),
          onDone: [
            { guard: { type: 'verdictIs', params: 'incomplete' }, target: 'incomplete' },
            { guard: { type: 'verdictIs', params: 'completeButNotSynced' }, target: 'syncing' },
            { target: 'complete' },
          ],
          // A failed check counts as completed.
          onError: 'complete',
        },
      },
      /** The local flag said complete: tell the server, then carry on either way. */
      syncing: {
        invoke: { id: 'syncToServer', src: 'syncToServer', onDone: 'complete', onError: 'complete' },
      },
      incomplete: {
        entry: enqueueActions(({ check, enqueue }) => {
          if (check('notOnOnboarding')) enqueue('goToOnboarding');
        }),
        on: { COMPLETE: 'completing' },
      },
      completing: {
        // Finishing wins over a check that arrives meanwhile (updateUser itself emits USER_UPDATED).
        on: { CHECK: {} },
        invoke: {
          id: 'markComplete',
          src: 'markComplete',
          // The local flag is set either way; a failed server update is synced on the next check.
          onDone: { target: 'complete', actions: 'goToDashboard' },
          onError: { target: 'complete', actions: 'goToDashboard' },
        },
      },
      complete: {
        entry: enqueueActions(({ check, enqueue }) => {
          if (check('onAuthForm')) enqueue('goToDashboard');
        }),
      },
      /** No check on /email-verification. */
      skipped: {},
    },
  });
}

/** The machine made by `createOnboardingMachine`. */
export type OnboardingMachine = ReturnType<typeof createOnboardingMachine>;
