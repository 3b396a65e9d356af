import type * as React from 'react';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '../../components/card';
import { Field } from '../../components/field';
import { Input } from '../../components/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/select';
import { Skeleton } from '../../components/skeleton';
import { Textarea } from '../../components/textarea';

export interface TradeFormValues {
  symbol: string;
  segment: string;
  side: string;
  quantity: string;
  entry: string;
  exit: string;
  stop: string;
  entryAt: string;
  exitAt: string;
  playbook: string;
  emotion: string;
  notes: string;
}

export const emptyTrade: TradeFormValues = {
  symbol: '',
  segment: '',
  side: 'long',
  quantity: '',
  entry: '',
  exit: '',
  stop: '',
  entryAt: '',
  exitAt: '',
  playbook: '',
  emotion: '',
  notes: '',
};

export interface TradeFormScreenProps {
  /** Absent: create (/trade-form). Present: edit (/trade-form/{id}). */
  tradeId?: string;
  values: TradeFormValues;
  status?: 'loading' | 'idle' | 'saving';
  fieldErrors?: Partial<Record<keyof TradeFormValues, string>>;
  serviceError?: string;
  playbooks?: string[];
  onChange?: (values: TradeFormValues) => void;
  onSubmit?: (values: TradeFormValues) => void;
  onCancel?: () => void;
}

const emotions = ['Calm', 'Confident', 'FOMO', 'Fearful', 'Greedy', 'Revenge', 'Bored'];

/** /trade-form/{id?}: log a trade by hand or edit one. Values are controlled by the caller. */
export function TradeFormScreen({
  tradeId,
  values,
  status = 'idle',
  fieldErrors = {},
  serviceError,
  playbooks = [],
  onChange,
  onSubmit,
  onCancel,
}: TradeFormScreenProps) {
  const editing = Boolean(tradeId);
  const saving = status === 'saving';
  const set = (key: keyof TradeFormValues) => (value: string) => onChange?.({ ...values, [key]: value });
  const text = (key: keyof TradeFormValues, label: string, props: React.ComponentProps<typeof Input> = {}) => (
    <Field label={label} error={fieldErrors[key]} required={props.required}>
      <Input value={values[key]} onChange={(e) => set(key)(e.target.value)} disabled={saving} {...props} />
    </Field>
  );
  const choice = (key: keyof TradeFormValues, label: string, options: Array<[string, string]>, placeholder: string) => (
    <Field label={label} error={fieldErrors[key]}>
      {(control) => (
        <Select value={values[key] || undefined} onValueChange={set(key)} disabled={saving}>
          <SelectTrigger {...control}>
            <SelectValue placeholder={placeholder} />
          </SelectTrigger>
          <SelectContent>
            {options.map(([value, text]) => (
              <SelectItem key={value} value={value}>
                {text}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      )}
    </Field>
  );

  return (
    <div className="mx-auto grid max-w-3xl gap-6">
      <header className="grid gap-1">
        <h1 className="font-bold text-2xl">{editing ? 'Edit trade' : 'Add a trade'}</h1>
        <p className="text-muted-foreground">
          Prices in rupees; times in IST. Charges are estimated from your broker profile.
        </p>
      </header>
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
          className="grid gap-6"
          onSubmit={(e) => {
            e.preventDefault();
            onSubmit?.(values);
          }}
        >
          {serviceError ? <Alert variant="error" title={serviceError} /> : null}
          <Card>
            <CardHeader>
              <CardTitle asChild>
                <h2>Instrument and fills</h2>
              </CardTitle>
            </CardHeader>
            <CardContent className="grid gap-4 sm:grid-cols-2">
              {text('symbol', 'Symbol', {
                placeholder: 'NIFTY 27 JAN 24500 CE',
                required: true,
                autoCapitalize: 'characters',
              })}
              {choice(
                'segment',
                'Segment',
                [
                  ['equity-intraday', 'Equity intraday'],
                  ['equity-delivery', 'Equity delivery'],
                  ['futures', 'Futures'],
                  ['options', 'Options'],
                ],
                'Choose a segment',
              )}
              {choice(
                'side',
                'Side',
                [
                  ['long', 'Long (buy first)'],
                  ['short', 'Short (sell first)'],
                ],
                'Long or short',
              )}
              {text('quantity', 'Quantity', { inputMode: 'numeric', placeholder: '65', required: true })}
              {text('entry', 'Entry price (₹)', { inputMode: 'decimal', required: true })}
              {text('exit', 'Exit price (₹)', { inputMode: 'decimal' })}
              {text('stop', 'Initial stop (₹)', { inputMode: 'decimal' })}
              {text('entryAt', 'Entry time', { type: 'datetime-local' })}
              {text('exitAt', 'Exit time', { type: 'datetime-local' })}
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle asChild>
                <h2>Review</h2>
              </CardTitle>
            </CardHeader>
            <CardContent className="grid gap-4 sm:grid-cols-2">
              {choice(
                'playbook',
                'Playbook',
                playbooks.map((p) => [p, p]),
                'No playbook',
              )}
              {choice(
                'emotion',
                'How you felt',
                emotions.map((e) => [e, e]),
                'Choose one',
              )}
              <div className="sm:col-span-2">
                <Field label="Notes" error={fieldErrors.notes}>
                  <Textarea
                    value={values.notes}
                    onChange={(e) => set('notes')(e.target.value)}
                    disabled={saving}
                    placeholder="Why you took it, what you saw, what you would do differently."
                  />
                </Field>
              </div>
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
        </form>
      )}
    </div>
  );
}
