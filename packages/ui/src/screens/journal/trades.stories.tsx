import type { Meta } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, within } from 'storybook/test';
import { Shell, type AreaStory as Story, states } from '../../stories/area-states';
import { PageDecorator, type PageStoryArgs } from '../../stories/page-decorator';
import { OpeningPositionDialog } from './opening-position';
import { type TradeListRow, TradesScreen, type TradesScreenProps } from './trades';

const meta = {
  title: 'Screens/Journal/Trades',
  decorators: [PageDecorator],
  parameters: { layout: 'fullscreen' },
  args: { routePath: '/trades' },
} satisfies Meta<PageStoryArgs>;
export default meta;

// Five trades worked by hand. Net P&L of the four closed ones: +3,511.16 − 3,718.60 + 253.04 + 287.60 = +333.20.
// Charges of all five: 96.34 + 118.60 + 6.96 + 8.62 + 12.40 = 242.92. RELIANCE is still open.
const trades: TradeListRow[] = [
  {
    id: 't1',
    entryTime: '2026-08-03T04:00:00Z',
    exitTime: '2026-08-03T06:30:00Z',
    symbol: 'NIFTY26AUG24500CE',
    underlying: 'NIFTY',
    segment: 'options',
    product: 'intraday',
    side: 'long',
    quantity: 130,
    entryPrice: 112.5,
    exitPrice: 140.25,
    status: 'closed',
    charges: 96.34,
    netPnl: 3511.16,
    playbook: 'Opening range breakout',
    tags: ['expiry'],
  },
  {
    id: 't2',
    entryTime: '2026-08-04T05:10:00Z',
    exitTime: '2026-08-04T07:00:00Z',
    symbol: 'BANKNIFTY26AUGFUT',
    underlying: 'BANKNIFTY',
    segment: 'futures',
    product: 'intraday',
    side: 'short',
    quantity: 30,
    entryPrice: 51200,
    exitPrice: 51320,
    status: 'closed',
    charges: 118.6,
    netPnl: -3718.6,
    playbook: 'VWAP rejection',
    tags: [],
  },
  {
    id: 't3',
    entryTime: '2026-08-03T03:50:00Z',
    exitTime: '2026-08-03T05:30:00Z',
    symbol: 'SUZLON',
    underlying: null,
    segment: 'equity',
    product: 'intraday',
    side: 'long',
    quantity: 100,
    entryPrice: 60,
    exitPrice: 62.6,
    status: 'closed',
    charges: 6.96,
    netPnl: 253.04,
    playbook: null,
    tags: [],
  },
  {
    id: 't4',
    entryTime: '2026-08-05T04:30:00Z',
    exitTime: null,
    symbol: 'RELIANCE',
    underlying: null,
    segment: 'equity',
    product: 'delivery',
    side: 'long',
    quantity: 20,
    entryPrice: 1400,
    exitPrice: null,
    status: 'open',
    charges: 8.62,
    netPnl: null,
    playbook: null,
    tags: [],
  },
  {
    id: 't5',
    entryTime: '2026-08-04T08:30:00Z',
    exitTime: '2026-08-04T08:50:00Z',
    symbol: 'INFY',
    underlying: null,
    segment: 'equity',
    product: 'intraday',
    side: 'short',
    quantity: 15,
    entryPrice: 1510,
    exitPrice: 1490,
    status: 'closed',
    charges: 12.4,
    netPnl: 287.6,
    playbook: null,
    tags: ['flip'],
  },
];

const common: TradesScreenProps = {
  status: 'ready',
  trades,
  totalTrades: trades.length,
  filter: {},
  onFilterChange: fn(),
  playbooks: [
    { value: 'pb-orb', label: 'Opening range breakout' },
    { value: 'pb-vwap', label: 'VWAP rejection' },
  ],
  tags: ['expiry', 'flip'],
  analyticsHref: '/analytics',
  onExport: fn(),
  onAddTag: fn(async () => {}),
  onDelete: fn(async () => {}),
};

const render = (props: Partial<TradesScreenProps>) => (
  <Shell>
    <TradesScreen {...common} {...props} />
  </Shell>
);

const trade = states('Trades', '/trades', (status) => <TradesScreen {...common} status={status} />);

