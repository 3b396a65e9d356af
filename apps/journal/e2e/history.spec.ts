// Real trading history end to end (issue 12): seven years of a Zerodha equity tradebook as Console's XLSX, whose four
// sales of shares bought before it wait for their cost; then the holdings statement that gives it. No delivery
// shorts, and a day's realised P&L is the same on the calendar and in funds. The fixtures' figures are worked by hand
// in packages/trading/src/import/fixtures/README.md.
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { zerodhaTradebookXlsx } from '../../../packages/trading/src/import/fixtures/zerodha';
import { createUser, expect, logIn, sql, test } from './support';

const HOLDINGS = fileURLToPath(
  new URL('../../../packages/trading/src/import/fixtures/zerodha-holdings-2019-03-31.csv', import.meta.url),
);

/** The import dialog with the seven-year equity tradebook (Console's XLSX) picked, as a trader opens it on /trades. */
async function pickTradebook(page: Page) {
  await page.goto('/trades?import=1');
  const dialog = page.getByRole('dialog', { name: 'Import trades' });
  await dialog.getByText('Zerodha', { exact: true }).click();
  await dialog.locator('input[type="file"]').setInputFiles({
    name: 'Tradebook-ZX1234-EQ.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: Buffer.from(zerodhaTradebookXlsx('EQ')),
  });
  return dialog;
}

test('import a multi-year tradebook and a holdings statement: no delivery shorts, one P&L day everywhere', async ({
  page,
}) => {
  test.slow();
  const user = await createUser({ label: 'history', subscription: true, ageHours: 48 });
  await logIn(page, user);
  await expect(page).toHaveURL(/\/dashboard$/);

  // The tradebook from April 2019 to November 2026, with three bad rows: all three are listed, the rest imports.
  const dialog = await pickTradebook(page);
  const skipped = dialog.getByRole('region', { name: '3 rows will be skipped' });
  await expect(skipped).toBeVisible();
  // Rows and columns as the sheet has them (its header is on row 15).
  for (const problem of [
    "Row 20: Quantity 'abc' is not a number",
    "Row 28: Trade Type 'hold' is not buy or sell",
    "Row 48: Order Execution Time '2025-02-30 10:00:00' is not a date and time",
  ]) {
    await expect(skipped).toContainText(problem);
  }
  await expect(
    dialog.getByText(
      '4 sales of shares bought before this file have no cost basis yet: they stay out of your P&L until you import a holdings or tax P&L statement, or add the opening position.',
    ),
  ).toBeVisible();
  await dialog.getByRole('button', { name: 'Skip 3 rows and import the rest' }).click();
  // 19 trades by hand (fixtures README): 13 round trips and sales, the AXISBANK flip's two, ICICIBANK's two sales
  // of one buy, SUZLON's open 450 and the four sales without a cost basis.
  await expect(dialog.getByText(/^19 trades created from/)).toBeVisible();
  await dialog.getByRole('button', { name: 'See the trades' }).click();

  // The cash market has no delivery shorts: the four sales wait for their cost, and are left out of P&L.
  await expect(
    page.getByText(
      '4 sales have no cost basis: shares bought before your imported history. They are left out of every P&L figure until you give their cost.',
    ),
  ).toBeVisible();
  const shape = async () =>
    (
      await sql<{ shorts: number; missing: number }>(
        `select count(*) filter (where side = 'short' and product = 'delivery')::int as shorts,
           count(*) filter (where status = 'missing_cost')::int as missing
         from public.trades where user_id = $1`,
        [user.id],
      )
    )[0];
  expect(await shape()).toEqual({ shorts: 0, missing: 4 });
  await page.goto('/dashboard');
  await expect(page.getByText('4 sales without a cost basis are left out of these figures.')).toBeVisible();
  // /tax counts them in its own read (tax_trades() holds every sale without a cost basis), not the whole journal's.
  await page.goto('/tax');
  await expect(page.getByText('4 sales without a cost basis are left out of these figures.')).toBeVisible();

  // The holdings statement as on 31 Mar 2019 gives the four sales their cost.
  await page.goto('/trades?import=1');
  await dialog.getByText('Zerodha', { exact: true }).click();
  await dialog.locator('input[type="file"]').setInputFiles(HOLDINGS);
  await expect(dialog.getByText('Holdings as at the end of 31 March 2019.')).toBeVisible();
  await expect(dialog.getByText('4 sales get their cost basis from this statement.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Use 5 lines' }).click();
  await expect(dialog.getByText('Imported zerodha-holdings-2019-03-31.csv')).toBeVisible();
  await page.keyboard.press('Escape');
  expect(await shape()).toEqual({ shorts: 0, missing: 0 });

  // TCS sold on 13 Dec 2024 (bought 10 Jul 2018 at 1,872.50): gross 20 × 2,492.50 = +₹49,850.00, less its charges.
  const [tcs] = await sql<{ net: string; gross: string }>(
    `select net_pnl::text as net, gross_pnl::text as gross from public.trades
     where user_id = $1 and symbol = 'TCS' and exit_date = '2024-12-13'`,
    [user.id],
  );
  expect(tcs?.gross).toBe('49850.00');
  const net = Number(tcs?.net);
  const inr = (n: number) => n.toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

  // The calendar puts it on its exit day…
  await page.goto('/calendar?month=2024-12');
  const day = new RegExp(`^13 Dec(ember)? 2024: \\+₹${inr(net).replace(/[.]/g, '\\.')} net, 1 trade$`);
  await expect(page.getByRole('button', { name: day })).toBeVisible();

  // …and so does funds (with the capital put in when the tradebook starts): trading P&L after charges moves by the
  // same amount on 13 Dec 2024.
  await sql(
    `insert into public.funds (user_id, kind, amount, occurred_on) values ($1, 'deposit', 200000, '2019-04-01')`,
    [user.id],
  );
  await page.goto('/funds');
  const rows = page.locator('table').filter({ hasText: 'Trading P&L after charges' }).locator('tbody tr');
  await rows.first().waitFor({ state: 'attached' });
  const table = await rows.evaluateAll((trs) =>
    trs.map((tr) => [...tr.querySelectorAll('td, th')].map((cell) => cell.textContent ?? '')),
  );
  const at = table.findIndex((cells) => cells[0] === '2024-12-13');
  expect(at).toBeGreaterThan(0);
  const rupees = (text: string | undefined) => Number((text ?? '').replace(/[₹,+\s]/g, '').replace('−', '-'));
  const change = rupees(table[at]?.[3]) - rupees(table[at - 1]?.[3]);
  expect(change.toFixed(2)).toBe(net.toFixed(2));
});

