import { describe, expect, it, vi } from 'vitest';
import { chargeLines } from '../data/charge-lines';
import type { JournalTrade } from '../data/journal-data';
import { dashboardData, periodRange } from './dashboard-data';

// journal-data's queries are not used here; keep the real client (and its config check) out of a unit test.
vi.mock('../data/supabase', () => ({ supabase: {} }));

/** A trade entered at 09:30 IST on `date` and, unless open (gross null), closed at 10:00 IST the same day. */
const trade = (id: string, date: string, gross: number | null, charges = 20, more: Partial<JournalTrade> = {}) =>
  ({
    id,
    exchange: 'NSE',
    segment: 'options',
    product: 'intraday',
    symbol: 'NIFTY26NOV24500CE',
    underlying: 'NIFTY',
    expiry: null,
    strike: null,
    optionType: null,
    lotSize: null,
    side: 'long',
    quantity: 65,
    entryPrice: 100,
    exitPrice: gross === null ? null : 100 + gross / 65,
    entryTime: `${date}T09:30:00+05:30`,
    exitTime: gross === null ? null : `${date}T10:00:00+05:30`,
    entryDate: date,
    exitDate: gross === null ? null : date,
    status: gross === null ? 'open' : 'closed',
    grossPnl: gross,
    charges,
    chargesBreakdown: null,
    chargesSource: 'estimated',
    netPnl: gross === null ? null : gross - charges,
    stopLoss: null,
    target: null,
    playbookId: null,
    playbookName: null,
    brokerProfileId: null,
    emotionsBefore: [],
    emotionsAfter: [],
    mistakes: [],
    rating: null,
    notes: null,
    importSource: 'manual',
    importId: null,
    tags: [],
    tagIds: [],
    ...more,
  }) as JournalTrade;

describe('periodRange', () => {
  it('runs each period up to today, in IST dates', () => {
    expect(periodRange('month', '2026-11-21')).toEqual({ from: '2026-11-01', to: '2026-11-21' });
    // 30 days including today: 21 November back to 23 October.
    expect(periodRange('30d', '2026-11-21')).toEqual({ from: '2026-10-23', to: '2026-11-21' });
    expect(periodRange('all', '2026-11-21')).toBeNull();
  });

  it('starts the financial year on 1 April', () => {
    expect(periodRange('fy', '2026-11-21')).toEqual({ from: '2026-04-01', to: '2026-11-21' });
    expect(periodRange('fy', '2027-03-31')).toEqual({ from: '2026-04-01', to: '2027-03-31' });
    expect(periodRange('fy', '2027-04-01')).toEqual({ from: '2027-04-01', to: '2027-04-01' });
  });
});