export const Populated: Story = {
  ...trade.Populated,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const totals = within(canvas.getByRole('region', { name: 'Totals of these trades' }));
    await expect(totals.getByText('+₹333.20')).toBeVisible();
    await expect(totals.getByText('₹242.92')).toBeVisible();
    await expect(totals.getByText('4 closed, 1 open')).toBeVisible();
    const table = canvas.getByRole('table');
    // Newest entry first: RELIANCE (5 Aug), still open.
    const firstRow = within(table).getAllByRole('row')[1] as HTMLElement;
    await expect(firstRow).toHaveTextContent('RELIANCE');
    await expect(firstRow).toHaveTextContent('Open');

    await userEvent.click(within(table).getByRole('button', { name: 'Net P&L' }));
    await expect(within(table).getByRole('columnheader', { name: /Net P&L/ })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    const rows = within(table).getAllByRole('row').slice(1);
    // Lowest first, the open trade last.
    await expect(rows[0]).toHaveTextContent('BANKNIFTY26AUGFUT');
    await expect(rows[0]).toHaveTextContent('−₹3,718.60');
    await expect(rows[4]).toHaveTextContent('RELIANCE');
  },
};
export const Empty = trade.Empty;
export const Loading = trade.Loading;
export const ErrorState = trade.Error;

export const NoMatch: Story = {
  render: () => render({ trades: [], totalTrades: 5, filter: { symbol: 'TCS' } }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(/No trades match these filters/)).toBeVisible();
    await expect(canvas.getByText('0 closed, 0 open · of 5 in the journal')).toBeVisible();
  },
};

const onFilterChange = fn();
export const DatesByEntryDay: Story = {
  render: () => render({ filter: { from: '2026-08-01', to: '2026-08-31' }, onFilterChange }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // From and To read the exit day (the P&L day) until the trader asks for the entry day.
    const dates = canvas.getByRole('combobox', { name: 'Dates by' });
    await expect(dates).toHaveTextContent('Exit day (P&L day)');
    await userEvent.click(dates);
    await userEvent.click(await screen.findByRole('option', { name: 'Entry day' }));
    await expect(onFilterChange).toHaveBeenLastCalledWith({ from: '2026-08-01', to: '2026-08-31', dateBy: 'entry' });
  },
};

// 500 trades, one a day apart: the list renders one page of 50 at a time.
const many: TradeListRow[] = Array.from({ length: 500 }, (_, i) => ({
  ...(trades[i % 3] as TradeListRow),
  id: `m${i}`,
  entryTime: new Date(Date.UTC(2026, 0, 1, 4) + i * 86_400_000).toISOString(),
}));

export const Paged: Story = {
  render: () => render({ trades: many, totalTrades: 500 }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Showing 1–50 of 500')).toBeVisible();
    await expect(canvas.getAllByRole('row')).toHaveLength(51);
    await userEvent.click(canvas.getByRole('button', { name: 'Next' }));
    await expect(canvas.getByText('Showing 51–100 of 500')).toBeVisible();
    await expect(canvas.getByText('Page 2 of 10')).toBeVisible();
  },
};

// ETF and fund units are fractional: 24.6094 LIQUIDBEES bought at 1,000.00 and sold at 1,004.00, 24.6094 × 4.00 =
// +98.44 before charges. The quantity shows every decimal it has (an Intl default of 3 would show 24.609).
export const FractionalUnits: Story = {
  render: () =>
    render({
      trades: [
        {
          id: 'f1',
          entryTime: '2025-04-07T04:00:02Z',
          exitTime: '2025-07-10T04:35:39Z',
          symbol: 'LIQUIDBEES',
          underlying: null,
          segment: 'equity',
          product: 'delivery',
          side: 'long',
          quantity: 24.6094,
          entryPrice: 1000,
          exitPrice: 1004,
          status: 'closed',
          charges: 1.73,
          netPnl: 96.71,
          playbook: null,
          tags: [],
        },
      ],
      totalTrades: 1,
    }),
  play: async ({ canvasElement }) => {
    const row = within(canvasElement).getAllByRole('row')[1] as HTMLElement;
    const quantity = within(row).getAllByRole('cell')[3];
    await expect(quantity).toHaveTextContent(/^24\.6094$/);
  },
};

const onDelete = fn(async (_ids: string[]) => {});
export const DeleteConfirmation: Story = {
  render: () => render({ defaultSelected: ['t1', 't2'], onDelete }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('2 selected')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete 2 trades?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete 2 trades' }));
    await expect(onDelete).toHaveBeenCalledWith(['t1', 't2']);
  },
};

const onAddTag = fn(async (_ids: string[], _tag: string) => {});
export const AddTag: Story = {
  render: () => render({ onAddTag }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('checkbox', { name: /Select SUZLON trade/ }));
    await userEvent.click(canvas.getByRole('button', { name: 'Add tag' }));
    const dialog = await screen.findByRole('dialog', { name: 'Tag 1 trade' });
    await userEvent.type(within(dialog).getByRole('combobox', { name: /Tag/ }), 'revenge');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add tag' }));
    await expect(onAddTag).toHaveBeenCalledWith(['t3'], 'revenge');
  },
};

