// Issue 26: an import goes on while the trader works elsewhere. The dialog closes as soon as the trader asks; the
// file is read, planned and saved in the import worker; every page shows how far it is and how it ended, and the
// journal's figures refresh when it is saved.
import { generateZerodhaTradebook } from '../../../packages/trading/src/import/generate-tradebook';
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
  // A tradebook large enough to take a few seconds to save (the bench's generator, 4,000 fills).
  await dialog.locator('input[type="file"]').setInputFiles({
    name: 'tradebook-4000.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(generateZerodhaTradebook({ fills: 4000 }).text),
  });
  await dialog.getByRole('button', { name: /^Import [\d,]+ trades$/ }).click();
  // The trader does not wait: once saving has started, the dialog closes and they move on within the app.
  await expect(dialog.getByRole('progressbar')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await page.getByRole('navigation').getByRole('link', { name: 'Dashboard' }).first().click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // Saved while on the dashboard: the status says how many, as the journal holds them.
  const status = page.locator('[data-slot="import-status"]');
  await expect(status.getByRole('status')).toHaveText(/^Imported tradebook-4000\.csv: [\d,]+ trades saved\.$/, {
    timeout: 60_000,
  });
  const [count] = await sql<{ n: number }>('select count(*)::int as n from public.trades where user_id = $1', [
    user.id,
  ]);
  await expect(status.getByRole('status')).toHaveText(
    `Imported tradebook-4000.csv: ${count!.n.toLocaleString('en-IN')} trades saved.`,
  );
  // The dashboard counts them without a reload.
  await expect(page.locator('[data-slot="dashboard-stats"]')).toBeVisible();

  // Back to the import: its outcome, and the history.
  await status.getByRole('button', { name: 'See the import' }).click();
  await expect(dialog.getByText('Imported tradebook-4000.csv')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(status).toBeHidden();
});
