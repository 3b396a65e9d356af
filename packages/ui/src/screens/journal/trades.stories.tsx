import type { Meta } from '@storybook/react-vite';
import { type AreaStory as Story, states } from '../../stories/area-states';
import { PageDecorator, type PageStoryArgs } from '../../stories/page-decorator';
import type { DashboardTrade } from './dashboard';
import { TradesScreen } from './trades';

const meta = {
  title: 'Screens/Journal/Trades',
  decorators: [PageDecorator],
  parameters: { layout: 'fullscreen' },
  args: { routePath: '/trades' },
} satisfies Meta<PageStoryArgs>;
export default meta;

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

export const TradesMobile: Story = { ...trade.Populated, globals: { viewport: { value: 'mobile' } } };
export const TradesDark: Story = { ...trade.Populated, globals: { theme: 'dark' } };
