// GoTrue's rate limits, the wrong-code cap and phone sign-up on the wire: the attacks from the issue, answered as
// hosted Supabase answers them (status, `code`, message, `x-sb-error-code`), driven by supabase-js and raw fetch.

import { createHash } from 'node:crypto';
import { request } from 'node:http';
import { AuthApiError } from '@supabase/supabase-js';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuthSettings } from '../types.ts';
import {
  authLimiter,
  DEFAULT_RATE_LIMITS,
  FACTOR_LOCK_SECONDS,
  MAX_CODE_ATTEMPTS,
  MAX_FACTOR_ATTEMPTS,
} from './limits.ts';
import { fragmentOf, latestMail, startTestStack, type TestStack } from './testing/harness.ts';
import { totp } from './totp.ts';

vi.setConfig({ testTimeout: 30_000 });

let stack: TestStack;
let seq = 0;
const uniqueEmail = (tag: string) => `${tag}-${++seq}-${Date.now()}@example.com`;
let saved: AuthSettings;

beforeAll(async () => {
  stack = await startTestStack();
  saved = { ...stack.ctx.config.auth };
}, 60_000);
afterAll(async () => {
  await stack?.close();
});
beforeEach(() => {
  authLimiter(stack.ctx).reset();
});
afterEach(() => {
  vi.useRealTimers();
  Object.assign(stack.ctx.config.auth, saved);
});

/** Settings for this test only (restored after each). */
const use = (patch: Partial<AuthSettings>) => Object.assign(stack.ctx.config.auth, patch);
/** GoTrue's defaults from `[auth.rate_limit]`, with a change. */
const limits = (patch: Partial<typeof DEFAULT_RATE_LIMITS> = {}) => ({
  rateLimit: { ...DEFAULT_RATE_LIMITS, ...patch },
});
/** Stops the clock that the limits read, so that no bucket refills while a test floods it (Date only: timers,
 * PGlite and sockets run as usual). */
function freeze() {
  vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
}
/** Moves that clock on. */
function later(ms: number) {
  vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + ms });
}

