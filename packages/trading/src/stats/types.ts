/** A closed trade as the statistics read it: one row of `public.trades` with its tags. Money in rupees. */
export interface TradeForStats {
  id: string;
  symbol: string;
  segment: 'equity' | 'futures' | 'options';
  product: 'intraday' | 'delivery' | 'carry_forward';
  side: 'long' | 'short';
  /** ISO 8601 with an offset or Z, e.g. '2026-11-20T09:20:00+05:30'. A time without an offset is rejected. */
  entryTime: string;
  exitTime: string;
  /** The IST day of entry, 'YYYY-MM-DD' (the database's generated `trade_date`). */
  entryDate: string;
  /**
   * The IST day of exit, 'YYYY-MM-DD' (the database's generated `exit_date`): the day the P&L is realised, so the
   * day every statistic counts the trade on. `prepareJournal` checks both dates against the times.
   */
  exitDate: string;
  grossPnl: number;
  charges: number;
  /** grossPnl − charges. Every win, loss and rupee figure here is net of charges. */
  netPnl: number;
  quantity: number;
  entryPrice: number;
  exitPrice: number;
  stopLoss?: number | null;
  playbookId?: string | null;
  emotionsBefore: readonly string[];
  emotionsAfter: readonly string[];
  mistakes: readonly string[];
  tags: readonly string[];
  /** Read only by the filters shared with the trades list (symbol also finds the underlying; search reads notes). */
  underlying?: string | null;
  notes?: string | null;
}

/**
 * A figure with the number of trades (or days) it was computed from, so the UI can show "61% · 11 of 18 trades".
 * `value` is null when the figure is undefined for the sample (no trades, no losses for a profit factor…).
 */
export interface Stat {
  value: number | null;
  n: number;
}

/** A rate: `count` of `n` trades, `value` = count ÷ n (null when n = 0). */
export interface Rate extends Stat {
  count: number;
}

/** One trade's P&L with the trade it came from. */
export interface TradeStat extends Stat {
  tradeId: string | null;
}

/** One IST exit day's P&L with the number of trading days it was picked from (`n`). */
export interface DayStat extends Stat {
  date: string | null;
}
