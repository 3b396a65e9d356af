// The journal end to end (issue 7): log a trade by hand, import a Zerodha tradebook (NOV_2026_TRADEBOOK), and find
// both on the dashboard, the calendar and in analytics. Every figure below is worked by hand from the three trades.
import { createUser, expect, logIn, NOV_2026_TRADEBOOK, sql, test } from './support';

test('log a trade, import a Zerodha tradebook, and see both on the dashboard, calendar and analytics', async ({
  page,
}) => {
  const user = await createUser({ label: 'journal', subscription: true, ageHours: 48 });
  await logIn(page, user);
  await expect(page).toHaveURL(/\/dashboard$/);

  // By hand: RELIANCE long 10 @ 1,480.00 → 1,500.00 on 18 Nov 2026, gross +₹200.00.
  await page.goto('/trade-form');
  const form = page.getByRole('form', { name: 'Add trade' });
  await form.getByLabel('Symbol').fill('RELIANCE');
  await form.getByLabel('Quantity').fill('10');
  await form.getByLabel('Entry price (₹)').fill('1480');
  await form.getByLabel('Entry time (IST)').fill('2026-11-18T10:15');
  await form.getByLabel('Exit price (₹)').fill('1500');
  await form.getByLabel('Exit time (IST)').fill('2026-11-18T13:45');
  await form.getByRole('button', { name: 'Save trade' }).click();
  await expect(page).toHaveURL(/\/trades$/);
  await expect(page.getByRole('cell', { name: /^Review RELIANCE trade of 18 Nov/ })).toBeVisible();

  // Import the tradebook: a preview first, then one import of two trades.
  await page.goto('/trades?import=1');
  const dialog = page.getByRole('dialog', { name: 'Import trades' });
  await dialog.getByText('Zerodha', { exact: true }).click();
  await dialog.locator('input[type="file"]').setInputFiles({
    name: 'tradebook-NOV-2026.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(NOV_2026_TRADEBOOK),
  });
  await expect(dialog.getByRole('button', { name: 'Import 2 trades' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Import 2 trades' }).click();
  await expect(dialog.getByText('2 trades created from 4 fills')).toBeVisible();
  await dialog.getByRole('button', { name: 'See the trades' }).click();
  await expect(page.getByRole('cell', { name: /^Review INFY trade of 18 Nov/ })).toBeVisible();
  await expect(page.getByRole('cell', { name: /^Review TCS trade of 18 Nov/ })).toBeVisible();

  // The same file again adds nothing.
  await page.goto('/trades?import=1');
  await dialog.getByText('Zerodha', { exact: true }).click();
  await dialog.locator('input[type="file"]').setInputFiles({
    name: 'tradebook-NOV-2026.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(NOV_2026_TRADEBOOK),
  });
  await expect(dialog.getByRole('button', { name: 'Import 0 trades' })).toBeDisabled();
  await page.keyboard.press('Escape');

  const [stored] = await sql<{ trades: number; gross: string; charges: string }>(
    `select count(*)::int as trades, sum(gross_pnl)::text as gross, sum(charges)::text as charges
     from public.trades where user_id = $1`,
    [user.id],
  );
  expect(stored).toMatchObject({ trades: 3, gross: '500.00' });
  // The net P&L the dashboard must show: ₹500.00 gross less the charges estimated for the three trades.
  const net = 500 - Number(stored!.charges);
  expect(Number(stored!.charges)).toBeGreaterThan(0);

  // The dashboard reads the journal in one request (trades with their tag and playbook names), or, when the browser
  // kept it from an earlier visit, asks only whether it changed since: on a phone every request waits its turn, with
  // its own CORS preflight, among the page's scripts.
  const dataReads: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path.startsWith('/rest/v1/') && request.method() !== 'OPTIONS') dataReads.push(path.slice('/rest/v1/'.length));
  });
  await page.goto('/dashboard');
  const stats = page.getByRole('region', { name: 'Statistics' });
  await expect(stats.getByText('after charges · 3 trades')).toBeVisible();
  expect(dataReads.filter((read) => read === 'rpc/journal_trades' || read === 'rpc/journal_revision')).toHaveLength(1);
  expect(dataReads.filter((read) => /^(trades|trade_tags|tags|playbooks)\b/.test(read))).toEqual([]);
  await expect(stats.getByText('3 of 3 trades')).toBeVisible();
  // The money rule (packages/ui/README.md): a figure that is read is exact, with paise, and reads the same on every
  // screen: the dashboard's stat card, the calendar's day and the assistant's answer.
  const exactNet = `+₹${net.toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
  const netCard = stats.locator('[data-slot="stat"]').filter({ hasText: 'Net P&L' });
  await expect(netCard.getByText(exactNet, { exact: true })).toBeVisible();

  await page.goto('/calendar?month=2026-11');
  const day = new RegExp(`^18 Nov(ember)? 2026: ${exactNet.replace(/[+.]/g, '\\$&')} net, 3 trades$`);
  await expect(page.getByRole('button', { name: day })).toBeVisible();

  // Time analysis by IST entry: INFY 09:30 in 09:15–10:00; TCS 10:00 and RELIANCE 10:15 in 10:00–11:00.
  await page.goto('/analytics');
  await expect(page.getByRole('row', { name: /^09:15–10:00 small sample 1 100% 1 of 1 / })).toBeVisible();
  await expect(page.getByRole('row', { name: /^10:00–11:00 small sample 2 100% 2 of 2 / })).toBeVisible();
  await page.getByRole('tab', { name: 'Setups and instruments' }).click();
  for (const symbol of ['RELIANCE', 'INFY', 'TCS']) {
    await expect(page.getByRole('cell', { name: new RegExp(`^${symbol}\\b`) }).first()).toBeVisible();
  }

  await page.goto('/Bahi-AI');
  await page.getByRole('textbox', { name: 'Ask about your trades' }).fill("What's my win rate?");
  await page.getByRole('button', { name: 'Send' }).click();
  const log = page.getByRole('log', { name: 'Conversation' });
  await expect(log).toContainText(`${exactNet} net over 3 trades`);
  await expect(log.getByRole('row', { name: /^Net P&L / })).toContainText(exactNet);
});
