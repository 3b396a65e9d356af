import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { getShortestPaths, getSimplePaths } from 'xstate/graph';
import type { AuthUser, SubscriptionRecord } from '../ports.ts';
import type { RouteClass } from '../rules/routes.ts';
import { createTestPorts, describePath, graphEvents, makeUser, type TestPorts } from '../test-support.ts';
import { type AccessEvent, createAccessMachine } from './access.ts';

const NOW = Date.parse('2026-03-10T12:00:00.000Z');
const HOUR = 60 * 60 * 1000;
const oldUser = makeUser({ created_at: new Date(NOW - 30 * 24 * HOUR).toISOString() });
const VERIFYING = 'Verifying access...';
const REQUIRED = 'A subscription is required to access this feature';

const subscription = (end_date: string | null): SubscriptionRecord => ({
  user_id: oldUser.id,
  status: 'active',
  created_at: '2026-02-01T00:00:00.000Z',
  end_date,
});
const FUTURE = new Date(NOW + 5 * 24 * HOUR).toISOString();
const PAST = new Date(NOW - 1000).toISOString();

function start(routeClass: RouteClass, user: AuthUser | null | undefined, ports: TestPorts = createTestPorts()) {
  const actor = createActor(createAccessMachine(ports), { input: { routeClass, user } }).start();
  return { actor, ports, state: () => actor.getSnapshot() };
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(NOW);
});
afterEach(() => {
  vi.useRealTimers();
});

describe('access machine: the guard delay', () => {
  it('lets a public route through at once, even while the session loads', () => {
    for (const user of [undefined, null, oldUser]) {
      const { state, ports } = start('public', user);
      expect(state().value).toBe('granted');
      expect(state().context.message).toBeNull();
      expect(ports.access.isAdmin).not.toHaveBeenCalled();
    }
  });

  it("shows 'Verifying access...' for the 300 ms guard delay before checking", async () => {
    const { state, ports } = start('login-only', oldUser);
    expect(state().matches('verifying')).toBe(true);
    expect(state().context.message).toBe(VERIFYING);
    await vi.advanceTimersByTimeAsync(299);
    expect(state().matches('verifying')).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(state().value).toBe('granted');
    expect(state().context.message).toBeNull();
    expect(ports.access.isAdmin).not.toHaveBeenCalled();
  });

  it('waits for the session while it is loading, then checks', async () => {
    const { actor, state } = start('login-only', undefined);
    expect(state().value).toBe('waitingForSession');
    expect(state().context.message).toBe(VERIFYING);
    await vi.advanceTimersByTimeAsync(1000);
    expect(state().value).toBe('waitingForSession');
    actor.send({ type: 'SESSION', user: oldUser });
    await vi.advanceTimersByTimeAsync(300);
    expect(state().value).toBe('granted');
  });
});

describe('access machine: login', () => {
  it.each(['login-only', 'subscription-required'] as const)('sends a %s route without a user to /login', async (rc) => {
    const { state, ports } = start(rc, null);
    await vi.advanceTimersByTimeAsync(300);
    expect(state().value).toBe('unauthenticated');
    expect(ports.navigation.navigate).toHaveBeenCalledWith('/login', { replace: true });
  });

  it('lets any logged-in user into a login-only route without role or subscription checks', async () => {
    const { state, ports } = start('login-only', oldUser);
    await vi.advanceTimersByTimeAsync(300);
    expect(state().value).toBe('granted');
    expect(ports.access.isAdmin).not.toHaveBeenCalled();
    expect(ports.access.latestActiveSubscription).not.toHaveBeenCalled();
  });

  it('checks again for the class of a new route', async () => {
    const { actor, state, ports } = start('public', oldUser);
    expect(state().value).toBe('granted');
    actor.send({ type: 'ROUTE', routeClass: 'subscription-required' });
    expect(state().context.message).toBe(VERIFYING);
    await vi.advanceTimersByTimeAsync(300 + 600 + 1200);
    expect(state().value).toBe('subscriptionRequired');
    expect(ports.access.latestActiveSubscription).toHaveBeenCalledTimes(3);
  });

  it('checks again when the session changes', async () => {
    const { actor, state, ports } = start('subscription-required', oldUser);
    ports.access.isAdmin.mockResolvedValue(true);
    await vi.advanceTimersByTimeAsync(300);
    expect(state().value).toBe('granted');
    actor.send({ type: 'SESSION', user: null });
    expect(state().context.message).toBe(VERIFYING);
    await vi.advanceTimersByTimeAsync(300);
    expect(state().value).toBe('unauthenticated');
  });
});

