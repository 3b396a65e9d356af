import type { Meta } from '@storybook/react-vite';
import { expect, screen, userEvent, within } from 'storybook/test';
import type { CapitalPoint } from '../../charts/capital-chart';
import { type AreaStory, Shell, states } from '../../stories/area-states';
import { PageDecorator, type PageStoryArgs } from '../../stories/page-decorator';
import { type FundMovement, FundsScreen, type FundsSummary } from './funds';

const meta = {
  title: 'Screens/Journal/Funds',
  decorators: [PageDecorator],
  parameters: { layout: 'fullscreen' },
  args: { routePath: '/funds' },
} satisfies Meta<PageStoryArgs>;
export default meta;

const movements: FundMovement[] = [
  { id: 'f1', kind: 'deposit', amount: 500_000, occurredOn: '2026-07-31', note: 'Trading capital' },
  { id: 'f2', kind: 'deposit', amount: 100_000, occurredOn: '2026-09-01', note: 'Added from salary' },
  { id: 'f3', kind: 'withdrawal', amount: 50_000, occurredOn: '2026-10-05', note: 'Withdrew part of the profits' },
  { id: 'f4', kind: 'adjustment', amount: -354, occurredOn: '2026-11-02', note: 'Demat AMC (₹300 + GST)' },
];
const capital: CapitalPoint[] = [
  { date: '2026-07-31', netDeposits: 500_000, tradingPnl: 0, capital: 500_000 },
  { date: '2026-08-14', netDeposits: 500_000, tradingPnl: 12_400, capital: 512_400 },
  { date: '2026-08-31', netDeposits: 500_000, tradingPnl: 8_150, capital: 508_150 },
  { date: '2026-09-01', netDeposits: 600_000, tradingPnl: 8_150, capital: 608_150 },
  { date: '2026-09-30', netDeposits: 600_000, tradingPnl: 21_900, capital: 621_900 },
  { date: '2026-10-05', netDeposits: 550_000, tradingPnl: 21_900, capital: 571_900 },
  { date: '2026-10-30', netDeposits: 550_000, tradingPnl: 17_300, capital: 567_300 },
  { date: '2026-11-02', netDeposits: 549_646, tradingPnl: 17_300, capital: 566_946 },
  { date: '2026-11-20', netDeposits: 549_646, tradingPnl: 26_480.5, capital: 576_126.5 },
];
const summary: FundsSummary = {
  deposits: { total: 600_000, count: 2 },
  withdrawals: { total: 50_000, count: 1 },
  adjustments: { total: -354, count: 1 },
  netCapitalIn: 549_646,
  tradingPnl: { value: 26_480.5, trades: 104 },
  currentCapital: 576_126.5,
  returns: [
    {
      label: 'Since you started',
      value: 26_480.5 / 566_500,
      netPnl: 26_480.5,
      averageCapital: 566_500,
      trades: 104,
      from: '2026-07-31',
      to: '2026-11-21',
    },
    {
      label: 'FY 2026–27',
      value: 26_480.5 / 420_000,
      netPnl: 26_480.5,
      averageCapital: 420_000,
      trades: 104,
      from: '2026-04-01',
      to: '2026-11-21',
    },
  ],
};

const funds = states('Funds', '/funds', (s) => (
  <FundsScreen status={s} movements={movements} summary={summary} capital={capital} />
));
export const FundsPopulated: AreaStory = {
  ...funds.Populated,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('4.67%')).toBeVisible();
    await expect(canvas.getByText(/Modified Dietz\)$/)).toBeVisible();
    // The financial year: the same P&L on the capital weighted over April to today.
    await userEvent.click(canvas.getByRole('combobox', { name: 'Return period' }));
    await userEvent.click(await screen.findByRole('option', { name: 'FY 2026–27' }));
    await expect(canvas.getByText('6.30%')).toBeVisible();
    await expect(canvas.getByText(/^1 April 2026 – 21 November 2026/)).toBeVisible();
    await expect(canvas.getByRole('table', { name: 'Fund movements' })).toBeVisible();
    // Deleting asks first, naming what goes.
    await userEvent.click(canvas.getByRole('button', { name: 'Delete withdrawal of ₹50,000.00 on 5 October 2026' }));
    await expect(await screen.findByRole('alertdialog', { name: 'Delete this movement?' })).toBeVisible();
    await expect(screen.getByText(/withdrawal of ₹50,000.00 on 5 October 2026 will be removed/)).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Keep it' }));
  },
};
/** On a phone the totals come two by two and each movement keeps its amount and actions in view, type and note under the date. */
export const FundsMobile: AreaStory = {
  ...funds.Populated,
  globals: { viewport: { value: 'mobile' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const table = canvas.getByRole('table', { name: 'Fund movements' });
    const frame = table.parentElement as HTMLElement;
    await expect(frame.scrollWidth).toBeLessThanOrEqual(frame.clientWidth);
    await expect(
      within(table).getByRole('button', { name: 'Delete withdrawal of ₹50,000.00 on 5 October 2026' }),
    ).toBeVisible();
    await expect(within(table).queryByRole('columnheader', { name: /Note/ })).toBeNull();
  },
};
export const FundsEmpty = funds.Empty;
export const FundsLoading = funds.Loading;
export const FundsError = funds.Error;

export const FundsAddValidation: AreaStory = {
  render: () => (
    <Shell>
      <FundsScreen
        status="ready"
        movements={movements}
        summary={summary}
        capital={capital}
        editor={{
          values: { kind: 'deposit', amount: '-5000', occurredOn: '2026-12-01', note: '' },
          errors: {
            amount: 'A deposit is a positive amount; use an adjustment for a correction.',
            occurredOn: 'The date cannot be in the future.',
          },
        }}
      />
    </Shell>
  ),
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: 'Add a fund movement' });
    await expect(within(dialog).getByLabelText(/Amount/)).toHaveAccessibleDescription(
      /A deposit is a positive amount; use an adjustment for a correction\./,
    );
    await expect(within(dialog).getByText('The date cannot be in the future.')).toBeVisible();
  },
};

export const FundsEditSaving: AreaStory = {
  render: () => (
    <Shell>
      <FundsScreen
        status="ready"
        movements={movements}
        summary={summary}
        capital={capital}
        editor={{
          id: 'f4',
          values: { kind: 'adjustment', amount: '-354', occurredOn: '2026-11-02', note: 'Demat AMC (₹300 + GST)' },
          saving: true,
        }}
      />
    </Shell>
  ),
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: 'Edit movement' });
    await expect(within(dialog).getByRole('button', { name: /Saving/ })).toBeDisabled();
  },
};
