import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { getShortestPaths, getSimplePaths } from 'xstate/graph';
import { createMemoryBroadcastHub } from '../memory.ts';
import { createTestPorts, describePath, graphEvents, makeSession, makeUser, type TestPorts } from '../test-support.ts';
import { createSessionMachine, type SessionEvent } from './session.ts';

const NOW = Date.parse('2026-03-10T12:00:00.000Z');
/** Where supabase-js keeps the session (`sb-<project ref>-auth-token`). */
const SUPABASE_SESSION_KEY = 'sb-bahi-auth-token';

function start(ports: TestPorts = createTestPorts()) {
  const actor = createActor(createSessionMachine(ports)).start();
  return { actor, ports };
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(NOW);
});
afterEach(() => {
  vi.useRealTimers();
});

describe('session machine: auth events', () => {
  it('waits for INITIAL_SESSION, then is signed in with its user', () => {
    const { actor, ports } = start();
    expect(actor.getSnapshot().value).toBe('loading');
    const session = makeSession();
    ports.auth.emit('INITIAL_SESSION', session);
    expect(actor.getSnapshot().matches('signedIn')).toBe(true);
    expect(actor.getSnapshot().context.user?.id).toBe('user-1');
  });

  it('is signed out after an INITIAL_SESSION without a session', () => {
    const { actor, ports } = start();
    ports.auth.emit('INITIAL_SESSION', null);
    expect(actor.getSnapshot().value).toBe('signedOut');
  });

  it('treats a restored session without a refresh token or an expiry as signed out', () => {
    for (const broken of [{ refresh_token: '' }, { expires_at: undefined }]) {
      const { actor, ports } = start();
      ports.auth.emit('INITIAL_SESSION', makeSession(makeUser(), broken));
      expect(actor.getSnapshot().value).toBe('signedOut');
      expect(actor.getSnapshot().context.user).toBeNull();
    }
  });

  it('keeps the newest session on TOKEN_REFRESHED, USER_UPDATED and MFA_CHALLENGE_VERIFIED', () => {
    const { actor, ports } = start();
    ports.auth.emit('INITIAL_SESSION', makeSession());
    for (const [event, token] of [
      ['TOKEN_REFRESHED', 't1'],
      ['USER_UPDATED', 't2'],
      ['MFA_CHALLENGE_VERIFIED', 't3'],
    ] as const) {
      ports.auth.emit(event, makeSession(makeUser(), { access_token: token }));
      expect(actor.getSnapshot().context.session?.access_token).toBe(token);
    }
    expect(actor.getSnapshot().matches({ signedIn: 'active' })).toBe(true);
  });

  it('removes the session and clears caches when the service signs the user out', () => {
    const { actor, ports } = start();
    ports.auth.emit('INITIAL_SESSION', makeSession());
    ports.auth.emit('SIGNED_OUT', null);
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(actor.getSnapshot().context.session).toBeNull();
    expect(ports.caches.clear).toHaveBeenCalledTimes(1);
  });

  it('stops listening to auth events and other views when stopped', () => {
    const { actor, ports } = start();
    expect(ports.auth.listenerCount()).toBe(1);
    actor.stop();
    expect(ports.auth.listenerCount()).toBe(0);
  });
});

describe('session machine: login', () => {
  it('clears session storage and caches and sets the authenticated flag', () => {
    const { actor, ports } = start();
    ports.storage.session.setItem('draft', 'x');
    ports.auth.emit('INITIAL_SESSION', null);
    ports.auth.emit('SIGNED_IN', makeSession());
    expect(actor.getSnapshot().matches('signedIn')).toBe(true);
    expect(ports.storage.session.entries()).toEqual({});
    expect(ports.caches.clear).toHaveBeenCalledTimes(1);
    expect(ports.storage.local.getItem('isAuthenticated')).toBe('true');
  });

  it('does not treat a restored session as a login', () => {
    const { ports } = start();
    ports.storage.session.setItem('draft', 'x');
    ports.auth.emit('INITIAL_SESSION', makeSession());
    expect(ports.storage.session.getItem('draft')).toBe('x');
    expect(ports.caches.clear).not.toHaveBeenCalled();
  });
});