describe('access machine: passes without a subscription', () => {
  // The check runs after the 300 ms guard delay, at NOW + 300.
  it('passes an account younger than 24 hours without asking the server', async () => {
    const young = makeUser({ created_at: new Date(NOW + 300 - 24 * HOUR + 1).toISOString() });
    const { state, ports } = start('subscription-required', young);
    await vi.advanceTimersByTimeAsync(300);
    expect(state().value).toBe('granted');
    expect(ports.access.isAdmin).not.toHaveBeenCalled();
  });

  it('checks an account exactly 24 hours old', async () => {
    const day = makeUser({ created_at: new Date(NOW + 300 - 24 * HOUR).toISOString() });
    const { ports } = start('subscription-required', day);
    await vi.advanceTimersByTimeAsync(300);
    expect(ports.access.isAdmin).toHaveBeenCalledWith(day.id);
    expect(ports.access.hasFreeAccess).toHaveBeenCalledWith(day.id);
  });

  it.each([
    ['admin', 'isAdmin'],
    ['free access', 'hasFreeAccess'],
  ] as const)('passes %s without waiting for the subscription check', async (_label, method) => {
    const ports = createTestPorts();
    ports.access[method].mockResolvedValue(true);
    ports.access.latestActiveSubscription.mockReturnValue(new Promise(() => {}));
    const { state } = start('subscription-required', oldUser, ports);
    await vi.advanceTimersByTimeAsync(300);
    expect(state().value).toBe('granted');
  });

  it('asks for the roles and the subscription together, once the guard delay is over', async () => {
    const ports = createTestPorts();
    ports.access.isAdmin.mockReturnValue(new Promise(() => {}));
    start('subscription-required', oldUser, ports);
    await vi.advanceTimersByTimeAsync(299);
    expect(ports.access.isAdmin).not.toHaveBeenCalled();
    expect(ports.access.latestActiveSubscription).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(ports.access.isAdmin).toHaveBeenCalledWith(oldUser.id);
    expect(ports.access.hasFreeAccess).toHaveBeenCalledWith(oldUser.id);
    expect(ports.access.latestActiveSubscription).toHaveBeenCalledWith(oldUser.id);
  });

  it('passes an active subscriber while a role check is still out', async () => {
    const ports = createTestPorts();
    ports.access.isAdmin.mockReturnValue(new Promise(() => {}));
    ports.access.latestActiveSubscription.mockResolvedValue(subscription(FUTURE));
    const { state } = start('subscription-required', oldUser, ports);
    await vi.advanceTimersByTimeAsync(300);
    expect(state().value).toBe('granted');
  });

  it('lets in a user whose role answers after the subscription said "none"', async () => {
    const ports = createTestPorts();
    let answerAdmin: (value: boolean) => void = () => {};
    ports.access.isAdmin.mockReturnValue(new Promise((resolve) => (answerAdmin = resolve)));
    const { state } = start('subscription-required', oldUser, ports);
    await vi.advanceTimersByTimeAsync(300);
    expect(ports.access.latestActiveSubscription).toHaveBeenCalledTimes(1);
    expect(state().context.message).toBe(VERIFYING);
    answerAdmin(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(state().value).toBe('granted');
    expect(ports.navigation.navigate).not.toHaveBeenCalled();
  });
});

describe('access machine: subscription', () => {
  it('passes an active subscription whose end_date is in the future', async () => {
    const ports = createTestPorts();
    ports.access.latestActiveSubscription.mockResolvedValue(subscription(FUTURE));
    const { state } = start('subscription-required', oldUser, ports);
    await vi.advanceTimersByTimeAsync(300);
    expect(state().value).toBe('granted');
    expect(ports.access.latestActiveSubscription).toHaveBeenCalledTimes(1);
  });

  it('tries 3 times, waiting 600 ms then 1200 ms, then requires a subscription', async () => {
    const { state, ports } = start('subscription-required', oldUser);
    const calls = () => ports.access.latestActiveSubscription.mock.calls.length;
    await vi.advanceTimersByTimeAsync(300);
    expect(calls()).toBe(1);
    await vi.advanceTimersByTimeAsync(599);
    expect(calls()).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls()).toBe(2);
    await vi.advanceTimersByTimeAsync(1199);
    expect(calls()).toBe(2);
    expect(state().context.message).toBe(VERIFYING);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls()).toBe(3);
    expect(state().value).toBe('subscriptionRequired');
    expect(state().context.message).toBe(REQUIRED);
    expect(ports.notifier.error).toHaveBeenCalledWith(REQUIRED);
    expect(ports.navigation.navigate).toHaveBeenCalledWith('/subscription', { replace: true });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(calls()).toBe(3);
  });

  it('does not pass a subscription whose end_date has passed', async () => {
    const ports = createTestPorts();
    ports.access.latestActiveSubscription.mockResolvedValue(subscription(PAST));
    const { state } = start('subscription-required', oldUser, ports);
    await vi.advanceTimersByTimeAsync(300 + 600 + 1200);
    expect(state().value).toBe('subscriptionRequired');
  });

  it('passes when the subscription appears on the second attempt', async () => {
    const ports = createTestPorts();
    ports.access.latestActiveSubscription.mockResolvedValueOnce(null).mockResolvedValueOnce(subscription(FUTURE));
    const { state } = start('subscription-required', oldUser, ports);
    await vi.advanceTimersByTimeAsync(300 + 600);
    expect(state().value).toBe('granted');
    expect(ports.navigation.navigate).not.toHaveBeenCalled();
  });

  it('requires a subscription when the server answered "none" even if another attempt failed', async () => {
    const ports = createTestPorts();
    ports.access.latestActiveSubscription
      .mockRejectedValueOnce({ message: 'Failed to fetch' })
      .mockResolvedValueOnce(null)
      .mockRejectedValueOnce({ message: 'Failed to fetch' });
    const { state } = start('subscription-required', oldUser, ports);
    await vi.advanceTimersByTimeAsync(300 + 600 + 1200);
    expect(state().value).toBe('subscriptionRequired');
  });
});

