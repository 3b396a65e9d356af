import { parseZerodhaTradebook } from '@bahi/trading';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CHARGE_PROFILE } from '../broker-profile';
import { chunkTrades, type ImportPlan, planImport, type StoredExecution, type StoredTrade } from './import-plan';

const HEADER =
  'symbol,isin,trade_date,exchange,segment,series,trade_type,auction,quantity,price,trade_id,order_id,order_execution_time,expiry_date';
const tradebook = (...rows: string[]) => [HEADER, ...rows].join('\n');

// SUZLON: buy 100, a partial exit of 40, then the other 60 — one trade, not a phantom open one.
// INFY: long 10, sell 25 (a flip: closes 10, opens a short of 15), buy 15 back.
// Row 8 has a quantity that is not a number.
const FIRST = tradebook(
  'SUZLON,INE040H01021,2026-08-03,NSE,EQ,EQ,buy,false,100,60.00,1001,5001,2026-08-03T09:20:00,',
  'SUZLON,INE040H01021,2026-08-03,NSE,EQ,EQ,sell,false,40,62.00,1002,5002,2026-08-03T10:00:00,',
  'SUZLON,INE040H01021,2026-08-03,NSE,EQ,EQ,sell,false,60,63.00,1003,5003,2026-08-03T11:00:00,',
  'INFY,INE009A01021,2026-08-04,NSE,EQ,EQ,buy,false,10,1500.00,2001,6001,2026-08-04T09:30:00,',
  'INFY,INE009A01021,2026-08-04,NSE,EQ,EQ,sell,false,25,1510.00,2002,6002,2026-08-04T10:30:00,',
  'INFY,INE009A01021,2026-08-04,NSE,EQ,EQ,buy,false,15,1490.00,2003,6003,2026-08-04T14:00:00,',
  'TCS,INE467B01029,2026-08-04,NSE,EQ,EQ,buy,false,abc,3000.00,2004,6004,2026-08-04T14:30:00,',
);

function plan(text: string, stored: Stored = { trades: [], executions: [] }): ImportPlan {
  return planImport({
    broker: 'zerodha',
    parsed: parseZerodhaTradebook(text),
    trades: stored.trades,
    executions: stored.executions,
    chargeProfile: { ...DEFAULT_CHARGE_PROFILE, id: 'profile-1' },
  });
}

interface Stored {
  trades: StoredTrade[];
  executions: StoredExecution[];
}

/** What the database holds after the RPC stored a plan (times come back from PostgREST in UTC). */
function store(result: ImportPlan, importId: string, before: Stored = { trades: [], executions: [] }): Stored {
  const replaced = new Set(result.replaceOpen);
  const trades = before.trades.filter((t) => !replaced.has(t.id));
  const executions = before.executions.filter((e) => !replaced.has(e.tradeId));
  result.trades.forEach((t, i) => {
    const id = `${importId}-t${i + 1}`;
    trades.push({
      id,
      exchange: t.exchange as StoredTrade['exchange'],
      segment: t.segment as StoredTrade['segment'],
      symbol: t.symbol,
      underlying: t.underlying,
      expiry: t.expiry,
      strike: t.strike,
      optionType: t.option_type as StoredTrade['optionType'],
      status: t.status,
      importSource: 'zerodha',
      importId,
    });
    for (const e of t.executions) {
      executions.push({
        tradeId: id,
        side: e.side,
        quantity: e.quantity,
        price: e.price,
        executedAt: new Date(e.executed_at).toISOString().replace('.000Z', '+00:00'),
        brokerTradeId: e.broker_trade_id,
        brokerOrderId: e.broker_order_id,
      });
    }
  });
  return { trades, executions };
}

