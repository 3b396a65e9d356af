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

export type CorporateActionKind = 'split' | 'bonus' | 'demerger' | 'merger' | 'symbol_change';

/**
 * A corporate action on a listed share, as @bahi/trading counts it. Split: every `from` shares become `to` (1:5 is
 * from 1, to 5). Bonus: `to` new shares for every `from` held (1:1 doubles the holding). Demerger: `to` shares of the
 * new share for every `from` held, which takes `costPercent` of the cost. Merger: the holding becomes `to` shares of
 * the new share for every `from`. Symbol change: the holding under the new symbol, 1:1.
 */
export interface CorporateActionItem {
  id: string;
  symbol: string;
  kind: CorporateActionKind;
  from: number;
  to: number;
  /** YYYY-MM-DD. */
  exDate: string;
  /** Demerger, merger, symbol change: the new share. */
  newSymbol?: string | null;
  /** Demerger: the percentage of the cost that goes to the new share. */
  costPercent?: number | null;
  /**
   * What happened to fractional entitlements in the holdings it changed ("… 12 were credited and the fraction of 0.5
   * is paid in cash by the company, which is not in this journal."): one per holding with a fraction.
   */
  notes?: readonly string[];
}

/** The add form as typed. */
export interface CorporateActionValues {
  symbol: string;
  kind: CorporateActionKind;
  from: string;
  to: string;
  /** YYYY-MM-DD. */
  exDate: string;
  /** Demerger, merger, symbol change. */
  newSymbol: string;
  /** Optional. */
  newIsin: string;
  /** Demerger: percent, like 10.65. */
  costPercent: string;
}

export interface CorporateActionsDialogProps {
  /** Whether the dialog is open. */
  open: boolean;
  /** Opens or closes the dialog. */
  onOpenChange: (open: boolean) => void;
  /** The corporate actions entered so far. */
  actions: CorporateActionItem[];
  /** The list: 'loading', 'ready' or 'error' (see `error`). */
  status?: 'loading' | 'ready' | 'error';
  /** Why the list could not be loaded. */
  error?: string;
  /** The add form's values (controlled). */
  values: CorporateActionValues;
  /** Called with the values as the trader edits them. */
  onChange: (values: CorporateActionValues) => void;
  /** Adds a corporate action. */
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

export const CORPORATE_ACTION_KIND_LABELS: Record<CorporateActionKind, string> = {
  split: 'Split',
  bonus: 'Bonus',
  demerger: 'Demerger',
  merger: 'Merger',
  symbol_change: 'Symbol change',
};

const namesNewShare = (kind: CorporateActionKind) =>
  kind === 'demerger' || kind === 'merger' || kind === 'symbol_change';

/**
 * "Split 1:5" (old to new shares), "Bonus 1:2" (new shares to shares held, the way Indian companies announce a
 * bonus: one new share for every two held), "Demerger 1:2 into ONESOURCE, 10.65% of cost", "Merger 42:25 into
 * HDFCBANK" (new shares to shares held, as announced), "Symbol change to ETERNAL".
 */
export function corporateActionLabel(
  a: Pick<CorporateActionItem, 'kind' | 'from' | 'to' | 'newSymbol' | 'costPercent'>,
): string {
  switch (a.kind) {
    case 'split':
      return `Split ${a.from}:${a.to}`;
    case 'bonus':
      return `Bonus ${a.to}:${a.from}`;
    case 'demerger':
      return `Demerger ${a.to}:${a.from} into ${a.newSymbol ?? ''}, ${formatPercent(a.costPercent ?? 0)} of cost`;
    case 'merger':
      return `Merger ${a.to}:${a.from} into ${a.newSymbol ?? ''}`;
    case 'symbol_change':
      return `Symbol change to ${a.newSymbol ?? ''}`;
  }
}

const lowerFirst = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);
const formatPercent = (n: number) => `${n.toLocaleString('en-IN', { maximumFractionDigits: 4 })}%`;

// An ex-date as "10 Jun 2025": a date-only value read as noon in India, so that no time zone moves it to another day.
const exDay = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'Asia/Kolkata',
});
export const formatExDate = (day: string) => exDay.format(new Date(`${day}T12:00:00+05:30`));

const whole = (v: string) => (/^\d+$/.test(v.trim()) && Number(v) > 0 ? Number(v) : null);
const percent = (v: string) => (/^\d+(\.\d+)?$/.test(v.trim()) && Number(v) > 0 && Number(v) < 100 ? Number(v) : null);

/** The typed action in words, once its numbers are whole and positive (and its new share named). */
function actionInWords(values: CorporateActionValues): string | null {
  const symbol = values.symbol.trim() || 'the share';
  const next = values.newSymbol.trim();
  if (values.kind === 'symbol_change') return next ? `${symbol} becomes ${next}, share for share.` : null;
  const from = whole(values.from);
  const to = whole(values.to);
  if (from === null || to === null) return null;
  if (values.kind === 'split') {
    return from === 1 ? `Every share becomes ${to}.` : `Every ${from} shares become ${to}.`;
  }
  const held = from === 1 ? 'every share held' : `every ${from} shares held`;
  if (values.kind === 'bonus') return `${to === 1 ? 'One new share' : `${to} new shares`} for ${held}.`;
  if (!next) return null;
  const shares = `${to === 1 ? `One ${next} share` : `${to} ${next} shares`} for ${from === 1 ? `every ${symbol} share held` : `every ${from} ${symbol} shares held`}`;
  if (values.kind === 'merger') return `${shares}, at the same cost and holding period.`;
  const cost = percent(values.costPercent);
  return cost === null
    ? `${shares}.`
    : `${shares}; ${formatPercent(cost)} of the cost moves to ${next}, ${formatPercent(100 - cost)} stays with ${symbol}.`;
}

