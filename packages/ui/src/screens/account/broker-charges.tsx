import * as React from 'react';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '../../components/card';
import { Checkbox } from '../../components/checkbox';
import { Field } from '../../components/field';
import { Input } from '../../components/input';
import { Label } from '../../components/label';
import { LazySelect } from '../../components/lazy-select';
import { Skeleton } from '../../components/skeleton';
import { formatDate } from '../../lib/dates';

export const BROKER_OPTIONS = [
  ['zerodha', 'Zerodha'],
  ['upstox', 'Upstox'],
  ['angelone', 'Angel One'],
  ['groww', 'Groww'],
  ['dhan', 'Dhan'],
  ['fyers', 'Fyers'],
  ['icici', 'ICICI Direct'],
  ['other', 'Other'],
] as const;

export type BrokerId = (typeof BROKER_OPTIONS)[number][0];

/** The default broker profile as typed: percentages of turnover per executed order, caps and fees in rupees. */
export interface BrokerChargesValues {
  broker: BrokerId;
  intradayPct: string;
  intradayCap: string;
  deliveryPct: string;
  deliveryCap: string;
  futuresPct: string;
  futuresCap: string;
  optionsPerOrder: string;
  /** Per share (scrip) sold from demat, per day, as the broker's charges page states it. */
  dpPerSell: string;
  /** Whether `dpPerSell` already includes GST (Zerodha's ₹15.34 does; most brokers state it before GST). */
  dpIncludesGst: boolean;
  /** State code for stamp duty before 1 Jul 2020, when each state charged its own rates; '' for the default. */
  residenceState: string;
}

type TextField = Exclude<keyof BrokerChargesValues, 'broker' | 'dpIncludesGst' | 'residenceState'>;

export interface BrokerChargesCardProps {
  /** The form's values (controlled). */
  values: BrokerChargesValues;
  /** 'loading' while the profile loads, 'saving' while it is saved. */
  status?: 'loading' | 'idle' | 'saving';
  /** A message per field the trader got wrong. */
  fieldErrors?: Partial<Record<keyof BrokerChargesValues, string>>;
  /** A failed save, shown above the form. */
  serviceError?: string;
  /** The confirmation after a save. */
  saved?: string;
  /** Called with the values as the trader edits them. */
  onChange?: (values: BrokerChargesValues) => void;
  /** Saves the values. */
  onSubmit?: (values: BrokerChargesValues) => void;
  /** Puts the discount-broker schedule back in the fields. */
  onUseDiscountSchedule?: () => void;
  /** States for the residence select, in the order to list them. */
  states: { code: string; name: string }[];
  /** The state whose rates apply when none is chosen. */
  defaultStateName: string;
  /** The first sale date (YYYY-MM-DD) the saved DP charge applies to; earlier sales use Zerodha's of their day. */
  dpChargeFrom?: string;
}

