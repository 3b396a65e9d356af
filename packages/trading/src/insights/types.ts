import type { TradeFilter } from '../filter/filter';
import type { TradeForStats } from '../stats/types';

/** What the assistant can answer (see INSIGHT_QUESTIONS), plus 'unknown' for anything else. */
export type InsightTopic =
  | 'setups'
  | 'timeOfDay'
  | 'weekday'
  | 'emotions'
  | 'mistakes'
  | 'streaks'
  | 'charges'
  | 'symbols'
  | 'longShort'
  | 'holdingTime'
  | 'rMultiples'
  | 'period'
  | 'help';

/** Where a figure came from, for the screen to link to: one trade, the trades list filtered, or analytics. */
export type InsightLink =
  | { kind: 'trade'; tradeId: string; label: string }
  | { kind: 'trades'; filter: TradeFilter; label: string }
  | { kind: 'analytics'; filter: TradeFilter; label: string };

/** One number behind an answer, with the trades it was computed from. */
export interface InsightFigure {
  label: string;
  /** Null when the figure is undefined for its sample (shown as "—"). */
  value: number | null;
  /** 'pnl': rupees gained or lost (net of charges unless the label says gross); 'inr': an amount such as charges;
   * 'percent': a fraction (0.6 = 60%); 'r': R-multiples; 'ratio': a profit factor. */
  unit: 'pnl' | 'inr' | 'percent' | 'r' | 'count' | 'ratio';
  /** Trades behind the figure (for streaks: trades in the streak). */
  n: number;
  /** Wins ÷ trades of the group, when the row is a group of trades. */
  winRate?: number | null;
  link?: InsightLink;
}

export interface InsightAnswer {
  topic: InsightTopic | 'unknown';
  /** The answer in words, every number in it taken from `figures` or the sample. */
  text: string;
  /** Closed trades the answer was computed from (after any period in the question). */
  sample: number;
  /** The sample is below `minSample`: the text says so and names no best or worst. */
  tooFew: boolean;
  /** Heading of the figures table, e.g. "Net P&L by playbook". */
  caption?: string;
  figures: InsightFigure[];
  /** Follow-ups, e.g. "Open in analytics". */
  links: InsightLink[];
  /** The date range the question asked about, when it named one ('YYYY-MM-DD', inclusive). */
  period?: { label: string; from: string; to: string };
}

export interface InsightJournal {
  /** Closed trades, in any order. */
  trades: readonly TradeForStats[];
  /** Playbook names by id, so setups are named rather than shown as ids. */
  playbooks?: readonly { id: string; name: string }[];
}

export interface InsightOptions {
  /** "Now" for this week, last month and the current streak; default the current time. */
  now?: Date;
  /** Below this many trades an answer compares nothing and says the sample is too small. Default 10. */
  minSample?: number;
  /** A group (a setup, an hour, a symbol…) needs this many trades to be called best or worst. Default 3. */
  minGroup?: number;
}
