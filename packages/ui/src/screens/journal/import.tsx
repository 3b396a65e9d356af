import { CheckCircle2, FileUp, History, Undo2 } from 'lucide-react';
import * as React from 'react';
import { Alert } from '../../components/alert';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '../../components/alert-dialog';
import { Badge } from '../../components/badge';
import { Button } from '../../components/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../components/dialog';
import { Field } from '../../components/field';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/select';
import { Skeleton } from '../../components/skeleton';
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from '../../components/table';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/tabs';
import { formatDateTime } from '../../lib/dates';
import { cn } from '../../lib/utils';

export type ImportSourceId = 'zerodha' | 'dhan' | 'upstox' | 'angelone' | 'generic';

export interface ImportSourceOption {
  id: ImportSourceId;
  label: string;
  /** Which export to bring, in the broker's words. */
  file: string;
  /** File types the picker offers. */
  accept: string;
  /** False while the reader for this broker does not exist yet: shown as coming soon. */
  available: boolean;
}

export const IMPORT_SOURCES: ImportSourceOption[] = [
  {
    id: 'zerodha',
    label: 'Zerodha',
    file: 'Console → Reports → Tradebook, equity and F&O, downloaded as CSV.',
    accept: '.csv,text/csv',
    available: true,
  },
  {
    id: 'dhan',
    label: 'Dhan',
    file: 'Transaction report (CSV). Charges come from the report.',
    accept: '.csv,text/csv',
    available: true,
  },
  {
    id: 'upstox',
    label: 'Upstox',
    file: 'Reports → Trade report (XLSX, sheet TRADE), or the same report saved as CSV.',
    accept: '.xlsx,.csv',
    available: true,
  },
  {
    id: 'angelone',
    label: 'Angel One',
    file: 'Trade book (XLSX) with its charges columns, or the same report saved as CSV.',
    accept: '.xlsx,.csv',
    available: true,
  },
  {
    id: 'generic',
    label: 'Other (map columns)',
    file: 'Any CSV with one row per fill: you say which column is which.',
    accept: '.csv,text/csv',
    available: true,
  },
];

/** Fill fields of the generic CSV mapper (the @bahi/trading ColumnMap keys). */
export const MAPPER_FIELDS = [
  { field: 'date', label: 'Date (or date and time)', required: true },
  { field: 'time', label: 'Time', required: false },
  { field: 'symbol', label: 'Symbol', required: true },
  { field: 'side', label: 'Buy or sell', required: true },
  { field: 'quantity', label: 'Quantity', required: true },
  { field: 'price', label: 'Price', required: true },
  { field: 'tradeId', label: 'Trade id (skips duplicates on re-import)', required: false },
  { field: 'orderId', label: 'Order id', required: false },
  { field: 'exchange', label: 'Exchange', required: false },
  { field: 'segment', label: 'Segment', required: false },
  { field: 'expiry', label: 'Expiry', required: false },
  { field: 'strike', label: 'Strike', required: false },
  { field: 'optionType', label: 'Option type (CE / PE)', required: false },
  { field: 'fees', label: 'Charges', required: false },
] as const;
export type MapperField = (typeof MAPPER_FIELDS)[number]['field'];

export interface ImportPreview {
  fileName: string;
  rowsTotal: number;
  fillsRead: number;
  /** Rows that could not be read, each with its row number (the header is row 1). */
  errors: { row: number; message: string }[];
  /** Fills already in the journal. */
  duplicates: number;
  newFills: number;
  tradesToCreate: number;
  openTrades: number;
  /** Open trades from earlier imports that this file continues (they are rebuilt, not duplicated). */
  reopened: number;
  /** Whether charges come from the file or are estimated from the broker profile. */
  charges: 'broker' | 'estimated';
}

export type ImportStep =
  | { step: 'choose'; error?: string }
  | { step: 'map'; fileName: string; headers: string[]; columns: Partial<Record<MapperField, string>> }
  | { step: 'preview'; preview: ImportPreview }
  | { step: 'working'; fileName: string; phase: 'parse' | 'match' | 'upload'; done: number; total: number }
  | {
      step: 'done';
      fileName: string;
      tradesCreated: number;
      executionsCreated: number;
      duplicates: number;
      rowsWithErrors: number;
    }
  | { step: 'failed'; fileName: string; message: string };

