// The tax P&L's shapes: what goes in (closed trades with their lots) and what comes out (a financial year's figures,
// each with the trades behind it). Money in rupees, dates YYYY-MM-DD in Asia/Kolkata.
import type { FundKind } from '../import/funds';

/** A lot of shares a sale came from: when it was acquired, how many of the shares sold it gave, at what cost. */
export interface TaxLot {
  /**
   * The IST day the shares were acquired (bought, or allotted as a bonus); null when the buy date is not known (an
   * opening lot from a holdings statement that gives no buy dates): such a lot is neither short nor long term.
   */
  acquired: string | null;
  /** Shares sold out of this lot, in the units of the sale (after any split). */
  quantity: number;
  /** Their actual cost in rupees (nil for bonus shares). */
  cost: number;
  /** An undated lot's identity (its opening lot's broker trade id), so that a year counts each lot once. */
  lot?: string;
}

/** A closed trade, or a sale with no cost basis, as the tax P&L reads it. */
export interface TaxTrade {
  id: string;
  symbol: string;
  isin: string | null;
  exchange: 'NSE' | 'BSE' | 'MCX';
  segment: 'equity' | 'futures' | 'options';
  product: 'intraday' | 'delivery' | 'carry_forward';
  side: 'long' | 'short';
  status: 'closed' | 'missing_cost';
  /** The IST day of the (first) entry, for the trade's holding period. */
  entryDate: string;
  /** The IST day of the (last) exit: the transfer date, which decides the financial year. */
  exitDate: string;
  quantity: number;
  /** Rupees bought and sold over the trade (for options, premium). */
  buyValue: number;
  sellValue: number;
  /** Sell value less buy value; null while the cost basis is missing. */
  grossPnl: number | null;
  charges: number;
  /** The STT (or CTT) within `charges`; null when the broker gave one total, so it cannot be told apart. */
  stt: number | null;
  /** Delivery equity: the lots the shares sold came from, oldest first. Empty for other trades. */
  lots: TaxLot[];
}

export type TaxHead = 'speculative' | 'nonSpeculative' | 'shortTerm' | 'longTerm';

/** Business income (speculative: intraday equity; non-speculative: futures, options, commodities). */
export interface BusinessIncome {
  trades: number;
  /** The total of favourable and unfavourable differences: the sum of each trade's absolute result. */
  turnover: number;
  /** Sum of the trades' gross results. */
  gross: number;
  /** Charges, all expenses of the business (STT included). */
  expenses: number;
  /** gross − expenses. */
  net: number;
  tradeIds: string[];
}

/** One sale of delivery shares, or the part of it from lots of one holding period. */
export interface CapitalGainRow {
  tradeId: string;
  symbol: string;
  isin: string | null;
  term: 'short' | 'long';
  quantity: number;
  /** The earliest and latest acquisition days of the lots in this row. */
  acquiredFrom: string;
  acquiredTo: string;
  sold: string;
  /** Days from the (earliest) acquisition to the sale. */
  daysHeld: number;
  /** Full value of consideration: the sale value of these shares. */
  saleValue: number;
  /** Actual cost of the lots. */
  actualCost: number;
  /**
   * Fair market value on 31 Jan 2018 of the shares acquired before 1 Feb 2018 (s. 55(2)(ac)); null when there are
   * none, or when the trader has not given it (then `needsFmv`).
   */
  fmv: number | null;
  needsFmv: boolean;
  /** Cost of acquisition: the actual cost, or for grandfathered lots the higher of it and min(FMV, sale value). */
  costOfAcquisition: number;
  /** Expenditure wholly and exclusively for the transfer: the sale's charges other than STT. */
  transferExpenses: number;
  /** STT paid on this sale: not deductible from capital gains. */
  stt: number;
  /** saleValue − costOfAcquisition − transferExpenses. */
  gain: number;
  /** The rate of s. 111A / 112A (or their 2025 Act sections) on the sale date, in percent. */
  rate: number;
}

/** Gains taxed at one rate within a year (the rates changed on 23 Jul 2024). */
export interface RatePeriod {
  from: string;
  to: string;
  rate: number;
  gain: number;
  rows: number;
}

export interface CapitalGains {
  rows: CapitalGainRow[];
  /** Net gain (gains less losses) of the head. */
  total: number;
  saleValue: number;
  costOfAcquisition: number;
  transferExpenses: number;
  stt: number;
  byRate: RatePeriod[];
}

