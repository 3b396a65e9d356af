import type {
  CheckoutCallbacks,
  CheckoutFailure,
  CheckoutOptions,
  CheckoutPort,
  RazorpayPaymentResponse,
} from '../ports.ts';

/** Razorpay's Checkout.js, loaded on demand. */
export const RAZORPAY_CHECKOUT_URL = 'https://checkout.razorpay.com/v1/checkout.js';

/** The options `new Razorpay(…)` takes, as far as Bahi uses them. */
export interface RazorpayOptions extends CheckoutOptions {
  /** Called with the payment's ids and signature after a successful payment. */
  handler(response: RazorpayPaymentResponse): void;
  /** `ondismiss`: the user closed the modal. */
  modal: { ondismiss(): void };
}

/** An instance of Checkout.js's `Razorpay`, as far as the adapter uses it. */
export interface RazorpayInstance {
  /** Opens the modal. */
  open(): void;
  /** Closes the modal (newer Checkout.js versions). */
  close?(): void;
  /** Listens to a failed payment attempt. */
  on(event: 'payment.failed', callback: (response: { error: CheckoutFailure }) => void): void;
}

/** Checkout.js's `Razorpay` class. */
export type RazorpayConstructor = new (options: RazorpayOptions) => RazorpayInstance;

/** The parts of the DOM the adapter touches (the real `document` in a browser; a fake in tests). */
export interface ScriptHost {
  createElement(tag: 'script'): HTMLScriptElement;
  head: { appendChild(node: HTMLScriptElement): unknown };
}

/** Options of {@link createRazorpayCheckout}; every one has a default. */
export interface RazorpayCheckoutOptions {
  /** Default {@link RAZORPAY_CHECKOUT_URL}. */
  scriptUrl?: string;
  /** Default `globalThis.document`. */
  document?: ScriptHost;
  /** Where Checkout.js puts `Razorpay`; default `globalThis`. */
  global?: { Razorpay?: RazorpayConstructor };
  /** Give up loading the script after this many ms; default 20 000. */
  loadTimeoutMs?: number;
}

/**
 * The checkout port on Razorpay's Checkout.js. `load()` injects the script once (a failed load may be retried);
 * `open()` opens Razorpay's modal with `handler`, `modal.ondismiss` and `payment.failed` wired to the callbacks.
 */
export function createRazorpayCheckout(options: RazorpayCheckoutOptions = {}): CheckoutPort {
  const scriptUrl = options.scriptUrl ?? RAZORPAY_CHECKOUT_URL;
  const host = () => options.global ?? (globalThis as { Razorpay?: RazorpayConstructor });
  const timeoutMs = options.loadTimeoutMs ?? 20_000;
  let loading: Promise<void> | null = null;

  function inject(): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const doc = options.document ?? (globalThis as { document?: ScriptHost }).document;
      if (!doc) {
        reject(new Error('Razorpay Checkout needs a browser document'));
        return;
      }
      const script = doc.createElement('script');
      const timer = setTimeout(() => {
        script.remove?.();
        reject(new Error(`Timed out loading ${scriptUrl}`));
      }, timeoutMs);
      script.src = scriptUrl;
      script.async = true;
      script.onload = () => {
        clearTimeout(timer);
        if (host().Razorpay) resolve();
        else reject(new Error(`${scriptUrl} loaded but did not define Razorpay`));
      };
      script.onerror = () => {
        clearTimeout(timer);
        script.remove?.();
        reject(new Error(`Failed to load ${scriptUrl}`));
      };
      doc.head.appendChild(script);
    });
  }

  return {
    load() {
      if (host().Razorpay) return Promise.resolve();
      loading ??= inject().catch((error: unknown) => {
        loading = null; // let the next attempt try again
        throw error;
      });
      return loading;
    },

    open(checkout: CheckoutOptions, callbacks: CheckoutCallbacks) {
      const Razorpay = host().Razorpay;
      if (!Razorpay) {
        callbacks.onUnavailable();
        return () => {};
      }
      let settled = false;
      let rzp: RazorpayInstance;
      try {
        rzp = new Razorpay({
          ...checkout,
          handler: (response) => {
            settled = true;
            callbacks.onSuccess(response);
          },
          modal: {
            ondismiss: () => {
              if (settled) return;
              settled = true;
              callbacks.onDismiss();
            },
          },
        });
        rzp.on('payment.failed', (response) => callbacks.onFailure(response.error));
        rzp.open();
      } catch {
        callbacks.onUnavailable();
        return () => {};
      }
      return () => {
        if (settled) return;
        settled = true;
        rzp.close?.();
      };
    },
  };
}
