/**
 * `@bahi/billing/react`: a provider for the ports and hooks for the payment and cancel flows.
 *
 * @packageDocumentation
 */
export { type BillingDeps, BillingProvider, useBillingDeps } from './BillingProvider.tsx';
export {
  type CancelStatus,
  type PaymentStatus,
  type UseCancelSubscription,
  type UsePayment,
  useCancelSubscription,
  usePayment,
} from './hooks.ts';
