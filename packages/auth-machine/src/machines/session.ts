import { and, assertEvent, assign, fromCallback, fromPromise, setup } from 'xstate';
import {
  type AuthEventName,
  BROADCAST_REFRESH,
  DATA_REFRESH_DELAY_MS,
  LOGOUT_DELAY_MS,
  ONBOARDING_FLAG_TRUE,
  PATHS,
  STORAGE_KEYS,
} from '../constants.ts';
import { MESSAGES } from '../messages.ts';
import type { AuthSession, AuthUser, ServiceError, SessionPorts } from '../ports.ts';
import { messageOr } from '../rules/credentials.ts';
import { serialiseRecoveryToken } from '../rules/recovery.ts';
import {
  isIgnoredSignOutError,
  isReloadWithinWindow,
  isRetryableRefreshError,
  isStoredSessionValid,
} from '../rules/session.ts';

/** The session machine's context. */
export interface SessionContext {
  /** The current session, or null when nobody is signed in. */
  session: AuthSession | null;
  /** The signed-in user, or null. */
  user: AuthUser | null;
  /** An informational message ('Account switched. Refreshing data...'). */
  notice: string | null;
  /** The spec message of the last failure (for example a failed sign-out), or null. */
  error: string | null;
}

/** An auth event as supabase-js reports it. */
export type AuthStateEvent = { type: AuthEventName; session: AuthSession | null };

/** Events the session machine accepts: auth events from supabase-js and the user's or other views' requests. */
export type SessionEvent =
  | AuthStateEvent
  /** The user asks to log out. */
  | { type: 'SIGN_OUT' }
  /** Another view logged out and asks this one to refresh. */
  | { type: 'VIEW_REFRESH' }
  /** The page is being unloaded (pagehide); remembered for the reload refresh. */
  | { type: 'PAGE_UNLOAD' };

function errorOf(event: { error: unknown }): ServiceError {
  return typeof event.error === 'object' && event.error !== null ? (event.error as ServiceError) : {};
}

/** Clears local storage but keeps the onboarding flag, and clears session storage. */
function clearStorageKeepingOnboarding(storage: SessionPorts['storage']): void {
  const onboarding = storage.local.getItem(STORAGE_KEYS.onboardingCompleted);
  storage.local.clear();
  if (onboarding === ONBOARDING_FLAG_TRUE) storage.local.setItem(STORAGE_KEYS.onboardingCompleted, onboarding);
  storage.session.clear();
}

/**
 * The session flow: follows the auth events, logs in and out with the spec's side effects, notices account
 * switches, and refreshes the session after a quick reload.
 */
