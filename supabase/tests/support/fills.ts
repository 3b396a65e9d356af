// Test fixtures write a trade with its fills inline (`executions`, each with the units the trade holds of it), as a
// trader reads a trade; the rebuild RPCs take each fill once (p_fills, with an id the caller chooses) and trades that
// name their fills ([fill id, units]). `toRpc` turns the one into the other the way the app does: a fill already
// stored for the caller (same broker, trade id and time) is named, not sent again; a fill in two trades (a flip) is
// one fill of their summed units; a fill without a trade id is a fill of its own.
import { randomUUID } from 'node:crypto';
import type { Database } from '@bahi/supabase-local';

export interface InlineFill {
  side: 'buy' | 'sell';
  quantity: number;
  price: number;
  executed_at: string;
  broker_trade_id: string | null;
  broker_order_id?: string | null;
  kind?: 'fill' | 'opening' | 'bonus';
  import_id?: string | null;
  exchange?: string;
  date_unknown?: boolean;
  fees?: number | null;
}

export interface InlineTrade {
  broker?: string;
  exchange: string;
  segment: string;
  symbol: string;
  isin?: string | null;
  underlying?: string | null;
  expiry?: string | null;
  strike?: number | null;
  option_type?: string | null;
  executions: InlineFill[];
  [field: string]: unknown;
}

export interface RpcPayload {
  /** p_trades, as JSON. */
  trades: string;
  /** p_fills, as JSON. */
  fills: string;
}

const instant = (at: string) => new Date(at).getTime();

/**
 * The RPC's p_trades and p_fills for trades written with inline fills, as `userId` (default broker `broker`). With
 * `reuseStored: false` every fill is sent as new, as a client that did not de-duplicate would.
 */
export async function toRpc(
  db: Database,
  userId: string | undefined,
  trades: readonly InlineTrade[],
  broker = 'zerodha',
  { reuseStored = true } = {},
): Promise<RpcPayload> {
  const stored = new Map<string, string>();
  if (userId && reuseStored) {
    const { rows } = await db.query<{ id: string; broker: string; broker_trade_id: string; at: string }>(
      `select id, broker, broker_trade_id, executed_at::text as at from public.fills
       where user_id = $1 and broker_trade_id is not null`,
      [userId],
    );
    for (const r of rows) stored.set(`${r.broker}|${r.broker_trade_id}|${instant(r.at)}`, r.id);
  }

  const fresh = new Map<string, Record<string, unknown>>();
  const out = trades.map((t) => {
    const { executions, ...trade } = t;
    if (!Array.isArray(executions)) return t;
    const fills = executions.map((e) => {
      const key =
        e.broker_trade_id === null ? null : `${t.broker ?? broker}|${e.broker_trade_id}|${instant(e.executed_at)}`;
      const known = key === null ? undefined : stored.get(key);
      if (known) return [known, e.quantity];
      const again = key === null ? undefined : fresh.get(key);
      if (again) {
        again.quantity = (again.quantity as number) + e.quantity;
        return [again.id, e.quantity];
      }
      const fill = {
        id: randomUUID(),
        ...(t.broker ? { broker: t.broker } : {}),
        exchange: e.exchange ?? t.exchange,
        segment: t.segment,
        symbol: t.symbol,
        isin: t.isin ?? null,
        underlying: t.underlying ?? null,
        expiry: t.expiry ?? null,
        strike: t.strike ?? null,
        option_type: t.option_type ?? null,
        ...e,
      };
      if (key !== null) fresh.set(key, fill);
      else fresh.set(fill.id, fill);
      return [fill.id, e.quantity];
    });
    return { ...trade, fills };
  });
  return { trades: JSON.stringify(out), fills: JSON.stringify([...fresh.values()]) };
}
