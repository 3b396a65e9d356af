import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { Badge } from './badge';
import { Money } from './money';
import { DataTable, type DataTableColumn } from './table';

interface TradeRow {
  id: string;
  symbol: string;
  date: string;
  side: 'Long' | 'Short';
  pnl: number;
}

const trades: TradeRow[] = [
  { id: '1', symbol: 'RELIANCE', date: '2026-01-05', side: 'Long', pnl: 3420 },
  { id: '2', symbol: 'NIFTY 24500 CE', date: '2026-01-06', side: 'Long', pnl: -1875.5 },
  { id: '3', symbol: 'HDFCBANK', date: '2026-01-07', side: 'Short', pnl: 12650 },
  { id: '4', symbol: 'SUZLON', date: '2026-01-08', side: 'Long', pnl: -640 },
];

const columns: DataTableColumn<TradeRow>[] = [
  { id: 'date', header: 'Date', cell: (r) => r.date, sortValue: (r) => r.date },
  { id: 'symbol', header: 'Symbol', cell: (r) => r.symbol, sortValue: (r) => r.symbol },
  {
    id: 'side',
    header: 'Side',
    cell: (r) => <Badge variant={r.side === 'Long' ? 'secondary' : 'outline'}>{r.side}</Badge>,
  },
  {
    id: 'pnl',
    header: 'Net P&L',
    cell: (r) => <Money value={r.pnl} signed />,
    sortValue: (r) => r.pnl,
    align: 'right',
  },
];

const meta = {
  title: 'Components/Table',
  component: DataTable<TradeRow>,
  tags: ['autodocs'],
  args: { caption: 'Trades this week', columns, rows: trades, rowKey: (r: TradeRow) => r.id },
} satisfies Meta<typeof DataTable<TradeRow>>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Populated: Story = {};

export const SortByKeyboard: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const pnlButton = canvas.getByRole('button', { name: 'Net P&L' });
    pnlButton.focus();
    await userEvent.keyboard('{Enter}');
    await expect(canvas.getByRole('columnheader', { name: 'Net P&L' })).toHaveAttribute('aria-sort', 'ascending');
    let firstCell = canvas.getAllByRole('row')[1];
    await expect(firstCell).toHaveTextContent('NIFTY 24500 CE');
    await userEvent.keyboard(' ');
    await expect(canvas.getByRole('columnheader', { name: 'Net P&L' })).toHaveAttribute('aria-sort', 'descending');
    firstCell = canvas.getAllByRole('row')[1];
    await expect(firstCell).toHaveTextContent('HDFCBANK');
  },
};

export const Empty: Story = {
  args: { rows: [], empty: 'No trades this week. Import a Zerodha tradebook or add a trade by hand.' },
};

export const Loading: Story = { args: { loading: true, loadingRows: 4 } };
export const PopulatedDark: Story = { globals: { theme: 'dark' } };