describe('session machine: account switch', () => {
  it("shows 'Account switched. Refreshing data...' and clears the cache after the 100 ms data refresh delay", () => {
    const { actor, ports } = start();
    ports.auth.emit('INITIAL_SESSION', makeSession(makeUser({ id: 'a' })));
    ports.auth.emit('SIGNED_IN', makeSession(makeUser({ id: 'b' })));
    expect(actor.getSnapshot().context.notice).toBe('Account switched. Refreshing data...');
    expect(ports.notifier.info).toHaveBeenCalledWith('Account switched. Refreshing data...');
    expect(actor.getSnapshot().context.user?.id).toBe('b');
    vi.advanceTimersByTime(99);
    expect(ports.caches.clear).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(ports.caches.clear).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().matches({ signedIn: 'active' })).toBe(true);
    expect(actor.getSnapshot().context.notice).toBeNull();
  });

  it('says nothing when SIGNED_IN repeats for the same user', () => {
    const { actor, ports } = start();
    ports.auth.emit('INITIAL_SESSION', makeSession());
    ports.auth.emit('SIGNED_IN', makeSession());
    vi.advanceTimersByTime(1000);
    expect(actor.getSnapshot().context.notice).toBeNull();
    expect(ports.notifier.info).not.toHaveBeenCalled();
    expect(ports.caches.clear).not.toHaveBeenCalled();
  });
});

describe('session machine: logout', () => {
  function signedIn(ports = createTestPorts()) {
    const started = start(ports);
    ports.auth.emit('INITIAL_SESSION', makeSession());
    ports.storage.local.setItem('onboarding_completed', 'true');
    ports.storage.local.setItem('isAuthenticated', 'true');
    ports.storage.local.setItem('theme', 'dark');
    ports.storage.local.setItem(SUPABASE_SESSION_KEY, '{"access_token":"access-user-1"}');
    ports.storage.session.setItem('draft', 'x');
    return started;
  }

  it('signs out while the session is still stored (the service revokes what supabase-js reads from storage)', async () => {
    const { actor, ports } = signedIn();
    let storedAtSignOut: string | null = null;
    ports.auth.signOut.mockImplementationOnce(async () => {
      storedAtSignOut = ports.storage.local.getItem(SUPABASE_SESSION_KEY);
    });
    actor.send({ type: 'SIGN_OUT' });
    await vi.advanceTimersByTimeAsync(100);
    expect(storedAtSignOut).toBe('{"access_token":"access-user-1"}');
    expect(ports.storage.local.entries()).toEqual({ onboarding_completed: 'true' });
  });

  it('keeps storage as it was when the sign-out fails: the user is still signed in', async () => {
    const { actor, ports } = signedIn();
    ports.auth.signOut.mockRejectedValueOnce({ status: 0 });
    actor.send({ type: 'SIGN_OUT' });
    await vi.advanceTimersByTimeAsync(100);
    expect(actor.getSnapshot().matches('signedIn')).toBe(true);
    expect(ports.storage.local.getItem(SUPABASE_SESSION_KEY)).toBe('{"access_token":"access-user-1"}');
    expect(ports.storage.local.getItem('theme')).toBe('dark');
  });

  it('leaves no unload time behind once signed out', async () => {
    const { actor, ports } = signedIn();
    actor.send({ type: 'SIGN_OUT' });
    await vi.advanceTimersByTimeAsync(100);
    actor.send({ type: 'PAGE_UNLOAD' });
    expect(ports.storage.local.entries()).toEqual({ onboarding_completed: 'true' });
  });

  it('waits 100 ms, clears caches and storage except the onboarding flag, signs out and tells other views', async () => {
    const hub = createMemoryBroadcastHub();
    const other = start(createTestPorts({ hub }));
    const { actor, ports } = signedIn(createTestPorts({ hub }));
    actor.send({ type: 'SIGN_OUT' });
    await vi.advanceTimersByTimeAsync(99);
    expect(ports.auth.signOut).not.toHaveBeenCalled();
    expect(ports.storage.local.getItem('theme')).toBe('dark');
    await vi.advanceTimersByTimeAsync(1);
    expect(ports.caches.clear).toHaveBeenCalled();
    expect(ports.storage.local.entries()).toEqual({ onboarding_completed: 'true' });
    expect(ports.storage.session.entries()).toEqual({});
    expect(ports.auth.signOut).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(ports.broadcast.post).toHaveBeenCalledWith('refresh');
    expect(other.ports.navigation.reload).toHaveBeenCalledTimes(1);
    expect(other.ports.caches.clear).toHaveBeenCalledTimes(1);
    expect(ports.navigation.reload).not.toHaveBeenCalled();
  });

  it.each([401, 403, 404])('ignores a %i from the sign-out call', async (status) => {
    const { actor, ports } = signedIn();
    ports.auth.signOut.mockRejectedValueOnce({ status, message: 'Session not found' });
    actor.send({ type: 'SIGN_OUT' });
    await vi.advanceTimersByTimeAsync(100);
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(actor.getSnapshot().context.error).toBeNull();
    expect(ports.broadcast.post).toHaveBeenCalledWith('refresh');
  });

  it("shows 'Failed to sign out' when another failure has no message", async () => {
    const { actor, ports } = signedIn();
    ports.auth.signOut.mockRejectedValueOnce({ status: 500 });
    actor.send({ type: 'SIGN_OUT' });
    await vi.advanceTimersByTimeAsync(100);
    expect(actor.getSnapshot().matches('signedIn')).toBe(true);
    expect(actor.getSnapshot().context.error).toBe('Failed to sign out');
    expect(ports.notifier.error).toHaveBeenCalledWith('Failed to sign out');
    expect(ports.broadcast.post).not.toHaveBeenCalled();
  });

  it("shows the service's own message when it gives one", async () => {
    const { actor, ports } = signedIn();
    ports.auth.signOut.mockRejectedValueOnce({ status: 500, message: 'Database unavailable' });
    actor.send({ type: 'SIGN_OUT' });
    await vi.advanceTimersByTimeAsync(100);
    expect(actor.getSnapshot().context.error).toBe('Database unavailable');
  });
});

