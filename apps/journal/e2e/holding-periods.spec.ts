// Holding periods end to end (issue 26): account KT4417's tradebook and Kite's holdings CSV, which says neither its
// date nor when anything was bought. /tax keeps those sales out of short and long term and says how many lots and how
// much sale value wait; the trader dates each lot there, and the sales take their heads. Figures worked by hand in
// packages/trading/src/import/fixtures/README.md.
import { fileURLToPath } from 'node:url';
import { createUser, expect, logIn, test } from './support';

const fixture = (name: string) =>
  fileURLToPath(new URL(`../../../packages/trading/src/import/fixtures/${name}`, import.meta.url));

test('an undated holdings statement: its sales wait for buy dates on /tax, and take their heads once dated', async ({
  page,
}) => {
  test.slow();
  const user = await createUser({ label: 'dates', subscription: true, ageHours: 48 });
  await logIn(page, user);
  await expect(page).toHaveURL(/\/dashboard$/);

  const dialog = page.getByRole('dialog', { name: 'Import trades' });
  const pick = async (file: string) => {
    await page.goto('/trades?import=1');
    await dialog.getByText('Zerodha', { exact: true }).click();
    await dialog.locator('input[type="file"]').setInputFiles(fixture(file));
  };
  await pick('zerodha-tradebook-eq-2024-2025.csv');
  await dialog.getByRole('button', { name: /^Import \d+ trades?$/ }).click();
  await expect(dialog.getByText(/trades? created from/)).toBeVisible();
  await page.keyboard.press('Escape');

  // The preview says the dates are unknown and what that means.
  await pick('kite-holdings-undated.csv');
  await expect(
    dialog.getByText(
      'Holdings as at the end of 8 January 2024 (the day before your first trade in the journal; the file does not say).',
    ),
  ).toBeVisible();
  await expect(dialog.getByText(/^The statement gives no buy dates: 4 lots are taken as held by then/)).toBeVisible();
  await expect(dialog.getByText('4 sales get their cost basis from this statement.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Use 4 lines' }).click();
  await expect(dialog.getByText('Imported kite-holdings-undated.csv')).toBeVisible();
  await page.keyboard.press('Escape');

  await page.goto('/tax?fy=2024-25');
  const head = (name: string) => page.getByRole('region', { name, exact: true });
  const waiting = page.getByRole('region', { name: '3 lots sold this year have no buy date' });
  // 57,066 + 64,736 + 43,510 + 1,46,175 = 3,11,487.00 of sales wait; short term is SBIN's 41,920.00 alone, long
  // term LT's 49,476.75.
  await expect(waiting).toContainText('₹3,11,487.00');
  await expect(head('Short-term capital gains')).toContainText('Sale value₹41,920.00');
  await expect(head('Short-term capital gains')).toContainText(
    'Not counted here: 4 sales for ₹3,11,487.00 from lots with no buy date.',
  );
  await expect(head('Long-term capital gains')).toContainText('Sale value₹49,476.75');

  // The trader dates each lot: HDFCBANK's 40 as two buys.
  const form = (name: string) => page.getByRole('form', { name });
  const hdfc = form('HDFCBANK: 40 shares at ₹1,515.70');
  await hdfc.getByRole('textbox', { name: 'Shares' }).fill('25');
  await hdfc.getByLabel('Bought on').fill('2021-06-15');
  await hdfc.getByRole('button', { name: 'Add another buy of HDFCBANK' }).click();
  await hdfc.getByRole('textbox', { name: 'Shares, buy 2' }).fill('15');
  await hdfc.getByLabel('Bought on, buy 2').fill('2023-08-21');
  await hdfc.getByRole('button', { name: 'Save the dates of HDFCBANK' }).click();
  await expect(page.getByRole('region', { name: '2 lots sold this year have no buy date' })).toBeVisible();

  // A day after the one the lot was held by is refused, with the reason.
  const itc = form('ITC: 300 shares at ₹216.10');
  await itc.getByLabel('Bought on').fill('2024-02-01');
  await itc.getByRole('button', { name: 'Save the dates of ITC' }).click();
  await expect(itc.getByText('Pick a day on or before 8 Jan 2024')).toBeVisible();
  await itc.getByLabel('Bought on').fill('2021-12-20');
  await itc.getByRole('button', { name: 'Save the dates of ITC' }).click();
  await expect(page.getByRole('region', { name: 'One lot sold this year has no buy date' })).toBeVisible();

  const tatamotors = form('TATAMOTORS: 100 shares at ₹561.35');
  await tatamotors.getByLabel('Bought on').fill('2023-06-12');
  await tatamotors.getByRole('button', { name: 'Save the dates of TATAMOTORS' }).click();
  await expect(page.getByRole('region', { name: /sold this year ha(s|ve) no buy date$/ })).toHaveCount(0);

  // Short term: SBIN 41,920 + TATAMOTORS 60 sold 21 May 2024, 57,066 + HDFCBANK's 15 of 2023, 24,276 = 1,23,262.00.
  // Long term: HDFCBANK's 25 of 2021, 40,460 + TATAMOTORS 40 sold 30 Aug 2024, 43,510 + ITC 1,46,175 + LT 49,476.75
  // = 2,79,621.75.
  await expect(head('Short-term capital gains')).toContainText('Sale value₹1,23,262.00');
  await expect(head('Long-term capital gains')).toContainText('Sale value₹2,79,621.75');
  await expect(head('Short-term capital gains')).not.toContainText('Not counted here');
});
