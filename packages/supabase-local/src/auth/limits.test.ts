// GoTrue's limits as AuthLimiter keeps them, on a moved clock: burst, refill, hourly counts, the wrong-code cap.

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuthSettings } from '../types.ts';
import { AuthError } from './http.ts';
import {
  AuthLimiter,
  DEFAULT_RATE_LIMITS,
  FACTOR_LOCK_SECONDS,
  frequencyMessage,
  MAX_CODE_ATTEMPTS,
  MAX_FACTOR_ATTEMPTS,
} from './limits.ts';
import { testAuthSettings } from './testing/harness.ts';

const START = new Date('2026-11-25T10:00:00Z').getTime();
let settings: AuthSettings;
let limiter: AuthLimiter;

const from = (ip: string, headers: Record<string, string> = {}) =>
  new Request('http://127.0.0.1/auth/v1/token', { headers: { 'sb-forwarded-for': ip, ...headers } });
const at = (ms: number) => vi.setSystemTime(START + ms);

/** The error a call throws, or undefined. */
function refusal(call: () => void): { status: number; code: string; message: string } | undefined {
  try {
    call();
    return undefined;
  } catch (error) {
    if (!(error instanceof AuthError)) throw error;
    return { status: error.status, code: error.code, message: error.message };
  }
}

const REQUEST_LIMIT = { status: 429, code: 'over_request_rate_limit', message: 'Request rate limit reached' };

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  at(0);
  settings = testAuthSettings({ rateLimit: { ...DEFAULT_RATE_LIMITS } });
  limiter = new AuthLimiter(() => settings);
});
afterEach(() => {
  vi.useRealTimers();
});

describe('per-IP limits (tollbooth token buckets)', () => {
  it('token_refresh = 150: a burst of 30 per address, then one more every 2 s, full again after 5 minutes', () => {
    for (let i = 0; i < 30; i++) expect(refusal(() => limiter.perIp('token', from('203.0.113.7')))).toBeUndefined();
    expect(refusal(() => limiter.perIp('token', from('203.0.113.7')))).toEqual(REQUEST_LIMIT);
    // Another address has its own bucket.
    expect(refusal(() => limiter.perIp('token', from('203.0.113.8')))).toBeUndefined();

    at(1_900);
    expect(refusal(() => limiter.perIp('token', from('203.0.113.7')))).toEqual(REQUEST_LIMIT);
    at(2_000);
    expect(refusal(() => limiter.perIp('token', from('203.0.113.7')))).toBeUndefined();
    expect(refusal(() => limiter.perIp('token', from('203.0.113.7')))).toEqual(REQUEST_LIMIT);

    at(2_000 + 300_000);
    for (let i = 0; i < 30; i++) expect(refusal(() => limiter.perIp('token', from('203.0.113.7')))).toBeUndefined();
    expect(refusal(() => limiter.perIp('token', from('203.0.113.7')))).toEqual(REQUEST_LIMIT);
  });

  it('token_verifications = 30 over 5 minutes: 31 guesses in a second, then one every 10 s', () => {
    const guesses = Array.from({ length: 3000 }, () => refusal(() => limiter.perIp('verify', from('198.51.100.1'))));
    expect(guesses.filter((r) => r === undefined)).toHaveLength(30);
    at(9_999);
    expect(refusal(() => limiter.perIp('verify', from('198.51.100.1')))).toEqual(REQUEST_LIMIT);
    at(10_000);
    expect(refusal(() => limiter.perIp('verify', from('198.51.100.1')))).toBeUndefined();
  });

  it('keeps separate buckets per endpoint, as GoTrue has one limiter each', () => {
    for (let i = 0; i < 30; i++) limiter.perIp('recover', from('192.0.2.1'));
    expect(refusal(() => limiter.perIp('recover', from('192.0.2.1')))).toEqual(REQUEST_LIMIT);
    expect(refusal(() => limiter.perIp('otp', from('192.0.2.1')))).toBeUndefined();
    expect(refusal(() => limiter.perIp('signup', from('192.0.2.1')))).toBeUndefined();
  });

  it('anonymous_users is per hour with a burst of the limit itself', () => {
    settings.rateLimit = { ...DEFAULT_RATE_LIMITS, anonymousUsers: 3 };
    for (let i = 0; i < 3; i++) limiter.perIp('anonymous', from('192.0.2.9'));
    expect(refusal(() => limiter.perIp('anonymous', from('192.0.2.9')))).toEqual(REQUEST_LIMIT);
    at(1_200_000); // 20 minutes: one of three per hour
    expect(refusal(() => limiter.perIp('anonymous', from('192.0.2.9')))).toBeUndefined();
    expect(refusal(() => limiter.perIp('anonymous', from('192.0.2.9')))).toEqual(REQUEST_LIMIT);
  });

  it('drops a bucket an hour after it was made (here one that never refills)', () => {
    settings.rateLimit = { ...DEFAULT_RATE_LIMITS, tokenRefresh: 0 };
    for (let i = 0; i < 30; i++) limiter.perIp('token', from('192.0.2.10'));
    at(3_599_999);
    expect(refusal(() => limiter.perIp('token', from('192.0.2.10')))).toEqual(REQUEST_LIMIT);
    at(3_600_000);
    expect(refusal(() => limiter.perIp('token', from('192.0.2.10')))).toBeUndefined();
  });

  it('leaves a request without a client address alone, as GoTrue does without a rate-limit header', () => {
    const bare = new Request('http://127.0.0.1/auth/v1/token');
    for (let i = 0; i < 100; i++) expect(refusal(() => limiter.perIp('token', bare))).toBeUndefined();
    for (let i = 0; i < 100; i++) limiter.perIp('token', from('not-an-address'));
  });
});

