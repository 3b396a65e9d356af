// The sandbox's payment window: a page that looks like Razorpay's checkout modal and speaks the postMessage
// protocol of @bahi/billing's sandbox checkout adapter (packages/billing/src/checkout/sandbox.ts, README
// "The sandbox checkout"). The protocol constants are repeated here so that the local stack does not depend on
// the billing package; razorpay-sandbox.test.ts checks them against @bahi/billing.
import { randomBytes } from 'node:crypto';

export const SANDBOX_MESSAGE_SOURCE = 'bahi-razorpay-sandbox';
export const SANDBOX_PROTOCOL_VERSION = 1;
export const BRAND_COLOR = '#6366F1';

/** Colours of the page. Text colours reach WCAG AA (4.5:1) on their backgrounds; see the test. */
export const PALETTE = {
  text: '#111827',
  muted: '#4B5563',
  surface: '#FFFFFF',
  /** The pay button: white on indigo-600 (6.3:1); the brand colour itself gives white text only 4.47:1. */
  primary: '#4F46E5',
  onPrimary: '#FFFFFF',
  error: '#B91C1C',
  success: '#047857',
  badgeBackground: '#FEF3C7',
  badgeText: '#92400E',
} as const;

export interface CheckoutPageModel {
  orderId: string;
  keyId: string;
  amountPaise: number;
  currency: string;
  paid: boolean;
  merchantName: string;
  description: string;
  prefill: { name: string; email: string; contact: string };
  notes: Record<string, unknown>;
  /** The app's theme.color; used for accents only when it is a #RRGGBB with at least 3:1 against white. */
  themeColor: string;
  /** The app's origin: the only target of postMessage. */
  origin: string;
  /** Same-origin path of the pay endpoint. */
  payUrl: string;
}

/** ₹ with Indian digit grouping (₹12,34,567); paise shown only when non-zero (₹0.50, ₹360). */
export function formatRupees(paise: number): string {
  const sign = paise < 0 ? '-' : '';
  const abs = Math.abs(Math.round(paise));
  const rupees = String(Math.floor(abs / 100));
  const rest = abs % 100;
  const last3 = rupees.slice(-3);
  const head = rupees.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ',');
  const grouped = head ? `${head},${last3}` : last3;
  return `${sign}₹${grouped}${rest ? `.${String(rest).padStart(2, '0')}` : ''}`;
}

