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

  it('keeps a partly exited futures position as one open trade with FIFO P&L on the exited part', () => {
    // Buy 100 @ 50, buy 200 @ 56, sell 150 @ 60: FIFO closes 100 @ 50 (+1,000) and 50 @ 56 (+200).
    const future = { segment: 'futures', symbol: 'INFY25JUNFUT', underlying: 'INFY', expiry: '2025-06-26' } as const;
    const [trade, ...rest] = matchFills([
      fill('buy', 100, 50, '09:20:00', future),
      fill('buy', 200, 56, '09:30:00', future),
      fill('sell', 150, 60, '10:00:00', future),
    ]);
    expect(rest).toEqual([]);
    expect(trade).toMatchObject({
      status: 'open',
      product: 'carry_forward',
      quantity: 300,
      openQuantity: 150,
      avgEntryPrice: 54, // (5,000 + 11,200) / 300
      avgExitPrice: 60,
      grossPnl: 1200,
    });
  });

  it("nets a share's day as the exchange does: the matched part is intraday, the rest goes into the holding", () => {
    // The same fills in shares: 150 bought and sold the same day are intraday, 150 bought net are delivery.
    const buy2 = fill('buy', 200, 56, '09:30:00');
    const [intraday, holding, ...rest] = matchFills([
      fill('buy', 100, 50, '09:20:00'),
      buy2,
      fill('sell', 150, 60, '10:00:00'),
    ]);
    expect(rest).toEqual([]);
    // Intraday: 100 @ 50 and 50 @ 56 in, 150 @ 60 out: entry 7,800 / 150 = 52; P&L 1,000 + 200 = 1,200.
    expect(intraday).toMatchObject({
      product: 'intraday',
      status: 'closed',
      quantity: 150,
      avgEntryPrice: 52,
      avgExitPrice: 60,
      grossPnl: 1200,
    });
    // Delivery: the other 150 of the second buy, still held.
    expect(holding).toMatchObject({ product: 'delivery', status: 'open', quantity: 150, avgEntryPrice: 56 });
    expect(holding?.executions).toEqual([{ fill: buy2, quantity: 150, role: 'entry' }]);
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
    // TCS was sold without a buy: shares held from before, not a short.
    expect(trades.map((t) => [t.symbol, t.side, t.status])).toEqual([
      ['INFY', 'long', 'closed'],
      ['TCS', 'long', 'missing_cost'],
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

const at = (day: string, time = '10:00:00') => `${day}T${time}+05:30`;

describe('matchFills: shares held across days', () => {
  it('sells shares bought before the file as a trade with no cost basis, never as a delivery short', () => {
    // TCS sold on 13 Dec 2024 with no buy in the file, bought again on 18 Mar 2025.
    const sale = fill('sell', 13, 4300, at('2024-12-13'), { symbol: 'TCS' });
    const buy = fill('buy', 13, 4100, at('2025-03-18'), { symbol: 'TCS' });
    const [missing, held, ...rest] = matchFills([sale, buy]);
    expect(rest).toEqual([]);
    expect(missing).toMatchObject({
      symbol: 'TCS',
      side: 'long',
      product: 'delivery',
      status: 'missing_cost',
      quantity: 13,
      openQuantity: 0,
      avgEntryPrice: null,
      avgExitPrice: 4300,
      grossPnl: null,
      entryTime: at('2024-12-13'),
      exitTime: at('2024-12-13'),
    });
    expect(held).toMatchObject({ side: 'long', product: 'delivery', status: 'open', quantity: 13, openQuantity: 13 });
  });

  it('gives that sale its cost from an opening lot', () => {
    // 13 TCS held since 28 Mar 2024 at 3,900: sold at 4,300, P&L 13 × 400 = 5,200.
    const opening = fill('buy', 13, 3900, at('2024-03-28', '15:30:00'), { symbol: 'TCS', opening: true });
    const [trade] = matchFills([fill('sell', 13, 4300, at('2024-12-13'), { symbol: 'TCS' }), opening]);
    expect(trade).toMatchObject({
      status: 'closed',
      product: 'delivery',
      quantity: 13,
      avgEntryPrice: 3900,
      grossPnl: 5200,
      entryTime: at('2024-03-28', '15:30:00'),
    });
  });

  it('covers as much of a sale as the holding has, and the rest has no cost basis', () => {
    // Hold 5 (bought 2 Dec), sell 8 on 9 Dec: 5 close the holding (+5 × 20 = 100), 3 came from before the file.
    const sale = fill('sell', 8, 120, at('2024-12-09'));
    const [held, missing] = matchFills([fill('buy', 5, 100, at('2024-12-02')), sale]);
    expect(held).toMatchObject({ status: 'closed', product: 'delivery', quantity: 5, grossPnl: 100 });
    expect(missing).toMatchObject({ status: 'missing_cost', quantity: 3, avgExitPrice: 120 });
    expect(missing?.executions).toEqual([{ fill: sale, quantity: 3, role: 'exit' }]);
  });

  it('keeps a day trade apart from the holding, and realises each day of sales on its day', () => {
    // Hold 100 @ 100. Next day buy 50 @ 110 and sell 80 @ 120: 50 intraday (+500), 30 sold from the holding (+600),
    // a closed trade of its own; 70 still held.
    const sale = fill('sell', 80, 120, at('2025-01-03', '11:00:00'));
    const buy = fill('buy', 100, 100, at('2025-01-02'));
    const trades = matchFills([buy, fill('buy', 50, 110, at('2025-01-03', '10:00:00')), sale]);
    expect(trades.map((t) => [t.product, t.status, t.quantity, t.openQuantity, t.grossPnl, t.exitTime])).toEqual([
      ['delivery', 'closed', 30, 0, 600, at('2025-01-03', '11:00:00')],
      ['delivery', 'open', 70, 70, null, null],
      ['intraday', 'closed', 50, 0, 500, at('2025-01-03', '11:00:00')],
    ]);
    expect(trades[0]?.executions).toEqual([
      { fill: buy, quantity: 30, role: 'entry' },
      { fill: sale, quantity: 30, role: 'exit' },
    ]);
    expect(trades[1]?.executions).toEqual([{ fill: buy, quantity: 70, role: 'entry' }]);
    expect(trades[2]?.executions.at(-1)).toEqual({ fill: sale, quantity: 50, role: 'exit' });
  });

  it('keeps a real intraday short while shares are held', () => {
    // Hold 10; sell 10 @ 500 and buy them back @ 480 the same day: a short of +200, the holding untouched.
    const trades = matchFills([
      fill('buy', 10, 450, at('2025-01-02')),
      fill('sell', 10, 500, at('2025-01-03', '09:16:00')),
      fill('buy', 10, 480, at('2025-01-03', '15:10:00')),
    ]);
    expect(trades.map((t) => [t.side, t.product, t.status, t.grossPnl])).toEqual([
      ['long', 'delivery', 'open', null],
      ['short', 'intraday', 'closed', 200],
    ]);
  });

  it('treats a series suffix and either exchange as the same share', () => {
    const trades = matchFills([
      fill('buy', 1000, 8.5, at('2025-02-10'), { symbol: 'IDEA-BE', exchange: 'BSE' }),
      fill('sell', 1000, 9, at('2025-02-14'), { symbol: 'IDEA' }),
    ]);
    expect(trades).toMatchObject([{ symbol: 'IDEA', status: 'closed', product: 'delivery', grossPnl: 500 }]);
  });

  it('spreads the cost of held shares over a split', () => {
    // 10 bought at 1,000; split 1:5 from 10 Jun: 50 at 200; sold at 210: P&L 50 × 10 = 500.
    const split = { symbol: 'NESTLEIND', kind: 'split', from: 1, to: 5, exDate: '2025-06-10' } as const;
    const [trade] = matchFills(
      [
        fill('buy', 10, 1000, at('2025-01-10'), { symbol: 'NESTLEIND' }),
        fill('sell', 50, 210, at('2025-07-01'), { symbol: 'NESTLEIND' }),
      ],
      { actions: [split] },
    );
    expect(trade).toMatchObject({
      status: 'closed',
      quantity: 50,
      avgEntryPrice: 200,
      avgExitPrice: 210,
      grossPnl: 500,
      adjustments: [split],
    });
  });

  it("records the part of a split fill each sale took in the fill's own units, so the parts add up to it", () => {
    // 10 bought at 1,000; split 1:5 (50 at 200); 20 sold at 210 (+200), then 30 at 190 (−300).
    const split = { symbol: 'NESTLEIND', kind: 'split', from: 1, to: 5, exDate: '2025-06-10' } as const;
    const buy = fill('buy', 10, 1000, at('2025-01-10'), { symbol: 'NESTLEIND' });
    const first = fill('sell', 20, 210, at('2025-07-01'), { symbol: 'NESTLEIND' });
    const second = fill('sell', 30, 190, at('2025-08-01'), { symbol: 'NESTLEIND' });
    const [a, b] = matchFills([buy, first, second], { actions: [split] });
    expect(a).toMatchObject({ quantity: 20, avgEntryPrice: 200, grossPnl: 200 });
    expect(b).toMatchObject({ quantity: 30, avgEntryPrice: 200, grossPnl: -300 });
    // 20 of the 50 are 4 of the 10 bought; 30 are the other 6.
    expect(a?.executions[0]).toEqual({ fill: buy, quantity: 4, role: 'entry' });
    expect(b?.executions[0]).toEqual({ fill: buy, quantity: 6, role: 'entry' });
  });

  it('adds bonus shares at no cost, sold after the shares bought', () => {
    // 10 bought at 100; bonus 1:1 (10 free shares); 10 sold at 60 are the bought ones: 10 × (60 − 100) = −400.
    const bonus = { symbol: 'INFY', kind: 'bonus', from: 1, to: 1, exDate: '2025-03-01' } as const;
    const bought = fill('buy', 10, 100, at('2025-01-10'));
    const [sold, held] = matchFills([bought, fill('sell', 10, 60, at('2025-03-05'))], { actions: [bonus] });
    expect(sold).toMatchObject({
      status: 'closed',
      quantity: 10,
      avgEntryPrice: 100,
      grossPnl: -400,
      adjustments: [bonus],
    });
    // The 10 free shares are still held, at no cost, since the ex-date.
    expect(held).toMatchObject({
      status: 'open',
      quantity: 10,
      avgEntryPrice: 0,
      entryTime: '2025-03-01T09:15:00+05:30',
    });
    // Selling all 20 at 60: proceeds 1,200 less cost 1,000 = +200.
    const [all, ...rest] = matchFills([bought, fill('sell', 20, 60, at('2025-03-05'))], { actions: [bonus] });
    expect(rest).toEqual([]);
    expect(all).toMatchObject({ status: 'closed', quantity: 20, avgEntryPrice: 50, grossPnl: 200 });
  });

  it('leaves futures and options shorts as real shorts across days', () => {
    const future = { segment: 'futures', symbol: 'NIFTY25JANFUT', underlying: 'NIFTY', expiry: '2025-01-30' } as const;
    const [short] = matchFills([
      fill('sell', 75, 23500, at('2025-01-02'), future),
      fill('buy', 75, 23400, at('2025-01-06'), future),
    ]);
    expect(short).toMatchObject({ side: 'short', product: 'carry_forward', status: 'closed', grossPnl: 7500 });
  });
});

describe('fractional units (ETF and fund units)', () => {
  const etf = { symbol: 'LIQUIDBEES', isin: 'INF732E01037' };

  it('closes a holding bought in parts and sold in parts with nothing left over', () => {
    // In binary floating point 24.609 − 10.2 is 14.409000000000002: kept to 6 places, the holding goes to exactly 0.
    const fills = [
      fill('buy', 24.609, 1000, at('2025-04-07'), etf),
      fill('sell', 10.2, 1002, at('2025-05-02'), etf),
      fill('sell', 14.409, 1004, at('2025-07-10'), etf),
    ];
    const trades = matchFills(fills);
    // 10.2 × 2 = 20.40 and 14.409 × 4 = 57.636 → 57.64; no open trade of 0.000000000000002 units.
    expect(trades.map((t) => [t.status, t.quantity, t.openQuantity, t.grossPnl])).toEqual([
      ['closed', 10.2, 0, 20.4],
      ['closed', 14.409, 0, 57.64],
    ]);
    expect(trades[1]?.executions.map((e) => [e.role, e.quantity])).toEqual([
      ['entry', 14.409],
      ['exit', 14.409],
    ]);
  });

  it('nets a day of fractional buys and sells, carrying the exact remainder into the holding', () => {
    // 0.1 + 0.2 bought, 0.3 sold the same day: all intraday (in floating point 0.1 + 0.2 is 0.30000000000000004).
    const [day, ...rest] = matchFills([
      fill('buy', 0.1, 1000, at('2025-04-07', '09:20:00'), etf),
      fill('buy', 0.2, 1000, at('2025-04-07', '09:25:00'), etf),
      fill('sell', 0.3, 1001, at('2025-04-07', '14:00:00'), etf),
    ]);
    expect(rest).toEqual([]);
    expect(day).toMatchObject({ product: 'intraday', status: 'closed', quantity: 0.3, openQuantity: 0, grossPnl: 0.3 });
  });

  it('shares one fractional fill over the sales it was sold in, the parts adding up to it', () => {
    const bought = fill('buy', 24.609, 1000, at('2025-04-07'), etf);
    const trades = matchFills([
      bought,
      fill('sell', 5.5, 1001, at('2025-04-21'), etf),
      fill('sell', 19.109, 1002, at('2025-05-02'), etf),
    ]);
    const parts = trades.flatMap((t) => t.executions.filter((e) => e.fill === bought).map((e) => e.quantity));
    expect(parts).toEqual([5.5, 19.109]);
    expect(trades.every((t) => t.status === 'closed')).toBe(true);
  });
});
