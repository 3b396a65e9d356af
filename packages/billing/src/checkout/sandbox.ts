import type {
  CheckoutCallbacks,
  CheckoutFailure,
  CheckoutOptions,
  CheckoutPort,
  RazorpayPaymentResponse,
} from '../ports.ts';

/** `source` of every message the sandbox checkout page posts (see the package README for the protocol). */
export const SANDBOX_MESSAGE_SOURCE = 'bahi-razorpay-sandbox';
/** `version` of every message the sandbox checkout page posts. */
export const SANDBOX_PROTOCOL_VERSION = 1;
/** Path of the sandbox checkout page under the local stack's API URL. */
export const SANDBOX_CHECKOUT_PATH = '/razorpay-sandbox/checkout';

interface SandboxMessageBase {
  source: typeof SANDBOX_MESSAGE_SOURCE;
  version: typeof SANDBOX_PROTOCOL_VERSION;
  order_id: string;
}

/** What the sandbox page posts to its opener (popup) or parent (iframe). */
export type SandboxMessage =
  | (SandboxMessageBase & { type: 'ready' })
  | (SandboxMessageBase & { type: 'payment.success'; response: RazorpayPaymentResponse })
  | (SandboxMessageBase & { type: 'payment.failed'; error: CheckoutFailure })
  | (SandboxMessageBase & { type: 'dismissed' });

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** The message if `data` is a well-formed sandbox message, else null. */
export function parseSandboxMessage(data: unknown): SandboxMessage | null {
  if (!isRecord(data) || data.source !== SANDBOX_MESSAGE_SOURCE || data.version !== SANDBOX_PROTOCOL_VERSION) {
    return null;
  }
  if (typeof data.order_id !== 'string') return null;
  switch (data.type) {
    case 'ready':
    case 'dismissed':
      return data as unknown as SandboxMessage;
    case 'payment.success': {
      const r = data.response;
      if (
        !isRecord(r) ||
        typeof r.razorpay_payment_id !== 'string' ||
        typeof r.razorpay_order_id !== 'string' ||
        typeof r.razorpay_signature !== 'string'
      ) {
        return null;
      }
      return data as unknown as SandboxMessage;
    }
    case 'payment.failed':
      return isRecord(data.error) ? (data as unknown as SandboxMessage) : null;
    default:
      return null;
  }
}

/** The sandbox page's URL for an order: `<apiUrl>/razorpay-sandbox/checkout?order_id=…&…`. */
export function sandboxCheckoutUrl(apiUrl: string, checkout: CheckoutOptions, parentOrigin: string): string {
  const url = new URL(`${apiUrl.replace(/\/+$/, '')}${SANDBOX_CHECKOUT_PATH}`);
  const params: Record<string, string> = {
    order_id: checkout.order_id,
    key: checkout.key,
    amount: String(checkout.amount),
    currency: checkout.currency,
    name: checkout.name,
    description: checkout.description,
    prefill_name: checkout.prefill.name,
    prefill_email: checkout.prefill.email,
    prefill_contact: checkout.prefill.contact,
    notes: JSON.stringify(checkout.notes),
    theme_color: checkout.theme.color,
    origin: parentOrigin,
  };
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return url.toString();
}

/** Options of {@link createSandboxCheckout}. */
export interface SandboxCheckoutOptions {
  /** The local stack's API URL, e.g. http://127.0.0.1:54321 */
  apiUrl: string;
  /** 'iframe' (default): a full-window overlay like Razorpay's modal; 'popup': a new window. */
  mode?: 'iframe' | 'popup';
  /** Default `globalThis.window`. */
  window?: Window;
  /** How often a popup is checked for having been closed by the user; default 500 ms. */
  popupPollMs?: number;
}

/**
 * The checkout port on the local stack's sandbox checkout page. It opens the page in an iframe overlay or a popup
 * and takes the result from `postMessage`, accepting only messages from the API URL's origin, from the window it
 * opened, about the order it opened.
 */
export function createSandboxCheckout(options: SandboxCheckoutOptions): CheckoutPort {
  const sandboxOrigin = new URL(options.apiUrl).origin;
  const win = () => options.window ?? (globalThis as { window?: Window }).window;

  return {
    async load() {
      if (!win()) throw new Error('The sandbox checkout needs a browser window');
    },

    open(checkout: CheckoutOptions, callbacks: CheckoutCallbacks) {
      const w = win();
      if (!w) {
        callbacks.onUnavailable();
        return () => {};
      }
      const url = sandboxCheckoutUrl(options.apiUrl, checkout, w.location.origin);
      let settled = false;
      let frame: HTMLIFrameElement | null = null;
      let popup: Window | null = null;
      let poll: ReturnType<typeof setInterval> | undefined;

      const cleanup = () => {
        w.removeEventListener('message', onMessage);
        if (poll !== undefined) clearInterval(poll);
        frame?.remove();
        frame = null;
        if (popup && !popup.closed) popup.close();
        popup = null;
      };
      const settle = (then: () => void) => {
        if (settled) return;
        settled = true;
        cleanup();
        then();
      };
      function onMessage(event: MessageEvent) {
        if (event.origin !== sandboxOrigin) return;
        const from = frame?.contentWindow ?? popup;
        if (from && event.source && event.source !== from) return;
        const message = parseSandboxMessage(event.data);
        if (!message || message.order_id !== checkout.order_id) return;
        if (message.type === 'payment.success') {
          const response = message.response;
          settle(() => callbacks.onSuccess(response));
        } else if (message.type === 'payment.failed') callbacks.onFailure(message.error);
        else if (message.type === 'dismissed') settle(() => callbacks.onDismiss());
      }
      w.addEventListener('message', onMessage);

      if ((options.mode ?? 'iframe') === 'popup') {
        popup = w.open(url, SANDBOX_MESSAGE_SOURCE, 'popup,width=480,height=720');
        if (!popup) {
          settle(() => callbacks.onUnavailable());
          return () => {};
        }
        poll = setInterval(() => {
          if (popup?.closed) settle(() => callbacks.onDismiss());
        }, options.popupPollMs ?? 500);
      } else {
        frame = w.document.createElement('iframe');
        frame.src = url;
        frame.title = 'Sandbox checkout';
        frame.setAttribute('data-slot', 'sandbox-checkout');
        frame.setAttribute('allow', 'payment');
        frame.style.cssText =
          'position:fixed;inset:0;width:100%;height:100%;border:0;z-index:2147483647;background:transparent';
        w.document.body.appendChild(frame);
      }
      return () => {
        if (settled) return;
        settled = true;
        cleanup();
      };
    },
  };
}
