import { useSession } from '@bahi/auth-machine/react';
import { filterTrades } from '@bahi/trading';
import { type ImportSourceId, type TradeListRow, TradesScreen, toast } from '@bahi/ui';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { invalidateJournal, type JournalTrade, useJournalTrades, usePlaybooks, useTags } from '../data/journal-data';
import { filterToParams, useTradeFilter } from '../data/trade-filter-params';
import { CSV_TYPE, download } from '../shared/download';
import { lazyPage } from '../shell/lazy-page';
import { deleteTrades, tagTrades } from './trade-bulk';
import { tradesCsv, tradesCsvFileName } from './trades-csv';

// The dialogs and the import pipeline behind them load the first time one opens (see import/trades-dialogs.tsx).
const loadDialogs = () => import('../import/trades-dialogs');
const ImportDialog = lazyPage(loadDialogs, (m) => m.TradesImportDialog);
const OpeningDialog = lazyPage(loadDialogs, (m) => m.TradesOpeningDialog);
const CorporateActionsDialog = lazyPage(loadDialogs, (m) => m.TradesCorporateActionsDialog);

/** /trades: the journal's trades, filtered through the URL (shared with /analytics), with import at ?import=1. */
export default function TradesPage() {
  const { user } = useSession();
  const userId = user?.id;
  const queryClient = useQueryClient();
  const trades = useJournalTrades(userId);
  const playbooks = usePlaybooks(userId);
  const tags = useTags(userId);
  const missing = useMemo(() => (trades.data ?? []).filter((t) => t.status === 'missing_cost'), [trades.data]);
  const [sourceRequest, setSourceRequest] = useState<{ source: ImportSourceId; at: number } | null>(null);
  const [openingRequest, setOpeningRequest] = useState(0);
  const [corporateActionsRequest, setCorporateActionsRequest] = useState(0);
  const [filter, setFilter] = useTradeFilter();
  const [params, setParams] = useSearchParams();
  const filterKey = filterToParams(filter).toString();

  // biome-ignore lint/correctness/useExhaustiveDependencies: the filter is a new object each render; its query string is its identity.
  const filtered = useMemo((): JournalTrade[] => filterTrades(trades.data ?? [], filter), [trades.data, filterKey]);
  const rows = useMemo(
    (): TradeListRow[] =>
      filtered.map((t) => ({
        id: t.id,
        entryTime: t.entryTime,
        exitTime: t.exitTime,
        symbol: t.symbol,
        underlying: t.underlying,
        segment: t.segment,
        product: t.product,
        side: t.side,
        quantity: t.quantity,
        entryPrice: t.entryPrice,
        exitPrice: t.exitPrice,
        status: t.status,
        charges: t.charges,
        netPnl: t.netPnl,
        playbook: t.playbookName,
        tags: t.tags,
      })),
    [filtered],
  );

  const status = trades.isPending ? 'loading' : trades.isError ? 'error' : trades.data.length ? 'ready' : 'empty';
  const refresh = () => invalidateJournal(queryClient, userId);
  const importOpen = params.get('import') === '1';
  // Mounted from the first opening on, so that a dialog closes as before and keeps its state.
  const [importUsed, setImportUsed] = useState(importOpen);
  if (importOpen && !importUsed) setImportUsed(true);
  const setImportOpen = (open: boolean) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (open) next.set('import', '1');
      else next.delete('import');
      return next;
    });

  return (
    <TradesScreen
      status={status}
      trades={rows}
      totalTrades={trades.data?.length ?? 0}
      errorDetail={trades.error?.message}
      onRetry={() => void trades.refetch()}
      filter={filter}
      onFilterChange={setFilter}
      playbooks={(playbooks.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
      tags={(tags.data ?? []).map((t) => t.name)}
      analyticsHref={`/analytics${filterKey ? `?${filterKey}` : ''}`}
      onExport={() => download(tradesCsv(filtered), tradesCsvFileName(), CSV_TYPE)}
      onAddTag={async (ids, name) => {
        await tagTrades(ids, name);
        await refresh();
        toast.success(`Tagged ${ids.length} ${ids.length === 1 ? 'trade' : 'trades'} “${name}”.`);
      }}
      onDelete={async (ids) => {
        await deleteTrades(ids);
        await refresh();
        toast.success(`Deleted ${ids.length} ${ids.length === 1 ? 'trade' : 'trades'}.`);
      }}
      importDialog={
        importUsed ? (
          <Suspense fallback={null}>
            <ImportDialog
              userId={userId}
              open={importOpen}
              onOpenChange={setImportOpen}
              sourceRequest={sourceRequest}
            />
          </Suspense>
        ) : null
      }
      missingCost={missing.length}
      onAddOpening={() => setOpeningRequest((n) => n + 1)}
      onImportHoldings={() => {
        setSourceRequest((r) => ({ source: 'zerodha', at: (r?.at ?? 0) + 1 }));
        setImportOpen(true);
      }}
      openingDialog={
        openingRequest > 0 ? (
          <Suspense fallback={null}>
            <OpeningDialog userId={userId} missing={missing} openRequest={openingRequest} />
          </Suspense>
        ) : null
      }
      onCorporateActions={() => setCorporateActionsRequest((n) => n + 1)}
      corporateActionsDialog={
        corporateActionsRequest > 0 ? (
          <Suspense fallback={null}>
            <CorporateActionsDialog userId={userId} openRequest={corporateActionsRequest} />
          </Suspense>
        ) : null
      }
    />
  );
}
