// The auth service driven by the unchanged supabase-js client (and raw fetch where the wire itself matters).

import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AuthApiError, AuthWeakPasswordError, type Session } from '@supabase/supabase-js';
import { createLocalJWKSet, decodeJwt, decodeProtectedHeader, jwtVerify, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { DEFAULT_JWT_SECRET, generateSigningKey } from '../jwt.ts';
import { measurePasswordSignIn } from './bench.ts';
import { fragmentOf, latestMail, startTestStack, type TestStack, testConfig } from './testing/harness.ts';
import { totp } from './totp.ts';

vi.setConfig({ testTimeout: 20_000 });

let stack: TestStack;
let seq = 0;
const uniqueEmail = (tag: string) => `${tag}-${++seq}-${Date.now()}@example.com`;

beforeAll(async () => {
  stack = await startTestStack();
}, 60_000);
afterAll(async () => {
  await stack?.close();
});

/** A raw call to /auth/v1 as auth-js makes it (API-version header, apikey), to assert the wire itself. */
async function raw(
  path: string,
  init: { method?: string; token?: string; body?: unknown; versioned?: boolean } = {},
): Promise<{ status: number; headers: Headers; body: Record<string, unknown> }> {
  const headers: Record<string, string> = { apikey: stack.ctx.keys.anonKey };
  if (init.versioned !== false) headers['X-Supabase-Api-Version'] = '2024-01-01';
  if (init.token) headers.Authorization = `Bearer ${init.token}`;
  if (init.body !== undefined) headers['Content-Type'] = 'application/json';
  const res = await stack.fetch(`/auth/v1${path}`, {
    method: init.method ?? 'GET',
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : {} };
}

/** A confirmed user with a password, made through the admin API. */
async function confirmedUser(password = 'correct horse', data: Record<string, unknown> = {}) {
  const email = uniqueEmail('user');
  const { data: created, error } = await stack
    .admin()
    .auth.admin.createUser({ email, password, email_confirm: true, user_metadata: data });
  expect(error).toBeNull();
  return { email, password, id: created.user!.id };
}

async function signIn(email: string, password: string) {
  const client = stack.client();
  const { data, error } = await client.auth.signInWithPassword({ email, password });
  expect(error).toBeNull();
  return { client, session: data.session! };
}

function withAuthSettings<T>(patch: Partial<typeof stack.ctx.config.auth>, fn: () => Promise<T>): Promise<T> {
  const saved = { ...stack.ctx.config.auth };
  Object.assign(stack.ctx.config.auth, patch);
  return fn().finally(() => Object.assign(stack.ctx.config.auth, saved));
}

describe('sign-up with email confirmation', () => {
  it('mails a link that confirms the address and signs the user in', async () => {
    const client = stack.client();
    const email = uniqueEmail('signup');
    const { data, error } = await client.auth.signUp({
      email,
      password: 'secret123',
      options: {
        data: { full_name: 'Asha Rao', onboarding_completed: false },
        emailRedirectTo: 'https://app.example.com/verify-email?source=signup',
      },
    });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    const user = data.user!;
    expect(user).toMatchObject({
      aud: 'authenticated',
      role: 'authenticated',
      email,
      phone: '',
      app_metadata: { provider: 'email', providers: ['email'] },
      user_metadata: { full_name: 'Asha Rao', onboarding_completed: false },
      is_anonymous: false,
    });
    expect(user.email_confirmed_at).toBeUndefined();
    expect(user.confirmation_sent_at).toEqual(expect.any(String));
    expect(user.identities).toHaveLength(1);
    expect(user.identities![0]).toMatchObject({
      identity_id: expect.any(String),
      id: user.id,
      user_id: user.id,
      provider: 'email',
      email,
      identity_data: { sub: user.id, email, email_verified: false, phone_verified: false },
    });
    expect(user).not.toHaveProperty('factors');

    // Unconfirmed: sign-in is refused.
    const early = await client.auth.signInWithPassword({ email, password: 'secret123' });
    expect(early.error).toBeInstanceOf(AuthApiError);
    expect(early.error).toMatchObject({ status: 400, code: 'email_not_confirmed' });

    const mail = await latestMail(stack, email);
    expect(mail.Subject).toBe('Confirm Your Signup');
    const link = mail.Links[0]!;
    const linkUrl = new URL(link);
    expect(linkUrl.pathname).toBe('/auth/v1/verify');
    expect(linkUrl.searchParams.get('type')).toBe('signup');
    expect(linkUrl.searchParams.get('token')).toMatch(/^[0-9a-f]{56}$/);
    expect(linkUrl.searchParams.get('redirect_to')).toBe('https://app.example.com/verify-email?source=signup');
    expect(mail.Text).toMatch(/enter the code: \d{6}/);

    const res = await fetch(link, { redirect: 'manual' });
    expect(res.status).toBe(303);
    const location = res.headers.get('location')!;
    expect(location.startsWith('https://app.example.com/verify-email?source=signup#')).toBe(true);
    const fragment = fragmentOf(location);
    expect(fragment.get('token_type')).toBe('bearer');
    expect(fragment.get('type')).toBe('signup');
    expect(Number(fragment.get('expires_in'))).toBe(3600);
    expect(Number(fragment.get('expires_at'))).toBeGreaterThan(Date.now() / 1000);
    expect(fragment.get('refresh_token')).toBeTruthy();

    const { data: me, error: meError } = await client.auth.getUser(fragment.get('access_token')!);
    expect(meError).toBeNull();
    expect(me.user!.email_confirmed_at).toEqual(expect.any(String));
    expect(me.user!.identities![0]!.identity_data).toMatchObject({ email_verified: true });

    // The link works once.
    const again = await fetch(link, { redirect: 'manual' });
    expect(fragmentOf(again.headers.get('location')!).get('error_code')).toBe('otp_expired');

    const signedIn = await client.auth.signInWithPassword({ email, password: 'secret123' });
    expect(signedIn.error).toBeNull();
    expect(signedIn.data.session!.user.id).toBe(user.id);
  });

  it('falls back to the site URL for a redirect that is not allowed', async () => {
    const email = uniqueEmail('redirect');
    await stack
      .client()
      .auth.signUp({ email, password: 'secret123', options: { emailRedirectTo: 'https://evil.example.org/x' } });
    const link = new URL((await latestMail(stack, email)).Links[0]!);
    expect(link.searchParams.get('redirect_to')).toBe('http://localhost:3000');
    const res = await fetch(link, { redirect: 'manual' });
    expect(res.headers.get('location')!.startsWith('http://localhost:3000#access_token=')).toBe(true);
  });

  it('answers a repeated sign-up of a confirmed address with an obfuscated user', async () => {
    const { email } = await confirmedUser();
    const { data, error } = await stack.client().auth.signUp({ email, password: 'secret123' });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user!.identities).toEqual([]);
  });

  it('validates the address and the password length', async () => {
    const client = stack.client();
    const bad = await client.auth.signUp({ email: 'not-an-email', password: 'secret123' });
    expect(bad.error).toMatchObject({
      status: 400,
      code: 'validation_failed',
      message: 'Unable to validate email address: invalid format',
    });
    const weak = await client.auth.signUp({ email: uniqueEmail('weak'), password: '123' });
    expect(weak.error).toBeInstanceOf(AuthWeakPasswordError);
    expect(weak.error).toMatchObject({
      status: 422,
      code: 'weak_password',
      message: 'Password should be at least 6 characters.',
      reasons: ['length'],
    });
    await withAuthSettings({ minimumPasswordLength: 10 }, async () => {
      const weak10 = await client.auth.signUp({ email: uniqueEmail('weak'), password: 'secret123' });
      expect(weak10.error?.message).toBe('Password should be at least 10 characters.');
    });
  });

  it('refuses sign-ups when they are disabled', async () => {
    await withAuthSettings({ enableSignup: false }, async () => {
      const { error } = await stack.client().auth.signUp({ email: uniqueEmail('closed'), password: 'secret123' });
      expect(error).toMatchObject({ status: 422, code: 'signup_disabled' });
    });
  });
});

describe('sign-up without confirmation', () => {
  it('returns a session at once, and refuses the same address again', async () => {
    await withAuthSettings({ enableConfirmations: false }, async () => {
      const email = uniqueEmail('auto');
      const { data, error } = await stack
        .client()
        .auth.signUp({ email, password: 'secret123', options: { data: { plan: 'monthly' } } });
      expect(error).toBeNull();
      expect(data.session).toMatchObject({ token_type: 'bearer', expires_in: 3600, refresh_token: expect.any(String) });
      expect(data.user!.email_confirmed_at).toEqual(expect.any(String));
      expect(data.user!.user_metadata).toEqual({ plan: 'monthly' });
      const again = await stack.client().auth.signUp({ email, password: 'secret123' });
      expect(again.error).toMatchObject({
        status: 422,
        code: 'user_already_exists',
        message: 'User already registered',
      });
    });
  });
});

describe('password sign-in', () => {
  it('issues a session whose access token carries GoTrue claims', async () => {
    const { email, password, id } = await confirmedUser('secret123', { full_name: 'Ravi' });
    const { session } = await signIn(email, password);
    expect(session).toMatchObject({ token_type: 'bearer', expires_in: 3600 });
    expect(session.expires_at).toBeGreaterThan(Date.now() / 1000 + 3500);
    const claims = decodeJwt(session.access_token);
    expect(claims).toMatchObject({
      iss: `${stack.url}/auth/v1`,
      sub: id,
      aud: 'authenticated',
      role: 'authenticated',
      email,
      phone: '',
      aal: 'aal1',
      is_anonymous: false,
      session_id: expect.any(String),
      app_metadata: { provider: 'email', providers: ['email'] },
      user_metadata: { full_name: 'Ravi' },
    });
    expect(claims.amr).toEqual([{ method: 'password', timestamp: expect.any(Number) }]);
    expect((claims.exp as number) - (claims.iat as number)).toBe(3600);
    expect(session.user.last_sign_in_at).toEqual(expect.any(String));
  });

  it('refuses a wrong password or unknown address with invalid_credentials', async () => {
    const { email } = await confirmedUser('secret123');
    for (const attempt of [
      { email, password: 'wrong-password' },
      { email: uniqueEmail('nobody'), password: 'secret123' },
    ]) {
      const { data, error } = await stack.client().auth.signInWithPassword(attempt);
      expect(data.session).toBeNull();
      expect(error).toBeInstanceOf(AuthApiError);
      expect(error).toMatchObject({ status: 400, code: 'invalid_credentials', message: 'Invalid login credentials' });
    }
  });

  it('speaks the error wire format, old and new', async () => {
    const modern = await raw('/token?grant_type=password', {
      method: 'POST',
      body: { email: 'x@example.com', password: 'nope-nope' },
    });
    expect(modern.status).toBe(400);
    expect(modern.headers.get('x-sb-error-code')).toBe('invalid_credentials');
    expect(modern.headers.get('x-supabase-api-version')).toBe('2024-01-01');
    expect(modern.body).toEqual({ code: 'invalid_credentials', message: 'Invalid login credentials' });
    const legacy = await raw('/token?grant_type=password', {
      method: 'POST',
      body: { email: 'x@example.com', password: 'nope-nope' },
      versioned: false,
    });
    expect(legacy.headers.get('x-supabase-api-version')).toBeNull();
    expect(legacy.body).toEqual({ code: 400, error_code: 'invalid_credentials', msg: 'Invalid login credentials' });
  });
});

describe('refresh tokens', () => {
  it('rotate, allow reuse inside the interval, and revoke the family on later reuse', async () => {
    const { email, password } = await confirmedUser();
    const { client, session } = await signIn(email, password);
    const first = await client.auth.refreshSession({ refresh_token: session.refresh_token });
    expect(first.error).toBeNull();
    const child = first.data.session!.refresh_token;
    expect(child).not.toBe(session.refresh_token);
    expect(decodeJwt(first.data.session!.access_token).session_id).toBe(decodeJwt(session.access_token).session_id);

    // Reuse of the parent within the reuse interval: the same child.
    const reuse = await raw('/token?grant_type=refresh_token', {
      method: 'POST',
      body: { refresh_token: session.refresh_token },
    });
    expect(reuse.status).toBe(200);
    expect(reuse.body.refresh_token).toBe(child);

    // Later reuse: refused, and the whole family is revoked.
    await withAuthSettings({ refreshTokenReuseInterval: 0 }, async () => {
      await new Promise((r) => setTimeout(r, 5));
      const late = await stack.client().auth.refreshSession({ refresh_token: session.refresh_token });
      expect(late.error).toMatchObject({
        status: 400,
        code: 'refresh_token_already_used',
        message: 'Invalid Refresh Token: Already Used',
      });
      await new Promise((r) => setTimeout(r, 5));
      const childAfter = await raw('/token?grant_type=refresh_token', {
        method: 'POST',
        body: { refresh_token: child },
      });
      expect(childAfter.status).toBe(400);
      expect(childAfter.body.code).toBe('refresh_token_already_used');
    });
  });

  it('gives concurrent uses of one token the same child', async () => {
    const { email, password } = await confirmedUser();
    const { session } = await signIn(email, password);
    const results = await Promise.all(
      [1, 2, 3].map(() =>
        raw('/token?grant_type=refresh_token', { method: 'POST', body: { refresh_token: session.refresh_token } }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    const children = new Set(results.map((r) => r.body.refresh_token));
    expect(children.size).toBe(1);
    expect(children.has(session.refresh_token)).toBe(false);
  });

  it('refuses an unknown token', async () => {
    const { error } = await stack.client().auth.refreshSession({ refresh_token: 'no-such-token' });
    expect(error).toMatchObject({ status: 400, code: 'refresh_token_not_found' });
  });
});

describe('logout', () => {
  async function status(token: string) {
    return raw('/user', { token });
  }

  it('signs out others, then this session, and a signed-out token is refused with session_not_found', async () => {
    const { email, password } = await confirmedUser();
    const a = await signIn(email, password);
    const b = await signIn(email, password);
    const c = await signIn(email, password);

    expect((await a.client.auth.signOut({ scope: 'others' })).error).toBeNull();
    const refused = await status(b.session.access_token);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      code: 'session_not_found',
      message: 'Session from session_id claim in JWT does not exist',
    });
    expect((await status(c.session.access_token)).status).toBe(403);
    expect((await status(a.session.access_token)).status).toBe(200);
    const refreshB = await b.client.auth.refreshSession({ refresh_token: b.session.refresh_token });
    expect(refreshB.error).toMatchObject({ code: 'refresh_token_not_found' });

    const local = await raw('/logout?scope=local', { method: 'POST', token: a.session.access_token });
    expect(local.status).toBe(204);
    expect((await status(a.session.access_token)).status).toBe(403);
  });

  it('global scope ends every session of the user', async () => {
    const { email, password } = await confirmedUser();
    const a = await signIn(email, password);
    const b = await signIn(email, password);
    expect((await a.client.auth.signOut()).error).toBeNull();
    expect((await status(a.session.access_token)).body.code).toBe('session_not_found');
    expect((await status(b.session.access_token)).body.code).toBe('session_not_found');
  });
});

describe('GET and PUT /user', () => {
  it('merges data, checks and changes the password, and signs other sessions out', async () => {
    const { email, password } = await confirmedUser('first-pass', { full_name: 'Meera', theme: 'dark' });
    const { client } = await signIn(email, password);
    const other = await signIn(email, password);

    const merged = await client.auth.updateUser({ data: { onboarding_completed: true, theme: null } });
    expect(merged.error).toBeNull();
    expect(merged.data.user!.user_metadata).toEqual({ full_name: 'Meera', onboarding_completed: true });

    const same = await client.auth.updateUser({ password: 'first-pass' });
    expect(same.error).toMatchObject({ status: 422, code: 'same_password' });
    const weak = await client.auth.updateUser({ password: 'abc' });
    expect(weak.error).toMatchObject({ status: 422, code: 'weak_password' });

    expect((await client.auth.updateUser({ password: 'second-pass' })).error).toBeNull();
    expect((await stack.client().auth.signInWithPassword({ email, password: 'first-pass' })).error?.code).toBe(
      'invalid_credentials',
    );
    expect((await stack.client().auth.signInWithPassword({ email, password: 'second-pass' })).error).toBeNull();
    expect((await raw('/user', { token: other.session.access_token })).body.code).toBe('session_not_found');
    expect((await client.auth.getUser()).data.user!.email).toBe(email);
  });

  it('changes the email after the new address confirms it', async () => {
    const { email, password } = await confirmedUser();
    const { client } = await signIn(email, password);
    const next = uniqueEmail('moved');
    const { data, error } = await client.auth.updateUser({ email: next });
    expect(error).toBeNull();
    expect(data.user!.email).toBe(email);
    expect(data.user!.new_email).toBe(next);
    const mail = await latestMail(stack, next);
    expect(mail.Subject).toBe('Confirm Email Change');
    const res = await fetch(mail.Links[0]!, { redirect: 'manual' });
    const token = fragmentOf(res.headers.get('location')!).get('access_token')!;
    const { data: me } = await client.auth.getUser(token);
    expect(me.user!.email).toBe(next);
    expect(me.user!.new_email).toBeUndefined();
  });

  it('adds a phone identity and, with enable_manual_linking, unlinks identities down to the last one', async () => {
    stack.ctx.config.auth.enableManualLinking = true;
    onTestFinished(() => {
      stack.ctx.config.auth.enableManualLinking = undefined;
    });
    const { email, password } = await confirmedUser();
    const { client } = await signIn(email, password);
    const { data, error } = await client.auth.updateUser({ phone: '+919876543210' });
    expect(error).toBeNull();
    expect(data.user!.phone).toBe('919876543210');
    const identities = data.user!.identities!;
    expect(identities.map((i) => i.provider).sort()).toEqual(['email', 'phone']);
    const phone = identities.find((i) => i.provider === 'phone')!;
    expect((await client.auth.unlinkIdentity(phone)).error).toBeNull();
    const { data: me } = await client.auth.getUser();
    expect(me.user!.identities!.map((i) => i.provider)).toEqual(['email']);
    const last = await client.auth.unlinkIdentity(me.user!.identities![0]!);
    expect(last.error).toMatchObject({ status: 422, code: 'single_identity_not_deletable' });
    const unknown = await client.auth.unlinkIdentity({ ...phone, identity_id: '00000000-0000-0000-0000-000000000000' });
    expect(unknown.error).toMatchObject({ status: 404, code: 'identity_not_found' });
  });

  it('requires a bearer token', async () => {
    const res = await stack.fetch('/auth/v1/user', {
      headers: { apikey: stack.ctx.keys.anonKey, 'X-Supabase-Api-Version': '2024-01-01' },
    });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({
      code: 'no_authorization',
      message: 'This endpoint requires a valid Bearer token',
    });
  });
});

describe('forged tokens', () => {
  it('are refused on /user: bad signature, alg none, expired, role changed', async () => {
    const { email, password } = await confirmedUser();
    const { session } = await signIn(email, password);
    const claims = decodeJwt(session.access_token);
    const [header, , signature] = session.access_token.split('.');
    const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
    const otherSecret = new TextEncoder().encode('not-the-secret-not-the-secret-not-the-secret');
    const forged = {
      badSignature: await new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(otherSecret),
      algNone: `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`,
      expired: await new SignJWT({ ...claims, exp: Math.floor(Date.now() / 1000) - 60 })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .sign(new TextEncoder().encode(DEFAULT_JWT_SECRET)),
      roleChanged: `${header}.${b64({ ...claims, role: 'service_role' })}.${signature}`,
    };
    for (const [name, token] of Object.entries(forged)) {
      const res = await raw('/user', { token });
      expect([name, res.status, res.body.code]).toEqual([name, 403, 'bad_jwt']);
    }
    const admin = await raw('/admin/users', { token: forged.roleChanged });
    expect(admin.status).toBe(403);
  });
});

describe('password recovery', () => {
  it('always answers {}, and the mailed link signs in to set a new password', async () => {
    const { email, password } = await confirmedUser();
    const unknown = await raw('/recover', { method: 'POST', body: { email: uniqueEmail('ghost') } });
    expect(unknown).toMatchObject({ status: 200, body: {} });

    const client = stack.client();
    const { data, error } = await client.auth.resetPasswordForEmail(email, {
      redirectTo: 'http://localhost:3000/reset-password',
    });
    expect(error).toBeNull();
    expect(data).toEqual({});
    const mail = await latestMail(stack, email);
    expect(mail.Subject).toBe('Reset Your Password');
    const res = await fetch(mail.Links[0]!, { redirect: 'manual' });
    expect(res.status).toBe(303);
    const location = res.headers.get('location')!;
    expect(location.startsWith('http://localhost:3000/reset-password#')).toBe(true);
    const fragment = fragmentOf(location);
    expect(fragment.get('type')).toBe('recovery');
    expect(decodeJwt(fragment.get('access_token')!).amr).toEqual([
      { method: 'recovery', timestamp: expect.any(Number) },
    ]);

    const { error: setError } = await client.auth.setSession({
      access_token: fragment.get('access_token')!,
      refresh_token: fragment.get('refresh_token')!,
    });
    expect(setError).toBeNull();
    expect((await client.auth.updateUser({ password: 'brand-new-pass' })).error).toBeNull();
    expect((await stack.client().auth.signInWithPassword({ email, password })).error?.code).toBe('invalid_credentials');
    expect((await stack.client().auth.signInWithPassword({ email, password: 'brand-new-pass' })).error).toBeNull();
  });
});

describe('one-time passwords and verifyOtp', () => {
  it('verifies a magic link by token_hash, and by email with the 6-digit code', async () => {
    const { email } = await confirmedUser();
    const client = stack.client();
    expect((await client.auth.signInWithOtp({ email })).error).toBeNull();
    let mail = await latestMail(stack, email);
    expect(mail.Subject).toBe('Your Magic Link');
    const tokenHash = new URL(mail.Links[0]!).searchParams.get('token')!;
    const byHash = await client.auth.verifyOtp({ token_hash: tokenHash, type: 'magiclink' });
    expect(byHash.error).toBeNull();
    expect(byHash.data.session!.user.email).toBe(email);
    expect(decodeJwt(byHash.data.session!.access_token).amr).toEqual([
      { method: 'magiclink', timestamp: expect.any(Number) },
    ]);

    const used = await client.auth.verifyOtp({ token_hash: tokenHash, type: 'magiclink' });
    expect(used.error).toMatchObject({ status: 403, code: 'otp_expired', message: 'Token has expired or is invalid' });

    expect((await client.auth.signInWithOtp({ email })).error).toBeNull();
    mail = await latestMail(stack, email);
    const code = /enter the code: (\d{6})/.exec(mail.Text)![1]!;
    const byCode = await client.auth.verifyOtp({ email, token: code, type: 'email' });
    expect(byCode.error).toBeNull();
    expect(byCode.data.user!.email).toBe(email);
  });

  it('verifies a recovery code sent by mail with the email address', async () => {
    const { email } = await confirmedUser();
    const client = stack.client();
    await client.auth.resetPasswordForEmail(email);
    const code = /enter the code: (\d{6})/.exec((await latestMail(stack, email)).Text)![1]!;
    const { data, error } = await client.auth.verifyOtp({ email, token: code, type: 'recovery' });
    expect(error).toBeNull();
    expect(data.session!.user.email).toBe(email);
  });

  it('creates a user on first OTP unless create_user is false', async () => {
    const client = stack.client();
    const refused = await client.auth.signInWithOtp({
      email: uniqueEmail('noone'),
      options: { shouldCreateUser: false },
    });
    expect(refused.error).toMatchObject({ status: 422, code: 'otp_disabled' });

    const email = uniqueEmail('otpnew');
    expect((await client.auth.signInWithOtp({ email, options: { data: { full_name: 'New' } } })).error).toBeNull();
    const mail = await latestMail(stack, email);
    expect(mail.Subject).toBe('Confirm Your Signup');
    const tokenHash = new URL(mail.Links[0]!).searchParams.get('token')!;
    const { data, error } = await client.auth.verifyOtp({ token_hash: tokenHash, type: 'email' });
    expect(error).toBeNull();
    expect(data.user!.email_confirmed_at).toEqual(expect.any(String));
    expect(data.user!.user_metadata).toEqual({ full_name: 'New' });
  });

  it('refuses an expired token, and the mail link then redirects with otp_expired', async () => {
    const email = uniqueEmail('late');
    await stack.client().auth.signUp({ email, password: 'secret123' });
    const link = (await latestMail(stack, email)).Links[0]!;
    await stack.db.query(
      `update auth.one_time_tokens set created_at = created_at - interval '2 hours'
       where relates_to = $1`,
      [email],
    );
    const res = await fetch(link, { redirect: 'manual' });
    expect(res.status).toBe(303);
    const location = res.headers.get('location')!;
    expect(location.startsWith('http://localhost:3000#')).toBe(true);
    expect(Object.fromEntries(fragmentOf(location))).toEqual({
      error: 'access_denied',
      error_code: 'otp_expired',
      error_description: 'Email link is invalid or has expired',
    });
  });

  it('signs in by phone with the configured test OTP', async () => {
    const client = stack.client();
    const sent = await client.auth.signInWithOtp({ phone: '+14152127777' });
    expect(sent.error).toBeNull();
    expect(sent.data.messageId).toEqual(expect.any(String));
    const wrong = await client.auth.verifyOtp({ phone: '+14152127777', token: '000000', type: 'sms' });
    expect(wrong.error).toMatchObject({ status: 403, code: 'otp_expired' });
    const { data, error } = await client.auth.verifyOtp({ phone: '+14152127777', token: '123456', type: 'sms' });
    expect(error).toBeNull();
    expect(data.user!.phone).toBe('14152127777');
    expect(data.user!.phone_confirmed_at).toEqual(expect.any(String));
  });

  it('resends the confirmation mail', async () => {
    const email = uniqueEmail('resend');
    await stack.client().auth.signUp({ email, password: 'secret123' });
    const firstLink = (await latestMail(stack, email)).Links[0]!;
    expect((await stack.client().auth.resend({ type: 'signup', email })).error).toBeNull();
    const secondLink = (await latestMail(stack, email)).Links[0]!;
    expect(secondLink).not.toBe(firstLink);
    // The newer mail replaces the older one.
    expect(
      fragmentOf((await fetch(firstLink, { redirect: 'manual' })).headers.get('location')!).get('error_code'),
    ).toBe('otp_expired');
    expect(
      fragmentOf((await fetch(secondLink, { redirect: 'manual' })).headers.get('location')!).get('access_token'),
    ).toBeTruthy();
  });
});

describe('PKCE', () => {
  it('sign-up link redirects with ?code=, exchanged for a session with the verifier', async () => {
    const client = stack.client(undefined, { flowType: 'pkce' });
    const email = uniqueEmail('pkce');
    const signup = await client.auth.signUp({
      email,
      password: 'secret123',
      options: { emailRedirectTo: 'http://localhost:3000/callback' },
    });
    expect(signup.error).toBeNull();
    const res = await fetch((await latestMail(stack, email)).Links[0]!, { redirect: 'manual' });
    const location = new URL(res.headers.get('location')!);
    expect(location.origin + location.pathname).toBe('http://localhost:3000/callback');
    const code = location.searchParams.get('code')!;
    expect(code).toBeTruthy();
    const { data, error } = await client.auth.exchangeCodeForSession(code);
    expect(error).toBeNull();
    expect(data.session!.user.email).toBe(email);
    const reused = await client.auth.exchangeCodeForSession(code);
    expect(reused.error).not.toBeNull();
  });

  it('recovery link under PKCE gives a code for a recovery session', async () => {
    const { email } = await confirmedUser();
    const client = stack.client(undefined, { flowType: 'pkce' });
    expect(
      (await client.auth.resetPasswordForEmail(email, { redirectTo: 'http://localhost:3000/reset' })).error,
    ).toBeNull();
    const res = await fetch((await latestMail(stack, email)).Links[0]!, { redirect: 'manual' });
    const code = new URL(res.headers.get('location')!).searchParams.get('code')!;
    const { data, error } = await client.auth.exchangeCodeForSession(code);
    expect(error).toBeNull();
    expect(decodeJwt(data.session!.access_token).amr).toEqual([{ method: 'recovery', timestamp: expect.any(Number) }]);
  });

  it('refuses a wrong code verifier', async () => {
    const client = stack.client(undefined, { flowType: 'pkce' });
    const email = uniqueEmail('pkcebad');
    await client.auth.signUp({ email, password: 'secret123' });
    const res = await fetch((await latestMail(stack, email)).Links[0]!, { redirect: 'manual' });
    const code = new URL(res.headers.get('location')!).searchParams.get('code')!;
    const bad = await raw('/token?grant_type=pkce', {
      method: 'POST',
      body: { auth_code: code, code_verifier: 'x'.repeat(43) },
    });
    expect(bad.status).toBe(403);
    expect(bad.body.code).toBe('bad_code_verifier');
  });
});

describe('anonymous sign-in', () => {
  it('creates an anonymous user with a session', async () => {
    const { data, error } = await stack.client().auth.signInAnonymously({ options: { data: { cart: 1 } } });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({
      is_anonymous: true,
      email: '',
      identities: [],
      user_metadata: { cart: 1 },
      app_metadata: { provider: 'anonymous', providers: ['anonymous'] },
    });
    const claims = decodeJwt(data.session!.access_token);
    expect(claims).toMatchObject({ is_anonymous: true, role: 'authenticated' });
    expect(claims.amr).toEqual([{ method: 'anonymous', timestamp: expect.any(Number) }]);
  });

  it('becomes a permanent user by confirming an email address', async () => {
    const client = stack.client();
    const { data } = await client.auth.signInAnonymously();
    const email = uniqueEmail('convert');
    const updated = await client.auth.updateUser({ email });
    expect(updated.error).toBeNull();
    expect(updated.data.user!.new_email).toBe(email);
    const res = await fetch((await latestMail(stack, email)).Links[0]!, { redirect: 'manual' });
    const token = fragmentOf(res.headers.get('location')!).get('access_token')!;
    const { data: me } = await client.auth.getUser(token);
    expect(me.user).toMatchObject({
      id: data.user!.id,
      email,
      is_anonymous: false,
      app_metadata: { provider: 'email', providers: ['email'] },
    });
    expect(me.user!.identities!.map((i) => i.provider)).toEqual(['email']);
    expect(decodeJwt(token).is_anonymous).toBe(false);
  });

  it('is refused when disabled', async () => {
    await withAuthSettings({ enableAnonymousSignIns: false }, async () => {
      const { error } = await stack.client().auth.signInAnonymously();
      expect(error).toMatchObject({ status: 422, code: 'anonymous_provider_disabled' });
    });
  });
});

describe('WebAuthn factors', () => {
  it('enroll as GoTrue answers with [auth.mfa.web_authn] enroll_enabled off and on', async () => {
    const { email, password } = await confirmedUser();
    const { client } = await signIn(email, password);
    const refused = await client.auth.mfa.enroll({ factorType: 'webauthn', friendlyName: 'Key' } as never);
    expect(refused.error).toMatchObject({ status: 422, code: 'mfa_webauthn_enroll_not_enabled' });
    expect(refused.error?.message).toBe('MFA enroll is disabled for WebAuthn');
    await withAuthSettings({ mfaWebAuthnEnrollEnabled: true }, async () => {
      const { data, error } = await client.auth.mfa.enroll({ factorType: 'webauthn', friendlyName: 'Key' } as never);
      expect(error).toBeNull();
      expect(data).toMatchObject({ type: 'webauthn', friendly_name: 'Key' });
    });
  });
});

describe('TOTP factors', () => {
  it('enroll, challenge, verify to aal2, and unenroll', async () => {
    const { email, password } = await confirmedUser();
    const { client } = await signIn(email, password);
    const enrolled = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone app' });
    expect(enrolled.error).toBeNull();
    const factor = enrolled.data!;
    expect(factor).toMatchObject({ type: 'totp', friendly_name: 'Phone app' });
    expect(factor.totp.qr_code.startsWith('data:image/svg+xml;utf-8,<svg')).toBe(true);
    expect(factor.totp.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(factor.totp.uri).toBe(
      `otpauth://totp/localhost:${encodeURIComponent(email)}?algorithm=SHA1&digits=6&issuer=localhost&period=30&secret=${factor.totp.secret}`,
    );

    const challenge = await client.auth.mfa.challenge({ factorId: factor.id });
    expect(challenge.error).toBeNull();
    expect(challenge.data).toMatchObject({ id: expect.any(String), type: 'totp' });
    expect(challenge.data!.expires_at).toBeGreaterThan(Date.now() / 1000);

    const wrongCode = totp(factor.totp.secret, { time: Date.now() / 1000 - 300 });
    const wrong = await client.auth.mfa.verify({
      factorId: factor.id,
      challengeId: challenge.data!.id,
      code: wrongCode,
    });
    expect(wrong.error).toMatchObject({
      status: 422,
      code: 'mfa_verification_failed',
      message: 'Invalid TOTP code entered',
    });

    const verified = await client.auth.mfa.verify({
      factorId: factor.id,
      challengeId: challenge.data!.id,
      code: totp(factor.totp.secret),
    });
    expect(verified.error).toBeNull();
    const claims = decodeJwt(verified.data!.access_token);
    expect(claims.aal).toBe('aal2');
    expect((claims.amr as { method: string }[]).map((a) => a.method).sort()).toEqual(['password', 'totp']);
    const aal = await client.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(aal.data).toMatchObject({ currentLevel: 'aal2', nextLevel: 'aal2' });

    const { data: me } = await client.auth.getUser();
    expect(me.user!.factors).toEqual([
      expect.objectContaining({ id: factor.id, factor_type: 'totp', status: 'verified', friendly_name: 'Phone app' }),
    ]);

    // A fresh aal1 session may not remove a verified factor; the aal2 one may.
    const aal1 = await signIn(email, password);
    expect((await aal1.client.auth.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({
      currentLevel: 'aal1',
      nextLevel: 'aal2',
    });
    const refused = await aal1.client.auth.mfa.unenroll({ factorId: factor.id });
    expect(refused.error).toMatchObject({ status: 403, code: 'insufficient_aal' });
    const removed = await client.auth.mfa.unenroll({ factorId: factor.id });
    expect(removed.error).toBeNull();
    expect(removed.data).toEqual({ id: factor.id });
  });
});

describe('admin API', () => {
  it('refuses the anon key and plain user tokens', async () => {
    const asAnon = await stack.client().auth.admin.listUsers();
    expect(asAnon.error).toMatchObject({ status: 403, code: 'not_admin', message: 'User not allowed' });
    const { email, password } = await confirmedUser();
    const { session } = await signIn(email, password);
    const asUser = await raw('/admin/users', { token: session.access_token });
    expect(asUser.status).toBe(403);
    const none = await stack.fetch('/auth/v1/admin/users');
    expect(none.status).toBe(401);
  });

  it('creates, reads, lists, updates and deletes users', async () => {
    const admin = stack.admin().auth.admin;
    const email = uniqueEmail('admin');
    const created = await admin.createUser({
      email,
      password: 'secret123',
      email_confirm: true,
      user_metadata: { a: 1 },
      app_metadata: { roles: ['admin'] },
    });
    expect(created.error).toBeNull();
    const user = created.data.user!;
    expect(user).toMatchObject({
      email,
      user_metadata: { a: 1 },
      app_metadata: { provider: 'email', providers: ['email'], roles: ['admin'] },
    });
    expect(user.email_confirmed_at).toEqual(expect.any(String));

    const dup = await admin.createUser({ email, password: 'secret123' });
    expect(dup.error).toMatchObject({ status: 422, code: 'email_exists' });

    expect((await admin.getUserById(user.id)).data.user!.email).toBe(email);
    const page = await admin.listUsers({ page: 1, perPage: 1 });
    expect(page.error).toBeNull();
    expect(page.data.users).toHaveLength(1);
    expect((page.data as { total: number }).total).toBeGreaterThan(1);
    expect((page.data as { nextPage: number | null }).nextPage).toBe(2);

    const updated = await admin.updateUserById(user.id, { user_metadata: { b: 2 }, password: 'another-pass' });
    expect(updated.error).toBeNull();
    expect(updated.data.user!.user_metadata).toEqual({ a: 1, b: 2 });
    expect((await stack.client().auth.signInWithPassword({ email, password: 'another-pass' })).error).toBeNull();

    expect((await admin.deleteUser(user.id)).error).toBeNull();
    const gone = await admin.getUserById(user.id);
    expect(gone.error).toMatchObject({ status: 404, code: 'user_not_found' });
  });

  it('pages users as GoTrue does: X-Total-Count, and a Link to the next and last page of the same query', async () => {
    for (let i = 0; i < 3; i++) await confirmedUser();
    const first = await raw('/admin/users?per_page=2&page=1', { token: stack.ctx.keys.serviceRoleKey });
    expect(first.status).toBe(200);
    const total = Number(first.headers.get('x-total-count'));
    expect(total).toBeGreaterThanOrEqual(3);
    const last = Math.ceil(total / 2);
    expect(first.headers.get('link')).toBe(
      `</admin/users?page=2&per_page=2>; rel="next", </admin/users?page=${last}&per_page=2>; rel="last"`,
    );
    expect(first.body.users).toHaveLength(2);
    const end = await raw(`/admin/users?per_page=2&page=${last}`, { token: stack.ctx.keys.serviceRoleKey });
    expect(end.headers.get('link')).toBe(`</admin/users?page=${last}&per_page=2>; rel="last"`);
    const beyond = await raw(`/admin/users?per_page=2&page=${last + 1}`, { token: stack.ctx.keys.serviceRoleKey });
    expect(beyond).toMatchObject({ status: 200, body: { users: [], aud: 'authenticated' } });

    const { data } = await stack.admin().auth.admin.listUsers({ page: 1, perPage: 2 });
    expect(data).toMatchObject({ nextPage: 2, total });
  });

  it.each([
    ['page=-1', 'strconv.ParseUint: parsing "-1": invalid syntax'],
    ['page=1.5', 'strconv.ParseUint: parsing "1.5": invalid syntax'],
    ['per_page=abc', 'strconv.ParseUint: parsing "abc": invalid syntax'],
    ['page=18446744073709551616', 'strconv.ParseUint: parsing "18446744073709551616": value out of range'],
    ['per_page=0', 'per_page must be greater than 0'],
  ])('refuses %s with 400 validation_failed "Bad Pagination Parameters: %s"', async (query, reason) => {
    const res = await raw(`/admin/users?${query}`, { token: stack.ctx.keys.serviceRoleKey });
    expect(res).toMatchObject({
      status: 400,
      body: { code: 'validation_failed', message: `Bad Pagination Parameters: ${reason}` },
    });
  });

  it('hands supabase-js an error and no users for a page it cannot read', async () => {
    const { data, error } = await stack.admin().auth.admin.listUsers({ page: -1, perPage: 10 });
    expect(error).toMatchObject({ status: 400, code: 'validation_failed' });
    expect(data.users).toEqual([]);
    const zero = await stack.admin().auth.admin.listUsers({ page: 1, perPage: 0 });
    expect(zero.error).toMatchObject({ message: 'Bad Pagination Parameters: per_page must be greater than 0' });
  });

  it('generates links whose hashed token verifies', async () => {
    const admin = stack.admin().auth.admin;
    const email = uniqueEmail('gen');
    const signup = await admin.generateLink({
      type: 'signup',
      email,
      password: 'secret123',
      options: { redirectTo: 'http://localhost:3000/welcome' },
    });
    expect(signup.error).toBeNull();
    const props = signup.data.properties!;
    expect(props).toMatchObject({ verification_type: 'signup', redirect_to: 'http://localhost:3000/welcome' });
    expect(props.email_otp).toMatch(/^\d{6}$/);
    expect(new URL(props.action_link).searchParams.get('token')).toBe(props.hashed_token);
    expect(signup.data.user!.email).toBe(email);
    const verified = await stack.client().auth.verifyOtp({ token_hash: props.hashed_token, type: 'signup' });
    expect(verified.error).toBeNull();

    const recovery = await admin.generateLink({ type: 'recovery', email });
    const res = await fetch(recovery.data.properties!.action_link, { redirect: 'manual' });
    expect(fragmentOf(res.headers.get('location')!).get('type')).toBe('recovery');

    const missing = await admin.generateLink({ type: 'magiclink', email: uniqueEmail('missing') });
    expect(missing.error).toMatchObject({ status: 404 });
  });

  it('invites a user by email', async () => {
    const email = uniqueEmail('invite');
    const { data, error } = await stack.admin().auth.admin.inviteUserByEmail(email, { data: { team: 'ops' } });
    expect(error).toBeNull();
    expect(data.user!.invited_at).toEqual(expect.any(String));
    const mail = await latestMail(stack, email);
    expect(mail.Subject).toBe('You have been invited');
    const res = await fetch(mail.Links[0]!, { redirect: 'manual' });
    expect(fragmentOf(res.headers.get('location')!).get('type')).toBe('invite');
  });
});

describe('settings, jwks and reauthentication', () => {
  it('publishes settings and an empty JWK set under HS256', async () => {
    const settings = await raw('/settings');
    expect(settings.body).toMatchObject({
      external: { email: true, anonymous_users: true },
      disable_signup: false,
      mailer_autoconfirm: false,
    });
    const jwks = await raw('/.well-known/jwks.json');
    expect(jwks.status).toBe(200);
    expect(jwks.headers.get('cache-control')).toBe('public, max-age=600');
    expect(jwks.body).toEqual({ keys: [] });
  });

  it('mails a reauthentication code that a password change accepts as nonce', async () => {
    const { email, password } = await confirmedUser();
    const { client } = await signIn(email, password);
    expect((await client.auth.reauthenticate()).error).toBeNull();
    const mail = await latestMail(stack, email);
    expect(mail.Subject).toBe('Confirm reauthentication');
    const nonce = /code: (\d{6})/.exec(mail.Text)![1]!;
    const bad = await client.auth.updateUser({
      password: 'changed-pass',
      nonce: '000000' === nonce ? '111111' : '000000',
    });
    expect(bad.error).toMatchObject({ status: 422, code: 'reauthentication_not_valid' });
    expect((await client.auth.updateUser({ password: 'changed-pass', nonce })).error).toBeNull();
  });
});

describe('reauthentication and phone numbers, as GoTrue answers them', () => {
  const smsWith = (patch: Partial<NonNullable<typeof stack.ctx.config.auth.sms>>) => ({
    sms: { ...stack.ctx.config.auth.sms!, ...patch },
  });

  it('refuses a user with neither email nor phone (anonymous) with 400 validation_failed', async () => {
    const client = stack.client();
    expect((await client.auth.signInAnonymously()).error).toBeNull();
    const { error } = await client.auth.reauthenticate();
    expect(error).toMatchObject({
      status: 400,
      code: 'validation_failed',
      message: 'Reauthentication requires the user to have an email or a phone number',
    });
  });

  it('refuses an unconfirmed email with 422 email_not_confirmed', async () => {
    const email = uniqueEmail('unconfirmed');
    await stack.admin().auth.admin.createUser({ email, password: 'correct horse' });
    await withAuthSettings({ enableConfirmations: false }, async () => {
      const client = stack.client();
      expect((await client.auth.signInWithPassword({ email, password: 'correct horse' })).error).toBeNull();
      const { error } = await client.auth.reauthenticate();
      expect(error).toMatchObject({
        status: 422,
        code: 'email_not_confirmed',
        message: 'Please verify your email first.',
      });
    });
  });

  it('texts a phone-only user the code, which a password change accepts as nonce', async () => {
    const phone = '+919811100001';
    await stack.admin().auth.admin.createUser({ phone, password: 'correct horse', phone_confirm: true });
    await withAuthSettings(smsWith({ provider: 'twilio' }), async () => {
      const client = stack.client();
      expect((await client.auth.signInWithPassword({ phone, password: 'correct horse' })).error).toBeNull();
      const sent = await raw('/reauthenticate', { token: (await client.auth.getSession()).data.session!.access_token });
      expect(sent).toMatchObject({ status: 200, body: { message_id: expect.any(String) } });
      const nonce = /Your code is (\d{6})/.exec((await latestMail(stack, phone)).Text)![1]!;
      const changed = await client.auth.updateUser({ password: 'changed horse', nonce });
      expect(changed.error).toBeNull();
    });
  });

  it('answers 500 "Unable to get SMS provider" where an SMS must go out and no provider is configured', async () => {
    // supabase-js hands a 500 over as a retryable error, without the code.
    const unable = { status: 500, message: 'Unable to get SMS provider' };
    const otp = await stack.client().auth.signInWithOtp({ phone: '+919811100002' });
    expect(otp.error).toMatchObject(unable);

    const phone = '+919811100003';
    await stack.admin().auth.admin.createUser({ phone, password: 'correct horse', phone_confirm: true });
    const client = stack.client();
    expect((await client.auth.signInWithPassword({ phone, password: 'correct horse' })).error).toBeNull();
    expect((await client.auth.reauthenticate()).error).toMatchObject(unable);
    const wire = await raw('/reauthenticate', { token: (await client.auth.getSession()).data.session!.access_token });
    expect(wire).toMatchObject({
      status: 500,
      body: { code: 'unexpected_failure', message: 'Unable to get SMS provider' },
    });
    expect(wire.headers.get('x-sb-error-code')).toBe('unexpected_failure');

    const { email, password } = await confirmedUser();
    const { client: emailUser } = await signIn(email, password);
    await withAuthSettings(smsWith({ enableConfirmations: true }), async () => {
      const change = await emailUser.auth.updateUser({ phone: '+919811100004' });
      expect(change.error).toMatchObject(unable);
    });
    expect((await emailUser.auth.getUser()).data.user!).toMatchObject({ phone: '' });
    expect((await emailUser.auth.getUser()).data.user!).not.toHaveProperty('new_phone');
  });

  it('with SMS confirmations, changes the phone number only once the code texted to it is verified', async () => {
    const { email, password } = await confirmedUser();
    const { client } = await signIn(email, password);
    const phone = '+919811100005';
    await withAuthSettings(smsWith({ enableConfirmations: true, provider: 'twilio' }), async () => {
      const { data, error } = await client.auth.updateUser({ phone });
      expect(error).toBeNull();
      expect(data.user).toMatchObject({ phone: '', new_phone: '919811100005' });
      const code = /Your code is (\d{6})/.exec((await latestMail(stack, phone)).Text)![1]!;
      const verified = await client.auth.verifyOtp({ phone, token: code, type: 'phone_change' });
      expect(verified.error).toBeNull();
      expect(verified.data.user).toMatchObject({
        email,
        phone: '919811100005',
        phone_confirmed_at: expect.any(String),
      });
      expect(verified.data.user).not.toHaveProperty('new_phone');
      expect(verified.data.user!.identities!.map((i) => i.provider).sort()).toEqual(['email', 'phone']);
    });
  });
});

describe('asymmetric signing keys', () => {
  it('sign access tokens with ES256, publish the public key, and verify through JWKS', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bahi-auth-'));
    const jwk = await generateSigningKey('ES256');
    const path = join(dir, 'signing_keys.json');
    writeFileSync(path, JSON.stringify([jwk]));
    const es = await startTestStack(testConfig({ signingKeysPath: path }), { db: stack.db });
    try {
      const jwks = (await (await es.fetch('/auth/v1/.well-known/jwks.json')).json()) as {
        keys: Record<string, unknown>[];
      };
      expect(jwks.keys).toHaveLength(1);
      expect(jwks.keys[0]).toMatchObject({ kid: jwk.kid, alg: 'ES256', kty: 'EC', crv: 'P-256', key_ops: ['verify'] });
      expect(jwks.keys[0]).not.toHaveProperty('d');

      const { email, password } = await confirmedUser();
      const client = es.client();
      const { data, error } = await client.auth.signInWithPassword({ email, password });
      expect(error).toBeNull();
      const session = data.session as Session;
      expect(decodeProtectedHeader(session.access_token)).toMatchObject({ alg: 'ES256', kid: jwk.kid });
      const { payload } = await jwtVerify(session.access_token, createLocalJWKSet(jwks as never), {
        issuer: `${es.url}/auth/v1`,
        audience: 'authenticated',
      });
      expect(payload.email).toBe(email);

      const claims = await client.auth.getClaims();
      expect(claims.error).toBeNull();
      expect(claims.data!.claims.sub).toBe(session.user.id);
      expect((await client.auth.getUser()).data.user!.email).toBe(email);
    } finally {
      await es.close();
    }
  });
});

describe('bench probe', () => {
  it('measures the median latency of a password sign-in', async () => {
    const result = await measurePasswordSignIn({
      url: stack.url,
      anonKey: stack.ctx.keys.anonKey,
      serviceRoleKey: stack.ctx.keys.serviceRoleKey,
      email: uniqueEmail('bench'),
      runs: 3,
      warmup: 0,
    });
    expect(result.samples).toHaveLength(3);
    expect(result.median).toBeGreaterThan(0);
    expect(result.p95).toBeGreaterThanOrEqual(result.median);
  });
});
