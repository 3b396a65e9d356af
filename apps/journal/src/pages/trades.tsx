import { useSession } from '@bahi/auth-machine/react';
import { filterTrades } from '@bahi/trading';
import {
  CorporateActionsDialog,
  ImportDialog,
  type ImportHistoryItem,
  OpeningPositionDialog,
  type TradeListRow,
  TradesScreen,
  toast,
} from '@bahi/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { CSV_TYPE, download } from '../download';
import { undoImport, useImportHistory } from '../import/import-data';
import { useCorporateActionsDialog, useOpeningPosition } from '../import/use-holdings';
import { useImport } from '../import/use-import';
import { invalidateJournal, type JournalTrade, useJournalTrades, usePlaybooks, useTags } from '../journal-data';
import { deleteTrades, tagTrades } from '../trade-bulk';
import { filterToParams, useTradeFilter } from '../trade-filter-params';
import { tradesCsv, tradesCsvFileName } from '../trades-csv';

const BROKER_LABEL: Record<string, string> = {
  zerodha: 'Zerodha',
  dhan: 'Dhan',
  upstox: 'Upstox',
  angelone: 'Angel One',
  groww: 'Groww',
  fyers: 'Fyers',
  icici: 'ICICI Direct',
  other: 'Other (mapped CSV)',
};

/** /trades: the journal's trades, filtered through the URL (shared with /analytics), with import at ?import=1. */
export default function TradesPage() {
  const { user } = useSession();
  const userId = user?.id;
  const queryClient = useQueryClient();
  const trades = useJournalTrades(userId);
  const playbooks = usePlaybooks(userId);
  const tags = useTags(userId);
  const history = useImportHistory(userId);
  const importFlow = useImport(userId);
  const missing = useMemo(() => (trades.data ?? []).filter((t) => t.status === 'missing_cost'), [trades.data]);
  const opening = useOpeningPosition(userId, missing);
  const corporateActions = useCorporateActionsDialog(userId);
  const [filter, setFilter] = useTradeFilter();
  const [params, setParams] = useSearchParams();
  const filterKey = filterToParams(filter).toString();

  const playbookNames = useMemo(() => new Map((playbooks.data ?? []).map((p) => [p.id, p.name])), [playbooks.data]);
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
        playbook: t.playbookId ? (playbookNames.get(t.playbookId) ?? null) : null,
        tags: t.tags,
      })),
    [filtered, playbookNames],
  );

  const status = trades.isPending ? 'loading' : trades.isError ? 'error' : trades.data.length ? 'ready' : 'empty';
  const refresh = () => invalidateJournal(queryClient, userId);
  const importOpen = params.get('import') === '1';
  const setImportOpen = (open: boolean) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (open) next.set('import', '1');
      else next.delete('import');
      return next;
    });
  const historyItems = history.data?.map(
    (h): ImportHistoryItem => ({ ...h, broker: BROKER_LABEL[h.broker] ?? h.broker }),
  );

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
      onExport={() => download(tradesCsv(filtered, playbookNames), tradesCsvFileName(), CSV_TYPE)}
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
        <ImportDialog
          open={importOpen}
          {...importFlow}
          onOpenChange={(open) => {
            // Opening again starts from the broker choice, not the last file's outcome.
            if (!open) importFlow.onStartOver();
            setImportOpen(open);
          }}
          history={historyItems}
          historyStatus={history.isPending ? 'loading' : history.isError ? 'error' : 'ready'}
          historyError={history.error?.message}
          onUndo={async (id) => {
            await undoImport(id);
            await refresh();
            toast.success('Import undone: its fills were taken out and the trades they were in rebuilt.');
          }}
        />
      }
      missingCost={missing.length}
      onAddOpening={opening.open}
      onImportHoldings={() => {
        importFlow.onSourceChange('zerodha');
        setImportOpen(true);
      }}
      openingDialog={<OpeningPositionDialog {...opening.dialog} />}
      onCorporateActions={corporateActions.open}
      corporateActionsDialog={<CorporateActionsDialog {...corporateActions.dialog} />}
    />
  );
}
