import { filterTrades, journalStats, type TradeFilter } from '@bahi/trading';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { journalTrades, playbookNames } from '../../fixtures/journal-trades';
import { Shell } from '../../stories/area-states';
import { PageDecorator, type PageStoryArgs } from '../../stories/page-decorator';
import { type AnalyticsData, AnalyticsScreen, type AnalyticsScreenProps } from './analytics';

type Args = AnalyticsScreenProps & PageStoryArgs;

const analyse = (filter: TradeFilter): AnalyticsData => journalStats(filterTrades(journalTrades, filter));

const meta = {
  title: 'Screens/Journal/Analytics',
  component: AnalyticsScreen,
  decorators: [PageDecorator],
  parameters: { layout: 'fullscreen' },
  args: {
    routePath: '/analytics',
    status: 'ready',
    data: analyse({}),
    filter: {},
    onFilterChange: fn(),
    playbooks: Object.entries(playbookNames).map(([value, label]) => ({ value, label })),
    tags: ['expiry', 'trend'],
    tradesHref: '/trades',
    onRetry: fn(),
  },
  render: (args) => (
    <Shell>
      <AnalyticsScreen {...args} />
    </Shell>
  ),
} satisfies Meta<Args>;
export default meta;
type Story = StoryObj<Args>;

export const Populated: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // Six trades entered between 09:15 and 10:00 IST, all six winners (fixtures/journal-trades.ts).
    const timeOfDay = within(canvas.getByRole('table', { name: 'By time of day (entry, IST)' }));
    const row = timeOfDay.getByText('09:15–10:00').closest('tr')!;
    await expect(row).toHaveTextContent('6 of 6');
    await expect(row).toHaveTextContent('+₹19,100.00');
  },
};

export const SetupsAndInstruments: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('tab', { name: 'Setups and instruments' }));
    await expect(canvas.getByRole('table', { name: 'By playbook' })).toHaveTextContent('Opening range breakout');
  },
};

export const RiskAndDirection: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('tab', { name: 'Risk and direction' }));
    // R only from the ten trades with a stop; t06 and t09 have none.
    await expect(canvas.getByRole('figure', { name: 'R-multiple distribution' })).toHaveAccessibleDescription(
      '10 trades with a stop loss. Average 0.94R. Left out: 2 trades without a stop.',
    );
  },
};

/**
 * On a phone the figures come two by two and each group's table keeps to the screen: the trade count and win rate fold
 * under the group's name, the profit factor and expectancy under its net P&L.
 */
export const Mobile: Story = {
  globals: { viewport: { value: 'mobile' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const table = canvas.getByRole('table', { name: 'By time of day (entry, IST)' });
    const frame = table.parentElement as HTMLElement;
    await expect(frame.scrollWidth).toBeLessThanOrEqual(frame.clientWidth);
    const row = within(table).getByText('09:15–10:00').closest('tr') as HTMLElement;
    await expect(row).toHaveTextContent('6 trades · 100% won');
    await expect(row).toHaveTextContent('+₹19,100.00');
    await expect(within(table).queryByRole('columnheader', { name: /Profit factor/ })).toBeNull();
  },
};

export const WithFilter: Story = {
  args: {
    filter: { segments: ['options'] },
    data: analyse({ segments: ['options'] }),
    tradesHref: '/trades?segment=options',
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    // The four options trades: +2,980, −2,050, +3,960, +5,450.
    const overview = within(canvas.getByRole('region', { name: 'Overview' }));
    await expect(overview.getByText('75%')).toBeVisible();
    await expect(overview.getByText('3 of 4 trades')).toBeVisible();
    await expect(overview.getByText('+₹10,340.00')).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'View these trades' })).toHaveAttribute(
      'href',
      '/trades?segment=options',
    );
    await userEvent.type(canvas.getByRole('textbox', { name: 'Symbol or underlying' }), 'N');
    await expect(args.onFilterChange).toHaveBeenLastCalledWith({ segments: ['options'], symbol: 'N' });
    await userEvent.click(canvas.getByRole('button', { name: 'Clear filters' }));
    await expect(args.onFilterChange).toHaveBeenLastCalledWith({});
  },
};

export const NoMatch: Story = {
  args: { filter: { symbol: 'WIPRO' }, data: analyse({ symbol: 'WIPRO' }) },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole('heading', { name: 'No closed trades match these filters' }),
    ).toBeVisible();
  },
};

export const Empty: Story = {
  args: { status: 'empty', data: undefined },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('heading', { name: 'Not enough trades to analyse' })).toBeVisible();
  },
};
export const Loading: Story = {
  args: { status: 'loading', data: undefined },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Loading analytics…');
  },
};
export const ErrorState: Story = {
  name: 'Error',
  args: { status: 'error', data: undefined },
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Try again' }));
    await expect(args.onRetry).toHaveBeenCalled();
  },
};
