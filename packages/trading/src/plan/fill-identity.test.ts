// A fill's identity over years of files: exchange trade numbers restart every day, so the same number names many
// fills; only the day, venue, order and number together name one. And a fill the trader deleted stays deleted.
import { describe, expect, it } from 'vitest';
import { deletedFillKey, fillIdentity, mergeFills } from '../import/dedupe';
import { parseZerodhaTradebook } from '../import/zerodha';
import { Journal } from './journal.fixture';
import { planImport } from './plan-import';
import { plannedTrades } from './rebuild';

const HEADER =
  'symbol,isin,trade_date,exchange,segment,series,trade_type,auction,quantity,price,trade_id,order_id,order_execution_time';
const infy = (date: string, side: string, qty: number, price: number, tradeId: string, orderId: string) =>
  `INFY,INE009A01021,${date},NSE,EQ,EQ,${side},false,${qty},${price},${tradeId},${orderId},${date}T10:15:00`;
const file = (...rows: string[]) => parseZerodhaTradebook([HEADER, ...rows].join('\n'));

describe('a fill is its day, venue, order and trade number', () => {
  it('keeps two fills with the same trade number on different days: INFY bought 2 Jan, sold 3 Jan 2025', () => {
    const parsed = file(
      infy('2025-01-02', 'buy', 10, 1900, '55001', '1100000000000001'),
      infy('2025-01-03', 'sell', 10, 1950, '55001', '1100000000000002'),
    );
    expect(parsed.fills.map(fillIdentity)).toEqual([
      '2025-01-02|NSE|equity|1100000000000001|55001',
      '2025-01-03|NSE|equity|1100000000000002|55001',
    ]);
    const plan = planImport(parsed, { stored: [], actions: [] });
    expect([plan.newFills, plan.duplicates]).toEqual([2, 0]);
    // One delivery trade, closed: (1,950 − 1,900) × 10 = +500.
    expect(plannedTrades(plan.groups).map((p) => [p.trade.status, p.trade.quantity, p.trade.grossPnl])).toEqual([
      ['closed', 10, 500],
    ]);
  });

  it('keeps the sale when it comes in a later file, and skips only true repeats', () => {
    const journal = new Journal();
    const january = file(infy('2025-01-02', 'buy', 10, 1900, '55001', '1100000000000001'));
    journal.save(planImport(january, { stored: journal.trades, actions: [] }).groups, 'i1');
    // The next file overlaps the first day and adds the sale, with the same trade number on another day.
    const next = file(
      infy('2025-01-02', 'buy', 10, 1900, '55001', '1100000000000001'),
      infy('2025-01-03', 'sell', 10, 1950, '55001', '1100000000000002'),
    );
    const plan = planImport(next, { stored: journal.trades, actions: [] });
    expect([plan.newFills, plan.duplicates]).toEqual([1, 1]);
    expect(plannedTrades(plan.groups).map((p) => [p.trade.status, p.trade.grossPnl])).toEqual([['closed', 500]]);
    // The open holding it closes is continued, not replaced by a stranger: the journal keeps the trade's id.
    const [open] = journal.trades;
    expect(plannedTrades(plan.groups)[0]?.continues).toBe(open?.id);
  });

  it('loses none of a day-restarting tradebook: 20 days with trade numbers 1 to 4 each day', () => {
    // Every day: buy 2, buy 2, sell 2, sell 2 of INFY with trade numbers 1–4 (orders unique): 80 fills, 20 day trades.
    const rows: string[] = [];
    for (let d = 0; d < 20; d++) {
      const date = `2025-02-${String(d + 1).padStart(2, '0')}`;
      ['buy', 'buy', 'sell', 'sell'].forEach((side, n) => {
        rows.push(infy(date, side, 2, side === 'buy' ? 1900 : 1901, String(n + 1), `${d}${n}`));
      });
    }
    const plan = planImport(file(...rows), { stored: [], actions: [] });
    expect([plan.fillsRead, plan.newFills, plan.duplicates]).toEqual([80, 80, 0]);
    // Each day 4 shares in at 1,900 and out at 1,901: +4 a day.
    const trades = plannedTrades(plan.groups);
    expect(trades.map((p) => [p.trade.product, p.trade.grossPnl])).toEqual(Array(20).fill(['intraday', 4]));
  });

  it('keeps a split fill and a same-numbered fill of the next day apart, and finds both on re-import', () => {
    const journal = new Journal();
    // Day 1: buy 10, sell 4 the same day (4 intraday, 6 carried). Day 2: the same trade number buys 5 more.
    const first = file(
      infy('2025-03-03', 'buy', 10, 1800, '7', 'A1'),
      infy('2025-03-03', 'sell', 4, 1810, '8', 'A2'),
      infy('2025-03-04', 'buy', 5, 1820, '7', 'B1'),
    );
    journal.save(planImport(first, { stored: [], actions: [] }).groups, 'i1');
    // Fill 7 of 3 March is one stored fill held by two trades (4 and 6); 7 of 4 March is another.
    const held = journal.trades
      .flatMap((t) => t.fills.map((s) => [fillIdentity(s.fill), s.id, s.fill.quantity] as const))
      .sort();
    expect(held.map(([identity, , units]) => [identity, units])).toEqual([
      ['2025-03-03|NSE|equity|A1|7', 4],
      ['2025-03-03|NSE|equity|A1|7', 6],
      ['2025-03-03|NSE|equity|A2|8', 4],
      ['2025-03-04|NSE|equity|B1|7', 5],
    ]);
    expect(held[0]?.[1]).toBe(held[1]?.[1]);
    // The same file again adds nothing.
    expect(planImport(first, { stored: journal.trades, actions: [] })).toMatchObject({ newFills: 0, duplicates: 3 });
  });
});

describe('fills the trader deleted', () => {
  it('are skipped on re-import and counted apart from duplicates', () => {
    const parsed = file(
      infy('2025-01-02', 'buy', 10, 1900, '55001', '1100000000000001'),
      infy('2025-01-03', 'sell', 10, 1950, '55001', '1100000000000002'),
    );
    const deleted = new Set([deletedFillKey('zerodha', '2025-01-03|NSE|equity|1100000000000002|55001')]);
    const merged = mergeFills([], parsed.fills, deleted);
    expect([merged.added, merged.duplicates, merged.deleted]).toEqual([1, 0, 1]);
    const plan = planImport(parsed, { stored: [], actions: [], deleted });
    expect([plan.newFills, plan.deletedSkipped]).toEqual([1, 1]);
    // Only the buy is left: an open holding of 10.
    expect(plannedTrades(plan.groups).map((p) => [p.trade.status, p.trade.openQuantity])).toEqual([['open', 10]]);
  });
});
