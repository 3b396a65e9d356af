// @bahi/billing/supabase: the payments port on supabase-js (the `razorpay` edge function).
export {
  createSupabasePayments,
  kindForStatus,
  type SupabasePaymentsOptions,
  toPaymentsError,
} from './payments';
