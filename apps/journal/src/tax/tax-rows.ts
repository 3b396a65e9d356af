// What `tax_trades()` returns (every realised trade as columns, with the lots of each delivery sale) as the trades
// @bahi/trading's tax P&L reads. Only maps fields: the rules are the package's.
import { baseSymbol, formatIstTimestamp, istDate, parseTimestamp, type TaxTrade, taxTradeOf } from '@bahi/trading';
import { type AdjustmentPayload, adjustmentOf } from '../data/stored-journal';

type Column<T> = T[];

/** The lots of one delivery sale: its buy fills, with the units the sale holds of each. */
interface LotColumns {
  /** The fill's id: names an undated lot. */
  fill: Column<string>;
  units: Column<number | string>;
  price: Column<number>;
  /** Epoch seconds. */
  executed_at: Column<number | string>;
  kind: Column<string>;
  date_unknown: Column<boolean>;
}

export interface TaxTradesJson {
  id: Column<string>;
  symbol: Column<string>;
  isin: Column<string | null>;
  exchange: Column<'NSE' | 'BSE' | 'MCX'>;
  segment: Column<'equity' | 'futures' | 'options'>;
  product: Column<'intraday' | 'delivery' | 'carry_forward'>;
  side: Column<'long' | 'short'>;
  status: Column<'open' | 'closed' | 'missing_cost'>;
  entry_time: Column<string>;
  exit_time: Column<string | null>;
  quantity: Column<number | string>;
  avg_entry_price: Column<number | string | null>;
  avg_exit_price: Column<number | string | null>;
  gross_pnl: Column<number | string | null>;
  charges: Column<number | string>;
  charges_breakdown: Column<Record<string, number> | null>;
  adjustments: Column<AdjustmentPayload[]>;
  lots: Column<LotColumns | null>;
}

const num = (v: number | string | null | undefined) => (v === null || v === undefined ? null : Number(v));

/** Every realised trade in the tax P&L's shape. */
export function taxTradesOf(json: TaxTradesJson): TaxTrade[] {
  const out: TaxTrade[] = [];
  for (let i = 0; i < json.id.length; i++) {
    const lots = json.lots[i];
    const t = taxTradeOf({
      id: json.id[i]!,
      symbol: json.symbol[i]!,
      isin: json.isin[i] ?? null,
      exchange: json.exchange[i]!,
      segment: json.segment[i]!,
      product: json.product[i]!,
      side: json.side[i]!,
      status: json.status[i]!,
      entryTime: json.entry_time[i]!,
      exitTime: json.exit_time[i] ?? null,
      quantity: Number(json.quantity[i]),
      entryPrice: num(json.avg_entry_price[i]),
      exitPrice: num(json.avg_exit_price[i]),
      grossPnl: num(json.gross_pnl[i]),
      charges: Number(json.charges[i]),
      chargesBreakdown: json.charges_breakdown[i] ?? null,
      adjustments: (json.adjustments[i] ?? []).map(adjustmentOf),
      executions: lots
        ? lots.units.map((units, k) => ({
            side: 'buy' as const,
            quantity: Number(units),
            price: Number(lots.price[k]),
            executedAt: formatIstTimestamp(Number(lots.executed_at[k]) * 1000),
            kind: lots.kind[k]!,
            fillId: lots.fill[k],
            ...(lots.date_unknown[k] ? { dateUnknown: true } : {}),
          }))
        : undefined,
    });
    if (t) out.push(t);
  }
  return out;
}

/** An opening lot with no buy date, as `fills` holds it. */
export interface UndatedFillRow {
  id: string;
  symbol: string;
  isin: string | null;
  quantity: number | string;
  price: number | string;
  executed_at: string;
}

/** An opening lot with no buy date as /tax lists it (the ui's UndatedLotView). */
export interface UndatedLot {
  id: string;
  symbol: string;
  isin: string | null;
  quantity: number;
  price: number;
  heldOn: string;
}

/** The opening lots with no buy date, named by their fill's id (as the planner and the tax P&L name them), oldest first. */
export function undatedLotViews(rows: readonly UndatedFillRow[]): UndatedLot[] {
  return rows
    .map((f) => ({
      id: f.id,
      symbol: baseSymbol(f.symbol),
      isin: f.isin,
      quantity: Number(f.quantity),
      price: Number(f.price),
      heldOn: istDate(parseTimestamp(f.executed_at)),
    }))
    .sort((a, b) => a.heldOn.localeCompare(b.heldOn) || a.symbol.localeCompare(b.symbol));
}
