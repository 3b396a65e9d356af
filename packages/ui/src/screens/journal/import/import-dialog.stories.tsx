import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, within } from 'storybook/test';
import { Shell } from '../../../stories/area-states';
import { PageDecorator, type PageStoryArgs } from '../../../stories/page-decorator';
import { ImportDialog } from './import-dialog';
import type { ImportDialogProps, ImportHistoryItem, ImportPreview } from './types';

type Args = ImportDialogProps & PageStoryArgs;

const history: ImportHistoryItem[] = [
  {
    id: 'i3',
    fileName: 'holdings-2025-03-31.xlsx',
    broker: 'Zerodha',
    kind: 'holdings',
    createdAt: '2026-11-21T06:15:00Z',
    tradesCreated: 4,
    duplicatesSkipped: 0,
    rowsSkipped: 0,
    status: 'completed',
  },
  {
    id: 'i2',
    fileName: 'tradebook-2026-11-20.csv',
    broker: 'Zerodha',
    kind: 'tradebook',
    createdAt: '2026-11-20T12:05:00Z',
    tradesCreated: 14,
    duplicatesSkipped: 38,
    rowsSkipped: 0,
    status: 'completed',
  },
  {
    id: 'i1',
    fileName: 'tradebook-2026-11.csv',
    broker: 'Zerodha',
    kind: 'tradebook',
    createdAt: '2026-11-20T04:40:00Z',
    tradesCreated: 212,
    duplicatesSkipped: 0,
    rowsSkipped: 2,
    status: 'completed',
  },
];

/** A tradebook that adds trades and touches nothing else. */
const tradebook: ImportPreview = {
  kind: 'tradebook',
  fileName: 'tradebook-2026-11.csv',
  rowsTotal: 1204,
  fillsRead: 1204,
  errors: [],
  duplicates: 0,
  newFills: 1204,
  tradesToCreate: 212,
  openTrades: 0,
  missingCost: 0,
  costFound: 0,
  replaced: 0,
  estimates: [],
  charges: 'estimated',
};

const meta = {
  title: 'Screens/Journal/Import',
  component: ImportDialog,
  decorators: [PageDecorator],
  parameters: { layout: 'fullscreen' },
  args: {
    routePath: '/trades',
    open: true,
    onOpenChange: fn(),
    source: 'zerodha',
    onSourceChange: fn(),
    state: { step: 'choose' },
    onFile: fn(),
    onUseSuggestion: fn(),
    onColumnChange: fn(),
    onMapConfirm: fn(),
    onCommit: fn(),
    onStartOver: fn(),
    history,
    historyStatus: 'ready',
    onUndo: fn(async () => {}),
  },
  render: (args) => (
    <Shell>
      <ImportDialog {...args} />
    </Shell>
  ),
} satisfies Meta<Args>;
export default meta;
type Story = StoryObj<Args>;

const dialog = () => screen.findByRole('dialog', { name: 'Import trades' });
const preview = (p: Partial<ImportPreview>): Partial<Args> => ({
  state: { step: 'preview', preview: { ...tradebook, ...p } },
});

export const ChooseFile: Story = {
  play: async ({ args }) => {
    const d = await dialog();
    await expect(
      within(d)
        .getAllByRole('radio')
        .map((r) => r.getAttribute('value')),
    ).toEqual(['zerodha', 'dhan', 'upstox', 'angelone', 'generic']);
    await expect(within(d).getByRole('radio', { name: 'Zerodha' })).toBeChecked();
    await expect(
      within(d).getByText(
        'Console → Reports → Tradebook (CSV or XLSX), or a holdings or tax P&L statement for shares bought before it.',
      ),
    ).toBeVisible();
    const input = within(d).getByLabelText('Choose a file');
    await expect(input).toHaveAttribute('accept', '.csv,.xlsx');
    await userEvent.click(within(d).getByRole('radio', { name: 'Dhan' }));
    await expect(args.onSourceChange).toHaveBeenCalledWith('dhan');
    const file = new File(['symbol,isin\n'], 'tradebook.csv', { type: 'text/csv' });
    await userEvent.upload(input, file);
    await expect(args.onFile).toHaveBeenCalledWith(file);
  },
};