export interface ImportHistoryItem {
  id: string;
  fileName: string;
  broker: string;
  createdAt: string;
  tradesCreated: number;
  duplicatesSkipped: number;
  rowsSkipped: number;
  status: 'pending' | 'completed' | 'failed';
}

export interface ImportDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  source: ImportSourceId;
  onSourceChange: (source: ImportSourceId) => void;
  state: ImportStep;
  onFile: (file: File) => void;
  onColumnChange: (field: MapperField, column: string | undefined) => void;
  onMapConfirm: () => void;
  onCommit: () => void;
  onStartOver: () => void;
  history?: ImportHistoryItem[];
  historyStatus?: 'loading' | 'error' | 'ready';
  historyError?: string;
  /** Resolves when the import is gone; a rejection's message is shown. */
  onUndo?: (importId: string) => Promise<void>;
  defaultTab?: 'new' | 'history';
  /** Open the undo confirmation for this import at first render (stories). */
  defaultUndoId?: string;
}

const count = new Intl.NumberFormat('en-IN');
const plural = (n: number, one: string, many: string) => `${count.format(n)} ${n === 1 ? one : many}`;
const NONE = '__none__';

/** Overall progress: reading and matching are quick (a fifth of the bar), uploading is the rest, call by call. */
export function importProgress(state: Extract<ImportStep, { step: 'working' }>): { percent: number; label: string } {
  if (state.phase === 'parse') return { percent: 5, label: 'Reading the file' };
  if (state.phase === 'match') return { percent: 15, label: 'Matching fills into trades' };
  const share = state.total === 0 ? 1 : state.done / state.total;
  const label =
    state.total > 1 ? `Saving part ${Math.min(state.done + 1, state.total)} of ${state.total}` : 'Saving trades';
  return { percent: Math.round(20 + 80 * share), label };
}

function FilePicker({
  source,
  onFile,
  error,
}: {
  source: ImportSourceOption;
  onFile: (file: File) => void;
  error?: string;
}) {
  const [dragging, setDragging] = React.useState(false);
  const id = React.useId();
  return (
    <div className="grid gap-2">
      {/* biome-ignore lint/a11y/noStaticElementInteractions: dropping is a pointer shortcut; the file input inside is the keyboard path */}
      <div
        data-slot="file-drop"
        data-dragging={dragging || undefined}
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(e) => {
          e.preventDefault();
          setDragging(false);
          const file = e.dataTransfer.files[0];
          if (file) onFile(file);
        }}
        className={cn(
          'grid justify-items-center gap-2 rounded-xl border-2 border-dashed p-6 text-center',
          dragging && 'border-primary bg-accent',
        )}
      >
        <FileUp className="size-8 text-muted-foreground" aria-hidden="true" />
        <p className="text-sm">{source.file}</p>
        <input
          id={id}
          type="file"
          accept={source.accept}
          className="peer sr-only"
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) onFile(file);
            e.target.value = '';
          }}
        />
        <label
          htmlFor={id}
          className="inline-flex h-10 cursor-pointer items-center rounded-md bg-primary px-4 font-medium text-primary-foreground text-sm shadow-sm hover:bg-primary/90 peer-focus-visible:ring-[3px] peer-focus-visible:ring-ring/50"
        >
          Choose a file
        </label>
        <p className="text-muted-foreground text-xs">or drop it here. It is read in your browser.</p>
      </div>
      {error ? (
        <Alert variant="error" id={`${id}-error`} title="That file could not be read">
          {error}
        </Alert>
      ) : null}
    </div>
  );
}