describe('session machine: reload refresh', () => {
  it('refreshes the session when the page reloads within 5 s of the last unload', async () => {
    const ports = createTestPorts();
    ports.storage.local.setItem('lastUnloadAt', String(NOW - 5000));
    const { actor } = start(ports);
    ports.auth.emit('INITIAL_SESSION', makeSession());
    expect(ports.auth.refreshSession).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().matches({ signedIn: 'active' })).toBe(true);
  });

  it('does not refresh after a longer pause', () => {
    const ports = createTestPorts();
    ports.storage.local.setItem('lastUnloadAt', String(NOW - 5001));
    start(ports);
    ports.auth.emit('INITIAL_SESSION', makeSession());
    expect(ports.auth.refreshSession).not.toHaveBeenCalled();
  });

  it('records the unload time on PAGE_UNLOAD while signed in', () => {
    const { actor, ports } = start();
    ports.auth.emit('INITIAL_SESSION', makeSession());
    vi.advanceTimersByTime(1234);
    actor.send({ type: 'PAGE_UNLOAD' });
    expect(ports.storage.local.getItem('lastUnloadAt')).toBe(String(NOW + 1234));
  });

  it('removes the session when the refresh fails in a non-retryable way', async () => {
    const ports = createTestPorts();
    ports.storage.local.setItem('lastUnloadAt', String(NOW - 1000));
    ports.auth.refreshSession.mockRejectedValueOnce({ status: 400, code: 'refresh_token_not_found' });
    const { actor } = start(ports);
    ports.auth.emit('INITIAL_SESSION', makeSession());
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(actor.getSnapshot().context.session).toBeNull();
  });

  it('keeps the session when the refresh fails in a retryable way', async () => {
    const ports = createTestPorts();
    ports.storage.local.setItem('lastUnloadAt', String(NOW - 1000));
    ports.auth.refreshSession.mockRejectedValueOnce({ status: 503 });
    const { actor } = start(ports);
    ports.auth.emit('INITIAL_SESSION', makeSession());
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().matches({ signedIn: 'active' })).toBe(true);
    expect(actor.getSnapshot().context.user?.id).toBe('user-1');
  });
});

