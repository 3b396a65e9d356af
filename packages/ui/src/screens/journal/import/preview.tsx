import { formatCount } from '@bahi/trading';
import * as React from 'react';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { formatDate } from '../../../lib/dates';
import { EstimateLine } from './estimate-line';
import { RowErrors } from './row-errors';
import { IMPORT_KIND_LABELS, type ImportPreview } from './types';
import { listOf, plural, rowsWithErrors } from './words';

function Figure({ label, value }: { label: string; value: number }) {
  return (
    <div className="rounded-lg border p-3">
      <dt className="text-muted-foreground text-xs">{label}</dt>
      <dd className="font-semibold text-lg tabular-nums">{formatCount(value)}</dd>
    </div>
  );
}

/** What committing would do, in plain words: only the lines that apply. */
function consequences(p: ImportPreview): React.ReactNode[] {
  const lines: React.ReactNode[] = [];
  if (p.kind === 'holdings' && p.holdingsAsOf) {
    // A date-only value read as noon in India, so that no time zone moves it to another day.
    const day = formatDate(`${p.holdingsAsOf}T12:00:00+05:30`);
    lines.push(
      p.holdingsAsOfStated === false
        ? `Holdings as at the end of ${day} (the day before your first trade in the journal; the file does not say).`
        : `Holdings as at the end of ${day}.`,
    );
  }
  if (p.undatedLots) {
    lines.push(
      `The statement gives no buy dates: ${plural(p.undatedLots, 'lot is', 'lots are')} taken as held by then, not as bought then. Sales from them stay out of short- and long-term gains on the Tax P&L page until you give their buy dates there, or import your tax P&L statement or a holdings statement with buy dates.`,
    );
  }
  if (p.undatedReplaced && p.undatedReplaced.lots > 0) {
    lines.push(
      `These lots have buy dates: they replace the undated shares of ${listOf(p.undatedReplaced.symbols)} from your earlier holdings statement, rather than add to them.`,
    );
  }
  if (p.duplicates > 0) {
    lines.push(
      p.kind === 'tradebook'
        ? `${plural(p.duplicates, 'duplicate', 'duplicates')} skipped: those fills are already in your journal.`
        : `${plural(p.duplicates, 'line is', 'lines are')} already in your journal and skipped.`,
    );
  }
  if (p.deletedSkipped) {
    lines.push(
      `${plural(p.deletedSkipped, 'fill you deleted was', 'fills you deleted were')} skipped: they stay deleted.`,
    );
  }
  if (p.openTrades > 0) lines.push(`${plural(p.openTrades, 'position is', 'positions are')} still open.`);
  if (p.missingCost > 0) {
    lines.push(
      p.missingCost === 1
        ? '1 sale of shares bought before this file has no cost basis yet: it stays out of your P&L until you import a holdings or tax P&L statement, or add the opening position.'
        : `${formatCount(p.missingCost)} sales of shares bought before this file have no cost basis yet: they stay out of your P&L until you import a holdings or tax P&L statement, or add the opening position.`,
    );
  }
  if (p.costFound > 0) {
    lines.push(
      p.costFound === 1
        ? '1 sale gets its cost basis from this statement.'
        : `${formatCount(p.costFound)} sales get their cost basis from this statement.`,
    );
  }
  if (p.replaced > 0) {
    lines.push(
      p.replaced === 1
        ? '1 trade from earlier imports is rebuilt with these fills.'
        : `${formatCount(p.replaced)} trades from earlier imports are rebuilt with these fills.`,
    );
  }
  for (const estimate of p.estimates) lines.push(<EstimateLine note={estimate} />);
  // A statement brings costs, not fills with charges: where charges come from is a tradebook's question.
  if (p.kind === 'tradebook') {
    lines.push(
      p.charges === 'broker'
        ? 'Charges are taken from the file.'
        : 'The file has no charges: they are estimated from your broker profile and the rates in force on each trade date.',
    );
  }
  return lines;
}

/** The preview step: figures, consequences, every bad row; committing is the trader's explicit choice. */
export function ImportPreviewPanel({
  preview,
  onCommit,
  onStartOver,
}: {
  preview: ImportPreview;
  onCommit: () => void;
  onStartOver: () => void;
}) {
  const headingId = React.useId();
  const statement = preview.kind !== 'tradebook';
  const skipped = rowsWithErrors(preview.errors);
  const nothing = preview.newFills === 0;
  const commit =
    skipped > 0
      ? `Skip ${plural(skipped, 'row', 'rows')} and import the rest`
      : statement
        ? `Use ${plural(preview.newFills, 'line', 'lines')}`
        : `Import ${plural(preview.tradesToCreate, 'trade', 'trades')}`;
  return (
    <div className="grid gap-4">
      <p className="text-sm">
        <span className="font-medium">{preview.fileName}</span>
        {statement ? ` (${IMPORT_KIND_LABELS[preview.kind]})` : null}: {plural(preview.rowsTotal, 'row', 'rows')} read.
      </p>
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        {statement ? (
          <>
            <Figure label="Lines read" value={preview.fillsRead} />
            <Figure label="Lines used" value={preview.newFills} />
            <Figure label="Lines skipped" value={skipped} />
            <Figure label="Trades rebuilt" value={preview.replaced} />
          </>
        ) : (
          <>
            <Figure label="Fills read" value={preview.fillsRead} />
            <Figure label="Rows with errors" value={skipped} />
            <Figure label="Duplicates skipped" value={preview.duplicates} />
            <Figure label="Trades to create" value={preview.tradesToCreate} />
          </>
        )}
      </dl>
      <ul className="grid list-disc gap-1 pl-5 text-sm" aria-label="What this import does">
        {consequences(preview).map((line, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list, built in the same order every time
          <li key={i}>{line}</li>
        ))}
      </ul>
      {preview.errors.length > 0 ? (
        <div className="grid gap-2">
          <h3 id={headingId} className="font-semibold text-sm">
            {plural(skipped, 'row', 'rows')} will be skipped
          </h3>
          <RowErrors errors={preview.errors} labelledBy={headingId} />
        </div>
      ) : null}
      {nothing ? (
        <Alert variant="info" title="Nothing new to import">
          {preview.duplicates > 0
            ? statement
              ? 'Every line of this statement is already in your journal.'
              : preview.deletedSkipped
                ? 'Every fill in this file is already in your journal or one you deleted.'
                : 'Every fill in this file is already in your journal.'
            : preview.deletedSkipped
              ? 'Every fill in this file is one you deleted from your journal.'
              : 'Nothing in this file would change your journal.'}
        </Alert>
      ) : null}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="outline" onClick={onStartOver}>
          Choose another file
        </Button>
        <Button onClick={onCommit} disabled={nothing}>
          {commit}
        </Button>
      </div>
    </div>
  );
}
