import { describe, expect, it } from 'vitest';
import * as C from './constants.ts';
import { MESSAGES } from './messages.ts';

// Values from the spec, section 9 and sections 4 to 7, written out by hand.
describe('constants', () => {
  it('match the spec', () => {
    expect(C.ACCESS_TOKEN_REFRESH_MARGIN_MS).toBe(90_000);
    expect(C.AUTO_REFRESH_TICK_MS).toBe(30_000);
    expect(C.AUTO_REFRESH_TICK_THRESHOLD).toBe(3);
    expect(C.REFRESH_RETRY_INITIAL_DELAY_MS).toBe(200);
    expect(C.NEW_ACCOUNT_FREE_WINDOW_MS).toBe(86_400_000);
    expect(C.RELOAD_REFRESH_WINDOW_MS).toBe(5000);
    expect(C.SUBSCRIPTION_CHECK_ATTEMPTS).toBe(3);
    expect(C.SUBSCRIPTION_RETRY_DELAYS_MS).toEqual([600, 1200]);
    expect(C.GUARD_DELAY_MS).toBe(300);
    expect(C.LOGOUT_DELAY_MS).toBe(100);
    expect(C.DATA_REFRESH_DELAY_MS).toBe(100);
    expect(C.SIGN_OUT_IGNORED_STATUSES).toEqual([401, 403, 404]);
    expect(C.LOCAL_ALLOWED_ORIGINS).toEqual(['http://localhost:5173', 'http://localhost:3000']);
    expect(C.ROLES).toEqual({ admin: 'admin', freeUser: 'free_user' });
  });

  it('name the seven auth events', () => {
    expect([...C.AUTH_EVENTS].sort()).toEqual(
      [
        'INITIAL_SESSION',
        'SIGNED_IN',
        'SIGNED_OUT',
        'TOKEN_REFRESHED',
        'USER_UPDATED',
        'PASSWORD_RECOVERY',
        'MFA_CHALLENGE_VERIFIED',
      ].sort(),
    );
  });
});

describe('messages', () => {
  it('are the spec strings, word for word', () => {
    expect(MESSAGES).toMatchObject({
      credentialsRequired: 'You must provide either an email or phone number and a password',
      signUpFailed: 'Failed to sign up',
      signInFailed: 'Failed to sign in',
      signOutFailed: 'Failed to sign out',
      accountSwitched: 'Account switched. Refreshing data...',
      verifyingAccess: 'Verifying access...',
      subscriptionRequired: 'A subscription is required to access this feature',
      secureContentTitle: 'Secure Content',
      secureContentBody: 'Please log in to access this content.',
      adminSetupFailed: 'Failed to setup admin privileges, please try again',
      noResetToken: 'No reset token found. Please request a new password reset link.',
      resetFailed: 'Unable to reset password. The link may have expired or is invalid. Please request a new one.',
      sessionInvalid: 'Authentication session invalid. Please log in again.',
      sessionNotFound: 'Authentication session not found. Please log in again.',
    });
  });
});
