/** Every message the auth, onboarding and access flows show, word for word from the spec. */
export const MESSAGES = {
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
  /**
   * Not in the spec: shown when the access checks themselves keep failing (network down), so that the user is
   * neither let in nor sent to /subscription without a word. See the README.
   */
  accessCheckUnavailable: "We couldn't verify your access. Check your connection and try again.",
} as const;

/** One of the strings of {@link MESSAGES}. */
export type Message = (typeof MESSAGES)[keyof typeof MESSAGES];
