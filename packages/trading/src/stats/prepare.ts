import { rMultiple } from '../sizing/realised-r';
import { dateOfDayNumber, dayNumberOf, istDay, istMinuteOfDay, parseTimestamp, weekdayOfDayNumber } from '../time/ist';
import { outcomeOffset } from './outcome-sums';
import type { TradeForStats } from './types';

// The app loads the journal once and recomputes every statistic whenever the trader changes a filter. So the
// journal is parsed and laid out once (`prepareJournal`), and each recomputation reads a few typed arrays front to
// back instead of parsing 100,000 timestamps and chasing 100,000 objects again.

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

/** The weekday of the IST exit day, the day the trade's P&L belongs to (as on the calendar). */
export const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;

export const HOLDING_TIME_BUCKETS = [
  '< 5 min',
  '5–30 min',
  '30 min–2 h',
  'intraday > 2 h',
  'overnight',
  'multi-day',
] as const;

function timeOfDayIndex(entryMs: number): number {
  const minute = istMinuteOfDay(entryMs);
  let i = TIME_OF_DAY_STARTS.length - 1;
  while (minute < TIME_OF_DAY_STARTS[i]!) i--;
  return i;
}

export function timeOfDayBucket(entryMs: number): (typeof TIME_OF_DAY_BUCKETS)[number] {
  return TIME_OF_DAY_BUCKETS[timeOfDayIndex(entryMs)]!;
}

/**
 * Intraday holds by duration; otherwise "overnight" when the exit falls on the next trading day (Friday → Monday
 * is overnight: weekends skipped, exchange holidays are not known here) and "multi-day" beyond that.
 */
function holdingTimeIndex(entryMs: number, exitMs: number): number {
  const entryDay = istDay(entryMs);
  const exitDay = istDay(exitMs);
  if (exitDay === entryDay) {
    const minutes = (exitMs - entryMs) / 60_000;
    return minutes < 5 ? 0 : minutes < 30 ? 1 : minutes < 120 ? 2 : 3;
  }
  const weekday = weekdayOfDayNumber(entryDay);
  const nextTradingDay = entryDay + (weekday === 4 ? 3 : weekday === 5 ? 2 : 1);
  return exitDay <= nextTradingDay ? 4 : 5;
}

export function holdingTimeBucket(entryMs: number, exitMs: number): (typeof HOLDING_TIME_BUCKETS)[number] {
  return HOLDING_TIME_BUCKETS[holdingTimeIndex(entryMs, exitMs)]!;
}

/** Scales with a natural order: their buckets are listed in it, all of them known before any trade is seen. */
export const FIXED_ORDER: Partial<Record<Dimension, readonly string[]>> = {
  timeOfDay: TIME_OF_DAY_BUCKETS,
  weekday: WEEKDAYS,
  holdingTime: HOLDING_TIME_BUCKETS,
  side: ['long', 'short'],
  segment: ['equity', 'futures', 'options'],
  product: ['intraday', 'delivery', 'carry_forward'],
};

/**
 * One dimension's groups as small integers: `keys[c]` is group c's label (null: no playbook / emotion / mistake /
 * tag), and row r belongs to `codes[start[r]] … codes[start[r + 1] − 1]`, each group once.
 */
export interface KeyColumn {
  keys: (string | null)[];
  start: Uint32Array;
  codes: Uint32Array;
}

class KeyColumnBuilder {
  readonly keys: (string | null)[];
  readonly start: Uint32Array;
  private codes: Uint32Array;
  private size = 0;
  private readonly index = new Map<string | null, number>();

  constructor(rows: number, fixed?: readonly string[]) {
    this.keys = fixed ? [...fixed] : [];
    for (let code = 0; code < this.keys.length; code++) this.index.set(this.keys[code]!, code);
    this.start = new Uint32Array(rows + 1);
    this.codes = new Uint32Array(rows);
  }

  /** Row `row`'s group(s); rows must come in order. A label repeated on one trade counts once in its group. */
  push(row: number, keys: string | null | readonly string[]): void {
    if (typeof keys === 'string' || keys === null) this.add(this.code(keys));
    else if (keys.length === 0) this.add(this.code(null));
    else for (let k = 0; k < keys.length; k++) if (keys.indexOf(keys[k]!) === k) this.add(this.code(keys[k]!));
    this.start[row + 1] = this.size;
  }

