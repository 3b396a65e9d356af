// The page's import on every signed-in page while the import dialog is closed: its progress and outcome, a way back
// to the dialog, and the journal's queries refreshed when it saves, wherever the trader is.
import { ImportStatus } from '@bahi/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { useNavigate } from 'react-router-dom';
import { invalidateJournal, refreshAfterChange } from '../data/journal-data';
import { importJob } from './import-job';

export function PageImportStatus({ userId }: { userId: string | undefined }) {
  const { state, dialogOpen } = useSyncExternalStore(importJob.subscribe, importJob.snapshot);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  useEffect(
    () =>
      importJob.onSaved(({ change }) => {
        // A whole file saved: only its trades are read (when few); a part of one, the journal again.
        void (change ? refreshAfterChange(queryClient, userId, change) : invalidateJournal(queryClient, userId));
      }),
    [queryClient, userId],
  );
  if (dialogOpen) return null;
  return (
    <ImportStatus state={state} onShow={() => navigate('/trades?import=1')} onDismiss={() => importJob.startOver()} />
  );
}
