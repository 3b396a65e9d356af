import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { getShortestPaths, getSimplePaths } from 'xstate/graph';
import type { AuthUser } from '../ports.ts';
import { createTestPorts, describePath, graphEvents, makeUser } from '../test-support.ts';
import { createOnboardingMachine, type OnboardingEvent } from './onboarding.ts';

const completed = makeUser({ user_metadata: { onboarding_completed: true } });
const fresh = makeUser({ user_metadata: { onboarding_completed: false } });
const neverSignedIn = makeUser({ last_sign_in_at: null });

async function check(user: AuthUser, pathname: string, options: { flag?: string } = {}) {
  const ports = createTestPorts({ pathname });
  if (options.flag !== undefined) ports.storage.local.setItem('onboarding_completed', options.flag);
  const actor = createActor(createOnboardingMachine(ports)).start();
  actor.send({ type: 'CHECK', user, pathname });
  await waitFor(actor, (s) => !s.matches('checking') && !s.matches('syncing') && !s.matches('completing'));
  return { actor, ports };
}

describe('onboarding machine', () => {
  it('is complete when the user metadata flag is true, and stays where it is', async () => {
    const { actor, ports } = await check(completed, '/dashboard');
    expect(actor.getSnapshot().value).toBe('complete');
    expect(ports.navigation.navigate).not.toHaveBeenCalled();
  });

  it('sends a user without the flag to /onboarding', async () => {
    const { actor, ports } = await check(fresh, '/dashboard');
    expect(actor.getSnapshot().value).toBe('incomplete');
    expect(ports.navigation.navigate).toHaveBeenCalledWith('/onboarding', { replace: true });
  });

  it('sends a user who has never signed in to /onboarding', async () => {
    const { actor, ports } = await check(neverSignedIn, '/dashboard');
    expect(actor.getSnapshot().value).toBe('incomplete');
    expect(ports.navigation.navigate).toHaveBeenCalledWith('/onboarding', { replace: true });
  });

  it('does not navigate a user already on /onboarding', async () => {
    const { actor, ports } = await check(fresh, '/onboarding');
    expect(actor.getSnapshot().value).toBe('incomplete');
    expect(ports.navigation.navigate).not.toHaveBeenCalled();
  });

  it("counts a local flag of 'true' as complete and syncs it back to the server", async () => {
    const { actor, ports } = await check(fresh, '/dashboard', { flag: 'true' });
    expect(actor.getSnapshot().value).toBe('complete');
    expect(ports.auth.updateUser).toHaveBeenCalledWith({ data: { onboarding_completed: true } });
    expect(ports.navigation.navigate).not.toHaveBeenCalled();
  });

  it('stays complete when the sync fails', async () => {
    const ports = createTestPorts();
    ports.storage.local.setItem('onboarding_completed', 'true');
    ports.auth.updateUser.mockRejectedValueOnce({ status: 500 });
    const actor = createActor(createOnboardingMachine(ports)).start();
    actor.send({ type: 'CHECK', user: fresh, pathname: '/dashboard' });
    await waitFor(actor, (s) => s.matches('complete'));
    expect(ports.auth.updateUser).toHaveBeenCalledTimes(1);
  });

  it('does not count another local value as complete', async () => {
    const { actor } = await check(fresh, '/dashboard', { flag: 'yes' });
    expect(actor.getSnapshot().value).toBe('incomplete');
  });

  it.each(['/login', '/signup'])('takes a signed-in, completed user from %s to /dashboard', async (path) => {
    const { ports } = await check(completed, path);
    expect(ports.navigation.navigate).toHaveBeenCalledWith('/dashboard', { replace: true });
  });

  it('leaves a completed user on other pages', async () => {
    for (const path of ['/profile', '/forgot-password', '/reset-password']) {
      expect((await check(completed, path)).ports.navigation.navigate).not.toHaveBeenCalled();
    }
  });

  it('sends an incomplete user from /login to /onboarding, not to /dashboard', async () => {
    const { ports } = await check(fresh, '/login');
    expect(ports.navigation.navigate).toHaveBeenCalledWith('/onboarding', { replace: true });
    expect(ports.navigation.navigate).not.toHaveBeenCalledWith('/dashboard', expect.anything());
  });

  it('skips the check on /email-verification', async () => {
    const { actor, ports } = await check(fresh, '/email-verification');
    expect(actor.getSnapshot().value).toBe('skipped');
    expect(ports.navigation.navigate).not.toHaveBeenCalled();
  });

  it('treats a failed check as completed', async () => {
    const ports = createTestPorts();
    ports.storage.local.getItem = () => {
      throw new Error('storage disabled');
    };
    const actor = createActor(createOnboardingMachine(ports)).start();
    actor.send({ type: 'CHECK', user: fresh, pathname: '/dashboard' });
    await waitFor(actor, (s) => !s.matches('checking'));
    expect(actor.getSnapshot().value).toBe('complete');
    expect(ports.navigation.navigate).not.toHaveBeenCalled();
  });

  it('finishes COMPLETE even when a check arrives meanwhile', async () => {
    const { actor, ports } = await check(fresh, '/onboarding');
    actor.send({ type: 'COMPLETE' });
    actor.send({ type: 'CHECK', user: completed, pathname: '/onboarding' });
    await waitFor(actor, (s) => s.matches('complete'));
    expect(ports.navigation.navigate).toHaveBeenLastCalledWith('/dashboard', { replace: true });
  });

  it('on COMPLETE sets the local flag, tells the server and goes to /dashboard', async () => {
    const { actor, ports } = await check(fresh, '/onboarding');
    actor.send({ type: 'COMPLETE' });
    await waitFor(actor, (s) => s.matches('complete'));
    expect(ports.storage.local.getItem('onboarding_completed')).toBe('true');
    expect(ports.auth.updateUser).toHaveBeenCalledWith({ data: { onboarding_completed: true } });
    expect(ports.navigation.navigate).toHaveBeenLastCalledWith('/dashboard', { replace: true });
  });
});

