import { formatINR } from '@bahi/billing';
import type { Meta, StoryObj } from '@storybook/react-vite';
import type * as React from 'react';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { bucketPnl } from '../../charts/journal-charts';
import { AppShell } from '../../components/app-shell';
import { calendarDays, tradePnls } from '../../fixtures/journal';
import { PageDecorator, type PageStoryArgs } from '../../stories/page-decorator';
import type { AreaStatus } from './area-page';
import {
  AnalyticsScreen,
  AssistantScreen,
  CalendarScreen,
  type ChatMessage,
  FundsScreen,
  GalleryScreen,
  NotebookScreen,
  PlaybooksScreen,
  type PositionSizingResult,
  PositionSizingScreen,
  type PositionSizingValues,
  TradesScreen,
} from './areas';
import type { DashboardTrade } from './dashboard';

const meta = {
  title: 'Screens/Journal/Areas',
  decorators: [PageDecorator],
  parameters: { layout: 'fullscreen' },
  args: { routePath: '/trades' },
} satisfies Meta<PageStoryArgs>;

export default meta;
type Story = StoryObj<PageStoryArgs>;

function Shell({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <AppShell title={title} userName="Priya Sharma">
      {children}
    </AppShell>
  );
}

/** Four stories (populated, empty, loading, error) for an area. */
function states(
  title: string,
  routePath: string,
  render: (status: AreaStatus) => React.ReactNode,
): Record<'Populated' | 'Empty' | 'Loading' | 'Error', Story> {
  const story = (status: AreaStatus): Story => ({
    args: { routePath },
    render: () => <Shell title={title}>{render(status)}</Shell>,
    play: async ({ canvasElement }) => {
      await expect(within(canvasElement).getByRole('heading', { name: title, level: 1 })).toBeVisible();
    },
  });
  return { Populated: story('ready'), Empty: story('empty'), Loading: story('loading'), Error: story('error') };
}

const trades: DashboardTrade[] = [
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
  { id: 't3', symbol: 'TATAMOTORS', segment: 'Equity', side: 'Long', closedAt: '2026-01-28T09:55:00Z', pnl: 1840.5 },
  { id: 't4', symbol: 'SUZLON', segment: 'Equity', side: 'Long', closedAt: '2026-01-27T04:10:00Z', pnl: -412.75 },
];

const trade = states('Trades', '/trades', (s) => <TradesScreen status={s} trades={trades} />);
export const TradesPopulated = trade.Populated;
export const TradesEmpty = trade.Empty;
export const TradesLoading = trade.Loading;
export const TradesError = trade.Error;

const cal = states('Calendar', '/calendar', (s) => <CalendarScreen status={s} month="2026-01" days={calendarDays} />);
export const CalendarPopulated = cal.Populated;
export const CalendarEmpty = cal.Empty;
export const CalendarLoading = cal.Loading;
export const CalendarError = cal.Error;

const setups = [
  { setup: 'Opening range breakout', trades: 24, winRate: 0.58, expectancy: 812.5, netPnl: 19_500 },
  { setup: 'VWAP rejection', trades: 17, winRate: 0.41, expectancy: -215, netPnl: -3_655 },
  { setup: 'Expiry-day straddle', trades: 22, winRate: 0.68, expectancy: 390, netPnl: 8_580 },
];
const analytics = states('Analytics', '/analytics', (s) => (
  <AnalyticsScreen status={s} buckets={bucketPnl(tradePnls, 1000)} setups={setups} />
));
export const AnalyticsPopulated = analytics.Populated;
export const AnalyticsEmpty = analytics.Empty;
export const AnalyticsLoading = analytics.Loading;
export const AnalyticsError = analytics.Error;