  pushCode(row: number, code: number): void {
    this.add(code);
    this.start[row + 1] = this.size;
  }

  private add(code: number): void {
    if (this.size === this.codes.length) {
      const grown = new Uint32Array(this.codes.length * 2 + 16);
      grown.set(this.codes);
      this.codes = grown;
    }
    this.codes[this.size++] = code;
  }

  private code(key: string | null): number {
    const known = this.index.get(key);
    if (known !== undefined) return known;
    this.keys.push(key);
    this.index.set(key, this.keys.length - 1);
    return this.keys.length - 1;
  }

  build(): KeyColumn {
    return { keys: this.keys, start: this.start, codes: this.codes.subarray(0, this.size) };
  }
}

export const PACKED = 8;

/** Bucket edges of the R distribution: a −1R stop-out lands in "−1R to 0R"; anything worse went past the stop. */
export const R_EDGES = [-2, -1, 0, 1, 2, 3];
/** `rBucket` of a trade without a stop, and of one whose stop is at or on the wrong side of entry. */
export const R_NO_STOP = 254;
export const R_INVALID_STOP = 255;

function rBucketOf(r: number): number {
  let b = 0;
  while (b < R_EDGES.length && r >= R_EDGES[b]!) b++;
  return b;
}

/**
 * The journal parsed once and laid out as columns in exit order (P&L is realised at exit; ties by entry, then id).
 * Row i of every column is `trades[i]`. Build it with `prepareJournal` when the trades load; pass it to
 * `journalStats` (and the other statistics) with a filter as often as the trader changes one.
 *
 * Every day here is the IST exit day: a trade's P&L belongs to the day its position was closed, on the calendar,
 * the daily curve, best and worst day and the drawdown alike. Only time of day and holding time read the entry.
 */
export interface PreparedJournal {
  readonly trades: readonly TradeForStats[];
  readonly netPnl: Float64Array;
  readonly grossPnl: Float64Array;
  readonly charges: Float64Array;
  readonly entryMs: Float64Array;
  readonly exitMs: Float64Array;
  /**
   * Each row's IST exit day as an index into `exitDays` (the distinct exit days as day numbers, ascending). Rows are
   * in exit order, so the index never decreases from one row to the next.
   */
  readonly exitDayIndex: Uint32Array;
  readonly exitDays: Int32Array;
  /** Each row's R (0 when none, so that sums need not branch) and its bucket of `R_EDGES` (or `R_NO_STOP`, `R_INVALID_STOP`). */
  readonly r: Float64Array;
  readonly rBucket: Uint8Array;
  /**
   * What a summary reads of row i, in one 64-byte cache line at `packed[8i … 8i + 7]` (a group's rows are scattered
   * through the journal): net P&L, gross P&L, charges, exit day index, where its outcome's sums are (`outcomeOffset`),
   * an unused slot, 1 if a win, 1 if a loss. The offset and flags let a summary add instead of branching on a win or a
   * loss, which the processor cannot predict.
   */
  readonly packed: Float64Array;
  readonly columns: Readonly<Record<Dimension, KeyColumn>>;
  /** Not a statistics dimension, but the trades list's symbol filter also finds a trade by its underlying. */
  readonly underlying: KeyColumn;
  /** Every dimension's groups numbered one after the other: dimension d's group c is `groupBase[d] + c`. */
  readonly groupBase: Readonly<Record<Dimension, number>>;
  readonly groupCount: number;
  /** Row i's groups: `rowGroups[rowGroupStart[i]] … rowGroups[rowGroupStart[i + 1] − 1]`. */
  readonly rowGroupStart: Uint32Array;
  readonly rowGroups: Uint32Array;
}

/**
 * Parses and lays out the journal once. Throws a RangeError naming the value on a malformed time or date, and on an
 * `entryDate` or `exitDate` that is not the IST day of its time (the statistics and the filters must date a trade
 * alike).
 */
