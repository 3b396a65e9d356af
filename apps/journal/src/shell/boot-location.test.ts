import { describe, expect, it } from 'vitest';
import { locationWithBootTokens, recordBootLocation } from './boot-location';

describe('locationWithBootTokens', () => {
  recordBootLocation({
    pathname: '/reset-password',
    search: '',
    hash: '#access_token=a&refresh_token=r&type=recovery',
  });

  it('gives back the fragment the page was opened with once supabase-js has removed it', () => {
    expect(locationWithBootTokens({ pathname: '/reset-password', search: '', hash: '' })).toEqual({
      hash: '#access_token=a&refresh_token=r&type=recovery',
      search: '',
    });
  });

  it('prefers what is in the address bar now, and ignores the opening address on other paths', () => {
    expect(locationWithBootTokens({ pathname: '/reset-password', search: '?t=123456', hash: '#x=1' })).toEqual({
      hash: '#x=1',
      search: '?t=123456',
    });
    expect(locationWithBootTokens({ pathname: '/login', search: '', hash: '' })).toEqual({ hash: '', search: '' });
  });
});
