import type { PerCrore } from '../paise';

export type Exchange = 'NSE' | 'BSE' | 'MCX';
export type Segment = 'equity-delivery' | 'equity-intraday' | 'futures' | 'options';
/** MCX trades commodity derivatives only: futures, and options on those futures. */
export type CommoditySegment = Extract<Segment, 'futures' | 'options'>;
/** The segments an exchange trades. */
export type SegmentOf<E extends Exchange> = E extends 'MCX' ? CommoditySegment : Segment;

export const EXCHANGES: readonly Exchange[] = ['NSE', 'BSE', 'MCX'];
export const SEGMENTS: readonly Segment[] = ['equity-delivery', 'equity-intraday', 'futures', 'options'];
export const COMMODITY_SEGMENTS: readonly CommoditySegment[] = ['futures', 'options'];
export const EXCHANGE_SEGMENTS: { readonly [E in Exchange]: readonly SegmentOf<E>[] } = {
  NSE: SEGMENTS,
  BSE: SEGMENTS,
  MCX: COMMODITY_SEGMENTS,
};

/**
 * How a row is known: `primary` when its figure and date were read in the Act, regulation, notification or exchange
 * circular itself (or a verbatim reproduction of it); `secondary` when they come from broker charge pages, news
 * reports or others quoting the instrument; `unsourced` when no source was found for the period and the figure is
 * carried over from the nearest sourced one. A trade charged from an `unsourced` row is marked estimated.
 */
export type Evidence = 'primary' | 'secondary' | 'unsourced';

/** One dated figure: in force from `from` (a YYYY-MM-DD trade date, India time) until the next row's `from`. */
export interface RateRow {
  from: string;
  /** Rupees per crore of turnover for rates; a whole percentage for GST. */
  value: PerCrore;
  /** The most any one contract note pays on this line, in rupees (some states capped stamp duty per day). */
  capPerNote?: number;
  /** Where the figure and its date come from, with an address where one was found. */
  source: string;
  evidence: Evidence;
}

/** A component's rows, oldest first. */
export type Schedule = readonly RateRow[];
