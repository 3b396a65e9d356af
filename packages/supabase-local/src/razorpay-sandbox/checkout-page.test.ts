import {
  BRAND_COLOR as BILLING_BRAND_COLOR,
  SANDBOX_MESSAGE_SOURCE as BILLING_SOURCE,
  SANDBOX_PROTOCOL_VERSION as BILLING_VERSION,
  parseSandboxMessage,
  SANDBOX_CHECKOUT_PATH,
  sandboxCheckoutUrl,
} from '@bahi/billing';
import { Window } from 'happy-dom';
import { afterEach, describe, expect, it } from 'vitest';
import type { ServiceContext } from '../types.ts';
import {
  accentColor,
  BRAND_COLOR,
  contrastRatio,
  createRazorpaySandbox,
  formatRupees,
  LOCAL_RAZORPAY_KEY_ID,
  LOCAL_RAZORPAY_KEY_SECRET,
  PALETTE,
  RAZORPAY_SANDBOX_PATH,
  SANDBOX_MESSAGE_SOURCE,
  SANDBOX_PROTOCOL_VERSION,
} from './index.ts';

const API = 'http://127.0.0.1:54321';
const APP = 'http://localhost:5173';
const ctx = { apiUrl: API } as ServiceContext;
//   printf '%s' 'order_SANDBOX0000001|pay_SANDBOX0000001' \
//     | openssl dgst -sha256 -hmac 'bahi_local_sandbox_key_secret_not_for_production'
const SIGNATURE = '0e4e9ebb424a07cae13db93644069140294d5270e9c8f01839fc10103ea5d255';

async function withOrder() {
  let n = 0;
  const sandbox = createRazorpaySandbox({
    keyId: LOCAL_RAZORPAY_KEY_ID,
    keySecret: LOCAL_RAZORPAY_KEY_SECRET,
    newId: (prefix) => `${prefix}_SANDBOX${String(prefix === 'order' ? 1 : ++n).padStart(7, '0')}`,
    log: () => {},
  });
  const created = await sandbox.handle(
    new Request(`${API}/razorpay-sandbox/v1/orders`, {
      method: 'POST',
      headers: { Authorization: `Basic ${btoa(`${LOCAL_RAZORPAY_KEY_ID}:${LOCAL_RAZORPAY_KEY_SECRET}`)}` },
      body: JSON.stringify({ amount: 36_000, currency: 'INR', receipt: 'r1', notes: { planType: 'monthly' } }),
    }),
    ctx,
  );
  const order = (await created.json()) as { id: string };
  // The URL exactly as @bahi/billing's sandbox adapter builds it.
  const url = sandboxCheckoutUrl(
    API,
    {
      key: LOCAL_RAZORPAY_KEY_ID,
      amount: 36_000,
      currency: 'INR',
      name: 'Bahi',
      description: 'Monthly: Billed monthly',
      order_id: order.id,
      prefill: { name: 'Asha Rao', email: 'asha@example.in', contact: '+919876543210' },
      notes: { userId: 'u1', planType: 'monthly' },
      theme: { color: '#6366F1' },
    },
    APP,
  );
  return { sandbox, url, orderId: order.id };
}

describe('the protocol is @bahi/billing’s', () => {
  it('uses the same source, version, path and brand colour', () => {
    expect(SANDBOX_MESSAGE_SOURCE).toBe(BILLING_SOURCE);
    expect(SANDBOX_PROTOCOL_VERSION).toBe(BILLING_VERSION);
    expect(`${RAZORPAY_SANDBOX_PATH}/checkout`).toBe(SANDBOX_CHECKOUT_PATH);
    expect(BRAND_COLOR).toBe(BILLING_BRAND_COLOR);
  });
});

describe('formatRupees: ₹ with Indian grouping', () => {
  it.each<[number, string]>([
    [36_000, '₹360'],
    [324_000, '₹3,240'],
    [50, '₹0.50'],
    [100, '₹1'],
    [12_345_678_9, '₹12,34,567.89'],
    [10_000_000_000, '₹10,00,00,000'],
  ])('%d paise → %s', (paise, text) => {
    expect(formatRupees(paise)).toBe(text);
  });
});

