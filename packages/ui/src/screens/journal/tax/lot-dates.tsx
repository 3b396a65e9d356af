import type { TaxYear } from '@bahi/trading';
import { formatCount, formatINR } from '@bahi/trading';
import { CalendarClock, CircleCheck, Plus, Save, Trash2 } from 'lucide-react';
import * as React from 'react';
import { Button } from '../../../components/button';
import { DateInput } from '../../../components/date-input';
import { Field } from '../../../components/field';
import { Input } from '../../../components/input';
import { Money } from '../../../components/money';
import { ScrollRegion } from '../../../components/scroll-region';
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from '../../../components/table';
import { count, formatDay, sectionRef } from './format';

// Sales of shares whose buy date is not known (a holdings statement that gives none): neither short nor long term
// until dated. The section says how many lots and how much sale value wait, which shares, and gives each lot a form
// for its buy dates (a lot may be several buys: shares and a day each, adding up to the lot).

/** An opening lot with no buy date, as the screen shows it. */
export interface UndatedLotView {
  /** Names the lot when its dates are saved. */
  id: string;
  symbol: string;
  isin: string | null;
  /** Shares in the lot, and its cost per share (the statement's average). */
  quantity: number;
  price: number;
  /** YYYY-MM-DD: the lot was held at the end of this day, so each buy date is on or before it. */
  heldOn: string;
}

/** One buy of a lot as typed: how many shares, bought on which day. */
export interface LotDateValues {
  quantity: string;
  boughtOn: string;
}

/** Resolves when the dates are saved; a rejection's message is shown on the form. */
export type SaveLotDates = (lot: UndatedLotView, parts: LotDateValues[]) => Promise<void>;

/** A typed buy with a key of its own, so removing a line keeps the others' focus and values. */
type Part = LotDateValues & { key: number };

type FormState =
  | { phase: 'editing'; parts: Part[]; error?: string }
  | { phase: 'saving'; parts: Part[] }
  | { phase: 'saved'; parts: Part[] };

let nextKey = 0;
const part = (quantity: string): Part => ({ quantity, boughtOn: '', key: nextKey++ });

