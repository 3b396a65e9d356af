// The Razorpay sandbox of the local stack (see README.md). Mount `handle` under RAZORPAY_SANDBOX_PATH and give the
// razorpay function `secrets` (or `secretsFor(apiUrl)`).
export {
  accentColor,
  BRAND_COLOR,
  contrastRatio,
  formatRupees,
  PALETTE,
  SANDBOX_MESSAGE_SOURCE,
  SANDBOX_PROTOCOL_VERSION,
} from './checkout-page.ts';
export {
  createRazorpaySandbox,
  hmacHex,
  LOCAL_RAZORPAY_KEY_ID,
  LOCAL_RAZORPAY_KEY_SECRET,
  LOCAL_RAZORPAY_WEBHOOK_PATH,
  LOCAL_RAZORPAY_WEBHOOK_SECRET,
  RAZORPAY_SANDBOX_PATH,
  type RazorpaySandbox,
  type RazorpaySandboxOptions,
  type SandboxOrder,
  type SandboxPayment,
  type WebhookDelivery,
} from './sandbox.ts';
