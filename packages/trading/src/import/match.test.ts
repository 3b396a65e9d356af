import { describe, expect, it } from 'vitest';
import { matchFills } from './match';
import type { Fill } from './types';
import { parseZerodhaTradebook } from './zerodha';

let nextId = 1;
/** An NSE equity fill; `at` is an IST clock time on 2025-06-09 unless it is a full timestamp. */
function fill(side: 'buy' | 'sell', quantity: number, price: number, at: string, extra: Partial<Fill> = {}): Fill {
  const id = String(nextId++);
  return {
    broker: 'zerodha',
    tradeId: id,
    orderId: null,
    exchange: 'NSE',
    segment: 'equity',
    symbol: 'INFY',
    underlying: null,
    expiry: null,
    strike: null,
    optionType: null,
    side,
    quantity,
    price,
    executedAt: at.length > 8 ? at : `2025-06-09T${at}+05:30`,
    fees: null,
    row: 0,
    ...extra,
  };
}

describe('matchFills', () => {
  it('makes one trade of scale-ins and partial exits, averaging by quantity', () => {
    const fills = [
      fill('buy', 100, 100, '09:20:00'),
      fill('buy', 50, 106, '09:25:00'),
      fill('sell', 120, 110, '10:00:00'),
      fill('sell', 30, 104, '11:00:00'),
    ];
    const [trade, ...rest] = matchFills(fills);
    expect(rest).toEqual([]);
    // Entry: (100×100 + 50×106) / 150 = 15,300 / 150 = 102. Exit: (120×110 + 30×104) / 150 = 16,320 / 150 = 108.8.
    // P&L: 16,320 − 15,300 = 1,020 (FIFO: 100×10 + 20×4 − 30×2 = 1,020). Closed the same day: intraday.
    expect(trade).toMatchObject({
      side: 'long',
      status: 'closed',
      product: 'intraday',
      quantity: 150,
      openQuantity: 0,
      avgEntryPrice: 102,
      avgExitPrice: 108.8,
      grossPnl: 1020,
      entryTime: '2025-06-09T09:20:00+05:30',
      exitTime: '2025-06-09T11:00:00+05:30',
    });
    expect(trade?.brokerTradeIds).toEqual(fills.map((f) => f.tradeId));
  });

  it('keeps a partly exited position as one open trade with FIFO P&L on the exited part', () => {
    // Buy 100 @ 50, buy 200 @ 56, sell 150 @ 60: FIFO closes 100 @ 50 (+1,000) and 50 @ 56 (+200).
    const [trade, ...rest] = matchFills([
      fill('buy', 100, 50, '09:20:00'),
      fill('buy', 200, 56, '09:30:00'),
      fill('sell', 150, 60, '10:00:00'),
    ]);
    expect(rest).toEqual([]);
    expect(trade).toMatchObject({
      status: 'open',
      product: 'delivery',
      quantity: 300,
      openQuantity: 150,
      avgEntryPrice: 54, // (5,000 + 11,200) / 300
      avgExitPrice: 60,
      grossPnl: 1200,
    });
  });

  it('flips a long into a short when a sell exceeds the open quantity', () => {
    const flip = fill('sell', 150, 210, '10:00:00');
    const trades = matchFills([fill('buy', 100, 200, '09:30:00'), flip, fill('buy', 50, 205, '11:00:00')]);
    // Long 100 @ 200 → 210: +1,000. Short 50 @ 210 → 205: +250. The flip fill is in both trades.
    expect(trades).toMatchObject([
      { side: 'long', status: 'closed', quantity: 100, avgExitPrice: 210, grossPnl: 1000 },
      { side: 'short', status: 'closed', quantity: 50, avgEntryPrice: 210, grossPnl: 250 },
    ]);
    expect(trades[0]?.executions.at(-1)).toMatchObject({ fill: flip, quantity: 100, role: 'exit' });
    expect(trades[1]?.executions[0]).toMatchObject({ fill: flip, quantity: 50, role: 'entry' });
    expect(trades[1]?.entryTime).toBe('2025-06-09T10:00:00+05:30');
  });

  it('matches a short sale bought back', () => {
    const [trade] = matchFills([fill('sell', 10, 500, '09:16:00'), fill('buy', 10, 480, '15:10:00')]);
    expect(trade).toMatchObject({ side: 'short', grossPnl: 200, product: 'intraday' });
  });

  it('calls an equity position held overnight delivery', () => {
    const [trade] = matchFills([
      fill('buy', 10, 100, '2025-06-09T10:00:00+05:30'),
      fill('sell', 10, 90, '2025-06-10T10:00:00+05:30'),
    ]);
    expect(trade).toMatchObject({ product: 'delivery', status: 'closed', grossPnl: -100 });
  });

  it('orders fills by time, so fills from several imports in any order match the same', () => {
    const a = fill('buy', 10, 100, '09:20:00');
    const b = fill('sell', 10, 101, '09:40:00');
    expect(matchFills([b, a])).toEqual(matchFills([a, b]));
  });

  it('keeps instruments apart', () => {
    const trades = matchFills([
      fill('buy', 10, 100, '09:20:00'),
      fill('sell', 5, 2000, '09:21:00', { symbol: 'TCS' }),
      fill('sell', 10, 101, '09:40:00'),
    ]);
    expect(trades.map((t) => [t.symbol, t.side, t.status])).toEqual([
      ['INFY', 'long', 'closed'],
      ['TCS', 'short', 'open'],
    ]);
  });

  it('matches an options round trip from a Zerodha F&O tradebook', () => {
    const csv = [
      'symbol,isin,trade_date,exchange,segment,series,trade_type,auction,quantity,price,trade_id,order_id,order_execution_time,expiry_date',
      'NIFTY25DEC24500CE,,2025-12-01,NFO,FO,OPTIDX,buy,false,75,120.50,501,1,2025-12-01T09:20:00,2025-12-30',
      'NIFTY25DEC24500CE,,2025-12-01,NFO,FO,OPTIDX,buy,false,75,121.50,502,1,2025-12-01T09:20:01,2025-12-30',
      'NIFTY25DEC24500CE,,2025-12-01,NFO,FO,OPTIDX,sell,false,150,130.00,503,2,2025-12-01T13:45:00,2025-12-30',
      'BANKNIFTY26JAN52000PE,,2025-12-01,NFO,FO,OPTIDX,buy,false,30,300.00,504,3,2025-12-01T14:00:00,2026-01-27',
      'BANKNIFTY26JAN52000PE,,2025-12-02,NFO,FO,OPTIDX,sell,false,30,250.00,505,4,2025-12-02T09:30:00,2026-01-27',
    ].join('\n');
    const { fills, errors } = parseZerodhaTradebook(csv);
    expect(errors).toEqual([]);
    const [nifty, banknifty] = matchFills(fills);
    // 150 units: entry (75×120.5 + 75×121.5) / 150 = 121; exit 130; P&L 150 × 9 = 1,350; same day: intraday.
    expect(nifty).toMatchObject({
      segment: 'options',
      product: 'intraday',
      underlying: 'NIFTY',
      expiry: '2025-12-30',
      strike: 24500,
      optionType: 'CE',
      quantity: 150,
      avgEntryPrice: 121,
      avgExitPrice: 130,
      grossPnl: 1350,
      brokerTradeIds: ['501', '502', '503'],
    });
    // Held overnight: carry forward; 30 × (250 − 300) = −1,500.
    expect(banknifty).toMatchObject({ product: 'carry_forward', optionType: 'PE', grossPnl: -1500 });
  });

  it('shares broker fees of a split fill pro rata', () => {
    const trades = matchFills([
      fill('buy', 100, 10, '09:20:00', { fees: 4 }),
      fill('sell', 200, 11, '09:30:00', { fees: 10 }),
    ]);
    // Long: 4 + 10 × 100/200 = 9; short: 10 × 100/200 = 5.
    expect(trades.map((t) => t.fees)).toEqual([9, 5]);
  });
});