export interface LongTermGains extends CapitalGains {
  /** The exemption on long-term gains of listed equity for the year (s. 112A): ₹1 lakh, ₹1.25 lakh from FY 2024-25. */
  exemption: number;
  /** The part of the exemption the year's gains use. */
  exemptionUsed: number;
  /** Gains above the exemption, by the rate they are taxed at. */
  taxableByRate: RatePeriod[];
}

/** A row of Schedule 112A: the year's long-term sales of one ISIN (or symbol, when the ISIN is not known). */
export interface Schedule112ARow {
  isin: string | null;
  symbol: string;
  /** 'BE' for shares acquired before 1 Feb 2018, 'AE' for the rest. */
  acquired: 'BE' | 'AE';
  quantity: number;
  saleValue: number;
  actualCost: number;
  /** FMV on 31 Jan 2018 of all the shares (BE only). */
  fmv: number | null;
  costOfAcquisition: number;
  transferExpenses: number;
  gain: number;
}

/** The part of a sale that came from lots with no known buy date: its gain is known, its head is not. */
export interface UndatedSaleRow {
  tradeId: string;
  symbol: string;
  isin: string | null;
  /** Shares sold out of undated lots. */
  quantity: number;
  sold: string;
  /** Their share of the sale value, of the transfer expenses (no STT) and of the STT. */
  saleValue: number;
  actualCost: number;
  transferExpenses: number;
  stt: number;
  /** saleValue − actualCost − transferExpenses: short or long term once the lots have their buy dates. */
  gain: number;
  /** The undated lots the shares came from (their ids). */
  lots: string[];
}

/** One share's sales from undated lots in the year. */
export interface UndatedShare {
  symbol: string;
  isin: string | null;
  lots: number;
  quantity: number;
  saleValue: number;
  gain: number;
}

/**
 * Sales in the year of shares whose buy date is not known: left out of the short/long split (and of Schedule CG and
 * 112A) until their lots are dated, never assumed to be either.
 */
export interface UndatedSales {
  rows: UndatedSaleRow[];
  /** Distinct lots sold from. */
  lots: number;
  quantity: number;
  saleValue: number;
  actualCost: number;
  gain: number;
  /** By share, in symbol order. */
  shares: UndatedShare[];
}

/**
 * One sale of a non-equity fund's units (./funds.ts), or the part of it from lots under one rule: 'specified' for
 * units of a specified mutual fund bought on or after 1 Apr 2023 (short term whatever the holding, at the slab rate),
 * 'other' for the rest, whose head and rate depend on rules outside ss. 111A and 112A.
 */
export interface FundSaleRow {
  tradeId: string;
  symbol: string;
  isin: string | null;
  fund: FundKind;
  rule: 'specified' | 'other';
  quantity: number;
  acquiredFrom: string;
  acquiredTo: string;
  sold: string;
  daysHeld: number;
  saleValue: number;
  /** Actual cost of the lots: no grandfathering, which is for ss. 112A's assets only. */
  actualCost: number;
  transferExpenses: number;
  stt: number;
  /** saleValue − actualCost − transferExpenses. */
  gain: number;
}

export interface FundSalesTotal {
  rows: number;
  saleValue: number;
  actualCost: number;
  gain: number;
}

/** The year's sales of non-equity funds' units: outside the short and long term heads of listed equity. */
export interface FundSales {
  rows: FundSaleRow[];
  specified: FundSalesTotal;
  other: FundSalesTotal;
}

export interface TaxYear {
  /** '2024-25'. */
  fy: string;
  from: string;
  to: string;
  /** Which Act governs the year and what it calls the year: 'FY 2024-25 (AY 2025-26)', 'Tax year 2026-27'. */
  act: string;
  label: string;
  speculative: BusinessIncome;
  nonSpeculative: BusinessIncome & { futures: BusinessIncome; options: BusinessIncome; commodities: BusinessIncome };
  shortTerm: CapitalGains;
  longTerm: LongTermGains;
  schedule112A: Schedule112ARow[];
  /** Sales from lots whose buy date is not known: left out of the short and long term heads until dated. */
  undated: UndatedSales;
  /** Sales of non-equity funds' units (liquid, gold, foreign-share ETFs): not in the short and long term heads. */
  funds: FundSales;
  /** Sales with no cost basis in the year: left out until their cost is given. */
  missingCost: string[];
  /** Sales of shares acquired before 1 Feb 2018 whose 31 Jan 2018 value has not been given. */
  needsFmv: { symbol: string; isin: string | null }[];
}
