// The rest of the journal end to end, against the real stack (RLS, storage, the daily-journal constraint): a
// deposit, a playbook with rules, a trade that follows one of them, a daily journal entry, a screenshot upload and
// the assistant's answer about the trader's own numbers.
import { createUser, expect, logIn, sql, test } from './support';

// A 1×1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

test('funds, a playbook and its adherence, the notebook, the gallery and the assistant', async ({ page }) => {
  const user = await createUser({ label: 'areas', subscription: true, ageHours: 48 });
  await logIn(page, user);
  await expect(page).toHaveURL(/\/dashboard$/);

  // A deposit of ₹1,00,000 shows in the totals.
  await page.goto('/funds');
  await page.getByRole('button', { name: 'Add movement' }).first().click();
  const fund = page.getByRole('dialog', { name: 'Add a fund movement' });
  await fund.getByLabel('Amount (₹)').fill('100000');
  await fund.getByRole('textbox', { name: 'Date' }).fill('2026-11-02');
  await fund.getByRole('button', { name: 'Add movement' }).click();
  await expect(page.getByRole('region', { name: 'Totals' })).toContainText('₹1,00,000.00');

  // A playbook with two rules.
  await page.goto('/playbook/create');
  const playbook = page.getByRole('form', { name: 'New playbook' });
  await playbook.getByLabel('Name').fill('Gap and go');
  await playbook.getByRole('button', { name: 'Add rule' }).click();
  await playbook.getByLabel('Rule 1', { exact: true }).fill('Gap above the previous high');
  await playbook.getByRole('button', { name: 'Add rule' }).click();
  await playbook.getByLabel('Rule 2', { exact: true }).fill('Volume above the 20-day average');
  await playbook.getByRole('button', { name: 'Create playbook' }).click();
  await expect(page).toHaveURL(/\/playbooks$/);
  await expect(page.getByRole('heading', { name: 'Gap and go' })).toBeVisible();

  // A trade under it that followed the first rule only: adherence 1 of 2 rule checks.
  await page.goto('/trade-form');
  const trade = page.getByRole('form', { name: 'Add trade' });
  await trade.getByLabel('Symbol').fill('SBIN');
  await trade.getByLabel('Quantity').fill('100');
  await trade.getByLabel('Entry price (₹)').fill('800');
  await trade.getByLabel('Entry time (IST)').fill('2026-11-18T09:45');
  await trade.getByLabel('Exit price (₹)').fill('812');
  await trade.getByLabel('Exit time (IST)').fill('2026-11-18T11:30');
  await trade.getByLabel('Playbook').click();
  await page.getByRole('option', { name: 'Gap and go' }).click();
  await trade.getByRole('checkbox', { name: 'Gap above the previous high' }).click();
  await expect(trade.getByRole('group', { name: 'Rules followed (1 of 2)' })).toBeVisible();
  await trade.getByRole('button', { name: 'Save trade' }).click();
  await expect(page).toHaveURL(/\/trades$/);
  await page.goto('/playbooks');
  await expect(page.getByText('50% of rules followed (1 of 2 rule checks)')).toBeVisible();

  // Renamed, the playbook's trades carry the new name at once: the journal is read again, not only the playbooks.
  await page.getByRole('link', { name: 'Edit Gap and go' }).click();
  const edit = page.getByRole('form', { name: 'Edit playbook' });
  await edit.getByLabel('Name').fill('Gap and go, first hour');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(page).toHaveURL(/\/playbooks$/);
  await page.getByRole('link', { name: 'Trades of Gap and go, first hour' }).click();
  await expect(page.getByRole('row', { name: /SBIN/ })).toContainText('Gap and go, first hour');

  // The daily journal of 18 Nov, saved by itself as the trader types, is there after a reload.
  const entry = 'Waited for the opening range. Sized down after the gap.';
  await page.goto('/notebook?date=2026-11-18');
  await page.getByLabel('Journal entry').fill(entry);
  await expect
    .poll(
      async () =>
        (
          await sql<{ body: string }>('select body from public.notes where user_id = $1 and journal_date = $2', [
            user.id,
            '2026-11-18',
          ])
        )[0]?.body,
    )
    .toBe(entry);
  await page.reload();
  await expect(page.getByLabel('Journal entry')).toHaveValue(entry);

  // A screenshot goes to the private bucket under the trader's own folder and shows in the grid.
  await page.goto('/gallery');
  await page
    .getByLabel('Choose images to upload')
    .setInputFiles({ name: 'chart.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByRole('list', { name: 'Uploads' })).toContainText('chart.pngDone');
  await expect(page.getByRole('list', { name: 'Images' }).getByRole('button', { name: 'chart' })).toBeVisible();
  const objects = await sql<{ name: string }>("select name from storage.objects where bucket_id = 'gallery'");
  expect(objects.filter((o) => o.name.startsWith(`${user.id}/`))).toHaveLength(1);

  // The assistant answers from this journal: one closed trade, a winner (+₹1,200 gross before charges).
  await page.goto('/Bahi-AI');
  await page.getByRole('textbox', { name: 'Ask about your trades' }).fill("What's my win rate?");
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByRole('log', { name: 'Conversation' })).toContainText('over 1 trade on 1 day, 1 won (100%)');
});
