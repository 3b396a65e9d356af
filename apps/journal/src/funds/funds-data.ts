// Capital for the Funds page: money moved in and out (table `funds`) plus the realised trading P&L after charges,
// by IST day, and the return on that capital.
import type { CapitalPoint, FundFormValues, FundKind, FundMovement, FundsSummary, ReturnOnCapital } from '@bahi/ui';
import type { JournalTrade } from '../data/journal-data';

export type { CapitalPoint, FundFormValues, FundKind, FundMovement, FundsSummary };

/** What a movement does to capital: a deposit adds, a withdrawal takes away, an adjustment carries its own sign. */
export const capitalEffect = (m: Pick<FundMovement, 'kind' | 'amount'>): number =>
  m.kind === 'withdrawal' ? -m.amount : m.amount;

/** A closed trade's realised net P&L on its IST exit day: capital changes when a position is closed, not opened. */
export interface RealisedPnl {
  date: string;
  netPnl: number;
}

export function realisedPnl(trades: readonly JournalTrade[]): RealisedPnl[] {
  const out: RealisedPnl[] = [];
  for (const t of trades) {
    if (t.status !== 'closed' || t.netPnl === null || !t.exitDate) continue;
    out.push({ date: t.exitDate, netPnl: t.netPnl });
  }
  return out;
}

/** Capital at the end of each IST day with a movement or a closed trade, in date order. */
export function capitalSeries(movements: readonly FundMovement[], pnl: readonly RealisedPnl[]): CapitalPoint[] {
  const days = new Map<string, { flow: number; pnl: number }>();
  const day = (date: string) => {
    let d = days.get(date);
    if (!d) {
      d = { flow: 0, pnl: 0 };
      days.set(date, d);
    }
    return d;
  };
  for (const m of movements) day(m.occurredOn).flow += capitalEffect(m);
  for (const p of pnl) day(p.date).pnl += p.netPnl;
  let netDeposits = 0;
  let tradingPnl = 0;
  return [...days.keys()].sort().map((date) => {
    const d = days.get(date)!;
    netDeposits += d.flow;
    tradingPnl += d.pnl;
    return {
      date,
      netDeposits: round2(netDeposits),
      tradingPnl: round2(tradingPnl),
      capital: round2(netDeposits + tradingPnl),
    };
  });
}

const round2 = (x: number) => Math.round(x * 100) / 100;
const dayNumber = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / 86_400_000;

/**
 * Return on capital over [from, to] by the Modified Dietz method (the standard for an account with deposits and
 * withdrawals): trading P&L ÷ (capital at the start + each movement weighted by the share of the period it was in
 * the account). Money moved in on day d counts from the start of d. Null when there was no capital to measure on.
 */
export function returnOnCapital(
  movements: readonly FundMovement[],
  pnl: readonly RealisedPnl[],
  from: string,
  to: string,
  label = `${from} – ${to}`,
): ReturnOnCapital {
  const start = dayNumber(from);
  const length = dayNumber(to) - start + 1;
  let opening = 0;
  let weighted = 0;
  let gain = 0;
  let trades = 0;
  for (const m of movements) {
    if (m.occurredOn < from) opening += capitalEffect(m);
    else if (m.occurredOn <= to)
      weighted += (capitalEffect(m) * (dayNumber(to) - dayNumber(m.occurredOn) + 1)) / length;
  }
  for (const p of pnl) {
    if (p.date < from) opening += p.netPnl;
    else if (p.date <= to) {
      gain += p.netPnl;
      trades++;
    }
  }
  const averageCapital = opening + weighted;
  return {
    label,
    value: length > 0 && averageCapital > 0 ? gain / averageCapital : null,
    netPnl: round2(gain),
    averageCapital: round2(averageCapital),
    trades,
    from,
    to,
  };
}