describe('mails and SMS per hour, for the whole project', () => {
  it('email_sent counts while confirmations are on and starts over each hour', () => {
    settings.rateLimit = { ...DEFAULT_RATE_LIMITS, emailSent: 2 };
    settings.enableConfirmations = true;
    limiter.emailSent();
    limiter.emailSent();
    expect(refusal(() => limiter.emailSent())).toEqual({
      status: 429,
      code: 'over_email_send_rate_limit',
      message: 'Email rate limit exceeded',
    });
    at(3_599_999);
    expect(refusal(() => limiter.emailSent())).toBeDefined();
    at(3_600_000);
    expect(refusal(() => limiter.emailSent())).toBeUndefined();
  });

  it('email_sent does not count under autoconfirm (GoTrue), except that 0 refuses every mail', () => {
    settings.rateLimit = { ...DEFAULT_RATE_LIMITS, emailSent: 1 };
    settings.enableConfirmations = false;
    for (let i = 0; i < 5; i++) limiter.emailSent();
    settings.rateLimit = { ...DEFAULT_RATE_LIMITS, emailSent: 0 };
    expect(refusal(() => limiter.emailSent())?.code).toBe('over_email_send_rate_limit');
  });

  it('sms_sent counts while SMS confirmations are on', () => {
    settings.rateLimit = { ...DEFAULT_RATE_LIMITS, smsSent: 1 };
    settings.sms = { ...settings.sms!, enableConfirmations: true };
    limiter.smsSent();
    expect(refusal(() => limiter.smsSent())).toEqual({
      status: 429,
      code: 'over_sms_send_rate_limit',
      message: 'SMS rate limit exceeded',
    });
    settings.sms = { ...settings.sms, enableConfirmations: false };
    expect(refusal(() => limiter.smsSent())).toBeUndefined();
  });

  it('words max_frequency as GoTrue: whole seconds left, rounded down', () => {
    const sentAt = new Date(START - 500);
    expect(frequencyMessage(sentAt, 60, START)).toBe(
      'For security purposes, you can only request this after 59 seconds.',
    );
  });
});

describe('tries at a code or a factor', () => {
  /** A try taken and found wrong: whether it was the last. */
  const miss = (key: string) => limiter.codes.take(key) && limiter.codes.failed(key);

  it(`gives ${MAX_CODE_ATTEMPTS} tries, then refuses every try until the code is replaced`, () => {
    const results = Array.from({ length: MAX_CODE_ATTEMPTS }, () => miss('asha@example.com'));
    expect(results).toEqual([false, false, false, false, true]);
    expect(limiter.codes.take('asha@example.com')).toBe(false);
    at(59 * 60_000);
    expect(limiter.codes.take('asha@example.com')).toBe(false);
    limiter.codeReset('Asha@Example.com');
    expect(limiter.codes.take('asha@example.com')).toBe(true);
  });

  it('shares the tries among guesses in flight at once: the sixth is refused before any is checked', () => {
    const taken = Array.from({ length: MAX_CODE_ATTEMPTS + 3 }, () => limiter.codes.take('asha@example.com'));
    expect(taken).toEqual([...Array(MAX_CODE_ATTEMPTS).fill(true), false, false, false]);
  });

  it('gives back a try that never reached the code, and starts over after an hour or a right code', () => {
    for (let i = 0; i < MAX_CODE_ATTEMPTS - 1; i++) miss('asha@example.com');
    limiter.codes.take('asha@example.com');
    limiter.codes.refund('asha@example.com');
    expect(miss('asha@example.com')).toBe(true);
    for (let i = 0; i < MAX_CODE_ATTEMPTS - 1; i++) miss('919800000000');
    limiter.codes.clear('919800000000');
    expect(miss('919800000000')).toBe(false);
    at(3_600_000);
    expect(limiter.codes.take('asha@example.com')).toBe(true);
    // Another address keeps its own count.
    expect(limiter.codes.take('ravi@example.com')).toBe(true);
  });

  it(`locks a factor for ${FACTOR_LOCK_SECONDS} s after ${MAX_FACTOR_ATTEMPTS} wrong codes`, () => {
    for (let i = 0; i < MAX_FACTOR_ATTEMPTS; i++) {
      expect(limiter.factors.take('f1')).toBe(true);
      limiter.factors.failed('f1');
    }
    expect(limiter.factors.take('f1')).toBe(false);
    expect(limiter.factors.take('f2')).toBe(true);
    at(FACTOR_LOCK_SECONDS * 1000 - 1);
    expect(limiter.factors.take('f1')).toBe(false);
    at(FACTOR_LOCK_SECONDS * 1000);
    expect(limiter.factors.take('f1')).toBe(true);
  });
});
