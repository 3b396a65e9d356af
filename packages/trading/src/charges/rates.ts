import { type PerCrore, percent } from './paise';

export type Exchange = 'NSE' | 'BSE';
export type Segment = 'equity-delivery' | 'equity-intraday' | 'futures' | 'options';

export const EXCHANGES: readonly Exchange[] = ['NSE', 'BSE'];
export const SEGMENTS: readonly Segment[] = ['equity-delivery', 'equity-intraday', 'futures', 'options'];

/** Statutory rates for one exchange and segment, each in rupees per crore of turnover (premium turnover for options). */
export interface SegmentRates {
  sttBuy: PerCrore;
  sttSell: PerCrore;
  /** STT on the intrinsic value of an exercised option; 0 where it does not apply. */
  sttExercise: PerCrore;
  /** Exchange transaction charge, each side. */
  transaction: PerCrore;
  /** Investor Protection Fund Trust levy, each side. */
  ipft: PerCrore;
  /** Stamp duty, buy side only. */
  stampBuy: PerCrore;
}

export interface RateSet {
  /** First trade date (YYYY-MM-DD, Asia/Kolkata) on which these rates apply; they hold until the next set. */
  effectiveFrom: string;
  sebiFee: PerCrore;
  /** GST as a whole percentage of brokerage + transaction charges + SEBI fee. */
  gstPercent: number;
  rates: Record<Exchange, Record<Segment, SegmentRates>>;
}

export type RateTable = readonly RateSet[];

// From 1 Oct 2024 (INDIA.md). INDIA.md gives IPFT for NSE only, so BSE carries none until sourced.
const stt2024 = {
  delivery: { sttBuy: percent(0.1), sttSell: percent(0.1), sttExercise: 0 },
  intraday: { sttBuy: 0, sttSell: percent(0.025), sttExercise: 0 },
  futures: { sttBuy: 0, sttSell: percent(0.02), sttExercise: 0 },
  options: { sttBuy: 0, sttSell: percent(0.1), sttExercise: percent(0.125) },
};

// From 1 Apr 2026 only F&O STT changes.
const stt2026 = {
  ...stt2024,
  futures: { sttBuy: 0, sttSell: percent(0.05), sttExercise: 0 },
  options: { sttBuy: 0, sttSell: percent(0.15), sttExercise: percent(0.15) },
};

function exchangeRates(stt: typeof stt2024): Record<Exchange, Record<Segment, SegmentRates>> {
  return {
    NSE: {
      'equity-delivery': { ...stt.delivery, transaction: percent(0.00297), ipft: 10, stampBuy: percent(0.015) },
      'equity-intraday': { ...stt.intraday, transaction: percent(0.00297), ipft: 10, stampBuy: percent(0.003) },
      futures: { ...stt.futures, transaction: percent(0.00173), ipft: 10, stampBuy: percent(0.002) },
      options: { ...stt.options, transaction: percent(0.03503), ipft: 50, stampBuy: percent(0.003) },
    },
    BSE: {
      'equity-delivery': { ...stt.delivery, transaction: percent(0.00375), ipft: 0, stampBuy: percent(0.015) },
      'equity-intraday': { ...stt.intraday, transaction: percent(0.00375), ipft: 0, stampBuy: percent(0.003) },
      futures: { ...stt.futures, transaction: 0, ipft: 0, stampBuy: percent(0.002) },
      // INDIA.md's BSE figure is for index options, the bulk of BSE options turnover (SENSEX, BANKEX).
      options: { ...stt.options, transaction: percent(0.0325), ipft: 0, stampBuy: percent(0.003) },
    },
  };
}

/** Indian statutory charges by the date they took effect, oldest first. Add a set when a rate changes. */
export const CHARGE_RATES: RateTable = [
  { effectiveFrom: '2024-10-01', sebiFee: 10, gstPercent: 18, rates: exchangeRates(stt2024) },
  { effectiveFrom: '2026-04-01', sebiFee: 10, gstPercent: 18, rates: exchangeRates(stt2026) },
];

/** The rate set in force on a trade date (YYYY-MM-DD, Asia/Kolkata). */
export function rateSetOn(tradeDate: string, table: RateTable = CHARGE_RATES): RateSet {
  let found: RateSet | undefined;
  for (const set of table) {
    if (set.effectiveFrom <= tradeDate && (!found || set.effectiveFrom > found.effectiveFrom)) found = set;
  }
  if (!found) {
    const first = [...table].map((set) => set.effectiveFrom).sort()[0];
    throw new RangeError(
      first
        ? `No charge rates for trade date ${tradeDate}: the rate table starts on ${first}.`
        : 'The charge rate table is empty.',
    );
  }
  return found;
}
