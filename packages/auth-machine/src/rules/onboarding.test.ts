import { describe, expect, it } from 'vitest';
import type { AuthUser } from '../ports.ts';
import { isOnboardingComplete, needsOnboarding, needsOnboardingSync } from './onboarding.ts';

const user = (onboarding_completed: boolean | undefined, last_sign_in_at: string | null = '2026-03-01T00:00:00Z') =>
  ({
    id: 'u1',
    created_at: '2026-02-01T00:00:00Z',
    last_sign_in_at,
    user_metadata: onboarding_completed === undefined ? {} : { onboarding_completed },
  }) satisfies AuthUser;

describe('onboarding rules', () => {
  it('is complete when the metadata flag is true', () => {
    expect(isOnboardingComplete(user(true), null)).toBe(true);
    expect(needsOnboarding(user(true), null)).toBe(false);
    expect(needsOnboardingSync(user(true), 'true')).toBe(false);
  });

  it("is complete when the local flag equals 'true', and then needs syncing", () => {
    expect(isOnboardingComplete(user(false), 'true')).toBe(true);
    expect(needsOnboarding(user(undefined), 'true')).toBe(false);
    expect(needsOnboardingSync(user(false), 'true')).toBe(true);
  });

  it('is incomplete without either flag', () => {
    expect(isOnboardingComplete(user(false), null)).toBe(false);
    expect(isOnboardingComplete(user(undefined), 'false')).toBe(false);
    expect(isOnboardingComplete(user(undefined), 'TRUE')).toBe(false);
    expect(needsOnboarding(user(undefined), null)).toBe(true);
  });

  it('sends a user who has never signed in to onboarding', () => {
    expect(needsOnboarding(user(true, null), null)).toBe(true);
  });
});
