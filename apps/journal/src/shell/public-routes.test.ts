import { describe, expect, it } from 'vitest';
import { pageKind } from './public-routes';

describe('pageKind', () => {
  it('knows the marketing and legal pages, with or without a trailing slash', () => {
    for (const path of ['/', '/features', '/features/playbooks/', '/terms', '/contact']) {
      expect(pageKind(path), path).toBe('marketing');
    }
  });

  it('knows the ways in', () => {
    for (const path of ['/login', '/signup/', '/forgot-password', '/verify-email', '/reset-password']) {
      expect(pageKind(path), path).toBe('auth');
    }
  });

  it('takes the journal, account and onboarding pages as other pages', () => {
    for (const path of ['/dashboard', '/trades', '/trade-form/abc', '/onboarding', '/subscription', '/admin']) {
      expect(pageKind(path), path).toBe('other');
    }
  });
});
