// The ports the handler works through. index.ts wires the real ones (supabase-adapters.ts, razorpay-api.ts);
// the tests use in-memory fakes.

import type { PlanId } from './plans.ts';

export interface Caller {
  id: string;
  email?: string;
}

/** Resolves a bearer token to the signed-in user. */
export interface AuthPort {
  /** The user, or null when the token is invalid or expired. Throws when the check itself could not be made. */
  getUser(token: string): Promise<Caller | null>;
}

export type OrderStatus = 'created' | 'paid' | 'failed';
export type PaymentStatus = 'authorized' | 'captured' | 'failed' | 'refunded';
export type SubscriptionStatus = 'active' | 'cancelled' | 'expired' | 'pending';

/** A row of public.payment_orders. */
export interface OrderRow {
  id: string;
  user_id: string;
  razorpay_order_id: string;
  plan: PlanId;
  amount_paise: number;
  currency: string;
  status: OrderStatus;
  receipt: string | null;
}

/** A row of public.payments. */
export interface PaymentRow {
  id: string;
  razorpay_payment_id: string;
  order_id: string;
  user_id: string;
  amount_paise: number;
  currency: string;
  status: PaymentStatus;
  signature_verified_at: string | null;
  raw: unknown;
}

/** A row of public.subscriptions. */
export interface SubscriptionRow {
  id: string;
  user_id: string;
  /** Cancelling keeps 'active' (and sets cancelled_at); access ends when end_date passes. */
  status: SubscriptionStatus;
  plan: PlanId;
  provider: string;
  provider_subscription_id: string | null;
  created_at: string;
  end_date: string;
  /** When the user cancelled (access still lasts until end_date); null when not cancelled. */
  cancelled_at: string | null;
}

/** What `public.record_verified_payment` is asked to record. */
export interface RecordPayment {
  /** payment_orders.id (not the Razorpay order id). */
  orderId: string;
  razorpayPaymentId: string;
  amountPaise: number;
  /** 'authorized' from verify-payment, 'captured' from the webhook. */
  status: Extract<PaymentStatus, 'authorized' | 'captured'>;
  /** True when the checkout signature was checked (verify-payment). */
  signatureVerified: boolean;
  raw: unknown;
}

/**
 * - activated: the payment was new; recorded, order paid, subscription created or extended.
 * - already_recorded: recorded before (a replay, or the other of verify-payment and the webhook); nothing extended.
 * - order_not_found, payment_used (belongs to another order), order_paid (paid with another payment),
 *   order_closed, amount_mismatch: nothing written.
 */
export type ActivationOutcome =
  | 'activated'
  | 'already_recorded'
  | 'order_not_found'
  | 'payment_used'
  | 'order_paid'
  | 'order_closed'
  | 'amount_mismatch';

export interface ActivationResult {
  outcome: ActivationOutcome;
  /** The subscription now (activated), the user's running one (already_recorded), else null. */
  subscription: SubscriptionRow | null;
}

/**
 * - cancelled: cancelled_at set now (status stays active, end_date unchanged).
 * - already_cancelled: cancelled before, nothing changed (idempotent).
 * - not_found, not_yours (another user's: nothing changed), not_active (ended or not active).
 */
export type CancelOutcome = 'cancelled' | 'already_cancelled' | 'not_found' | 'not_yours' | 'not_active';

export interface CancelResult {
  outcome: CancelOutcome;
  subscription: SubscriptionRow | null;
}

/**
 * The billing tables, with the service role (RLS does not apply). Recording a payment and cancelling are each one
 * database transaction (the SQL functions of supabase/migrations/20261121100000_billing_activation.sql), so nothing
 * is extended twice and nothing is half-written.
 */
export interface BillingStore {
  insertOrder(row: Omit<OrderRow, 'id'>): Promise<OrderRow>;
  findOrder(razorpayOrderId: string): Promise<OrderRow | null>;
  /** `public.record_verified_payment`. */
  recordPayment(payment: RecordPayment): Promise<ActivationResult>;
  /**
   * `public.cancel_subscription`: the subscription with this provider id, or without one the user's running
   * subscription (active, end_date in the future).
   */
  cancelSubscription(userId: string, providerSubscriptionId?: string): Promise<CancelResult>;
}

/** Razorpay's order entity (the fields the function uses). */
export interface RazorpayOrder {
  id: string;
  entity: 'order';
  amount: number;
  currency: string;
  receipt: string | null;
  status: string;
  notes: Record<string, string> | unknown[];
}

export interface CreateRazorpayOrder {
  /** Paise. */
  amount: number;
  currency: 'INR';
  receipt: string;
  notes: Record<string, string>;
}

/** Razorpay's Orders API. Throws {@link RazorpayApiError}. */
export interface RazorpayOrdersPort {
  createOrder(body: CreateRazorpayOrder): Promise<RazorpayOrder>;
}

export class RazorpayApiError extends Error {
  constructor(
    message: string,
    readonly status?: number,
    readonly code?: string,
  ) {
    super(message);
    this.name = 'RazorpayApiError';
  }
}

export interface RazorpaySecrets {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
}

export interface HandlerDeps {
  auth: AuthPort;
  store: BillingStore;
  razorpay: RazorpayOrdersPort;
  secrets: RazorpaySecrets;
  /** Default `() => new Date()`. */
  clock?: () => Date;
  /** Server-side log of unexpected failures; default console.error. */
  log?: (message: string, detail?: unknown) => void;
}