async function raw(path: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await stack.fetch(`/auth/v1${path}`, {
    method: 'POST',
    headers: {
      apikey: stack.ctx.keys.anonKey,
      'Content-Type': 'application/json',
      'X-Supabase-Api-Version': '2024-01-01',
      ...headers,
    },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

async function confirmedUser(password = 'correct horse') {
  const email = uniqueEmail('user');
  const { error } = await stack.admin().auth.admin.createUser({ email, password, email_confirm: true });
  expect(error).toBeNull();
  return { email, password };
}

/** The 6-digit code of the newest mail to an address. */
async function mailedCode(email: string): Promise<string> {
  return /code: (\d{6})/.exec((await latestMail(stack, email)).Text)![1]!;
}
const wrong = (code: string, n: number) => String((Number(code) + n) % 1_000_000).padStart(6, '0');

describe('per-IP limits', () => {
  it('stops a password-guessing run at the 31st sign-in with 429 over_request_rate_limit, then refills', async () => {
    use(limits());
    freeze();
    const { email } = await confirmedUser();
    const answers = [];
    for (let i = 0; i < 31; i++)
      answers.push(await raw('/token?grant_type=password', { email, password: `guess-${i}` }));
    expect(answers.slice(0, 30).every((a) => a.status === 400 && a.body.code === 'invalid_credentials')).toBe(true);
    const limited = answers[30]!;
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ code: 'over_request_rate_limit', message: 'Request rate limit reached' });
    expect(limited.headers.get('x-sb-error-code')).toBe('over_request_rate_limit');
    expect(limited.headers.get('x-supabase-api-version')).toBe('2024-01-01');
    // GoTrue sends no Retry-After or X-RateLimit-* headers.
    expect(limited.headers.get('retry-after')).toBeNull();

    // The right password is refused too, and supabase-js reports it as an AuthApiError.
    const { error } = await stack.client().auth.signInWithPassword({ email, password: 'correct horse' });
    expect(error).toBeInstanceOf(AuthApiError);
    expect(error).toMatchObject({
      status: 429,
      code: 'over_request_rate_limit',
      message: 'Request rate limit reached',
    });

    // token_refresh = 150 per 5 minutes: one request every 2 s.
    later(2_000);
    const { data } = await stack.client().auth.signInWithPassword({ email, password: 'correct horse' });
    expect(data.session).not.toBeNull();
  });

  it('counts refresh-token grants in the same bucket as sign-ins', async () => {
    use(limits());
    freeze();
    const { email, password } = await confirmedUser();
    const { data } = await stack.client().auth.signInWithPassword({ email, password });
    let refreshToken = data.session!.refresh_token;
    for (let i = 0; i < 29; i++) {
      const next = await raw('/token?grant_type=refresh_token', { refresh_token: refreshToken });
      expect(next.status).toBe(200);
      refreshToken = next.body.refresh_token as string;
    }
    expect((await raw('/token?grant_type=refresh_token', { refresh_token: refreshToken })).status).toBe(429);
    // An unknown grant is refused before the limit, as in GoTrue.
    expect((await raw('/token?grant_type=magic', {})).body.code).toBe('unsupported_grant_type');
  });

  it('gives /recover, /otp and /signup their own sign_in_sign_ups buckets', async () => {
    use(limits());
    freeze();
    for (let i = 0; i < 30; i++) expect((await raw('/recover', { email: uniqueEmail('nobody') })).status).toBe(200);
    expect((await raw('/recover', { email: uniqueEmail('nobody') })).body.code).toBe('over_request_rate_limit');
    const otp = await raw('/otp', { email: uniqueEmail('nobody'), create_user: false });
    expect(otp).toMatchObject({ status: 422, body: { code: 'otp_disabled' } });
    later(10_000); // 30 per 5 minutes: one every 10 s
    expect((await raw('/recover', { email: uniqueEmail('nobody') })).status).toBe(200);
  });

  it('limits anonymous sign-ins per hour', async () => {
    use({ ...limits({ anonymousUsers: 2 }), enableAnonymousSignIns: true });
    freeze();
    expect((await stack.client().auth.signInAnonymously()).error).toBeNull();
    expect((await stack.client().auth.signInAnonymously()).error).toBeNull();
    expect((await stack.client().auth.signInAnonymously()).error).toMatchObject({
      status: 429,
      code: 'over_request_rate_limit',
    });
  });
});

describe('guessing a mailed code', () => {
  it(`kills a recovery code after ${MAX_CODE_ATTEMPTS} wrong guesses; a new code works`, async () => {
    const { email } = await confirmedUser();
    await stack.client().auth.resetPasswordForEmail(email);
    const code = await mailedCode(email);
    const client = stack.client();
    for (let i = 1; i < MAX_CODE_ATTEMPTS; i++) {
      const { error } = await client.auth.verifyOtp({ email, token: wrong(code, i), type: 'recovery' });
      expect(error).toMatchObject({ status: 403, code: 'otp_expired', message: 'Token has expired or is invalid' });
    }
    // Four wrong guesses leave the code usable: a typo is not punished.
    const fine = await stack.client().auth.verifyOtp({ email, token: code, type: 'recovery' });
    expect(fine.data.session).not.toBeNull();

    await stack.client().auth.resetPasswordForEmail(email);
    const second = await mailedCode(email);
    for (let i = 1; i <= MAX_CODE_ATTEMPTS; i++) {
      await client.auth.verifyOtp({ email, token: wrong(second, i), type: 'recovery' });
    }
    const dead = await client.auth.verifyOtp({ email, token: second, type: 'recovery' });
    expect(dead.error).toMatchObject({ status: 403, code: 'otp_expired' });
    expect(dead.data.session).toBeNull();

    await stack.client().auth.resetPasswordForEmail(email);
    const third = await mailedCode(email);
    expect((await client.auth.verifyOtp({ email, token: third, type: 'recovery' })).data.session).not.toBeNull();
  });

  it('kills a magic-link code of an address that was not registered yet (the bootstrap admin case)', async () => {
    const email = uniqueEmail('admin');
    expect((await stack.client().auth.signInWithOtp({ email })).error).toBeNull();
    const code = await mailedCode(email);
    for (let i = 1; i <= MAX_CODE_ATTEMPTS; i++) {
      await stack.client().auth.verifyOtp({ email, token: wrong(code, i), type: 'email' });
    }
    const { error } = await stack.client().auth.verifyOtp({ email, token: code, type: 'email' });
    expect(error).toMatchObject({ status: 403, code: 'otp_expired' });
  });

  it('answers the 31st /verify from one address with 429, so 3,000 guesses cannot be made', async () => {
    use(limits());
    freeze();
    const { email } = await confirmedUser();
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) {
      statuses.push((await raw('/verify', { type: 'recovery', email, token: String(100000 + i) })).status);
    }
    expect(statuses.filter((s) => s === 403)).toHaveLength(30);
    expect(statuses.slice(30)).toEqual(Array(10).fill(429));
  });

  it('caps wrong reauthentication nonces on a password change too', async () => {
    const { email, password } = await confirmedUser();
    const client = stack.client();
    await client.auth.signInWithPassword({ email, password });
    await client.auth.reauthenticate();
    const nonce = await mailedCode(email);
    for (let i = 1; i <= MAX_CODE_ATTEMPTS; i++) {
      const { error } = await client.auth.updateUser({ password: 'new password 1', nonce: wrong(nonce, i) });
      expect(error).toMatchObject({ status: 422, code: 'reauthentication_not_valid' });
    }
    const { error } = await client.auth.updateUser({ password: 'new password 1', nonce });
    expect(error).toMatchObject({ status: 422, code: 'reauthentication_not_valid' });
  });
});

