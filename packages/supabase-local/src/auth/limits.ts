// GoTrue's request limits, read from `[auth.rate_limit]` (supabase/auth internal/api/apilimiter, internal/ratelimit):
// - per client IP, token buckets as tollbooth keeps them: a bucket refills at `limit / window` per second, holds at
//   most `burst` (30 for the 5-minute limits, the limit itself for anonymous sign-ins) and is dropped an hour after
//   it was made. Answer: 429 `over_request_rate_limit` "Request rate limit reached", no Retry-After header.
// - mails and SMS per hour for the whole project, as GoTrue's interval limiter: the count restarts each hour.
// - `max_frequency`: the least time between two mails (or SMS) of a kind to one user.
// Beyond GoTrue, which keeps no count of wrong codes and limits guesses only per client address (which an attacker
// rotates): an address's outstanding codes die after MAX_CODE_ATTEMPTS wrong guesses, and a TOTP factor refuses
// every code for FACTOR_LOCK_SECONDS after MAX_FACTOR_ATTEMPTS wrong ones. A try is taken before the code is
// checked, so guesses sent in parallel share the same few tries instead of all racing the count.

import { isIP } from 'node:net';
import type { AuthRateLimits, AuthSettings, ServiceContext, SmsSettings } from '../types.ts';
import { AuthError } from './http.ts';

/** The Supabase CLI's `[auth.rate_limit]` defaults. `email_sent` reaches GoTrue only with `[auth.email.smtp]`;
 * without it the CLI passes 360000, so a config.toml that leaves the key out gets that. */
export const DEFAULT_RATE_LIMITS: AuthRateLimits = {
  emailSent: 360_000,
  smsSent: 30,
  anonymousUsers: 30,
  tokenRefresh: 150,
  signInSignUps: 30,
  tokenVerifications: 30,
};

/** The Supabase CLI's `[auth.sms]` defaults. */
export const DEFAULT_SMS: SmsSettings = {
  enableSignup: false,
  enableConfirmations: false,
  maxFrequency: 5,
  template: 'Your code is {{ .Code }}',
};

/** The CLI's `[auth.email] max_frequency` default, "1s". */
export const DEFAULT_EMAIL_MAX_FREQUENCY = 1;

/** Wrong codes an address may send to /verify (or as a reauthentication nonce) before its codes die. */
export const MAX_CODE_ATTEMPTS = 5;

/** Wrong TOTP codes a factor may be sent within FACTOR_LOCK_SECONDS before it refuses every code for that long. */
export const MAX_FACTOR_ATTEMPTS = 5;
export const FACTOR_LOCK_SECONDS = 900;

/** GOTRUE_MFA_RATE_LIMIT_CHALLENGE_AND_VERIFY: per minute per IP, not in config.toml. */
const MFA_CHALLENGE_AND_VERIFY_PER_MINUTE = 15;

const HOUR_MS = 3_600_000;
const FIVE_MINUTES_S = 300;

export const rateLimitsOf = (auth: AuthSettings): AuthRateLimits => ({ ...DEFAULT_RATE_LIMITS, ...auth.rateLimit });
export const smsOf = (auth: AuthSettings): SmsSettings => ({ ...DEFAULT_SMS, ...auth.sms });

/** The endpoints GoTrue limits per IP, each with its own buckets. */
export type IpLimit =
  | 'token'
  | 'verify'
  | 'signup'
  | 'anonymous'
  | 'otp'
  | 'magiclink'
  | 'recover'
  | 'resend'
  | 'user'
  | 'factor_challenge'
  | 'factor_verify';

interface BucketRule {
  perSecond: number;
  burst: number;
  ttlMs: number;
}

