import { describe, expect, it } from 'vitest';
import { findRecoveryToken, isRefusedRecoveryLink, serialiseRecoveryToken } from './recovery.ts';

const none = { hash: '', search: '', stored: null };

describe('findRecoveryToken', () => {
  it('finds session tokens in the URL hash', () => {
    expect(
      findRecoveryToken({ ...none, hash: '#access_token=AT&refresh_token=RT&expires_in=3600&type=recovery' }),
    ).toEqual({ source: 'hash', accessToken: 'AT', refreshToken: 'RT', type: 'recovery' });
  });

  it.each([
    ['token', '?token=123456', { token: '123456' }],
    ['access_token', '?access_token=AT', { accessToken: 'AT' }],
    ['t', '?t=abc', { token: 'abc' }],
    ['type', '?type=recovery', { type: 'recovery' }],
    ['token_hash', '?token_hash=pkce_x&type=recovery', { tokenHash: 'pkce_x', type: 'recovery' }],
  ])('finds the query parameter %s', (_name, search, expected) => {
    expect(findRecoveryToken({ ...none, search })).toEqual({ source: 'query', ...expected });
  });

  it('finds the stored copy when the URL has none', () => {
    expect(findRecoveryToken({ ...none, stored: 'access_token=AT&refresh_token=RT' })).toEqual({
      source: 'storage',
      accessToken: 'AT',
      refreshToken: 'RT',
    });
  });

  it('prefers the hash, then the query, then storage', () => {
    expect(findRecoveryToken({ hash: '#access_token=H', search: '?token=Q', stored: 'token=S' })?.source).toBe('hash');
    expect(findRecoveryToken({ hash: '', search: '?token=Q', stored: 'token=S' })?.source).toBe('query');
  });

  it('finds nothing in an error fragment, another type, or empty places', () => {
    expect(findRecoveryToken(none)).toBeNull();
    expect(
      findRecoveryToken({ ...none, hash: '#error=access_denied&error_code=otp_expired&error_description=x' }),
    ).toBeNull();
    expect(findRecoveryToken({ ...none, search: '?type=signup' })).toBeNull();
    expect(findRecoveryToken({ ...none, search: '?token=' })).toBeNull();
  });

  it('reads back what serialiseRecoveryToken stored', () => {
    const stored = serialiseRecoveryToken({ access_token: 'A&B', refresh_token: 'R', token: undefined });
    expect(findRecoveryToken({ ...none, stored })).toEqual({
      source: 'storage',
      accessToken: 'A&B',
      refreshToken: 'R',
    });
  });
});

describe('isRefusedRecoveryLink', () => {
  it("sees the service's error redirect in the fragment or the query", () => {
    expect(
      isRefusedRecoveryLink({
        hash: '#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired',
        search: '',
      }),
    ).toBe(true);
    expect(isRefusedRecoveryLink({ hash: '', search: '?error_description=Email+link+is+invalid' })).toBe(true);
  });

  it('does not see one in a link with tokens, or in none', () => {
    expect(isRefusedRecoveryLink({ hash: '#access_token=AT&refresh_token=RT&type=recovery', search: '' })).toBe(false);
    expect(isRefusedRecoveryLink({ hash: '', search: '?token=123456' })).toBe(false);
    expect(isRefusedRecoveryLink({ hash: '', search: '' })).toBe(false);
  });
});
