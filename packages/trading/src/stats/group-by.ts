import { istDay, istMinuteOfDay, weekdayOfDayNumber } from './ist';
import { type PreparedJournal, prepare } from './prepare';
import { type Summary, SummaryAccumulator, type SummaryWithCurves } from './summarize';
import type { TradeForStats } from './types';

export const DIMENSIONS = [
  'timeOfDay',
  'weekday',
  'holdingTime',
  'side',
  'segment',
  'product',
  'symbol',
  'playbook',
  'emotionBefore',
  'emotionAfter',
  'mistake',
  'tag',
] as const;
export type Dimension = (typeof DIMENSIONS)[number];

export interface Group<S extends Summary = Summary> {
  /** The bucket: a symbol, tag, 'Mon', '09:15–10:00'…; null for trades with no playbook / emotion / mistake / tag. */
  key: string | null;
  summary: S;
}

/** IST entry-time buckets: the first 45 minutes after the 09:15 open, then hourly, then the last half hour. */
export const TIME_OF_DAY_BUCKETS = [
  'before 09:15',
  '09:15–10:00',
  '10:00–11:00',
  '11:00–12:00',
  '12:00–13:00',
  '13:00–14:00',
  '14:00–15:00',
  '15:00–15:30',
  'after 15:30',
] as const;
const TIME_OF_DAY_STARTS = [0, 555, 600, 660, 720, 780, 840, 900, 930]; // minutes after IST midnight

export const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;

export const HOLDING_TIME_BUCKETS = [
  '< 5 min',
  '5–30 min',
  '30 min–2 h',
  'intraday > 2 h',
  'overnight',
  'multi-day',
] as const;

export function timeOfDayBucket(entryMs: number): (typeof TIME_OF_DAY_BUCKETS)[number] {
  const minute = istMinuteOfDay(entryMs);
  let i = TIME_OF_DAY_STARTS.length - 1;
  while (minute < TIME_OF_DAY_STARTS[i]!) i--;
  return TIME_OF_DAY_BUCKETS[i]!;
}

/**
 * Intraday holds by duration; otherwise "overnight" when the exit falls on the next trading day (Friday → Monday
 * is overnight: weekends skipped, exchange holidays are not known here) and "multi-day" beyond that.
 */
export function holdingTimeBucket(entryMs: number, exitMs: number): (typeof HOLDING_TIME_BUCKETS)[number] {
  const entryDay = istDay(entryMs);
  const exitDay = istDay(exitMs);
  if (exitDay === entryDay) {
    const minutes = (exitMs - entryMs) / 60_000;
    return minutes < 5 ? '< 5 min' : minutes < 30 ? '5–30 min' : minutes < 120 ? '30 min–2 h' : 'intraday > 2 h';
  }
  const weekday = weekdayOfDayNumber(entryDay);
  const nextTradingDay = entryDay + (weekday === 4 ? 3 : weekday === 5 ? 2 : 1);
  return exitDay <= nextTradingDay ? 'overnight' : 'multi-day';
}

const FIXED_ORDER: Partial<Record<Dimension, readonly string[]>> = {
  timeOfDay: TIME_OF_DAY_BUCKETS,
  weekday: WEEKDAYS,
  holdingTime: HOLDING_TIME_BUCKETS,
  side: ['long', 'short'],
  segment: ['equity', 'futures', 'options'],
  product: ['intraday', 'delivery', 'carry_forward'],
};

const NONE: readonly (string | null)[] = [null];

type Keys = string | null | readonly (string | null)[];
const labels = (list: readonly string[]): readonly (string | null)[] => (list.length ? list : NONE);

/** Dimensions read from the journal's columns, without touching the trade objects. */
const FROM_COLUMNS: Partial<Record<Dimension, (j: PreparedJournal, i: number) => Keys>> = {
  timeOfDay: (j, i) => timeOfDayBucket(j.entryMs[i]!),
  weekday: (j, i) => WEEKDAYS[weekdayOfDayNumber(j.day[i]!)]!,
  holdingTime: (j, i) => holdingTimeBucket(j.entryMs[i]!, j.exitMs[i]!),
};

/** Dimensions read from the trade itself. */
const FROM_TRADE: Partial<Record<Dimension, (t: TradeForStats) => Keys>> = {
  side: (t) => t.side,
  segment: (t) => t.segment,
  product: (t) => t.product,
  symbol: (t) => t.symbol,
  playbook: (t) => t.playbookId ?? null,
  emotionBefore: (t) => labels(t.emotionsBefore),
  emotionAfter: (t) => labels(t.emotionsAfter),
  mistake: (t) => labels(t.mistakes),
  tag: (t) => labels(t.tags),
};

/** Each row's group(s) in one dimension as small integers: row r belongs to codes[start[r]] … codes[start[r+1] − 1]. */
export class KeyColumn {
  readonly keys: (string | null)[] = [];
  readonly start: number[] = [0];
  readonly codes: number[] = [];
  private readonly index = new Map<string | null, number>();