function ruleFor(limit: IpLimit, limits: AuthRateLimits): BucketRule {
  const per5m = (events: number) => ({ perSecond: events / FIVE_MINUTES_S, burst: 30, ttlMs: HOUR_MS });
  switch (limit) {
    case 'token':
      return per5m(limits.tokenRefresh);
    case 'verify':
      return per5m(limits.tokenVerifications);
    case 'anonymous':
      return { perSecond: limits.anonymousUsers / 3600, burst: limits.anonymousUsers, ttlMs: HOUR_MS };
    case 'factor_challenge':
    case 'factor_verify':
      return { perSecond: MFA_CHALLENGE_AND_VERIFY_PER_MINUTE / 60, burst: 30, ttlMs: 60_000 };
    default:
      return per5m(limits.signInSignUps);
  }
}

interface Bucket {
  tokens: number;
  at: number;
  created: number;
}

interface Counter {
  count: number;
  since: number;
}

interface Tries {
  taken: number;
  since: number;
  /** While set and in the future, every try is refused. */
  lockedUntil: number;
}

/**
 * Tries at one secret (an address's mailed codes, a TOTP factor), whoever sends them: `take` before the check,
 * then `failed` (a wrong code), `refund` (the check never looked at the code) or `clear` (the right code).
 */
export class Attempts {
  private entries = new Map<string, Tries>();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
    private readonly lockMs: number,
  ) {}

  /** Takes a try; false when the secret's tries are spent (it is then locked for `lockMs`). */
  take(key: string): boolean {
    const now = Date.now();
    let entry = this.entries.get(key);
    if (entry && (entry.lockedUntil ? now >= entry.lockedUntil : now - entry.since >= this.windowMs)) {
      this.entries.delete(key);
      entry = undefined;
    }
    if (!entry) {
      if (this.entries.size > 10_000) this.sweep(now);
      entry = { taken: 0, since: now, lockedUntil: 0 };
      this.entries.set(key, entry);
    }
    if (entry.lockedUntil) return false;
    if (entry.taken >= this.max) {
      entry.lockedUntil = now + this.lockMs;
      return false;
    }
    entry.taken += 1;
    return true;
  }

  /** A taken try was a wrong code; true when that spent the last one (the secret is now locked). */
  failed(key: string): boolean {
    const entry = this.entries.get(key);
    if (!entry || entry.taken < this.max) return false;
    entry.lockedUntil ||= Date.now() + this.lockMs;
    return true;
  }

  /** A taken try that never reached the code (an unknown challenge, a banned user) is given back. */
  refund(key: string): void {
    const entry = this.entries.get(key);
    if (entry && !entry.lockedUntil && entry.taken > 0) entry.taken -= 1;
  }

  /** The right code, or a new one was sent: the count starts over. */
  clear(key: string): void {
    this.entries.delete(key);
  }

  reset(): void {
    this.entries.clear();
  }

  private sweep(now: number): void {
    for (const [key, entry] of this.entries) {
      if (entry.lockedUntil ? now >= entry.lockedUntil : now - entry.since >= this.windowMs) this.entries.delete(key);
    }
  }
}

/** The client address the edge put in `Sb-Forwarded-For` (the local server sets it from the socket). */
export function clientAddress(req: Request): string | undefined {
  const first = req.headers.get('sb-forwarded-for')?.split(',')[0]?.trim();
  return first && isIP(first) ? first : undefined;
}

const tooManyRequests = () => new AuthError(429, 'over_request_rate_limit', 'Request rate limit reached');

/** GoTrue's message for a `max_frequency` refusal: whole seconds left, rounded down. */
export function frequencyMessage(sentAt: Date, maxFrequencySeconds: number, now = Date.now()): string {
  const left = Math.floor((sentAt.getTime() + maxFrequencySeconds * 1000 - now) / 1000);
  return `For security purposes, you can only request this after ${left} seconds.`;
}

/** True while a mail or SMS sent at `sentAt` is more recent than `max_frequency` allows another. */
export function tooSoon(sentAt: Date | string | null | undefined, maxFrequencySeconds: number): boolean {
  if (!sentAt || maxFrequencySeconds <= 0) return false;
  return new Date(sentAt).getTime() + maxFrequencySeconds * 1000 > Date.now();
}

