import { apiUrl, createUser, expect, logIn, test } from './support';

// The payment window is the local stack's Razorpay sandbox (packages/supabase-local/src/razorpay-sandbox).
async function skipWithoutSandbox() {
  const res = await fetch(`${apiUrl()}/razorpay-sandbox/v1/orders/order_probe`).catch(() => undefined);
  test.skip(!res || res.status === 404, 'The Razorpay sandbox is not mounted on the local stack yet.');
}

test('a trader without access pays through the sandbox and gets in', async ({ page }) => {
  await skipWithoutSandbox();
  const user = await createUser({ ageHours: 48 });
  await logIn(page, user);
  await page.waitForURL('**/subscription');
  await page.getByRole('button', { name: /Choose Monthly/ }).click();
  const checkout = page.frameLocator('iframe');
  await checkout.getByRole('button', { name: /Pay ₹360/ }).click();
  await expect(page.getByText('Payment successful!').first()).toBeVisible();
  // The page reloads 1.5 s after the verification, and the subscription shows as active.
  await page.waitForEvent('load');
  await expect(page.getByText('Active').first()).toBeVisible();
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
});

test('closing the payment window cancels the payment', async ({ page }) => {
  await skipWithoutSandbox();
  const user = await createUser({ ageHours: 48 });
  await logIn(page, user);
  await page.waitForURL('**/subscription');
  await page.getByRole('button', { name: /Choose Yearly/ }).click();
  await page.frameLocator('iframe').getByRole('button', { name: 'Close the payment window' }).click();
  await expect(page.getByText('Payment canceled. You can try again later.').first()).toBeVisible();
});

test('a subscriber cancels and keeps access until the end of the paid period', async ({ page }) => {
  const user = await createUser({ ageHours: 48, subscription: true });
  await logIn(page, user);
  await page.waitForURL('**/dashboard');
  await page.goto('/subscription');
  await page.getByRole('button', { name: 'Cancel subscription' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel subscription' }).click();
  await expect(page.getByText('Cancelled').first()).toBeVisible();
});
