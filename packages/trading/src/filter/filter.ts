// The filters the trades list and analytics share (the URL carries them from one page to the other).

export const OUTCOMES = ['win', 'loss', 'breakeven', 'open'] as const;
export type Outcome = (typeof OUTCOMES)[number];

/** Which day `from` and `to` read: the exit day (when the P&L is realised; the default) or the entry day. */
export const DATE_BASES = ['exit', 'entry'] as const;
export type DateBasis = (typeof DATE_BASES)[number];

export interface TradeFilter {
  /**
   * IST dates, 'YYYY-MM-DD', both inclusive: of the exit day by default (the day a trade's P&L belongs to), or of
   * the entry day with `dateBy: 'entry'`. An open trade, which has no exit yet, is dated by its entry either way.
   */
  from?: string;
  to?: string;
  dateBy?: DateBasis;
  segments?: readonly ('equity' | 'futures' | 'options')[];
  /** A symbol or an underlying, case-insensitive and exact: 'NIFTY' finds every NIFTY option and future. */
  symbol?: string;
  /** A playbook id, or 'none' for trades without one. */
  playbookId?: string;
  /** A tag name, case-insensitive. */
  tag?: string;
  outcome?: Outcome;
  /** Free text, case-insensitive, over symbol, underlying and notes. */
  search?: string;
}

/** What a trade needs for the filters: a row of the journal in either the list's or the statistics' shape. */
export interface FilterableTrade {
  /** The IST day of entry, 'YYYY-MM-DD' (the database's `trade_date`). */
  entryDate: string;
  /** The IST day of exit, when the P&L is realised (the database's `exit_date`); null while the trade is open. */
  exitDate: string | null;
  segment: 'equity' | 'futures' | 'options';
  /** A sale with no cost basis yet ('missing_cost') is neither open nor won or lost: no outcome matches it. */
  status?: 'open' | 'closed' | 'missing_cost';
  symbol: string;
  underlying?: string | null;
  playbookId?: string | null;
  tags: readonly string[];
  /** Null while the trade is open. */
  netPnl: number | null;
  notes?: string | null;
}

export function outcomeOf(netPnl: number | null): Outcome {
  if (netPnl === null) return 'open';
  return netPnl > 0 ? 'win' : netPnl < 0 ? 'loss' : 'breakeven';
}

/** A predicate for the filter; build it once and run it over the journal. */
export function tradeMatcher(filter: TradeFilter): (trade: FilterableTrade) => boolean {
  const symbol = filter.symbol?.trim().toUpperCase() || undefined;
  const tag = filter.tag?.trim().toLowerCase() || undefined;
  const search = filter.search?.trim().toLowerCase() || undefined;
  const segments = filter.segments?.length ? new Set(filter.segments) : undefined;
  const byEntry = filter.dateBy === 'entry';
  return (t) => {
    const date = byEntry ? t.entryDate : (t.exitDate ?? t.entryDate);
    if (filter.from && date < filter.from) return false;
    if (filter.to && date > filter.to) return false;
    if (segments && !segments.has(t.segment)) return false;
    if (symbol && t.symbol.toUpperCase() !== symbol && t.underlying?.toUpperCase() !== symbol) return false;
    if (filter.playbookId) {
      if (filter.playbookId === 'none' ? t.playbookId : t.playbookId !== filter.playbookId) return false;
    }
    if (tag && !t.tags.some((name) => name.toLowerCase() === tag)) return false;
    if (filter.outcome && (t.status === 'missing_cost' || outcomeOf(t.netPnl) !== filter.outcome)) return false;
    if (search) {
      const text = `${t.symbol} ${t.underlying ?? ''} ${t.notes ?? ''}`.toLowerCase();
      if (!text.includes(search)) return false;
    }
    return true;
  };
}

export function filterTrades<T extends FilterableTrade>(trades: readonly T[], filter: TradeFilter): T[] {
  return trades.filter(tradeMatcher(filter));
}

/** True when the filter narrows nothing (which day the dates read does not narrow anything by itself). */
export function isEmptyFilter(filter: TradeFilter): boolean {
  return Object.entries(filter).every(
    ([key, v]) => key === 'dateBy' || v === undefined || v === '' || (Array.isArray(v) && v.length === 0),
  );
}
