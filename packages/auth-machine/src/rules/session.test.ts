import { describe, expect, it } from 'vitest';
import {
  isIgnoredSignOutError,
  isReloadWithinWindow,
  isRetryableRefreshError,
  isSessionExpiring,
  isStoredSessionValid,
  refreshRetryDelay,
  shouldRefreshNow,
} from './session.ts';

describe('isStoredSessionValid', () => {
  const valid = { access_token: 'a', refresh_token: 'r', expires_at: 1_700_000_000 };

  it('accepts a session with an access token, a refresh token and an expiry', () => {
    expect(isStoredSessionValid(valid)).toBe(true);
  });

  it.each([
    ['no access token', { refresh_token: 'r', expires_at: 1 }],
    ['empty access token', { ...valid, access_token: '' }],
    ['no refresh token', { access_token: 'a', expires_at: 1 }],
    ['no expiry', { access_token: 'a', refresh_token: 'r' }],
    ['a non-numeric expiry', { ...valid, expires_at: '1700000000' }],
    ['null', null],
    ['a string', 'token'],
  ])('rejects %s', (_label, value) => {
    expect(isStoredSessionValid(value)).toBe(false);
  });
});

describe('refresh timing', () => {
  const now = 1_000_000_000_000; // ms
  const expiresAt = (msFromNow: number) => (now + msFromNow) / 1000;

  it('counts a session as expiring inside the 90 s margin', () => {
    expect(isSessionExpiring(expiresAt(89_999), now)).toBe(true);
    expect(isSessionExpiring(expiresAt(90_000), now)).toBe(false);
    expect(isSessionExpiring(expiresAt(-1), now)).toBe(true);
  });

  it('refreshes on a tick when 3 ticks (90 s) or fewer remain', () => {
    // 119.999 s left is 3 whole ticks of 30 s; 120 s left is 4.
    expect(shouldRefreshNow(expiresAt(119_999), now)).toBe(true);
    expect(shouldRefreshNow(expiresAt(120_000), now)).toBe(false);
    expect(shouldRefreshNow(expiresAt(0), now)).toBe(true);
  });

  it('backs off from 200 ms, doubling', () => {
    expect([0, 1, 2, 3].map(refreshRetryDelay)).toEqual([200, 400, 800, 1600]);
  });

  it('keeps the session on network and server errors, removes it on others', () => {
    expect(isRetryableRefreshError({})).toBe(true);
    expect(isRetryableRefreshError({ status: 0 })).toBe(true);
    expect(isRetryableRefreshError({ status: 500 })).toBe(true);
    expect(isRetryableRefreshError({ status: 504 })).toBe(true);
    expect(isRetryableRefreshError({ status: 520 })).toBe(true);
    expect(isRetryableRefreshError({ status: 530 })).toBe(true);
    expect(isRetryableRefreshError({ status: 505 })).toBe(false);
    expect(isRetryableRefreshError({ status: 400, code: 'refresh_token_not_found' })).toBe(false);
    expect(isRetryableRefreshError({ status: 403 })).toBe(false);
  });
});

describe('isIgnoredSignOutError', () => {
  it.each([401, 403, 404])('ignores %i', (status) => {
    expect(isIgnoredSignOutError({ status })).toBe(true);
  });
  it.each([400, 500, undefined])('does not ignore %s', (status) => {
    expect(isIgnoredSignOutError({ status })).toBe(false);
  });
});

describe('isReloadWithinWindow', () => {
  const now = 50_000;
  it('is true up to and including 5 s after the last unload', () => {
    expect(isReloadWithinWindow(String(now - 5000), now)).toBe(true);
    expect(isReloadWithinWindow(String(now - 1), now)).toBe(true);
  });
  it('is false later, without a record, or with a garbled or future one', () => {
    expect(isReloadWithinWindow(String(now - 5001), now)).toBe(false);
    expect(isReloadWithinWindow(null, now)).toBe(false);
    expect(isReloadWithinWindow('yesterday', now)).toBe(false);
    expect(isReloadWithinWindow(String(now + 10), now)).toBe(false);
  });
});
