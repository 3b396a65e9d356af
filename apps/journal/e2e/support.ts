// What every spec shares: the app's URL as baseURL, accounts made through the auth admin API, the inbox, SQL for
// what no API can arrange, and the login steps.
import { createHmac, randomUUID } from 'node:crypto';
import { test as base, expect, type Page } from '@playwright/test';

const env = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run through playwright.config.ts (global setup).`);
  return value;
};

export const test = base.extend({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this destructuring.
  baseURL: async ({}, use) => use(env('BAHI_E2E_APP_URL')),
});
export { expect };

export const apiUrl = () => env('BAHI_E2E_API_URL');

/** Runs one SQL statement as the database owner (test-only endpoint of the global setup). */
export async function sql<Row = Record<string, unknown>>(query: string, params: unknown[] = []): Promise<Row[]> {
  const res = await fetch(env('BAHI_E2E_SQL_URL'), { method: 'POST', body: JSON.stringify({ query, params }) });
  if (!res.ok) throw new Error(`SQL failed: ${await res.text()}`);
  return (await res.json()) as Row[];
}

export interface TestUser {
  id: string;
  email: string;
  password: string;
}

export const uniqueEmail = (label: string) => `${label}-${randomUUID().slice(0, 8)}@e2e.bahi.local`;

/**
 * A confirmed account made through the auth admin API. `ageHours` backdates it (past the 24 h free window);
 * `onboarded` marks onboarding done; `roles` grants admin / free_user; `subscription` adds an active one.
 */
export async function createUser(
  options: {
    label?: string;
    ageHours?: number;
    onboarded?: boolean;
    roles?: ('admin' | 'free_user')[];
    subscription?: boolean;
    fullName?: string;
  } = {},
): Promise<TestUser> {
  const email = uniqueEmail(options.label ?? 'trader');
  const password = `pw-${randomUUID()}`;
  const res = await fetch(`${apiUrl()}/auth/v1/admin/users`, {
    method: 'POST',
    headers: {
      apikey: env('BAHI_E2E_SERVICE_KEY'),
      authorization: `Bearer ${env('BAHI_E2E_SERVICE_KEY')}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({
      email,
      password,
      email_confirm: true,
      user_metadata: { full_name: options.fullName ?? 'Test Trader', onboarding_completed: options.onboarded ?? true },
    }),
  });
  if (!res.ok) throw new Error(`admin create user: ${res.status} ${await res.text()}`);
  const { id } = (await res.json()) as { id: string };
  if (options.ageHours) {
    await sql(`update auth.users set created_at = now() - make_interval(hours => $2::int) where id = $1`, [
      id,
      options.ageHours,
    ]);
  }
  for (const role of options.roles ?? []) {
    await sql('insert into public.user_roles (user_id, role) values ($1, $2)', [id, role]);
  }
  if (options.subscription) {
    await sql(
      `insert into public.subscriptions (user_id, status, plan, provider_subscription_id, end_date)
       values ($1, 'active', 'monthly', $2, now() + interval '30 days')`,
      [id, `order_e2e_${id.slice(0, 8)}`],
    );
  }
  return { id, email, password };
}

/** The links of the newest mail to `email`, waiting for it to arrive. */
export async function mailLinks(email: string, subject?: string): Promise<string[]> {
  return (await newestMail(email, subject)).Links;
}

/** The newest mail to `email` (text and links), waiting for it to arrive. */
export async function newestMail(email: string, subject?: string): Promise<{ Text: string; Links: string[] }> {
  const query = encodeURIComponent(`to:${email}${subject ? ` subject:"${subject}"` : ''}`);
  for (let i = 0; i < 50; i += 1) {
    const list = (await (await fetch(`${apiUrl()}/api/v1/messages?query=${query}`)).json()) as {
      messages: { ID: string }[];
    };
    const newest = list.messages[0];
    if (newest) {
      return (await (await fetch(`${apiUrl()}/api/v1/message/${newest.ID}`)).json()) as {
        Text: string;
        Links: string[];
      };
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`No mail to ${email}`);
}

export async function logIn(page: Page, user: Pick<TestUser, 'email' | 'password'>) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

/** RFC 6238 TOTP (SHA-1, 30 s, 6 digits) from a base32 secret, as an authenticator app computes it. */
export function totp(secret: string, now = Date.now()): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const c of secret.replace(/=+$/, '').toUpperCase()) bits += alphabet.indexOf(c).toString(2).padStart(5, '0');
  const key = Buffer.from(bits.match(/.{8}/g)!.map((b) => Number.parseInt(b, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(now / 30_000)));
  const hmac = createHmac('sha1', key).update(counter).digest();
  const offset = hmac[hmac.length - 1]! & 0xf;
  const code = (hmac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return code.toString().padStart(6, '0');
}

/** Asks for a reset link from the forgot-password page and returns the mailed link. */
export async function requestResetLink(page: Page, email: string): Promise<URL> {
  await page.goto('/forgot-password');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('Check your inbox')).toBeVisible();
  return new URL((await mailLinks(email)).find((l) => l.includes('type=recovery'))!);
}

/** Fills and saves the reset-password form, and waits for the page to say it worked. */
export async function setNewPassword(page: Page, password: string) {
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill(password);
  await page.getByLabel('Confirm new password').fill(password);
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page.getByRole('heading', { name: 'Password updated' })).toBeVisible();
}

/**
 * A Zerodha tradebook in the published columns: two round trips on 18 Nov 2026 (IST), four fills.
 *   INFY  long  10 @ 1,500.00 → 1,520.00 (09:30 to 11:00): gross +₹200.00, held 1 h 30 min
 *   TCS   short  5 @ 3,200.00 → 3,180.00 (10:00 to 14:00): gross +₹100.00, held 4 h
 */
export const NOV_2026_TRADEBOOK = [
  'symbol,isin,trade_date,exchange,segment,series,trade_type,auction,quantity,price,trade_id,order_id,order_execution_time',
  'INFY,INE009A01021,2026-11-18,NSE,EQ,EQ,buy,false,10.000000,1500.000000,71000001,1300000000000001,2026-11-18T09:30:00',
  'TCS,INE467B01029,2026-11-18,NSE,EQ,EQ,sell,false,5.000000,3200.000000,71000002,1300000000000002,2026-11-18T10:00:00',
  'INFY,INE009A01021,2026-11-18,NSE,EQ,EQ,sell,false,10.000000,1520.000000,71000003,1300000000000003,2026-11-18T11:00:00',
  'TCS,INE467B01029,2026-11-18,NSE,EQ,EQ,buy,false,5.000000,3180.000000,71000004,1300000000000004,2026-11-18T14:00:00',
].join('\n');