describe('planImport', () => {
  it('reads a tradebook into trades, with a partial exit kept in one trade and a flip split in two', () => {
    const result = plan(FIRST);
    expect(result).toMatchObject({ rowsTotal: 7, fillsRead: 6, duplicates: 0, newFills: 6, replaceOpen: [] });
    expect(result.errors).toEqual([{ row: 8, column: 'quantity', message: "Row 8: quantity 'abc' is not a number" }]);
    expect(result.trades.map((t) => [t.symbol, t.side, t.status, t.product, t.quantity, t.gross_pnl])).toEqual([
      // (62 − 60) × 40 + (63 − 60) × 60 = 80 + 180
      ['SUZLON', 'long', 'closed', 'intraday', 100, 260],
      // (1510 − 1500) × 10
      ['INFY', 'long', 'closed', 'intraday', 10, 100],
      // (1510 − 1490) × 15 on the short the flip opened
      ['INFY', 'short', 'closed', 'intraday', 15, 300],
    ]);
    // (40 × 62 + 60 × 63) ÷ 100
    expect(result.trades[0]?.avg_exit_price).toBe(62.6);
    expect(result.closedTrades).toBe(3);
  });

  it('gives the second part of a flipped fill its own broker trade id, so the database keeps both', () => {
    const [, long, short] = plan(FIRST).trades;
    expect(long?.executions.map((e) => [e.broker_trade_id, e.side, e.quantity])).toEqual([
      ['2001', 'buy', 10],
      ['2002', 'sell', 10],
    ]);
    expect(short?.executions.map((e) => [e.broker_trade_id, e.side, e.quantity])).toEqual([
      ['2002#2', 'sell', 15],
      ['2003', 'buy', 15],
    ]);
  });

  it('estimates charges as a contract note would when the tradebook has none', () => {
    const suzlon = plan(FIRST).trades[0];
    // Turnover 6,000 bought + 6,260 sold on 3 Aug 2026, three orders, equity intraday:
    // brokerage 0.03% per order 1.80 + 0.74 + 1.13 = 3.67; STT 0.025% of 6,260 = 1.565 → ₹2;
    // NSE transaction 0.00297% of 12,260 = 0.36; SEBI and IPFT ₹10/crore = 0.01 each; stamp 0.003% of 6,000 = 0.18;
    // GST 18% of (3.67 + 0.36 + 0.01) = 0.73. Total 6.96.
    expect(suzlon).toMatchObject({
      charges: 6.96,
      charges_source: 'estimated',
      broker_profile_id: 'profile-1',
      charges_breakdown: {
        brokerage: 3.67,
        stt: 2,
        transaction: 0.36,
        sebi: 0.01,
        ipft: 0.01,
        stamp: 0.18,
        gst: 0.73,
        total: 6.96,
      },
    });
  });

  it("adds the profile's DP charge and its GST once on the day a delivery holding is sold", () => {
    // Bought 3 Aug, sold 5 Aug: a delivery trade, two contract notes. DP ₹13.50 + 18% GST ₹2.43 = ₹15.93 on the
    // sell day only, on top of the same trade's charges without a DP charge.
    const text = tradebook(
      'HDFCBANK,INE040A01034,2026-08-03,NSE,EQ,EQ,buy,false,10,1000.00,3001,7001,2026-08-03T09:20:00,',
      'HDFCBANK,INE040A01034,2026-08-05,NSE,EQ,EQ,sell,false,10,1010.00,3002,7002,2026-08-05T10:00:00,',
    );
    const input = { broker: 'zerodha' as const, parsed: parseZerodhaTradebook(text), trades: [], executions: [] };
    const without = planImport({ ...input, chargeProfile: DEFAULT_CHARGE_PROFILE }).trades[0]!;
    const withDp = planImport({ ...input, chargeProfile: { ...DEFAULT_CHARGE_PROFILE, dpChargePerSell: 13.5 } })
      .trades[0]!;
    expect(without).toMatchObject({ product: 'delivery', charges_breakdown: { dp: 0 } });
    expect(withDp.charges_breakdown).toMatchObject({
      dp: 13.5,
      gst: Math.round((Number(without.charges_breakdown?.gst) + 2.43) * 100) / 100,
    });
    expect(Math.round((withDp.charges - without.charges) * 100) / 100).toBe(15.93);
  });

  it('adds nothing twice when the same file is imported again', () => {
    const stored = store(plan(FIRST), 'imp1');
    const again = plan(FIRST, stored);
    expect(again).toMatchObject({ fillsRead: 6, duplicates: 6, newFills: 0, trades: [], replaceOpen: [] });
  });

  it('imports only the new fills of an overlapping file', () => {
    const stored = store(plan(FIRST), 'imp1');
    const overlapping = tradebook(
      'INFY,INE009A01021,2026-08-04,NSE,EQ,EQ,buy,false,15,1490.00,2003,6003,2026-08-04T14:00:00,',
      'SBIN,INE062A01020,2026-08-05,NSE,EQ,EQ,buy,false,50,800.00,3001,7001,2026-08-05T09:45:00,',
      'SBIN,INE062A01020,2026-08-05,NSE,EQ,EQ,sell,false,50,790.00,3002,7002,2026-08-05T15:10:00,',
    );
    const result = plan(overlapping, stored);
    expect(result).toMatchObject({ fillsRead: 3, duplicates: 1, newFills: 2 });
    // (790 − 800) × 50
    expect(result.trades.map((t) => [t.symbol, t.status, t.gross_pnl])).toEqual([['SBIN', 'closed', -500]]);
  });

  it('closes a position opened in an earlier file as one trade, replacing the open one', () => {
    const opened = plan(
      tradebook(
        'NIFTY26AUGFUT,,2026-08-10,NSE,FO,FUTIDX,buy,false,65,24500.00,4001,8001,2026-08-10T09:30:00,2026-08-27',
      ),
    );
    expect(opened.trades.map((t) => [t.status, t.product, t.lot_size])).toEqual([['open', 'carry_forward', 65]]);
    const stored = store(opened, 'imp1');
    const closing = plan(
      tradebook(
        'NIFTY26AUGFUT,,2026-08-11,NSE,FO,FUTIDX,sell,false,65,24600.00,4002,8002,2026-08-11T11:00:00,2026-08-27',
      ),
      stored,
    );
    expect(closing.replaceOpen).toEqual(['imp1-t1']);
    // (24,600 − 24,500) × 65, held overnight
    expect(closing.trades.map((t) => [t.status, t.product, t.quantity, t.gross_pnl, t.entry_time])).toEqual([
      ['closed', 'carry_forward', 65, 6500, '2026-08-10T09:30:00+05:30'],
    ]);
    expect(closing.trades[0]?.executions.map((e) => e.broker_trade_id)).toEqual(['4001', '4002']);
  });

  it('leaves an open trade alone when the new file trades other instruments', () => {
    const stored = store(
      plan(
        tradebook(
          'NIFTY26AUGFUT,,2026-08-10,NSE,FO,FUTIDX,buy,false,65,24500.00,4001,8001,2026-08-10T09:30:00,2026-08-27',
        ),
      ),
      'imp1',
    );
    const other = plan(
      tradebook('SBIN,INE062A01020,2026-08-12,NSE,EQ,EQ,buy,false,5,800.00,3101,7101,2026-08-12T09:45:00,'),
      stored,
    );
    expect(other.replaceOpen).toEqual([]);
    expect(other.trades.map((t) => [t.symbol, t.status])).toEqual([['SBIN', 'open']]);
  });
});

describe('chunkTrades', () => {
  it('splits 5 trades into calls of 2, 2 and 1 in order', () => {
    const trades = plan(FIRST).trades;
    const five = [...trades, ...trades.slice(0, 2)];
    expect(chunkTrades(five, 2).map((c) => c.length)).toEqual([2, 2, 1]);
    expect(chunkTrades(five, 2)[0]?.[0]).toBe(trades[0]);
  });
});
