// The journal kept in the browser (issue 26): a return visit to an unchanged journal shows it without downloading it
// again, a changed journal is read again, and logging out leaves nothing of it on the device.
import type { Page } from '@playwright/test';
import { createUser, expect, logIn, sql, test } from './support';

const TRADEBOOK =
  'symbol,isin,trade_date,exchange,segment,series,trade_type,auction,quantity,price,trade_id,order_id,order_execution_time\n' +
  'WIPRO,INE075A01022,2026-11-20,NSE,EQ,EQ,buy,false,5,250.00,9001,9901,2026-11-20T10:00:00\n' +
  'TCS,INE467B01029,2026-11-20,NSE,EQ,EQ,buy,false,2,4000.00,9002,9902,2026-11-20T10:05:00\n';

/** The journal_trades() and journal_revision() calls the page makes from now on. */
function journalCalls(page: Page) {
  const calls: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path === '/rest/v1/rpc/journal_trades' || path === '/rest/v1/rpc/journal_revision') {
      calls.push(path.slice('/rest/v1/rpc/'.length));
    }
  });
  return calls;
}

const keptEntries = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const open = indexedDB.open('bahi-journal', 1);
        open.onupgradeneeded = () => open.result.createObjectStore('trades');
        open.onsuccess = () => {
          const count = open.result.transaction('trades').objectStore('trades').count();
          count.onsuccess = () => {
            resolve(count.result);
            open.result.close();
          };
        };
      }),
  );

test('a return visit shows the kept journal while it is unchanged, and logging out forgets it', async ({ page }) => {
  const user = await createUser({ label: 'kept', subscription: true, ageHours: 48 });
  await logIn(page, user);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/trades?import=1');
  const dialog = page.getByRole('dialog', { name: 'Import trades' });
  await dialog.getByText('Zerodha', { exact: true }).click();
  await dialog.locator('input[type="file"]').setInputFiles({
    name: 'tradebook.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(TRADEBOOK),
  });
  await dialog.getByRole('button', { name: 'Import 2 trades' }).click();
  await dialog.getByRole('button', { name: 'See the trades' }).click();
  const rows = page.getByRole('row').filter({ hasText: /WIPRO|TCS/ });
  await expect(rows).toHaveCount(2);

  // The journal read (or patched) is kept.
  await page.reload();
  await expect(rows).toHaveCount(2);
  await expect.poll(() => keptEntries(page)).toBe(1);
  // With a note of whose copy it is, read without opening IndexedDB.
  await expect
    .poll(async () => JSON.parse((await page.evaluate(() => localStorage.getItem('bahi-journal-kept'))) ?? 'null'))
    .toMatchObject({ userId: user.id });

  // The next visit asks only whether the journal changed, and shows the kept trades.
  let calls = journalCalls(page);
  await page.goto('/trades');
  await expect(rows).toHaveCount(2);
  expect(calls).toEqual(['journal_revision']);

  // Changed elsewhere (another device): the revision moved on, so the journal is read again.
  await sql(`update public.trades set notes = 'from the phone' where user_id = $1 and symbol = 'TCS'`, [user.id]);
  calls = journalCalls(page);
  await page.goto('/trades');
  await expect(rows).toHaveCount(2);
  expect(calls).toEqual(['journal_revision', 'journal_trades']);

  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page.getByRole('heading', { name: 'Secure Content' })).toBeVisible();
  await expect.poll(() => keptEntries(page)).toBe(0);
  // Nor the note of whose copy it was.
  expect(await page.evaluate(() => localStorage.getItem('bahi-journal-kept'))).toBeNull();
});
