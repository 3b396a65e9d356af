import type { PlanId } from './plans';

/** The signed-in user as the payment flow needs them. */
export interface BillingSession {
  accessToken: string;
  user: {
    id: string;
    email?: string;
    phone?: string;
    /** user_metadata.full_name */
    name?: string;
  };
}

/** Prefill for the checkout form. */
export interface Customer {
  name?: string;
  email?: string;
  phone?: string;
}

export interface CreateOrderRequest {
  planType: PlanId;
  /** The plan's price in rupees as shown to the user; the server refuses an order when it differs from its own. */
  amount: number;
  currency: 'INR';
  name?: string;
  email?: string;
  phone?: string;
  callbackUrl?: string;
}

/** What the `razorpay` function answers to create-order. */
export interface PaymentOrder {
  keyId: string;
  orderId: string;
  amountPaise: number;
  currency: string;
  notes: { userId: string; planType: PlanId };
}

/** What Checkout.js hands to its `handler` after a successful payment. */
export interface RazorpayPaymentResponse {
  razorpay_payment_id: string;
  razorpay_order_id: string;
  razorpay_signature: string;
}

export interface VerifiedPayment {
  /** ISO time until which the subscription now runs. */
  endDate?: string;
  /** True when this payment had been verified before (nothing was extended twice). */
  alreadyVerified?: boolean;
}

export interface CancelRequest {
  /** The subscription's provider id; the server cancels the caller's current subscription when absent. */
  subscriptionId?: string;
}

/**
 * A cancelled subscription: the server keeps its status 'active' and its end_date, and sets cancelled_at, so access
 * lasts until the end of the paid period. Cancelling again answers the same (idempotent).
 */
export interface CancelledSubscription {
  /** ISO time until which access lasts (the paid end_date, unchanged by cancelling). */
  endDate?: string;
  /** ISO time of the (first) cancellation. */
  cancelledAt?: string;
}

/**
 * The server side of payments. `@bahi/billing/supabase` implements it with `supabase.functions.invoke('razorpay')`.
 * Methods throw {@link PaymentsError}.
 */
export interface PaymentsPort {
  /** The current session, or null when nobody is signed in. */
  getSession(): Promise<BillingSession | null>;
  createOrder(request: CreateOrderRequest, session: BillingSession): Promise<PaymentOrder>;
  verifyPayment(response: RazorpayPaymentResponse, session: BillingSession): Promise<VerifiedPayment>;
  cancelSubscription(request: CancelRequest, session: BillingSession): Promise<CancelledSubscription>;
}

/**
 * Why a payments call failed.
 * - `session-not-found`: nobody is signed in.
 * - `session-invalid`: the server refused the token (401).
 * - `rejected`: the server answered with a definite no (400 bad request or bad signature, 403 not your order).
 * - `conflict`: the order or payment was already used (409).
 * - `provider`: Razorpay failed (502) or the server failed (5xx).
 * - `network`: the request did not get an answer (offline, relay error); the outcome is unknown.
 */
export type PaymentsErrorKind =
  | 'session-not-found'
  | 'session-invalid'
  | 'rejected'
  | 'conflict'
  | 'provider'
  | 'network';

export class PaymentsError extends Error {
  override readonly name = 'PaymentsError';
  constructor(
    readonly kind: PaymentsErrorKind,
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

/** Options the machine hands to a checkout adapter. Field names follow Checkout.js. */
export interface CheckoutOptions {
  key: string;
  /** In paise. */
  amount: number;
  currency: string;
  name: string;
  description: string;
  order_id: string;
  prefill: { name: string; email: string; contact: string };
  notes: Record<string, string>;
  theme: { color: string };
}

/** Checkout.js's `payment.failed` payload (`response.error`). */
export interface CheckoutFailure {
  code?: string;
  description?: string;
  source?: string;
  step?: string;
  reason?: string;
  metadata?: { order_id?: string; payment_id?: string };
}

export interface CheckoutCallbacks {
  /** The payment went through: verify it. */
  onSuccess(response: RazorpayPaymentResponse): void;
  /** The user closed the payment window. */
  onDismiss(): void;
  /** A payment attempt failed; the window stays open so the user can retry or close it. */
  onFailure(failure: CheckoutFailure): void;
  /** The window could not be opened (blocked popup, checkout missing). */
  onUnavailable(): void;
}

/**
 * The payment window. Adapters: Razorpay's Checkout.js (`createRazorpayCheckout`) and the local stack's sandbox
 * (`createSandboxCheckout`).
 */
export interface CheckoutPort {
  /** Makes the checkout ready (loads the script); rejects when it cannot be. Safe to call more than once. */
  load(): Promise<void>;
  /** Opens the window; returns a function that closes it (called when the flow stops while it is open). */
  open(options: CheckoutOptions, callbacks: CheckoutCallbacks): () => void;
}