export function createSessionMachine(ports: SessionPorts) {
  /** Clearing a cache is best effort: a failure must not stop a login or a logout. */
  const clearCaches = () => {
    try {
      void Promise.resolve(ports.caches.clear()).catch(() => undefined);
    } catch {
      // ignored, see above
    }
  };

  return setup({
    types: { context: {} as SessionContext, events: {} as SessionEvent },
    actors: {
      authStateChanges: fromCallback(({ sendBack }) =>
        ports.auth.onAuthStateChange((type, session) => sendBack({ type, session })),
      ),
      otherViews: fromCallback(({ sendBack }) =>
        ports.broadcast.subscribe((message) => {
          if (message === BROADCAST_REFRESH) sendBack({ type: 'VIEW_REFRESH' });
        }),
      ),
      refreshSession: fromPromise(() => ports.auth.refreshSession()),
      signOut: fromPromise(() => ports.auth.signOut()),
    },
    guards: {
      hasSession: ({ event }) => 'session' in event && event.session !== null,
      /** The restored session counts only with an access token, a refresh token and an expiry. */
      hasValidStoredSession: ({ event }) => 'session' in event && isStoredSessionValid(event.session),
      isDifferentUser: ({ context, event }) =>
        'session' in event && event.session !== null && event.session.user.id !== context.user?.id,
      reloadedWithinWindow: () =>
        isReloadWithinWindow(ports.storage.local.getItem(STORAGE_KEYS.lastUnloadAt), ports.clock.now()),
      isIgnoredSignOutError: ({ event }) => 'error' in event && isIgnoredSignOutError(errorOf(event)),
      isNonRetryableRefreshError: ({ event }) => 'error' in event && !isRetryableRefreshError(errorOf(event)),
    },
    actions: {
      assignSession: assign(({ event }) => {
        const session = 'session' in event ? event.session : null;
        return session ? { session, user: session.user, error: null } : {};
      }),
      assignRefreshedSession: assign(({ context, event }) => {
        const session = 'output' in event ? (event.output as AuthSession | null) : null;
        return session ? { session, user: session.user } : { session: context.session };
      }),
      removeSession: assign({ session: null, user: null, notice: null }),
      clearNotice: assign({ notice: null }),
      assignSignOutError: assign({
        error: ({ event }) => messageOr('error' in event ? event.error : undefined, MESSAGES.signOutFailed),
      }),
      notifyError: ({ context }) => {
        if (context.error) ports.notifier.error(context.error);
      },
      clearCaches,
      clearSessionStorage: () => ports.storage.session.clear(),
      setAuthenticatedFlag: () => ports.storage.local.setItem(STORAGE_KEYS.authenticated, 'true'),
      clearStorageKeepingOnboarding: () => clearStorageKeepingOnboarding(ports.storage),
      broadcastRefresh: () => ports.broadcast.post(BROADCAST_REFRESH),
      showAccountSwitched: assign({ notice: MESSAGES.accountSwitched }),
      notifyAccountSwitched: () => ports.notifier.info(MESSAGES.accountSwitched),
      reloadView: () => ports.navigation.reload(),
      recordUnload: () => ports.storage.local.setItem(STORAGE_KEYS.lastUnloadAt, String(ports.clock.now())),
      keepRecoveryToken: ({ event }) => {
        assertEvent(event, 'PASSWORD_RECOVERY');
        if (!event.session) return;
        const { access_token, refresh_token } = event.session;
        ports.storage.session.setItem(
          STORAGE_KEYS.recoveryToken,
          serialiseRecoveryToken({ access_token, refresh_token }),
        );
      },
      goToResetPassword: () => ports.navigation.navigate(PATHS.resetPassword),
    },
    delays: {
      logoutDelay: LOGOUT_DELAY_MS,
      dataRefreshDelay: DATA_REFRESH_DELAY_MS,
    },
  }).createMachine({
    id: 'session',
    context: { session: null, user: null, notice: null, error: null },
    invoke: [{ src: 'authStateChanges' }, { src: 'otherViews' }],
    on: {
      VIEW_REFRESH: { actions: ['clearCaches', 'reloadView'] },
      PASSWORD_RECOVERY: {
        target: '.passwordRecovery',
        actions: ['assignSession', 'keepRecoveryToken', 'goToResetPassword'],
      },
    },
    initial: 'loading',
    states: {
      loading: {
        on: {
          INITIAL_SESSION: [
            {
              guard: and(['hasValidStoredSession', 'reloadedWithinWindow']),
              target: 'signedIn.refreshing',
              actions: 'assignSession',
            },
            { guard: 'hasValidStoredSession', target: 'signedIn', actions: 'assignSession' },
            { target: 'signedOut' },
          ],
          SIGNED_IN: {
            guard: 'hasSession',
            target: 'signedIn',
            actions: ['clearSessionStorage', 'clearCaches', 'setAuthenticatedFlag', 'assignSession'],
          },
          SIGNED_OUT: { target: 'signedOut' },
        },
      },
      signedOut: {
        on: {
          SIGNED_IN: {
            guard: 'hasSession',
            target: 'signedIn',
            actions: ['clearSessionStorage', 'clearCaches', 'setAuthenticatedFlag', 'assignSession'],
          },
        },
      },
      signedIn: {
        initial: 'active',
        on: {
          SIGNED_IN: [
            {
              guard: 'isDifferentUser',
              target: '.switchingAccount',
              actions: ['assignSession', 'showAccountSwitched', 'notifyAccountSwitched'],
            },
            { actions: 'assignSession' },
          ],
          TOKEN_REFRESHED: { actions: 'assignSession' },
          USER_UPDATED: { actions: 'assignSession' },
          MFA_CHALLENGE_VERIFIED: { actions: 'assignSession' },
          SIGNED_OUT: { target: 'signedOut', actions: ['removeSession', 'clearCaches'] },
          SIGN_OUT: { target: 'signingOut' },
          // Only a session needs the reload refresh; a signed-out view leaves nothing behind in storage.
          PAGE_UNLOAD: { actions: 'recordUnload' },
        },
        states: {
          active: {},
          /** A reload within 5 s of the last unload: refresh the session once. */
          refreshing: {
            invoke: {
              id: 'refreshSession',
              src: 'refreshSession',
              onDone: { target: 'active', actions: 'assignRefreshedSession' },
              onError: [
                {
                  guard: 'isNonRetryableRefreshError',
                  target: '#session.signedOut',
                  actions: ['removeSession', 'clearCaches'],
                },
                { target: 'active' },
              ],
            },
          },
          /** 'Account switched. Refreshing data...', then the cache is cleared. */
          switchingAccount: {
            after: { dataRefreshDelay: { target: 'active', actions: ['clearCaches', 'clearNotice'] } },
          },
        },
      },
      signingOut: {
        initial: 'waiting',
        states: {
          waiting: { after: { logoutDelay: 'signingOut' } },
          // Storage is cleared once the service has signed out: supabase-js reads the session it revokes from storage,
          // so clearing it first would sign out this device only and leave the session alive on the server.
          signingOut: {
            entry: 'clearCaches',
            invoke: {
              id: 'signOut',
              src: 'signOut',
              onDone: {
                target: '#session.signedOut',
                actions: ['clearStorageKeepingOnboarding', 'removeSession', 'broadcastRefresh'],
              },
              onError: [
                {
                  guard: 'isIgnoredSignOutError',
                  target: '#session.signedOut',
                  actions: ['clearStorageKeepingOnboarding', 'removeSession', 'broadcastRefresh'],
                },
                { target: '#session.signedIn', actions: ['assignSignOutError', 'notifyError'] },
              ],
            },
          },
        },
      },
      /** The user opened a password reset link; the reset page takes over. */
      passwordRecovery: {
        on: {
          USER_UPDATED: { target: 'signedIn', actions: 'assignSession' },
          TOKEN_REFRESHED: { actions: 'assignSession' },
          SIGNED_IN: { actions: 'assignSession' },
          SIGNED_OUT: { target: 'signedOut', actions: 'removeSession' },
          SIGN_OUT: { target: 'signingOut' },
        },
      },
    },
  });
}

/** The machine made by `createSessionMachine`. */
export type SessionMachine = ReturnType<typeof createSessionMachine>;