describe('access machine: when the checks keep failing', () => {
  const UNAVAILABLE = "We couldn't verify your access. Check your connection and try again.";

  it('neither lets the user in nor sends them to /subscription, says so once, and retries on request', async () => {
    const ports = createTestPorts();
    ports.access.isAdmin.mockRejectedValue({ message: 'Failed to fetch' });
    ports.access.hasFreeAccess.mockRejectedValue({ message: 'Failed to fetch' });
    ports.access.latestActiveSubscription.mockRejectedValue({ message: 'Failed to fetch' });
    const { actor, state } = start('subscription-required', oldUser, ports);
    await vi.advanceTimersByTimeAsync(300 + 600 + 1200);
    expect(ports.access.latestActiveSubscription).toHaveBeenCalledTimes(3);
    expect(state().value).toBe('unavailable');
    expect(state().context.message).toBe(UNAVAILABLE);
    // Shown once, by the page (state().context.message), not toasted as well.
    expect(ports.notifier.error).not.toHaveBeenCalled();
    expect(ports.navigation.navigate).not.toHaveBeenCalled();

    ports.access.isAdmin.mockResolvedValue(true);
    actor.send({ type: 'RETRY' });
    expect(state().context.message).toBe(VERIFYING);
    await vi.advanceTimersByTimeAsync(300);
    expect(state().value).toBe('granted');
  });

  it('does not conclude "no subscription" when a role check failed', async () => {
    const ports = createTestPorts();
    ports.access.isAdmin.mockRejectedValue({ message: 'Failed to fetch' });
    const { state } = start('subscription-required', oldUser, ports);
    await vi.advanceTimersByTimeAsync(300 + 600 + 1200);
    expect(state().value).toBe('unavailable');
    expect(ports.navigation.navigate).not.toHaveBeenCalledWith('/subscription', expect.anything());
  });

  it('still lets in an active subscriber when a role check failed', async () => {
    const ports = createTestPorts();
    ports.access.hasFreeAccess.mockRejectedValue({ message: 'Failed to fetch' });
    ports.access.latestActiveSubscription.mockResolvedValue(subscription(FUTURE));
    const { state } = start('subscription-required', oldUser, ports);
    await vi.advanceTimersByTimeAsync(300);
    expect(state().value).toBe('granted');
  });
});

describe('access machine paths (xstate/graph)', () => {
  const { done, error, after } = graphEvents;
  const events: AccessEvent[] = [
    after('guardDelay', 'access.verifying.settling'),
    after('subscriptionRetry', 'access.verifying.waitingToRetry'),
    done('checkRoles', { admin: true, freeAccess: false }),
    done('checkRoles', { admin: false, freeAccess: false }),
    done('checkRoles', { admin: null, freeAccess: false }),
    done('checkSubscription', subscription(FUTURE)),
    done('checkSubscription', null),
    error('checkSubscription'),
    { type: 'SESSION', user: null },
    { type: 'RETRY' },
  ];
  const machine = createAccessMachine(createTestPorts());
  const options = { events, input: { routeClass: 'subscription-required' as const, user: oldUser } };
  const pathsTo = (value: 'granted' | 'subscriptionRequired') =>
    getSimplePaths(machine, { ...options, toState: (s) => s.matches(value) }).map((p) => describePath(p.steps));

  it('reaches every outcome', () => {
    const outcomes = new Set(getShortestPaths(machine, options).map((p) => JSON.stringify(p.state.value)));
    for (const outcome of ['granted', 'unauthenticated', 'subscriptionRequired', 'unavailable']) {
      expect(outcomes).toContain(JSON.stringify(outcome));
    }
  });

  it('grants access only after a role pass or an active subscription', () => {
    const paths = pathsTo('granted');
    expect(paths.length).toBeGreaterThan(0);
    for (const path of paths) {
      const last = path.split(' > ').at(-1);
      expect(['xstate.done.actor.checkRoles', 'xstate.done.actor.checkSubscription']).toContain(last);
    }
  });

  it('requires a subscription only after 3 subscription attempts, with the 2 waits between them', () => {
    const paths = pathsTo('subscriptionRequired');
    expect(paths.length).toBeGreaterThan(0);
    for (const path of paths) {
      const since = path.slice(path.lastIndexOf('xstate.after.guardDelay'));
      expect(since.match(/actor\.checkSubscription/g)).toHaveLength(3);
      expect(since.match(/xstate\.after\.subscriptionRetry/g)).toHaveLength(2);
    }
  });
});
