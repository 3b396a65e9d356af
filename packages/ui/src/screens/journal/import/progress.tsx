import { formatCount } from '@bahi/trading';
import type { ImportStep } from './types';

type Working = Extract<ImportStep, { step: 'working' }>;

/**
 * Overall progress: reading and matching are quick (a fifth of the bar), saving is the rest, by trades saved when
 * known, else call by call.
 */
export function importProgress(state: Working): { percent: number; label: string } {
  if (state.phase === 'parse') return { percent: 5, label: 'Reading the file' };
  if (state.phase === 'match') return { percent: 15, label: 'Matching fills into trades' };
  const share =
    state.tradesTotal && state.trades !== undefined
      ? state.trades / state.tradesTotal
      : state.total === 0
        ? 1
        : state.done / state.total;
  const label =
    state.total > 1 ? `Saving part ${Math.min(state.done + 1, state.total)} of ${state.total}` : 'Saving trades';
  return { percent: Math.round(20 + 80 * share), label };
}

/** Trades saved and the time left, when known: "4,000 of 22,088 trades saved, about 6 s left". */
export function importDetail(state: Working): string | null {
  if (state.phase !== 'upload' || !state.tradesTotal || state.trades === undefined) return null;
  const saved = `${formatCount(state.trades)} of ${formatCount(state.tradesTotal)} trades saved`;
  if (state.secondsLeft === undefined) return saved;
  const left = state.secondsLeft < 60 ? `${state.secondsLeft} s` : `${Math.round(state.secondsLeft / 60)} min`;
  return `${saved}, about ${left} left`;
}

export function ImportProgress({ state }: { state: Working }) {
  const { percent, label } = importProgress(state);
  const detail = importDetail(state);
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
        aria-valuetext={`${percent}%, ${label}${detail ? `, ${detail}` : ''}`}
        className="h-2 overflow-hidden rounded-full bg-muted"
      >
        <div className="h-full bg-primary transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      {detail ? <p className="text-sm tabular-nums">{detail}.</p> : null}
      <p className="text-muted-foreground text-xs">
        You can close this window and go on working: the import carries on, and its progress shows at the top of the
        page. Keep this tab open until it finishes.
      </p>
    </div>
  );
}