  push(keys: Keys): void {
    if (typeof keys === 'string' || keys === null) this.codes.push(this.code(keys));
    // A trade tagged twice with the same word counts once in that group.
    else for (let k = 0; k < keys.length; k++) if (keys.indexOf(keys[k]!) === k) this.codes.push(this.code(keys[k]!));
    this.start.push(this.codes.length);
  }

  private code(key: string | null): number {
    const known = this.index.get(key);
    if (known !== undefined) return known;
    this.keys.push(key);
    this.index.set(key, this.keys.length - 1);
    return this.keys.length - 1;
  }
}

export interface GroupOptions {
  /** Include each group's equity curves (off by default: group tables show figures, not curves). */
  curves?: boolean;
}

/** Key columns for every dimension: the trade-read ones filled by `visit` during `prepare`'s pass. */
export function keyColumns(): {
  columns: Record<Dimension, KeyColumn>;
  visit: (t: TradeForStats) => void;
  finish: (journal: PreparedJournal) => void;
} {
  const columns = Object.fromEntries(DIMENSIONS.map((d) => [d, new KeyColumn()])) as Record<Dimension, KeyColumn>;
  const fromTrade = DIMENSIONS.flatMap((d) => {
    const keysOf = FROM_TRADE[d];
    return keysOf ? [[columns[d], keysOf] as const] : [];
  });
  const fromColumns = DIMENSIONS.flatMap((d) => {
    const keysOf = FROM_COLUMNS[d];
    return keysOf ? [[columns[d], keysOf] as const] : [];
  });
  return {
    columns,
    visit: (t) => {
      for (const [column, keysOf] of fromTrade) column.push(keysOf(t));
    },
    finish: (journal) => {
      for (const [column, keysOf] of fromColumns) {
        for (let i = 0; i < journal.trades.length; i++) column.push(keysOf(journal, i));
      }
    },
  };
}

function keyColumn(journal: PreparedJournal, dimension: Dimension): KeyColumn {
  const column = new KeyColumn();
  const fromColumns = FROM_COLUMNS[dimension];
  const fromTrade = FROM_TRADE[dimension];
  for (let i = 0; i < journal.trades.length; i++) {
    column.push(fromColumns ? fromColumns(journal, i) : fromTrade!(journal.trades[i]!));
  }
  return column;
}

/** One pass over the journal in exit order, feeding each row to its groups' accumulators. */
export function groupColumn(
  journal: PreparedJournal,
  dimension: Dimension,
  column: KeyColumn,
  curves: boolean,
): Group[] {
  const accs = column.keys.map(() => new SummaryAccumulator(journal, curves));
  const { start, codes } = column;
  for (let i = 0; i < journal.trades.length; i++) {
    for (let k = start[i]!; k < start[i + 1]!; k++) accs[codes[k]!]!.add(i);
  }
  const groups: Group[] = column.keys.map((key, c) => ({ key, summary: accs[c]!.result() }));
  const order = FIXED_ORDER[dimension];
  // Fixed scales keep their natural order; open-ended ones list the most traded first, "none" last.
  return groups.sort(
    order
      ? (a, b) => order.indexOf(a.key!) - order.indexOf(b.key!)
      : (a, b) =>
          (a.key === null ? 1 : 0) - (b.key === null ? 1 : 0) ||
          b.summary.trades - a.summary.trades ||
          (a.key! < b.key! ? -1 : a.key! > b.key! ? 1 : 0),
  );
}

/** The same summary as `summarize`, for each bucket of one dimension. Only buckets with trades are listed. */
export function groupBy(
  trades: readonly TradeForStats[],
  dimension: Dimension,
  options: { curves: true },
): Group<SummaryWithCurves>[];
export function groupBy(trades: readonly TradeForStats[], dimension: Dimension, options?: GroupOptions): Group[];
export function groupBy(trades: readonly TradeForStats[], dimension: Dimension, options: GroupOptions = {}): Group[] {
  const journal = prepare(trades);
  return groupColumn(journal, dimension, keyColumn(journal, dimension), options.curves === true);
}

/** Every dimension at once, parsing the trades once. */
export function groupByAll(trades: readonly TradeForStats[], options: GroupOptions = {}): Record<Dimension, Group[]> {
  const { columns, visit, finish } = keyColumns();
  const journal = prepare(trades, visit);
  finish(journal);
  return groupColumns(journal, columns, options.curves === true);
}

export function groupColumns(
  journal: PreparedJournal,
  columns: Record<Dimension, KeyColumn>,
  curves: boolean,
): Record<Dimension, Group[]> {
  const out = {} as Record<Dimension, Group[]>;
  for (const dimension of DIMENSIONS) out[dimension] = groupColumn(journal, dimension, columns[dimension], curves);
  return out;
}
