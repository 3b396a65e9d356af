/**
 * @bahi/auth-machine: XState v5 machines for auth events, sign-in and sign-up, onboarding, the route guard, the admin
 * bootstrap and password reset. No React and no supabase-js here: see `@bahi/auth-machine/react` and
 * `@bahi/auth-machine/supabase`.
 */

export { BROADCAST_CHANNEL_NAME, createBrowserPorts, createChannelBroadcast } from './browser';
export type { AuthConfig } from './config';
export * from './constants';
export { ServiceFailure } from './errors';
export {
  type AccessContext,
  type AccessEvent,
  type AccessInput,
  type AccessMachine,
  createAccessMachine,
  type RoleAnswers,
} from './machines/access';
export {
  type AdminBootstrapContext,
  type AdminBootstrapEvent,
  type AdminBootstrapMachine,
  createAdminBootstrapMachine,
  isBootstrapAccount,
} from './machines/adminBootstrap';
export {
  type AuthFormContext,
  type AuthFormEvent,
  type AuthFormMachine,
  createAuthFormMachine,
  productSignUpRequest,
  signUpRedirect,
} from './machines/authForm';
export {
  createOnboardingMachine,
  type OnboardingContext,
  type OnboardingEvent,
  type OnboardingMachine,
  type OnboardingVerdict,
} from './machines/onboarding';
export {
  createPasswordResetMachine,
  type PasswordResetContext,
  type PasswordResetEvent,
  type PasswordResetInput,
  type PasswordResetMachine,
  recoveryVerification,
  requestPasswordReset,
} from './machines/passwordReset';
export {
  type AuthStateEvent,
  createSessionMachine,
  type SessionContext,
  type SessionEvent,
  type SessionMachine,
} from './machines/session';
export { createMemoryBroadcastHub, createMemoryStorage } from './memory';
export { MESSAGES, type Message } from './messages';
export type * from './ports';
export { isAccountWithinFreeWindow, isSubscriptionActive } from './rules/access';
export { messageOr, validateCredentials } from './rules/credentials';
export { isOnboardingComplete, needsOnboarding, needsOnboardingSync } from './rules/onboarding';
export { findRecoveryToken, type RecoveryLocation, type RecoveryToken, serialiseRecoveryToken } from './rules/recovery';
export { allowedOrigins, isRedirectAllowed, type RedirectOriginsConfig, resetPasswordRedirect } from './rules/redirect';
export { classifyRoute, LOGIN_ONLY_PATHS, type RouteClass } from './rules/routes';
export {
  isIgnoredSignOutError,
  isReloadWithinWindow,
  isRetryableRefreshError,
  isSessionExpiring,
  isStoredSessionValid,
  refreshRetryDelay,
  type StoredSession,
  shouldRefreshNow,
} from './rules/session';
