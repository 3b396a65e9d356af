/** Fakes of every port for this package's tests (not part of the public API). */
import { vi } from 'vitest';
import type { AuthEventName } from './constants.ts';
import { createMemoryBroadcastHub, createMemoryStorage } from './memory.ts';
import type { AccessService, AuthClient, AuthPorts, AuthSession, AuthStateListener, AuthUser } from './ports.ts';

export function makeUser(overrides: Partial<AuthUser> = {}): AuthUser {
  return {
    id: 'user-1',
    email: 'trader@example.in',
    created_at: '2026-01-01T00:00:00.000Z',
    last_sign_in_at: '2026-03-01T00:00:00.000Z',
    user_metadata: { full_name: 'Asha Trader', onboarding_completed: true },
    ...overrides,
  };
}

export function makeSession(user: AuthUser = makeUser(), overrides: Partial<AuthSession> = {}): AuthSession {
  return {
    access_token: `access-${user.id}`,
    refresh_token: `refresh-${user.id}`,
    expires_at: 1_900_000_000,
    expires_in: 3600,
    token_type: 'bearer',
    user,
    ...overrides,
  };
}

export function createFakeAuth() {
  const listeners = new Set<AuthStateListener>();
  const auth = {
    signUp: vi.fn<AuthClient['signUp']>(async () => ({ user: makeUser(), session: null })),
    signIn: vi.fn<AuthClient['signIn']>(async () => makeSession()),
    signOut: vi.fn<AuthClient['signOut']>(async () => undefined),
    refreshSession: vi.fn<AuthClient['refreshSession']>(async () => makeSession()),
    setSession: vi.fn<AuthClient['setSession']>(async () => makeSession()),
    updateUser: vi.fn<AuthClient['updateUser']>(async () => makeUser()),
    verifyOtp: vi.fn<AuthClient['verifyOtp']>(async () => makeSession()),
    resetPasswordForEmail: vi.fn<AuthClient['resetPasswordForEmail']>(async () => undefined),
    onAuthStateChange: vi.fn<AuthClient['onAuthStateChange']>((listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    }),
    /** Plays an auth event to every subscriber, as supabase-js would. */
    emit(event: AuthEventName, session: AuthSession | null) {
      for (const listener of [...listeners]) listener(event, session);
    },
    listenerCount: () => listeners.size,
  };
  return auth satisfies AuthClient;
}

export function createFakeAccess() {
  return {
    isAdmin: vi.fn<AccessService['isAdmin']>(async () => false),
    hasFreeAccess: vi.fn<AccessService['hasFreeAccess']>(async () => false),
    latestActiveSubscription: vi.fn<AccessService['latestActiveSubscription']>(async () => null),
    addRole: vi.fn<AccessService['addRole']>(async () => undefined),
  } satisfies AccessService;
}

export function createTestPorts(
  options: { pathname?: string; hub?: ReturnType<typeof createMemoryBroadcastHub> } = {},
) {
  let pathname = options.pathname ?? '/';
  const hub = options.hub ?? createMemoryBroadcastHub();
  const broadcast = hub.view();
  const ports = {
    auth: createFakeAuth(),
    access: createFakeAccess(),
    storage: { local: createMemoryStorage(), session: createMemoryStorage() },
    caches: { clear: vi.fn(() => undefined) },
    broadcast: { post: vi.fn(broadcast.post), subscribe: vi.fn(broadcast.subscribe) },
    clock: { now: () => Date.now() },
    navigation: {
      pathname: () => pathname,
      navigate: vi.fn((path: string) => {
        pathname = path;
      }),
      reload: vi.fn(),
    },
    notifier: { info: vi.fn(), error: vi.fn() },
  };
  return ports satisfies AuthPorts;
}

export type TestPorts = ReturnType<typeof createTestPorts>;

/**
 * Events for xstate/graph traversals. Path generation does not run invoked actors or timers, so a path test plays
 * their outcomes as events: an actor's done or error event, or a named delay's after event. Typed `never` so they
 * fit any machine's event list.
 */
export const graphEvents = {
  done: (actorId: string, output?: unknown) => ({ type: `xstate.done.actor.${actorId}`, output }) as never,
  error: (actorId: string, error: unknown = { message: 'down' }) =>
    ({ type: `xstate.error.actor.${actorId}`, error }) as never,
  after: (delay: string, stateNodeId: string) => ({ type: `xstate.after.${delay}.${stateNodeId}` }) as never,
};

/** The events of a graph path after the initial one, joined for reading. */
export function describePath(steps: ReadonlyArray<{ event: { type: string } }>): string {
  return steps
    .slice(1)
    .map((step) => step.event.type)
    .join(' > ');
}
