// De-duplication of re-imported fills, so that importing an overlapping file (or the same file twice)
// adds nothing twice. Mirrors the database's unique (user_id, broker, broker_trade_id).
import type { Fill } from './types';

export interface MergeResult {
  /** The existing fills followed by the new ones, in the order given. */
  fills: Fill[];
  added: number;
  duplicates: number;
}

/**
 * The identity of a fill: (broker, trade id). Without a trade id, the fill's own content stands in for it
 * (broker, exchange, contract, side, quantity, price, time) — two such identical fills can be real (two
 * fills in the same second), so mergeFills counts occurrences of a fallback key rather than sets.
 */
export function fillKey(fill: Fill): string {
  if (fill.tradeId !== null) return `${fill.broker}|id|${fill.tradeId}`;
  return [
    fill.broker,
    'fill',
    fill.exchange,
    fill.symbol,
    fill.expiry ?? '',
    fill.side,
    fill.quantity,
    fill.price,
    fill.executedAt,
  ].join('|');
}

export function mergeFills(existing: readonly Fill[], incoming: readonly Fill[]): MergeResult {
  // How many times each key is already held; a fallback key may legitimately repeat.
  const held = new Map<string, number>();
  for (const fill of existing) held.set(fillKey(fill), (held.get(fillKey(fill)) ?? 0) + 1);
  const seen = new Map<string, number>();
  const fills = [...existing];
  let duplicates = 0;
  for (const fill of incoming) {
    const key = fillKey(fill);
    const count = (seen.get(key) ?? 0) + 1;
    seen.set(key, count);
    // A trade id is unique: any repeat is a duplicate. A fallback key is new only beyond the count held.
    const isDuplicate = fill.tradeId !== null ? held.has(key) || count > 1 : count <= (held.get(key) ?? 0);
    if (isDuplicate) duplicates++;
    else fills.push(fill);
  }
  return { fills, added: fills.length - existing.length, duplicates };
}
