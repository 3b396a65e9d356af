import type { Meta } from '@storybook/react-vite';
import { states } from '../../stories/area-states';
import { PageDecorator, type PageStoryArgs } from '../../stories/page-decorator';
import { FundsScreen } from './funds';

const meta = {
  title: 'Screens/Journal/Funds',
  decorators: [PageDecorator],
  parameters: { layout: 'fullscreen' },
  args: { routePath: '/funds' },
} satisfies Meta<PageStoryArgs>;
export default meta;

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
