// STT is rounded once per contract note (one IST day, exchange and market), so a trade's share of it depends on every
// other trade on the same note, of any instrument and from any file. A rebuild charges its trades with the journal's
// trades that it keeps on the same notes (as weights: they count in the rounding, and are not written), and when a
// kept trade's share changes because the note now holds other trades, its instrument is rebuilt too, from that day,
// so that it is re-charged. Only trades whose charges are estimated take part: a broker's own figures stand.
import { chargeNotes, fillNoteKey, type NoteLegs, noteKey, tradeNotes } from '../charges/contract-notes';
import type { MatchedTrade } from '../import/match';
import type { Fill } from '../import/types';
import type { RebuildGroup, RebuildInput, StoredTrade } from './rebuild';

const estimated = (t: StoredTrade) => t.fills.length > 0 && t.fills.every((s) => s.fill.fees === null);

// A stored trade's legs by note, numbered 0: worked out once per trade object, whatever the number of rounds.
const legsOf = new WeakMap<StoredTrade, NoteLegs[]>();

/** A stored trade's legs on each of its notes, as tradeNotes makes them from its fills as stored. */
function storedLegs(t: StoredTrade): NoteLegs[] {
  let legs = legsOf.get(t);
  if (!legs) {
    const first = t.fills[0]!.fill;
    legs = tradeNotes(
      {
        segment: first.segment,
        product: t.product,
        symbol: first.symbol,
        executions: t.fills.map((s) => ({ fill: s.fill, quantity: s.fill.quantity })),
      },
      0,
    );
    legsOf.set(t, legs);
  }
  return legs;
}

// The notes a stored trade's own fills are on, once per trade object too: a plan asks it of every kept trade, in
// every round, and a key is a string built from the fill.
const noteKeysOf = new WeakMap<StoredTrade, string[]>();

function storedNoteKeys(t: StoredTrade): string[] {
  let keys = noteKeysOf.get(t);
  if (!keys) {
    const distinct = new Set<string>();
    for (const s of t.fills) if (!s.fill.opening) distinct.add(fillNoteKey(s.fill));
    keys = [...distinct];
    noteKeysOf.set(t, keys);
  }
  return keys;
}

const touches = (t: StoredTrade, keys: ReadonlySet<string>) => storedNoteKeys(t).some((key) => keys.has(key));

/** The notes a planned trade's charged fills are on (what tradeNotes would key them by, without building the legs). */
function addKeys(keys: Set<string>, t: MatchedTrade): void {
  if (t.fees !== null) return;
  for (const e of t.executions) if (!e.fill.opening) keys.add(fillNoteKey(e.fill));
}

const tradeTouches = (t: MatchedTrade, keys: ReadonlySet<string>) =>
  t.executions.some((e) => !e.fill.opening && keys.has(fillNoteKey(e.fill)));

/** Legs of `trades`, numbered from `first` on, only those on `keys` when given. */
function numbered(trades: readonly StoredTrade[], first: number, keys?: ReadonlySet<string>): NoteLegs[] {
  const out: NoteLegs[] = [];
  trades.forEach((t, i) => {
    for (const legs of storedLegs(t)) if (!keys || keys.has(noteKey(legs))) out.push({ ...legs, trade: first + i });
  });
  return out;
}

/**
 * The legs of the journal's trades that a rebuild keeps (not in `replace`) on the notes of the trades it matched:
 * they round STT with them (chargeTrades' `sameNotes`).
 */
export function keptLegsOnNotes(
  stored: readonly StoredTrade[],
  replace: ReadonlyMap<string, readonly string[]>,
  matched: readonly MatchedTrade[],
): NoteLegs[] {
  const replaced = new Set<string>();
  for (const ids of replace.values()) for (const id of ids) replaced.add(id);
  // Most plans keep nothing (a first import, a whole rebuild): no notes to work out then.
  const candidates = stored.filter((t) => !replaced.has(t.id) && estimated(t));
  if (candidates.length === 0) return [];
  const keys = new Set<string>();
  for (const t of matched) addKeys(keys, t);
  return numbered(
    candidates.filter((t) => touches(t, keys)),
    0,
    keys,
  );
}

