import type { Meta } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { type AreaStory, Shell, states } from '../../stories/area-states';
import { PageDecorator, type PageStoryArgs } from '../../stories/page-decorator';
import { type PlaybookPerformance, type PlaybookSummary, PlaybooksScreen } from './playbooks';

const meta = {
  title: 'Screens/Journal/Playbooks',
  decorators: [PageDecorator],
  parameters: { layout: 'fullscreen' },
  args: { routePath: '/playbooks' },
} satisfies Meta<PageStoryArgs>;
export default meta;

const perf = (trades: number, wins: number, net: number): PlaybookPerformance => ({
  trades,
  winRate: { value: trades ? wins / trades : null, count: wins, n: trades },
  netPnl: { value: trades ? net : null, n: trades },
  expectancy: { value: trades ? net / trades : null, n: trades },
});

const orb: PlaybookSummary = {
  id: 'p1',
  name: 'Opening Range Breakout',
  description: 'Trade the break of the first 15 minutes in liquid large caps and stock futures.',
  markets: ['NSE equity', 'NSE futures'],
  timeframes: ['5m', '15m'],
  rules: 4,
  isArchived: false,
  stats: { ...perf(24, 14, 19_500), profitFactor: { value: 1.84, n: 24 }, openTrades: 1 },
  adherence: {
    checks: 96,
    followed: 86,
    followedAll: perf(14, 12, 31_200),
    brokeARule: perf(10, 2, -11_700),
    mostBroken: { text: 'Stop at the middle of the range, never more than 0.6%', broken: 6, checks: 24 },
  },
};
const vwap: PlaybookSummary = {
  id: 'p2',
  name: 'VWAP Pullback',
  description: 'Join a trending stock on its first pullback to VWAP.',
  markets: ['NSE equity'],
  timeframes: ['5m'],
  rules: 3,
  isArchived: false,
  stats: { ...perf(17, 7, -3_655), profitFactor: { value: 0.82, n: 17 }, openTrades: 0 },
  adherence: {
    checks: 51,
    followed: 39,
    // Lakhs either way, as an active trader's sums are: the widest figures a card holds.
    followedAll: perf(8, 5, 1_02_100.25),
    brokeARule: perf(9, 2, -1_25_755.5),
    mostBroken: { text: 'Pullback to VWAP on falling volume', broken: 7, checks: 17 },
  },
};
const fresh: PlaybookSummary = {
  id: 'p3',
  name: 'Expiry-day straddle',
  description: null,
  markets: ['NSE options'],
  timeframes: ['3m'],
  rules: 2,
  isArchived: false,
  stats: { ...perf(0, 0, 0), profitFactor: { value: null, n: 0 }, openTrades: 0 },
  adherence: { checks: 0, followed: 0, followedAll: perf(0, 0, 0), brokeARule: perf(0, 0, 0), mostBroken: null },
};
const swing: PlaybookSummary = {
  ...vwap,
  id: 'p4',
  name: 'Swing Delivery',
  description: 'Quality large caps near the 20-day average in a weekly uptrend.',
  isArchived: true,
  stats: { ...perf(3, 3, 8_580), profitFactor: { value: null, n: 3 }, openTrades: 0 },
  adherence: { checks: 9, followed: 9, followedAll: perf(3, 3, 8_580), brokeARule: perf(0, 0, 0), mostBroken: null },
};

const playbooks = states('Playbooks', '/playbooks', (s) => (
  <PlaybooksScreen status={s} playbooks={[orb, vwap, fresh, swing]} />
));
export const PlaybooksPopulated: AreaStory = {
  ...playbooks.Populated,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const card = canvas
      .getByRole('heading', { name: 'Opening Range Breakout', level: 3 })
      .closest('[data-slot="card"]');
    const orbCard = within(card as HTMLElement);
    // Every figure with its sample size.
    await expect(orbCard.getByText('58%')).toBeVisible();
    await expect(orbCard.getByText('14 of 24 won')).toBeVisible();
    await expect(orbCard.getByText('1.84')).toBeVisible();
    await expect(orbCard.getByText('90%')).toBeVisible();
    await expect(orbCard.getByText('(86 of 96 rule checks)')).toBeVisible();
    await expect(orbCard.getByRole('row', { name: /Broke a rule 10 20%/ })).toBeVisible();
    // No losses: the profit factor is unbounded, not a number.
    const swingCard = within(
      canvas.getByRole('heading', { name: 'Swing Delivery' }).closest('[data-slot="card"]') as HTMLElement,
    );
    await expect(swingCard.getByText('∞')).toBeVisible();
    await expect(canvas.getByRole('heading', { name: 'Archived (1)' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Restore Swing Delivery' })).toBeEnabled();
    await expect(canvas.getByRole('link', { name: 'Edit VWAP Pullback' })).toHaveAttribute('href', '/playbook/edit/p2');
  },
};
export const PlaybooksEmpty = playbooks.Empty;
export const PlaybooksLoading = playbooks.Loading;
export const PlaybooksError = playbooks.Error;

export const PlaybooksAllArchived: AreaStory = {
  render: () => (
    <Shell>
      <PlaybooksScreen status="ready" playbooks={[swing]} busyId="p4" />
    </Shell>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Every playbook is archived. Restore one or write a new one.')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Restore Swing Delivery' })).toBeDisabled();
  },
};
