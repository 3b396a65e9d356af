import { useSession } from '@bahi/auth-machine/react';
import { filterTrades } from '@bahi/trading';
import { TradeReviewScreen } from '@bahi/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useParams } from 'react-router-dom';
import { useJournalTrades, usePlaybooks } from '../data/journal-data';
import { filterToParams, useTradeFilter } from '../data/trade-filter-params';
import { useGallery } from '../gallery/gallery-data';
import { neighbours, saveTradeNotes, toTradeReview, useTradeDetail } from './trade-review-data';

/**
 * /trades/:id: one trade reviewed, with the previous and next trade of the list it was opened from (the list's
 * filters ride along in the query string).
 */
export default function TradeReviewPage() {
  const { id = '' } = useParams();
  const { user } = useSession();
  const userId = user?.id;
  const queryClient = useQueryClient();
  const trades = useJournalTrades(userId);
  const playbooks = usePlaybooks(userId);
  const detail = useTradeDetail(userId, id);
  const gallery = useGallery(userId);
  const [filter] = useTradeFilter();
  const filterKey = filterToParams(filter).toString();
  const query = filterKey ? `?${filterKey}` : '';

  // biome-ignore lint/correctness/useExhaustiveDependencies: the filter is a new object each render; its query string is its identity.
  const around = useMemo(() => neighbours(filterTrades(trades.data ?? [], filter), id), [trades.data, filterKey, id]);
  const trade = trades.data?.find((t) => t.id === id);
  const review = useMemo(() => {
    if (!trade || !detail.data) return undefined;
    const screenshots = (gallery.data ?? [])
      .filter((g) => g.tradeId === trade.id)
      .map((g) => ({ id: g.id, src: g.src, caption: g.caption }));
    const playbook = playbooks.data?.find((p) => p.id === trade.playbookId);
    return toTradeReview(trade, detail.data, playbook, screenshots);
  }, [trade, detail.data, gallery.data, playbooks.data]);

  // The screenshots are not worth an error page: without them the review still shows.
  const failed = trades.error ?? detail.error ?? playbooks.error;
  const status = failed
    ? 'error'
    : trades.isPending || (trade && (detail.isPending || playbooks.isPending))
      ? 'loading'
      : !trade
        ? 'not-found'
        : 'ready';
  const href = (to?: { id: string; label: string }) =>
    to ? { href: `/trades/${encodeURIComponent(to.id)}${query}`, label: to.label } : undefined;

  return (
    <TradeReviewScreen
      status={status}
      trade={review}
      backHref={`/trades${query}`}
      previous={href(around.previous)}
      next={href(around.next)}
      errorDetail={failed?.message}
      onRetry={() => void Promise.all([trades.refetch(), detail.refetch(), playbooks.refetch()])}
      onSaveNotes={(notes) => saveTradeNotes(queryClient, userId, id, notes)}
    />
  );
}
