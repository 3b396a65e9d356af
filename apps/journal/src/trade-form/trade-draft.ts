// The trade form's draft: what the trader typed and has not saved, kept in this tab (sessionStorage) as they type, so a
// reload, a visit to another page or Back brings it back. Per account and per trade ('new' for a new one); sign-out
// clears it with the rest of the tab's storage. An edit's draft holds the values it started from, and is dropped when
// the saved trade has changed since (a re-import rebuilt it, say), rather than laid over a different trade.
import type { TradeFormValues } from '@bahi/ui';

interface StoredDraft {
  base: TradeFormValues;
  values: TradeFormValues;
  /** ISO instant of the last change. */
  savedAt: string;
}

const keyOf = (userId: string, tradeId: string | undefined) => `bahi:trade-draft:${userId}:${tradeId ?? 'new'}`;

export const sameValues = (a: TradeFormValues, b: TradeFormValues): boolean => JSON.stringify(a) === JSON.stringify(b);

/** The draft to start from, or null: an edit's only while its trade still reads as it did. */
export function readDraft(
  storage: Storage,
  userId: string,
  tradeId: string | undefined,
  base: TradeFormValues,
): { values: TradeFormValues; savedAt: string } | null {
  try {
    const stored = JSON.parse(storage.getItem(keyOf(userId, tradeId)) ?? 'null') as StoredDraft | null;
    if (!stored?.values || typeof stored.savedAt !== 'string') return null;
    if (tradeId && !sameValues(stored.base, base)) return null;
    if (sameValues(stored.values, base)) return null;
    return { values: { ...base, ...stored.values }, savedAt: stored.savedAt };
  } catch {
    return null;
  }
}

/** Keeps `values` as the draft, or drops it once they equal what the form started from. */
export function writeDraft(
  storage: Storage,
  userId: string,
  tradeId: string | undefined,
  base: TradeFormValues,
  values: TradeFormValues,
  now: Date,
): void {
  try {
    if (sameValues(values, base)) storage.removeItem(keyOf(userId, tradeId));
    else storage.setItem(keyOf(userId, tradeId), JSON.stringify({ base, values, savedAt: now.toISOString() }));
  } catch {
    // A full or blocked storage only costs the draft; the form goes on.
  }
}

export function clearDraft(storage: Storage, userId: string, tradeId: string | undefined): void {
  try {
    storage.removeItem(keyOf(userId, tradeId));
  } catch {
    // As above.
  }
}
