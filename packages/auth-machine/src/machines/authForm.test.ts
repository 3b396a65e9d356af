import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { getShortestPaths, getSimplePaths } from 'xstate/graph';
import { createTestPorts, describePath, graphEvents } from '../test-support.ts';
import { type AuthFormEvent, createAuthFormMachine, productSignUpRequest } from './authForm.ts';

const REQUIRED = 'You must provide either an email or phone number and a password';

function start() {
  const ports = createTestPorts();
  const actor = createActor(createAuthFormMachine(ports, { siteUrl: 'https://bahi.example/' })).start();
  return { actor, ports };
}

describe('product sign-up request', () => {
  it('sends full_name and onboarding_completed false, redirecting to verify-email with source=signup', () => {
    expect(productSignUpRequest({ email: 'a@b.in', password: 'pw1234' }, 'Asha', 'https://bahi.example')).toEqual({
      email: 'a@b.in',
      password: 'pw1234',
      data: { full_name: 'Asha', onboarding_completed: false },
      redirectTo: 'https://bahi.example/verify-email?source=signup',
    });
  });
});

describe('auth form machine', () => {
  it('refuses to sign in without an email or phone, without calling the service', () => {
    const { actor, ports } = start();
    actor.send({ type: 'SIGN_IN', credentials: { password: 'pw1234' } });
    expect(actor.getSnapshot().context.error).toBe(REQUIRED);
    expect(ports.auth.signIn).not.toHaveBeenCalled();
  });

  it('refuses to sign up without a password', () => {
    const { actor, ports } = start();
    actor.send({ type: 'SIGN_UP', credentials: { email: 'a@b.in', password: '' }, fullName: 'Asha' });
    expect(actor.getSnapshot().context.error).toBe(REQUIRED);
    expect(ports.auth.signUp).not.toHaveBeenCalled();
  });

  it('signs in with a phone number and a password', async () => {
    const { actor, ports } = start();
    actor.send({ type: 'SIGN_IN', credentials: { phone: '+919800000000', password: 'pw1234' } });
    await waitFor(actor, (s) => s.matches('signedIn'));
    expect(ports.auth.signIn).toHaveBeenCalledWith({ phone: '+919800000000', password: 'pw1234' });
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('signs up with the product request', async () => {
    const { actor, ports } = start();
    actor.send({ type: 'SIGN_UP', credentials: { email: 'a@b.in', password: 'pw1234' }, fullName: 'Asha' });
    await waitFor(actor, (s) => s.matches('signedUp'));
    expect(ports.auth.signUp).toHaveBeenCalledWith({
      email: 'a@b.in',
      password: 'pw1234',
      data: { full_name: 'Asha', onboarding_completed: false },
      redirectTo: 'https://bahi.example/verify-email?source=signup',
    });
  });

  it.each([
    ['SIGN_IN', 'signIn', 'Failed to sign in'],
    ['SIGN_UP', 'signUp', 'Failed to sign up'],
  ] as const)('%s shows %s fallback when the service gives no message', async (type, method, fallback) => {
    const { actor, ports } = start();
    ports.auth[method].mockRejectedValueOnce({ status: 500 });
    actor.send({ type, credentials: { email: 'a@b.in', password: 'pw1234' }, fullName: 'Asha' });
    await waitFor(actor, (s) => s.context.error !== null);
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.error).toBe(fallback);
  });

  it('leaves its messages to the form: nothing goes to the notifier as well', async () => {
    const { actor, ports } = start();
    actor.send({ type: 'SIGN_IN', credentials: { password: 'pw1234' } });
    ports.auth.signIn.mockRejectedValueOnce({ status: 400, message: 'Invalid login credentials' });
    actor.send({ type: 'SIGN_IN', credentials: { email: 'a@b.in', password: 'wrong' } });
    await waitFor(actor, (s) => s.context.error === 'Invalid login credentials');
    expect(ports.notifier.error).not.toHaveBeenCalled();
  });

  it("shows the service's message when it gives one", async () => {
    const { actor, ports } = start();
    ports.auth.signIn.mockRejectedValueOnce({ status: 400, message: 'Invalid login credentials' });
    actor.send({ type: 'SIGN_IN', credentials: { email: 'a@b.in', password: 'wrong' } });
    await waitFor(actor, (s) => s.context.error !== null);
    expect(actor.getSnapshot().context.error).toBe('Invalid login credentials');
  });

  it('ignores a second submit while the first is in flight', async () => {
    const { actor, ports } = start();
    actor.send({ type: 'SIGN_IN', credentials: { email: 'a@b.in', password: 'pw1234' } });
    actor.send({ type: 'SIGN_IN', credentials: { email: 'a@b.in', password: 'pw1234' } });
    await waitFor(actor, (s) => s.matches('signedIn'));
    expect(ports.auth.signIn).toHaveBeenCalledTimes(1);
  });
});

describe('auth form paths (xstate/graph)', () => {
  const { done, error } = graphEvents;
  const valid = { email: 'a@b.in', password: 'pw1234' };
  const events: AuthFormEvent[] = [
    { type: 'SIGN_IN', credentials: valid },
    { type: 'SIGN_IN', credentials: { password: 'pw1234' } },
    { type: 'SIGN_UP', credentials: valid, fullName: 'Asha' },
    { type: 'SIGN_UP', credentials: { email: 'a@b.in', password: '' }, fullName: 'Asha' },
    done('signIn'),
    error('signIn', {}),
    done('signUp'),
    error('signUp', {}),
  ];
  const machine = createAuthFormMachine(createTestPorts(), { siteUrl: 'https://bahi.example' });

  it('reaches every state', () => {
    const reached = getShortestPaths(machine, { events }).map((p) => p.state.value);
    expect(reached).toEqual(expect.arrayContaining(['idle', 'signingIn', 'signingUp', 'signedIn', 'signedUp']));
  });

  it('calls the service only with valid credentials', () => {
    const calling = getSimplePaths(machine, {
      events,
      toState: (s) => s.matches('signingIn') || s.matches('signingUp'),
    });
    expect(calling.length).toBeGreaterThan(0);
    for (const path of calling) {
      const last = path.steps.at(-1)?.event as AuthFormEvent;
      expect(last.credentials).toEqual(valid);
    }
  });

  it('ends a failed call back in idle with the fallback message', () => {
    const failed = getShortestPaths(machine, { events, toState: (s) => s.context.error === 'Failed to sign up' });
    expect(failed.map((p) => describePath(p.steps))).toEqual(['SIGN_UP > xstate.error.actor.signUp']);
  });
});
