import { createContext, type ReactNode, useContext, useEffect, useMemo, useRef } from 'react';
import type { Notification } from '../payment-machine.ts';
import type { CheckoutPort, PaymentsPort } from '../ports.ts';

/** What the billing hooks need: the two ports and, optionally, how to reload and how to toast. */
export interface BillingDeps {
  /** The server side of payments. */
  payments: PaymentsPort;
  /** The payment window. */
  checkout: CheckoutPort;
  /** Default `location.reload()` (1.5 s after 'Payment successful!'). */
  reload?: () => void;
  /** Toasts for success, cancel and failure messages. */
  notify?: (notification: Notification) => void;
}

const BillingContext = createContext<BillingDeps | null>(null);

/**
 * Provides the ports to the billing hooks. `reload` and `notify` may be inline functions: the latest ones are
 * called, without restarting a flow under way. New `payments` or `checkout` objects make new flows.
 */
export function BillingProvider({
  children,
  payments,
  checkout,
  reload,
  notify,
}: BillingDeps & { children: ReactNode }) {
  const latest = useRef({ reload, notify });
  useEffect(() => {
    latest.current = { reload, notify };
  });
  const value = useMemo<BillingDeps>(
    () => ({
      payments,
      checkout,
      reload: () => {
        if (latest.current.reload) latest.current.reload();
        else globalThis.location?.reload();
      },
      notify: (notification) => latest.current.notify?.(notification),
    }),
    [payments, checkout],
  );
  return <BillingContext.Provider value={value}>{children}</BillingContext.Provider>;
}

/** The provider's ports; throws outside `BillingProvider`. */
export function useBillingDeps(): BillingDeps {
  const deps = useContext(BillingContext);
  if (!deps) throw new Error('Billing hooks need a <BillingProvider payments={…} checkout={…}> above them');
  return deps;
}