function ColumnMapper({
  state,
  onColumnChange,
  onMapConfirm,
  onStartOver,
}: {
  state: Extract<ImportStep, { step: 'map' }>;
  onColumnChange: ImportDialogProps['onColumnChange'];
  onMapConfirm: () => void;
  onStartOver: () => void;
}) {
  const missing = MAPPER_FIELDS.filter((f) => f.required && !state.columns[f.field]);
  return (
    <div className="grid gap-4">
      <p className="text-sm">
        Which column of <span className="font-medium">{state.fileName}</span> holds each field? Required fields are
        marked *.
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        {MAPPER_FIELDS.map((f) => (
          <Field key={f.field} label={f.label} required={f.required}>
            {(control) => (
              <Select
                value={state.columns[f.field] ?? NONE}
                onValueChange={(v) => onColumnChange(f.field, v === NONE ? undefined : v)}
              >
                <SelectTrigger {...control} size="sm">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  <SelectItem value={NONE}>Not in this file</SelectItem>
                  {state.headers.map((h) => (
                    <SelectItem key={h} value={h}>
                      {h}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          </Field>
        ))}
      </div>
      {missing.length ? (
        <p className="text-muted-foreground text-sm" role="status">
          Still to map: {missing.map((f) => f.label).join(', ')}.
        </p>
      ) : null}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="outline" onClick={onStartOver}>
          Choose another file
        </Button>
        <Button onClick={onMapConfirm} disabled={missing.length > 0}>
          Read the file
        </Button>
      </div>
    </div>
  );
}

function PreviewFigure({ label, value }: { label: string; value: React.ReactNode }) {
  return (
    <div className="rounded-lg border p-3">
      <dt className="text-muted-foreground text-xs">{label}</dt>
      <dd className="font-semibold text-lg tabular-nums">{value}</dd>
    </div>
  );
}

function PreviewPanel({
  preview,
  onCommit,
  onStartOver,
}: {
  preview: ImportPreview;
  onCommit: () => void;
  onStartOver: () => void;
}) {
  const nothing = preview.tradesToCreate === 0;
  return (
    <div className="grid gap-4">
      <p className="text-sm">
        <span className="font-medium">{preview.fileName}</span>: {plural(preview.rowsTotal, 'row', 'rows')} read.
      </p>
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        <PreviewFigure label="Fills read" value={count.format(preview.fillsRead)} />
        <PreviewFigure label="Rows with errors" value={count.format(preview.errors.length)} />
        <PreviewFigure label="Duplicates skipped" value={count.format(preview.duplicates)} />
        <PreviewFigure label="Trades to create" value={count.format(preview.tradesToCreate)} />
      </dl>
      <ul className="grid list-disc gap-1 pl-5 text-sm">
        {preview.duplicates > 0 ? (
          <li>
            {plural(preview.duplicates, 'duplicate', 'duplicates')} skipped: those fills are already in your journal.
          </li>
        ) : null}
        {preview.openTrades > 0 ? (
          <li>{plural(preview.openTrades, 'trade is', 'trades are')} still open; a later import closes them.</li>
        ) : null}
        {preview.reopened > 0 ? (
          <li>
            {plural(preview.reopened, 'open trade', 'open trades')} from an earlier import continue in this file and
            will be updated, not duplicated.
          </li>
        ) : null}
        <li>
          {preview.charges === 'broker'
            ? 'Charges are taken from the file.'
            : 'The file has no charges: they are estimated from your broker profile and the rates in force on each trade date.'}
        </li>
      </ul>
      {preview.errors.length > 0 ? (
        <section aria-labelledby="import-row-errors" className="grid gap-2">
          <h3 id="import-row-errors" className="font-semibold text-sm">
            {plural(preview.errors.length, 'row', 'rows')} will be skipped
          </h3>
          <div className="max-h-48 overflow-y-auto rounded-lg border">
            <Table>
              <TableCaption className="sr-only">Rows that could not be read</TableCaption>
              <TableHeader>
                <TableRow>
                  <TableHead scope="col">Row</TableHead>
                  <TableHead scope="col">Problem</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {preview.errors.slice(0, 200).map((e, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a row can have more than one error
                  <TableRow key={`${e.row}-${i}`}>
                    <TableCell className="tabular-nums">{e.row}</TableCell>
                    <TableCell className="whitespace-normal">{e.message}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
          {preview.errors.length > 200 ? (
            <p className="text-muted-foreground text-xs">The first 200 are listed.</p>
          ) : null}
        </section>
      ) : null}
      {nothing ? (
        <Alert variant="info" title="Nothing new to import">
          Every fill in this file is already in your journal.
        </Alert>
      ) : null}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="outline" onClick={onStartOver}>
          Choose another file
        </Button>
        <Button onClick={onCommit} disabled={nothing}>
          Import {plural(preview.tradesToCreate, 'trade', 'trades')}
        </Button>
      </div>
    </div>
  );
}

function Progress({ state }: { state: Extract<ImportStep, { step: 'working' }> }) {
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

function NewImport(props: ImportDialogProps) {
  const { state, source, onSourceChange } = props;
  const option = IMPORT_SOURCES.find((s) => s.id === source) ?? (IMPORT_SOURCES[0] as ImportSourceOption);
  if (state.step === 'map') return <ColumnMapper {...props} state={state} />;
  if (state.step === 'preview') return <PreviewPanel preview={state.preview} {...props} />;
  if (state.step === 'working') return <Progress state={state} />;
  if (state.step === 'done') {
    return (
      <div className="grid gap-4" role="status">
        <p className="flex items-center gap-2 font-semibold">
          <CheckCircle2 className="size-5 text-profit" aria-hidden="true" /> Imported {state.fileName}
        </p>
        <p className="text-sm">
          {plural(state.tradesCreated, 'trade', 'trades')} created from{' '}
          {plural(state.executionsCreated, 'fill', 'fills')}; {plural(state.duplicates, 'duplicate', 'duplicates')}{' '}
          skipped; {plural(state.rowsWithErrors, 'row', 'rows')} with errors skipped. Undo it any time from History.
        </p>
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={props.onStartOver}>
            Import another file
          </Button>
          <Button onClick={() => props.onOpenChange(false)}>See the trades</Button>
        </div>
      </div>
    );
  }
  if (state.step === 'failed') {
    return (
      <div className="grid gap-4">
        <Alert variant="error" title={`${state.fileName} was not imported`}>
          {state.message}
        </Alert>
        <div className="flex justify-end">
          <Button onClick={props.onStartOver}>Start again</Button>
        </div>
      </div>
    );
  }
  return (
    <div className="grid gap-4">
      <fieldset className="grid gap-2">
        <legend className="mb-2 font-medium text-sm">Broker</legend>
        <div className="grid gap-2 sm:grid-cols-3">
          {IMPORT_SOURCES.map((s) => (
            <label
              key={s.id}
              className={cn(
                'flex items-center justify-between gap-2 rounded-lg border px-3 py-2 text-sm',
                'has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/50',
                s.available ? 'cursor-pointer hover:bg-accent' : 'cursor-not-allowed text-muted-foreground',
                s.id === source && 'border-primary bg-accent font-medium',
              )}
            >
              <input
                type="radio"
                name="import-source"
                className="sr-only"
                value={s.id}
                checked={s.id === source}
                disabled={!s.available}
                onChange={() => onSourceChange(s.id)}
              />
              {s.label}
              {s.available ? null : <Badge variant="outline">Coming soon</Badge>}
            </label>
          ))}
        </div>
      </fieldset>
      <FilePicker source={option} onFile={props.onFile} error={state.error} />
    </div>
  );
}

function ImportHistory({
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
                    {h.broker}
                    {h.status === 'completed' ? null : (
                      <Badge variant="outline" className="ml-2">
                        {h.status}
                      </Badge>
                    )}
                  </span>
                </TableCell>
                <TableCell>{formatDateTime(h.createdAt)}</TableCell>
                <TableCell className="text-right tabular-nums">{count.format(h.tradesCreated)}</TableCell>
                <TableCell className="text-right tabular-nums">{count.format(h.duplicatesSkipped)}</TableCell>
                <TableCell className="text-right tabular-nums">{count.format(h.rowsSkipped)}</TableCell>
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
              This deletes the {plural(target?.tradesCreated ?? 0, 'trade', 'trades')} it created, with their fills,
              tags and notes. Importing the file again brings them back.
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

/** Import from /trades?import=1: choose a broker and a file, check the preview, import with progress; or undo one. */
export function ImportDialog(props: ImportDialogProps) {
  const busy = props.state.step === 'working';
  return (
    <Dialog
      open={props.open}
      // Closing while the file is being saved would hide the outcome: the dialog stays until the calls finish.
      onOpenChange={(open) => (busy && !open ? undefined : props.onOpenChange(open))}
    >
      <DialogContent className="max-w-3xl" showCloseButton={!busy}>
        <DialogHeader>
          <DialogTitle>Import trades</DialogTitle>
          <DialogDescription>
            Fills are matched into trades first in, first out. Import as often as you like: fills already in your
            journal are skipped.
          </DialogDescription>
        </DialogHeader>
        <Tabs defaultValue={props.defaultTab ?? 'new'} className="grid gap-4">
          <TabsList>
            <TabsTrigger value="new">
              <FileUp aria-hidden="true" /> New import
            </TabsTrigger>
            <TabsTrigger value="history" disabled={busy}>
              <History aria-hidden="true" /> History
            </TabsTrigger>
          </TabsList>
          <TabsContent value="new">
            <NewImport {...props} />
          </TabsContent>
          <TabsContent value="history">
            <ImportHistory {...props} />
          </TabsContent>
        </Tabs>
      </DialogContent>
    </Dialog>
  );
}
