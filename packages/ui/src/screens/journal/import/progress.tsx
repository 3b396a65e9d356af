import type { ImportStep } from './types';

/** Overall progress: reading and matching are quick (a fifth of the bar), uploading is the rest, call by call. */
export function importProgress(state: Extract<ImportStep, { step: 'working' }>): { percent: number; label: string } {
  if (state.phase === 'parse') return { percent: 5, label: 'Reading the file' };
  if (state.phase === 'match') return { percent: 15, label: 'Matching fills into trades' };
  const share = state.total === 0 ? 1 : state.done / state.total;
  const label =
    state.total > 1 ? `Saving part ${Math.min(state.done + 1, state.total)} of ${state.total}` : 'Saving trades';
  return { percent: Math.round(20 + 80 * share), label };
}

export function ImportProgress({ state }: { state: Extract<ImportStep, { step: 'working' }> }) {
  const { percent, label } = importProgress(state);
  return (
    <div className="grid gap-2">
      <p className="text-sm" id="import-progress-label">
        Importing <span className="font-medium">{state.fileName}</span>: {label}…
      </p>
      <div
        role="progressbar"
        aria-labelledby="import-progress-label"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${percent}%, ${label}`}
        className="h-2 overflow-hidden rounded-full bg-muted"
      >
        <div className="h-full bg-primary transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      <p className="text-muted-foreground text-xs">Keep this tab open until the import finishes.</p>
    </div>
  );
}
