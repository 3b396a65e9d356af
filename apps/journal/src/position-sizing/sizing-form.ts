// The position sizing calculator's form: typed strings in, @bahi/trading's sizePosition out, and each input error
// placed on the field it is about.

import { lotSize, NSE_INDEX_LOT_SIZES, SizingInputError, sizePosition } from '@bahi/trading';
import type { PositionSizingResult, PositionSizingValues } from '@bahi/ui';

export type SizingErrors = Partial<Record<keyof PositionSizingValues, string>>;

/** The underlyings the dated lot-size table knows, offered as suggestions. */
export const SIZING_UNDERLYINGS = [...new Set(NSE_INDEX_LOT_SIZES.map((e) => e.underlying))];

export function newSizingValues(today: string): PositionSizingValues {
  return {
    market: 'equity',
    side: 'long',
    capital: '',
    riskPercent: '1',
    entry: '',
    stop: '',
    target: '',
    underlying: 'NIFTY',
    expiry: today,
    lotSize: String(lotSize('NIFTY', today) ?? ''),
  };
}

const isDay = (s: string) => /^\d{4}-\d{2}-\d{2}$/.test(s) && !Number.isNaN(new Date(`${s}T00:00:00Z`).getTime());

/** The lot size the table gives for the form's underlying and expiry; undefined when it does not know them. */
export function sizingTableLotSize(values: PositionSizingValues): number | undefined {
  if (!values.underlying.trim() || !isDay(values.expiry)) return undefined;
  return lotSize(values.underlying, values.expiry);
}

/** A new underlying or expiry fills the lot size from the dated table, when the table knows it. */
export function applySizingChange(previous: PositionSizingValues, next: PositionSizingValues): PositionSizingValues {
  if (next.underlying === previous.underlying && next.expiry === previous.expiry && next.market === previous.market) {
    return next;
  }
  const size = sizingTableLotSize(next);
  return size === undefined ? next : { ...next, lotSize: String(size) };
}

const parse = (raw: string): number | undefined => {
  const s = raw.replace(/[,\s₹%]/g, '');
  if (s === '') return undefined;
  return /^\d*\.?\d+$/.test(s) ? Number(s) : Number.NaN;
};

// sizePosition's messages name what they are about; each goes under that field.
const FIELD_OF: ReadonlyArray<readonly [RegExp, keyof PositionSizingValues]> = [
  [/^Capital/, 'capital'],
  [/^Risk %/, 'riskPercent'],
  [/^Entry/, 'entry'],
  [/^(A )?[Ss]top/, 'stop'],
  [/^(A )?[Tt]arget/, 'target'],
  [/^Lot size/, 'lotSize'],
];

/** The size for the form, or the errors to show; neither while the required inputs are still blank. */
export function computeSizing(values: PositionSizingValues): { result?: PositionSizingResult; errors: SizingErrors } {
  const errors: SizingErrors = {};
  const fo = values.market === 'fno';
  const read = (key: keyof PositionSizingValues) => {
    const n = parse(values[key]);
    if (Number.isNaN(n)) errors[key] = 'Enter a number.';
    return n;
  };
  const capital = read('capital');
  const riskPercent = read('riskPercent');
  const entry = read('entry');
  const stop = read('stop');
  const target = read('target');
  const size = fo ? read('lotSize') : undefined;
  if (Object.keys(errors).length) return { errors };
  if (capital === undefined || riskPercent === undefined || entry === undefined || stop === undefined) {
    return { errors };
  }
  if (fo && size === undefined)
    return { errors: { lotSize: 'Enter the lot size: the table does not know this underlying.' } };

  try {
    const s = sizePosition({ capital, riskPercent, entry, stop, target, lotSize: size, side: values.side });
    return {
      errors,
      result: {
        quantity: s.quantity,
        lots: s.lots,
        lotSize: size,
        riskBudget: s.riskBudget,
        risk: s.risk,
        riskPerUnit: s.riskPerUnit,
        positionValue: s.positionValue,
        rewardToRisk: s.rewardToRisk,
        reward: s.reward,
        warnings: s.warnings.map((w) => w.message),
      },
    };
  } catch (error) {
    if (!(error instanceof SizingInputError)) throw error;
    const field = FIELD_OF.find(([pattern]) => pattern.test(error.message))?.[1] ?? 'entry';
    return { errors: { [field]: error.message } };
  }
}
