// Shapes shared by the broker parsers, the matcher and de-duplication. Field names follow the
// trades / trade_executions tables (supabase/migrations/20261121000300_journal.sql).

export type ImportBroker = 'zerodha' | 'upstox' | 'angelone' | 'groww' | 'dhan' | 'fyers' | 'icici' | 'other';
export type Exchange = 'NSE' | 'BSE' | 'MCX';
export type Segment = 'equity' | 'futures' | 'options';
export type OptionType = 'CE' | 'PE';
export type FillSide = 'buy' | 'sell';

/** One executed fill as a broker reports it. */
export interface Fill {
  broker: ImportBroker;
  /** The broker's trade id; null when the export has none (de-duplication then uses a fallback key). */
  tradeId: string | null;
  orderId: string | null;
  exchange: Exchange;
  segment: Segment;
  /** The broker's trading symbol, e.g. SUZLON or NIFTY25DEC24500CE. */
  symbol: string;
  /** Null for equity. */
  underlying: string | null;
  /** YYYY-MM-DD; null for equity. */
  expiry: string | null;
  strike: number | null;
  optionType: OptionType | null;
  side: FillSide;
  /** Units (shares, or contracts × lot size), never lots; ETF and fund units may have up to 6 decimals. */
  quantity: number;
  price: number;
  /** Exchange time in India: always `YYYY-MM-DDTHH:MM:SS+05:30`, so the IST calendar day is its first 10 characters. */
  executedAt: string;
  /** Charges the broker reported for this fill, in rupees; null when the export has none. */
  fees: number | null;
  /** The row in the source file (header = row 1), for messages. */
  row: number;
  /** The equity's ISIN when the export gives one (Zerodha); it names the same share across symbol changes. */
  isin?: string | null;
  /**
   * A holding acquired before the imported history (from a holdings or tax P&L statement, or typed by the trader):
   * a buy that goes straight into the delivery position and is never netted against that day's trades.
   */
  opening?: boolean;
  /**
   * An opening lot whose buy date is not known (an undated holdings statement): `executedAt` only places it in FIFO
   * order, before the history; it is not an acquisition date, so the tax P&L cannot tell short from long term.
   */
  dateUnknown?: boolean;
  /**
   * Shares the matcher made from a corporate action (stored as kind 'bonus'): a bonus issue's free shares (price 0, on
   * the ex-date), or a demerger's new shares (their part of the parent's cost, at the parent lot's acquisition time).
   * Derived, so never read back from storage as a fill: the action makes them again.
   */
  bonus?: boolean;
}

/** The instrument of a fill, as a broker reader works it out from the row. */
export type FillContract = Pick<Fill, 'segment' | 'symbol' | 'underlying' | 'expiry' | 'strike' | 'optionType'>;

/** A row the parser could not import, with a message a trader can act on. */
export interface ImportRowError {
  row: number;
  column: string | null;
  message: string;
}

export interface ParseResult {
  fills: Fill[];
  errors: ImportRowError[];
}
