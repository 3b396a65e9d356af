import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { getShortestPaths, getSimplePaths } from 'xstate/graph';
import { createTestPorts, describePath, graphEvents, makeUser } from '../test-support.ts';
import { type AdminBootstrapEvent, createAdminBootstrapMachine, isBootstrapAccount } from './adminBootstrap.ts';

const FAILED = 'Failed to setup admin privileges, please try again';
const owner = makeUser({ id: 'owner', email: 'Owner@Bahi.example' });

function start(
  user = owner,
  { bootstrapAdminEmail }: { bootstrapAdminEmail?: string } = { bootstrapAdminEmail: 'owner@bahi.example' },
) {
  const ports = createTestPorts();
  const actor = createActor(createAdminBootstrapMachine(ports, { bootstrapAdminEmail }), { input: { user } });
  return { actor, ports };
}

describe('isBootstrapAccount', () => {
  it('matches the configured email without regard to case or spaces', () => {
    expect(isBootstrapAccount(owner, ' owner@bahi.example ')).toBe(true);
  });
  it('matches nobody when nothing is configured, and nobody else', () => {
    expect(isBootstrapAccount(owner, undefined)).toBe(false);
    expect(isBootstrapAccount(owner, '')).toBe(false);
    expect(isBootstrapAccount(makeUser({ email: 'x@bahi.example' }), 'owner@bahi.example')).toBe(false);
    expect(isBootstrapAccount(makeUser({ email: null }), 'owner@bahi.example')).toBe(false);
  });
});

describe('admin bootstrap machine', () => {
  it('grants the configured account admin and free_user', async () => {
    const { actor, ports } = start();
    actor.start();
    await waitFor(actor, (s) => s.status === 'done');
    expect(actor.getSnapshot().value).toBe('granted');
    expect(ports.access.addRole.mock.calls).toEqual([
      ['owner', 'admin'],
      ['owner', 'free_user'],
    ]);
  });

  it('grants nothing to anyone else', () => {
    const { actor, ports } = start(makeUser({ email: 'someone@bahi.example' }));
    actor.start();
    expect(actor.getSnapshot().value).toBe('skipped');
    expect(ports.access.isAdmin).not.toHaveBeenCalled();
    expect(ports.access.addRole).not.toHaveBeenCalled();
  });

  it('grants nothing when no account is configured', () => {
    const { actor, ports } = start(owner, {});
    actor.start();
    expect(actor.getSnapshot().value).toBe('skipped');
    expect(ports.access.addRole).not.toHaveBeenCalled();
  });

  it('does not grant again when the account already has both roles', async () => {
    const { actor, ports } = start();
    ports.access.isAdmin.mockResolvedValue(true);
    ports.access.hasFreeAccess.mockResolvedValue(true);
    actor.start();
    await waitFor(actor, (s) => s.status === 'done');
    expect(actor.getSnapshot().value).toBe('granted');
    expect(ports.access.addRole).not.toHaveBeenCalled();
  });

  it(`shows '${FAILED}' when the grant fails, and grants on RETRY`, async () => {
    const { actor, ports } = start();
    ports.access.addRole.mockRejectedValueOnce({ status: 403, code: '42501' });
    actor.start();
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.error).toBe(FAILED);
    expect(ports.notifier.error).toHaveBeenCalledWith(FAILED);
    actor.send({ type: 'RETRY' });
    expect(actor.getSnapshot().context.error).toBeNull();
    await waitFor(actor, (s) => s.status === 'done');
    expect(actor.getSnapshot().value).toBe('granted');
  });
});

describe('admin bootstrap paths (xstate/graph)', () => {
  it('reaches granted only through a grant or roles already held', () => {
    const { done, error } = graphEvents;
    const events: AdminBootstrapEvent[] = [
      done('hasRoles', true),
      done('hasRoles', false),
      error('hasRoles'),
      done('grantRoles'),
      error('grantRoles'),
      { type: 'RETRY' },
    ];
    const machine = createAdminBootstrapMachine(createTestPorts(), { bootstrapAdminEmail: 'owner@bahi.example' });
    const options = { events, input: { user: owner } };
    const reached = getShortestPaths(machine, options).map((p) => p.state.value);
    expect(reached).toEqual(expect.arrayContaining(['checking', 'granting', 'failed', 'granted']));

    const toGranted = getSimplePaths(machine, { ...options, toState: (s) => s.matches('granted') });
    expect(toGranted.map((p) => describePath(p.steps))).toContain(
      'xstate.error.actor.hasRoles > xstate.done.actor.grantRoles',
    );
    for (const path of toGranted) {
      const last = path.steps.at(-1)?.event as { type: string; output?: unknown };
      const heldAlready = last.type === 'xstate.done.actor.hasRoles' && last.output === true;
      expect(heldAlready || last.type === 'xstate.done.actor.grantRoles').toBe(true);
    }
  });
});
