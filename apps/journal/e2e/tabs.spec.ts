import { apiUrl, createUser, expect, logIn, mailLinks, test } from './support';

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
  // A signed-in user who opens /login goes on to /dashboard (spec §4): the other account signs in from a mailed link.
  const anonKey = process.env.BAHI_E2E_ANON_KEY!;
  const sent = await fetch(`${apiUrl()}/auth/v1/otp`, {
    method: 'POST',
    headers: { apikey: anonKey, authorization: `Bearer ${anonKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ email: b.email, create_user: false }),
  });
  expect(sent.ok).toBe(true);
  const link = (await mailLinks(b.email)).find((l) => l.includes('type=magiclink'));
  expect(link).toBeTruthy();
  const second = await context.newPage();
  await second.goto(link!);
  await expect(first.getByText('Account switched. Refreshing data...').first()).toBeVisible();
});
