import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { getSimplePaths } from 'xstate/graph';
import { createTestPorts, describePath, graphEvents, type TestPorts } from '../test-support.ts';
import {
  createPasswordResetMachine,
  type PasswordResetEvent,
  recoveryVerification,
  requestPasswordReset,
} from './passwordReset.ts';

const NO_TOKEN = 'No reset token found. Please request a new password reset link.';
const FAILED = 'Unable to reset password. The link may have expired or is invalid. Please request a new one.';

function start(location: { hash?: string; search?: string }, prepare: (ports: TestPorts) => void = () => undefined) {
  const ports = createTestPorts();
  prepare(ports);
  const actor = createActor(createPasswordResetMachine(ports), {
    input: { location: { hash: location.hash ?? '', search: location.search ?? '' } },
  }).start();
  return { actor, ports };
}

const settled = (s: { matches: (v: 'succeeded' | 'failed') => boolean }) =>
  s.matches('succeeded') || s.matches('failed');

describe('recoveryVerification', () => {
  // A mailed link's `token` is the token's SHA-256 hash in hex; the mailed code is 6 digits.
  const LINK_TOKEN = 'a6d121c1cb4b2590bd638177ba1f6aa84e1d03599c17d180934148b807bc9efe';

  it('prefers the token hash, then the code with the stored email', () => {
    expect(recoveryVerification({ source: 'query', tokenHash: 'h', token: 'c' }, 'a@b.in')).toEqual({
      type: 'recovery',
      tokenHash: 'h',
    });
    expect(recoveryVerification({ source: 'query', token: '123456' }, 'a@b.in')).toEqual({
      type: 'recovery',
      email: 'a@b.in',
      token: '123456',
    });
    expect(recoveryVerification({ source: 'hash', accessToken: 'AT' }, 'a@b.in')).toBeNull();
  });

  it("sends a link's token as the token hash, even with an email stored (GoTrue refuses it as a code)", () => {
    for (const source of ['query', 'storage'] as const) {
      expect(recoveryVerification({ source, token: LINK_TOKEN, type: 'recovery' }, 'a@b.in')).toEqual({
        type: 'recovery',
        tokenHash: LINK_TOKEN,
      });
    }
    expect(recoveryVerification({ source: 'query', token: 'pkce_abc' }, null)).toEqual({
      type: 'recovery',
      tokenHash: 'pkce_abc',
    });
  });

  it('cannot verify a code without the email it was mailed to', () => {
    expect(recoveryVerification({ source: 'query', token: '123456' }, null)).toBeNull();
  });
});

