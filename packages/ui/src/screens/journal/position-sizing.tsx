import { formatINR } from '@bahi/billing';
import { Alert } from '../../components/alert';
import { Card, CardContent } from '../../components/card';
import { Field } from '../../components/field';
import { Input } from '../../components/input';
import { Stat } from '../../components/stat';

// Position sizing

export interface PositionSizingResult {
  quantity: number;
  riskAmount: number;
  positionValue: number;
  rewardToRisk?: number;
  /** e.g. 'Position value ₹2,70,000 exceeds capital ₹2,50,000.' */
  warning?: string;
}

export interface PositionSizingValues {
  capital: string;
  riskPercent: string;
  entry: string;
  stop: string;
  target: string;
}

export function PositionSizingScreen({
  values,
  result,
  fieldErrors = {},
  onChange,
}: {
  values: PositionSizingValues;
  result?: PositionSizingResult;
  fieldErrors?: Partial<Record<keyof PositionSizingValues, string>>;
  onChange?: (values: PositionSizingValues) => void;
}) {
  const field = (key: keyof PositionSizingValues, label: string, help?: string) => (
    <Field label={label} help={help} error={fieldErrors[key]}>
      <Input
        inputMode="decimal"
        value={values[key]}
        onChange={(e) => onChange?.({ ...values, [key]: e.target.value })}
      />
    </Field>
  );
  return (
    <div className="grid gap-6">
      <header className="grid gap-1">
        <h1 className="font-bold text-2xl">Position sizing</h1>
        <p className="text-muted-foreground">Risk the same share of capital on every trade.</p>
      </header>
      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardContent className="grid gap-4">
            {field('capital', 'Capital (₹)')}
            {field('riskPercent', 'Risk per trade (%)', 'Most traders keep this between 0.5% and 2%.')}
            {field('entry', 'Entry price (₹)')}
            {field('stop', 'Stop loss (₹)')}
            {field('target', 'Target (₹)', 'Optional: for reward-to-risk.')}
          </CardContent>
        </Card>
        <section aria-labelledby="sizing-result" aria-live="polite" className="grid content-start gap-4">
          <h2 id="sizing-result" className="font-semibold text-lg">
            Result
          </h2>
          {result ? (
            <>
              <div className="grid gap-4 sm:grid-cols-2">
                <Stat label="Quantity" value={result.quantity.toLocaleString('en-IN')} hint="shares, rounded down" />
                <Stat label="Rupees at risk" value={formatINR(result.riskAmount, { paise: 'always' })} />
                <Stat label="Position value" value={formatINR(result.positionValue, { paise: 'always' })} />
                <Stat
                  label="Reward to risk"
                  value={result.rewardToRisk === undefined ? '—' : `${result.rewardToRisk.toFixed(2)} R`}
                />
              </div>
              {result.warning ? <Alert variant="warning" title={result.warning} /> : null}
            </>
          ) : (
            <p className="text-muted-foreground text-sm">Enter capital, risk, entry and stop to see the quantity.</p>
          )}
        </section>
      </div>
    </div>
  );
}