describe('dashboardData', () => {
  it('is null while the journal has no closed trade (open ones do not count)', () => {
    expect(dashboardData([], null)).toBeNull();
    expect(dashboardData([trade('o', '2026-11-20', null)], null)).toBeNull();
  });

  it("figures this month's closed trades net of charges, newest first", () => {
    // Worked by hand. November: 3 Nov +1,000 − 20 = +980 and −400 − 20 = −420; 5 Nov +250 − 20 = +230.
    // 30 October (+5,000) is outside the month; the open trade has no P&L.
    const data = dashboardData(
      [
        trade('a', '2026-10-30', 5000),
        trade('b', '2026-11-03', 1000, 20, { playbookId: 'pb1', playbookName: 'Opening range breakout' }),
        trade('c', '2026-11-03', -400, 20, {
          entryTime: '2026-11-03T10:30:00+05:30',
          exitTime: '2026-11-03T11:00:00+05:30',
        }),
        trade('d', '2026-11-05', 250),
        trade('o', '2026-11-20', null),
      ],
      periodRange('month', '2026-11-21'),
    )!;
    expect(data.range).toEqual({ from: '2026-11-01', to: '2026-11-21' });
    expect(data.summary.trades).toBe(3);
    expect(data.summary.winRate).toEqual({ value: 2 / 3, count: 2, n: 3 });
    expect(data.summary.netPnl).toEqual({ value: 790, n: 3 });
    expect(data.summary.charges).toEqual({ value: 60, n: 3 });
    // 1,210 won ÷ 420 lost.
    expect(data.summary.profitFactor.value).toBeCloseTo(1210 / 420, 10);
    // By day: ₹0 the day before, 3 Nov +560, 5 Nov +230 → equity 0, 560, 790.
    expect(data.equity.map((d) => [d.date, d.netPnl, d.equity])).toEqual([
      ['2026-11-02', 0, 0],
      ['2026-11-03', 560, 560],
      ['2026-11-05', 230, 790],
    ]);
    expect(data.recentTrades.map((t) => t.id)).toEqual(['d', 'c', 'b']);
    expect(data.recentTrades[2]).toMatchObject({ playbook: 'Opening range breakout', pnl: 980, segment: 'Options' });
    expect(data.chargeLines).toEqual([{ label: 'Not itemised', amount: 60 }]);
  });

  it('keeps a period with no trades apart from an empty journal', () => {
    const data = dashboardData([trade('a', '2026-08-03', 500)], periodRange('month', '2026-11-21'))!;
    expect(data.summary.trades).toBe(0);
    expect(data.recentTrades).toEqual([]);
  });

  it('counts a trade in the period it was closed in, not the one it was entered in', () => {
    // Entered 30 Oct, closed 3 Nov (+1,000 − 20 = +980): November's. Entered 31 Oct 15:00 IST, closed at 00:01 IST
    // on 1 Nov (18:31 UTC on 31 Oct) for −120 − 20 = −140: November's too. Closed 31 Oct 23:59 IST: October's.
    const carried = [
      trade('swing', '2026-10-30', 1000, 20, { exitTime: '2026-11-03T10:00:00+05:30', exitDate: '2026-11-03' }),
      trade('late', '2026-10-31', -120, 20, { exitTime: '2026-10-31T18:31:00Z', exitDate: '2026-11-01' }),
      trade('oct', '2026-10-31', 300, 20, { exitTime: '2026-10-31T18:29:00Z', exitDate: '2026-10-31' }),
    ];
    const november = dashboardData(carried, periodRange('month', '2026-11-21'))!;
    expect(november.summary.trades).toBe(2);
    expect(november.summary.netPnl.value).toBe(840);
    expect(november.recentTrades.map((t) => t.id)).toEqual(['swing', 'late']);
    // The curve starts at ₹0 on 31 Oct; the first close (1 Nov, −140) is a drawdown from ₹0.
    expect(november.equity.map((d) => [d.date, d.equity])).toEqual([
      ['2026-10-31', 0],
      ['2026-11-01', -140],
      ['2026-11-03', 840],
    ]);
    expect(november.summary.maxDrawdown).toMatchObject({ value: 140, peakDate: null, troughDate: '2026-11-01' });
    const october = dashboardData(carried, { from: '2026-10-01', to: '2026-10-31' })!;
    expect([october.summary.trades, october.summary.netPnl.value]).toEqual([1, 280]);
  });
});

describe('chargeLines', () => {
  it("adds up the estimate's and the seed's names for the same charge, largest first", () => {
    const lines = chargeLines([
      trade('a', '2026-11-03', 100, 6.96, {
        chargesBreakdown: {
          brokerage: 3.67,
          stt: 2,
          transaction: 0.36,
          sebi: 0.01,
          ipft: 0.01,
          stamp: 0.18,
          gst: 0.73,
          total: 6.96,
        },
      }),
      trade('b', '2026-11-04', 100, 43.1, {
        chargesBreakdown: { brokerage: 20, stt: 13, exchange_txn: 3.5, stamp_duty: 1.5, gst: 4.3, dp_charges: 0.8 },
      }),
      trade('c', '2026-11-05', 100, 12),
    ]);
    expect(lines).toEqual([
      { label: 'Brokerage', amount: 23.67 },
      { label: 'STT', amount: 15 },
      { label: 'Not itemised', amount: 12 },
      { label: 'GST', amount: 5.03 },
      { label: 'Exchange transaction', amount: 3.86 },
      { label: 'Stamp duty', amount: 1.68 },
      { label: 'DP charges', amount: 0.8 },
      { label: 'SEBI fee', amount: 0.01 },
      { label: 'IPFT', amount: 0.01 },
    ]);
  });
});
