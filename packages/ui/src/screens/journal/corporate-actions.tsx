import { Trash2 } from 'lucide-react';
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
import { Button, IconButton } from '../../components/button';
import { DateInput } from '../../components/date-input';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../components/dialog';
import { Field } from '../../components/field';
import { Input } from '../../components/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/select';
import { Skeleton } from '../../components/skeleton';
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from '../../components/table';

export type CorporateActionKind = 'split' | 'bonus';

/**
 * A split or bonus of a listed share, as @bahi/trading counts it. Split: every `from` shares become `to` (1:5 is
 * from 1, to 5). Bonus: `to` new shares for every `from` held (1:1 doubles the holding).
 */
export interface CorporateActionItem {
  id: string;
  symbol: string;
  kind: CorporateActionKind;
  from: number;
  to: number;
  /** YYYY-MM-DD. */
  exDate: string;
}

/** The add form as typed. */
export interface CorporateActionValues {
  symbol: string;
  kind: CorporateActionKind;
  from: string;
  to: string;
  /** YYYY-MM-DD. */
  exDate: string;
}

export interface CorporateActionsDialogProps {
  /** Whether the dialog is open. */
  open: boolean;
  /** Opens or closes the dialog. */
  onOpenChange: (open: boolean) => void;
  /** The splits and bonuses entered so far. */
  actions: CorporateActionItem[];
  /** The list: 'loading', 'ready' or 'error' (see `error`). */
  status?: 'loading' | 'ready' | 'error';
  /** Why the list could not be loaded. */
  error?: string;
  /** The add form's values (controlled). */
  values: CorporateActionValues;
  /** Called with the values as the trader edits them. */
  onChange: (values: CorporateActionValues) => void;
  /** Adds a split or bonus. */
  onAdd: (values: CorporateActionValues) => void;
  /** Resolves when the action is gone; a rejection's message is shown in the confirmation. */
  onRemove: (id: string) => Promise<void>;
  /** An addition is being saved. */
  adding?: boolean;
  /** A message per field the trader got wrong. */
  fieldErrors?: Partial<Record<keyof CorporateActionValues, string>>;
  /** A failed addition, shown above the form. */
  serviceError?: string;
}

const KIND_LABELS: Record<CorporateActionKind, string> = { split: 'Split', bonus: 'Bonus' };

/**
 * "Split 1:5" (old to new shares), "Bonus 1:2" (new shares to shares held, the way Indian companies announce a
 * bonus: one new share for every two held).
 */
export function corporateActionLabel(a: Pick<CorporateActionItem, 'kind' | 'from' | 'to'>): string {
  return a.kind === 'split' ? `Split ${a.from}:${a.to}` : `Bonus ${a.to}:${a.from}`;
}

// An ex-date as "10 Jun 2025": a date-only value read as noon in India, so that no time zone moves it to another day.
const exDay = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'Asia/Kolkata',
});
export const formatExDate = (day: string) => exDay.format(new Date(`${day}T12:00:00+05:30`));

const whole = (v: string) => (/^\d+$/.test(v.trim()) && Number(v) > 0 ? Number(v) : null);

/** The typed ratio in words, once both numbers are whole and positive. */
function ratioInWords(values: CorporateActionValues): string | null {
  const from = whole(values.from);
  const to = whole(values.to);
  if (from === null || to === null) return null;
  if (values.kind === 'split') {
    return from === 1 ? `Every share becomes ${to}.` : `Every ${from} shares become ${to}.`;
  }
  const held = from === 1 ? 'every share held' : `every ${from} shares held`;
  return `${to === 1 ? 'One new share' : `${to} new shares`} for ${held}.`;
}

