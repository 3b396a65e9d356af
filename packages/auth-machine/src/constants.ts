/**
 * Every number and path the auth, onboarding and access rules use (spec sections 2, 4, 5, 6 and 9).
 * The app and the UI import them from here instead of repeating them.
 */

const SECOND_MS = 1000;
const HOUR_MS = 60 * 60 * SECOND_MS;

/** Access token refresh margin: a session counts as expiring 90 seconds before its expiry. */
export const ACCESS_TOKEN_REFRESH_MARGIN_MS = 90 * SECOND_MS;
/** Auto-refresh tick: every 30 seconds. */
export const AUTO_REFRESH_TICK_MS = 30 * SECOND_MS;
/** Refresh when 3 ticks or fewer remain before expiry. */
export const AUTO_REFRESH_TICK_THRESHOLD = 3;
/** Refresh retry back-off starts at 200 ms and doubles. */
export const REFRESH_RETRY_INITIAL_DELAY_MS = 200;

/** New-account free window: 24 hours. */
export const NEW_ACCOUNT_FREE_WINDOW_MS = 24 * HOUR_MS;
/** A reload within 5 seconds of the last unload refreshes the session. */
export const RELOAD_REFRESH_WINDOW_MS = 5 * SECOND_MS;
/** The subscription check makes 3 attempts. */
export const SUBSCRIPTION_CHECK_ATTEMPTS = 3;
/** Waits between subscription check attempts: 600 ms, then 1200 ms. */
export const SUBSCRIPTION_RETRY_DELAYS_MS = [600, 1200] as const;
/** The access guard waits 300 ms before it checks. */
export const GUARD_DELAY_MS = 300;
/** Logout waits 100 ms before it clears and signs out. */
export const LOGOUT_DELAY_MS = 100;
/** Data refresh delay after an account switch. */
export const DATA_REFRESH_DELAY_MS = 100;

/** HTTP statuses a sign-out ignores (the session is already gone on the server). */
export const SIGN_OUT_IGNORED_STATUSES = [401, 403, 404] as const;

/** The auth events the app reacts to, as supabase-js names them. */
export const AUTH_EVENTS = [
  'INITIAL_SESSION',
  'SIGNED_IN',
  'SIGNED_OUT',
  'TOKEN_REFRESHED',
  'USER_UPDATED',
  'PASSWORD_RECOVERY',
  'MFA_CHALLENGE_VERIFIED',
] as const;
/** The name of a supabase-js auth event (`SIGNED_IN`, `SIGNED_OUT`, `TOKEN_REFRESHED`, …). */
export type AuthEventName = (typeof AUTH_EVENTS)[number];

/** The role names of `public.user_roles`: `admin` and `free_user` (free access without a subscription). */
export const ROLES = { admin: 'admin', freeUser: 'free_user' } as const;
/** A role name from {@link ROLES}. */
export type RoleName = (typeof ROLES)[keyof typeof ROLES];

/** The app's paths that the machines navigate to or classify (login, signup, reset-password, dashboard, …). */
export const PATHS = {
  home: '/',
  login: '/login',
  signup: '/signup',
  forgotPassword: '/forgot-password',
  verifyEmail: '/verify-email',
  resetPassword: '/reset-password',
  emailVerification: '/email-verification',
  dashboard: '/dashboard',
  onboarding: '/onboarding',
  subscription: '/subscription',
  admin: '/admin',
  profile: '/profile',
} as const;

/** Query string the product sign-up puts on its verify-email redirect. */
export const SIGNUP_VERIFY_SOURCE = 'signup';

/** Keys the machines read and write in local or session storage. */
export const STORAGE_KEYS = {
  /** Local storage: 'true' once the user finished onboarding on this device. Survives logout. */
  onboardingCompleted: 'onboarding_completed',
  /** Local storage: 'true' after a login. */
  authenticated: 'isAuthenticated',
  /** Local storage: epoch ms of the last page unload. */
  lastUnloadAt: 'lastUnloadAt',
  /** Session storage: the recovery token kept for the reset-password page. */
  recoveryToken: 'passwordResetToken',
  /** Local storage: the email a reset link was requested for. */
  resetEmail: 'passwordResetEmail',
} as const;

/** The value of the onboarding flag that means "completed". */
export const ONBOARDING_FLAG_TRUE = 'true';

/** The message a view posts to the others after a logout. */
export const BROADCAST_REFRESH = 'refresh';

/** Local origins always allowed for the password reset redirect: Vite's 5173 and 3000. */
export const LOCAL_ALLOWED_ORIGINS = ['http://localhost:5173', 'http://localhost:3000'] as const;
