/**
 * `@bahi/billing`: plans, the payment and cancel flows (XState v5) and the checkout adapters.
 * No React and no supabase-js here: those live in `@bahi/billing/react` and `@bahi/billing/supabase`.
 *
 * @packageDocumentation
 */

export {
  type CancelActorRef,
  type CancelContext,
  type CancelDeps,
  type CancelEvent,
  type CancelInput,
  type CancelledParams,
  type CancelMachine,
  type CancelSnapshot,
  cancelErrorMessage,
  cancelMachine,
  createCancelMachine,
} from './cancel-machine.ts';
export {
  createRazorpayCheckout,
  RAZORPAY_CHECKOUT_URL,
  type RazorpayCheckoutOptions,
  type RazorpayConstructor,
  type RazorpayInstance,
  type RazorpayOptions,
} from './checkout/razorpay.ts';
export {
  createSandboxCheckout,
  parseSandboxMessage,
  SANDBOX_CHECKOUT_PATH,
  SANDBOX_MESSAGE_SOURCE,
  SANDBOX_PROTOCOL_VERSION,
  type SandboxCheckoutOptions,
  type SandboxMessage,
  sandboxCheckoutUrl,
} from './checkout/sandbox.ts';
export { BRAND_COLOR, type Message, type MessageKey, messages } from './messages.ts';
export {
  checkoutOptions,
  createPaymentMachine,
  type Notification,
  orderErrorMessage,
  orderRequest,
  type PaymentActorRef,
  type PaymentContext,
  type PaymentDeps,
  type PaymentEvent,
  type PaymentInput,
  type PaymentMachine,
  type PaymentSnapshot,
  type PaymentWindowEvent,
  paymentMachine,
  RELOAD_DELAY_MS,
  verificationErrorMessage,
} from './payment-machine.ts';
export {
  getPlan,
  InvalidPlanError,
  isPlanId,
  monthlyEquivalent,
  PLAN_IDS,
  PLANS,
  type Plan,
  type PlanId,
  type PlanPeriod,
  savingsPercent,
} from './plans.ts';
export {
  type BillingSession,
  type CancelledSubscription,
  type CancelRequest,
  type CheckoutCallbacks,
  type CheckoutFailure,
  type CheckoutOptions,
  type CheckoutPort,
  type CreateOrderRequest,
  type Customer,
  type PaymentOrder,
  PaymentsError,
  type PaymentsErrorKind,
  type PaymentsPort,
  type RazorpayPaymentResponse,
  type VerifiedPayment,
} from './ports.ts';
export {
  type SubscriptionLike,
  type SubscriptionState,
  subscriptionState,
} from './subscription.ts';