/**
 * The instruments to rebuild as well, each from a day: those holding a kept trade whose share of a note's STT the
 * plan changes (the note gains or loses trades). Empty when the plan leaves every kept trade's STT as it was.
 */
export function sameDayCuts(
  groups: readonly RebuildGroup[],
  input: Pick<RebuildInput, 'stored' | 'charges'>,
  keyOf: (fill: Fill) => string,
): Map<string, string> {
  const cuts = new Map<string, string>();
  const replaced = new Set(groups.flatMap((g) => g.replace));
  const kept = input.stored.filter((t) => !replaced.has(t.id) && estimated(t));
  if (kept.length === 0) return cuts;
  const before = input.stored.filter((t) => replaced.has(t.id) && estimated(t));
  const after = groups.flatMap((g) => g.trades.map((p) => p.trade)).filter((t) => t.fees === null);
  // The notes the plan changes: those its new trades are on, and those its replaced trades were on.
  const changed = new Set<string>();
  for (const t of after) addKeys(changed, t);
  for (const t of before) for (const key of storedNoteKeys(t)) changed.add(key);
  const onChanged = kept.filter((t) => touches(t, changed));
  if (onChanged.length === 0) return cuts;

  // Each such trade's STT before and after, each of its notes with every trade on it: its other notes hold kept
  // trades only, the same both times.
  const theirs = numbered(onChanged, 0);
  const theirKeys = new Set(theirs.map(noteKey));
  const inChanged = new Set(onChanged);
  const others = numbered(
    kept.filter((t) => !inChanged.has(t) && touches(t, theirKeys)),
    onChanged.length,
    theirKeys,
  );
  const n = onChanged.length + others.length;
  const plannedLegs: NoteLegs[] = [];
  after.forEach((t, i) => {
    if (!tradeTouches(t, theirKeys)) return;
    for (const legs of tradeNotes(t, n + i)) if (theirKeys.has(noteKey(legs))) plannedLegs.push(legs);
  });
  const replacedLegs = numbered(
    before.filter((t) => touches(t, theirKeys)),
    n,
    theirKeys,
  );
  const was = chargeNotes([...theirs, ...others, ...replacedLegs], onChanged.length, input.charges);
  const now = chargeNotes([...theirs, ...others, ...plannedLegs], onChanged.length, input.charges);
  onChanged.forEach((t, i) => {
    if (was[i]!.lines.stt === now[i]!.lines.stt) return;
    // From the first changed note it is on: the trade is rebuilt, the instrument's earlier closed trades are kept.
    let from: string | undefined;
    for (const legs of storedLegs(t)) if (changed.has(noteKey(legs)) && (!from || legs.date < from)) from = legs.date;
    const key = keyOf(t.fills[0]!.fill);
    const at = cuts.get(key);
    if (from && (!at || from < at)) cuts.set(key, from);
  });
  return cuts;
}

/**
 * Plans a rebuild with the same-day trades it re-rounds: `once` plans with the cuts given (RebuildInput.from), and
 * runs again with the instruments whose kept trades' STT changes, until none does.
 */
export function withSameDayTrades(
  input: RebuildInput,
  keyOf: (fill: Fill) => string,
  once: (input: RebuildInput) => RebuildGroup[],
): RebuildGroup[] {
  const from = new Map(input.from ?? []);
  for (;;) {
    const groups = once({ ...input, from });
    let grew = false;
    for (const [key, date] of sameDayCuts(groups, input, keyOf)) {
      const at = from.get(key);
      if (at === undefined || date < at) {
        from.set(key, date);
        grew = true;
      }
    }
    if (!grew) return groups;
  }
}