const funds = states('Funds', '/funds', (s) => (
  <FundsScreen
    status={s}
    entries={[
      { id: 'f1', date: '2026-01-01T04:00:00Z', kind: 'Deposit', amount: 250_000, note: 'Opening capital' },
      { id: 'f2', date: '2026-01-15T04:00:00Z', kind: 'Deposit', amount: 50_000, note: 'Bonus' },
      { id: 'f3', date: '2026-01-31T04:00:00Z', kind: 'Withdrawal', amount: 20_000, note: 'Monthly payout' },
    ]}
  />
));
export const FundsPopulated = funds.Populated;
export const FundsEmpty = funds.Empty;
export const FundsLoading = funds.Loading;
export const FundsError = funds.Error;

const playbooks = states('Playbooks', '/playbooks', (s) => (
  <PlaybooksScreen
    status={s}
    playbooks={[
      {
        id: 'p1',
        name: 'Opening range breakout',
        description: 'Break of the first 15-minute range with volume, stop at the other side.',
        trades: 24,
        winRate: 0.58,
        netPnl: 19_500,
      },
      {
        id: 'p2',
        name: 'VWAP rejection',
        description: 'Short a failed reclaim of VWAP after 11:00, stop above the rejection wick.',
        trades: 17,
        winRate: 0.41,
        netPnl: -3_655,
      },
      {
        id: 'p3',
        name: 'Expiry-day straddle',
        description: 'Sell ATM straddle on expiry after 10:30 with a combined-premium stop.',
        trades: 22,
        winRate: 0.68,
        netPnl: 8_580,
      },
    ]}
  />
));
export const PlaybooksPopulated = playbooks.Populated;
export const PlaybooksEmpty = playbooks.Empty;
export const PlaybooksLoading = playbooks.Loading;
export const PlaybooksError = playbooks.Error;

const notebook = states('Notebook', '/notebook', (s) => (
  <NotebookScreen
    status={s}
    notes={[
      {
        id: 'n1',
        title: 'Plan for Thursday (weekly expiry)',
        excerpt: 'NIFTY 24,400 support, 24,650 resistance. Max loss ₹5,000. No trades in the first 15 minutes.',
        updatedAt: '2026-01-28T15:30:00Z',
      },
      {
        id: 'n2',
        title: 'Review: revenge trade on BANKNIFTY',
        excerpt: 'Re-entered within 3 minutes of the stop. Lost ₹2,100 more. Rule: 10-minute break after any stop.',
        updatedAt: '2026-01-29T10:45:00Z',
      },
    ]}
  />
));
export const NotebookPopulated = notebook.Populated;
export const NotebookEmpty = notebook.Empty;
export const NotebookLoading = notebook.Loading;
export const NotebookError = notebook.Error;

