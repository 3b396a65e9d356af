import { describe, expect, it } from 'vitest';
import { authStorageKey, hasStoredSession } from './auth-presence';

describe('auth presence', () => {
  it('names the session key as supabase-js does: sb-<first label of the host>-auth-token', () => {
    expect(authStorageKey('https://abcd.supabase.co')).toBe('sb-abcd-auth-token');
    expect(authStorageKey('http://127.0.0.1:54321')).toBe('sb-127-auth-token');
  });

  it('sees a stored session, and treats missing or unreadable storage as none', () => {
    const stored = new Map([['sb-abcd-auth-token', '{"access_token":"x"}']]);
    expect(hasStoredSession({ getItem: (k) => stored.get(k) ?? null }, 'sb-abcd-auth-token')).toBe(true);
    expect(hasStoredSession({ getItem: () => null }, 'sb-abcd-auth-token')).toBe(false);
    expect(hasStoredSession(undefined, 'sb-abcd-auth-token')).toBe(false);
    const blocked = {
      getItem: () => {
        throw new Error('SecurityError');
      },
    };
    expect(hasStoredSession(blocked, 'sb-abcd-auth-token')).toBe(false);
  });
});
