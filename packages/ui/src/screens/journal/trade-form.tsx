import { type EntryExchange, type EntryProduct, type EntrySegment, formatCount, type TradeDraft } from '@bahi/trading';
import { FileQuestion, ImagePlus, X } from 'lucide-react';
import type * as React from 'react';
import { Link } from 'react-router-dom';
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
import { Button, buttonVariants } from '../../components/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '../../components/card';
import { Checkbox } from '../../components/checkbox';
import { DateInput } from '../../components/date-input';
import { EmptyState } from '../../components/empty-state';
import { Field } from '../../components/field';
import { FileInput } from '../../components/file-input';
import { Input } from '../../components/input';
import { LazySelect } from '../../components/lazy-select';
import { LoadError } from '../../components/load-error';
import { Money } from '../../components/money';
import { Skeleton } from '../../components/skeleton';
import { Textarea } from '../../components/textarea';
import { Segmented, ToggleChips } from './choice-group';

export type TradeExchange = EntryExchange;
export type TradeSegment = EntrySegment;
export type TradeProduct = EntryProduct;

/**
 * The form as typed: @bahi/trading's draft of a trade typed by hand (strings for numbers, so half-typed input
 * survives; IST wall-clock times 'YYYY-MM-DDTHH:mm'), whose rules check it and work out its charges.
 */
export type TradeFormValues = TradeDraft;

export type TradeFormField = keyof TradeFormValues;

/** Charges as a contract note would show them, in rupees, with what they do to the P&L. */
export interface TradeChargesPreview {
  brokerage: number;
  stt: number;
  transaction: number;
  sebi: number;
  stamp: number;
  gst: number;
  ipft: number;
  /** Depository charge on a delivery sell (GST on it is in `gst`). */
  dp: number;
  total: number;
  /** Absent while the trade is open. */
  grossPnl?: number;
  netPnl?: number;
}

export interface TradeFormScreenProps {
  /** Absent: create (/trade-form). Present: edit (/trade-form/{id}). */
  tradeId?: string;
  /** The form's values (controlled). */
  values: TradeFormValues;
  /** 'error': the trade to edit could not be loaded (serviceError is the detail; onRetry tries again). */
  status?: 'loading' | 'idle' | 'saving' | 'not-found' | 'error';
  /** Loads the trade again (status 'error'). */
  onRetry?: () => void;
  /** A message per field the trader got wrong. */
  fieldErrors?: Partial<Record<TradeFormField, string>>;
  /** A failed save, shown above the form, or the load error's detail. */
  serviceError?: string;
  /** The trader's playbooks, each with its rules to tick. */
  playbooks?: ReadonlyArray<{ id: string; name: string; rules?: ReadonlyArray<{ id: string; text: string }> }>;
  /** Ids of the chosen playbook's rules this trade followed (adherence on the playbooks page). */
  rulesFollowed?: readonly string[];
  /** Called with the rules ticked. */
  onRulesFollowedChange?: (ruleIds: string[]) => void;
  /** Units the trade will be saved with (lots × lot size for F&O); shown beside the lots. */
  units?: number;
  /** Where the lot size came from, e.g. "NSE lot-size table, expiries from 1 Jan 2026". */
  lotSizeSource?: string;
  /** The estimated charges (brokerage, STT …) for the entered trade. */
  charges?: TradeChargesPreview;
  /** Why no estimate can be shown (missing price, no rates for the date …). */
  chargesNote?: string;
  /** Name of the broker profile the estimate uses. */
  brokerName?: string;
  /** Shown above the estimate, e.g. that the saved charges are the broker's own, or what an estimate assumed. */
  chargesSourceNote?: string;
  /** A link after the note: where the trader gives what the estimate assumed (their state, their broker charges). */
  chargesSourceLink?: { label: string; href: string };
  /** The user's existing tags, offered as one-click additions. */
  tagSuggestions?: readonly string[];
  /** Screenshots chosen for a new trade (uploaded after save). */
  screenshots?: ReadonlyArray<{ name: string; size: number }>;
  /** Why a chosen screenshot was refused. */
  screenshotError?: string;
  /** Adds chosen screenshot files. */
  onScreenshots?: (files: File[]) => void;
  /** Removes a chosen screenshot, by index. */
  onRemoveScreenshot?: (index: number) => void;
  /** Called with the values as the trader edits them. */
  onChange?: (values: TradeFormValues) => void;
  /** Saves the trade. */
  onSubmit?: (values: TradeFormValues) => void;
  /** Leaves without saving. */
  onCancel?: () => void;
  /** Unsaved changes brought back from this tab's draft (after a reload or a visit elsewhere), with when they were made. */
  restoredDraft?: { savedAt: string; onDiscard: () => void };
  /** A trade already in the journal that this one would save again (the same fills and times), and where to open it. */
  duplicate?: { description: string; href: string };
  /** Set while the trader is leaving with unsaved changes: the prompt asks first. */
  leavePrompt?: { onStay: () => void; onLeave: () => void };
}

