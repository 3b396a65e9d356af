import { formatCount, formatQuantity } from '@bahi/trading';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { Card, CardContent } from '../../components/card';
import { Field } from '../../components/field';
import { Input } from '../../components/input';
import { Money } from '../../components/money';
import { Stat } from '../../components/stat';
import { Segmented } from './choice-group';

export interface PositionSizingValues {
  /** Equity sizes in shares; F&O in whole lots. */
  market: 'equity' | 'fno';
  side: 'long' | 'short';
  capital: string;
  riskPercent: string;
  /** Price, or the option premium. */
  entry: string;
  stop: string;
  target: string;
  /** F&O: the underlying, picked from the lot-size table or typed. */
  underlying: string;
  /** F&O: YYYY-MM-DD; the lot size depends on it. */
  expiry: string;
  /** F&O: units per lot (filled from the table, editable for other underlyings). */
  lotSize: string;
}

export interface PositionSizingResult {
  /** Units: shares, or lots × lot size. */
  quantity: number;
  lots?: number;
  lotSize?: number;
  /** Capital × risk %. */
  riskBudget: number;
  /** What the position actually risks after rounding down (to whole shares or lots). */
  risk: number;
  riskPerUnit: number;
  positionValue: number;
  rewardToRisk?: number;
  reward?: number;
  warnings: string[];
}

export interface PositionSizingScreenProps {
  /** The calculator's inputs, as typed (controlled). */
  values: PositionSizingValues;
  /** The size and risk, once the inputs allow one. */
  result?: PositionSizingResult;
  /** A message per input that cannot be used (a stop on the wrong side …). */
  fieldErrors?: Partial<Record<keyof PositionSizingValues, string>>;
  /** Underlyings the lot-size table knows, offered as suggestions. */
  underlyings?: readonly string[];
  /** Where the lot size came from, shown under it. */
  lotSizeSource?: string;
  /** Where the capital came from when the page filled it in (the trader's funds). */
  capitalSource?: string;
  /**
   * Filling Capital from the trader's Funds: 'loading' while it loads, 'error' when it could not be loaded. The
   * calculator works meanwhile with whatever the trader types.
   */
  capitalStatus?: 'loading' | 'error';
  /** Loads the capital from Funds again after 'error'. */
  onRetryCapital?: () => void;
  /** Called with the inputs as the trader types. */
  onChange?: (values: PositionSizingValues) => void;
}

const units = (n: number) => formatCount(n);

/** /position-sizing: how much to buy so that the stop loses a fixed share of capital; F&O in whole lots. */
export function PositionSizingScreen({
  values,
  result,
  fieldErrors = {},
  underlyings = [],
  lotSizeSource,
  capitalSource,
  capitalStatus,
  onRetryCapital,
  onChange,
}: PositionSizingScreenProps) {
  const fo = values.market === 'fno';
  const set = <K extends keyof PositionSizingValues>(key: K, value: PositionSizingValues[K]) =>
    onChange?.({ ...values, [key]: value });
  const field = (key: keyof PositionSizingValues, label: string, help?: string, type = 'text') => (
    <Field label={label} help={help} error={fieldErrors[key]}>
      <Input
        type={type}
        inputMode={type === 'text' ? 'decimal' : undefined}
        value={values[key]}
        onChange={(e) => set(key, e.target.value)}
        onBlur={key === 'capital' ? () => groupCapital(values.capital) : undefined}
      />
    </Field>
  );
  // Capital reads as Indian amounts do once typed: 706631 becomes 7,06,631.
  const groupCapital = (text: string) => {
    const plain = text.replace(/,/g, '').trim();
    if (!/^\d+(\.\d+)?$/.test(plain)) return;
    const grouped = formatQuantity(Number(plain));
    if (grouped !== text) set('capital', grouped);
  };
  const lotsHint =
    result?.lots !== undefined && result.lotSize
      ? `${units(result.lots)} ${result.lots === 1 ? 'lot' : 'lots'} × ${units(result.lotSize)}`
      : undefined;

  return (
    <div className="grid gap-6">
      <header className="grid gap-1">
        <h1 className="font-bold text-2xl">Position sizing</h1>
        <p className="text-muted-foreground">
          Risk the same share of capital on every trade: the stop decides the size, not the other way round.
        </p>
      </header>
      {capitalStatus === 'error' ? (
        <Alert variant="warning" title="Your capital from Funds could not be loaded">
          <div className="grid justify-items-start gap-2">
            Type your capital to size the position.
            {onRetryCapital ? (
              <Button variant="outline" size="sm" onClick={onRetryCapital}>
                Try again
              </Button>
            ) : null}
          </div>
        </Alert>
      ) : null}
      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardContent className="grid gap-4 sm:grid-cols-2">
            <Segmented
              legend="Market"
              name="market"
              value={values.market}
              options={[
                ['equity', 'Equity (shares)'],
                ['fno', 'F&O (lots)'],
              ]}
              onChange={(v) => set('market', v)}
            />
            <Segmented
              legend="Side"
              name="side"
              value={values.side}
              options={[
                ['long', 'Long'],
                ['short', 'Short'],
              ]}
              onChange={(v) => set('side', v)}
            />
            {field(
              'capital',
              'Capital (₹)',
              capitalStatus === 'loading' ? 'Loading your current capital from Funds…' : capitalSource,
            )}
            {field('riskPercent', 'Risk per trade (%)', 'Most traders keep this between 0.5% and 2%.')}
            {fo ? (
              <>
                <Field label="Underlying" error={fieldErrors.underlying}>
                  <Input
                    list="sizing-underlyings"
                    autoCapitalize="characters"
                    value={values.underlying}
                    onChange={(e) => set('underlying', e.target.value.toUpperCase())}
                  />
                </Field>
                <datalist id="sizing-underlyings">
                  {underlyings.map((u) => (
                    <option key={u} value={u} />
                  ))}
                </datalist>
                {field('expiry', 'Expiry', undefined, 'date')}
                {field('lotSize', 'Lot size', lotSizeSource ?? 'Units per lot.')}
              </>
            ) : null}
            {field('entry', fo ? 'Entry (₹, price or premium)' : 'Entry price (₹)')}
            {field('stop', 'Stop loss (₹)', fo ? 'For options, the premium at which you cut.' : undefined)}
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
                <Stat
                  label="Quantity"
                  value={units(result.quantity)}
                  hint={lotsHint ? `${lotsHint} units` : 'shares, rounded down'}
                />
                <Stat
                  label="Rupees at risk"
                  value={<Money value={result.risk} />}
                  hint={
                    <>
                      Budget <Money value={result.riskBudget} />, <Money value={result.riskPerUnit} /> a unit
                    </>
                  }
                />
                <Stat
                  label={fo ? 'Position value (notional or premium)' : 'Position value'}
                  value={<Money value={result.positionValue} />}
                />
                <Stat
                  label="Reward to risk"
                  value={result.rewardToRisk === undefined ? '—' : `${result.rewardToRisk.toFixed(2)} R`}
                  hint={result.reward === undefined ? 'add a target' : <Money value={result.reward} />}
                />
              </div>
              {result.warnings.map((w) => (
                <Alert key={w} variant="warning" title={w} />
              ))}
            </>
          ) : (
            <p className="text-muted-foreground text-sm">
              Enter capital, risk, entry and stop{fo ? ' and the lot size' : ''} to see the quantity.
            </p>
          )}
        </section>
      </div>
    </div>
  );
}
