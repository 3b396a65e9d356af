// The trades page's three dialogs (import, opening position, splits and bonuses), loaded the first time one opens
// rather than with the page: their screens, the import pipeline and @bahi/trading's planning and charges are not
// needed to show the trades. Each stays mounted once opened, so it closes as before and keeps its state.
import {
  CorporateActionsDialog,
  ImportDialog,
  type ImportHistoryItem,
  type ImportSourceId,
  OpeningPositionDialog,
  toast,
} from '@bahi/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { invalidateJournal, type JournalTrade } from '../data/journal-data';
import { undoImport, useImportHistory } from './import-data';
import { importJob } from './import-job';
import { useCorporateActionsDialog, useOpeningPosition } from './use-holdings';
import { useImport } from './use-import';

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

export interface TradesImportDialogProps {
  userId: string | undefined;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Each change (after the first) asks for a source's choice step, e.g. 'zerodha' for its holdings statement. */
  sourceRequest: { source: ImportSourceId; at: number } | null;
}

/** The import dialog at `?import=1`, with the history of imports and their undo. */
export function TradesImportDialog({ userId, open, onOpenChange, sourceRequest }: TradesImportDialogProps) {
  const queryClient = useQueryClient();
  const history = useImportHistory(userId);
  const importFlow = useImport();
  const { onSourceChange } = importFlow;
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new request changes the source, not a new callback.
  useEffect(() => {
    if (sourceRequest) onSourceChange(sourceRequest.source);
  }, [sourceRequest]);
  // The shell shows the import's progress while the dialog is closed.
  useEffect(() => {
    importJob.setDialogOpen(open);
    return () => importJob.setDialogOpen(false);
  }, [open]);
  const historyItems = history.data?.map(
    (h): ImportHistoryItem => ({ ...h, broker: BROKER_LABEL[h.broker] ?? h.broker }),
  );
  return (
    <ImportDialog
      open={open}
      {...importFlow}
      onOpenChange={(next) => {
        // Opening again starts from the broker choice, not the last file's outcome; a save under way goes on.
        if (!next) importFlow.onStartOver();
        onOpenChange(next);
      }}
      history={historyItems}
      historyStatus={history.isPending ? 'loading' : history.isError ? 'error' : 'ready'}
      historyError={history.error?.message}
      onUndo={async (id) => {
        await undoImport(id);
        await invalidateJournal(queryClient, userId);
        toast.success('Import undone: its fills were taken out and the trades they were in rebuilt.');
      }}
    />
  );
}

export interface HoldingsDialogProps {
  userId: string | undefined;
  /** Each new value opens the dialog (the first on mount). */
  openRequest: number;
}

/** The opening position dialog, for sales with no cost basis (`missing`). */
export function TradesOpeningDialog({
  userId,
  missing,
  openRequest,
}: HoldingsDialogProps & { missing: readonly JournalTrade[] }) {
  const opening = useOpeningPosition(userId, missing);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new request opens it, not new trades.
  useEffect(() => {
    if (openRequest > 0) opening.open();
  }, [openRequest]);
  return <OpeningPositionDialog {...opening.dialog} />;
}

/** The splits and bonuses dialog. */
export function TradesCorporateActionsDialog({ userId, openRequest }: HoldingsDialogProps) {
  const corporateActions = useCorporateActionsDialog(userId);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new request opens it.
  useEffect(() => {
    if (openRequest > 0) corporateActions.open();
  }, [openRequest]);
  return <CorporateActionsDialog {...corporateActions.dialog} />;
}
