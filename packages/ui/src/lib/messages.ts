/**
 * The spec's messages that @bahi/ui shows by itself, word for word. The flows that raise the other messages live
 * in the auth-machine package (`MESSAGES`) and the billing package (`messages`); this package depends on neither, so the few
 * strings a screen shows without being told are kept here. apps/journal's `ui-messages.test.ts` checks that each
 * one equals the package's string of the same key.
 */
export const UI_MESSAGES = Object.freeze({
  /** auth-machine `MESSAGES.verifyingAccess` */
  verifyingAccess: 'Verifying access...',
  /** auth-machine `MESSAGES.subscriptionRequired` */
  subscriptionRequired: 'A subscription is required to access this feature',
  /** auth-machine `MESSAGES.secureContentTitle` */
  secureContentTitle: 'Secure Content',
  /** auth-machine `MESSAGES.secureContentBody` */
  secureContentBody: 'Please log in to access this content.',
  /** auth-machine `MESSAGES.noResetToken` */
  noResetToken: 'No reset token found. Please request a new password reset link.',
  /** billing `messages.paymentSuccessful` */
  paymentSuccessful: 'Payment successful!',
  /** billing `messages.paymentCanceled` */
  paymentCanceled: 'Payment canceled. You can try again later.',
} as const);