describe('onboarding machine paths (xstate/graph)', () => {
  const { done, error } = graphEvents;
  const machine = createOnboardingMachine(createTestPorts());
  const events: OnboardingEvent[] = [
    { type: 'CHECK', user: fresh, pathname: '/dashboard' },
    { type: 'CHECK', user: fresh, pathname: '/email-verification' },
    { type: 'COMPLETE' },
    done('checkOnboarding', 'incomplete'),
    done('checkOnboarding', 'completeButNotSynced'),
    done('checkOnboarding', 'complete'),
    error('checkOnboarding'),
    done('syncToServer'),
    error('syncToServer'),
    done('markComplete'),
    error('markComplete'),
  ];
  const options = { events };

  it('reaches every state', () => {
    const reached = new Set(getShortestPaths(machine, options).map((path) => JSON.stringify(path.state.value)));
    expect([...reached].sort()).toEqual(
      ['checking', 'complete', 'completing', 'idle', 'incomplete', 'skipped', 'syncing'].map((s) => `"${s}"`).sort(),
    );
  });

  it('never ends a check anywhere but complete, incomplete or skipped once the check settles', () => {
    for (const path of getSimplePaths(machine, options)) {
      const last = path.steps.at(-1);
      if (last && /^xstate\.(done|error)\./.test(last.event.type)) {
        expect(['complete', 'incomplete', 'syncing', 'completing']).toContain(path.state.value);
      }
    }
  });

  it('reaches /onboarding only through an incomplete verdict', () => {
    for (const path of getShortestPaths(machine, { ...options, toState: (s) => s.matches('incomplete') })) {
      expect(path.steps.map((step) => step.event.type)).toContain('xstate.done.actor.checkOnboarding');
      expect(path.steps.at(-1)?.event).toMatchObject({ output: 'incomplete' });
    }
  });

  it('reaches complete after a failed check or a failed sync', () => {
    const viaFailure = getSimplePaths(machine, { ...options, toState: (s) => s.matches('complete') }).map((path) =>
      describePath(path.steps),
    );
    expect(viaFailure).toContain('CHECK > xstate.error.actor.checkOnboarding');
    expect(viaFailure).toContain('CHECK > xstate.done.actor.checkOnboarding > xstate.error.actor.syncToServer');
  });
});
