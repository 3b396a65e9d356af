// The trade form never loses input (issue 29): a draft kept in the tab through a reload and a visit elsewhere, a
// prompt before a link leaves unsaved changes, errors that clear once the field is right, and a warning when the trade
// is already in the journal.
import { createUser, expect, logIn, test } from './support';

test('a typed trade survives a reload, a prompt before leaving, and Back', async ({ page }) => {
  const user = await createUser({ label: 'draft', subscription: true, ageHours: 48 });
  await logIn(page, user);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/trade-form');
  const form = page.getByRole('form', { name: 'Add trade' });
  await form.getByLabel('Symbol').fill('TATAMOTORS');
  await form.getByLabel('Quantity').fill('25');
  await form.getByLabel('Entry price (₹)').fill('712.50');

  // A reload asks first (the browser's own prompt), then brings the input back with a notice.
  page.once('dialog', (dialog) => {
    expect(dialog.type()).toBe('beforeunload');
    void dialog.accept();
  });
  await page.reload();
  await expect(form.getByText('Your unsaved changes are back')).toBeVisible();
  await expect(form.getByLabel('Symbol')).toHaveValue('TATAMOTORS');
  await expect(form.getByLabel('Entry price (₹)')).toHaveValue('712.50');

  // A link in the sidebar asks; staying keeps everything.
  const sidebar = page.getByRole('navigation', { name: 'Main' });
  await sidebar.getByRole('link', { name: 'Dashboard' }).click();
  const prompt = page.getByRole('alertdialog', { name: 'Leave without saving?' });
  await prompt.getByRole('button', { name: 'Stay on the form' }).click();
  await expect(prompt).toBeHidden();
  await expect(page).toHaveURL(/\/trade-form$/);
  await expect(form.getByLabel('Quantity')).toHaveValue('25');

  // Leaving goes; Back brings the draft again.
  await sidebar.getByRole('link', { name: 'Dashboard' }).click();
  await prompt.getByRole('button', { name: 'Leave' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goBack();
  await expect(form.getByLabel('Symbol')).toHaveValue('TATAMOTORS');
  await expect(form.getByText('Your unsaved changes are back')).toBeVisible();

  // Discarding the draft starts afresh, and then nothing asks before leaving.
  await form.getByRole('button', { name: 'Discard them' }).click();
  await expect(form.getByLabel('Symbol')).toHaveValue('');
  await sidebar.getByRole('link', { name: 'Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('errors clear as the field is put right, and a trade typed twice is pointed out', async ({ page }) => {
  const user = await createUser({ label: 'duplicate', subscription: true, ageHours: 48 });
  await logIn(page, user);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/trade-form');
  const form = page.getByRole('form', { name: 'Add trade' });
  const fill = async () => {
    await form.getByLabel('Quantity').fill('10');
    await form.getByLabel('Entry price (₹)').fill('1480');
    await form.getByLabel('Entry time (IST)').fill('2026-11-18T10:15');
    await form.getByLabel('Exit price (₹)').fill('1500');
    await form.getByLabel('Exit time (IST)').fill('2026-11-18T13:45');
  };
  await fill();
  await form.getByRole('button', { name: 'Save trade' }).click();
  await expect(form.getByText('Enter the symbol, such as RELIANCE.')).toBeVisible();
  await form.getByLabel('Symbol').fill('RELIANCE');
  await expect(form.getByText('Enter the symbol, such as RELIANCE.')).toBeHidden();
  await form.getByRole('button', { name: 'Save trade' }).click();
  await expect(page).toHaveURL(/\/trades$/);

  // A saved edit leaves no draft behind, also when the saved trade reads back in other digits (1,500.50 as 1500.5).
  await page
    .getByRole('cell', { name: /^Review RELIANCE trade of 18 Nov/ })
    .getByRole('link')
    .click();
  await page.getByRole('link', { name: 'Edit trade' }).click();
  const edit = page.getByRole('form', { name: 'Edit trade' });
  await edit.getByLabel('Exit price (₹)').fill('1500.50');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(page).toHaveURL(/\/trades$/);
  await page
    .getByRole('cell', { name: /^Review RELIANCE trade of 18 Nov/ })
    .getByRole('link')
    .click();
  await page.getByRole('link', { name: 'Edit trade' }).click();
  await expect(edit.getByLabel('Exit price (₹)')).toHaveValue('1500.5');
  await expect(edit.getByText('Your unsaved changes are back')).toHaveCount(0);

  await page.goto('/trade-form');
  await form.getByLabel('Symbol').fill('reliance');
  await fill();
  const warning = form.getByRole('status').filter({ hasText: 'This trade may already be in your journal' });
  await form.getByLabel('Exit price (₹)').fill('1500.5');
  await expect(warning).toContainText(
    'RELIANCE, long: 10 at ₹1,480.00, entered 18 Nov 2026, 10:15, exited 18 Nov 2026, 13:45.',
  );
  await expect(warning.getByRole('link', { name: 'Open it' })).toHaveAttribute('href', /\/trade-form\/[0-9a-f-]{36}$/);
  // A different price is another trade.
  await form.getByLabel('Exit price (₹)').fill('1502');
  await expect(warning).toBeHidden();
});