function LotDatesForm({ lot, onSave }: { lot: UndatedLotView; onSave?: SaveLotDates }) {
  const [state, setState] = React.useState<FormState>(() => ({
    phase: 'editing',
    parts: [part(String(lot.quantity))],
  }));
  const mounted = React.useRef(true);
  React.useEffect(
    () => () => {
      mounted.current = false;
    },
    [],
  );
  const saving = state.phase === 'saving';
  const legendId = React.useId();
  const edit = (parts: Part[]) => setState({ phase: 'editing', parts });
  const setPart = (key: number, change: Partial<LotDateValues>) =>
    edit(state.parts.map((p) => (p.key === key ? { ...p, ...change } : p)));
  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const parts = state.parts;
    setState({ phase: 'saving', parts });
    try {
      await onSave?.(
        lot,
        parts.map(({ quantity, boughtOn }) => ({ quantity, boughtOn })),
      );
      if (mounted.current) setState({ phase: 'saved', parts });
    } catch (error) {
      const message = error instanceof Error && error.message ? error.message : 'The dates could not be saved.';
      if (mounted.current) setState({ phase: 'editing', parts, error: message });
    }
  }
  const error = state.phase === 'editing' ? state.error : undefined;
  return (
    <form
      noValidate
      onSubmit={submit}
      aria-busy={saving || undefined}
      aria-labelledby={legendId}
      data-slot="lot-dates-form"
      className="grid gap-3 rounded-lg border bg-background p-3"
    >
      <div className="grid gap-0.5">
        <p id={legendId} className="font-medium text-sm">
          {lot.symbol}: {formatCount(lot.quantity)} {lot.quantity === 1 ? 'share' : 'shares'} at {formatINR(lot.price)}
        </p>
        <p className="text-muted-foreground text-xs">
          Held by {formatDay(lot.heldOn)}
          {lot.isin ? ` · ISIN ${lot.isin}` : ''}. Bought in more than one go? Add a line per buy.
        </p>
      </div>
      {state.parts.map((p, i) => (
        <div
          key={p.key}
          className="grid grid-cols-[minmax(0,1fr)_minmax(0,1.4fr)_auto] items-end gap-2"
          data-slot="lot-dates-part"
        >
          <Field label={state.parts.length === 1 ? 'Shares' : `Shares, buy ${i + 1}`}>
            <Input
              inputMode="decimal"
              autoComplete="off"
              value={p.quantity}
              disabled={saving}
              onChange={(e) => setPart(p.key, { quantity: e.target.value })}
            />
          </Field>
          <Field label={state.parts.length === 1 ? 'Bought on' : `Bought on, buy ${i + 1}`}>
            <DateInput
              value={p.boughtOn}
              max={lot.heldOn}
              disabled={saving}
              onValueChange={(v) => setPart(p.key, { boughtOn: v })}
            />
          </Field>
          {state.parts.length > 1 ? (
            <Button
              type="button"
              variant="ghost"
              size="icon"
              disabled={saving}
              onClick={() => edit(state.parts.filter((q) => q.key !== p.key))}
            >
              <Trash2 aria-hidden="true" />
              <span className="sr-only">
                Remove buy {i + 1} of {lot.symbol}
              </span>
            </Button>
          ) : (
            <span />
          )}
        </div>
      ))}
      {error ? (
        <p role="alert" className="text-destructive text-sm">
          {error}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={saving}
          onClick={() => edit([...state.parts, part('')])}
        >
          <Plus aria-hidden="true" /> Add another buy
          <span className="sr-only"> of {lot.symbol}</span>
        </Button>
        <Button type="submit" size="sm" loading={saving} disabled={!onSave}>
          {saving ? null : <Save aria-hidden="true" />}
          {saving ? 'Saving…' : 'Save the dates'}
          <span className="sr-only"> of {lot.symbol}</span>
        </Button>
      </div>
      {state.phase === 'saved' ? (
        <p role="status" className="flex items-center gap-2 text-sm">
          <CircleCheck className="size-4 shrink-0 text-success" aria-hidden="true" />
          Saved. The year's figures are being worked out again with these dates.
        </p>
      ) : null}
    </form>
  );
}

/**
 * The year's sales from lots with no buy date: how many lots, how much sale value, which shares, and a form per lot
 * of those shares. Nothing when every sale of the year has its dates.
 */
export function UndatedLots({
  year,
  lots,
  sections,
  onSave,
}: {
  year: TaxYear;
  /** The journal's undated lots; those of the shares sold this year get a form. */
  lots?: readonly UndatedLotView[];
  sections?: Record<string, string>;
  onSave?: SaveLotDates;
}) {
  const { undated } = year;
  if (undated.rows.length === 0) return null;
  // A lot names its share by symbol, and by ISIN when its statement gave one (Kite's holdings CSV gives none).
  const sold = new Set(undated.shares.flatMap((s) => (s.isin ? [s.symbol, s.isin] : [s.symbol])));
  const forms = (lots ?? []).filter((l) => sold.has(l.symbol) || (l.isin !== null && sold.has(l.isin)));
  const longTerm = sectionRef(sections, 'longTerm');
  return (
    <section
      aria-labelledby="tax-undated"
      data-slot="undated-lots"
      className="grid min-w-0 gap-3 rounded-lg border border-l-4 border-l-warning bg-card p-4 text-card-foreground"
    >
      <h3 id="tax-undated" className="flex items-start gap-2 font-semibold">
        <CalendarClock className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden="true" />
        {undated.lots === 1
          ? 'One lot sold this year has no buy date'
          : `${formatCount(undated.lots)} lots sold this year have no buy date`}
      </h3>
      <p className="text-muted-foreground text-sm">
        These shares came from a holdings statement that does not say when they were bought. Sold this year for{' '}
        <Money value={undated.saleValue} />, with a gain of <Money value={undated.gain} signed /> after transfer
        expenses, they are counted in neither short-term nor long-term gains below: only the buy date tells whether they
        were held more than 12 months{longTerm ? ` (${longTerm})` : ''}. Give the dates here, or import your tax P&L
        statement from Zerodha Console (it has them) or a holdings statement with buy dates.
      </p>
      <ScrollRegion label="Sales waiting for a buy date" pinFirstColumn="background">
        <Table>
          <TableCaption className="sr-only">Sales waiting for a buy date, {year.label}</TableCaption>
          <TableHeader>
            <TableRow>
              <TableHead>Share</TableHead>
              <TableHead className="text-right">Lots</TableHead>
              <TableHead className="text-right">Shares sold</TableHead>
              <TableHead className="text-right">Sale value</TableHead>
              <TableHead className="text-right">Gain</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {undated.shares.map((s) => (
              <TableRow key={s.isin ?? s.symbol}>
                <TableCell className="font-medium">{s.symbol}</TableCell>
                <TableCell className="text-right tabular-nums">{formatCount(s.lots)}</TableCell>
                <TableCell className="text-right tabular-nums">{formatCount(s.quantity)}</TableCell>
                <TableCell className="text-right">
                  <Money value={s.saleValue} />
                </TableCell>
                <TableCell className="text-right">
                  <Money value={s.gain} signed />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </ScrollRegion>
      {forms.length > 0 ? (
        <div className="grid gap-3 lg:grid-cols-2">
          {forms.map((lot) => (
            <LotDatesForm key={lot.id} lot={lot} onSave={onSave} />
          ))}
        </div>
      ) : null}
    </section>
  );
}

/** The note under a capital-gains head when some of the year's sales wait for a buy date. */
export function undatedNote(year: TaxYear): string | null {
  const { undated } = year;
  if (undated.rows.length === 0) return null;
  return `Not counted here: ${count(undated.rows.length, 'sale')} for ${formatINR(undated.saleValue)} from lots with no buy date.`;
}