/** Totals, the capital curve and the return since the first movement or trade, up to `today` (IST). */
export function fundsSummary(
  movements: readonly FundMovement[],
  trades: readonly JournalTrade[],
  today: string,
): { summary: FundsSummary; capital: CapitalPoint[] } {
  const pnl = realisedPnl(trades);
  const capital = capitalSeries(movements, pnl);
  const total = (kind: FundKind) => {
    const of = movements.filter((m) => m.kind === kind);
    return { total: round2(of.reduce((s, m) => s + m.amount, 0)), count: of.length };
  };
  const deposits = total('deposit');
  const withdrawals = total('withdrawal');
  const adjustments = total('adjustment');
  const tradingPnl = round2(pnl.reduce((s, p) => s + p.netPnl, 0));
  const netCapitalIn = round2(deposits.total - withdrawals.total + adjustments.total);
  const first = capital[0]?.date ?? today;
  const last = capital.at(-1)?.date ?? today;
  return {
    capital,
    summary: {
      deposits,
      withdrawals,
      adjustments,
      netCapitalIn,
      tradingPnl: { value: tradingPnl, trades: pnl.length },
      currentCapital: round2(netCapitalIn + tradingPnl),
      returns: returnPeriods(movements, pnl, first, last > today ? last : today),
    },
  };
}

/** The Indian financial year (April to March) that holds `date`, e.g. FY 2026–27 from 2026-04-01. */
export function financialYear(date: string): { label: string; from: string } {
  const year = Number(date.slice(0, 4));
  const start = date.slice(5) >= '04-01' ? year : year - 1;
  return { label: `FY ${start}–${String(start + 1).slice(2)}`, from: `${start}-04-01` };
}

/** Since the first movement or trade; and the current financial year when the journal began before it. */
function returnPeriods(
  movements: readonly FundMovement[],
  pnl: readonly RealisedPnl[],
  first: string,
  to: string,
): ReturnOnCapital[] {
  const periods = [returnOnCapital(movements, pnl, first, to, 'Since you started')];
  const fy = financialYear(to);
  if (fy.from > first) periods.push(returnOnCapital(movements, pnl, fy.from, to, fy.label));
  return periods;
}

export type FundFormErrors = Partial<Record<keyof FundFormValues, string>>;

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const AMOUNT = /^-?\d+(\.\d{1,2})?$/;
const MAX_AMOUNT = 1e13; // numeric(16, 2)
export const FUND_NOTE_MAX = 500;

/** Checks the form; returns the movement to save, or the errors to show beside each field. */
export function validateFundForm(
  values: FundFormValues,
  today: string,
): { ok: true; movement: Omit<FundMovement, 'id'> } | { ok: false; errors: FundFormErrors } {
  const errors: FundFormErrors = {};
  // Indian grouping commas, spaces and a typed ₹ are how people write amounts; only the digits matter.
  const raw = values.amount.replace(/[₹,\s]/g, '').replace(/^\+/, '');
  let amount = Number.NaN;
  if (raw === '') errors.amount = 'Enter the amount.';
  else if (!AMOUNT.test(raw)) errors.amount = 'Enter an amount in rupees, with at most two decimals (paise).';
  else {
    amount = Number(raw);
    if (Math.abs(amount) >= MAX_AMOUNT) errors.amount = 'That amount is too large.';
    else if (values.kind === 'adjustment' && amount === 0) errors.amount = 'An adjustment cannot be zero.';
    else if (values.kind !== 'adjustment' && amount <= 0)
      errors.amount = `A ${values.kind} is a positive amount; use an adjustment for a correction.`;
  }
  if (!DATE.test(values.occurredOn) || Number.isNaN(Date.parse(`${values.occurredOn}T00:00:00Z`)))
    errors.occurredOn = 'Enter the date it happened.';
  else if (values.occurredOn > today) errors.occurredOn = 'The date cannot be in the future.';
  const note = values.note.trim();
  if (note.length > FUND_NOTE_MAX) errors.note = `Keep the note under ${FUND_NOTE_MAX} characters.`;
  if (Object.keys(errors).length) return { ok: false, errors };
  return { ok: true, movement: { kind: values.kind, amount, occurredOn: values.occurredOn, note: note || null } };
}

export function fundFormValues(m?: FundMovement, today = ''): FundFormValues {
  return m
    ? { kind: m.kind, amount: String(m.amount), occurredOn: m.occurredOn, note: m.note ?? '' }
    : { kind: 'deposit', amount: '', occurredOn: today, note: '' };
}
