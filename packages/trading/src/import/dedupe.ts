// De-duplication of re-imported fills, so that importing an overlapping file (or the same file twice) adds nothing
// twice, and no two fills are taken for one. Exchange trade numbers restart every day, so a trade id alone names many
// fills over the years: a fill is its broker, IST day, venue, order id and trade id. The database keys fills the same
// way (fills.fill_key, supabase/migrations/20261201100000_history_identity.sql).
import type { Fill } from './types';

export interface MergeResult {
  /** The existing fills followed by the new ones, in the order given. */
  fills: Fill[];
  added: number;
  duplicates: number;
  /** New fills skipped because the trader deleted them from the journal. */
  deleted: number;
}

/**
 * A fill's identity within its broker, as the database's `fill_key`: 'YYYY-MM-DD|exchange|segment|order id|trade
 * id' (the IST day). Null when the export gives no trade id.
 */
export function fillIdentity(fill: Fill): string | null {
  if (fill.tradeId === null) return null;
  return `${fill.executedAt.slice(0, 10)}|${fill.exchange}|${fill.segment}|${fill.orderId ?? ''}|${fill.tradeId}`;
}

/**
 * The identity of a fill across brokers: its broker and `fillIdentity`. Without a trade id, the fill's own content
 * stands in for it (broker, exchange, contract, side, quantity, price, time): two such identical fills can be real
 * (two fills in the same second), so mergeFills counts occurrences of a fallback key rather than sets.
 */
export function fillKey(fill: Fill): string {
  const identity = fillIdentity(fill);
  if (identity !== null) return `${fill.broker}|id|${identity}`;
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

/** The key of a fill the trader deleted, as `deleted_fills` stores it (broker and fill_key). */
export const deletedFillKey = (broker: string, identity: string) => `${broker}|id|${identity}`;

/**
 * The incoming fills that are neither held already nor deleted by the trader. `deleted` holds `deletedFillKey`s.
 */
export function mergeFills(
  existing: readonly Fill[],
  incoming: readonly Fill[],
  deleted: ReadonlySet<string> = new Set(),
): MergeResult {
  // How many times each key is already held; a fallback key may legitimately repeat.
  const held = new Map<string, number>();
  for (const fill of existing) {
    const key = fillKey(fill);
    held.set(key, (held.get(key) ?? 0) + 1);
  }
  const seen = new Map<string, number>();
  const fills = [...existing];
  let duplicates = 0;
  let skippedDeleted = 0;
  for (const fill of incoming) {
    const key = fillKey(fill);
    const count = (seen.get(key) ?? 0) + 1;
    seen.set(key, count);
    // A trade id is unique: any repeat is a duplicate. A fallback key is new only beyond the count held.
    const isDuplicate = fill.tradeId !== null ? held.has(key) || count > 1 : count <= (held.get(key) ?? 0);
    if (isDuplicate) duplicates++;
    else if (fill.tradeId !== null && deleted.has(key)) skippedDeleted++;
    else fills.push(fill);
  }
  return { fills, added: fills.length - existing.length, duplicates, deleted: skippedDeleted };
}
