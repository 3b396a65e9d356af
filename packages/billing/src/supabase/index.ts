/**
 * `@bahi/billing/supabase`: the payments port on supabase-js (the `razorpay` edge function).
 *
 * @packageDocumentation
 */
export {
  createSupabasePayments,
  kindForStatus,
  type SupabasePaymentsOptions,
  toPaymentsError,
} from './payments.ts';
