import { CheckCircle2 } from 'lucide-react';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import type { ImportStep } from './types';
import { plural } from './words';

export function ImportDone({
  state,
  onStartOver,
  onClose,
}: {
  state: Extract<ImportStep, { step: 'done' }>;
  onStartOver: () => void;
  onClose: () => void;
}) {
  return (
    <div className="grid gap-4" role="status">
      <p className="flex items-center gap-2 font-semibold">
        <CheckCircle2 className="size-5 text-profit" aria-hidden="true" /> Imported {state.fileName}
      </p>
      <p className="text-sm">
        {plural(state.tradesCreated, 'trade', 'trades')} created from {plural(state.executionsCreated, 'fill', 'fills')}
        ; {plural(state.duplicates, 'duplicate', 'duplicates')} skipped; {plural(state.rowsWithErrors, 'row', 'rows')}{' '}
        with errors skipped. Undo it any time from History.
      </p>
      <div className="flex justify-end gap-2">
        <Button variant="outline" onClick={onStartOver}>
          Import another file
        </Button>
        <Button onClick={onClose}>See the trades</Button>
      </div>
    </div>
  );
}

export function ImportFailed({
  state,
  onStartOver,
}: {
  state: Extract<ImportStep, { step: 'failed' }>;
  onStartOver: () => void;
}) {
  return (
    <div className="grid gap-4">
      <Alert variant="error" title={`${state.fileName} was not imported`}>
        {state.message}
      </Alert>
      <div className="flex justify-end">
        <Button onClick={onStartOver}>Start again</Button>
      </div>
    </div>
  );
}
