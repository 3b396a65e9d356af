import { useSession } from '@bahi/auth-machine/react';
import { kolkataDate } from '@bahi/trading';
import { DASHBOARD_PERIODS, type DashboardPeriod, DashboardScreen, type DashboardState } from '@bahi/ui';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useJournalTrades } from '../data/journal-data';
import { excludedNotice } from '../shared/excluded-notice';
import { useComputedApart } from '../shared/use-computed-apart';
import { dashboardData, periodRange } from './dashboard-data';

const isPeriod = (value: string | null): value is DashboardPeriod => DASHBOARD_PERIODS.some((p) => p.value === value);

/** /dashboard: the journal's statistics for the period in `?period=` (all time by default), net of charges. */
export default function DashboardPage() {
  const { user } = useSession();
  const trades = useJournalTrades(user?.id);
  const [params, setParams] = useSearchParams();
  const requested = params.get('period');
  const period: DashboardPeriod = isPeriod(requested) ? requested : 'all';
  // Apart from the render: over a large journal the figures are the page's longest piece of work.
  const data = useComputedApart(
    useCallback(
      () => trades.data && dashboardData(trades.data, periodRange(period, kolkataDate(new Date()))),
      [trades.data, period],
    ),
  )?.value;
  const name = user?.user_metadata.full_name;
  let state: DashboardState;
  if (trades.isError) state = { status: 'error', detail: trades.error.message };
  else if (data === undefined) state = { status: 'loading' };
  else state = data ? { status: 'ready', data } : { status: 'empty' };
  return (
    <DashboardScreen
      notice={excludedNotice(trades.data)}
      state={state}
      userName={typeof name === 'string' ? name : undefined}
      period={period}
      onPeriodChange={(next) =>
        setParams(
          (current) => {
            const out = new URLSearchParams(current);
            if (next === 'all') out.delete('period');
            else out.set('period', next);
            return out;
          },
          { replace: true },
        )
      }
      onRetry={() => void trades.refetch()}
    />
  );
}
