import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { AppShell } from '../../components/app-shell';
import { calendarDays, dailyPnl, equityCurve } from '../../fixtures/journal';
import { PageDecorator, type PageStoryArgs } from '../../stories/page-decorator';
import { type DashboardData, DashboardScreen, type DashboardScreenProps } from './dashboard';

type Args = DashboardScreenProps & PageStoryArgs;

const data: DashboardData = {
  month: '2026-01',
  summary: {
    netPnl: dailyPnl.reduce((s, d) => s + d.pnl, 0),
    netPnlTrend: { direction: 'up', label: '+₹8.4K vs December' },
    winRate: 0.57,
    wins: 36,
    trades: 63,
    expectancy: 518.25,
    charges: 7_842.6,
  },
  equity: equityCurve,
  daily: dailyPnl,
  calendar: calendarDays,
  recentTrades: [
    {
      id: 't1',
      symbol: 'NIFTY 27 JAN 24500 CE',
      segment: 'Options',
      side: 'Long',
      closedAt: '2026-01-29T05:12:00Z',
      pnl: 3250,
      playbook: 'Opening range breakout',
    },
    {
      id: 't2',
      symbol: 'BANKNIFTY JAN FUT',
      segment: 'Futures',
      side: 'Short',
      closedAt: '2026-01-29T08:40:00Z',
      pnl: -2100,
      playbook: 'VWAP rejection',
    },
    {
      id: 't3',
      symbol: 'TATAMOTORS',
      segment: 'Equity',
      side: 'Long',
      closedAt: '2026-01-28T09:55:00Z',
      pnl: 1840.5,
    },
  ],
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
    onReload: fn(),
    onRetry: fn(),
  },
  render: (args) => (
    <AppShell title="Dashboard" userName={args.userName}>
      <DashboardScreen {...args} />
    </AppShell>
  ),
} satisfies Meta<Args>;

export default meta;
type Story = StoryObj<Args>;

export const Populated: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await expect(canvas.getByRole('figure', { name: 'Equity curve' })).toBeVisible();
    await expect(canvas.getByText('36 of 63 trades')).toBeVisible();
  },
};
export const PopulatedDark: Story = { globals: { theme: 'dark' } };
export const PopulatedMobile: Story = { globals: { viewport: { value: 'mobile' } } };
export const Loading: Story = {
  args: { state: { status: 'loading' } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Loading your dashboard…');
  },
};
export const Empty: Story = {
  args: { state: { status: 'empty' } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('heading', { name: 'No trades yet' })).toBeVisible();
  },
};
export const ErrorState: Story = {
  name: 'Error',
  args: { state: { status: 'error', detail: 'GET /rest/v1/trades 503' } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Reset Component' }));
    await expect(args.onRetry).toHaveBeenCalled();
  },
};
