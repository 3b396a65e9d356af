// @bahi/trading: the journal's domain logic for Indian markets. Pure TypeScript: no React, no Supabase.

// Charges: dated rate tables (data, not branches) and a contract-note style estimate, in integer paise.
export { type BrokerageRule, type BrokerProfile, DISCOUNT_BROKER } from './charges/broker-profile';
export {
  type ChargeableTrade,
  type ChargeBreakdown,
  type ChargeLeg,
  estimateCharges,
  type OptionExercise,
  type Side,
} from './charges/estimate-charges';
export { type PerCrore, percent } from './charges/paise';
export {
  CHARGE_RATES,
  EXCHANGES,
  type Exchange,
  type RateSet,
  type RateTable,
  rateSetOn,
  SEGMENTS,
  type Segment,
  type SegmentRates,
} from './charges/rates';
export { kolkataDate } from './charges/trade-date';
// Filters shared by the trades list and analytics.
export {
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
export { generateZerodhaTradebook } from './import/bench';
export { isBlankRecord, parseCsv } from './import/csv';
export { fillKey, type MergeResult, mergeFills } from './import/dedupe';
export { parseDhanTransactions } from './import/dhan';
export { type ColumnMap, type MappedCsvOptions, parseMappedCsv } from './import/mapped';
export { instrumentKey, type MatchedTrade, matchFills, type Product, type TradeExecution } from './import/match';
export type { SpreadsheetInput } from './import/sheet';
export { decodeSymbol } from './import/symbols';
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
export { excelSerialToIst, readXlsx, XlsxError, type XlsxSheet } from './import/xlsx';
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
// India time (UTC+05:30, no daylight saving) without Intl: exchange dates and times.
export { formatIstTimestamp, IST_OFFSET_MS, isIsoDate, istDate, parseTimestamp, toIstTimestamp } from './time/ist';