describe('password reset machine', () => {
  it(`shows '${NO_TOKEN}' when the link carries no token and none is stored`, () => {
    const { actor, ports } = start({ search: '?email=a@b.in' });
    expect(actor.getSnapshot().value).toBe('noToken');
    expect(actor.getSnapshot().context.error).toBe(NO_TOKEN);
    expect(ports.notifier.error).not.toHaveBeenCalled();
  });

  it.each([
    [
      'an already used link (the fragment)',
      { hash: '#error=access_denied&error_code=otp_expired&error_description=x' },
    ],
    ['a refused PKCE link (the query)', { search: '?error=access_denied&error_description=Email+link+is+invalid' }],
  ])(`shows '${FAILED}' for %s, not '${NO_TOKEN}', and asks for no password`, (_name, location) => {
    const { actor, ports } = start(location, (p) => p.storage.session.setItem('passwordResetToken', 'access_token=A'));
    expect(actor.getSnapshot().value).toBe('linkRefused');
    expect(actor.getSnapshot().context.error).toBe(FAILED);
    actor.send({ type: 'SUBMIT', password: 'new-secret' });
    expect(actor.getSnapshot().value).toBe('linkRefused');
    expect(ports.auth.setSession).not.toHaveBeenCalled();
    expect(ports.auth.updateUser).not.toHaveBeenCalled();
  });

  it("verifies a link's token kept in storage as a token hash, with the forgot page's email stored too", async () => {
    const { actor, ports } = start({}, (p) => {
      p.storage.session.setItem('passwordResetToken', 'token=0f3e9a&type=recovery');
      p.storage.local.setItem('passwordResetEmail', 'a@b.in');
    });
    ports.auth.updateUser.mockRejectedValueOnce({ status: 401, message: 'Auth session missing!' });
    actor.send({ type: 'SUBMIT', password: 'new-secret' });
    await waitFor(actor, settled);
    expect(ports.auth.verifyOtp).toHaveBeenCalledWith({ type: 'recovery', tokenHash: '0f3e9a' });
    expect(actor.getSnapshot().value).toBe('succeeded');
  });

  it('finds the token kept in storage by the session machine', () => {
    const { actor } = start({}, (ports) => ports.storage.session.setItem('passwordResetToken', 'access_token=A'));
    expect(actor.getSnapshot().value).toBe('ready');
  });

  it('sets the session from the hash tokens, then updates the password', async () => {
    const { actor, ports } = start({ hash: '#access_token=AT&refresh_token=RT&type=recovery' }, (p) =>
      p.storage.session.setItem('passwordResetToken', 'access_token=old'),
    );
    actor.send({ type: 'SUBMIT', password: 'new-secret' });
    await waitFor(actor, settled);
    expect(actor.getSnapshot().value).toBe('succeeded');
    expect(ports.auth.setSession).toHaveBeenCalledWith({ access_token: 'AT', refresh_token: 'RT' });
    expect(ports.auth.updateUser).toHaveBeenCalledWith({ password: 'new-secret' });
    expect(ports.auth.verifyOtp).not.toHaveBeenCalled();
    expect(ports.storage.session.getItem('passwordResetToken')).toBeNull();
    expect(actor.getSnapshot().context.password).toBe('');
  });

  it('updates the password directly when setting the session fails', async () => {
    const { actor, ports } = start({ hash: '#access_token=AT&refresh_token=RT' });
    ports.auth.setSession.mockRejectedValueOnce({ status: 400 });
    actor.send({ type: 'SUBMIT', password: 'new-secret' });
    await waitFor(actor, settled);
    expect(actor.getSnapshot().value).toBe('succeeded');
    expect(ports.auth.updateUser).toHaveBeenCalledTimes(1);
    expect(ports.auth.verifyOtp).not.toHaveBeenCalled();
  });

  it('verifies the recovery code with the stored email when the other methods fail', async () => {
    const { actor, ports } = start({ search: '?token=123456&type=recovery' }, (p) =>
      p.storage.local.setItem('passwordResetEmail', 'a@b.in'),
    );
    ports.auth.updateUser.mockRejectedValueOnce({ status: 401, message: 'Auth session missing!' });
    actor.send({ type: 'SUBMIT', password: 'new-secret' });
    await waitFor(actor, settled);
    expect(actor.getSnapshot().value).toBe('succeeded');
    expect(ports.auth.setSession).not.toHaveBeenCalled();
    expect(ports.auth.verifyOtp).toHaveBeenCalledWith({ type: 'recovery', email: 'a@b.in', token: '123456' });
    expect(ports.auth.updateUser).toHaveBeenCalledTimes(2);
    expect(ports.storage.local.getItem('passwordResetEmail')).toBeNull();
  });

  it(`shows '${FAILED}' when every method fails, and lets the user try again`, async () => {
    const { actor, ports } = start({ hash: '#access_token=AT&refresh_token=RT', search: '?token_hash=H' });
    ports.auth.setSession.mockRejectedValue({ status: 400 });
    ports.auth.updateUser.mockRejectedValue({ status: 401 });
    ports.auth.verifyOtp.mockRejectedValue({ status: 403, code: 'otp_expired' });
    actor.send({ type: 'SUBMIT', password: 'new-secret' });
    await waitFor(actor, settled);
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.error).toBe(FAILED);
    // The hash wins over the query, so there is no token hash to verify; method 3 is skipped.
    expect(ports.auth.verifyOtp).not.toHaveBeenCalled();
    actor.send({ type: 'SUBMIT', password: 'other' });
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('fails without a code to verify after methods 1 and 2', async () => {
    const { actor, ports } = start({ search: '?type=recovery' });
    ports.auth.updateUser.mockRejectedValue({ status: 401 });
    actor.send({ type: 'SUBMIT', password: 'new-secret' });
    await waitFor(actor, settled);
    expect(actor.getSnapshot().value).toBe('failed');
    expect(ports.auth.setSession).not.toHaveBeenCalled();
    expect(ports.auth.verifyOtp).not.toHaveBeenCalled();
  });
});

describe('requestPasswordReset', () => {
  const config = { redirectOrigins: { production: 'https://bahi.example' } };

  it('redirects to /reset-password on an allowed origin and keeps the email', async () => {
    const ports = createTestPorts();
    await requestPasswordReset(ports, config, 'a@b.in', 'http://localhost:3000');
    expect(ports.auth.resetPasswordForEmail).toHaveBeenCalledWith('a@b.in', 'http://localhost:3000/reset-password');
    expect(ports.storage.local.getItem('passwordResetEmail')).toBe('a@b.in');
  });

  it('falls back to production for an origin that is not allowed', async () => {
    const ports = createTestPorts();
    await requestPasswordReset(ports, config, 'a@b.in', 'https://phish.example');
    expect(ports.auth.resetPasswordForEmail).toHaveBeenCalledWith('a@b.in', 'https://bahi.example/reset-password');
  });
});

describe('password reset paths (xstate/graph)', () => {
  const { done, error } = graphEvents;
  const events: PasswordResetEvent[] = [
    { type: 'SUBMIT', password: 'pw' },
    done('setSessionAndUpdate'),
    error('setSessionAndUpdate'),
    done('updatePassword'),
    error('updatePassword'),
    done('verifyCodeAndUpdate'),
    error('verifyCodeAndUpdate'),
  ];

  it('tries set-session, then update, then verify-code, in that order, before failing', () => {
    const ports = createTestPorts();
    ports.storage.local.setItem('passwordResetEmail', 'a@b.in');
    const machine = createPasswordResetMachine(ports);
    const input = { location: { hash: '#access_token=AT&refresh_token=RT&token=123456', search: '' } };
    const toFailed = getSimplePaths(machine, { events, input, toState: (s) => s.matches('failed') });
    expect(toFailed.map((p) => describePath(p.steps))).toEqual([
      'SUBMIT > xstate.error.actor.setSessionAndUpdate > xstate.error.actor.updatePassword > xstate.error.actor.verifyCodeAndUpdate',
    ]);
    const toSucceeded = getSimplePaths(machine, { events, input, toState: (s) => s.matches('succeeded') });
    expect(toSucceeded.map((p) => describePath(p.steps)).sort()).toEqual([
      'SUBMIT > xstate.done.actor.setSessionAndUpdate',
      'SUBMIT > xstate.error.actor.setSessionAndUpdate > xstate.done.actor.updatePassword',
      'SUBMIT > xstate.error.actor.setSessionAndUpdate > xstate.error.actor.updatePassword > xstate.done.actor.verifyCodeAndUpdate',
    ]);
  });
});
