// Why an estimated charge is less certain than the dated tables make it: each reason names what was assumed, so that
// the screens can say it ("stamp duty at Maharashtra's rate (your state is not set)") and, where it is the trader's to
// give (their state, their broker's charges), point to where they give it.
import { shortDate } from '../insights/period';
import type { PerCrore } from './paise';
import { DEFAULT_STATE, INDIAN_STATES, type IndianStateCode } from './schedules/states';
import type { Exchange, Segment } from './schedules/types';

/** A statutory or exchange line of a contract note that a dated row may lack a source for. */
export type RateLine = 'stt' | 'transaction' | 'ipft' | 'sebi' | 'gst';

export type EstimateReason =
  /** Dated before the first rates in the tables: charged at those of `from`, where the tables start. */
  | { kind: 'before-tables'; from: string }
  /** Before 1 Jul 2020 stamp duty was the trader's state's, and the trader has not set one: DEFAULT_STATE's used. */
  | { kind: 'stamp-state-unset' }
  /** No published stamp duty schedule was found for the trader's state: DEFAULT_STATE's used. */
  | { kind: 'stamp-state-unpublished'; state: IndianStateCode }
  /** The trader's state charged stamp duty on commodities by quantity, which is not worked out: nil. */
  | { kind: 'stamp-commodity-by-quantity'; state: IndianStateCode }
  /** A rate no source was found for on the date: `value` used until `until`, when the next sourced row starts. */
  | { kind: 'unsourced-rate'; line: RateLine; exchange?: Exchange; segment?: Segment; value: PerCrore; until?: string }
  /** The trader has no broker profile: the default one's DP charge (Zerodha's, by date) was used. */
  | { kind: 'dp-no-profile' }
  /** A sale before the trader's own DP charge applies (`from`), at another broker's: Zerodha's by date was used. */
  | { kind: 'dp-before-own'; from: string };

/** One key per distinct reason, for counting and merging. */
export function estimateReasonKey(reason: EstimateReason): string {
  switch (reason.kind) {
    case 'before-tables':
      return `${reason.kind}|${reason.from}`;
    case 'stamp-state-unpublished':
    case 'stamp-commodity-by-quantity':
      return `${reason.kind}|${reason.state}`;
    case 'unsourced-rate':
      return `${reason.kind}|${reason.line}|${reason.exchange ?? ''}|${reason.segment ?? ''}|${reason.until ?? ''}`;
    case 'dp-before-own':
      return `${reason.kind}|${reason.from}`;
    default:
      return reason.kind;
  }
}

/** No reasons: one shared empty list. */
export const NO_REASONS: readonly EstimateReason[] = [];

/** The reasons of both lists, each once, in first-seen order (the same array when one list is empty). */
export function mergeReasons(a: readonly EstimateReason[], b: readonly EstimateReason[]): readonly EstimateReason[] {
  if (b.length === 0) return a;
  if (a.length === 0) return b;
  const seen = new Set(a.map(estimateReasonKey));
  const out = [...a];
  for (const reason of b) {
    const key = estimateReasonKey(reason);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(reason);
  }
  return out;
}

const stateName = (code: IndianStateCode) => INDIAN_STATES.find((s) => s.code === code)!.name;

const LINE_NAMES: Record<RateLine, string> = {
  stt: 'STT',
  transaction: 'transaction charge',
  ipft: 'IPFT levy',
  sebi: 'SEBI fee',
  gst: 'GST',
};

const SEGMENT_NAMES: Record<Segment, string> = {
  'equity-delivery': 'delivery',
  'equity-intraday': 'intraday',
  futures: 'futures',
  options: 'options',
};

const value = (reason: Extract<EstimateReason, { kind: 'unsourced-rate' }>) =>
  reason.value === 0 ? 'nil' : reason.line === 'gst' ? `${reason.value}%` : `₹${reason.value} per crore`;

/**
 * What was assumed, as a phrase that completes "these charges have …" or follows "estimated:", e.g. "stamp duty at
 * Maharashtra's rate (your state is not set)".
 */
export function describeEstimate(reason: EstimateReason): string {
  const home = stateName(DEFAULT_STATE);
  switch (reason.kind) {
    case 'before-tables':
      return `charges at the rates of ${shortDate(reason.from, true)} (our rate tables start there)`;
    case 'stamp-state-unset':
      return `stamp duty at ${home}'s rate (your state is not set)`;
    case 'stamp-state-unpublished':
      return `stamp duty at ${home}'s rate (no published rates were found for ${stateName(reason.state)})`;
    case 'stamp-commodity-by-quantity':
      return `no stamp duty on commodities (${stateName(reason.state)} charged it by quantity, which is not worked out here)`;
    case 'unsourced-rate': {
      const market = [reason.exchange, reason.segment ? SEGMENT_NAMES[reason.segment] : undefined]
        .filter(Boolean)
        .join(' ');
      const what = `${market ? `${market} ` : ''}${LINE_NAMES[reason.line]}`;
      const until = reason.until ? ` before ${shortDate(reason.until, true)}` : '';
      return `the ${what} taken as ${value(reason)} (no published rate was found${until})`;
    }
    case 'dp-no-profile':
      return "the DP charge at Zerodha's rate for the day (your broker charges are not set)";
    case 'dp-before-own':
      return `the DP charge at Zerodha's rate for the day (your own applies to sales from ${shortDate(reason.from, true)})`;
  }
}

/** Where the trader can give what was assumed: their state, their broker's charges (both on the profile). */
export function estimateFix(reason: EstimateReason): 'state' | 'broker-charges' | null {
  if (reason.kind === 'stamp-state-unset') return 'state';
  if (reason.kind === 'dp-no-profile') return 'broker-charges';
  return null;
}
