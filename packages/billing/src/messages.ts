/**
 * Every string the billing flows show to a user. The wording is the specification's, word for word:
 * change it only together with the specification.
 */
export const messages = Object.freeze({
  invalidPlan: 'Invalid subscription plan',
  paymentCanceled: 'Payment canceled. You can try again later.',
  orderFailed: 'Failed to create payment order',
  checkoutUnavailable: 'Payment system unavailable. Please try again later.',
  paymentSuccessful: 'Payment successful!',
  verificationFailed: 'Payment verification failed. Please contact support.',
  verificationFailedMaybeDeducted: 'Payment verification failed. If payment was deducted, please contact support.',
  sessionNotFound: 'Authentication session not found. Please log in again.',
  sessionInvalid: 'Authentication session invalid. Please log in again.',
  cancelFailed: 'Failed to cancel subscription. Please try again later or contact support.',
} as const);

/** The key of a message in {@link messages}. */
export type MessageKey = keyof typeof messages;
/** One of the strings of {@link messages}. */
export type Message = (typeof messages)[MessageKey];

/** The checkout's brand colour (Razorpay `theme.color`). */
export const BRAND_COLOR = '#6366F1';
