// One P&L day on every screen, on a generated journal: about a thousand trades over November 2024 to February 2025,
// intraday, overnight and multi-day, across month and year ends, some closed a minute before or after IST midnight
// (18:29 and 18:31 UTC), a few still open; plus a handful written out by hand below.
import type { FundMovement } from '@bahi/ui';
import { describe, expect, it, vi } from 'vitest';
import { calendarData } from '../calendar/calendar-data';
import { dashboardData } from '../dashboard/dashboard-data';
import type { JournalTrade } from '../data/journal-data';
import { closedIn, type DayRange, expectOneFigure, istDayOf, sumNet } from './pnl-day.fixture';

// journal-data's queries are not used here; keep the real client (and its config check) out of a unit test.
vi.mock('../data/supabase', () => ({ supabase: {} }));

const TODAY = '2026-11-25';
const MINUTE = 60_000;
const DAY = 86_400_000;

/** Deterministic pseudo-random numbers (mulberry32), so every run checks the same journal. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const round2 = (x: number) => Math.round(x * 100) / 100;

/**
 * A row as the app reads it from `trades`: times as PostgREST returns them (UTC), and the generated days of entry
 * and exit, which the database works out from the times in Asia/Kolkata.
 */
function journalTrade(id: string, entryTime: string, exitTime: string | null, netPnl: number | null): JournalTrade {
  const charges = 40;
  return {
    id,
    exchange: 'NSE',
    segment: 'equity',
    product: exitTime && istDayOf(exitTime) === istDayOf(entryTime) ? 'intraday' : 'delivery',
    symbol: 'RELIANCE',
    underlying: null,
    expiry: null,
    strike: null,
    optionType: null,
    lotSize: null,
    side: 'long',
    quantity: 10,
    entryPrice: 1000,
    exitPrice: exitTime ? 1000 : null,
    entryTime,
    exitTime,
    entryDate: istDayOf(entryTime),
    exitDate: exitTime ? istDayOf(exitTime) : null,
    status: exitTime ? 'closed' : 'open',
    grossPnl: netPnl === null ? null : round2(netPnl + charges),
    charges,
    chargesBreakdown: null,
    chargesSource: 'estimated',
    netPnl,
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
  };
}