describe('guessing from rotating client addresses', () => {
  let nextHost = 0;
  /** A request from its own loopback address (127.0.0.2 … 127.0.0.254 in turn), as an attacker rotating sources. */
  function fromNewAddress(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    bearer?: string,
  ): Promise<{ status: number; location: string; body: Record<string, unknown> }> {
    const localAddress = `127.0.0.${2 + (nextHost++ % 253)}`;
    const { port } = new URL(stack.url);
    const payload = body === undefined ? undefined : JSON.stringify(body);
    return new Promise((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port,
          path: `/auth/v1${path}`,
          method,
          localAddress,
          headers: {
            apikey: stack.ctx.keys.anonKey,
            'X-Supabase-Api-Version': '2024-01-01',
            ...(payload ? { 'Content-Type': 'application/json' } : {}),
            ...(bearer ? { Authorization: `Bearer ${bearer}` } : {}),
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString();
            resolve({
              status: res.statusCode ?? 0,
              location: res.headers.location ?? '',
              body: text && res.headers['content-type']?.includes('json') ? JSON.parse(text) : {},
            });
          });
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
  }
  /** Sends every request, a few dozen at a time, and gives the answers in order. */
  async function flood<T>(count: number, send: (i: number) => Promise<T>): Promise<T[]> {
    const out: T[] = [];
    for (let i = 0; i < count; i += 50) {
      out.push(...(await Promise.all(Array.from({ length: Math.min(50, count - i) }, (_, j) => send(i + j)))));
    }
    return out;
  }
  const EXPIRED = { code: 'otp_expired', message: 'Token has expired or is invalid' };
  /** GoTrue's token hash of a code (internal/crypto GenerateTokenHash), which an attacker can compute. */
  const goTrueHash = (email: string, code: string) =>
    createHash('sha224')
      .update(email + code)
      .digest('hex');

  it('kills an email code after the wrong guesses, whatever address sends them; its link dies with it', async () => {
    const { email } = await confirmedUser();
    const other = await confirmedUser();
    await stack.client().auth.resetPasswordForEmail(email);
    await stack.client().auth.resetPasswordForEmail(other.email);
    const code = await mailedCode(email);
    const link = (await latestMail(stack, email)).Links[0]!;
    const otherCode = await mailedCode(other.email);

    const answers = await flood(200, (i) =>
      fromNewAddress('POST', '/verify', { type: 'recovery', email, token: wrong(code, i + 1) }),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(200).fill(403));
    expect(answers.every((a) => a.body.code === 'otp_expired')).toBe(true);

    const right = await fromNewAddress('POST', '/verify', { type: 'recovery', email, token: code });
    expect(right).toMatchObject({ status: 403, body: EXPIRED });
    const { location } = await fromNewAddress(
      'GET',
      `${new URL(link).pathname.slice('/auth/v1'.length)}${new URL(link).search}`,
    );
    expect(fragmentOf(location).get('error_code')).toBe('otp_expired');

    // Another user's code is untouched.
    const theirs = await stack.client().auth.verifyOtp({ email: other.email, token: otherCode, type: 'recovery' });
    expect(theirs.data.session).not.toBeNull();
  });

  it(`lets the right code in after ${MAX_CODE_ATTEMPTS - 1} wrong ones from other addresses`, async () => {
    const email = uniqueEmail('typo');
    await stack.client().auth.signInWithOtp({ email });
    const code = await mailedCode(email);
    for (let i = 1; i < MAX_CODE_ATTEMPTS; i++) {
      expect(await fromNewAddress('POST', '/verify', { type: 'email', email, token: wrong(code, i) })).toMatchObject({
        status: 403,
        body: EXPIRED,
      });
    }
    const right = await fromNewAddress('POST', '/verify', { type: 'email', email, token: code });
    expect(right.status).toBe(200);
    expect(right.body.access_token).toEqual(expect.any(String));
  });

  it('counts phone codes against the number', async () => {
    Object.assign(stack.ctx.config.auth, {
      sms: { ...saved.sms!, enableSignup: true, enableConfirmations: true, provider: 'twilio' },
    });
    const phone = `+9198${String(Date.now()).slice(-8)}`;
    expect((await stack.client().auth.signUp({ phone, password: 'secret123' })).error).toBeNull();
    const code = /Your code is (\d{6})/.exec((await latestMail(stack, phone)).Text)![1]!;
    await flood(MAX_CODE_ATTEMPTS, (i) =>
      fromNewAddress('POST', '/verify', { type: 'sms', phone, token: wrong(code, i + 1) }),
    );
    expect(await fromNewAddress('POST', '/verify', { type: 'sms', phone, token: code })).toMatchObject({
      status: 403,
      body: EXPIRED,
    });
  });

  it.each(['signup', 'invite', 'magiclink', 'recovery', 'email_change', 'email'])(
    'refuses token hashes worked out from the email and every code (%s), and the mailed link still works',
    async (type) => {
      const { email } = await confirmedUser();
      await stack.client().auth.resetPasswordForEmail(email);
      const code = await mailedCode(email);
      const link = new URL((await latestMail(stack, email)).Links[0]!);
      // What hashes of the email and the code an attacker could compute: GoTrue's, and plain sha256.
      const guesses = [
        goTrueHash(email, code),
        createHash('sha256')
          .update(email + code)
          .digest('hex'),
        ...Array.from({ length: 100 }, (_, i) => goTrueHash(email, wrong(code, i + 1))),
      ];
      const answers = await flood(guesses.length, (i) =>
        fromNewAddress('POST', '/verify', { type, token_hash: guesses[i] }),
      );
      expect(answers.map((a) => a.status)).toEqual(Array(guesses.length).fill(403));
      expect(answers[0]!.body).toEqual(EXPIRED);

      const byGet = await fromNewAddress('GET', `/verify?token=${goTrueHash(email, code)}&type=${type}`);
      expect(byGet.status).toBe(303);
      expect(fragmentOf(byGet.location).get('error_code')).toBe('otp_expired');

      // The link in the mail (a recovery link) is the only way in.
      const { location } = await fromNewAddress('GET', `/verify${link.search}`);
      expect(fragmentOf(location).get('access_token')).toEqual(expect.any(String));
    },
  );

  describe('TOTP', () => {
    async function userWithFactor() {
      const { email, password } = await confirmedUser();
      const client = stack.client();
      await client.auth.signInWithPassword({ email, password });
      const { data } = await client.auth.mfa.enroll({ factorType: 'totp' });
      const factor = data!;
      const { error } = await client.auth.mfa.challengeAndVerify({
        factorId: factor.id,
        code: totp(factor.totp.secret),
      });
      expect(error).toBeNull();
      /** A fresh aal1 session, as an attacker who knows the password has. */
      const signIn = async () =>
        (await stack.client().auth.signInWithPassword({ email, password })).data.session!.access_token;
      return { factorId: factor.id, secret: factor.totp.secret, signIn };
    }
    /** Codes that are wrong in every step TOTP accepts now. */
    function wrongCodes(secret: string, count: number): string[] {
      const now = Date.now() / 1000;
      const valid = new Set([-30, 0, 30].map((skew) => totp(secret, { time: now + skew })));
      const out: string[] = [];
      for (let n = 1; out.length < count; n++) {
        const guess = wrong(totp(secret), n);
        if (!valid.has(guess)) out.push(guess);
      }
      return out;
    }
    async function tryCode(token: string, factorId: string, code: string) {
      const challenge = await fromNewAddress('POST', `/factors/${factorId}/challenge`, {}, token);
      expect(challenge.status).toBe(200);
      return fromNewAddress('POST', `/factors/${factorId}/verify`, { challenge_id: challenge.body.id, code }, token);
    }

    it(`locks a factor after ${MAX_FACTOR_ATTEMPTS} wrong codes from rotating addresses, for ${FACTOR_LOCK_SECONDS} s`, async () => {
      freeze();
      const victim = await userWithFactor();
      const bystander = await userWithFactor();
      const token = await victim.signIn();
      const answers = await flood(200, async (i) => {
        const challenge = await fromNewAddress('POST', `/factors/${victim.factorId}/challenge`, {}, token);
        return { challenge, code: wrongCodes(victim.secret, 200)[i]! };
      });
      const verdicts = [];
      for (const { challenge, code } of answers) {
        verdicts.push(
          await fromNewAddress(
            'POST',
            `/factors/${victim.factorId}/verify`,
            { challenge_id: challenge.body.id, code },
            token,
          ),
        );
      }
      expect(verdicts.slice(0, MAX_FACTOR_ATTEMPTS).map((v) => v.body)).toEqual(
        Array(MAX_FACTOR_ATTEMPTS).fill({ code: 'mfa_verification_failed', message: 'Invalid TOTP code entered' }),
      );
      // As GoTrue when its MFA verification hook rejects: the sessions end, and so every later try is refused.
      expect(verdicts[MAX_FACTOR_ATTEMPTS]).toMatchObject({
        status: 403,
        body: { code: 'mfa_verification_rejected', message: 'Further MFA verification attempts will be rejected.' },
      });
      expect(verdicts.slice(MAX_FACTOR_ATTEMPTS + 1).every((v) => v.status === 403)).toBe(true);
      expect(verdicts.some((v) => v.status === 429 || v.status === 200)).toBe(false);

      // The right code from a new sign-in is refused while the factor is locked.
      const rejected = await tryCode(await victim.signIn(), victim.factorId, totp(victim.secret));
      expect(rejected).toMatchObject({ status: 403, body: { code: 'mfa_verification_rejected' } });
      // Another user's factor is untouched.
      const theirs = await tryCode(await bystander.signIn(), bystander.factorId, totp(bystander.secret));
      expect(theirs.status).toBe(200);

      later(FACTOR_LOCK_SECONDS * 1000);
      const after = await tryCode(await victim.signIn(), victim.factorId, totp(victim.secret));
      expect(after.status).toBe(200);
      expect(after.body.access_token).toEqual(expect.any(String));
    });

    it(`accepts the right code after ${MAX_FACTOR_ATTEMPTS - 1} wrong ones`, async () => {
      const user = await userWithFactor();
      const token = await user.signIn();
      for (const code of wrongCodes(user.secret, MAX_FACTOR_ATTEMPTS - 1)) {
        expect((await tryCode(token, user.factorId, code)).body.code).toBe('mfa_verification_failed');
      }
      expect((await tryCode(token, user.factorId, totp(user.secret))).status).toBe(200);
    });
  });
});

describe('mail limits', () => {
  it('refuses the third mail of the hour with over_email_send_rate_limit at email_sent = 2', async () => {
    use(limits({ emailSent: 2 }));
    const [first, second, third] = [uniqueEmail('a'), uniqueEmail('b'), uniqueEmail('c')];
    expect((await stack.client().auth.signUp({ email: first, password: 'secret123' })).error).toBeNull();
    expect((await stack.client().auth.signUp({ email: second, password: 'secret123' })).error).toBeNull();
    const refused = await raw('/signup', { email: third, password: 'secret123' });
    expect(refused).toMatchObject({
      status: 429,
      body: { code: 'over_email_send_rate_limit', message: 'Email rate limit exceeded' },
    });
    expect(refused.headers.get('x-sb-error-code')).toBe('over_email_send_rate_limit');
    // As GoTrue's transaction: the refused sign-up leaves no account and no mail behind.
    expect((await stack.db.query('select 1 from auth.users where email = $1', [third])).rows).toHaveLength(0);
    await expect(latestMail(stack, third)).rejects.toThrow(/No mail/);

    later(3_600_000);
    expect((await stack.client().auth.signUp({ email: third, password: 'secret123' })).error).toBeNull();
    expect((await latestMail(stack, third)).Subject).toBe('Confirm Your Signup');
  });

  it('refuses a second recovery mail within max_frequency with the seconds left', async () => {
    use({ emailMaxFrequency: 60 });
    const { email } = await confirmedUser();
    expect((await raw('/recover', { email })).status).toBe(200);
    const again = await raw('/recover', { email });
    expect(again.status).toBe(429);
    expect(again.body.code).toBe('over_email_send_rate_limit');
    expect(again.body.message).toMatch(/^For security purposes, you can only request this after (59|60) seconds\.$/);
    later(60_000);
    expect((await raw('/recover', { email })).status).toBe(200);
  });
});

describe('phone sign-up and OTP', () => {
  const sms = (patch: Partial<NonNullable<AuthSettings['sms']>>) => ({
    sms: { ...saved.sms!, ...patch },
  });

  it('are refused with phone_provider_disabled when [auth.sms] enable_signup = false, and no session is issued', async () => {
    use(sms({ enableSignup: false }));
    const client = stack.client();
    const phone = '+919800000101';
    const signUp = await client.auth.signUp({ phone, password: 'secret123' });
    expect(signUp.error).toMatchObject({
      status: 400,
      code: 'phone_provider_disabled',
      message: 'Phone signups are disabled',
    });
    expect(signUp.data.session).toBeNull();
    expect((await stack.db.query('select 1 from auth.users where phone = $1', ['919800000101'])).rows).toHaveLength(0);

    const otp = await client.auth.signInWithOtp({ phone });
    expect(otp.error).toMatchObject({
      status: 400,
      code: 'phone_provider_disabled',
      message: 'Unsupported phone provider',
    });
    const password = await client.auth.signInWithPassword({ phone, password: 'secret123' });
    expect(password.error).toMatchObject({
      status: 422,
      code: 'phone_provider_disabled',
      message: 'Phone logins are disabled',
    });
    const resend = await client.auth.resend({ type: 'sms', phone });
    expect(resend.error).toMatchObject({
      status: 400,
      code: 'phone_provider_disabled',
      message: 'Phone logins are disabled',
    });

    const settings = (await (await stack.fetch('/auth/v1/settings')).json()) as { external: { phone: boolean } };
    expect(settings.external.phone).toBe(false);
  });

  it('answers 500 "Unable to get SMS provider" when a code must go out and no provider is configured', async () => {
    use(sms({ enableSignup: true, enableConfirmations: true, provider: undefined }));
    const signUp = await raw('/signup', { phone: '+919800000102', password: 'secret123' });
    expect(signUp).toMatchObject({
      status: 500,
      body: { code: 'unexpected_failure', message: 'Unable to get SMS provider' },
    });
    expect(signUp.body).not.toHaveProperty('access_token');
    expect((await stack.db.query('select 1 from auth.users where phone = $1', ['919800000102'])).rows).toHaveLength(0);
  });

  it('with confirmations on and a provider, signs up without a session until the SMS code is verified', async () => {
    use(sms({ enableSignup: true, enableConfirmations: true, provider: 'twilio' }));
    const client = stack.client();
    const phone = '+919800000103';
    const { data, error } = await client.auth.signUp({ phone, password: 'secret123' });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user!.phone_confirmed_at).toBeUndefined();
    const message = await latestMail(stack, phone);
    const code = /Your code is (\d{6})/.exec(message.Text)![1]!;
    const verified = await client.auth.verifyOtp({ phone, token: code, type: 'sms' });
    expect(verified.error).toBeNull();
    expect(verified.data.user!.phone_confirmed_at).toEqual(expect.any(String));
  });

  it('refuses a second SMS within [auth.sms] max_frequency with over_sms_send_rate_limit', async () => {
    use(sms({ enableSignup: true, enableConfirmations: false, provider: 'twilio', maxFrequency: 60 }));
    const phone = '+919800000104';
    expect((await stack.client().auth.signInWithOtp({ phone })).error).toBeNull();
    const again = await raw('/otp', { phone });
    expect(again.status).toBe(429);
    expect(again.body).toMatchObject({ code: 'over_sms_send_rate_limit' });
    expect(again.body.message).toMatch(/^For security purposes, you can only request this after \d+ seconds\.$/);
  });
});