/** Corporate actions the trader has entered: held shares are adjusted on each ex-date. */
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
  const ratio = actionInWords(values);
  const { kind } = values;
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
    <Field label={kind === 'split' ? 'Shares before' : 'Shares held'} error={fieldErrors.from} required>
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
    <Field label={kind === 'split' ? 'Shares after' : 'New shares'} error={fieldErrors.to} required>
      <Input
        inputMode="numeric"
        autoComplete="off"
        value={values.to}
        onChange={(e) => set('to', e.target.value)}
        disabled={adding}
      />
    </Field>
  );
  const symbolInput = (key: 'symbol' | 'newSymbol') => (
    <Input
      autoComplete="off"
      autoCapitalize="characters"
      spellCheck={false}
      value={values[key]}
      onChange={(e) => set(key, e.target.value.toUpperCase())}
      disabled={adding}
    />
  );
  const newShare = namesNewShare(kind) ? (
    <>
      <Field
        label={kind === 'symbol_change' ? 'New symbol' : kind === 'merger' ? 'Merged into' : 'New share'}
        help={kind === 'demerger' ? 'The symbol of the company demerged, like ONESOURCE.' : undefined}
        error={fieldErrors.newSymbol}
        required
      >
        {symbolInput('newSymbol')}
      </Field>
      <Field
        label="New ISIN"
        help="Optional: on the company's announcement or your holdings statement."
        error={fieldErrors.newIsin}
      >
        <Input
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          value={values.newIsin}
          onChange={(e) => set('newIsin', e.target.value.toUpperCase())}
          disabled={adding}
        />
      </Field>
    </>
  ) : null;

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>Corporate actions</DialogTitle>
          <DialogDescription>
            Shares you hold are adjusted on the ex-date, and the trades after it are rebuilt. Split 1:5: every share
            becomes 5. Bonus 1:1: one new share for every share held. A demerger credits the new company's shares and
            moves part of the cost to them; a merger or symbol change moves the holding to the new share. Whole shares
            are credited: the company pays cash for a fraction.
          </DialogDescription>
        </DialogHeader>
        {status === 'loading' ? (
          <div className="grid gap-2" aria-busy="true">
            <p role="status" className="sr-only">
              Loading corporate actions…
            </p>
            <Skeleton className="h-10" />
            <Skeleton className="h-10" />
          </div>
        ) : status === 'error' ? (
          <Alert variant="error" title="Your corporate actions could not be loaded">
            {error}
          </Alert>
        ) : actions.length === 0 ? (
          <p className="text-muted-foreground text-sm">No corporate actions yet.</p>
        ) : (
          <div className="max-h-64 overflow-y-auto rounded-lg border">
            <Table>
              <TableCaption className="sr-only">Corporate actions, newest ex-date first</TableCaption>
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
                    <TableCell className={a.notes?.length ? 'min-w-[12rem] whitespace-normal' : 'whitespace-normal'}>
                      {corporateActionLabel(a)}
                      {a.notes?.map((note) => (
                        <p key={note} className="mt-1 max-w-prose text-muted-foreground text-xs">
                          {note}
                        </p>
                      ))}
                    </TableCell>
                    <TableCell>{formatExDate(a.exDate)}</TableCell>
                    <TableCell className="text-right">
                      <IconButton
                        size="sm"
                        icon={<Trash2 />}
                        label={`Remove ${a.symbol} ${lowerFirst(corporateActionLabel(a))}, ex-date ${formatExDate(a.exDate)}`}
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
            Add a corporate action
          </h3>
          {serviceError ? (
            <Alert variant="error" title={`The ${lowerFirst(CORPORATE_ACTION_KIND_LABELS[kind])} was not added`}>
              {serviceError}
            </Alert>
          ) : null}
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="Symbol" error={fieldErrors.symbol} required>
              {symbolInput('symbol')}
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
                    {(Object.keys(CORPORATE_ACTION_KIND_LABELS) as CorporateActionKind[]).map((k) => (
                      <SelectItem key={k} value={k}>
                        {CORPORATE_ACTION_KIND_LABELS[k]}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              )}
            </Field>
            {newShare}
            {/* A split reads old to new shares; the others, as announced, new shares to shares held. A symbol change
                is share for share. */}
            {kind === 'split' ? (
              <>
                {from}
                {to}
              </>
            ) : kind === 'symbol_change' ? null : (
              <>
                {to}
                {from}
              </>
            )}
            {kind === 'demerger' ? (
              <Field
                label="Cost to the new share (%)"
                help="As the company announced it: STAR to ONESOURCE is 10.65."
                error={fieldErrors.costPercent}
                required
              >
                <Input
                  inputMode="decimal"
                  autoComplete="off"
                  value={values.costPercent}
                  onChange={(e) => set('costPercent', e.target.value)}
                  disabled={adding}
                />
              </Field>
            ) : null}
            <Field
              label="Ex-date"
              help="Shares held at the end of the day before are adjusted."
              error={fieldErrors.exDate}
              required
            >
              <DateInput value={values.exDate} onValueChange={(v) => set('exDate', v)} disabled={adding} />
            </Field>
          </div>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="text-muted-foreground text-sm" aria-live="polite">
              {ratio}
            </p>
            <Button type="submit" loading={adding}>
              Add {lowerFirst(CORPORATE_ACTION_KIND_LABELS[kind])}
            </Button>
          </div>
        </form>
        <AlertDialog open={target !== undefined} onOpenChange={(o) => (o || removing ? null : setRemoveId(null))}>
          <AlertDialogContent>
            <AlertDialogHeader>
              <AlertDialogTitle>
                Remove the {target?.symbol} {target ? lowerFirst(corporateActionLabel(target)) : null}?
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