export const UnreadableFile: Story = {
  args: { state: { step: 'choose', error: "This is not a Zerodha tradebook: the header has no 'trade_id' column." } },
  play: async () => {
    const d = await dialog();
    const alert = await within(d).findByRole('alert');
    await expect(alert).toHaveTextContent('That file could not be read');
    await expect(alert).toHaveTextContent("the header has no 'trade_id' column");
    // The file input is described by the message, so a screen reader hears why on returning to it.
    await expect(within(d).getByLabelText('Choose a file')).toHaveAccessibleDescription(
      "This is not a Zerodha tradebook: the header has no 'trade_id' column.",
    );
    await expect(within(d).queryByRole('button', { name: /Read it as/ })).toBeNull();
  },
};

export const WrongBroker: Story = {
  args: {
    source: 'dhan',
    state: {
      step: 'choose',
      error: 'This looks like a Zerodha tradebook, not a Dhan transaction report.',
      suggestion: { source: 'zerodha', label: 'a Zerodha tradebook' },
    },
  },
  play: async ({ args }) => {
    const d = await dialog();
    const alert = await within(d).findByRole('alert');
    await expect(alert).toHaveTextContent('This looks like a Zerodha tradebook, not a Dhan transaction report.');
    const use = within(alert).getByRole('button', { name: 'Read it as a Zerodha tradebook' });
    use.focus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onUseSuggestion).toHaveBeenCalledTimes(1);
  },
};

export const NoRowRead: Story = {
  args: {
    state: {
      step: 'choose',
      error: 'No row of tradebook-2026-11.csv could be read.',
      errors: [
        { row: 2, message: "Row 2: trade_date '31/02/2026' is not a date" },
        { row: 3, message: "Row 3: quantity 'abc' is not a number" },
        { row: 3, message: "Row 3: price '' is empty" },
        { row: 4, message: "Row 4: trade_type 'hold' is not buy or sell" },
      ],
    },
  },
  play: async () => {
    const d = await dialog();
    const alert = await within(d).findByRole('alert');
    await expect(alert).toHaveTextContent('No row of tradebook-2026-11.csv could be read.');
    const rows = within(alert).getByRole('table', { name: 'Rows that could not be read' });
    // A header row and all four problems, the two of row 3 included.
    await expect(within(rows).getAllByRole('row')).toHaveLength(5);
    await expect(rows).toHaveTextContent("Row 3: price '' is empty");
    await expect(within(alert).getByRole('region', { name: 'Rows that could not be read' })).toHaveAttribute(
      'tabindex',
      '0',
    );
  },
};

export const MapColumns: Story = {
  args: {
    source: 'generic',
    state: {
      step: 'map',
      fileName: 'my-trades.csv',
      headers: ['Trade Date', 'Scrip', 'Buy/Sell', 'Qty', 'Rate', 'Ref'],
      columns: { date: 'Trade Date', symbol: 'Scrip', side: 'Buy/Sell', quantity: 'Qty' },
    },
  },
  play: async () => {
    const d = await dialog();
    await expect(await within(d).findByRole('status')).toHaveTextContent('Still to map: Price.');
    await expect(within(d).getByRole('button', { name: 'Read the file' })).toBeDisabled();
  },
};

export const PreviewTradebook: Story = {
  args: preview({ duplicates: 96, fillsRead: 1300, rowsTotal: 1300, openTrades: 3 }),
  play: async ({ args }) => {
    const d = await dialog();
    const lines = await within(d).findByRole('list', { name: 'What this import does' });
    await expect(
      within(lines)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      '96 duplicates skipped: those fills are already in your journal.',
      '3 positions are still open.',
      'The file has no charges: they are estimated from your broker profile and the rates in force on each trade date.',
    ]);
    await expect(d).not.toHaveTextContent('a later import closes them');
    await userEvent.click(within(d).getByRole('button', { name: 'Import 212 trades' }));
    await expect(args.onCommit).toHaveBeenCalled();
  },
};

export const PreviewWithRowErrors: Story = {
  args: preview({
    rowsTotal: 1204,
    fillsRead: 1202,
    newFills: 1106,
    duplicates: 96,
    errors: [
      { row: 8, message: "Row 8: quantity 'abc' is not a number" },
      { row: 411, message: "Row 411: trade_type 'hold' is not buy or sell" },
    ],
  }),
  play: async ({ args }) => {
    const d = await dialog();
    await expect(await within(d).findByRole('heading', { name: '2 rows will be skipped' })).toBeVisible();
    const errors = within(d).getByRole('table', { name: 'Rows that could not be read' });
    await expect(within(errors).getAllByRole('row')).toHaveLength(3);
    await expect(errors).toHaveTextContent("Row 411: trade_type 'hold' is not buy or sell");
    await expect(within(d).queryByRole('button', { name: /^Import/ })).toBeNull();
    await userEvent.click(within(d).getByRole('button', { name: 'Skip 2 rows and import the rest' }));
    await expect(args.onCommit).toHaveBeenCalled();
  },
};