/** The limits of one running auth service. Time is read from `Date.now()`, so tests can move it. */
export class AuthLimiter {
  private buckets = new Map<string, Bucket>();
  private sent = new Map<'email' | 'sms', Counter>();
  /** Mailed and texted codes, per address (lower-cased): dead after MAX_CODE_ATTEMPTS until a new one is sent. */
  readonly codes = new Attempts(MAX_CODE_ATTEMPTS, HOUR_MS, HOUR_MS);
  /** TOTP factors, per factor id. */
  readonly factors = new Attempts(MAX_FACTOR_ATTEMPTS, FACTOR_LOCK_SECONDS * 1000, FACTOR_LOCK_SECONDS * 1000);

  constructor(private readonly settings: () => AuthSettings) {}

  /** GoTrue's per-IP limit of an endpoint; a request without a client address is not limited (as in GoTrue). */
  perIp(limit: IpLimit, req: Request): void {
    const ip = clientAddress(req);
    if (!ip) return;
    const rule = ruleFor(limit, rateLimitsOf(this.settings()));
    const now = Date.now();
    const key = `${limit} ${ip}`;
    let bucket = this.buckets.get(key);
    if (!bucket || now - bucket.created >= rule.ttlMs) {
      if (this.buckets.size > 10_000) this.sweep(now);
      bucket = { tokens: rule.burst, at: now, created: now };
      this.buckets.set(key, bucket);
    }
    bucket.tokens = Math.min(rule.burst, bucket.tokens + ((now - bucket.at) / 1000) * rule.perSecond);
    bucket.at = now;
    if (bucket.tokens < 1) throw tooManyRequests();
    bucket.tokens -= 1;
  }

  /** Before a mail goes out: `email_sent` per hour (GoTrue applies it only while confirmations are on; 0 refuses all). */
  emailSent(): void {
    const auth = this.settings();
    const limit = rateLimitsOf(auth).emailSent;
    if (limit <= 0 || (auth.enableConfirmations && !this.allowHourly('email', limit))) {
      throw new AuthError(429, 'over_email_send_rate_limit', 'Email rate limit exceeded');
    }
  }

  /** Before an SMS goes out (not for test OTPs): `sms_sent` per hour, only while SMS confirmations are on. */
  smsSent(): void {
    const auth = this.settings();
    if (smsOf(auth).enableConfirmations && !this.allowHourly('sms', rateLimitsOf(auth).smsSent)) {
      throw new AuthError(429, 'over_sms_send_rate_limit', 'SMS rate limit exceeded');
    }
  }

  /** A new code was sent to an address, or its code was used: the count of wrong guesses starts over. */
  codeReset(address: string): void {
    this.codes.clear(address.toLowerCase());
  }

  /** Forgets every count (tests). */
  reset(): void {
    this.buckets.clear();
    this.sent.clear();
    this.codes.reset();
    this.factors.reset();
  }

  /** GoTrue's IntervalLimiter: at most `limit` events per hour, the count restarting on the hour since the start. */
  private allowHourly(kind: 'email' | 'sms', limit: number): boolean {
    const now = Date.now();
    let counter = this.sent.get(kind);
    if (!counter) {
      counter = { count: 0, since: now };
      this.sent.set(kind, counter);
    }
    const hours = Math.floor((now - counter.since) / HOUR_MS);
    if (hours > 0) {
      counter.since += hours * HOUR_MS;
      counter.count = 0;
    }
    if (counter.count >= limit) return false;
    counter.count += 1;
    return true;
  }

  private sweep(now: number): void {
    for (const [key, bucket] of this.buckets) if (now - bucket.created >= HOUR_MS) this.buckets.delete(key);
  }
}

const limiters = new WeakMap<ServiceContext, AuthLimiter>();

/** The limiter of a running auth service (one per ServiceContext). */
export function authLimiter(ctx: ServiceContext): AuthLimiter {
  let limiter = limiters.get(ctx);
  if (!limiter) {
    limiter = new AuthLimiter(() => ctx.config.auth);
    limiters.set(ctx, limiter);
  }
  return limiter;
}
