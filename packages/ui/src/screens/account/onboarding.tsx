import { Check } from 'lucide-react';
import * as React from 'react';
import { Alert } from '../../components/alert';
import { CenteredPage } from '../../components/brand';
import { Button } from '../../components/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '../../components/card';
import { Checkbox } from '../../components/checkbox';
import { Field } from '../../components/field';
import { Input } from '../../components/input';
import { Label } from '../../components/label';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectSeparator,
  SelectTrigger,
  SelectValue,
} from '../../components/select';
import { cn } from '../../lib/utils';

export const onboardingSteps = ['Your name', 'How you trade', 'Broker and capital', 'All set'] as const;

export const segments = [
  { id: 'equity-intraday', label: 'Equity intraday' },
  { id: 'equity-delivery', label: 'Equity delivery (swing, positional)' },
  { id: 'futures', label: 'Futures' },
  { id: 'options', label: 'Options' },
] as const;

export const brokers = ['Zerodha', 'Upstox', 'Angel One', 'Groww', 'Dhan', 'Other'] as const;

/** The broker choice that answers the question without naming one: it records no broker. */
export const brokerLater = { value: 'later', label: "I'll choose later" } as const;

export interface OnboardingValues {
  fullName: string;
  segments: string[];
  /** One of `brokers`, `brokerLater.value`, or '' while unanswered. */
  broker: string;
  /** Trading capital in ₹ as typed. */
  capital: string;
}

export type OnboardingErrors = Partial<Record<keyof OnboardingValues, string>>;

export interface OnboardingScreenProps {
  /** 0-based index into onboardingSteps. */
  step: number;
  /** Every step's answers (controlled). */
  values: OnboardingValues;
  /** 'saving' while the last step is saved. */
  status?: 'idle' | 'saving';
  /** A message per field of this step the trader got wrong. */
  fieldErrors?: OnboardingErrors;
  /** A failed save, shown above the step. */
  serviceError?: string;
  /** Called with the values as the trader answers. */
  onChange?: (values: OnboardingValues) => void;
  /** Back to the previous step. */
  onBack?: () => void;
  /** Continue was pressed (or Enter in a field); the caller checks the step and sets `fieldErrors` or moves on. */
  onNext?: () => void;
  /** The last step was completed: save and go to the dashboard. */
  onFinish?: () => void;
}

function Steps({ step }: { step: number }) {
  return (
    // Top-aligned: a label that wraps to two lines must not pull its step's circle out of line.
    <ol aria-label="Setup progress" className="flex items-start gap-2">
      {onboardingSteps.map((label, i) => (
        <li
          key={label}
          aria-current={i === step ? 'step' : undefined}
          className="flex flex-1 flex-col items-center gap-1 text-center text-xs"
        >
          <span
            className={cn(
              'flex size-7 items-center justify-center rounded-full border font-semibold',
              i < step && 'border-primary bg-primary text-primary-foreground',
              i === step && 'border-primary text-primary',
              i > step && 'text-muted-foreground',
            )}
          >
            {i < step ? <Check className="size-4" aria-hidden="true" /> : i + 1}
          </span>
          <span className={cn(i === step ? 'font-medium text-foreground' : 'text-muted-foreground')}>
            {label}
            {i < step ? <span className="sr-only"> (done)</span> : null}
          </span>
        </li>
      ))}
    </ol>
  );
}