test('an opening position and a split on /trades: the sales take their cost, and the page reads only what changed', async ({
  page,
}) => {
  test.slow();
  const user = await createUser({ label: 'opening', subscription: true, ageHours: 48 });
  await logIn(page, user);
  await expect(page).toHaveURL(/\/dashboard$/);
  const dialog = await pickTradebook(page);
  await dialog.getByRole('button', { name: 'Skip 3 rows and import the rest' }).click();
  await dialog.getByRole('button', { name: 'See the trades' }).click();
  const notice = page.locator('[data-slot="missing-cost-notice"]');
  await expect(notice).toContainText('4 sales have no cost basis');

  // From here the page reads the journal's trades only by id: the few a change wrote.
  const tradeReads: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/rest/v1/rpc/journal_trades' && request.method() === 'POST') {
      tradeReads.push(request.postData() ?? '');
    }
  });
  const tcs = async () =>
    sql<{ status: string; quantity: number; gross: string | null }>(
      `select status, quantity::float8 as quantity, gross_pnl::text as gross from public.trades
       where user_id = $1 and symbol = 'TCS' order by entry_time, status`,
      [user.id],
    );

  // TCS's 20 sold on 13 Dec 2024 at 4,365.00 were held from 10 Jul 2018 at 1,872.50: 20 × 2,492.50 = +₹49,850.00.
  await notice.getByRole('button', { name: 'Add opening position' }).click();
  const opening = page.getByRole('dialog', { name: 'Add an opening position' });
  await opening.getByLabel('Symbol').fill('TCS');
  await opening.getByLabel('Shares held').fill('20');
  await opening.getByLabel('Average cost per share').fill('1872.50');
  await opening.getByLabel('Held on').fill('2018-07-10');
  await opening.getByRole('button', { name: 'Add opening position' }).click();
  await expect(page.getByText('Opening position added: 1 sale has a cost basis now.', { exact: true })).toBeVisible();
  await expect(notice).toContainText('3 sales have no cost basis');
  expect((await tcs()).map((t) => t.gross)).toEqual(['49850.00']);

  // A 1:2 split from 1 Jan 2022: 40 held at 936.25, 20 of them sold at 4,365.00: 20 × 3,428.75 = +₹68,575.00, and 20
  // still held.
  await page.getByRole('button', { name: 'Corporate actions' }).click();
  const actions = page.getByRole('dialog', { name: 'Corporate actions' });
  await actions.getByLabel('Symbol').fill('TCS');
  await actions.getByLabel('Shares before').fill('1');
  await actions.getByLabel('Shares after').fill('2');
  await actions.getByLabel('Ex-date').fill('2022-01-01');
  await actions.getByRole('button', { name: 'Add split' }).click();
  await expect(page.getByText('Split of TCS recorded.', { exact: true })).toBeVisible();
  // The list (with the fractions read from the trades the actions changed) shows the new split.
  await expect(actions.getByRole('row', { name: /TCS Split 1:2/ })).toBeVisible();
  await expect.poll(tcs).toEqual([
    { status: 'closed', quantity: 20, gross: '68575.00' },
    { status: 'open', quantity: 20, gross: null },
  ]);
  await expect(notice).toContainText('3 sales have no cost basis');
  expect(tradeReads).toHaveLength(2);

  // The day's file: one new buy, read back by id too, and listed.
  // Within the app (a reload would read the journal whole, as a first visit does).
  await actions.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(actions).toBeHidden();
  await page.getByRole('link', { name: 'Dashboard' }).first().click();
  await page.getByRole('link', { name: 'Import trades' }).click();
  await dialog.getByText('Zerodha', { exact: true }).click();
  await dialog.locator('input[type="file"]').setInputFiles({
    name: 'tradebook-2026-11-20.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(
      'symbol,isin,trade_date,exchange,segment,series,trade_type,auction,quantity,price,trade_id,order_id,order_execution_time\n' +
        'WIPRO,INE075A01022,2026-11-20,NSE,EQ,EQ,buy,false,5,250.00,9001,9901,2026-11-20T10:00:00\n',
    ),
  });
  await dialog.getByRole('button', { name: 'Import 1 trade' }).click();
  await dialog.getByRole('button', { name: 'See the trades' }).click();
  await expect(page.getByRole('row').filter({ hasText: 'WIPRO' })).toHaveCount(1);
  expect(tradeReads.length).toBeGreaterThanOrEqual(3);
  for (const body of tradeReads) expect(JSON.parse(body)).toHaveProperty('p_ids');
});
