import { useSession } from '@bahi/auth-machine/react';
import { journalStats, prepareJournal, type TradeForStats } from '@bahi/trading';
import { type AnalyticsData, AnalyticsScreen } from '@bahi/ui';
import { useMemo } from 'react';
import { toStatsTrade, useJournalTrades, usePlaybooks, useTags } from '../data/journal-data';
import { filterToParams, useTradeFilter } from '../data/trade-filter-params';
import { excludedNotice } from '../shared/excluded-notice';

/** /analytics: the journal's statistics by every dimension, for the trades the URL's filter (shared with /trades) picks. */
export default function AnalyticsPage() {
  const { user } = useSession();
  const trades = useJournalTrades(user?.id);
  const playbooks = usePlaybooks(user?.id);
  const tags = useTags(user?.id);
  const [filter, setFilter] = useTradeFilter();
  const filterKey = filterToParams(filter).toString();

  // Laid out once per load; each filter change then recomputes every statistic from the prepared columns.
  const journal = useMemo(
    () => prepareJournal((trades.data ?? []).map(toStatsTrade).filter((t): t is TradeForStats => t !== null)),
    [trades.data],
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: the filter is a new object each render; its query string is its identity.
  const data = useMemo((): AnalyticsData | undefined => {
    if (!trades.data) return undefined;
    const { summary, groups, r } = journalStats(journal, { filter });
    return { summary, groups, r };
  }, [journal, filterKey]);

  const status = trades.isPending ? 'loading' : trades.isError ? 'error' : journal.trades.length ? 'ready' : 'empty';
  return (
    <AnalyticsScreen
      notice={excludedNotice(trades.data)}
      status={status}
      data={data}
      filter={filter}
      onFilterChange={setFilter}
      playbooks={(playbooks.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
      tags={(tags.data ?? []).map((t) => t.name)}
      tradesHref={`/trades${filterKey ? `?${filterKey}` : ''}`}
      errorDetail={trades.error?.message}
      onRetry={() => void trades.refetch()}
    />
  );
}