/** Epoch ms of an IST wall-clock time. */
const ist = (date: string, time: string) => Date.parse(`${date}T${time}:00+05:30`);
const utc = (ms: number) => new Date(ms).toISOString();
/** Monday 0 … Sunday 6 of an IST day. */
const weekday = (date: string) => (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7;
const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
const nextWeekday = (date: string) => {
  let d = addDays(date, 1);
  while (weekday(d) > 4) d = addDays(d, 1);
  return d;
};

/** Trades entered on the weekdays of November 2024 to February 2025, every exit on or before 28 February. */
function generatedJournal(): JournalTrade[] {
  const next = random(2024);
  const trades: JournalTrade[] = [];
  const last = '2025-02-28';
  for (let day = '2024-11-01'; day <= last; day = addDays(day, 1)) {
    if (weekday(day) > 4) continue;
    const count = 4 + Math.floor(next() * 16);
    for (let k = 0; k < count; k++) {
      const entry = ist(day, '09:15') + Math.floor(next() * 360) * MINUTE;
      const roll = next();
      let exit: number | null;
      if (roll < 0.6) exit = Math.min(entry + (1 + Math.floor(next() * 200)) * MINUTE, ist(day, '15:30'));
      else if (roll < 0.74) exit = ist(nextWeekday(day), '09:15') + Math.floor(next() * 375) * MINUTE;
      else if (roll < 0.84) {
        let exitDay = addDays(day, 2 + Math.floor(next() * 20));
        while (weekday(exitDay) > 4) exitDay = addDays(exitDay, 1);
        exit = ist(exitDay, '09:15') + Math.floor(next() * 375) * MINUTE;
      } else if (roll < 0.99) {
        // A minute before or after IST midnight: 18:29 UTC is 23:59 IST, 18:31 UTC is 00:01 IST the next day. Only
        // from Monday to Thursday, so that no generated trade lands on a weekend.
        let exitDay = roll < 0.9 ? day : addDays(day, Math.floor(next() * 4));
        while (weekday(exitDay) > 3) exitDay = addDays(exitDay, 1);
        exit = Date.parse(`${exitDay}T${roll < 0.92 ? '18:29' : '18:31'}:00Z`);
      } else exit = null;
      if (exit !== null && istDayOf(utc(exit)) > last) exit = entry + 30 * MINUTE;
      const net = exit === null ? null : round2((next() - 0.47) * 8_000);
      trades.push(journalTrade(`g${trades.length}`, utc(entry), exit === null ? null : utc(exit), net));
    }
  }
  return trades;
}

// Written out by hand:
// - into March 2025 only these three, all entered in February: +1,250.50 (3 Mar), −400.25 (4 Mar) and +2,000.00
//   closed at 18:31 UTC on 4 March, 00:01 IST on 5 March: March is 3 trades, +2,850.25 on 3 days, 2 green;
// - 31 January 2025 (a Friday): +777.77 closed at 23:59 IST (18:29 UTC) and −333.33 at 00:01 IST on Saturday
//   1 February (18:31 UTC on the 31st), the only trade of that Saturday;
// - +5,000.00 entered 30 December 2024, closed at 00:01 IST on 1 January 2025 (18:31 UTC on 31 December).
const byHand: JournalTrade[] = [
  journalTrade('c1', utc(ist('2025-02-26', '10:00')), utc(ist('2025-03-03', '11:00')), 1_250.5),
  journalTrade('c2', utc(ist('2025-02-27', '14:00')), utc(ist('2025-03-04', '09:40')), -400.25),
  journalTrade('c3', utc(ist('2025-02-28', '15:00')), '2025-03-04T18:31:00.000Z', 2_000),
  journalTrade('b1829', utc(ist('2025-01-31', '10:00')), '2025-01-31T18:29:00.000Z', 777.77),
  journalTrade('b1831', utc(ist('2025-01-31', '10:05')), '2025-01-31T18:31:00.000Z', -333.33),
  journalTrade('y1', utc(ist('2024-12-30', '11:00')), '2024-12-31T18:31:00.000Z', 5_000),
];

const journal = [...generatedJournal(), ...byHand];
const movements: FundMovement[] = [
  { id: 'f1', kind: 'deposit', amount: 500_000, occurredOn: '2024-10-28', note: null },
  { id: 'f2', kind: 'adjustment', amount: -1_234.56, occurredOn: '2024-12-31', note: null },
  { id: 'f3', kind: 'withdrawal', amount: 50_000, occurredOn: '2025-01-15', note: null },
];

describe('the generated journal', () => {
  it('has what the invariant must hold over', () => {
    const closed = journal.filter((t) => t.status === 'closed');
    const crossing = closed.filter((t) => t.exitDate !== t.entryDate);
    expect(journal.length).toBeGreaterThan(900);
    expect(crossing.length).toBeGreaterThan(200);
    expect(crossing.filter((t) => t.exitDate!.slice(0, 7) !== t.entryDate.slice(0, 7)).length).toBeGreaterThan(10);
    expect(closed.filter((t) => t.exitTime!.endsWith('T18:29:00.000Z')).length).toBeGreaterThan(10);
    expect(closed.filter((t) => t.exitTime!.endsWith('T18:31:00.000Z')).length).toBeGreaterThan(10);
    expect(journal.filter((t) => t.status === 'open').length).toBeGreaterThan(0);
  });
});

describe('one P&L day on every screen: calendar = equity curve = dashboard = funds, over any range', () => {
  const ranges: DayRange[] = [
    { from: '2024-11-01', to: '2024-11-30' },
    { from: '2024-12-01', to: '2024-12-31' },
    { from: '2025-01-01', to: '2025-01-31' },
    { from: '2025-02-01', to: '2025-02-28' },
    { from: '2025-03-01', to: '2025-03-31' },
    { from: '2024-12-24', to: '2025-01-07' },
    { from: '2024-12-31', to: '2024-12-31' },
    { from: '2025-01-31', to: '2025-02-01' },
    { from: '2025-02-01', to: '2025-02-01' },
    { from: '2024-11-18', to: '2025-02-14' },
    { from: '2024-10-01', to: '2025-03-31' },
    { from: '2025-04-01', to: '2025-04-30' },
  ];

  it.each(ranges.map((r) => [`${r.from} to ${r.to}`, r] as const))('%s', (_, range) => {
    expectOneFigure(journal, movements, range, TODAY);
  });

  it('shows March, whose trades were all entered in February: 3 trades, +₹2,850.25 (worked by hand)', () => {
    // Before, dated by entry, March read "0 trades, ₹0.00".
    const march = calendarData(journal, '2025-03');
    expect(march.total).toEqual({ netPnl: 2_850.25, trades: 3, tradingDays: 3, winningDays: 2, losingDays: 1 });
    expect(march.days.filter((d) => d.trades).map((d) => [d.date, d.netPnl])).toEqual([
      ['2025-03-03', 1_250.5],
      ['2025-03-04', -400.25],
      ['2025-03-05', 2_000],
    ]);
    const figures = expectOneFigure(journal, movements, { from: '2025-03-01', to: '2025-03-31' }, TODAY);
    expect(figures).toEqual({ netPnl: 2_850.25, trades: 3 });
    const dashboard = dashboardData(journal, { from: '2025-03-01', to: '2025-03-31' })!;
    expect(dashboard.summary.netPnl.value).toBeCloseTo(2_850.25, 2);
    // Closes 0, +1,250.50, +850.25, +2,850.25: the deepest fall is the 4 March loss, from the 3 March close.
    expect(dashboard.summary.maxDrawdown).toMatchObject({
      value: 400.25,
      peakDate: '2025-03-03',
      troughDate: '2025-03-04',
    });
    expect(dashboard.equity.map((d) => [d.date, d.equity])).toEqual([
      ['2025-03-02', 0],
      ['2025-03-03', 1_250.5],
      ['2025-03-04', 850.25],
      ['2025-03-05', 2_850.25],
    ]);
  });

  it('puts a trade closed at 00:01 IST on the next day, month and year (worked by hand)', () => {
    // Saturday 1 February 2025 holds only the trade closed at 18:31 UTC on Friday 31 January.
    expect(calendarData(journal, '2025-02').days[0]).toEqual({
      date: '2025-02-01',
      weekday: 5,
      netPnl: -333.33,
      trades: 1,
      wins: 0,
      losses: 1,
    });
    const ids = (range: DayRange) => dashboardData(journal, range, Infinity)!.recentTrades.map((t) => t.id);
    expect(ids({ from: '2025-01-31', to: '2025-01-31' })).toContain('b1829');
    expect(ids({ from: '2025-01-31', to: '2025-01-31' })).not.toContain('b1831');
    expect(ids({ from: '2025-02-01', to: '2025-02-01' })).toEqual(['b1831']);
    expect(ids({ from: '2024-12-01', to: '2024-12-31' })).not.toContain('y1');
    expect(ids({ from: '2025-01-01', to: '2025-01-01' })).toContain('y1');
  });

  it('agrees with the definition summed over the months and days that make a range', () => {
    const whole = { from: '2024-11-01', to: '2025-03-31' };
    const months = ['2024-11', '2024-12', '2025-01', '2025-02', '2025-03'].map((m) => calendarData(journal, m).total);
    expect(months.reduce((s, m) => s + m.netPnl, 0)).toBeCloseTo(sumNet(closedIn(journal, whole)), 2);
    expect(months.reduce((s, m) => s + m.trades, 0)).toBe(closedIn(journal, whole).length);
  });
});
