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

/**
 * On a phone each trade is one row of a list: symbol, side and day on the left, net P&L large on the right, a 44 px
 * checkbox beside it; the filters wait behind one button, so the trades come first.
 */
export const Mobile: Story = {
  ...trade.Populated,
  globals: { viewport: { value: 'mobile' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByRole('table')).toBeNull();
    const list = canvas.getByRole('list', { name: 'Trades, 5 of 5, page 1 of 1' });
    await expect(list.scrollWidth).toBeLessThanOrEqual(list.clientWidth);
    const items = within(list).getAllByRole('listitem');
    // Newest entry first: RELIANCE (5 Aug 2026), still open; then INFY, sold short at 14:00 on 4 Aug.
    await expect(items[0]).toHaveTextContent('RELIANCE');
    await expect(items[0]).toHaveTextContent('Long 20 · 5 Aug 2026');
    const infy = within(items[1] as HTMLElement).getByRole('link');
    await expect(infy).toHaveAttribute('href', '/trades/t5');
    await expect(within(infy).getByText('+₹287.60')).toBeVisible();
    await expect(infy.getBoundingClientRect().height).toBeGreaterThanOrEqual(44);
    // The checkbox answers a tap 18 px from its centre: its target is 44 px across.
    const box = within(items[1] as HTMLElement).getByRole('checkbox', { name: /Select INFY trade/ });
    box.scrollIntoView({ block: 'center' });
    const { x, y, width, height } = box.getBoundingClientRect();
    await expect(document.elementFromPoint(x + width / 2 + 18, y + height / 2)).toBe(box);
    // The totals two by two, net P&L across both.
    const totals = canvas.getByRole('region', { name: 'Totals of these trades' });
    const cards = [...totals.querySelectorAll('[data-slot=stat]')];
    await expect(new Set(cards.map((c) => Math.round(c.getBoundingClientRect().top))).size).toBe(2);
    // The story shows the list as it opens.
    window.scrollTo(0, 0);
  },
};

/** The phone list sorted by the Sort menu, and the filters opened from their button. */
export const MobileSortedWithFilters: Story = {
  ...trade.Populated,
  globals: { viewport: { value: 'mobile' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const list = canvas.getByRole('list', { name: 'Trades, 5 of 5, page 1 of 1' });
    await userEvent.click(canvas.getByRole('combobox', { name: 'Sort' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Best net P&L first' }));
    await expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent(
      'NIFTY26AUG24500CELong 130 · 3 Aug 2026+₹3,511.16',
    );

    const segment = canvas.queryByRole('combobox', { name: 'Segment' });
    await expect(segment).toBeNull();
    const filters = canvas.getByRole('button', { name: 'Filters' });
    await expect(filters).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(filters);
    await expect(canvas.getByRole('combobox', { name: 'Segment' })).toBeVisible();
  },
};

/** The Filters button counts the filters in force besides the search, which stays in view. */
export const MobileFiltered: Story = {
  globals: { viewport: { value: 'mobile' } },
  render: () => render({ filter: { search: 'NIFTY', from: '2026-08-01', segments: ['options'] } }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('searchbox', { name: 'Search' })).toHaveValue('NIFTY');
    await expect(canvas.getByRole('button', { name: 'Filters 2 in force' })).toBeVisible();
  },
};

/**
 * A laptop (1280 px, the list's box 976 px wide): every column in view, the playbook and tags under the symbol, the
 * exit under the entry price and the charges under the net P&L, and the header row sticks below the top bar.
 */
export const Laptop: Story = {
  ...trade.Populated,
  globals: { viewport: { value: 'laptop' } },
  play: async ({ canvasElement }) => {
    const table = within(canvasElement).getByRole('table');
    const box = table.parentElement as HTMLElement;
    await expect(table.getBoundingClientRect().width).toBeLessThanOrEqual(box.getBoundingClientRect().width + 0.5);
    const heads = within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    await expect(heads).toEqual(['', 'Entry (IST)', 'Symbol', 'Qty', 'Entry / exit', 'Net P&L']);
    const nifty = within(table).getByRole('row', { name: /NIFTY26AUG24500CE/ });
    await expect(nifty).toHaveTextContent('Opening range breakout');
    await expect(nifty).toHaveTextContent('140.25');
    await expect(nifty).toHaveTextContent('₹96.34 charges');
    await expect(getComputedStyle(within(table).getAllByRole('columnheader')[1]!).position).toBe('sticky');
  },
};
export const Dark: Story = { ...trade.Populated, globals: { theme: 'dark' } };
