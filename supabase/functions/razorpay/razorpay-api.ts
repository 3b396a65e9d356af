import { type CreateRazorpayOrder, RazorpayApiError, type RazorpayOrder, type RazorpayOrdersPort } from './types.ts';

export interface RazorpayClientOptions {
  /** Default https://api.razorpay.com (the local stack points it at its sandbox). */
  apiBase?: string;
  keyId: string;
  keySecret: string;
  fetch?: typeof fetch;
}

/** Razorpay's Orders API over fetch: `POST {apiBase}/v1/orders` with HTTP Basic key_id:key_secret. */
export function createRazorpayOrdersClient(options: RazorpayClientOptions): RazorpayOrdersPort {
  const base = (options.apiBase || 'https://api.razorpay.com').replace(/\/+$/, '');
  const doFetch = options.fetch ?? fetch;
  const authorization = `Basic ${btoa(`${options.keyId}:${options.keySecret}`)}`;
  return {
    async createOrder(body: CreateRazorpayOrder): Promise<RazorpayOrder> {
      let response: Response;
      try {
        response = await doFetch(`${base}/v1/orders`, {
          method: 'POST',
          headers: { Authorization: authorization, 'Content-Type': 'application/json' },
          body: JSON.stringify(body),
        });
      } catch (error) {
        throw new RazorpayApiError(
          `Could not reach Razorpay: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
      const data = (await response.json().catch(() => null)) as
        | (Partial<RazorpayOrder> & { error?: { code?: string; description?: string } })
        | null;
      if (!response.ok) {
        throw new RazorpayApiError(
          data?.error?.description ?? `Razorpay answered ${response.status}`,
          response.status,
          data?.error?.code,
        );
      }
      if (!data || typeof data.id !== 'string' || !data.id.startsWith('order_')) {
        throw new RazorpayApiError('Razorpay answered without an order id', response.status);
      }
      return data as RazorpayOrder;
    },
  };
}