/** Splits and bonuses the trader has entered: held shares are adjusted on each ex-date. */
export function CorporateActionsDialog({
  open,
  onOpenChange,
  actions,
  status = 'ready',
  error,
  values,
  onChange,
  onAdd,
  onRemove,
  adding = false,
  fieldErrors = {},
  serviceError,
}: CorporateActionsDialogProps) {
  const [removeId, setRemoveId] = React.useState<string | null>(null);
  const [removing, setRemoving] = React.useState(false);
  const [removeError, setRemoveError] = React.useState<string | null>(null);
  const target = actions.find((a) => a.id === removeId);
  const formId = React.useId();
  const sorted = React.useMemo(
    () => [...actions].sort((a, b) => b.exDate.localeCompare(a.exDate) || a.symbol.localeCompare(b.symbol)),
    [actions],
  );
  const ratio = ratioInWords(values);
  const set = <K extends keyof CorporateActionValues>(key: K, value: CorporateActionValues[K]) =>
    onChange({ ...values, [key]: value });

  async function confirmRemove(event: React.MouseEvent) {
    // Keep the confirmation open until the removal has finished (or failed).
    event.preventDefault();
    if (!removeId) return;
    setRemoving(true);
    setRemoveError(null);
    try {
      await onRemove(removeId);
      setRemoveId(null);
    } catch (e) {
      setRemoveError(e instanceof Error ? e.message : String(e));
    } finally {
      setRemoving(false);
    }
  }

  const from = (
    <Field label={values.kind === 'split' ? 'Shares before' : 'Shares held'} error={fieldErrors.from} required>
      <Input
        inputMode="numeric"
        autoComplete="off"
        value={values.from}
        onChange={(e) => set('from', e.target.value)}
        disabled={adding}
      />
    </Field>
  );
  const to = (
    <Field label={values.kind === 'split' ? 'Shares after' : 'New shares'} error={fieldErrors.to} required>
      <Input
        inputMode="numeric"
        autoComplete="off"
        value={values.to}
        onChange={(e) => set('to', e.target.value)}
        disabled={adding}
      />
    </Field>
  );

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>Splits and bonuses</DialogTitle>
          <DialogDescription>
            Shares you hold are adjusted on the ex-date, and the trades after it are rebuilt. Split 1:5: every share
            becomes 5. Bonus 1:1: one new share for every share held.
          </DialogDescription>
        </DialogHeader>
        {status === 'loading' ? (
          <div className="grid gap-2" aria-busy="true">
            <p role="status" className="sr-only">
              Loading splits and bonuses…
            </p>
            <Skeleton className="h-10" />
            <Skeleton className="h-10" />
          </div>
        ) : status === 'error' ? (
          <Alert variant="error" title="Your splits and bonuses could not be loaded">
            {error}
          </Alert>
        ) : actions.length === 0 ? (
          <p className="text-muted-foreground text-sm">No splits or bonuses yet.</p>
        ) : (
          <div className="max-h-64 overflow-y-auto rounded-lg border">
            <Table>
              <TableCaption className="sr-only">Splits and bonuses, newest ex-date first</TableCaption>
              <TableHeader>
                <TableRow>
                  <TableHead scope="col">Symbol</TableHead>
                  <TableHead scope="col">Action</TableHead>
                  <TableHead scope="col">Ex-date</TableHead>
                  <TableHead scope="col">
                    <span className="sr-only">Remove</span>
                  </TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {sorted.map((a) => (
                  <TableRow key={a.id}>
                    <TableCell className="font-medium">{a.symbol}</TableCell>
                    <TableCell>{corporateActionLabel(a)}</TableCell>
                    <TableCell>{formatExDate(a.exDate)}</TableCell>
                    <TableCell className="text-right">
                      <IconButton
                        size="sm"
                        icon={<Trash2 />}
                        label={`Remove ${a.symbol} ${corporateActionLabel(a).toLowerCase()}, ex-date ${formatExDate(a.exDate)}`}
                        onClick={() => {
                          setRemoveError(null);
                          setRemoveId(a.id);
                        }}
                      />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
        )}
        <form
          noValidate
          aria-labelledby={formId}
          className="grid gap-4 border-t pt-4"
          aria-busy={adding || undefined}
          onSubmit={(e) => {
            e.preventDefault();
            onAdd(values);
          }}
        >
          <h3 id={formId} className="font-semibold text-sm">
            Add a split or bonus
          </h3>
          {serviceError ? (
            <Alert variant="error" title="The split or bonus was not added">
              {serviceError}
            </Alert>
          ) : null}
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="Symbol" error={fieldErrors.symbol} required>
              <Input
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                value={values.symbol}
                onChange={(e) => set('symbol', e.target.value.toUpperCase())}
                disabled={adding}
              />
            </Field>
            <Field label="Kind" error={fieldErrors.kind} required>
              {(control) => (
                <Select
                  value={values.kind}
                  onValueChange={(v) => set('kind', v as CorporateActionKind)}
                  disabled={adding}
                >
                  <SelectTrigger {...control}>
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    {(Object.keys(KIND_LABELS) as CorporateActionKind[]).map((k) => (
                      <SelectItem key={k} value={k}>
                        {KIND_LABELS[k]}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              )}
            </Field>
            {/* A split reads old to new shares; a bonus, as announced, new shares to shares held. */}
            {values.kind === 'split' ? (
              <>
                {from}
                {to}
              </>
            ) : (
              <>
                {to}
                {from}
              </>
            )}
            <Field
              label="Ex-date"
              help="Shares held at the end of the day before are adjusted."
              error={fieldErrors.exDate}
              required
            >
              <DateInput value={values.exDate} onChange={(e) => set('exDate', e.target.value)} disabled={adding} />
            </Field>
          </div>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="text-muted-foreground text-sm" aria-live="polite">
              {ratio}
            </p>
            <Button type="submit" loading={adding}>
              Add {values.kind === 'split' ? 'split' : 'bonus'}
            </Button>
          </div>
        </form>
        <AlertDialog open={target !== undefined} onOpenChange={(o) => (o || removing ? null : setRemoveId(null))}>
          <AlertDialogContent>
            <AlertDialogHeader>
              <AlertDialogTitle>
                Remove the {target?.symbol} {target ? corporateActionLabel(target).toLowerCase() : null}?
              </AlertDialogTitle>
              <AlertDialogDescription>
                {target
                  ? `${target.symbol} shares are no longer adjusted on ${formatExDate(target.exDate)}, and the trades after it are rebuilt.`
                  : null}
              </AlertDialogDescription>
            </AlertDialogHeader>
            {removeError ? (
              <Alert variant="error" title="It was not removed">
                {removeError}
              </Alert>
            ) : null}
            <AlertDialogFooter>
              <AlertDialogCancel disabled={removing}>Keep it</AlertDialogCancel>
              <AlertDialogAction
                variant="destructive"
                onClick={confirmRemove}
                disabled={removing}
                aria-busy={removing || undefined}
              >
                Remove
              </AlertDialogAction>
            </AlertDialogFooter>
          </AlertDialogContent>
        </AlertDialog>
      </DialogContent>
    </Dialog>
  );
}
