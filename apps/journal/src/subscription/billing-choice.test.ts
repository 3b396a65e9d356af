import { describe, expect, it } from 'vitest';
import { usesSandboxCheckout } from './billing-choice';

describe('usesSandboxCheckout', () => {
  it('uses the local sandbox when no key id is set or the key is a sandbox key', () => {
    expect(usesSandboxCheckout({ razorpayKeyId: undefined })).toBe(true);
    expect(usesSandboxCheckout({ razorpayKeyId: 'rzp_test_sandbox' })).toBe(true);
    expect(usesSandboxCheckout({ razorpayKeyId: 'rzp_test_local123' })).toBe(true);
    expect(usesSandboxCheckout({ razorpayKeyId: 'rzp_test_bahilocal0001' })).toBe(true);
  });

  it("uses Razorpay's checkout for real test and live keys", () => {
    expect(usesSandboxCheckout({ razorpayKeyId: 'rzp_test_Abc123' })).toBe(false);
    expect(usesSandboxCheckout({ razorpayKeyId: 'rzp_live_Abc123' })).toBe(false);
  });
});
