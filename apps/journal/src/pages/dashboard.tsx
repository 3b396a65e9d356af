import { useSession } from '@bahi/auth-machine/react';
import { DashboardScreen, type DashboardState } from '@bahi/ui';
import { dashboardData } from '../dashboard-data';
import { useRecentTrades } from '../data';

/** The dashboard from the `trades` table: the newest trade's month and the recent trades. */
export default function DashboardPage() {
  const { user } = useSession();
  const trades = useRecentTrades(user?.id);
  const name = user?.user_metadata.full_name;
  let state: DashboardState;
  if (trades.isPending) state = { status: 'loading' };
  else if (trades.isError) state = { status: 'error', detail: trades.error.message };
  else {
    const data = dashboardData(trades.data);
    state = data ? { status: 'ready', data } : { status: 'empty' };
  }
  return (
    <DashboardScreen
      state={state}
      userName={typeof name === 'string' ? name : undefined}
      onRetry={() => void trades.refetch()}
    />
  );
}