describe('colours', () => {
  // Worked by hand with WCAG 2's relative luminance: #4F46E5 ≈ 0.117, #6366F1 ≈ 0.185, #B91C1C ≈ 0.112,
  // #047857 ≈ 0.142, white = 1: ratio = (L1 + 0.05) / (L2 + 0.05).
  it('keeps every text colour at AA (4.5:1) or better', () => {
    expect(contrastRatio(PALETTE.onPrimary, PALETTE.primary)).toBeCloseTo(6.29, 1);
    expect(contrastRatio(PALETTE.error, PALETTE.surface)).toBeCloseTo(6.47, 1);
    expect(contrastRatio(PALETTE.success, PALETTE.surface)).toBeCloseTo(5.48, 1);
    for (const [fg, bg] of [
      [PALETTE.text, PALETTE.surface],
      [PALETTE.muted, PALETTE.surface],
      [PALETTE.badgeText, PALETTE.badgeBackground],
    ] as const) {
      expect(contrastRatio(fg, bg)).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('uses the brand colour for accents only: white on #6366F1 is 4.47:1, short of AA for text', () => {
    expect(contrastRatio('#FFFFFF', BRAND_COLOR)).toBeCloseTo(4.47, 1);
    expect(accentColor('#6366F1')).toBe('#6366F1');
    expect(accentColor('#FDE68A')).toBe(BRAND_COLOR); // too pale for a focus ring on white
    expect(accentColor('red; background:url(x)')).toBe(BRAND_COLOR);
  });
});

describe('GET /checkout', () => {
  it('serves a payment window with labelled controls, the amount in ₹ and the merchant', async () => {
    const { sandbox, url, orderId } = await withOrder();
    const response = await sandbox.handle(new Request(url), ctx);
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toBe('text/html; charset=utf-8');
    const csp = response.headers.get('Content-Security-Policy') ?? '';
    expect(csp).toContain(`frame-ancestors ${APP}`);
    expect(csp).toContain("default-src 'none'");
    const html = await response.text();

    const window = new Window({ url, settings: { disableJavaScriptEvaluation: true } });
    window.document.write(html);
    const doc = window.document;
    expect(doc.documentElement.getAttribute('lang')).toBe('en');
    const dialog = doc.querySelector('[role="dialog"]');
    expect(dialog?.getAttribute('aria-modal')).toBe('true');
    expect(doc.getElementById(dialog?.getAttribute('aria-labelledby') ?? '')?.textContent).toBe('Bahi');
    expect(doc.getElementById('checkout-amount')?.textContent).toBe('Amount to pay: ₹360');
    expect(doc.body.textContent).toContain(orderId);
    expect(doc.body.textContent).toContain('Monthly: Billed monthly');
    expect(doc.body.textContent).toContain('asha@example.in');

    const buttons = [...doc.querySelectorAll('button')].map((b) => ({
      name: b.getAttribute('aria-label') ?? b.textContent?.trim(),
      type: b.getAttribute('type'),
    }));
    expect(buttons).toEqual([
      { name: 'Close the payment window', type: 'button' },
      { name: 'Pay ₹360', type: 'submit' },
      { name: 'Simulate a failed payment', type: 'button' },
    ]);
    const input = doc.getElementById('checkout-vpa');
    expect(doc.querySelector(`label[for="checkout-vpa"]`)?.textContent).toBe('UPI ID');
    expect(input?.getAttribute('value')).toBe('success@razorpay');
    expect(doc.querySelector('[role="status"]')?.getAttribute('aria-live')).toBe('polite');
    await window.happyDOM.close();
  });

  it('escapes what the app sends', async () => {
    const { sandbox, url } = await withOrder();
    const hostile = new URL(url);
    hostile.searchParams.set('name', '<img src=x onerror=alert(1)>');
    hostile.searchParams.set('prefill_email', '</script><script>alert(1)</script>');
    const html = await (await sandbox.handle(new Request(hostile), ctx)).text();
    expect(html).not.toContain('<img src=x');
    expect(html).not.toContain('</script><script>alert(1)');
    expect(html).toContain('&#60;img src=x onerror=alert(1)&#62;');
  });

  it.each<[string, (u: URL) => void]>([
    ['an unknown order', (u) => u.searchParams.set('order_id', 'order_nope')],
    ['no origin', (u) => u.searchParams.delete('origin')],
    ['an origin with a path', (u) => u.searchParams.set('origin', 'http://localhost:5173/app')],
    ['a javascript: origin', (u) => u.searchParams.set('origin', 'javascript:alert(1)')],
    ['another key', (u) => u.searchParams.set('key', 'rzp_test_other')],
  ])('answers 400 with an explanation, and no script, for %s', async (_name, change) => {
    const { sandbox, url } = await withOrder();
    const broken = new URL(url);
    change(broken);
    const response = await sandbox.handle(new Request(broken), ctx);
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain('role="alert"');
    expect(html).not.toContain('<script');
  });
});

describe('the page in a browser window (happy-dom)', () => {
  const windows: Window[] = [];
  afterEach(async () => {
    for (const w of windows.splice(0)) await w.happyDOM.close();
  });

  /** Opens the page as a popup would be: `window.opener` records what the page posts. */
  async function open() {
    const { sandbox, url, orderId } = await withOrder();
    const html = await (await sandbox.handle(new Request(url), ctx)).text();
    const posted: Array<{ message: unknown; targetOrigin: string }> = [];
    const window = new Window({
      url,
      settings: { enableJavaScriptEvaluation: true, suppressInsecureJavaScriptEnvironmentWarning: true },
    });
    windows.push(window);
    Object.defineProperty(window, 'opener', {
      value: { postMessage: (message: unknown, targetOrigin: string) => posted.push({ message, targetOrigin }) },
    });
    // The page's fetch goes straight to the sandbox handler.
    const pageFetch = async (input: string | URL | Request, init?: RequestInit) =>
      sandbox.handle(new Request(new URL(String(input), url), init), ctx);
    (window as unknown as { fetch: typeof pageFetch }).fetch = pageFetch;
    window.document.write(html);
    await window.happyDOM.waitUntilComplete();
    const settle = async () => {
      for (let i = 0; i < 20; i++) await new Promise((r) => setTimeout(r, 0));
      await window.happyDOM.waitUntilComplete();
    };
    return { window, doc: window.document, posted, sandbox, orderId, settle };
  }

  it('posts ready to the opener, only to the app origin, and focuses the pay button', async () => {
    const { doc, posted, orderId } = await open();
    expect(posted).toEqual([
      { message: { source: 'bahi-razorpay-sandbox', version: 1, order_id: orderId, type: 'ready' }, targetOrigin: APP },
    ]);
    expect(parseSandboxMessage(posted[0]?.message)).not.toBeNull();
    expect(doc.activeElement?.id).toBe('checkout-pay');
  });

  it('pays: posts payment.success with the signed response, accepted by @bahi/billing', async () => {
    const { doc, posted, orderId, settle, sandbox } = await open();
    (doc.getElementById('checkout-pay') as unknown as { click(): void }).click();
    await settle();
    const last = posted.at(-1);
    expect(last?.targetOrigin).toBe(APP);
    expect(last?.message).toEqual({
      source: 'bahi-razorpay-sandbox',
      version: 1,
      order_id: orderId,
      type: 'payment.success',
      response: {
        razorpay_payment_id: 'pay_SANDBOX0000001',
        razorpay_order_id: 'order_SANDBOX0000001',
        razorpay_signature: SIGNATURE,
      },
    });
    expect(parseSandboxMessage(last?.message)?.type).toBe('payment.success');
    expect(doc.getElementById('checkout-status')?.textContent).toBe('Payment successful. Returning to Bahi…');
    expect(sandbox.orders.get(orderId)?.status).toBe('paid');
  });

  it('fails on request: posts payment.failed and stays open for another try', async () => {
    const { doc, posted, orderId, settle } = await open();
    (doc.getElementById('checkout-fail') as unknown as { click(): void }).click();
    await settle();
    expect(posted.at(-1)?.message).toEqual({
      source: 'bahi-razorpay-sandbox',
      version: 1,
      order_id: orderId,
      type: 'payment.failed',
      error: {
        code: 'BAD_REQUEST_ERROR',
        description: 'Payment failed',
        source: 'customer',
        step: 'payment_authorization',
        reason: 'payment_failed',
        metadata: { order_id: orderId, payment_id: 'pay_SANDBOX0000001' },
      },
    });
    expect(parseSandboxMessage(posted.at(-1)?.message)?.type).toBe('payment.failed');
    expect(doc.getElementById('checkout-status')?.getAttribute('data-tone')).toBe('error');
    expect((doc.getElementById('checkout-pay') as unknown as { disabled: boolean }).disabled).toBe(false);
  });

  it('fails with the UPI id failure@razorpay too', async () => {
    const { doc, posted, settle } = await open();
    (doc.getElementById('checkout-vpa') as unknown as { value: string }).value = 'failure@razorpay';
    (doc.getElementById('checkout-pay') as unknown as { click(): void }).click();
    await settle();
    expect(parseSandboxMessage(posted.at(-1)?.message)?.type).toBe('payment.failed');
  });

  it.each([
    [
      'the close button',
      (doc: Window['document']) => (doc.getElementById('checkout-dismiss') as unknown as { click(): void }).click(),
    ],
    [
      'the Escape key',
      (doc: Window['document']) =>
        doc.dispatchEvent(new doc.defaultView!.KeyboardEvent('keydown', { key: 'Escape', bubbles: true })),
    ],
  ])('dismisses with %s: posts dismissed once', async (_name, act) => {
    const { doc, posted, orderId, settle } = await open();
    act(doc);
    act(doc);
    await settle();
    const dismissed = posted.filter((p) => (p.message as { type: string }).type === 'dismissed');
    expect(dismissed).toEqual([
      {
        message: { source: 'bahi-razorpay-sandbox', version: 1, order_id: orderId, type: 'dismissed' },
        targetOrigin: APP,
      },
    ]);
  });
});
