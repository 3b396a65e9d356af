// @bahi/trading: the journal's domain logic for Indian markets. Pure TypeScript: no React, no Supabase.

// Charges: dated rate tables (data, not branches) and a contract-note style estimate, in integer paise.
export { type BrokerageRule, type BrokerProfile, DISCOUNT_BROKER, type DpCharge } from './charges/broker-profile';
// Charges of trades as contract notes add them up: STT rounded once per note (IST day, exchange, market) and shared
// out, the DP charge once per share and day with its GST.
export {
  type ChargedTrade,
  type ChargeSettings,
  chargeNotes,
  chargeSegment,
  chargeTrades,
  dpCharge,
  grossPnl,
  type NoteLegs,
  shareInProportion,
  type TradeChargeLines,
  type TradeCharges,
  type TypedTrade,
  tradeNotes,
  typedTradeCharges,
} from './charges/contract-notes';
export {
  type ChargeableTrade,
  type ChargeBreakdown,
  type ChargeLeg,
  estimateCharges,
  type OptionExercise,
  type Side,
} from './charges/estimate-charges';
// Why an estimate is less certain than the tables make it (a state not set, a date before the tables…), in words.
export {
  describeEstimate,
  type EstimateReason,
  estimateFix,
  estimateReasonKey,
  type RateLine,
} from './charges/estimate-reasons';
export { type PerCrore, percent } from './charges/paise';
export {
  type AppliedRateSet,
  CHARGE_RATES,
  CHARGE_SCHEDULES,
  COMMODITY_SEGMENTS,
  type CommoditySegment,
  DEFAULT_STATE,
  type Evidence,
  EXCHANGE_SEGMENTS,
  EXCHANGES,
  type Exchange,
  type ExchangeRates,
  INDIAN_STATES,
  type IndianState,
  type IndianStateCode,
  type RateOptions,
  type RateRow,
  type RateSet,
  type RateTable,
  rateSetOn,
  type Schedule,
  SEGMENTS,
  type Segment,
  type SegmentOf,
  type SegmentRates,
  segmentRates,
} from './charges/rates';
export { type DpRow, type DpSchedule, ZERODHA_DP_CHARGES } from './charges/schedules/dp-charges';
export { kolkataDate } from './charges/trade-date';
// A trade typed by hand: the draft as typed, its checks, its charges and the row a save writes.
export {
  applyDraftChange,
  contractSymbol,
  type DraftCharges,
  draftFillsUnchanged,
  draftLotSize,
  draftTagNames,
  draftUnits,
  duplicateOf,
  type EntryComparable,
  type EntryExchange,
  type EntryProduct,
  type EntrySegment,
  estimateDraftCharges,
  fromIstLocal,
  keepBrokerCharges,
  type ManualTradeRow,
  manualTradeRow,
  newTradeDraft,
  parseTypedNumber,
  type TradeDraft,
  type TradeDraftErrors,
  type TradeDraftField,
  toIstLocal,
  validateTradeDraft,
} from './entry/trade-entry';
// The tax P&L of a financial year: business income, capital gains by rate and holding period, Schedule 112A, with the
// rules (rates, exemptions, the Act in force and its sections) as sourced data; and the sheets a tax preparer opens.
export { type Sheet, type SheetCell, writeCsv, writeWorkbook } from './export/xlsx-writer';
// Filters shared by the trades list and analytics.
export {
  DATE_BASES,
  type DateBasis,
  type FilterableTrade,
  filterTrades,
  isEmptyFilter,
  OUTCOMES,
  type Outcome,
  outcomeOf,
  type TradeFilter,
  tradeMatcher,
} from './filter/filter';
// XLSX exports (Upstox, Angel One; each also reads its CSV variant) through a small in-browser XLSX reader.
export { parseAngelOneTrades } from './import/angelone';
// Broker imports: CSV readers per broker and a generic mapper, FIFO matching into trades, re-import de-duplication.
export {
  type AppliedAction,
  CORPORATE_ACTION_KINDS,
  type CorporateAction,
  type CorporateActionKind,
  costShare,
  hasNewShare,
  movesHolding,
  unitScale,
} from './import/corporate-actions';
export { isBlankRecord, parseCsv } from './import/csv';
export { deletedFillKey, fillIdentity, fillKey, type MergeResult, mergeFills } from './import/dedupe';
// Which broker report a file is (from its header), to say so when the trader picked another broker.
export {
  type DetectedImportFile,
  detectImportFile,
  IMPORT_FILE_LABELS,
  type ImportFileKind,
  wrongFileMessage,
} from './import/detect';
export { parseDhanTransactions } from './import/dhan';
export { type FundKind, NON_EQUITY_FUNDS, nonEquityFund, type Security, securityOf } from './import/funds';
// Broker imports: CSV readers per broker and a generic mapper, FIFO matching into trades, re-import de-duplication.
export {
  type GeneratedTradebook,
  generateZerodhaTradebook,
  type OpeningLot,
  TRADEBOOK_HEADER,
  type TradebookOptions,
} from './import/generate-tradebook';
// Holdings before an imported tradebook: Zerodha's holdings statement and tax P&L (the cost of shares sold in it).
export { type HoldingsStatement, parseZerodhaHoldings, type StatementHolding } from './import/holdings-statement';
export { type InstrumentKeys, instrumentKeys, isShare } from './import/instruments';
export { type ColumnMap, type MappedCsvOptions, parseMappedCsv } from './import/mapped';
export {
  type MatchedTrade,
  type MatchOptions,
  matchFills,
  type Product,
  type TradeExecution,
  type TradeStatus,
} from './import/match';
export type { SpreadsheetInput } from './import/sheet';
export { baseSymbol, decodeSymbol, SAME_SHARE_SERIES } from './import/symbols';
export {
  parseZerodhaTaxPnl,
  type TaxPnlExit,
  type TaxPnlSection,
  type TaxPnlStatement,
} from './import/tax-pnl-statement';
export type {
  Exchange as FillExchange,
  Fill,
  FillSide,
  ImportBroker,
  ImportRowError,
  OptionType,
  ParseResult,
  Segment as FillSegment,
} from './import/types';
export { parseUpstoxTrades } from './import/upstox';
export { excelSerialToIst, readXlsx, readXlsxSheets, XlsxError, type XlsxSheet } from './import/xlsx';
export { parseZerodhaTradebook } from './import/zerodha';
// The assistant's built-in insights engine: documented questions answered from the journal, with their figures.
export { answerQuestion } from './insights/answer';
export { type ModelContext, modelContext } from './insights/context';
export { INSIGHT_QUESTIONS, type Intent, matchIntent, type PeriodKind } from './insights/intent';
export type {
  InsightAnswer,
  InsightFigure,
  InsightJournal,
  InsightLink,
  InsightOptions,
  InsightTopic,
} from './insights/types';
// Lot sizes: a dated table (they change about twice a year).
export { type LotSizeEntry, type LotSizeTable, lotSize, NSE_INDEX_LOT_SIZES } from './lots/lot-sizes';
// Money shown to people: INR the Indian way (₹12,34,567; compact K, L and Cr), on whole paise.
export {
  type FormatINRCompactOptions,
  type FormatINROptions,
  formatCount,
  formatINR,
  formatINRCompact,
  formatPaise,
  formatPaiseCompact,
  formatQuantity,
  groupIndian,
  type PaiseDisplay,
  type SignDisplay,
} from './money/inr';
export {
  type LotDatePart,
  type ReplacedLot,
  replaceUndated,
  restoreUndated,
  type UndatedLot,
  type UndatedReplacement,
  undatedLots,
} from './plan/lot-dates';
// Planning against the journal's stored fills: imports, opening lots, undo, splits and bonuses rebuild only what
// they can change, per instrument.
export {
  dayBeforeHistory,
  type HoldingLine,
  type OpeningLots,
  openingLotsFromHoldings,
  openingLotsFromTaxPnl,
  type TaxPnlSale,
  type TypedOpening,
  typedOpeningLot,
} from './plan/opening-lots';
export {
  estimateCounts,
  type ImportPlan,
  type PlanContext,
  type PlanCounts,
  planActionChange,
  planCounts,
  planImport,
  planLotDates,
  planUndo,
} from './plan/plan-import';
export {
  applyPlan,
  chunkGroups,
  type PlannedExecution,
  type PlannedTrade,
  plannedTrades,
  planRebuild,
  type RebuildGroup,
  type RebuildInput,
  type SavedIds,
  type StoredFill,
  type StoredTrade,
  tradeLotSize,
} from './plan/rebuild';
export { planReplay, type ReplayPlan, type StoredTradeFigures } from './plan/replay';
// Position sizing and a single trade's realised R.
export { realisedR, rMultiple } from './sizing/realised-r';
export {
  type Direction,
  directionOf,
  type PositionSize,
  type SizingInput,
  SizingInputError,
  type SizingWarning,
  sizePosition,
} from './sizing/size-position';
// Statistics: every figure carries its sample size; days and hours are India time.
export { type CalendarDay, type CalendarMonth, type CalendarWeek, calendarMonth } from './stats/calendar';
export {
  DIMENSIONS,
  type Dimension,
  type Group,
  type GroupOptions,
  groupBy,
  groupByAll,
  HOLDING_TIME_BUCKETS,
  holdingTimeBucket,
  TIME_OF_DAY_BUCKETS,
  timeOfDayBucket,
  WEEKDAYS,
} from './stats/group-by';
export { type JournalStats, type JournalStatsOptions, journalStats } from './stats/journal-stats';
export { type PreparedJournal, prepareJournal } from './stats/prepare';
export { type RBucket, type RDistribution, rDistribution, tradeR } from './stats/r-multiples';
export { type FilterOption, selectRows } from './stats/select';
export {
  type DailyPoint,
  type Drawdown,
  EQUITY_CURVE_POINTS,
  type EquityPoint,
  equityCurve,
  type Rows,
  type Summary,
  type SummaryWithCurves,
  summarize,
} from './stats/summarize';
export type { DayStat, Rate, Stat, TradeForStats, TradeStat } from './stats/types';
export {
  AUDIT_THRESHOLDS,
  actFor,
  CAPITAL_GAINS_RATES,
  type CapitalGainsRates,
  capitalGainsRatesOn,
  type Evidence as TaxEvidence,
  financialYearOf,
  GRANDFATHERING,
  LONG_TERM_AFTER_MONTHS,
  longTermExemptionFor,
  SET_OFF_RULES,
  SPECIFIED_FUND,
  TAX_ACTS,
  TAX_DISCLAIMER,
  type TaxAct,
  TURNOVER_RULE,
  taxYearLabel,
} from './tax/rules';
export { taxReportSheets } from './tax/tax-export';
export { isLongTerm, type TaxOptions, taxableByRate, taxPnl, taxYears } from './tax/tax-pnl';
export { type TaxSource, taxTradeOf } from './tax/tax-trade';
export type {
  BusinessIncome,
  CapitalGainRow,
  CapitalGains,
  FundSaleRow,
  FundSales,
  FundSalesTotal,
  LongTermGains,
  RatePeriod,
  Schedule112ARow,
  TaxHead,
  TaxLot,
  TaxTrade,
  TaxYear,
  UndatedSaleRow,
  UndatedSales,
  UndatedShare,
} from './tax/types';
// India time (UTC+05:30, no daylight saving) without Intl: exchange dates and times.
export { formatIstTimestamp, IST_OFFSET_MS, isIsoDate, istDate, parseTimestamp, toIstTimestamp } from './time/ist';
