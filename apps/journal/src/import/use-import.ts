// The import dialog's props from the page's import (./import-job.ts): the flow's state, and its steps as callbacks.
import type { ImportDialogProps } from '@bahi/ui';
import { useSyncExternalStore } from 'react';
import { importJob } from './import-job';

type Flow = Pick<
  ImportDialogProps,
  | 'source'
  | 'onSourceChange'
  | 'state'
  | 'onFile'
  | 'onUseSuggestion'
  | 'onColumnChange'
  | 'onMapConfirm'
  | 'onCommit'
  | 'onStartOver'
>;

export function useImport(): Flow {
  const { source, state } = useSyncExternalStore(importJob.subscribe, importJob.snapshot);
  return {
    source,
    onSourceChange: (next) => importJob.setSource(next),
    state,
    onFile: (picked) => void importJob.pick(picked),
    onUseSuggestion: () => importJob.readAsSuggested(),
    onColumnChange: (field, column) => importJob.setColumn(field, column),
    onMapConfirm: () => importJob.confirmMap(),
    onCommit: () => void importJob.commit(),
    onStartOver: () => importJob.startOver(),
  };
}
