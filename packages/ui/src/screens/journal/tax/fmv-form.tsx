import { CircleCheck, Save, TriangleAlert } from 'lucide-react';
import * as React from 'react';
import { Button } from '../../../components/button';
import { Field } from '../../../components/field';
import { Input } from '../../../components/input';
import { sectionRef } from './format';

// Shares bought before 1 February 2018 and sold long-term: their cost needs the 31 January 2018 value, which only
// the trader can give (the exchange's highest quote that day). One small form per share.

export interface FmvShare {
  symbol: string;
  isin: string | null;
}

export type SaveFmv = (share: FmvShare, valuePerShare: string) => Promise<void>;

type FormState =
  | { phase: 'editing'; value: string; error?: string }
  | { phase: 'saving'; value: string }
  | { phase: 'saved'; value: string };

/** '1,234.50' → '1234.50'; null unless a positive amount in rupees with at most two decimals. */
export function parseValuePerShare(text: string): string | null {
  const plain = text.replace(/[,\s₹]/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(plain) || Number(plain) <= 0) return null;
  return plain;
}

function FmvForm({ share, onSave }: { share: FmvShare; onSave?: SaveFmv }) {
  const [state, setState] = React.useState<FormState>({ phase: 'editing', value: '' });
  const mounted = React.useRef(true);
  React.useEffect(
    () => () => {
      mounted.current = false;
    },
    [],
  );
  const saving = state.phase === 'saving';
  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const value = parseValuePerShare(state.value);
    if (value === null) {
      setState({
        phase: 'editing',
        value: state.value,
        error: 'Give the value per share in rupees, such as 1,234.50.',
      });
      return;
    }
    setState({ phase: 'saving', value: state.value });
    try {
      await onSave?.(share, value);
      if (mounted.current) setState({ phase: 'saved', value: state.value });
    } catch (error) {
      const message = error instanceof Error && error.message ? error.message : 'The value could not be saved.';
      if (mounted.current) setState({ phase: 'editing', value: state.value, error: message });
    }
  }
  const error = state.phase === 'editing' ? state.error : undefined;
  return (
    <form
      noValidate
      onSubmit={submit}
      aria-busy={saving || undefined}
      data-slot="fmv-form"
      className="grid gap-2 rounded-lg border bg-background p-3 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-start sm:gap-3"
    >
      <Field
        label={`${share.symbol}: value per share on 31 January 2018 (₹)`}
        help={share.isin ? `ISIN ${share.isin}` : undefined}
        error={error ? <span role="alert">{error}</span> : undefined}
      >
        <Input
          inputMode="decimal"
          autoComplete="off"
          placeholder="1,234.50"
          value={state.value}
          disabled={saving}
          onChange={(e) => setState({ phase: 'editing', value: e.target.value })}
        />
      </Field>
      <div className="grid gap-1 sm:pt-6">
        <Button type="submit" loading={saving} disabled={!onSave}>
          {saving ? null : <Save aria-hidden="true" />}
          {saving ? 'Saving…' : 'Save'}
          <span className="sr-only"> the value of {share.symbol}</span>
        </Button>
      </div>
      {state.phase === 'saved' ? (
        <p role="status" className="flex items-center gap-2 text-sm sm:col-span-2">
          <CircleCheck className="size-4 shrink-0 text-success" aria-hidden="true" />
          Saved. The figures are being worked out again with this value.
        </p>
      ) : null}
    </form>
  );
}

/** The shares whose 31 January 2018 value is missing, each with a form to give it. */
export function FmvNeeded({
  shares,
  sections,
  onSave,
}: {
  shares: FmvShare[];
  sections?: Record<string, string>;
  onSave?: SaveFmv;
}) {
  if (shares.length === 0) return null;
  const grandfathering = sectionRef(sections, 'grandfathering');
  return (
    <section
      aria-labelledby="tax-fmv-needed"
      data-slot="fmv-needed"
      className="grid min-w-0 gap-3 rounded-lg border border-l-4 border-l-warning bg-card p-4 text-card-foreground"
    >
      <h3 id="tax-fmv-needed" className="flex items-start gap-2 font-semibold">
        <TriangleAlert className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden="true" />
        {shares.length === 1
          ? 'One share needs its 31 January 2018 value'
          : `${shares.length} shares need their 31 January 2018 value`}
      </h3>
      <p className="text-muted-foreground text-sm">
        These were bought before 1 February 2018. Their cost for long-term gains is the higher of what you paid and
        their value on 31 January 2018 (the exchange's highest price that day), capped at the sale value
        {grandfathering ? ` (${grandfathering})` : ''}. Until you give it, the figures use what you paid, which may
        overstate your gain.
      </p>
      <div className="grid gap-3 lg:grid-cols-2">
        {shares.map((share) => (
          <FmvForm key={share.isin ?? share.symbol} share={share} onSave={onSave} />
        ))}
      </div>
    </section>
  );
}