// 260 bad rows: every one is listed (the list scrolls), none is cut off.
const manyErrors = Array.from({ length: 260 }, (_, i) => ({
  row: i + 2,
  message: `Row ${i + 2}: symbol is empty`,
}));

export const PreviewManyRowErrors: Story = {
  args: preview({ rowsTotal: 1204, fillsRead: 944, newFills: 944, tradesToCreate: 170, errors: manyErrors }),
  play: async () => {
    const d = await dialog();
    const region = await within(d).findByRole('region', { name: '260 rows will be skipped' });
    await expect(within(region).getAllByRole('row')).toHaveLength(261);
    await expect(region).toHaveTextContent('Row 261: symbol is empty');
    // The list scrolls, and a keyboard reaches it to scroll it.
    await expect(region.scrollHeight).toBeGreaterThan(region.clientHeight);
    await expect(region).toHaveAttribute('tabindex', '0');
    await expect(within(d).getByRole('button', { name: 'Skip 260 rows and import the rest' })).toBeEnabled();
  },
};

export const PreviewMissingCost: Story = {
  args: preview({
    missingCost: 4,
    replaced: 2,
    openTrades: 1,
    charges: 'estimated',
    estimates: [
      {
        reason: "stamp duty at Maharashtra's rate (your state is not set)",
        trades: 3,
        fix: { label: 'Set your state on your profile', href: '/profile#broker-charges' },
      },
      { reason: 'charges at the rates of 1 Apr 2018 (our rate tables start there)', trades: 1 },
    ],
  }),
  play: async () => {
    const d = await dialog();
    const lines = await within(d).findByRole('list', { name: 'What this import does' });
    await expect(
      within(lines)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      '1 position is still open.',
      '4 sales of shares bought before this file have no cost basis yet: they stay out of your P&L until you import a holdings or tax P&L statement, or add the opening position.',
      '2 trades from earlier imports are rebuilt with these fills.',
      "3 trades have stamp duty at Maharashtra's rate (your state is not set). Set your state on your profile",
      '1 trade has charges at the rates of 1 Apr 2018 (our rate tables start there).',
      'The file has no charges: they are estimated from your broker profile and the rates in force on each trade date.',
    ]);
    await expect(within(lines).getByRole('link', { name: 'Set your state on your profile' })).toHaveAttribute(
      'href',
      '/profile#broker-charges',
    );
  },
};

export const PreviewHoldings: Story = {
  args: preview({
    kind: 'holdings',
    fileName: 'holdings.xlsx',
    rowsTotal: 12,
    fillsRead: 12,
    newFills: 12,
    tradesToCreate: 6,
    costFound: 4,
    replaced: 4,
    holdingsAsOf: '2025-03-31',
    holdingsAsOfStated: false,
  }),
  play: async ({ args }) => {
    const d = await dialog();
    const figures = within(d)
      .getAllByRole('term')
      .map((t) => t.textContent);
    await expect(figures).toEqual(['Lines read', 'Lines used', 'Lines skipped', 'Trades rebuilt']);
    const lines = await within(d).findByRole('list', { name: 'What this import does' });
    await expect(within(lines).getAllByRole('listitem')[0]).toHaveTextContent(
      'Holdings as at the end of 31 March 2025 (the day before your first trade in the journal; the file does not say).',
    );
    await expect(lines).toHaveTextContent('4 sales get their cost basis from this statement.');
    await expect(lines).not.toHaveTextContent(/charges/i);
    await userEvent.click(within(d).getByRole('button', { name: 'Use 12 lines' }));
    await expect(args.onCommit).toHaveBeenCalled();
  },
};

/** Kite's holdings CSV: no date and no buy dates. The lots are placed before the history and wait for dates. */
export const PreviewHoldingsUndated: Story = {
  args: preview({
    kind: 'holdings',
    fileName: 'holdings.csv',
    rowsTotal: 4,
    fillsRead: 4,
    newFills: 4,
    tradesToCreate: 5,
    costFound: 4,
    replaced: 4,
    holdingsAsOf: '2024-01-08',
    holdingsAsOfStated: false,
    undatedLots: 4,
  }),
  play: async () => {
    const d = await dialog();
    const lines = await within(d).findByRole('list', { name: 'What this import does' });
    await expect(
      within(lines)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Holdings as at the end of 8 January 2024 (the day before your first trade in the journal; the file does not say).',
      'The statement gives no buy dates: 4 lots are taken as held by then, not as bought then. Sales from them stay out of short- and long-term gains on the Tax P&L page until you give their buy dates there, or import your tax P&L statement or a holdings statement with buy dates.',
      '4 sales get their cost basis from this statement.',
      '4 trades from earlier imports are rebuilt with these fills.',
    ]);
  },
};

