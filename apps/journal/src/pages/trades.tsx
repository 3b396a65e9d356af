import { useSession } from '@bahi/auth-machine/react';
import { TradesScreen } from '@bahi/ui';
import { useRecentTrades } from '../data';

export default function TradesPage() {
  const { user } = useSession();
  const trades = useRecentTrades(user?.id, 200);
  const status = trades.isPending ? 'loading' : trades.isError ? 'error' : trades.data.length ? 'ready' : 'empty';
  return (
    <TradesScreen
      status={status}
      trades={trades.data}
      errorDetail={trades.error?.message}
      onRetry={() => void trades.refetch()}
    />
  );
}
