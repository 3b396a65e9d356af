import { describe, expect, it } from 'vitest';
import { classifyRoute } from './routes.ts';

describe('classifyRoute', () => {
  it.each([
    '/',
    '/login',
    '/signup',
    '/forgot-password',
    '/verify-email',
    '/reset-password',
    '/features',
    '/features/ai-assistant',
    '/terms',
    '/contact',
    '/no-such-page',
  ])('%s is public', (path) => {
    expect(classifyRoute(path)).toBe('public');
  });

  it.each(['/subscription', '/admin', '/onboarding', '/profile', '/profile/'])('%s needs login only', (path) => {
    expect(classifyRoute(path)).toBe('login-only');
  });

  it.each([
    '/dashboard',
    '/trades',
    '/trade-form',
    '/trade-form/42',
    '/calendar',
    '/analytics',
    '/bahi-AI',
    '/notebook',
    '/funds',
    '/position-sizing',
    '/gallery',
    '/playbooks',
    '/playbook/create',
    '/playbook/edit/7',
    '/tax',
    '/dashboard?tab=1',
  ])('%s needs a subscription', (path) => {
    expect(classifyRoute(path)).toBe('subscription-required');
  });

  it('does not mistake look-alikes for protected routes', () => {
    expect(classifyRoute('/trade-form/1/2')).toBe('public');
    expect(classifyRoute('/playbook/edit')).toBe('public');
    expect(classifyRoute('/-AI')).toBe('public');
    expect(classifyRoute('/bahi-ai')).toBe('public');
  });
});
