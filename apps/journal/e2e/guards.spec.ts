import { createUser, expect, logIn, sql, test } from './support';

test.describe('access guard', () => {
  test("a signed-out visitor sees 'Secure Content' with Login and Sign Up links", async ({ page }) => {
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: 'Secure Content' })).toBeVisible();
    await expect(page.getByText('Please log in to access this content.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    await expect(page.getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/signup');
  });

  test("shows 'Verifying access...' while the subscription is checked", async ({ page }) => {
    const user = await createUser({ ageHours: 48, subscription: true });
    await logIn(page, user);
    await page.waitForURL('**/dashboard');
    await page.route('**/rest/v1/subscriptions*', async (route) => {
      await new Promise((r) => setTimeout(r, 1500));
      await route.continue();
    });
    await page.goto('/trades');
    await expect(page.getByText('Verifying access...')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Trades', level: 1 })).toBeVisible();
  });

  test('an account older than 24 h without a subscription is sent to /subscription', async ({ page }) => {
    const user = await createUser({ ageHours: 25 });
    await logIn(page, user);
    await page.waitForURL('**/subscription');
    await expect(page.getByText('A subscription is required to access this feature').first()).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Subscription' })).toBeVisible();
  });

  test('when access ends with the page open, the server refuses the write and the trader reads why', async ({
    page,
  }) => {
    const user = await createUser({ ageHours: 48, subscription: true });
    await logIn(page, user);
    await page.waitForURL('**/dashboard');
    await page.goto('/funds');
    await expect(page.getByRole('heading', { name: 'Funds', level: 1 })).toBeVisible();
    // The paid period ends while the page is open: the guard checked on the way in; the database decides now.
    await sql(`update public.subscriptions set end_date = now() - interval '1 minute' where user_id = $1`, [user.id]);
    await page.getByRole('button', { name: 'Add movement' }).first().click();
    const fund = page.getByRole('dialog', { name: 'Add a fund movement' });
    await fund.getByLabel('Amount (₹)').fill('50000');
    await fund.getByRole('textbox', { name: 'Date' }).fill('2026-11-02');
    await fund.getByRole('button', { name: 'Add movement' }).click();
    await expect(fund).toContainText(
      'Your access has ended, so your journal is read-only. Renew your subscription to add or change entries.',
    );
    expect(await sql('select count(*)::int as n from public.funds where user_id = $1', [user.id])).toEqual([{ n: 0 }]);
  });

  test('an account inside its first 24 h passes without a subscription', async ({ page }) => {
    const user = await createUser({ ageHours: 23 });
    await logIn(page, user);
    await page.waitForURL('**/dashboard');
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  });

  for (const role of ['free_user', 'admin'] as const) {
    test(`an old account with the ${role} role passes without a subscription`, async ({ page }) => {
      const user = await createUser({ ageHours: 72, roles: [role] });
      await logIn(page, user);
      await page.waitForURL('**/dashboard');
      await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    });
  }

  test('the subscription check retries when the data service fails twice', async ({ page }) => {
    const user = await createUser({ ageHours: 48, subscription: true });
    const calls: number[] = [];
    await page.route('**/rest/v1/subscriptions*', async (route) => {
      calls.push(Date.now());
      if (calls.length <= 2) {
        await route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"down"}' });
      } else await route.continue();
    });
    await logIn(page, user);
    await page.waitForURL('**/dashboard');
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    // Three attempts, 600 ms and then 1200 ms apart (spec §5).
    expect(calls).toHaveLength(3);
    const [first, second, third] = calls as [number, number, number];
    expect(second - first).toBeGreaterThanOrEqual(600);
    expect(second - first).toBeLessThan(1150);
    expect(third - second).toBeGreaterThanOrEqual(1200);
    expect(third - second).toBeLessThan(1800);
  });

  test('when every check fails the guard neither lets in nor sends away, and tries again on request', async ({
    page,
  }) => {
    const user = await createUser({ ageHours: 48, subscription: true });
    let failing = true;
    const calls: number[] = [];
    await page.route('**/rest/v1/subscriptions*', (route) => {
      calls.push(Date.now());
      return failing
        ? route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"down"}' })
        : route.continue();
    });
    await logIn(page, user);
    // Said once, where the page would be (no toast repeating it).
    await expect(page.getByText(/couldn't verify your access/)).toHaveCount(1);
    await expect(page.getByText(/couldn't verify your access/)).toBeVisible();
    expect(calls).toHaveLength(3);
    await expect(page).toHaveURL(/\/dashboard$/);
    failing = false;
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  });
});

test.describe('routes', () => {
  test('any other path shows the not-found page', async ({ page }) => {
    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expect(page).toHaveTitle('Page not found · Bahi');
  });

  test('a URL fragment on / routes to /reset-password', async ({ page }) => {
    await page.goto('/#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid');
    await expect(page).toHaveURL(/\/reset-password#error=access_denied/);
    await expect(page.getByRole('heading', { name: 'Set a new password' })).toBeVisible();
  });

  test('a signed-in user opening / goes to /dashboard once per browser session', async ({ page }) => {
    const user = await createUser();
    await logIn(page, user);
    await page.waitForURL('**/dashboard');
    await page.goto('/');
    await page.waitForURL('**/dashboard');
    await page.goto('/');
    await expect(page.getByRole('heading', { name: /trading journal that shows you/ })).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
  });

  test('every journal area has its page, the assistant under the product name', async ({ page }) => {
    const user = await createUser();
    await logIn(page, user);
    await page.waitForURL('**/dashboard');
    const areas: [string, string][] = [
      ['/Bahi-AI', 'AI assistant'],
      ['/calendar', 'Calendar'],
      ['/position-sizing', 'Position sizing'],
      ['/tax', 'Tax P&L'],
      ['/trade-form', 'Add trade'],
      ['/trade-form/abc', 'Edit trade'],
      ['/trades/abc', 'Trade review'],
      ['/playbook/create', 'New playbook'],
      ['/playbook/edit/abc', 'Edit playbook'],
    ];
    for (const [path, heading] of areas) {
      // In-app navigation, as a link would do (no full reload per area).
      await page.evaluate((to) => {
        window.history.pushState(null, '', to);
        window.dispatchEvent(new PopStateEvent('popstate'));
      }, path);
      await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
    }
  });

  test('marketing and legal pages have their content', async ({ page }) => {
    await page.goto('/features/playbooks');
    await expect(page.getByRole('heading', { name: 'Playbooks', level: 1 })).toBeVisible();
    for (const path of ['/terms', '/privacy', '/shipping', '/refund', '/contact']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    }
  });
});

test.describe('page loading', () => {
  test('a page whose code fails to load once is retried after 1 s', async ({ page }) => {
    let failures = 0;
    await page.route(/\/assets\/marketing-[\w-]+\.js(\?.*)?$/, async (route) => {
      if (failures === 0) {
        failures += 1;
        await route.abort('connectionreset');
      } else await route.continue();
    });
    await page.goto('/features');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(failures).toBe(1);
  });

  test("a page that will not load shows the failure panel; 'Reset Component' and 'Reload Page' recover", async ({
    page,
  }) => {
    let blocked = true;
    await page.route(/\/assets\/marketing-[\w-]+\.js(\?.*)?$/, (route) =>
      blocked ? route.abort('connectionreset') : route.continue(),
    );
    await page.goto('/terms');
    await expect(page.getByText('Something went wrong')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Reload Page' })).toBeVisible();
    blocked = false;
    await page.getByRole('button', { name: 'Reset Component' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText('Something went wrong')).toHaveCount(0);

    blocked = true;
    await page.goto('/privacy');
    await expect(page.getByText('Something went wrong')).toBeVisible();
    blocked = false;
    await page.getByRole('button', { name: 'Reload Page' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText('Something went wrong')).toHaveCount(0);
  });
});
