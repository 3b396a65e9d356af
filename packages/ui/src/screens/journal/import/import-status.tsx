import { CheckCircle2, Loader2, XCircle } from 'lucide-react';
import { Button } from '../../../components/button';
import { importDetail, importProgress } from './progress';
import type { ImportStep } from './types';
import { plural } from './words';

export interface ImportStatusProps {
  /** The page's import while the dialog is closed: nothing shows for the other steps. */
  state: ImportStep;
  /** Opens the import dialog again. */
  onShow: () => void;
  /** Forgets a finished import's outcome. */
  onDismiss: () => void;
}

/**
 * A file being imported while the trader works elsewhere: how far it is, then how it ended, at the top of the page.
 * A polite live region, so a screen reader hears the outcome without losing its place.
 */
export function ImportStatus({ state, onShow, onDismiss }: ImportStatusProps) {
  if (state.step !== 'working' && state.step !== 'done' && state.step !== 'failed') return null;
  let icon: React.ReactNode;
  let text: string;
  if (state.step === 'working') {
    const { label, percent } = importProgress(state);
    const detail = importDetail(state);
    icon = <Loader2 className="size-4 animate-spin motion-reduce:animate-none" aria-hidden="true" />;
    text = `Importing ${state.fileName}: ${label}, ${percent}%${detail ? `. ${detail}` : ''}.`;
  } else if (state.step === 'done') {
    icon = <CheckCircle2 className="size-4 text-profit" aria-hidden="true" />;
    text = `Imported ${state.fileName}: ${plural(state.tradesCreated, 'trade', 'trades')} saved.`;
  } else {
    icon = <XCircle className="size-4 text-loss" aria-hidden="true" />;
    text = `${state.fileName} was not imported: ${state.message}`;
  }
  return (
    <div
      data-slot="import-status"
      className="mb-4 flex flex-wrap items-center gap-x-3 gap-y-2 rounded-lg border bg-card px-3 py-2 text-sm"
    >
      <p role="status" className="flex min-w-0 flex-1 items-center gap-2 tabular-nums">
        {icon}
        <span>{text}</span>
      </p>
      <div className="flex gap-2">
        <Button size="sm" variant="outline" onClick={onShow}>
          {state.step === 'done' ? 'See the import' : 'Show'}
        </Button>
        {state.step === 'working' ? null : (
          <Button size="sm" variant="ghost" onClick={onDismiss}>
            Dismiss
          </Button>
        )}
      </div>
    </div>
  );
}
