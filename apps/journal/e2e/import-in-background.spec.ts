// Issue 26: an import goes on while the trader works elsewhere. The dialog closes as soon as the trader asks; the
// file is read, planned and saved in the import worker; every page shows how far it is and how it ended, and the
// journal's figures refresh when it is saved.
import { zerodhaTradebookXlsx } from '../../../packages/trading/src/import/fixtures/zerodha';
import { createUser, expect, logIn, sql, test } from './support';

test('close the import dialog while a file is saved, go on to the dashboard, and see it finish there', async ({
  page,
}) => {
  const user = await createUser({ label: 'background', subscription: true, ageHours: 48 });
  await logIn(page, user);
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.goto('/trades?import=1');
  const dialog = page.getByRole('dialog', { name: 'Import trades' });
  await dialog.getByText('Zerodha', { exact: true }).click();
  await dialog.locator('input[type="file"]').setInputFiles({
    name: 'Tradebook-ZX1234-EQ.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: Buffer.from(zerodhaTradebookXlsx('EQ')),
  });
  await dialog.getByRole('button', { name: 'Skip 3 rows and import the rest' }).click();
  // The trader does not wait: the dialog closes at once, and they move on within the app.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await page.getByRole('navigation').getByRole('link', { name: 'Dashboard' }).first().click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // The fixtures' 19 trades (packages/trading/src/import/fixtures/README.md), saved while on the dashboard.
  const status = page.locator('[data-slot="import-status"]');
  await expect(status.getByRole('status')).toHaveText('Imported Tradebook-ZX1234-EQ.xlsx: 19 trades saved.');
  const [count] = await sql<{ n: number }>('select count(*)::int as n from public.trades where user_id = $1', [
    user.id,
  ]);
  expect(count?.n).toBe(19);
  // The dashboard counts them without a reload: its four sales without a cost basis are named.
  await expect(page.getByText('4 sales without a cost basis are left out of these figures.')).toBeVisible();

  // Back to the import: its outcome, and the history.
  await status.getByRole('button', { name: 'See the import' }).click();
  await expect(dialog.getByText('Imported Tradebook-ZX1234-EQ.xlsx')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(status).toBeHidden();
});
