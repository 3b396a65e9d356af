import { createUser, expect, logIn, test, totp } from './support';

/** Waits until the next 30 s TOTP step so that a code is never one the server has just seen. */
async function freshCode(secret: string, previous?: string): Promise<string> {
  let code = totp(secret);
  while (code === previous) {
    await new Promise((r) => setTimeout(r, 1000));
    code = totp(secret);
  }
  return code;
}

test('profile: change the name and the password, turn on TOTP, then sign in with the second factor', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const user = await createUser({ fullName: 'Old Name' });
  await logIn(page, user);
  await page.waitForURL('**/dashboard');
  await page.goto('/profile');

  await page.getByLabel('Full name').fill('Kavya Iyer');
  await page.getByRole('button', { name: 'Save name' }).click();
  await expect(page.getByText('Name saved.')).toBeVisible();

  await page.getByRole('textbox', { name: 'New password', exact: true }).fill('changed-password-2026');
  await page.getByRole('textbox', { name: 'Confirm new password' }).fill('changed-password-2026');
  await page.getByRole('button', { name: 'Update password' }).click();
  await expect(page.getByText('Password changed.')).toBeVisible();

  await page.getByRole('button', { name: 'Add authenticator app' }).click();
  await expect(page.getByRole('img', { name: /QR code/ })).toBeVisible();
  const secret = ((await page.locator('code').first().textContent()) ?? '').trim();
  const enrolCode = await freshCode(secret);
  await page.getByLabel('6-digit code').fill(enrolCode);
  await page.getByRole('button', { name: 'Verify and turn on' }).click();
  await expect(page.getByText('Two-step verification is on.').first()).toBeVisible();

  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page.getByRole('heading', { name: 'Secure Content' })).toBeVisible();
  await logIn(page, { email: user.email, password: 'changed-password-2026' });
  await expect(page.getByRole('heading', { name: 'Two-step verification' })).toBeVisible();
  await page.getByLabel('Authentication code').fill(await freshCode(secret, enrolCode));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(page.getByText('Kavya Iyer').first()).toBeVisible();
});

test('admin: the bootstrap admin gets its roles, sees every user, grants and revokes free access', async ({ page }) => {
  const trader = await createUser({ label: 'granted', ageHours: 48 });
  await logIn(page, { email: 'admin@bahi.local', password: 'admin-bahi-2026' });
  await page.waitForURL(/\/(dashboard|onboarding)$/);
  await page.goto('/admin');
  await expect(page.getByText('demo@bahi.local').first()).toBeVisible();
  // Each user's name (the seed's demo trader is Asha Mehta) beside the email, not "—".
  await expect(page.getByRole('row').filter({ hasText: 'demo@bahi.local' }).getByText('Asha Mehta')).toBeVisible();
  await page.getByRole('button', { name: `Grant free access: ${trader.email}` }).click();
  await expect(page.getByText('Granted free access.').first()).toBeVisible();
  await page.getByRole('button', { name: `Revoke free access from ${trader.email}` }).click();
  await expect(page.getByText('Revoked free access.').first()).toBeVisible();
  await page.getByRole('button', { name: `Make admin: ${trader.email}` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Make admin' }).click();
  await expect(page.getByText('Granted admin.').first()).toBeVisible();
  await page.getByRole('button', { name: `Revoke admin from ${trader.email}` }).click();
  await expect(page.getByText('Revoked admin.').first()).toBeVisible();
  await page.getByRole('tab', { name: /Subscriptions/ }).click();
  await expect(page.getByText('demo@bahi.local').first()).toBeVisible();
});

test('admin: a trader who is not an admin sees no admin data', async ({ page }) => {
  const user = await createUser();
  await logIn(page, user);
  await page.waitForURL('**/dashboard');
  await page.goto('/admin');
  await expect(page.getByText('Only admins can see this page.').first()).toBeVisible();
  await expect(page.getByText('demo@bahi.local')).toHaveCount(0);
});