describe('session machine: password recovery', () => {
  it('keeps the recovery tokens and goes to /reset-password', () => {
    const { actor, ports } = start();
    ports.auth.emit('INITIAL_SESSION', null);
    ports.auth.emit('PASSWORD_RECOVERY', makeSession(makeUser(), { access_token: 'AT', refresh_token: 'RT' }));
    expect(actor.getSnapshot().value).toBe('passwordRecovery');
    expect(ports.navigation.navigate).toHaveBeenCalledWith('/reset-password');
    expect(ports.storage.session.getItem('passwordResetToken')).toBe('access_token=AT&refresh_token=RT');
    ports.auth.emit('USER_UPDATED', makeSession());
    expect(actor.getSnapshot().matches('signedIn')).toBe(true);
  });
});

describe('session machine paths (xstate/graph)', () => {
  const { done, error, after } = graphEvents;
  const a = makeSession(makeUser({ id: 'a' }));
  const b = makeSession(makeUser({ id: 'b' }));
  const events: SessionEvent[] = [
    { type: 'INITIAL_SESSION', session: a },
    { type: 'INITIAL_SESSION', session: null },
    { type: 'SIGNED_IN', session: a },
    { type: 'SIGNED_IN', session: b },
    { type: 'SIGNED_OUT', session: null },
    { type: 'PASSWORD_RECOVERY', session: a },
    { type: 'SIGN_OUT' },
    after('logoutDelay', 'session.signingOut.waiting'),
    after('dataRefreshDelay', 'session.signedIn.switchingAccount'),
    done('signOut'),
    error('signOut', { status: 404 }),
    error('signOut', { status: 500 }),
  ];
  const machine = createSessionMachine(createTestPorts());
  const options = {
    events,
    serializeState: (s: {
      value: unknown;
      context: { user: { id: string } | null; error: unknown; notice: unknown };
    }) => JSON.stringify([s.value, s.context.user?.id, s.context.error, s.context.notice]),
  };

  it('reaches every state', () => {
    const reached = new Set(getShortestPaths(machine, options).map((p) => JSON.stringify(p.state.value)));
    for (const value of [
      'loading',
      'signedOut',
      { signedIn: 'active' },
      { signedIn: 'switchingAccount' },
      { signingOut: 'waiting' },
      { signingOut: 'signingOut' },
      'passwordRecovery',
    ]) {
      expect(reached).toContain(JSON.stringify(value));
    }
  });

  // Simple paths grow fast with the number of events: the logout properties use the events that matter to them.
  const logoutOptions = {
    ...options,
    events: events.filter(
      (e) => !['PASSWORD_RECOVERY', 'SIGNED_IN', 'xstate.after.dataRefreshDelay'].some((t) => e.type.startsWith(t)),
    ),
  };

  it('calls the sign-out service only after the logout delay', () => {
    const paths = getSimplePaths(machine, {
      ...logoutOptions,
      toState: (s) => s.matches({ signingOut: 'signingOut' }),
    });
    expect(paths.length).toBeGreaterThan(0);
    for (const path of paths) expect(describePath(path.steps)).toMatch(/SIGN_OUT > xstate\.after\.logoutDelay/);
  });

  it('goes back to signed in only when the sign-out fails with a status it does not ignore', () => {
    const back = getSimplePaths(machine, {
      ...logoutOptions,
      toState: (s) => s.matches('signedIn') && s.context.error !== null,
    });
    expect(back.length).toBeGreaterThan(0);
    for (const path of back) {
      expect(path.steps.at(-1)?.event).toMatchObject({ type: 'xstate.error.actor.signOut', error: { status: 500 } });
    }
  });
});
