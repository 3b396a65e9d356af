import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, within } from 'storybook/test';
import { Shell } from '../../stories/area-states';
import { PageDecorator, type PageStoryArgs } from '../../stories/page-decorator';
import { ImportDialog, type ImportDialogProps, type ImportHistoryItem } from './import';

type Args = ImportDialogProps & PageStoryArgs;

const history: ImportHistoryItem[] = [
  {
    id: 'i2',
    fileName: 'tradebook-2026-11-20.csv',
    broker: 'Zerodha',
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
    createdAt: '2026-11-20T04:40:00Z',
    tradesCreated: 212,
    duplicatesSkipped: 0,
    rowsSkipped: 2,
    status: 'completed',
  },
];

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
    onColumnChange: fn(),
    onMapConfirm: fn(),
    onCommit: fn(),
    onStartOver: fn(),
    history,
    historyStatus: 'ready',
    onUndo: fn(async () => {}),
  },
  render: (args) => (
    <Shell title="Trades">
      <ImportDialog {...args} />
    </Shell>
  ),
} satisfies Meta<Args>;
export default meta;
type Story = StoryObj<Args>;

export const ChooseFile: Story = {
  play: async ({ args }) => {
    const dialog = await screen.findByRole('dialog', { name: 'Import trades' });
    await expect(
      within(dialog)
        .getAllByRole('radio')
        .map((r) => r.getAttribute('value')),
    ).toEqual(['zerodha', 'dhan', 'upstox', 'angelone', 'generic']);
    await expect(within(dialog).getByRole('radio', { name: 'Zerodha' })).toBeChecked();
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Dhan' }));
    await expect(args.onSourceChange).toHaveBeenCalledWith('dhan');
    const file = new File(['symbol,isin\n'], 'tradebook.csv', { type: 'text/csv' });
    await userEvent.upload(within(dialog).getByLabelText('Choose a file'), file);
    await expect(args.onFile).toHaveBeenCalledWith(file);
  },
};

export const UnreadableFile: Story = {
  args: { state: { step: 'choose', error: "This is not a Zerodha tradebook: the header has no 'trade_id' column." } },
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: 'Import trades' });
    await expect(within(dialog).getByText(/the header has no 'trade_id' column/)).toBeVisible();
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
    const dialog = await screen.findByRole('dialog', { name: 'Import trades' });
    await expect(within(dialog).getByRole('status')).toHaveTextContent('Still to map: Price.');
    await expect(within(dialog).getByRole('button', { name: 'Read the file' })).toBeDisabled();
  },
};

export const PreviewWithRowErrors: Story = {
  args: {
    state: {
      step: 'preview',
      preview: {
        fileName: 'tradebook-2026-11.csv',
        rowsTotal: 1204,
        fillsRead: 1202,
        errors: [
          { row: 8, message: "Row 8: quantity 'abc' is not a number" },
          { row: 411, message: "Row 411: trade_type 'hold' is not buy or sell" },
        ],
        duplicates: 96,
        newFills: 1106,
        tradesToCreate: 212,
        openTrades: 3,
        reopened: 1,
        charges: 'estimated',
      },
    },
  },
  play: async ({ args }) => {
    const dialog = await screen.findByRole('dialog', { name: 'Import trades' });
    await expect(
      within(dialog).getByText('96 duplicates skipped: those fills are already in your journal.'),
    ).toBeVisible();
    const errors = within(dialog).getByRole('table', { name: 'Rows that could not be read' });
    await expect(within(errors).getAllByRole('row')).toHaveLength(3);
    await expect(errors).toHaveTextContent("Row 411: trade_type 'hold' is not buy or sell");
    await userEvent.click(within(dialog).getByRole('button', { name: 'Import 212 trades' }));
    await expect(args.onCommit).toHaveBeenCalled();
  },
};

export const NothingNew: Story = {
  args: {
    state: {
      step: 'preview',
      preview: {
        fileName: 'tradebook-2026-11.csv',
        rowsTotal: 52,
        fillsRead: 52,
        errors: [],
        duplicates: 52,
        newFills: 0,
        tradesToCreate: 0,
        openTrades: 0,
        reopened: 0,
        charges: 'estimated',
      },
    },
  },
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: 'Import trades' });
    await expect(within(dialog).getByText('Nothing new to import')).toBeVisible();
    await expect(within(dialog).getByRole('button', { name: 'Import 0 trades' })).toBeDisabled();
  },
};

export const Importing: Story = {
  args: { state: { step: 'working', fileName: 'tradebook-2026.csv', phase: 'upload', done: 1, total: 3 } },
  play: async () => {
    const bar = await screen.findByRole('progressbar');
    // Reading and matching are the first 20%; one of three calls done adds 80 × 1/3 ≈ 27.
    await expect(bar).toHaveAttribute('aria-valuenow', '47');
    await expect(screen.getByText(/Saving part 2 of 3/)).toBeVisible();
    await expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
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
    const dialog = await screen.findByRole('dialog', { name: 'Import trades' });
    await expect(within(dialog).getByText(/212 trades created from 1,106 fills; 96 duplicates skipped/)).toBeVisible();
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
    const dialog = await screen.findByRole('dialog', { name: 'Import trades' });
    await expect(within(dialog).getByText('tradebook-2026-11.csv was not imported')).toBeVisible();
  },
};

export const HistoryList: Story = {
  args: { defaultTab: 'history' },
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: 'Import trades' });
    const table = within(dialog).getByRole('table', { name: 'Imports, newest first' });
    await expect(within(table).getAllByRole('row')).toHaveLength(3);
    await expect(within(table).getAllByRole('row')[1]).toHaveTextContent('tradebook-2026-11-20.csv');
  },
};

export const UndoConfirmation: Story = {
  args: { defaultTab: 'history', defaultUndoId: 'i1' },
  play: async ({ args }) => {
    const confirm = await screen.findByRole('alertdialog', { name: 'Undo the import of tradebook-2026-11.csv?' });
    await expect(confirm).toHaveTextContent('This deletes the 212 trades it created');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Undo import' }));
    await expect(args.onUndo).toHaveBeenCalledWith('i1');
  },
};

export const HistoryLoading: Story = { args: { defaultTab: 'history', historyStatus: 'loading', history: undefined } };
export const HistoryEmpty: Story = { args: { defaultTab: 'history', history: [] } };
export const HistoryError: Story = {
  args: { defaultTab: 'history', historyStatus: 'error', historyError: 'Failed to fetch', history: undefined },
};
