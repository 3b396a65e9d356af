import type { PlanId } from './plans.ts';

/** The signed-in user as the payment flow needs them. */
export interface BillingSession {
  /** The JWT the requests carry. */
  accessToken: string;
  /** The signed-in user. */
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
  /** The customer's name. */
  name?: string;
  /** The customer's email address. */
  email?: string;
  /** The customer's phone number. */
  phone?: string;
}

/** What the app asks the server to create an order for. */
export interface CreateOrderRequest {
  /** The plan being bought. */
  planType: PlanId;
  /** The plan's price in rupees as shown to the user; the server refuses an order when it differs from its own. */
  amount: number;
  /** Always INR. */
  currency: 'INR';
  /** Prefill: the customer's name. */
  name?: string;
  /** Prefill: the customer's email address. */
  email?: string;
  /** Prefill: the customer's phone number. */
  phone?: string;
  /** Checkout.js `callback_url`, for payment methods that redirect. */
  callbackUrl?: string;
}

/** What the `razorpay` function answers to create-order. */
export interface PaymentOrder {
  /** Razorpay's public key id for the checkout. */
  keyId: string;
  /** Razorpay's order id. */
  orderId: string;
  /** The amount in paise. */
  amountPaise: number;
  /** The currency (INR). */
  currency: string;
  /** The order's notes: who buys which plan. */
  notes: { userId: string; planType: PlanId };
}

/** What Checkout.js hands to its `handler` after a successful payment. */
export interface RazorpayPaymentResponse {
  /** The payment's id. */
  razorpay_payment_id: string;
  /** The order's id. */
  razorpay_order_id: string;
  /** HMAC-SHA256 of `order_id|payment_id`, checked by the server. */
  razorpay_signature: string;
}

/** What the server answers to a verified payment. */
export interface VerifiedPayment {
  /** ISO time until which the subscription now runs. */
  endDate?: string;
  /** True when this payment had been verified before (nothing was extended twice). */
  alreadyVerified?: boolean;
}

/** What the app asks the server to cancel. */
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
  /** Creates a Razorpay order for a plan. */
  createOrder(request: CreateOrderRequest, session: BillingSession): Promise<PaymentOrder>;
  /** Verifies a payment's signature and extends the subscription. */
  verifyPayment(response: RazorpayPaymentResponse, session: BillingSession): Promise<VerifiedPayment>;
  /** Cancels the subscription (access lasts to the end of the paid period). */
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

/** A payments call that failed; `kind` says how (see {@link PaymentsErrorKind}). */
export class PaymentsError extends Error {
  /** Always 'PaymentsError'. */
  override readonly name = 'PaymentsError';
  /** How the call failed. */
  readonly kind: PaymentsErrorKind;
  /** The HTTP status of the answer, when there was one. */
  readonly status?: number;
  constructor(kind: PaymentsErrorKind, message: string, status?: number) {
    super(message);
    this.kind = kind;
    this.status = status;
  }
}

/** Options the machine hands to a checkout adapter. Field names follow Checkout.js. */
export interface CheckoutOptions {
  /** Razorpay's public key id. */
  key: string;
  /** In paise. */
  amount: number;
  /** The currency (INR). */
  currency: string;
  /** The merchant name at the top of the checkout. */
  name: string;
  /** The plan's description. */
  description: string;
  /** Razorpay's order id. */
  order_id: string;
  /** The customer's details, to prefill the form. */
  prefill: { name: string; email: string; contact: string };
  /** The order's notes. */
  notes: Record<string, string>;
  /** The checkout's brand colour. */
  theme: { color: string };
}

/** Checkout.js's `payment.failed` payload (`response.error`). */
export interface CheckoutFailure {
  /** Razorpay's error code. */
  code?: string;
  /** What went wrong, in Razorpay's words. */
  description?: string;
  /** Where it went wrong (customer, bank, …). */
  source?: string;
  /** The payment step that failed. */
  step?: string;
  /** Razorpay's reason code. */
  reason?: string;
  /** The order and payment ids. */
  metadata?: { order_id?: string; payment_id?: string };
}

/** What the payment window reports back. */
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
