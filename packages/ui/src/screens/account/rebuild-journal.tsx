import { CheckCircle2 } from 'lucide-react';
import type * as React from 'react';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '../../components/card';
import { EstimateLine } from '../journal/import/estimate-line';
import type { EstimateNote } from '../journal/import/types';
import { plural } from '../journal/import/words';

/** What replaying every imported fill under today's rules would change. */
export interface RebuildJournalPreview {
  /** Imported trades replayed. */
  checked: number;
  /** Trades that come out as they are. */
  unchanged: number;
  /** Trades with the same fills and new charges or P&L. */
  refigured: number;
  /** Trades whose fills now make other trades… */
  rematched: number;
  /** …and the trades they make. */
  rematchedInto: number;
  /** What the journal's estimated charges assume after the rebuild. */
  estimates: EstimateNote[];
}

export type RebuildJournalState =
  | { step: 'idle' }
  | { step: 'checking' }
  | { step: 'preview'; preview: RebuildJournalPreview }
  | { step: 'rebuilding'; done: number; total: number }
  | { step: 'done'; refigured: number; rematched: number }
  | { step: 'failed'; message: string };

export interface RebuildJournalCardProps {
  state: RebuildJournalState;
  /** Replays the journal and shows what would change (nothing is saved). */
  onCheck?: () => void;
  /** Saves the rebuild previewed. */
  onConfirm?: () => void;
  /** Back to the start: leaves the journal as it is. */
  onCancel?: () => void;
}

const changes = (p: { refigured: number; rematched: number }) => p.refigured + p.rematched;

function PreviewLines({ preview }: { preview: RebuildJournalPreview }) {
  const lines: React.ReactNode[] = [
    `${plural(preview.checked, 'imported trade', 'imported trades')} replayed under today's rates and matching.`,
  ];
  if (preview.refigured > 0) {
    lines.push(`${plural(preview.refigured, 'trade gets', 'trades get')} new charges or P&L.`);
  }
  if (preview.rematched > 0) {
    lines.push(
      `${plural(preview.rematched, 'trade is', 'trades are')} matched again, into ${plural(preview.rematchedInto, 'trade', 'trades')}.`,
    );
  }
  lines.push(
    `${plural(preview.unchanged, 'trade stays', 'trades stay')} as ${preview.unchanged === 1 ? 'it is' : 'they are'}.`,
  );
  for (const estimate of preview.estimates) lines.push(<EstimateLine note={estimate} />);
  return (
    <ul className="grid list-disc gap-1 pl-5 text-sm" aria-label="What a rebuild changes">
      {lines.map((line, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list, built in the same order every time
        <li key={i}>{line}</li>
      ))}
    </ul>
  );
}

function Progress({ done, total }: { done: number; total: number }) {
  const percent = total === 0 ? 100 : Math.round((100 * done) / total);
  const label = total > 1 ? `Saving part ${Math.min(done + 1, total)} of ${total}` : 'Saving trades';
  return (
    <div className="grid gap-2">
      <p className="text-sm" id="rebuild-progress-label">
        Rebuilding your journal: {label}…
      </p>
      <div
        role="progressbar"
        aria-labelledby="rebuild-progress-label"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${percent}%, ${label}`}
        className="h-2 overflow-hidden rounded-full bg-muted"
      >
        <div className="h-full bg-primary transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      <p className="text-muted-foreground text-xs">Keep this tab open until it finishes.</p>
    </div>
  );
}

/**
 * /profile card: replays every imported fill under today's rules (after the trader sets their state or broker
 * charges, or the rate tables change), shows what that changes, and saves it only when the trader confirms.
 */
export function RebuildJournalCard({ state, onCheck, onConfirm, onCancel }: RebuildJournalCardProps) {
  const checking = state.step === 'checking';
  let body: React.ReactNode = null;
  let footer: React.ReactNode = (
    <Button variant="outline" loading={checking} onClick={onCheck}>
      {checking ? 'Replaying your fills…' : 'Check what changes'}
    </Button>
  );
  if (state.step === 'preview') {
    const { preview } = state;
    const n = changes(preview);
    if (preview.checked === 0) {
      body = <Alert variant="info" title="Nothing to rebuild yet: your journal has no imported trades." />;
      footer = <Button onClick={onCancel}>Close</Button>;
    } else {
      body = (
        <div className="grid gap-3">
          <PreviewLines preview={preview} />
          {n === 0 ? (
            <Alert variant="success" title="Your journal is up to date: every trade comes out as it is." />
          ) : null}
        </div>
      );
      footer =
        n === 0 ? (
          <Button onClick={onCancel}>Done</Button>
        ) : (
          <>
            <Button onClick={onConfirm}>Rebuild {plural(n, 'trade', 'trades')}</Button>
            <Button variant="ghost" onClick={onCancel}>
              Cancel
            </Button>
          </>
        );
    }
  } else if (state.step === 'rebuilding') {
    body = <Progress done={state.done} total={state.total} />;
    footer = null;
  } else if (state.step === 'done') {
    const parts = [
      state.refigured > 0 ? `${plural(state.refigured, 'trade has', 'trades have')} new charges or P&L` : null,
      state.rematched > 0 ? `${plural(state.rematched, 'trade was', 'trades were')} matched again` : null,
    ].filter(Boolean);
    body = (
      <p className="flex items-center gap-2 text-sm" role="status">
        <CheckCircle2 className="size-5 text-profit" aria-hidden="true" /> Journal rebuilt: {parts.join('; ')}.
      </p>
    );
    footer = <Button onClick={onCancel}>Done</Button>;
  } else if (state.step === 'failed') {
    body = (
      <Alert variant="error" title="The rebuild did not finish">
        {state.message}
      </Alert>
    );
    footer = <Button onClick={onCheck}>Try again</Button>;
  }
  return (
    <Card data-slot="rebuild-journal" aria-busy={checking || state.step === 'rebuilding' ? true : undefined}>
      <CardHeader>
        <CardTitle asChild>
          <h2>Rebuild my journal</h2>
        </CardTitle>
        <CardDescription>
          Replays every imported fill under today's rates and matching: after you set your state or broker charges, or
          when the rate tables are updated. Your notes, tags, ratings and screenshots stay with their trades.
        </CardDescription>
      </CardHeader>
      {body ? <CardContent>{body}</CardContent> : null}
      {footer ? <CardFooter className="flex-wrap gap-2">{footer}</CardFooter> : null}
    </Card>
  );
}