export const TRADE_EMOTIONS = [
  'Calm',
  'Confident',
  'Focused',
  'Anxious',
  'Fearful',
  'FOMO',
  'Greedy',
  'Impatient',
  'Revenge',
  'Bored',
] as const;

export const TRADE_MISTAKES = [
  'Entered early',
  'Chased the entry',
  'No stop',
  'Moved the stop',
  'Exited early',
  'Held a loser',
  'Oversized',
  'Overtraded',
  'Ignored the plan',
] as const;

export const PRODUCT_LABELS: Record<TradeProduct, string> = {
  intraday: 'Intraday',
  delivery: 'Delivery',
  carry_forward: 'Carry forward',
};

/** The products a segment allows (equity: intraday or delivery; F&O: intraday or carry forward). */
export function productsFor(segment: TradeSegment): TradeProduct[] {
  return segment === 'equity' ? ['intraday', 'delivery'] : ['intraday', 'carry_forward'];
}

const chargeRows: ReadonlyArray<readonly [keyof TradeChargesPreview, string]> = [
  ['brokerage', 'Brokerage'],
  ['stt', 'STT'],
  ['transaction', 'Exchange transaction'],
  ['sebi', 'SEBI fee'],
  ['stamp', 'Stamp duty'],
  ['gst', 'GST'],
  ['ipft', 'IPFT'],
  ['dp', 'DP charge'],
];

/**
 * On phones the charges panel comes after the whole form, so the totals ride along at the bottom of the screen while
 * the trader types (sticky, until the panel itself is reached).
 */
function PhoneChargesBar({ charges }: { charges: TradeChargesPreview }) {
  return (
    <div
      data-slot="phone-charges"
      className="sticky bottom-2 z-10 flex flex-wrap items-center justify-between gap-x-4 gap-y-1 rounded-lg border bg-background/95 px-3 py-2 text-sm shadow-md backdrop-blur lg:hidden"
    >
      <span>
        <span className="text-muted-foreground">Charges </span>
        <Money value={charges.total} />
      </span>
      {charges.netPnl !== undefined ? (
        <span className="font-semibold">
          <span className="font-normal text-muted-foreground">Net P&amp;L </span>
          <Money value={charges.netPnl} signed />
        </span>
      ) : null}
    </div>
  );
}

function ChargesPanel({
  charges,
  note,
  brokerName,
  sourceNote,
  sourceLink,
}: {
  charges?: TradeChargesPreview;
  note?: string;
  brokerName?: string;
  sourceNote?: string;
  sourceLink?: { label: string; href: string };
}) {
  return (
    <section
      aria-labelledby="trade-charges"
      aria-live="polite"
      className="grid content-start gap-3 rounded-xl border bg-card p-4 text-card-foreground"
    >
      <div className="grid gap-1">
        <h2 id="trade-charges" className="font-semibold">
          Estimated charges
        </h2>
        <p className="text-muted-foreground text-xs">
          At the rates in force on the trade date{brokerName ? `, brokerage from ${brokerName}` : ''}.
        </p>
      </div>
      {sourceNote ? (
        <p className="rounded-md bg-muted p-2 text-xs">
          {sourceNote}
          {sourceLink ? (
            <>
              {' '}
              <Link to={sourceLink.href} className="font-medium underline underline-offset-4">
                {sourceLink.label}
              </Link>
            </>
          ) : null}
        </p>
      ) : null}
      {charges ? (
        <>
          <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
            {chargeRows
              .filter(([key]) => key !== 'dp' || charges.dp > 0)
              .map(([key, label]) => (
                <div key={key} className="contents">
                  <dt className="text-muted-foreground">{label}</dt>
                  <dd className="text-right">
                    <Money value={charges[key] ?? 0} />
                  </dd>
                </div>
              ))}
            <div className="contents font-semibold">
              <dt className="border-t pt-1">Total charges</dt>
              <dd className="border-t pt-1 text-right">
                <Money value={charges.total} />
              </dd>
            </div>
          </dl>
          {charges.grossPnl !== undefined && charges.netPnl !== undefined ? (
            <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 border-t pt-3 text-sm">
              <dt className="text-muted-foreground">Gross P&amp;L</dt>
              <dd className="text-right">
                <Money value={charges.grossPnl} signed />
              </dd>
              <dt className="font-semibold">Net P&amp;L after charges</dt>
              <dd className="text-right font-semibold text-lg">
                <Money value={charges.netPnl} signed />
              </dd>
            </dl>
          ) : (
            <p className="text-muted-foreground text-xs">Open trade: entry charges only until you add the exit.</p>
          )}
        </>
      ) : (
        <p className="text-muted-foreground text-sm">{note ?? 'Enter the quantity and prices to see the charges.'}</p>
      )}
    </section>
  );
}

