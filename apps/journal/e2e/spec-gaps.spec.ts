// Spec behaviours of sign-in, sign-out and password reset that the review of issue 17 found missing in the app.
import type { Page } from '@playwright/test';
import { apiUrl, createUser, expect, logIn, requestResetLink, setNewPassword, test, uniqueEmail } from './support';

const RESET_FAILED = 'Unable to reset password. The link may have expired or is invalid. Please request a new one.';

/** A toast shows for 2 s after it is raised; a message that is also toasted shows twice within that time. */
async function expectShownOnce(page: Page, text: string) {
  await expect(page.getByText(text).first()).toBeVisible();
  await page.waitForTimeout(1000);
  await expect(page.getByText(text)).toHaveCount(1);
}

/** The keys left in the page's local and session storage. */
function storageKeys(page: Page) {
  return page.evaluate(() => ({ local: Object.keys(localStorage).sort(), session: Object.keys(sessionStorage) }));
}

test.describe('landing page and auth forms for a signed-in user', () => {
  test('/ goes to /dashboard once per session, and again after the next login', async ({ page }) => {
    const user = await createUser();
    await logIn(page, user);
    await page.waitForURL('**/dashboard');
    await page.goto('/');
    await page.waitForURL('**/dashboard');
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: /trading journal/i })).toBeVisible();
    await expect(page).toHaveURL(/\/$/);

    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page.getByRole('heading', { name: 'Secure Content' })).toBeVisible();
    await logIn(page, user);
    await page.waitForURL('**/dashboard');
    await page.goto('/');
    await page.waitForURL('**/dashboard');
  });

  test('an onboarded user on /login or /signup goes to /dashboard, however they got there', async ({ page }) => {
    const user = await createUser();
    await logIn(page, user);
    await page.waitForURL('**/dashboard');
    for (const path of ['/login', '/signup']) {
      await page.goto(path);
      await page.waitForURL('**/dashboard');
      await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
    }
    // From the landing page's header, without a page load.
    await page.goto('/');
    await page.waitForURL('**/dashboard');
    await page.goto('/');
    await page.getByRole('banner').getByRole('link', { name: 'Log in' }).click();
    await page.waitForURL('**/dashboard');
  });
});

test.describe('logout', () => {
  test('keeps only the onboarding flag in storage, and ends the session on the server', async ({ page }) => {
    const user = await createUser({ onboarded: false });
    await logIn(page, user);
    await page.waitForURL('**/onboarding');
    for (let step = 0; step < 2; step += 1) await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('combobox', { name: 'Broker' }).click();
    await page.getByRole('option', { name: 'Zerodha' }).click();
    await page.getByRole('textbox', { name: 'Trading capital (₹)' }).fill('5,00,000');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('button', { name: 'Go to dashboard' }).click();
    await page.waitForURL('**/dashboard');
    const accessToken = await page.evaluate(() => {
      const key = Object.keys(localStorage).find((k) => k.endsWith('-auth-token'));
      return (JSON.parse(localStorage.getItem(key ?? '') ?? '{}') as { access_token?: string }).access_token;
    });
    expect(accessToken).toBeTruthy();

    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page.getByRole('heading', { name: 'Secure Content' })).toBeVisible();
    expect(await storageKeys(page)).toEqual({ local: ['onboarding_completed'], session: [] });
    // Leaving the page (an unload) leaves nothing behind either.
    await page.goto('/');
    expect(await storageKeys(page)).toEqual({ local: ['onboarding_completed'], session: [] });

    // The session is gone on the server too: its access token is refused.
    const res = await fetch(`${apiUrl()}/auth/v1/user`, {
      headers: { apikey: process.env.BAHI_E2E_ANON_KEY!, authorization: `Bearer ${accessToken}` },
    });
    expect(res.status).toBe(403);
  });
});