/** /profile card: the brokerage used for every estimated charge (trade form, imports without charges). */
export function BrokerChargesCard({
  values,
  status = 'idle',
  fieldErrors = {},
  serviceError,
  saved,
  onChange,
  onSubmit,
  onUseDiscountSchedule,
  states,
  defaultStateName,
  dpChargeFrom,
}: BrokerChargesCardProps) {
  const saving = status === 'saving';
  const gstId = React.useId();
  const field = (key: TextField, label: string, help?: string) => (
    <Field label={label} help={help} error={fieldErrors[key]}>
      <Input
        inputMode="decimal"
        value={values[key]}
        disabled={saving}
        onChange={(e) => onChange?.({ ...values, [key]: e.target.value })}
      />
    </Field>
  );
  return (
    <Card data-slot="broker-charges" id="broker-charges">
      <CardHeader>
        <CardTitle asChild>
          <h2>Broker charges</h2>
        </CardTitle>
        <CardDescription>
          Brokerage for estimated charges. Statutory charges (STT, exchange, SEBI, stamp, GST) come from the dated rate
          tables.
        </CardDescription>
      </CardHeader>
      {status === 'loading' ? (
        <CardContent className="grid gap-3" aria-busy="true">
          <p role="status" className="sr-only">
            Loading broker charges…
          </p>
          <Skeleton className="h-10" />
          <Skeleton className="h-32" />
        </CardContent>
      ) : (
        <form
          noValidate
          aria-label="Broker charges"
          className="grid gap-6"
          onSubmit={(e) => {
            e.preventDefault();
            onSubmit?.(values);
          }}
        >
          <CardContent className="grid gap-4 sm:grid-cols-2">
            {serviceError ? <Alert variant="error" title={serviceError} className="sm:col-span-2" /> : null}
            {saved ? <Alert variant="success" title={saved} className="sm:col-span-2" /> : null}
            <Field label="Broker" className="sm:col-span-2">
              {(control) => (
                <LazySelect
                  {...control}
                  value={values.broker}
                  disabled={saving}
                  onValueChange={(v) => onChange?.({ ...values, broker: v as BrokerId })}
                  options={BROKER_OPTIONS.map(([value, label]) => ({ value, label }))}
                />
              )}
            </Field>
            {field('intradayPct', 'Equity intraday brokerage (%)', 'Of turnover, per executed order.')}
            {field('intradayCap', 'Intraday cap per order (₹)', 'Blank for no cap.')}
            {field('deliveryPct', 'Equity delivery brokerage (%)', '0 for free delivery.')}
            {field('deliveryCap', 'Delivery cap per order (₹)', 'Blank for no cap.')}
            {field('futuresPct', 'Futures brokerage (%)')}
            {field('futuresCap', 'Futures cap per order (₹)', 'Blank for no cap.')}
            {field('optionsPerOrder', 'Options brokerage per order (₹)', 'Flat fee per executed order.')}
            <div className="grid content-start gap-2 sm:col-span-2">
              {field(
                'dpPerSell',
                'DP charge per stock and day of sale (₹)',
                `Charged once for each stock sold from your demat on a day, whatever the quantity. Enter it as your broker's charges page states it: Zerodha's ₹15.34 includes 18% GST (₹13 + ₹2.34); most brokers state it before GST. It applies to sales from ${
                  // A date-only value read as noon in India, so that no time zone moves it to another day.
                  dpChargeFrom ? formatDate(`${dpChargeFrom}T12:00:00+05:30`) : 'the day you save it'
                }; earlier sales are charged Zerodha's DP charge of their day.`,
              )}
              <Label htmlFor={gstId} className="font-normal">
                <Checkbox
                  id={gstId}
                  checked={values.dpIncludesGst}
                  disabled={saving}
                  onCheckedChange={(checked) => onChange?.({ ...values, dpIncludesGst: checked === true })}
                />
                This amount includes GST
              </Label>
            </div>
            <Field
              label="State of residence"
              className="sm:col-span-2"
              help={`Before 1 Jul 2020 stamp duty was charged at your state's rates. Left empty, ${defaultStateName}'s rates are used.`}
              error={fieldErrors.residenceState}
            >
              {(control) => (
                <LazySelect
                  {...control}
                  value={values.residenceState}
                  disabled={saving}
                  onValueChange={(v) => onChange?.({ ...values, residenceState: v })}
                  options={[
                    { value: '', label: 'Not chosen' },
                    ...states.map((s) => ({ value: s.code, label: s.name })),
                  ]}
                />
              )}
            </Field>
          </CardContent>
          <CardFooter className="flex-wrap gap-2">
            <Button type="submit" loading={saving}>
              {saving ? 'Saving…' : 'Save broker charges'}
            </Button>
            <Button type="button" variant="ghost" disabled={saving} onClick={onUseDiscountSchedule}>
              Use discount-broker rates
            </Button>
          </CardFooter>
        </form>
      )}
    </Card>
  );
}
