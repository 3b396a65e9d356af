import { summarize } from '@bahi/trading';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { AppShell } from '../../components/app-shell';
import { journalTrades, playbookNames } from '../../fixtures/journal-trades';
import { PageDecorator, type PageStoryArgs } from '../../stories/page-decorator';
import { type DashboardData, DashboardScreen, type DashboardScreenProps } from './dashboard';

type Args = DashboardScreenProps & PageStoryArgs;

const summary = summarize(journalTrades);
const data: DashboardData = {
  range: { from: '2026-01-01', to: '2026-01-31' },
  summary,
  equity: summary.equity.byDay,
  chargeLines: [
    { label: 'Brokerage', amount: 240 },
    { label: 'STT', amount: 186 },
    { label: 'GST', amount: 52.4 },
    { label: 'Exchange transaction', amount: 48.6 },
    { label: 'Stamp duty', amount: 41 },
    { label: 'SEBI fee and IPFT', amount: 32 },
  ],
  recentTrades: journalTrades
    .slice(-5)
    .reverse()
    .map((t) => ({
      id: t.id,
      symbol: t.symbol,
      segment: t.segment === 'equity' ? 'Equity' : t.segment === 'futures' ? 'Futures' : 'Options',
      side: t.side === 'long' ? 'Long' : 'Short',
      closedAt: t.exitTime,
      pnl: t.netPnl,
      playbook: t.playbookId ? playbookNames[t.playbookId] : undefined,
    })),
};

const meta = {
  title: 'Screens/Journal/Dashboard',
  component: DashboardScreen,
  decorators: [PageDecorator],
  parameters: { layout: 'fullscreen' },
  args: {
    routePath: '/dashboard',
    userName: 'Priya Sharma',
    state: { status: 'ready', data },
    period: 'month',
    onPeriodChange: fn(),
    onRetry: fn(),
  },
  render: (args) => (
    <AppShell userName={args.userName}>
      <DashboardScreen {...args} />
    </AppShell>
  ),
} satisfies Meta<Args>;

export default meta;
type Story = StoryObj<Args>;

export const Populated: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    // A trader with a journal is welcomed back.
    await expect(canvas.getByText(/^Welcome back, Priya\./)).toBeVisible();
    const stats = within(canvas.getByRole('region', { name: 'Statistics' }));
    // Worked by hand in fixtures/journal-trades.ts.
    await expect(stats.getByText('50%')).toBeVisible();
    await expect(stats.getByText('6 of 12 trades')).toBeVisible();
    await expect(stats.getByText('2.53')).toBeVisible();
    await expect(stats.getByText('+₹961.67')).toBeVisible();
    await expect(stats.getByText('−₹2,800.00')).toBeVisible();
    // A stat card is read, so it is exact: net +11,540 and charges 600, with paise, never +₹11.54K or ₹600.
    await expect(stats.getByText('+₹11,540.00')).toBeVisible();
    await expect(stats.getByText('₹600.00')).toBeVisible();
    // From the +8,950 close of 8 January to +6,150 on 14 January, on the equity curve's day closes.
    await expect(stats.getByText('8 Jan to 14 Jan 2026 · 31% of the peak')).toBeVisible();
    await expect(stats.getByText('5% of your gross profit · 12 trades')).toBeVisible();
    await expect(await canvas.findByRole('figure', { name: 'Equity curve' })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'This FY' }));
    await expect(args.onPeriodChange).toHaveBeenCalledWith('fy');
    await expect(canvas.getByRole('button', { name: 'This month' })).toHaveAttribute('aria-pressed', 'true');
  },
};
export const PopulatedDark: Story = { globals: { theme: 'dark' } };
export const PopulatedMobile: Story = {
  globals: { viewport: { value: 'mobile' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // The four periods on one row, "All time" included.
    const periods = within(canvas.getByRole('group', { name: 'Period' })).getAllByRole('button');
    await expect(new Set(periods.map((p) => Math.round(p.getBoundingClientRect().top))).size).toBe(1);
    // Recent trades keep their net P&L on a phone (the close time moves under the symbol), with no sideways scroll.
    const recent = within(canvas.getByRole('region', { name: 'Recent trades' }));
    await expect(recent.getByRole('columnheader', { name: /Net P&L/ })).toBeVisible();
    await expect(recent.queryByRole('columnheader', { name: /Closed/ })).toBeNull();
    const frame = recent.getByRole('table').parentElement as HTMLElement;
    await expect(frame.scrollWidth).toBeLessThanOrEqual(frame.clientWidth);
    // The figures two by two, net P&L across both: twelve cards in seven rows, so the charts follow soon after.
    const cards = [...canvas.getByRole('region', { name: 'Statistics' }).querySelectorAll('[data-slot=stat]')];
    const rows = new Set(cards.map((c) => Math.round(c.getBoundingClientRect().top)));
    await expect(cards).toHaveLength(12);
    await expect(rows.size).toBe(7);
  },
};
export const NoTradesInPeriod: Story = {
  args: { state: { status: 'ready', data: { ...data, summary: summarize([]), equity: [], recentTrades: [] } } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('heading', { name: 'No closed trades in this period' })).toBeVisible();
  },
};
export const Loading: Story = {
  args: { state: { status: 'loading' } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Loading your dashboard…');
  },
};
export const Empty: Story = {
  args: { state: { status: 'empty' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'No trades yet' })).toBeVisible();
    // No trades yet: a first visit, so a welcome, not a welcome back.
    await expect(canvas.getByText('Welcome, Priya.')).toBeVisible();
    await expect(canvas.queryByText(/Welcome back/)).toBeNull();
  },
};
export const ErrorState: Story = {
  name: 'Error',
  args: { state: { status: 'error', detail: 'You are offline. Check your connection and try again.' } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
    await expect(canvas.queryByText('Technical details')).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Try again' }));
    await expect(args.onRetry).toHaveBeenCalled();
  },
};