function TagSuggestions({
  value,
  suggestions,
  disabled,
  onAdd,
}: {
  value: string;
  suggestions: readonly string[];
  disabled?: boolean;
  onAdd: (tag: string) => void;
}) {
  const used = new Set(value.split(',').map((t) => t.trim().toLowerCase()));
  const offered = suggestions.filter((t) => !used.has(t.toLowerCase())).slice(0, 12);
  if (!offered.length) return null;
  return (
    <div className="flex flex-wrap gap-1.5">
      {offered.map((tag) => (
        <button
          key={tag}
          type="button"
          disabled={disabled}
          aria-label={`Add tag ${tag}`}
          onClick={() => onAdd(tag)}
          className="rounded-full border border-input border-dashed px-2 py-0.5 text-muted-foreground text-xs outline-none hover:bg-accent hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50"
        >
          + {tag}
        </button>
      ))}
    </div>
  );
}

function Screenshots({
  files,
  error,
  disabled,
  onAdd,
  onRemove,
}: {
  files: ReadonlyArray<{ name: string; size: number }>;
  error?: string;
  disabled?: boolean;
  onAdd?: (files: File[]) => void;
  onRemove?: (index: number) => void;
}) {
  return (
    <div className="grid gap-2 sm:col-span-2">
      <Field
        label="Screenshots"
        help="PNG, JPEG, WebP or GIF up to 10 MB each; uploaded to your private gallery when you save."
        error={error}
      >
        <FileInput
          multiple
          accept="image/png,image/jpeg,image/webp,image/gif"
          files={files}
          disabled={disabled}
          onFiles={(list) => onAdd?.(list)}
        />
      </Field>
      {files.length ? (
        <ul aria-label="Screenshots to attach" className="grid gap-1">
          {files.map((file, i) => (
            <li
              key={`${file.name}:${file.size}`}
              className="flex items-center gap-2 rounded-md border px-3 py-1.5 text-sm"
            >
              <ImagePlus className="size-4 text-muted-foreground" aria-hidden="true" />
              <span className="flex-1 truncate">{file.name}</span>
              <span className="text-muted-foreground text-xs">{(file.size / 1024 / 1024).toFixed(1)} MB</span>
              <Button
                type="button"
                variant="ghost"
                size="icon-sm"
                aria-label={`Remove ${file.name}`}
                disabled={disabled}
                onClick={() => onRemove?.(i)}
              >
                <X aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** The chosen playbook's rules as a checklist: which ones this trade followed. */
function RuleChecklist({
  rules,
  followed,
  disabled,
  onChange,
}: {
  rules: ReadonlyArray<{ id: string; text: string }>;
  followed: readonly string[];
  disabled: boolean;
  onChange?: (ruleIds: string[]) => void;
}) {
  if (rules.length === 0) return null;
  return (
    <fieldset className="grid content-start gap-2 sm:row-span-2" disabled={disabled}>
      <legend className="mb-2 font-medium text-sm">
        Rules followed ({followed.filter((id) => rules.some((r) => r.id === id)).length} of {rules.length})
      </legend>
      {rules.map((rule) => {
        const id = `rule-${rule.id}`;
        const on = followed.includes(rule.id);
        return (
          <div key={rule.id} className="flex items-start gap-2 text-sm">
            <Checkbox
              id={id}
              checked={on}
              onCheckedChange={(checked) =>
                onChange?.(checked === true ? [...followed, rule.id] : followed.filter((r) => r !== rule.id))
              }
            />
            <label htmlFor={id}>{rule.text}</label>
          </div>
        );
      })}
    </fieldset>
  );
}

/** /trade-form/{id?}: log a trade by hand or edit one. Values, errors and the charges estimate come from the caller. */
export function TradeFormScreen({
  tradeId,
  values,
  status = 'idle',
  fieldErrors = {},
  serviceError,
  playbooks = [],
  rulesFollowed = [],
  onRulesFollowedChange,
  units,
  lotSizeSource,
  charges,
  chargesNote,
  brokerName,
  chargesSourceNote,
  chargesSourceLink,
  tagSuggestions = [],
  screenshots = [],
  screenshotError,
  onScreenshots,
  onRemoveScreenshot,
  onChange,
  onSubmit,
  onCancel,
  onRetry,
  restoredDraft,
  duplicate,
  leavePrompt,
}: TradeFormScreenProps) {
  const editing = Boolean(tradeId);
  const saving = status === 'saving';
  const set = <K extends TradeFormField>(key: K, value: TradeFormValues[K]) => onChange?.({ ...values, [key]: value });
  const text = (
    key: TradeFormField,
    label: string,
    props: React.ComponentProps<typeof Input> & { help?: string } = {},
  ) => {
    const { help, ...input } = props;
    return (
      <Field label={label} help={help} error={fieldErrors[key]} required={input.required}>
        <Input
          value={values[key] as string}
          onChange={(e) => set(key, e.target.value)}
          disabled={saving}
          {...input}
          required={undefined}
        />
      </Field>
    );
  };
  const when = (key: TradeFormField, label: string, type: 'date' | 'datetime-local', required = false) => (
    <Field label={label} error={fieldErrors[key]} required={required}>
      <DateInput type={type} value={values[key] as string} onValueChange={(v) => set(key, v)} disabled={saving} />
    </Field>
  );
  const fo = values.segment !== 'equity';

  const heading = (
    <header className="grid gap-1">
      <h1 className="font-bold text-2xl">{editing ? 'Edit trade' : 'Add trade'}</h1>
      <p className="text-muted-foreground">
        Prices in rupees, times in IST. Charges are estimated live from the dated rate tables.
      </p>
    </header>
  );

  if (status === 'error') {
    return (
      <div className="mx-auto grid max-w-5xl gap-6">
        {heading}
        <LoadError detail={serviceError} onRetry={onRetry} />
      </div>
    );
  }

  if (status === 'not-found') {
    return (
      <div className="mx-auto grid max-w-5xl gap-6">
        {heading}
        <EmptyState
          icon={<FileQuestion />}
          title="Trade not found"
          description="This trade does not exist or belongs to another account. It may have been deleted or undone with its import."
          action={
            <Link to="/trades" className={buttonVariants({ variant: 'outline' })}>
              Back to trades
            </Link>
          }
        />
      </div>
    );
  }

  return (
    <div className="mx-auto grid max-w-5xl gap-6">
      {heading}
      {status === 'loading' ? (
        <div className="grid gap-3" aria-busy="true">
          <p role="status" className="sr-only">
            Loading trade…
          </p>
          <Skeleton className="h-64 rounded-xl" />
          <Skeleton className="h-40 rounded-xl" />
        </div>
      ) : (
        <form
          noValidate
          aria-busy={saving || undefined}
          aria-label={editing ? 'Edit trade' : 'Add trade'}
          className="grid gap-6 lg:grid-cols-[1fr_20rem]"
          onSubmit={(e) => {
            e.preventDefault();
            onSubmit?.(values);
          }}
        >
          <div className="grid content-start gap-6">
            {serviceError ? <Alert variant="error" title={serviceError} /> : null}
            {restoredDraft ? (
              <Alert title="Your unsaved changes are back">
                <p>
                  Kept in this tab from {restoredDraft.savedAt}.{' '}
                  <Button type="button" variant="link" className="h-auto p-0" onClick={restoredDraft.onDiscard}>
                    Discard them
                  </Button>
                </p>
              </Alert>
            ) : null}
            <Card>
              <CardHeader>
                <CardTitle asChild>
                  <h2>Instrument</h2>
                </CardTitle>
              </CardHeader>
              <CardContent className="grid gap-4 sm:grid-cols-2">
                <Segmented
                  legend="Exchange"
                  name="exchange"
                  value={values.exchange}
                  disabled={saving}
                  options={[
                    ['NSE', 'NSE'],
                    ['BSE', 'BSE'],
                  ]}
                  onChange={(v) => set('exchange', v)}
                />
                <Segmented
                  legend="Segment"
                  name="segment"
                  value={values.segment}
                  disabled={saving}
                  options={[
                    ['equity', 'Equity'],
                    ['futures', 'Futures'],
                    ['options', 'Options'],
                  ]}
                  onChange={(segment) => {
                    // A product the new segment does not allow falls back to intraday.
                    const product = productsFor(segment).includes(values.product) ? values.product : 'intraday';
                    onChange?.({ ...values, segment, product });
                  }}
                />
                <Segmented
                  legend="Product"
                  name="product"
                  value={values.product}
                  disabled={saving}
                  options={productsFor(values.segment).map((p) => [p, PRODUCT_LABELS[p]] as const)}
                  onChange={(v) => set('product', v)}
                />
                <Segmented
                  legend="Side"
                  name="side"
                  value={values.side}
                  disabled={saving}
                  options={[
                    ['long', 'Long (buy first)'],
                    ['short', 'Short (sell first)'],
                  ]}
                  onChange={(v) => set('side', v)}
                />
                {fo ? (
                  <>
                    {text('underlying', 'Underlying', {
                      placeholder: 'NIFTY',
                      required: true,
                      autoCapitalize: 'characters',
                    })}
                    {when('expiry', 'Expiry', 'date', true)}
                    {values.segment === 'options' ? (
                      <>
                        {text('strike', 'Strike', { inputMode: 'decimal', placeholder: '24500', required: true })}
                        <Segmented
                          legend="Call or put"
                          name="optionType"
                          value={values.optionType}
                          disabled={saving}
                          options={[
                            ['CE', 'CE (call)'],
                            ['PE', 'PE (put)'],
                          ]}
                          onChange={(v) => set('optionType', v)}
                        />
                      </>
                    ) : null}
                    {text('lotSize', 'Lot size', {
                      inputMode: 'numeric',
                      required: true,
                      help: lotSizeSource ?? 'Units per lot; not in the lot-size table for this underlying.',
                    })}
                    {text('lots', 'Lots', {
                      inputMode: 'numeric',
                      required: true,
                      help: units ? `${formatCount(units)} units` : undefined,
                    })}
                  </>
                ) : (
                  <>
                    {text('symbol', 'Symbol', {
                      placeholder: 'RELIANCE',
                      required: true,
                      autoCapitalize: 'characters',
                    })}
                    {text('quantity', 'Quantity', { inputMode: 'decimal', placeholder: 'Shares', required: true })}
                  </>
                )}
              </CardContent>
            </Card>

            <Card>
              <CardHeader>
                <CardTitle asChild>
                  <h2>Prices and times</h2>
                </CardTitle>
                <CardDescription>Leave the exit empty for an open trade.</CardDescription>
              </CardHeader>
              <CardContent className="grid gap-4 sm:grid-cols-2">
                {text('entryPrice', fo && values.segment === 'options' ? 'Entry premium (₹)' : 'Entry price (₹)', {
                  inputMode: 'decimal',
                  required: true,
                })}
                {when('entryAt', 'Entry time (IST)', 'datetime-local', true)}
                {text('exitPrice', values.segment === 'options' ? 'Exit premium (₹)' : 'Exit price (₹)', {
                  inputMode: 'decimal',
                })}
                {when('exitAt', 'Exit time (IST)', 'datetime-local')}
                {text('stopLoss', 'Stop loss (₹)', { inputMode: 'decimal', help: 'Needed for R-multiples.' })}
                {text('target', 'Target (₹)', { inputMode: 'decimal' })}
              </CardContent>
            </Card>

            <Card>
              <CardHeader>
                <CardTitle asChild>
                  <h2>Review</h2>
                </CardTitle>
              </CardHeader>
              <CardContent className="grid gap-4 sm:grid-cols-2">
                <Field label="Playbook" error={fieldErrors.playbookId}>
                  {(control) => (
                    <LazySelect
                      {...control}
                      value={values.playbookId}
                      disabled={saving}
                      onValueChange={(v) => set('playbookId', v)}
                      options={[
                        { value: '', label: 'No playbook' },
                        ...playbooks.map((p) => ({ value: p.id, label: p.name })),
                      ]}
                    />
                  )}
                </Field>
                <RuleChecklist
                  rules={playbooks.find((p) => p.id === values.playbookId)?.rules ?? []}
                  followed={rulesFollowed}
                  disabled={saving}
                  onChange={onRulesFollowedChange}
                />
                <div className="grid content-start gap-2">
                  {text('tags', 'Tags', { placeholder: 'gap-up, expiry day', help: 'Separate tags with commas.' })}
                  <TagSuggestions
                    value={values.tags}
                    suggestions={tagSuggestions}
                    disabled={saving}
                    onAdd={(tag) =>
                      set('tags', values.tags.trim() ? `${values.tags.replace(/[,\s]+$/, '')}, ${tag}` : tag)
                    }
                  />
                </div>
                <div className="sm:col-span-2">
                  <ToggleChips
                    legend="Emotions before"
                    options={TRADE_EMOTIONS}
                    value={values.emotionsBefore}
                    disabled={saving}
                    onChange={(v) => set('emotionsBefore', v)}
                  />
                </div>
                <div className="sm:col-span-2">
                  <ToggleChips
                    legend="Emotions after"
                    options={TRADE_EMOTIONS}
                    value={values.emotionsAfter}
                    disabled={saving}
                    onChange={(v) => set('emotionsAfter', v)}
                  />
                </div>
                <div className="sm:col-span-2">
                  <ToggleChips
                    legend="Mistakes"
                    options={TRADE_MISTAKES}
                    value={values.mistakes}
                    disabled={saving}
                    onChange={(v) => set('mistakes', v)}
                  />
                </div>
                {/* The whole row and narrower options: None and 1★ … 5★ on one line, from a phone up. */}
                <div className="sm:col-span-2">
                  <Segmented
                    legend="Rating"
                    name="rating"
                    value={values.rating}
                    disabled={saving}
                    compact
                    options={[['', 'None'], ...['1', '2', '3', '4', '5'].map((r) => [r, `${r}★`] as const)]}
                    onChange={(v) => set('rating', v)}
                  />
                </div>
                <div className="sm:col-span-2">
                  <Field label="Notes" error={fieldErrors.notes}>
                    <Textarea
                      value={values.notes}
                      onChange={(e) => set('notes', e.target.value)}
                      disabled={saving}
                      placeholder="Why you took it, what you saw, what you would do differently."
                    />
                  </Field>
                </div>
                {editing ? null : (
                  <Screenshots
                    files={screenshots}
                    error={screenshotError}
                    disabled={saving}
                    onAdd={onScreenshots}
                    onRemove={onRemoveScreenshot}
                  />
                )}
                {duplicate ? (
                  <Alert variant="warning" title="This trade may already be in your journal" className="sm:col-span-2">
                    <p>
                      {duplicate.description}{' '}
                      <Link to={duplicate.href} className="font-medium text-foreground underline underline-offset-4">
                        Open it
                      </Link>
                    </p>
                  </Alert>
                ) : null}
              </CardContent>
              <CardFooter className="justify-end gap-2">
                <Button type="button" variant="ghost" onClick={onCancel} disabled={saving}>
                  Cancel
                </Button>
                <Button type="submit" loading={saving}>
                  {saving ? 'Saving…' : editing ? 'Save changes' : 'Save trade'}
                </Button>
              </CardFooter>
            </Card>
            {charges ? <PhoneChargesBar charges={charges} /> : null}
          </div>
          <div className="lg:sticky lg:top-4 lg:self-start">
            <ChargesPanel
              charges={charges}
              note={chargesNote}
              brokerName={brokerName}
              sourceNote={chargesSourceNote}
              sourceLink={chargesSourceLink}
            />
          </div>
        </form>
      )}
      <AlertDialog open={Boolean(leavePrompt)} onOpenChange={(open) => (open ? null : leavePrompt?.onStay())}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Leave without saving?</AlertDialogTitle>
            <AlertDialogDescription>
              This trade is not saved. Your changes stay in this tab as a draft, and the form brings them back when you
              open it again.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Stay on the form</AlertDialogCancel>
            <AlertDialogAction onClick={leavePrompt?.onLeave}>Leave</AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </div>
  );
}