test.describe("the spec's fallbacks when the auth service gives no message", () => {
  test("sign-in shows 'Failed to sign in' when the service is unreachable or answers 500 without one", async ({
    page,
  }) => {
    const user = await createUser();
    await page.route('**/auth/v1/token?grant_type=password', (route) => route.abort('connectionrefused'));
    await logIn(page, user);
    await expectShownOnce(page, 'Failed to sign in');
    await expect(page.getByText('Failed to fetch')).toHaveCount(0);

    await page.unroute('**/auth/v1/token?grant_type=password');
    await page.route('**/auth/v1/token?grant_type=password', (route) =>
      route.fulfill({ status: 500, body: '', headers: { 'access-control-allow-origin': '*' } }),
    );
    await logIn(page, user);
    await expectShownOnce(page, 'Failed to sign in');
    await expect(page.getByText('Internal Server Error')).toHaveCount(0);
  });

  test("sign-up shows 'Failed to sign up' when the service is unreachable", async ({ page }) => {
    await page.route('**/auth/v1/signup**', (route) => route.abort('connectionrefused'));
    await page.goto('/signup');
    await page.getByLabel('Full name').fill('Priya Raman');
    await page.getByLabel('Email').fill(uniqueEmail('signup-down'));
    await page.getByLabel('Password').fill('a-long-password-2026');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expectShownOnce(page, 'Failed to sign up');
    await expect(page).toHaveURL(/\/signup$/);
  });

  test('asking for a reset link says it could not be sent when the service is unreachable', async ({ page }) => {
    await page.route('**/auth/v1/recover**', (route) => route.abort('connectionrefused'));
    await page.goto('/forgot-password');
    await page.getByLabel('Email').fill(uniqueEmail('recover-down'));
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expectShownOnce(page, 'Could not send the reset link. Please try again.');
    await expect(page.getByText('Check your inbox')).toHaveCount(0);
  });

  test("sign-out shows 'Failed to sign out' when the service is unreachable, and the user stays signed in", async ({
    page,
  }) => {
    const user = await createUser();
    await logIn(page, user);
    await page.waitForURL('**/dashboard');
    await page.route('**/auth/v1/logout**', (route) => route.abort('connectionrefused'));
    await page.getByRole('button', { name: 'Log out' }).click();
    await expectShownOnce(page, 'Failed to sign out');
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
    await page.unroute('**/auth/v1/logout**');
    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page.getByRole('heading', { name: 'Secure Content' })).toBeVisible();
  });
});

test('a wrong password shows the service message once, on the form', async ({ page }) => {
  const user = await createUser();
  await logIn(page, { email: user.email, password: 'not-the-password' });
  await expectShownOnce(page, 'Invalid login credentials');
  await expect(page.getByRole('main').getByText('Invalid login credentials')).toBeVisible();
});

test.describe('password reset links', () => {
  test(`a link opened a second time says '${RESET_FAILED}'`, async ({ page, browser }) => {
    const user = await createUser();
    const link = await requestResetLink(page, user.email);
    await page.goto(link.href);
    await page.waitForURL('**/reset-password**');
    await setNewPassword(page, 'first-new-password-1');

    const again = await (await browser.newContext()).newPage();
    await again.goto(link.href);
    await again.waitForURL('**/reset-password#error=**');
    await expectShownOnce(again, RESET_FAILED);
    await expect(again.getByText('No reset token found', { exact: false })).toHaveCount(0);
    await expect(again.getByRole('link', { name: 'Request a new link' })).toBeVisible();
    // No password form: a refused link cannot set one.
    await expect(again.getByLabel('New password')).toHaveCount(0);
  });

  test("the link's token kept in storage works, with the forgot page's email kept too", async ({ page }) => {
    const user = await createUser();
    const token = (await requestResetLink(page, user.email)).searchParams.get('token');
    expect(token).toBeTruthy();
    // The spec's third place: the token kept in the tab's storage, where the reset page looks after the URL.
    await page.evaluate((value) => sessionStorage.setItem('passwordResetToken', `token=${value}&type=recovery`), token);
    await page.goto('/reset-password');
    await setNewPassword(page, 'stored-token-password-1');
    await page.getByRole('link', { name: 'Go to dashboard' }).click();
    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page.getByRole('heading', { name: 'Secure Content' })).toBeVisible();
    await logIn(page, { email: user.email, password: 'stored-token-password-1' });
    await page.waitForURL('**/dashboard');
  });

  test("the link's token as `token` in the query works on the device that asked for it", async ({ page }) => {
    const user = await createUser();
    const token = (await requestResetLink(page, user.email)).searchParams.get('token');
    await page.goto(`/reset-password?token=${token}&type=recovery`);
    await setNewPassword(page, 'query-token-password-2');
  });

  test('the reset page still works after a reload, from the tokens the app kept', async ({ page }) => {
    const user = await createUser();
    const link = await requestResetLink(page, user.email);
    await page.goto(link.href);
    await page.waitForURL('**/reset-password');
    await expect(page.getByRole('button', { name: 'Save new password' })).toBeVisible();
    await page.reload();
    await setNewPassword(page, 'after-reload-password-1');
  });
});
