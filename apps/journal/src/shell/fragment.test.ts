import { describe, expect, it } from 'vitest';
import { fragmentRedirect, isAuthFragment } from './fragment';

describe('fragmentRedirect', () => {
  it('sends a recovery fragment on / to /reset-password, keeping the fragment', () => {
    const hash = '#access_token=a.b.c&refresh_token=r&type=recovery';
    expect(fragmentRedirect({ pathname: '/', search: '', hash })).toBe(`/reset-password${hash}`);
  });

  it('sends an error fragment on / to /reset-password', () => {
    const hash = '#error=access_denied&error_code=otp_expired';
    expect(fragmentRedirect({ pathname: '/', search: '?x=1', hash })).toBe(`/reset-password?x=1${hash}`);
  });

  it('leaves /reset-password, other pages and plain anchors alone', () => {
    expect(fragmentRedirect({ pathname: '/reset-password', search: '', hash: '#access_token=x' })).toBeNull();
    expect(fragmentRedirect({ pathname: '/login', search: '', hash: '#access_token=x' })).toBeNull();
    expect(fragmentRedirect({ pathname: '/', search: '', hash: '#pricing' })).toBeNull();
    expect(isAuthFragment('#')).toBe(false);
  });

  it('sends a sign-up confirmation that landed on / to /verify-email', () => {
    const hash = '#access_token=a.b.c&type=signup';
    expect(fragmentRedirect({ pathname: '/', search: '', hash })).toBe(`/verify-email${hash}`);
  });
});