/** A tax P&L statement after an undated holdings statement: its dated lots take the undated ones' place. */
export const PreviewTaxPnlReplacesUndated: Story = {
  args: preview({
    kind: 'tax_pnl',
    fileName: 'taxpnl-FY2024-25.xlsx',
    rowsTotal: 8,
    fillsRead: 8,
    newFills: 5,
    tradesToCreate: 5,
    costFound: 0,
    replaced: 5,
    errors: [
      { row: 17, message: 'Row 17: SBIN bought on 2024-01-09 is in your tradebook already' },
      { row: 25, message: 'Row 25: LT bought on 2024-02-05 is in your tradebook already' },
    ],
    undatedReplaced: { lots: 3, symbols: ['HDFCBANK', 'ITC', 'TATAMOTORS'] },
  }),
  play: async () => {
    const d = await dialog();
    const lines = await within(d).findByRole('list', { name: 'What this import does' });
    await expect(lines).toHaveTextContent(
      'These lots have buy dates: they replace the undated shares of HDFCBANK, ITC and TATAMOTORS from your earlier holdings statement, rather than add to them.',
    );
    await expect(within(d).getByRole('button', { name: 'Skip 2 rows and import the rest' })).toBeEnabled();
  },
};

export const PreviewHoldingsDated: Story = {
  args: preview({
    kind: 'holdings',
    fileName: 'holdings-2025-03-31.csv',
    rowsTotal: 8,
    fillsRead: 7,
    newFills: 7,
    tradesToCreate: 2,
    costFound: 1,
    replaced: 1,
    errors: [{ row: 9, message: 'Row 9: quantity is missing' }],
    holdingsAsOf: '2025-03-31',
    holdingsAsOfStated: true,
  }),
  play: async () => {
    const d = await dialog();
    const lines = await within(d).findByRole('list', { name: 'What this import does' });
    await expect(within(lines).getAllByRole('listitem')[0]).toHaveTextContent(
      /^Holdings as at the end of 31 March 2025\.$/,
    );
    await expect(lines).toHaveTextContent('1 sale gets its cost basis from this statement.');
    await expect(within(d).getByRole('button', { name: 'Skip 1 row and import the rest' })).toBeEnabled();
  },
};

export const PreviewTaxPnl: Story = {
  args: preview({
    kind: 'tax_pnl',
    fileName: 'taxpnl-FY2024-25.xlsx',
    rowsTotal: 40,
    fillsRead: 18,
    newFills: 18,
    tradesToCreate: 9,
    costFound: 9,
    replaced: 9,
  }),
  play: async () => {
    const d = await dialog();
    await expect(await within(d).findByText(/\(Tax P&L statement\): 40 rows read/)).toBeVisible();
    await expect(within(d).getByText('9 sales get their cost basis from this statement.')).toBeVisible();
    await expect(within(d).getByRole('button', { name: 'Use 18 lines' })).toBeEnabled();
  },
};

export const NothingNew: Story = {
  args: preview({ rowsTotal: 52, fillsRead: 52, duplicates: 52, newFills: 0, tradesToCreate: 0 }),
  play: async () => {
    const d = await dialog();
    await expect(await within(d).findByText('Nothing new to import')).toBeVisible();
    await expect(within(d).getByText('Every fill in this file is already in your journal.')).toBeVisible();
    await expect(within(d).getByRole('button', { name: 'Import 0 trades' })).toBeDisabled();
  },
};

/** Importing a file again after deleting some of its trades: their fills stay deleted. */
export const PreviewDeletedSkipped: Story = {
  args: preview({ duplicates: 40, deletedSkipped: 3, fillsRead: 50, rowsTotal: 50, newFills: 7, tradesToCreate: 4 }),
  play: async () => {
    const d = await dialog();
    await expect(await within(d).findByText('3 fills you deleted were skipped: they stay deleted.')).toBeVisible();
  },
};

