/**
 * `@bahi/auth-machine`: XState v5 machines for auth events, sign-in and sign-up, onboarding, the route guard, the admin
 * bootstrap and password reset. No React and no supabase-js here: see `@bahi/auth-machine/react` and
 * `@bahi/auth-machine/supabase`.
 *
 * @packageDocumentation
 */

export { BROADCAST_CHANNEL_NAME, createBrowserPorts, createChannelBroadcast } from './browser.ts';
export type { AuthConfig } from './config.ts';
export * from './constants.ts';
export { ServiceFailure } from './errors.ts';
export {
  type AccessContext,
  type AccessEvent,
  type AccessInput,
  type AccessMachine,
  createAccessMachine,
  type RoleAnswers,
} from './machines/access.ts';
export {
  type AdminBootstrapContext,
  type AdminBootstrapEvent,
  type AdminBootstrapMachine,
  createAdminBootstrapMachine,
  isBootstrapAccount,
} from './machines/adminBootstrap.ts';
export {
  type AuthFormContext,
  type AuthFormEvent,
  type AuthFormMachine,
  createAuthFormMachine,
  productSignUpRequest,
  signUpRedirect,
} from './machines/authForm.ts';
export {
  createOnboardingMachine,
  type OnboardingContext,
  type OnboardingEvent,
  type OnboardingMachine,
  type OnboardingVerdict,
} from './machines/onboarding.ts';
export {
  createPasswordResetMachine,
  type PasswordResetContext,
  type PasswordResetEvent,
  type PasswordResetInput,
  type PasswordResetMachine,
  recoveryVerification,
  requestPasswordReset,
} from './machines/passwordReset.ts';
export {
  type AuthStateEvent,
  createSessionMachine,
  type SessionContext,
  type SessionEvent,
  type SessionMachine,
} from './machines/session.ts';
export { createMemoryBroadcastHub, createMemoryStorage } from './memory.ts';
export { MESSAGES, type Message } from './messages.ts';
export type * from './ports.ts';
export { isAccountWithinFreeWindow, isSubscriptionActive } from './rules/access.ts';
export { messageOr, validateCredentials } from './rules/credentials.ts';
export { isOnboardingComplete, needsOnboarding, needsOnboardingSync } from './rules/onboarding.ts';
export {
  findRecoveryToken,
  isRefusedRecoveryLink,
  type RecoveryLocation,
  type RecoveryToken,
  serialiseRecoveryToken,
} from './rules/recovery.ts';
export {
  allowedOrigins,
  isRedirectAllowed,
  type RedirectOriginsConfig,
  resetPasswordRedirect,
} from './rules/redirect.ts';
export { classifyRoute, LOGIN_ONLY_PATHS, type RouteClass } from './rules/routes.ts';
export {
  isIgnoredSignOutError,
  isReloadWithinWindow,
  isRetryableRefreshError,
  isSessionExpiring,
  isStoredSessionValid,
  refreshRetryDelay,
  type StoredSession,
  shouldRefreshNow,
} from './rules/session.ts';