export function prepareJournal(input: readonly TradeForStats[]): PreparedJournal {
  const n = input.length;
  const entry = new Float64Array(n);
  const exit = new Float64Array(n);
  let sorted = true;
  for (let i = 0; i < n; i++) {
    const t = input[i]!;
    entry[i] = parseTimestamp(t.entryTime);
    exit[i] = parseTimestamp(t.exitTime);
    checkDay(t, 'entryDate', t.entryDate, entry[i]!, t.entryTime);
    checkDay(t, 'exitDate', t.exitDate, exit[i]!, t.exitTime);
    if (sorted && i > 0 && compare(input, entry, exit, i - 1, i) > 0) sorted = false;
  }
  // Journals usually arrive in time order: skip the sort when they already are.
  let order: Uint32Array | null = null;
  if (!sorted) {
    const idx = Array.from({ length: n }, (_, i) => i);
    idx.sort((a, b) => compare(input, entry, exit, a, b));
    order = Uint32Array.from(idx);
  }
  const at = (i: number) => (order ? order[i]! : i);

  const trades = new Array<TradeForStats>(n);
  const netPnl = new Float64Array(n);
  const grossPnl = new Float64Array(n);
  const charges = new Float64Array(n);
  const entryMs = new Float64Array(n);
  const exitMs = new Float64Array(n);
  const exitDayIndex = new Uint32Array(n);
  // In exit order the exit days come ascending: each new one is appended.
  const days: number[] = [];
  const r = new Float64Array(n);
  const rBucket = new Uint8Array(n);
  const packed = new Float64Array(n * PACKED);
  for (let i = 0; i < n; i++) {
    const j = at(i);
    const t = input[j]!;
    trades[i] = t;
    netPnl[i] = t.netPnl;
    grossPnl[i] = t.grossPnl;
    charges[i] = t.charges;
    entryMs[i] = entry[j]!;
    exitMs[i] = exit[j]!;
    const exitDay = istDay(exit[j]!);
    if (days.length === 0 || days[days.length - 1]! !== exitDay) days.push(exitDay);
    exitDayIndex[i] = days.length - 1;
    const p = PACKED * i;
    packed[p] = t.netPnl;
    packed[p + 1] = t.grossPnl;
    packed[p + 2] = t.charges;
    packed[p + 3] = exitDayIndex[i]!;
    packed[p + 4] = outcomeOffset(t.netPnl);
    packed[p + 6] = t.netPnl > 0 ? 1 : 0;
    packed[p + 7] = t.netPnl < 0 ? 1 : 0;
    // The same R as `tradeR`, with the reason when there is none.
    const stop = t.stopLoss;
    const tr = stop === null || stop === undefined ? null : rMultiple(t.side, t.entryPrice, t.exitPrice, stop);
    r[i] = tr ?? 0;
    rBucket[i] = tr !== null ? rBucketOf(tr) : stop === null || stop === undefined ? R_NO_STOP : R_INVALID_STOP;
  }

  const exitDays = Int32Array.from(days);
  let layout: GroupLayout | undefined;
  const groups = () => {
    layout ??= layOutGroups(trades, entryMs, exitMs, exitDays, exitDayIndex);
    return layout;
  };
  return {
    trades,
    netPnl,
    grossPnl,
    charges,
    entryMs,
    exitMs,
    exitDayIndex,
    exitDays,
    r,
    rBucket,
    packed,
    // What a group, a filter or the trades list's symbol search reads is laid out on first use: the dashboard's
    // summary needs none of it, and it is a third of the preparation.
    get columns() {
      return groups().columns;
    },
    get underlying() {
      return groups().underlying;
    },
    get groupBase() {
      return groups().groupBase;
    },
    get groupCount() {
      return groups().groupCount;
    },
    get rowGroupStart() {
      return groups().rowGroupStart;
    },
    get rowGroups() {
      return groups().rowGroups;
    },
  };
}

type GroupLayout = Pick<
  PreparedJournal,
  'columns' | 'underlying' | 'groupBase' | 'groupCount' | 'rowGroupStart' | 'rowGroups'
>;

