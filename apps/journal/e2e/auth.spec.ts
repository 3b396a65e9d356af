import {
  createUser,
  expect,
  logIn,
  mailLinks,
  newestMail,
  requestResetLink,
  setNewPassword,
  sql,
  test,
  uniqueEmail,
} from './support';

test('sign up, verify the email from the inbox, onboard, reach the dashboard', async ({ page }) => {
  const email = uniqueEmail('signup');
  await page.goto('/signup');
  await page.getByLabel('Full name').fill('Priya Raman');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('a-long-password-2026');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/verify-email/);
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();

  const link = (await mailLinks(email)).find((l) => l.includes('/auth/v1/verify'));
  expect(link).toContain('type=signup');
  await page.goto(link!);
  await page.waitForURL('**/onboarding');
  await expect(page.getByLabel('What should we call you?')).toHaveValue('Priya Raman');
  for (let step = 0; step < 2; step += 1) await page.getByRole('button', { name: 'Continue' }).click();
  // Broker and capital: neither a name in the capital field nor an unanswered broker gets through.
  const capital = page.getByRole('textbox', { name: 'Trading capital (₹)' });
  await capital.fill('Ravi Kumar');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText("Choose your broker, or pick “I'll choose later”.")).toBeVisible();
  await expect(page.getByText('Enter your trading capital in rupees, like 5,00,000.')).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Broker' })).toBeFocused();
  await page.getByRole('combobox', { name: 'Broker' }).click();
  await page.getByRole('option', { name: 'Zerodha' }).click();
  await capital.fill('₹ 5,00,000.50');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Go to dashboard' }).click();
  await page.waitForURL('**/dashboard');
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  const [saved] = await sql<{ data: Record<string, unknown> }>(
    'select raw_user_meta_data as data from auth.users where email = $1',
    [email],
  );
  expect(saved?.data).toMatchObject({ full_name: 'Priya Raman', broker: 'Zerodha', trading_capital: 500_000.5 });
});

test('a wrong password shows the service message; the right one signs in; log out signs out', async ({ page }) => {
  const user = await createUser();
  await logIn(page, { email: user.email, password: 'not-the-password' });
  await expect(page.getByText('Invalid login credentials').first()).toBeVisible();
  await logIn(page, user);
  await page.waitForURL('**/dashboard');
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page.getByRole('heading', { name: 'Secure Content' })).toBeVisible();
  expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.includes('auth-token')))).toEqual([]);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Secure Content' })).toBeVisible();
});

test('forgot password: the mailed link opens /reset-password, the new password works', async ({ page }) => {
  const user = await createUser();
  await page.goto('/forgot-password');
  await page.getByLabel('Email').fill(user.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('Check your inbox')).toBeVisible();

  const link = (await mailLinks(user.email)).find((l) => l.includes('type=recovery'));
  expect(link).toBeTruthy();
  await page.goto(link!);
  await page.waitForURL('**/reset-password**');
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill('brand-new-password-1');
  await page.getByLabel('Confirm new password').fill('brand-new-password-1');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page.getByRole('heading', { name: 'Password updated' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to dashboard' }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();

  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page.getByRole('heading', { name: 'Secure Content' })).toBeVisible();
  await logIn(page, { email: user.email, password: 'brand-new-password-1' });
  await page.waitForURL('**/dashboard');
});

test('a reset link with the token hash in the query works too', async ({ page }) => {
  const user = await createUser();
  const tokenHash = (await requestResetLink(page, user.email)).searchParams.get('token');
  expect(tokenHash).toBeTruthy();
  await page.goto(`/reset-password?token_hash=${tokenHash}&type=recovery`);
  await setNewPassword(page, 'query-token-password-1');
});

test('the mailed code as `t` in the query works, with the email the forgot page kept', async ({ page }) => {
  const user = await createUser();
  await requestResetLink(page, user.email);
  const code = /enter the code: (\d{6})/.exec((await newestMail(user.email)).Text)?.[1];
  expect(code).toBeTruthy();
  await page.goto(`/reset-password?t=${code}`);
  await setNewPassword(page, 'query-t-password-1');
});

test('a reset link with the session tokens in the query works', async ({ page }) => {
  const user = await createUser();
  const link = await requestResetLink(page, user.email);
  // Follow the server's redirect by hand to read the session it puts in the fragment.
  const res = await fetch(link, { redirect: 'manual' });
  const fragment = new URLSearchParams(new URL(res.headers.get('location')!).hash.slice(1));
  const query = new URLSearchParams({
    access_token: fragment.get('access_token')!,
    refresh_token: fragment.get('refresh_token')!,
  });
  await page.goto(`/reset-password?${query}`);
  await setNewPassword(page, 'query-session-password-1');
});

test('a reset page without any token says so', async ({ page }) => {
  await page.goto('/reset-password');
  await expect(
    page.getByRole('main').getByText('No reset token found. Please request a new password reset link.'),
  ).toBeVisible();
});
