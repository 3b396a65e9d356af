// The tax P&L end to end (issue 13): seven years of Zerodha tradebooks and the tax P&L statement that gives the
// earlier holdings their cost, then /tax for FY 2024-25 agrees with that statement (import/fixtures/README.md), and
// the CSV and XLSX exports open with the page's totals.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { zerodhaTaxPnlXlsx, zerodhaTradebookXlsx } from '../../../packages/trading/src/import/fixtures/zerodha';
import { readXlsxSheets } from '../../../packages/trading/src/import/xlsx';
import { createUser, expect, logIn, test } from './support';

const FO = fileURLToPath(
  new URL('../../../packages/trading/src/import/fixtures/zerodha-tradebook-fo-2019-2026.csv', import.meta.url),
);
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

test('the tax P&L of each year from a multi-year journal, and its exports', async ({ page }) => {
  test.slow();
  const user = await createUser({ label: 'tax', subscription: true, ageHours: 48 });
  await logIn(page, user);
  await expect(page).toHaveURL(/\/dashboard$/);

  const dialog = page.getByRole('dialog', { name: 'Import trades' });
  const importFile = async (file: Parameters<ReturnType<typeof dialog.locator>['setInputFiles']>[0]) => {
    await page.goto('/trades?import=1');
    await dialog.getByText('Zerodha', { exact: true }).click();
    await dialog.locator('input[type="file"]').setInputFiles(file);
    await dialog
      .getByRole('button', { name: /^(Skip \d+ rows? and import the rest|Import \d+ trades?|Use \d+ lines?)$/ })
      .click();
    await expect(dialog.getByText(/trades? created from/)).toBeVisible();
    await page.keyboard.press('Escape');
  };
  await importFile({ name: 'Tradebook-EQ.xlsx', mimeType: XLSX, buffer: Buffer.from(zerodhaTradebookXlsx('EQ')) });
  await importFile(FO);
  await importFile({ name: 'taxpnl-FY2024-25.xlsx', mimeType: XLSX, buffer: Buffer.from(zerodhaTaxPnlXlsx()) });

  // The page reads what the tax P&L needs (tax_trades() and two small reads), never the whole journal, which on a
  // heavy journal is ten times larger.
  const dataReads: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path.startsWith('/rest/v1/') && request.method() !== 'OPTIONS') dataReads.push(path.slice('/rest/v1/'.length));
  });
  await page.goto('/tax?fy=2024-25');
  await expect(page.getByRole('heading', { name: 'Tax P&L', level: 1 })).toBeVisible();
  await expect(page.getByText(/Information, not advice/)).toBeVisible();
  const head = (name: string) => page.getByRole('region', { name, exact: true });
  // Zerodha's statement for the year: intraday +935.00 (HDFCBANK); F&O +887.50 − 1,118.75 + 3,930.00 = +3,698.75,
  // turnover 5,936.25; short term SUZLON 39,300.00 sold for 20,925.00; long term 44,736 + 57,150 + 57,400 + 87,300 +
  // 24,500 = 2,71,086.00 sold for 17,134 + 20,700 + 13,677 + 37,450 + 11,200 = 1,00,161.00.
  await expect(head('Speculative business income')).toContainText('+₹935.00');
  await expect(head('Non-speculative business income')).toContainText('₹5,936.25');
  await expect(head('Non-speculative business income')).toContainText('+₹3,698.75');
  await expect(head('Short-term capital gains')).toContainText('₹39,300.00');
  await expect(head('Short-term capital gains')).toContainText('₹20,925.00');
  await expect(head('Long-term capital gains')).toContainText('₹2,71,086.00');
  await expect(head('Long-term capital gains')).toContainText('₹1,00,161.00');
  expect(dataReads.filter((read) => read === 'rpc/tax_trades')).toHaveLength(1);
  expect(dataReads.filter((read) => read === 'rpc/journal_trades')).toEqual([]);

  // ASIANPAINT was bought before 1 Feb 2018: its 31 Jan 2018 value (11,645.00 for 10, from the statement) raises
  // the cost of acquisition by 445.00 to 1,00,606.00.
  await page.getByLabel('ASIANPAINT: value per share on 31 January 2018 (₹)').fill('1,164.50');
  await page.getByRole('button', { name: 'Save the value of ASIANPAINT' }).click();
  await expect(head('Long-term capital gains')).toContainText('₹1,00,606.00');

  // A total opens on the trades behind it.
  await head('Long-term capital gains')
    .getByRole('button', { name: /^See the 5 trades/ })
    .click();
  const sales = page.getByRole('dialog');
  for (const symbol of ['ICICIBANK', 'INFY', 'BAJAJ-AUTO', 'TCS', 'ASIANPAINT'])
    await expect(sales).toContainText(symbol);
  await page.keyboard.press('Escape');

  // The exports open with the same totals.
  const [csv] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  expect(csv.suggestedFilename()).toBe('bahi-tax-pnl-2024-25.csv');
  const text = readFileSync((await csv.path()) as string, 'utf8');
  expect(text).toContain('Short term, listed equity');
  expect(text).toMatch(/"Long term, listed equity \([^)]*\)",5,271086,100606,/);
  expect(text).toContain('Speculative: intraday equity (s. 43(5)),1,935,935,');

  const [xlsx] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download XLSX' }).click(),
  ]);
  expect(xlsx.suggestedFilename()).toBe('bahi-tax-pnl-2024-25.xlsx');
  const sheets = readXlsxSheets(new Uint8Array(readFileSync((await xlsx.path()) as string)));
  const summary = sheets.find((s) => s.name === 'Summary');
  const longTerm = summary?.rows.find((r) => r[0]?.startsWith('Long term, listed equity'));
  expect(longTerm?.slice(1, 4)).toEqual(['5', '271086', '100606']);
  expect(sheets.map((s) => s.name)).toEqual([
    'Summary',
    'Short term 111A',
    'Long term 112A',
    'Schedule 112A',
    'Business trades',
  ]);

  // Another year: the years before hold their own trades (FY 2019-20: RELIANCE intraday +422.50).
  await page.goto('/tax?fy=2019-20');
  await expect(head('Speculative business income')).toContainText('+₹422.50');
});
