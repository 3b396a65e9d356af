import { createUser, expect, logIn, test } from './support';

test('signing out in one tab refreshes the others', async ({ context }) => {
  const user = await createUser();
  const first = await context.newPage();
  await logIn(first, user);
  await first.waitForURL('**/dashboard');
  const second = await context.newPage();
  await second.goto('/trades');
  await expect(second.getByRole('heading', { name: 'Trades', level: 1 })).toBeVisible();

  await first.getByRole('button', { name: 'Log out' }).click();
  await expect(second.getByRole('heading', { name: 'Secure Content' })).toBeVisible();
});

test("signing in as another account in another tab shows 'Account switched. Refreshing data...'", async ({
  context,
}) => {
  const [a, b] = await Promise.all([createUser({ label: 'first' }), createUser({ label: 'second' })]);
  const first = await context.newPage();
  await logIn(first, a);
  await first.waitForURL('**/dashboard');
  const second = await context.newPage();
  await logIn(second, b);
  await expect(first.getByText('Account switched. Refreshing data...').first()).toBeVisible();
});