const chartSvg = (colour: string) =>
  `data:image/svg+xml;charset=utf-8,${encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 90"><rect width="160" height="90" fill="#0f172a"/><polyline fill="none" stroke="${colour}" stroke-width="2" points="0,70 20,60 40,65 60,40 80,45 100,30 120,35 140,20 160,25"/></svg>`,
  )}`;
const gallery = states('Gallery', '/gallery', (s) => (
  <GalleryScreen
    status={s}
    items={[
      { id: 'g1', caption: 'NIFTY 5-minute, ORB entry at 10:02', src: chartSvg('#4ade80') },
      { id: 'g2', caption: 'BANKNIFTY VWAP rejection, stopped out', src: chartSvg('#f87171') },
      { id: 'g3', caption: 'TATAMOTORS daily breakout', src: chartSvg('#818cf8') },
    ]}
  />
));
export const GalleryPopulated = gallery.Populated;
export const GalleryEmpty = gallery.Empty;
export const GalleryLoading = gallery.Loading;
export const GalleryError = gallery.Error;

// Position sizing: the story computes with the formula from INDIA.md to show the screen live; the real
// calculation belongs to the journal's domain code.
function size(v: PositionSizingValues): PositionSizingResult | undefined {
  const [capital, risk, entry, stop, target] = [v.capital, v.riskPercent, v.entry, v.stop, v.target].map(Number);
  if (!capital || !risk || !entry || !stop || entry === stop) return undefined;
  const riskAmount = (capital * risk) / 100;
  const quantity = Math.floor(riskAmount / Math.abs(entry - stop));
  const positionValue = quantity * entry;
  return {
    quantity,
    riskAmount,
    positionValue,
    rewardToRisk: target ? Math.abs(target - entry) / Math.abs(entry - stop) : undefined,
    warning:
      positionValue > capital
        ? `Position value ${formatINR(positionValue, { paise: 'always' })} exceeds capital ${formatINR(capital, { paise: 'always' })}.`
        : undefined,
  };
}

function Sizing({ initial }: { initial: PositionSizingValues }) {
  const [values, setValues] = useState(initial);
  return (
    <Shell title="Position sizing">
      <PositionSizingScreen values={values} result={size(values)} onChange={setValues} />
    </Shell>
  );
}

export const PositionSizingEmpty: Story = {
  args: { routePath: '/position-sizing' },
  render: () => <Sizing initial={{ capital: '', riskPercent: '', entry: '', stop: '', target: '' }} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('textbox', { name: 'Capital (₹)' }), '250000');
    await userEvent.type(canvas.getByRole('textbox', { name: 'Risk per trade (%)' }), '1');
    await userEvent.type(canvas.getByRole('textbox', { name: 'Entry price (₹)' }), '67.5');
    await userEvent.type(canvas.getByRole('textbox', { name: 'Stop loss (₹)' }), '65');
    // 2,50,000 × 1% = ₹2,500 at risk; ÷ ₹2.50 per share = 1,000 shares.
    await expect(await canvas.findByText('1,000')).toBeVisible();
  },
};
export const PositionSizingWarning: Story = {
  args: { routePath: '/position-sizing' },
  render: () => (
    <Sizing initial={{ capital: '100000', riskPercent: '2', entry: '1500', stop: '1495', target: '1520' }} />
  ),
};

const send = fn();
const conversation: ChatMessage[] = [
  { id: 'm1', role: 'user', text: 'Why was last week red?' },
  {
    id: 'm2',
    role: 'assistant',
    text: 'Net −₹6,140 over 14 trades. Two VWAP rejection shorts on Wednesday lost ₹5,300 together: both entered before 11:00, which your playbook rules out. Without them the week was +₹1,460.',
  },
];
function Assistant(props: React.ComponentProps<typeof AssistantScreen>) {
  return (
    <Shell title="AI assistant">
      <AssistantScreen onSend={send} {...props} />
    </Shell>
  );
}
export const AssistantEmpty: Story = {
  args: { routePath: '/Bahi-AI' },
  render: () => <Assistant status="ready" />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('textbox', { name: 'Ask about your trades' }), 'Am I cutting winners early?');
    await userEvent.click(canvas.getByRole('button', { name: 'Send' }));
    await expect(send).toHaveBeenCalledWith('Am I cutting winners early?');
  },
};
export const AssistantConversation: Story = {
  args: { routePath: '/Bahi-AI' },
  render: () => <Assistant status="ready" messages={conversation} />,
};
export const AssistantThinking: Story = {
  args: { routePath: '/Bahi-AI' },
  render: () => <Assistant status="ready" messages={conversation.slice(0, 1)} thinking />,
};
export const AssistantError: Story = {
  args: { routePath: '/Bahi-AI' },
  render: () => (
    <Assistant
      status="ready"
      messages={conversation.slice(0, 1)}
      error="The assistant is busy. Try again in a minute."
    />
  ),
};
export const AssistantLoading: Story = {
  args: { routePath: '/Bahi-AI' },
  render: () => <Assistant status="loading" />,
};

export const TradesMobile: Story = { ...trade.Populated, globals: { viewport: { value: 'mobile' } } };
export const TradesDark: Story = { ...trade.Populated, globals: { theme: 'dark' } };