function channel(hex: string, at: number): number {
  const c = Number.parseInt(hex.slice(at, at + 2), 16) / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** WCAG 2 contrast ratio of two #RRGGBB colours. */
export function contrastRatio(a: string, b: string): number {
  const luminance = (hex: string) => 0.2126 * channel(hex, 1) + 0.7152 * channel(hex, 3) + 0.0722 * channel(hex, 5);
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** The accent (top border, focus ring): the app's colour when it is visible enough on white, else the brand's. */
export function accentColor(themeColor: string): string {
  return /^#[0-9A-Fa-f]{6}$/.test(themeColor) && contrastRatio(themeColor, '#FFFFFF') >= 3 ? themeColor : BRAND_COLOR;
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** JSON that is safe inside a <script> element. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

// The page's behaviour, plain ES2017 so that it runs as written in any browser.
const PAGE_SCRIPT = `(function () {
  'use strict';
  var config = JSON.parse(document.getElementById('checkout-config').textContent);
  // A popup posts to its opener, an iframe to its parent; opened on its own, the page only shows the result.
  var target = window.opener || (window.parent !== window ? window.parent : null);
  var finished = false;
  function post(type, extra) {
    var message = { source: '${SANDBOX_MESSAGE_SOURCE}', version: ${SANDBOX_PROTOCOL_VERSION}, order_id: config.order_id, type: type };
    if (extra) for (var key in extra) message[key] = extra[key];
    if (target) target.postMessage(message, config.origin);
  }
  var form = document.getElementById('checkout-form');
  var vpa = document.getElementById('checkout-vpa');
  var status = document.getElementById('checkout-status');
  var actions = document.querySelectorAll('button[data-action]');
  function say(text, tone) {
    status.textContent = text;
    status.setAttribute('data-tone', tone);
  }
  function busy(on) {
    for (var i = 0; i < actions.length; i++) {
      if (actions[i].getAttribute('data-action') !== 'dismiss') actions[i].disabled = on || config.paid;
    }
    form.setAttribute('aria-busy', on ? 'true' : 'false');
  }
  function pay(address) {
    if (finished || config.paid) return Promise.resolve();
    busy(true);
    say('Processing payment…', 'info');
    return fetch(config.pay_url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        order_id: config.order_id,
        key: config.key,
        vpa: address,
        email: config.prefill.email,
        contact: config.prefill.contact
      })
    }).then(function (response) {
      return response.json().then(function (body) {
        if (response.ok) {
          finished = true;
          say('Payment successful. Returning to ' + config.merchant + '…', 'success');
          post('payment.success', { response: {
            razorpay_payment_id: body.razorpay_payment_id,
            razorpay_order_id: body.razorpay_order_id,
            razorpay_signature: body.razorpay_signature
          } });
          return;
        }
        var e = (body && body.error) || {};
        say((e.description || 'Payment failed') + '. Try again, or close this window.', 'error');
        post('payment.failed', { error: {
          code: e.code, description: e.description, source: e.source, step: e.step, reason: e.reason,
          metadata: e.metadata || { order_id: config.order_id }
        } });
        busy(false);
      });
    }).catch(function () {
      say('The sandbox could not be reached. Try again.', 'error');
      busy(false);
    });
  }
  function dismiss() {
    if (finished) return;
    finished = true;
    busy(true);
    say('Payment window closed.', 'info');
    post('dismissed');
  }
  form.addEventListener('submit', function (event) {
    event.preventDefault();
    pay(vpa.value);
  });
  document.getElementById('checkout-fail').addEventListener('click', function () { pay('failure@razorpay'); });
  document.getElementById('checkout-dismiss').addEventListener('click', dismiss);
  document.addEventListener('keydown', function (event) {
    if (event.key === 'Escape') dismiss();
  });
  busy(false);
  post('ready');
  (config.paid ? document.getElementById('checkout-dismiss') : document.getElementById('checkout-pay')).focus();
})();`;

function styles(accent: string): string {
  const p = PALETTE;
  return `
*{box-sizing:border-box}
html,body{margin:0;min-height:100%}
body{font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans",sans-serif;color:${p.text};
  background:rgba(17,24,39,.6);display:flex;align-items:center;justify-content:center;padding:16px}
.card{background:${p.surface};width:100%;max-width:400px;border-radius:12px;border-top:6px solid ${accent};
  box-shadow:0 20px 50px rgba(0,0,0,.3);padding:24px}
header{display:flex;justify-content:space-between;align-items:flex-start;gap:12px}
h1{font-size:1.25rem;margin:0}
.badge{display:inline-block;font-size:.75rem;font-weight:600;padding:2px 8px;border-radius:999px;
  background:${p.badgeBackground};color:${p.badgeText}}
.muted{color:${p.muted};margin:4px 0 0}
.amount{font-size:2rem;font-weight:700;margin:16px 0 4px}
dl{display:grid;grid-template-columns:auto 1fr;gap:4px 12px;margin:12px 0;font-size:.875rem}
dt{color:${p.muted}}dd{margin:0;overflow-wrap:anywhere}
label{display:block;font-weight:600;margin:16px 0 4px}
input{width:100%;font:inherit;padding:10px 12px;border:1px solid #6B7280;border-radius:8px;color:${p.text}}
.hint{font-size:.875rem;color:${p.muted};margin:4px 0 0}
button{font:inherit;font-weight:600;border-radius:8px;padding:12px 16px;cursor:pointer;width:100%;margin-top:12px}
button:disabled{cursor:not-allowed;opacity:.75}
.pay{background:${p.primary};color:${p.onPrimary};border:0}
.secondary{background:${p.surface};color:${p.text};border:1px solid #6B7280}
.close{width:auto;margin:0;padding:6px 10px;background:${p.surface};color:${p.text};border:1px solid #6B7280}
:focus-visible{outline:3px solid ${accent};outline-offset:2px}
#checkout-status{min-height:1.5em;margin:16px 0 0;font-weight:600}
#checkout-status[data-tone=error]{color:${p.error}}
#checkout-status[data-tone=success]{color:${p.success}}
.sr-only{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
`;
}

function page(title: string, body: string, options: { nonce: string; accent: string; frameAncestors: string }) {
  const csp = [
    "default-src 'none'",
    `script-src 'nonce-${options.nonce}'`,
    `style-src 'nonce-${options.nonce}'`,
    "connect-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    `frame-ancestors ${options.frameAncestors}`,
  ].join('; ');
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style nonce="${options.nonce}">${styles(options.accent)}</style>
</head>
<body>
${body}
</body>
</html>`;
  return { html, csp };
}

/** The payment window for an order. */
export function renderCheckoutPage(model: CheckoutPageModel): Response {
  const nonce = randomBytes(16).toString('base64');
  const accent = accentColor(model.themeColor);
  const amount = formatRupees(model.amountPaise);
  const merchant = model.merchantName;
  const config = {
    order_id: model.orderId,
    key: model.keyId,
    origin: model.origin,
    pay_url: model.payUrl,
    paid: model.paid,
    merchant,
    prefill: model.prefill,
  };
  const details: Array<[string, string]> = [['Order', model.orderId]];
  if (model.prefill.email) details.push(['Email', model.prefill.email]);
  if (model.prefill.contact) details.push(['Phone', model.prefill.contact]);
  const plan = typeof model.notes.planType === 'string' ? model.notes.planType : '';
  if (plan) details.push(['Plan', plan]);
  const body = `<main class="card" role="dialog" aria-modal="true" aria-labelledby="checkout-title" aria-describedby="checkout-amount">
  <header>
    <div>
      <h1 id="checkout-title">${escapeHtml(merchant)}</h1>
      ${model.description ? `<p class="muted">${escapeHtml(model.description)}</p>` : ''}
    </div>
    <button type="button" id="checkout-dismiss" class="close" data-action="dismiss" aria-label="Close the payment window">✕</button>
  </header>
  <p><span class="badge">Test mode: no real money moves</span></p>
  <p class="amount" id="checkout-amount"><span class="sr-only">Amount to pay: </span>${escapeHtml(amount)}</p>
  <dl>${details.map(([k, v]) => `<dt>${escapeHtml(k)}</dt><dd>${escapeHtml(v)}</dd>`).join('')}</dl>
  <form id="checkout-form" novalidate aria-busy="false">
    <label for="checkout-vpa">UPI ID</label>
    <input id="checkout-vpa" name="vpa" type="text" inputmode="email" autocomplete="off" spellcheck="false"
      value="success@razorpay" aria-describedby="checkout-vpa-hint">
    <p class="hint" id="checkout-vpa-hint">success@razorpay succeeds, failure@razorpay fails (as in Razorpay test mode).</p>
    <button type="submit" id="checkout-pay" class="pay" data-action="pay">Pay ${escapeHtml(amount)}</button>
    <button type="button" id="checkout-fail" class="secondary" data-action="fail">Simulate a failed payment</button>
  </form>
  <p id="checkout-status" role="status" aria-live="polite" data-tone="${model.paid ? 'success' : 'info'}">${
    model.paid ? 'This order has already been paid.' : ''
  }</p>
</main>
<script type="application/json" id="checkout-config">${scriptJson(config)}</script>
<script nonce="${nonce}">${PAGE_SCRIPT}</script>`;
  const { html, csp } = page(`Pay ${amount} to ${merchant} (sandbox)`, body, {
    nonce,
    accent,
    frameAncestors: model.origin,
  });
  return new Response(html, {
    status: 200,
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Security-Policy': csp,
      'Cache-Control': 'no-store',
      'Referrer-Policy': 'no-referrer',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}

/** A page for a link the sandbox cannot serve (unknown order, missing origin, wrong key). */
export function renderCheckoutProblem(problem: string): Response {
  const nonce = randomBytes(16).toString('base64');
  const body = `<main class="card" aria-labelledby="checkout-title">
  <h1 id="checkout-title">Sandbox checkout</h1>
  <p role="alert">${escapeHtml(problem)}</p>
</main>`;
  const { html, csp } = page('Sandbox checkout: link problem', body, {
    nonce,
    accent: BRAND_COLOR,
    frameAncestors: "'none'",
  });
  return new Response(html, {
    status: 400,
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Security-Policy': csp,
      'Cache-Control': 'no-store',
    },
  });
}