// Two sales of shares bought before the imported history: no entry price, no P&L, left out of the totals' P&L.
// Charges still count: 242.92 + 62.18 + 31.05 = 336.15 over seven trades.
const costless: TradeListRow[] = [
  {
    id: 'mc1',
    entryTime: '2026-08-06T04:15:00Z',
    exitTime: '2026-08-06T04:15:00Z',
    symbol: 'TATAMOTORS',
    underlying: null,
    segment: 'equity',
    product: 'delivery',
    side: 'long',
    quantity: 50,
    entryPrice: null,
    exitPrice: 1012.4,
    status: 'missing_cost',
    charges: 62.18,
    netPnl: null,
    playbook: null,
    tags: [],
  },
  {
    id: 'mc2',
    entryTime: '2026-08-01T05:00:00Z',
    exitTime: '2026-08-01T05:00:00Z',
    symbol: 'ITC',
    underlying: null,
    segment: 'equity',
    product: 'delivery',
    side: 'long',
    quantity: 60,
    entryPrice: null,
    exitPrice: 412.5,
    status: 'missing_cost',
    charges: 31.05,
    netPnl: null,
    playbook: null,
    tags: [],
  },
];
const onAddOpening = fn();
const onImportHoldings = fn();
const onCorporateActions = fn();

export const MissingCostBasis: Story = {
  render: () =>
    render({
      trades: [...trades, ...costless],
      totalTrades: 7,
      missingCost: 2,
      onAddOpening,
      onImportHoldings,
      onCorporateActions,
    }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const notice = await canvas.findByText(
      '2 sales have no cost basis: shares bought before your imported history. They are left out of every P&L figure until you give their cost.',
    );
    await expect(notice).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Add opening position' }));
    await expect(onAddOpening).toHaveBeenCalled();
    await userEvent.click(canvas.getByRole('button', { name: 'Import a holdings statement' }));
    await expect(onImportHoldings).toHaveBeenCalled();
    await userEvent.click(canvas.getByRole('button', { name: 'Corporate actions' }));
    await expect(onCorporateActions).toHaveBeenCalled();

    // The totals leave the two sales out of the P&L and count them apart.
    const totals = within(canvas.getByRole('region', { name: 'Totals of these trades' }));
    await expect(totals.getByText('+₹333.20')).toBeVisible();
    await expect(totals.getByText('₹336.15')).toBeVisible();
    await expect(totals.getByText('4 closed, 1 open, 2 without cost basis')).toBeVisible();

    // Newest first: TATAMOTORS (6 Aug) leads, with no entry price and no P&L.
    const row = within(canvas.getByRole('table')).getAllByRole('row')[1] as HTMLElement;
    await expect(row).toHaveTextContent('TATAMOTORS');
    await expect(within(row).getByText('Cost basis missing')).toBeVisible();
    await expect(row).toHaveAttribute('data-status', 'missing_cost');
    await expect(within(row).getByText('No entry price')).toBeInTheDocument();
    await expect(within(row).getByText('No P&L until the cost basis is given')).toBeInTheDocument();
    await expect(row).not.toHaveTextContent('Open');
  },
};

export const OneMissingCostBasis: Story = {
  render: () => render({ trades: [...trades, costless[0] as TradeListRow], missingCost: 1, onAddOpening }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByText(
        '1 sale has no cost basis: shares bought before your imported history. It is left out of every P&L figure until you give its cost.',
      ),
    ).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Import a holdings statement' })).toBeNull();
  },
};

const noop = () => {};
export const WithOpeningDialog: Story = {
  render: () =>
    render({
      trades: [...trades, ...costless],
      missingCost: 2,
      onAddOpening,
      openingDialog: (
        <OpeningPositionDialog
          open
          onOpenChange={noop}
          values={{ broker: 'zerodha', symbol: 'TATAMOTORS', quantity: '50', price: '', heldOn: '' }}
          onChange={noop}
          onSubmit={noop}
          brokers={[{ id: 'zerodha', label: 'Zerodha' }]}
        />
      ),
    }),
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: 'Add an opening position' });
    await expect(within(dialog).getByRole('textbox', { name: /Symbol/ })).toHaveValue('TATAMOTORS');
  },
};

export const Mobile: Story = { ...trade.Populated, globals: { viewport: { value: 'mobile' } } };
export const Dark: Story = { ...trade.Populated, globals: { theme: 'dark' } };
