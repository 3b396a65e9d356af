// The two small forms about holdings, as plain functions: a typed opening position and a corporate action. Each turns
// what was typed into the values @bahi/trading takes, or says what is wrong beside each field.
import type { CorporateAction, ImportBroker, TypedOpening } from '@bahi/trading';
import { isIsoDate } from '@bahi/trading';
import type { CorporateActionValues, OpeningPositionValues } from '@bahi/ui';
import type { JournalTrade } from '../data/journal-data';

type Errors<T> = Partial<Record<keyof T, string>>;

const SYMBOL = /^[A-Z0-9&_.-]{1,40}$/;
const ISIN = /^[A-Z]{2}[A-Z0-9]{9}[0-9]$/;
const BROKERS: readonly ImportBroker[] = ['zerodha', 'upstox', 'angelone', 'groww', 'dhan', 'fyers', 'icici', 'other'];

/** A number as traders type it: Indian grouping commas, spaces and ₹ are ignored. */
const amount = (raw: string) => raw.replace(/[₹,\s]/g, '');

function symbolError(raw: string, example = 'TCS'): string | undefined {
  const symbol = raw.trim().toUpperCase();
  if (symbol === '') return `Enter the symbol, such as ${example}.`;
  return SYMBOL.test(symbol) ? undefined : `Enter the symbol as the exchange writes it, such as ${example} or M&M.`;
}

/** The typed opening position, or the errors per field. `id` names it (a new uuid per save). */
export function openingPosition(
  values: OpeningPositionValues,
  today: string,
  id: string,
): { ok: true; opening: TypedOpening } | { ok: false; errors: Errors<OpeningPositionValues> } {
  const errors: Errors<OpeningPositionValues> = {};
  if (!BROKERS.includes(values.broker as ImportBroker)) errors.broker = 'Choose the broker that held the shares.';
  const symbol = symbolError(values.symbol);
  if (symbol) errors.symbol = symbol;
  const quantity = amount(values.quantity);
  // ETF and fund units have decimals (LIQUIDBEES 24.609); kept to 6 places.
  if (quantity === '') errors.quantity = 'Enter how many shares you held.';
  else if (!/^\d+(\.\d{1,6})?$/.test(quantity) || Number(quantity) === 0) {
    errors.quantity = 'Enter the shares or units held, above 0, like 25 or 24.609.';
  }
  const price = amount(values.price);
  if (price === '') errors.price = 'Enter the average cost per share.';
  else if (!/^\d+(\.\d{1,4})?$/.test(price)) errors.price = 'Enter the cost in rupees, like 3,900.50.';
  if (!isIsoDate(values.heldOn)) errors.heldOn = 'Enter the date you held them on.';
  else if (values.heldOn > today) errors.heldOn = 'The date cannot be in the future.';
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    opening: {
      id,
      broker: values.broker as ImportBroker,
      symbol: values.symbol.trim().toUpperCase(),
      quantity: Number(quantity),
      price: Number(price),
      date: values.heldOn,
    },
  };
}

/**
 * The form's first values: the earliest sale with no cost basis, as a position held the day before it (its symbol,
 * quantity and broker); otherwise empty, held today, with the default broker.
 */
export function openingPositionStart(
  missing: readonly Pick<JournalTrade, 'exitTime' | 'exitDate' | 'importSource' | 'symbol' | 'quantity'>[],
  defaultBroker: string,
  today: string,
): OpeningPositionValues {
  const first = [...missing].sort((a, b) => (a.exitTime ?? '').localeCompare(b.exitTime ?? ''))[0];
  if (!first?.exitDate) return { broker: defaultBroker, symbol: '', quantity: '', price: '', heldOn: today };
  const before = new Date(`${first.exitDate}T00:00:00Z`);
  before.setUTCDate(before.getUTCDate() - 1);
  return {
    broker: first.importSource === 'manual' ? defaultBroker : first.importSource,
    symbol: first.symbol,
    quantity: String(first.quantity),
    price: '',
    heldOn: before.toISOString().slice(0, 10),
  };
}

const NEW_SHARE_EXAMPLE: Partial<Record<CorporateActionValues['kind'], string>> = {
  demerger: 'ONESOURCE',
  merger: 'HDFCBANK',
  symbol_change: 'ETERNAL',
};

/** A corporate action to record, or the errors per field (the rules change_corporate_action enforces too). */
export function corporateActionOf(
  values: CorporateActionValues,
): { ok: true; action: CorporateAction } | { ok: false; errors: Errors<CorporateActionValues> } {
  const errors: Errors<CorporateActionValues> = {};
  const { kind } = values;
  const symbol = values.symbol.trim().toUpperCase();
  const symbolProblem = symbolError(values.symbol);
  if (symbolProblem) errors.symbol = symbolProblem;
  const ratio = (raw: string) => {
    const s = raw.trim();
    return /^\d+$/.test(s) && Number(s) >= 1 && Number(s) <= 1000 ? Number(s) : null;
  };
  // A symbol change is share for share: the form has no ratio for it.
  const from = kind === 'symbol_change' ? 1 : ratio(values.from);
  const to = kind === 'symbol_change' ? 1 : ratio(values.to);
  const ratioError = 'Enter a whole number from 1 to 1000.';
  if (from === null) errors.from = ratioError;
  if (to === null) errors.to = ratioError;
  if (kind === 'split' && from !== null && to !== null && from === to) {
    errors.to = 'A split changes the number of shares: the two numbers differ.';
  }
  if (!isIsoDate(values.exDate)) errors.exDate = 'Enter the ex-date.';

  const example = NEW_SHARE_EXAMPLE[kind];
  const newSymbol = values.newSymbol.trim().toUpperCase();
  const newIsin = values.newIsin.trim().toUpperCase();
  let costPercent: number | null = null;
  if (example !== undefined) {
    const problem = symbolError(values.newSymbol, example);
    if (problem) errors.newSymbol = problem.replace('Enter the symbol', "Enter the new share's symbol");
    else if (newSymbol === symbol) errors.newSymbol = `Enter the new share's symbol, not ${symbol}'s.`;
    if (newIsin !== '' && !ISIN.test(newIsin)) {
      errors.newIsin = 'Enter the ISIN as 12 letters and digits, like INE013P01021, or leave it empty.';
    }
    if (kind === 'demerger') {
      const pct = values.costPercent.trim().replace(/%$/, '').trim();
      if (/^\d+(\.\d{1,4})?$/.test(pct) && Number(pct) > 0 && Number(pct) < 100) costPercent = Number(pct);
      else {
        errors.costPercent =
          'Enter the percentage of the cost that goes to the new share, above 0 and below 100, like 10.65.';
      }
    }
  }
  if (Object.keys(errors).length > 0 || from === null || to === null) return { ok: false, errors };
  const action: CorporateAction = { symbol, kind, from, to, exDate: values.exDate };
  if (example !== undefined) {
    action.newSymbol = newSymbol;
    action.newIsin = newIsin === '' ? null : newIsin;
  }
  if (costPercent !== null) action.costPercent = costPercent;
  return { ok: true, action };
}
