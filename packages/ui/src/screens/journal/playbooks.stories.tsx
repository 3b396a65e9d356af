import type { Meta } from '@storybook/react-vite';
import { states } from '../../stories/area-states';
import { PageDecorator, type PageStoryArgs } from '../../stories/page-decorator';
import { PlaybooksScreen } from './playbooks';

const meta = {
  title: 'Screens/Journal/Playbooks',
  decorators: [PageDecorator],
  parameters: { layout: 'fullscreen' },
  args: { routePath: '/playbooks' },
} satisfies Meta<PageStoryArgs>;
export default meta;

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
