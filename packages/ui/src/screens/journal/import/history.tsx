import { formatCount } from '@bahi/trading';
import { Undo2 } from 'lucide-react';
import * as React from 'react';
import { Alert } from '../../../components/alert';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '../../../components/alert-dialog';
import { Badge } from '../../../components/badge';
import { Button } from '../../../components/button';
import { Skeleton } from '../../../components/skeleton';
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from '../../../components/table';
import { formatDateTime } from '../../../lib/dates';
import { IMPORT_KIND_LABELS, type ImportDialogProps } from './types';

/** Past imports, newest first, each with what it brought; undo takes one out after a confirmation. */
export function ImportHistory({
  history,
  historyStatus = 'ready',
  historyError,
  onUndo,
  defaultUndoId,
}: Pick<ImportDialogProps, 'history' | 'historyStatus' | 'historyError' | 'onUndo' | 'defaultUndoId'>) {
  const [undoId, setUndoId] = React.useState<string | undefined>(defaultUndoId);
  const [busy, setBusy] = React.useState(false);
  const [error, setError] = React.useState<string | null>(null);
  const target = history?.find((h) => h.id === undoId);
  if (historyStatus === 'loading') {
    return (
      <div className="grid gap-2" aria-busy="true">
        <p role="status" className="sr-only">
          Loading import history…
        </p>
        <Skeleton className="h-10" />
        <Skeleton className="h-10" />
      </div>
    );
  }
  if (historyStatus === 'error') {
    return (
      <Alert variant="error" title="The import history could not be loaded">
        {historyError}
      </Alert>
    );
  }
  if (!history?.length) return <p className="text-muted-foreground text-sm">No imports yet.</p>;
  async function confirm(event: React.MouseEvent) {
    // Keep the confirmation open until the undo has finished (or failed).
    event.preventDefault();
    if (!onUndo || !undoId) return;
    setBusy(true);
    setError(null);
    try {
      await onUndo(undoId);
      setUndoId(undefined);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  }
  return (
    <>
      <div className="max-h-96 overflow-y-auto">
        <Table>
          <TableCaption className="sr-only">Imports, newest first</TableCaption>
          <TableHeader>
            <TableRow>
              <TableHead scope="col">File</TableHead>
              <TableHead scope="col">Imported (IST)</TableHead>
              <TableHead scope="col" className="text-right">
                Trades
              </TableHead>
              <TableHead scope="col" className="text-right">
                Duplicates
              </TableHead>
              <TableHead scope="col" className="text-right">
                Rows with errors
              </TableHead>
              <TableHead scope="col">
                <span className="sr-only">Undo</span>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {history.map((h) => (
              <TableRow key={h.id}>
                <TableCell className="whitespace-normal">
                  <span className="font-medium">{h.fileName}</span>
                  <span className="block text-muted-foreground text-xs">
                    {h.broker} · {IMPORT_KIND_LABELS[h.kind]}
                    {h.status === 'completed' ? null : (
                      <Badge variant="outline" className="ml-2">
                        {h.status}
                      </Badge>
                    )}
                  </span>
                </TableCell>
                <TableCell>{formatDateTime(h.createdAt)}</TableCell>
                <TableCell className="text-right tabular-nums">{formatCount(h.tradesCreated)}</TableCell>
                <TableCell className="text-right tabular-nums">{formatCount(h.duplicatesSkipped)}</TableCell>
                <TableCell className="text-right tabular-nums">{formatCount(h.rowsSkipped)}</TableCell>
                <TableCell className="text-right">
                  {onUndo ? (
                    <Button
                      size="sm"
                      variant="outline"
                      onClick={() => setUndoId(h.id)}
                      aria-label={`Undo import of ${h.fileName}`}
                    >
                      <Undo2 aria-hidden="true" /> Undo
                    </Button>
                  ) : null}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
      <AlertDialog open={target !== undefined} onOpenChange={(open) => (open ? null : setUndoId(undefined))}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Undo the import of {target?.fileName}?</AlertDialogTitle>
            <AlertDialogDescription>
              This takes out the fills it brought and rebuilds the trades they were in from your other imports.
              Importing the file again brings them back.
            </AlertDialogDescription>
          </AlertDialogHeader>
          {error ? (
            <Alert variant="error" title="The import was not undone">
              {error}
            </Alert>
          ) : null}
          <AlertDialogFooter>
            <AlertDialogCancel disabled={busy}>Keep it</AlertDialogCancel>
            <AlertDialogAction variant="destructive" onClick={confirm} disabled={busy} aria-busy={busy || undefined}>
              Undo import
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </>
  );
}