/** The /onboarding wizard: one question at a time, values held by the caller (the onboarding machine). */
export function OnboardingScreen({
  step,
  values,
  status = 'idle',
  fieldErrors = {},
  serviceError,
  onChange,
  onBack,
  onNext,
  onFinish,
}: OnboardingScreenProps) {
  const saving = status === 'saving';
  const set = (patch: Partial<OnboardingValues>) => onChange?.({ ...values, ...patch });
  const last = step === onboardingSteps.length - 1;
  const form = React.useRef<HTMLFormElement>(null);
  // Each submit bumps this; once the caller's errors for it have rendered, focus moves to the first invalid field so
  // keyboard and screen-reader users land on what to fix. Keyed to submits, not to errors, so typing never moves it.
  const [submits, setSubmits] = React.useState(0);
  React.useEffect(() => {
    if (submits) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [submits]);

  let body: React.ReactNode;
  if (step === 0) {
    body = (
      <Field label="What should we call you?" error={fieldErrors.fullName} help="Shown on your profile and reports.">
        <Input
          autoComplete="name"
          value={values.fullName}
          onChange={(e) => set({ fullName: e.target.value })}
          placeholder="Priya Sharma"
        />
      </Field>
    );
  } else if (step === 1) {
    body = (
      <fieldset className="grid gap-3" aria-describedby={fieldErrors.segments ? 'segments-error' : undefined}>
        <legend className="mb-2 font-medium text-sm">What do you trade? Pick all that apply.</legend>
        {segments.map((s) => (
          <Label key={s.id} className="font-normal">
            <Checkbox
              checked={values.segments.includes(s.id)}
              onCheckedChange={(checked) =>
                set({
                  segments: checked ? [...values.segments, s.id] : values.segments.filter((x) => x !== s.id),
                })
              }
            />
            {s.label}
          </Label>
        ))}
        {fieldErrors.segments ? (
          <p id="segments-error" className="font-medium text-destructive text-sm">
            {fieldErrors.segments}
          </p>
        ) : null}
      </fieldset>
    );
  } else if (step === 2) {
    body = (
      <div className="grid gap-4">
        <Field
          label="Broker"
          error={fieldErrors.broker}
          help={`We preset brokerage and the import format for it. Not sure yet? Pick “${brokerLater.label}”.`}
        >
          {(control) => (
            <Select value={values.broker} onValueChange={(broker) => set({ broker })}>
              <SelectTrigger {...control}>
                <SelectValue placeholder="Choose your broker" />
              </SelectTrigger>
              <SelectContent>
                {brokers.map((b) => (
                  <SelectItem key={b} value={b}>
                    {b}
                  </SelectItem>
                ))}
                <SelectSeparator />
                <SelectItem value={brokerLater.value}>{brokerLater.label}</SelectItem>
              </SelectContent>
            </Select>
          )}
        </Field>
        <Field
          label="Trading capital (₹)"
          error={fieldErrors.capital}
          help="Optional. Used for position sizing and returns. You can change it later under Funds."
        >
          <Input
            inputMode="decimal"
            autoComplete="off"
            value={values.capital}
            onChange={(e) => set({ capital: e.target.value })}
            placeholder="2,50,000"
          />
        </Field>
      </div>
    );
  } else {
    body = (
      <div className="grid gap-2 text-sm">
        <p>Welcome aboard{values.fullName ? `, ${values.fullName.split(' ')[0]}` : ''}. Your journal is ready.</p>
        <p className="text-muted-foreground">
          Start by importing your broker's tradebook or logging today's trades by hand. The calendar and analytics fill
          in as you go.
        </p>
      </div>
    );
  }

  return (
    <CenteredPage className="max-w-lg">
      <Card>
        <CardHeader className="gap-4">
          <Steps step={step} />
          <CardTitle asChild>
            <h1 className="text-xl">{onboardingSteps[step]}</h1>
          </CardTitle>
          <CardDescription>
            Step {step + 1} of {onboardingSteps.length}
          </CardDescription>
        </CardHeader>
        {/* A form so that Enter in a field continues; the caller checks the values, so the browser's checks are off. */}
        <form
          ref={form}
          noValidate
          aria-busy={saving || undefined}
          className="flex flex-col gap-6"
          onSubmit={(event) => {
            event.preventDefault();
            if (saving) return;
            setSubmits((n) => n + 1);
            (last ? onFinish : onNext)?.();
          }}
        >
          <CardContent className="grid gap-4">
            {serviceError ? <Alert variant="error" title={serviceError} /> : null}
            {body}
          </CardContent>
          <CardFooter className="justify-between">
            <Button type="button" variant="ghost" onClick={onBack} disabled={step === 0 || saving}>
              Back
            </Button>
            <Button type="submit" loading={saving}>
              {saving ? 'Saving…' : last ? 'Go to dashboard' : 'Continue'}
            </Button>
          </CardFooter>
        </form>
      </Card>
    </CenteredPage>
  );
}
