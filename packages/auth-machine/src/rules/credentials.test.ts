import { describe, expect, it } from 'vitest';
import { messageOr, validateCredentials } from './credentials.ts';

const REQUIRED = 'You must provide either an email or phone number and a password';

describe('validateCredentials', () => {
  it('accepts an email or a phone number with a password', () => {
    expect(validateCredentials({ email: 'a@b.in', password: 'secret1' })).toBeNull();
    expect(validateCredentials({ phone: '+919800000000', password: 'secret1' })).toBeNull();
  });

  it.each([
    ['no password', { email: 'a@b.in' }],
    ['a blank password', { email: 'a@b.in', password: '   ' }],
    ['neither email nor phone', { password: 'secret1' }],
    ['a blank email and no phone', { email: ' ', password: 'secret1' }],
    ['nothing', {}],
  ])('refuses %s', (_label, credentials) => {
    expect(validateCredentials(credentials)).toBe(REQUIRED);
  });
});

describe('messageOr', () => {
  it("uses the service's message", () => {
    expect(messageOr({ message: 'Invalid login credentials', status: 400 }, 'Failed to sign in')).toBe(
      'Invalid login credentials',
    );
  });
  it('falls back when the service gave none', () => {
    expect(messageOr({ status: 500 }, 'Failed to sign in')).toBe('Failed to sign in');
    expect(messageOr({ message: '' }, 'Failed to sign up')).toBe('Failed to sign up');
    expect(messageOr(undefined, 'Failed to sign out')).toBe('Failed to sign out');
  });
});
