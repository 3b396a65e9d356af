import { type CheckoutPort, createRazorpayCheckout, createSandboxCheckout } from '@bahi/billing';
import type { AppConfig } from '../shared/app-config';

/**
 * The local stack's sandbox checkout stands in for Razorpay when no key id is configured or the key id is a local
 * sandbox key (a test key naming `local` or `sandbox`, such as supabase-local's `rzp_test_bahilocal0001`); a real
 * test or live key id uses Razorpay's Checkout.js.
 */
export function usesSandboxCheckout(config: Pick<AppConfig, 'razorpayKeyId'>): boolean {
  const key = config.razorpayKeyId;
  return !key || /^rzp_test_\w*(sandbox|local)/.test(key);
}

export function createCheckout(config: Pick<AppConfig, 'razorpayKeyId' | 'supabaseUrl'>): CheckoutPort {
  return usesSandboxCheckout(config) ? createSandboxCheckout({ apiUrl: config.supabaseUrl }) : createRazorpayCheckout();
}
