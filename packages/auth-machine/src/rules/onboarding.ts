import { ONBOARDING_FLAG_TRUE } from '../constants.ts';
import type { AuthUser } from '../ports.ts';

/** Complete when the user metadata flag is true or the local flag equals 'true'. */
export function isOnboardingComplete(user: AuthUser, localFlag: string | null): boolean {
  return user.user_metadata.onboarding_completed === true || localFlag === ONBOARDING_FLAG_TRUE;
}

/** The local flag says complete but the server does not know yet: sync it back. */
export function needsOnboardingSync(user: AuthUser, localFlag: string | null): boolean {
  return localFlag === ONBOARDING_FLAG_TRUE && user.user_metadata.onboarding_completed !== true;
}

/** A user without the completed flag, or one who has never signed in before, is sent to /onboarding. */
export function needsOnboarding(user: AuthUser, localFlag: string | null): boolean {
  return !isOnboardingComplete(user, localFlag) || !user.last_sign_in_at;
}