/** Every dimension's groups of the rows `trades` (in exit order), with each row's groups across dimensions. */
function layOutGroups(
  trades: readonly TradeForStats[],
  entryMs: Float64Array,
  exitMs: Float64Array,
  exitDays: Int32Array,
  exitDayIndex: Uint32Array,
): GroupLayout {
  const n = trades.length;
  // One builder per dimension, each filled by name below rather than through a record keyed by dimension and a reader
  // function per dimension: those keyed reads and calls, twelve per trade, were the slow part of this loop.
  const column = (d: Dimension) => new KeyColumnBuilder(n, FIXED_ORDER[d]);
  const builders: Record<Dimension, KeyColumnBuilder> = {
    timeOfDay: column('timeOfDay'),
    weekday: column('weekday'),
    holdingTime: column('holdingTime'),
    side: column('side'),
    segment: column('segment'),
    product: column('product'),
    symbol: column('symbol'),
    playbook: column('playbook'),
    emotionBefore: column('emotionBefore'),
    emotionAfter: column('emotionAfter'),
    mistake: column('mistake'),
    tag: column('tag'),
  };
  const { timeOfDay, weekday, holdingTime, side, segment, product, symbol, playbook } = builders;
  const { emotionBefore, emotionAfter, mistake, tag } = builders;
  const underlying = new KeyColumnBuilder(n);
  for (let i = 0; i < n; i++) {
    const t = trades[i]!;
    timeOfDay.pushCode(i, timeOfDayIndex(entryMs[i]!));
    weekday.pushCode(i, weekdayOfDayNumber(exitDays[exitDayIndex[i]!]!));
    holdingTime.pushCode(i, holdingTimeIndex(entryMs[i]!, exitMs[i]!));
    side.push(i, t.side);
    segment.push(i, t.segment);
    product.push(i, t.product);
    symbol.push(i, t.symbol);
    playbook.push(i, t.playbookId ?? null);
    emotionBefore.push(i, t.emotionsBefore);
    emotionAfter.push(i, t.emotionsAfter);
    mistake.push(i, t.mistakes);
    tag.push(i, t.tags);
    underlying.push(i, t.underlying ?? null);
  }

  const columns = {} as Record<Dimension, KeyColumn>;
  const groupBase = {} as Record<Dimension, number>;
  let groupCount = 0;
  let memberships = 0;
  const bases: number[] = [];
  for (const d of DIMENSIONS) {
    columns[d] = builders[d].build();
    groupBase[d] = groupCount;
    bases.push(groupCount);
    groupCount += columns[d].keys.length;
    memberships += columns[d].codes.length;
  }
  const starts = DIMENSIONS.map((d) => columns[d].start);
  const codeLists = DIMENSIONS.map((d) => columns[d].codes);
  // Per row, its group in every dimension, numbered across dimensions (read from arrays: a million memberships).
  const rowGroupStart = new Uint32Array(n + 1);
  const rowGroups = new Uint32Array(memberships);
  let k = 0;
  for (let i = 0; i < n; i++) {
    for (let d = 0; d < starts.length; d++) {
      const start = starts[d]!;
      const codes = codeLists[d]!;
      const base = bases[d]!;
      for (let c = start[i]!; c < start[i + 1]!; c++) rowGroups[k++] = base + codes[c]!;
    }
    rowGroupStart[i + 1] = k;
  }

  return { columns, underlying: underlying.build(), groupBase, groupCount, rowGroupStart, rowGroups };
}

/** The latest IST exit day among `rows` (all rows when null), 'YYYY-MM-DD'; null when there are none. */
export function latestExitDate(journal: PreparedJournal, rows: Uint32Array | null): string | null {
  const count = rows ? rows.length : journal.trades.length;
  // Rows are in exit order: the last one exited last.
  if (count === 0) return null;
  return dateOfDayNumber(journal.exitDays[journal.exitDayIndex[rows ? rows[count - 1]! : count - 1]!]!);
}

/** Throws unless `date` is the IST day of the instant `ms` (parsed from `time`). */
function checkDay(t: TradeForStats, field: 'entryDate' | 'exitDate', date: string, ms: number, time: string): void {
  if (dayNumberOf(date) !== istDay(ms)) {
    throw new RangeError(
      `Trade ${t.id}: ${field} "${date}" is not the IST day of ${field === 'entryDate' ? 'entryTime' : 'exitTime'} "${time}"`,
    );
  }
}

/** A journal already prepared is used as it is; an array of trades is prepared first. */
export function asPrepared(trades: readonly TradeForStats[] | PreparedJournal): PreparedJournal {
  return isPrepared(trades) ? trades : prepareJournal(trades);
}

export function isPrepared(trades: readonly TradeForStats[] | PreparedJournal): trades is PreparedJournal {
  return !Array.isArray(trades);
}

function compare(trades: readonly TradeForStats[], entry: Float64Array, exit: Float64Array, a: number, b: number) {
  const ia = trades[a]!.id;
  const ib = trades[b]!.id;
  return exit[a]! - exit[b]! || entry[a]! - entry[b]! || (ia < ib ? -1 : ia > ib ? 1 : 0);
}