export const NothingNewAllDeleted: Story = {
  args: preview({ rowsTotal: 2, fillsRead: 2, deletedSkipped: 2, newFills: 0, tradesToCreate: 0 }),
  play: async () => {
    const d = await dialog();
    await expect(await within(d).findByText('Nothing new to import')).toBeVisible();
    await expect(within(d).getByText('Every fill in this file is one you deleted from your journal.')).toBeVisible();
  },
};

export const Importing: Story = {
  args: { state: { step: 'working', fileName: 'tradebook-2026.csv', phase: 'upload', done: 1, total: 3 } },
  play: async () => {
    const bar = await screen.findByRole('progressbar');
    // Reading and matching are the first 20%; one of three calls done adds 80 × 1/3 ≈ 27.
    await expect(bar).toHaveAttribute('aria-valuenow', '47');
    await expect(screen.getByText(/Saving part 2 of 3/)).toBeVisible();
    // The dialog may close: the import goes on, and the page shows its progress.
    await expect(screen.getByRole('button', { name: 'Close' })).toBeEnabled();
  },
};

/** A large file: trades saved and the time left, from the pace of the parts so far. */
export const ImportingWithTimeLeft: Story = {
  args: {
    state: {
      step: 'working',
      fileName: 'tradebook-2018-2026.csv',
      phase: 'upload',
      done: 3,
      total: 12,
      trades: 6000,
      tradesTotal: 22_088,
      secondsLeft: 75,
    },
  },
  play: async () => {
    const bar = await screen.findByRole('progressbar');
    // By trades: 20 + 80 × 6,000 / 22,088 = 41.7 → 42.
    await expect(bar).toHaveAttribute('aria-valuenow', '42');
    await expect(screen.getByText('6,000 of 22,088 trades saved, about 1 min left.')).toBeVisible();
  },
};

export const Done: Story = {
  args: {
    state: {
      step: 'done',
      fileName: 'tradebook-2026-11.csv',
      tradesCreated: 212,
      executionsCreated: 1106,
      duplicates: 96,
      rowsWithErrors: 2,
    },
  },
  play: async () => {
    const d = await dialog();
    await expect(
      await within(d).findByText(/212 trades created from 1,106 fills; 96 duplicates skipped/),
    ).toBeVisible();
  },
};

export const Failed: Story = {
  args: {
    state: {
      step: 'failed',
      fileName: 'tradebook-2026-11.csv',
      message: 'Some of these fills are already in your journal (was the same file imported in another tab?).',
    },
  },
  play: async () => {
    const d = await dialog();
    await expect(await within(d).findByText('tradebook-2026-11.csv was not imported')).toBeVisible();
  },
};

export const HistoryList: Story = {
  args: { defaultTab: 'history' },
  play: async () => {
    const d = await dialog();
    const table = await within(d).findByRole('table', { name: 'Imports, newest first' });
    const rows = within(table).getAllByRole('row');
    await expect(rows).toHaveLength(4);
    await expect(rows[1]).toHaveTextContent('holdings-2025-03-31.xlsx');
    await expect(rows[1]).toHaveTextContent('Zerodha · Holdings statement');
    await expect(rows[2]).toHaveTextContent('Zerodha · Tradebook');
  },
};

export const UndoConfirmation: Story = {
  args: { defaultTab: 'history', defaultUndoId: 'i1' },
  play: async ({ args }) => {
    const confirm = await screen.findByRole('alertdialog', { name: 'Undo the import of tradebook-2026-11.csv?' });
    await expect(confirm).toHaveTextContent(
      'This takes out the fills it brought and rebuilds the trades they were in from your other imports. Importing the file again brings them back.',
    );
    await userEvent.click(within(confirm).getByRole('button', { name: 'Undo import' }));
    await expect(args.onUndo).toHaveBeenCalledWith('i1');
  },
};

export const UndoFailed: Story = {
  args: {
    defaultTab: 'history',
    defaultUndoId: 'i2',
    onUndo: fn(async () => {
      throw new Error('The import could not be undone: the network is offline.');
    }),
  },
  play: async () => {
    const confirm = await screen.findByRole('alertdialog', { name: 'Undo the import of tradebook-2026-11-20.csv?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Undo import' }));
    await expect(await within(confirm).findByRole('alert')).toHaveTextContent('the network is offline');
  },
};

export const HistoryLoading: Story = { args: { defaultTab: 'history', historyStatus: 'loading', history: undefined } };
export const HistoryEmpty: Story = { args: { defaultTab: 'history', history: [] } };
export const HistoryError: Story = {
  args: { defaultTab: 'history', historyStatus: 'error', historyError: 'Failed to fetch', history: undefined },
};
