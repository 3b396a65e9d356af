import type { Meta } from '@storybook/react-vite';
import { bucketPnl } from '../../charts/journal-charts';
import { tradePnls } from '../../fixtures/journal';
import { states } from '../../stories/area-states';
import { PageDecorator, type PageStoryArgs } from '../../stories/page-decorator';
import { AnalyticsScreen } from './analytics';

const meta = {
  title: 'Screens/Journal/Analytics',
  decorators: [PageDecorator],
  parameters: { layout: 'fullscreen' },
  args: { routePath: '/analytics' },
} satisfies Meta<PageStoryArgs>;
export default meta;

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
