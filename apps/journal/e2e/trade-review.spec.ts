// The daily loop's review (issue 29), with NOV_2026_TRADEBOOK's INFY and TCS: the list opens a trade's review, whose
// figures are the list's; ← and → walk the list; notes are saved in place; at 360 px the compact list opens the same
// review, and no page scrolls sideways.
import type { Page } from '@playwright/test';
import { createUser, expect, logIn, NOV_2026_TRADEBOOK, test } from './support';

async function importTradebook(page: Page) {
  await page.goto('/trades?import=1');
  const dialog = page.getByRole('dialog', { name: 'Import trades' });
  await dialog.getByText('Zerodha', { exact: true }).click();
  await dialog.locator('input[type="file"]').setInputFiles({
    name: 'tradebook-NOV-2026.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(NOV_2026_TRADEBOOK),
  });
  await dialog.getByRole('button', { name: 'Import 2 trades' }).click();
  await dialog.getByRole('button', { name: 'See the trades' }).click();
  await expect(dialog).toBeHidden();
}

/** The page's width beyond the viewport, in px: 0 when nothing scrolls sideways. */
const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** The value under a figure's label in the review's result. */
const figure = (page: Page, label: string) =>
  page
    .getByRole('region', { name: 'Result' })
    .locator('dt', { hasText: label })
    .locator('xpath=following-sibling::dd[1]');

const SIGNED_MONEY = /[+−]₹[\d,]+\.\d\d/;

test('the list opens a trade’s review with the same figures, ← and → walk the list, notes save in place', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const user = await createUser({ label: 'review', subscription: true, ageHours: 48 });
  await logIn(page, user);
  await expect(page).toHaveURL(/\/dashboard$/);
  await importTradebook(page);

  const infyRow = page.getByRole('row').filter({ has: page.getByRole('link', { name: /^Review INFY trade/ }) });
  const listNet = (await infyRow.textContent())?.match(SIGNED_MONEY)?.[0];
  expect(listNet).toBeDefined();
  await infyRow.getByRole('link', { name: /^Review INFY trade/ }).click();

  await expect(page).toHaveURL(/\/trades\/[0-9a-f-]+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'INFY' })).toBeVisible();
  await expect(page.getByText('Long 10 · Equity · Intraday · NSE')).toBeVisible();
  await expect(figure(page, 'Net P&L')).toHaveText(listNet as string);
  await expect(figure(page, 'Gross P&L')).toHaveText('+₹200.00');
  await expect(figure(page, 'Holding time')).toHaveText('1 h 30 min');
  // Its two fills, as the tradebook gave them.
  const fills = page.getByRole('region', { name: 'Fills' }).getByRole('row');
  await expect(fills).toHaveCount(3);
  await expect(fills.nth(1)).toContainText('18 Nov 2026, 09:30Buy101,500.00₹15,000.0071000001 / 1300000000000001');
  await expect(fills.nth(2)).toContainText('18 Nov 2026, 11:00Sell101,520.00₹15,200.00');
  // The charges line by line add up to the total, which is gross less net.
  const total = await page
    .getByRole('table', { name: 'Charges' })
    .getByRole('row', { name: /^Total/ })
    .textContent();
  const rupees = (text: string) => Number(text.replace(/[^\d.]/g, ''));
  expect(rupees(total ?? '')).toBeCloseTo(200 - rupees(listNet as string), 2);
  expect(await overflow(page)).toBe(0);

  // INFY was entered first (09:30), so TCS (10:00) is next and there is no previous.
  await expect(page.getByRole('link', { name: /^Previous trade/ })).toHaveCount(0);
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('heading', { level: 1, name: 'TCS' })).toBeVisible();
  await expect(figure(page, 'Gross P&L')).toHaveText('+₹100.00');
  await expect(figure(page, 'Holding time')).toHaveText('4 h');
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByRole('heading', { level: 1, name: 'INFY' })).toBeVisible();

  // Notes are saved where they are read, and are there after a reload.
  await page.getByRole('textbox', { name: /Notes/ }).fill('Bought the open, sold into strength.');
  await page.getByRole('button', { name: 'Save notes' }).click();
  await expect(page.getByText('Notes saved.')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('textbox', { name: /Notes/ })).toHaveValue('Bought the open, sold into strength.');

  // Edit goes to the form; Back to trades returns to the list.
  await page.getByRole('link', { name: 'Edit trade' }).click();
  await expect(page.getByRole('form', { name: 'Edit trade' })).toBeVisible();
  await page.goBack();
  await page.getByRole('link', { name: 'Back to trades' }).click();
  await expect(page).toHaveURL(/\/trades$/);
});

test('at 360 px the compact list opens the review, and no journal page scrolls sideways at 320, 360 or 390 px', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 780 });
  const user = await createUser({ label: 'review-phone', subscription: true, ageHours: 48 });
  await logIn(page, user);
  await expect(page).toHaveURL(/\/dashboard$/);
  await importTradebook(page);

  const list = page.getByRole('list', { name: /^Trades, 2 of 2/ });
  const infy = list.getByRole('link', { name: /^INFY/ });
  const listNet = (await infy.textContent())?.match(SIGNED_MONEY)?.[0];
  expect(listNet).toBeDefined();
  expect(await overflow(page)).toBe(0);
  await infy.click();
  await expect(page.getByRole('heading', { level: 1, name: 'INFY' })).toBeVisible();
  await expect(figure(page, 'Net P&L')).toHaveText(listNet as string);
  expect(await overflow(page)).toBe(0);

  const review = page.url();
  for (const width of [320, 360, 390]) {
    await page.setViewportSize({ width, height: 780 });
    for (const [path, heading] of [
      ['/trades', 'Trades'],
      [review, 'INFY'],
      ['/dashboard', 'Dashboard'],
      ['/calendar', 'Calendar'],
      ['/analytics', 'Analytics'],
      ['/tax', 'Tax P&L'],
      ['/funds', 'Funds'],
      ['/playbooks', 'Playbooks'],
      ['/notebook', 'Notebook'],
      ['/trade-form', 'Add trade'],
      ['/position-sizing', 'Position sizing'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      expect(await overflow(page), `${path} at ${width} px`).toBe(0);
    }
  }
});
