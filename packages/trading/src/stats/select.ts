import { type FilterableTrade, isEmptyFilter, outcomeOf, type TradeFilter, tradeMatcher } from '../filter/filter';
import { dateOfDayNumber, istDay } from '../time/ist';
import type { KeyColumn, PreparedJournal } from './prepare';
import type { Rows } from './summarize';

/** Statistics options shared by every function: the trades list's filter, applied to the prepared journal. */
export interface FilterOption {
  filter?: TradeFilter;
}

/**
 * The rows of a prepared journal that `filter` keeps (exactly the trades `filterTrades` keeps), in exit order; null
 * when the filter narrows nothing. Each test is decided once per label or date rather than once per trade (is
 * symbol #7 'NIFTY'?), so a row costs a few array reads; only free-text search reads the trades' text.
 */
export function selectRows(journal: PreparedJournal, filter: TradeFilter | undefined): Rows {
  return !filter || isEmptyFilter(filter) ? null : matchingRows(journal, filter);
}

// Apart from `selectRows` so that its many calls with no filter do not mislead the optimising compiler about this.
function matchingRows(journal: PreparedJournal, filter: TradeFilter): Uint32Array {
  const { from, to, dateBy, segments, symbol, playbookId, tag, outcome, search } = filter;
  const { trades, exitDays, exitDayIndex, entryMs, netPnl, columns, underlying } = journal;
  // The filter's own predicate decides each distinct value, so the two paths share one definition of a match.
  const test = (part: TradeFilter) => {
    const match = tradeMatcher(part);
    return (over: Partial<FilterableTrade>) =>
      match({ entryDate: '', exitDate: null, segment: 'equity', symbol: '', tags: [], netPnl: 0, ...over });
  };
  const byDate = from || to ? test({ from, to, dateBy }) : null;
  const byEntry = dateBy === 'entry';
  // Dated by exit (the default): decided once per exit day. By entry: once per day of the span of entry days.
  const exitOk =
    byDate && !byEntry && decide(exitDays.length, (d) => byDate({ exitDate: dateOfDayNumber(exitDays[d]!) }));
  let firstEntryDay = 0;
  let entryOk: Uint8Array | null = null;
  if (byDate && byEntry && trades.length) {
    let last = istDay(entryMs[0]!);
    firstEntryDay = last;
    for (let i = 1; i < trades.length; i++) {
      const day = istDay(entryMs[i]!);
      if (day < firstEntryDay) firstEntryDay = day;
      if (day > last) last = day;
    }
    entryOk = decide(last - firstEntryDay + 1, (k) => byDate({ entryDate: dateOfDayNumber(firstEntryDay + k) }));
  }
  const bySegment = segments?.length ? test({ segments }) : null;
  const segmentOk =
    bySegment && perKey(columns.segment, (key) => bySegment({ segment: key as FilterableTrade['segment'] }));
  const bySymbol = symbol?.trim() ? test({ symbol }) : null;
  const symbolOk = bySymbol && perKey(columns.symbol, (key) => bySymbol({ symbol: key ?? '' }));
  const underlyingOk = bySymbol && perKey(underlying, (key) => key !== null && bySymbol({ underlying: key }));
  const byPlaybook = playbookId ? test({ playbookId }) : null;
  const playbookOk = byPlaybook && perKey(columns.playbook, (key) => byPlaybook({ playbookId: key }));
  const byTag = tag?.trim() ? test({ tag }) : null;
  const tagOk = byTag && perKey(columns.tag, (key) => key !== null && byTag({ tags: [key] }));
  const bySearch = search?.trim() ? tradeMatcher({ search }) : null;

  const selected = new Uint32Array(trades.length);
  let count = 0;
  for (let i = 0; i < trades.length; i++) {
    if (exitOk && !exitOk[exitDayIndex[i]!]) continue;
    if (entryOk && !entryOk[istDay(entryMs[i]!) - firstEntryDay]) continue;
    if (segmentOk && !segmentOk[first(columns.segment, i)]) continue;
    if (symbolOk && !symbolOk[first(columns.symbol, i)] && !underlyingOk![first(underlying, i)]) continue;
    if (playbookOk && !playbookOk[first(columns.playbook, i)]) continue;
    if (tagOk && !any(columns.tag, i, tagOk)) continue;
    if (outcome && outcomeOf(netPnl[i]!) !== outcome) continue;
    if (bySearch && !bySearch(trades[i]!)) continue;
    selected[count++] = i;
  }
  return selected.slice(0, count);
}

function decide(size: number, test: (index: number) => boolean): Uint8Array {
  const ok = new Uint8Array(size);
  for (let i = 0; i < size; i++) ok[i] = test(i) ? 1 : 0;
  return ok;
}

const perKey = (column: KeyColumn, test: (key: string | null) => boolean) =>
  decide(column.keys.length, (c) => test(column.keys[c]!));

const first = (column: KeyColumn, i: number) => column.codes[column.start[i]!]!;

function any(column: KeyColumn, i: number, ok: Uint8Array): boolean {
  for (let k = column.start[i]!; k < column.start[i + 1]!; k++) if (ok[column.codes[k]!]) return true;
  return false;
}
