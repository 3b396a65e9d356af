import { describe, expect, it } from 'vitest';
import { filterTrades, type TradeFilter } from '../filter/filter';
import { istDate, parseTimestamp } from '../time/ist';
import { benchTrades } from './bench';
import { calendarMonth } from './calendar';
import { groupBy, groupByAll } from './group-by';
import { JOURNAL } from './journal.fixture';
import { journalStats } from './journal-stats';
import { prepareJournal } from './prepare';
import { rDistribution } from './r-multiples';
import { selectRows } from './select';
import { EQUITY_CURVE_POINTS, equityCurve, type Summary, summarize } from './summarize';
import type { TradeForStats } from './types';

describe('the prepared journal with a filter', () => {
  const prepared = prepareJournal(JOURNAL);

  it('summarises exactly the trades the filter keeps (hand-worked)', () => {
    // breakout: T1 960, T2 −530 (both 2 Nov), T4 2940 (3 Nov) = 3370; day closes 0, 430, 3370 → no fall
    const s = summarize(prepared, { filter: { tag: 'Breakout' } });
    expect([s.trades, s.wins, s.losses, s.netPnl.value]).toEqual([3, 2, 1, 3370]);
    expect(s.maxDrawdown.value).toBe(0);
    // exits 3 to 6 Nov, futures or options: T3 −3300 (3 Nov) and T5 1400 (closed 6 Nov) = −1900; T5 is the only
    // one with a stop (2.5R)
    const filter: TradeFilter = { from: '2026-11-03', to: '2026-11-06', segments: ['futures', 'options'] };
    const all = journalStats(prepared, { filter });
    expect(all.summary.netPnl).toEqual({ value: -1900, n: 2 });
    expect(all.r).toMatchObject({ n: 1, withoutStop: 1, totalR: { value: 2.5, n: 1 } });
    expect(all.groups.segment.map((g) => [g.key, g.summary.netPnl.value])).toEqual([
      ['futures', -3300],
      ['options', 1400],
    ]);
    // the calendar shows the filtered month: 3 Nov −3300, 6 Nov 1400
    expect(all.calendar?.total).toMatchObject({ netPnl: -1900, trades: 2, tradingDays: 2 });
    // by entry day, 3 to 5 Nov keeps the same two (T5 was entered on the 5th); 6 Nov alone keeps only T6
    expect(summarize(prepared, { filter: { ...filter, to: '2026-11-05', dateBy: 'entry' } }).netPnl.value).toBe(-1900);
    expect(summarize(prepared, { filter: { from: '2026-11-06', to: '2026-11-06', dateBy: 'entry' } }).trades).toBe(1);
  });

  it('gives the same as the plain functions on the filtered list', () => {
    const filters: TradeFilter[] = [
      {},
      { tag: 'breakout' },
      { outcome: 'loss' },
      { playbookId: 'none' },
      { symbol: 'reliance', from: '2026-11-03' },
      { search: 'nifty' },
      { from: '2026-11-06', to: '2026-11-09' },
      { from: '2026-11-06', to: '2026-11-09', dateBy: 'entry' },
    ];
    for (const filter of filters) {
      const kept = filterTrades(JOURNAL, filter);
      const month = '2026-11';
      expect(journalStats(prepared, { filter, month })).toEqual(journalStats(kept, { month }));
      expect(summarize(prepared, { filter })).toEqual(summarize(kept));
      expect(groupBy(prepared, 'tag', { filter, curves: true })).toEqual(groupBy(kept, 'tag', { curves: true }));
      expect(rDistribution(prepared, { filter })).toEqual(rDistribution(kept));
      expect(calendarMonth(prepared, month, { filter })).toEqual(calendarMonth(kept, month));
    }
  });
});

/**
 * The bench's generator at a test's size, shuffled, with underlyings and notes for the symbol and text filters, and
 * one trade in nine closed a minute either side of IST midnight (18:29 and 18:31 UTC on its exit day).
 */
function randomJournal(count: number, seed: number): TradeForStats[] {
  const trades = benchTrades(count, seed).map((t, i) => {
    const exitTime = i % 18 === 0 ? `${t.exitDate}T18:29:00Z` : i % 18 === 9 ? `${t.exitDate}T18:31:00Z` : t.exitTime;
    return {
      ...t,
      exitTime,
      exitDate: istDate(parseTimestamp(exitTime)),
      underlying: t.segment === 'equity' ? null : i % 2 ? 'NIFTY' : 'BANKNIFTY',
      notes: i % 5 === 0 ? 'Chased the gap open' : null,
    };
  });
  // a fixed shuffle: the prepared journal must not depend on input order
  for (let i = trades.length - 1; i > 0; i--) {
    const j = (i * 7919 + seed) % (i + 1);
    [trades[i], trades[j]] = [trades[j]!, trades[i]!];
  }
  return trades;
}

describe('the prepared journal on a random journal', () => {
  const trades = randomJournal(2500, 11);
  const prepared = prepareJournal(trades);
  const filters: TradeFilter[] = [
    {},
    { from: '2025-01-06', to: '2025-01-10', segments: ['options'] },
    { from: '2025-01-06', to: '2025-01-10', dateBy: 'entry' },
    { from: '2025-01-31', to: '2025-02-03', outcome: 'loss' },
    { symbol: 'nifty' },
    { symbol: 'SYM7', outcome: 'win' },
    { playbookId: 'pb-orb', tag: 'TREND' },
    { playbookId: 'none', outcome: 'breakeven' },
    { search: 'gap', segments: ['equity', 'futures'] },
    { from: '2099-01-01' },
  ];

  it.each(filters.map((f) => [JSON.stringify(f), f]))('filter %s', (_, filter) => {
    const kept = filterTrades(trades, filter);
    const rows = selectRows(prepared, filter);
    // the same trades, in exit order
    expect(new Set(rows ? [...rows].map((i) => prepared.trades[i]!.id) : trades.map((t) => t.id))).toEqual(
      new Set(kept.map((t) => t.id)),
    );
    expect(journalStats(prepared, { filter, month: '2025-01' })).toEqual(journalStats(kept, { month: '2025-01' }));
    expect(groupByAll(prepared, { filter })).toEqual(groupByAll(kept));
  });

  it.each(filters.slice(0, 4).map((f) => [JSON.stringify(f), f]))(
    "each group's summary, drawdown, streaks and days included, is summarize() of that group's trades: filter %s",
    (_, filter) => {
      const kept = filterTrades(trades, filter);
      for (const [dimension, keyOf] of [
        ['symbol', (t: TradeForStats) => t.symbol],
        ['side', (t: TradeForStats) => t.side],
      ] as const) {
        for (const group of groupBy(prepared, dimension, { filter })) {
          const { equity: _curves, ...plain } = summarize(kept.filter((t) => keyOf(t) === group.key));
          // Every figure as a caller reads it (those that need the group's rows are worked out on first read).
          const read = Object.fromEntries(Object.keys(plain).map((key) => [key, group.summary[key as keyof Summary]]));
          expect(read, `${dimension} ${group.key}`).toEqual(plain);
        }
      }
    },
  );

  it('agrees with a plain loop over the IST exit days', () => {
    // The IST day of an instant, by Date arithmetic rather than the package's helpers: 5 h 30 min ahead of UTC.
    const istDay = (iso: string) => new Date(Date.parse(iso) + 19_800_000).toISOString().slice(0, 10);
    const byDay = new Map<string, number>();
    let wins = 0;
    for (const t of trades) {
      byDay.set(istDay(t.exitTime), (byDay.get(istDay(t.exitTime)) ?? 0) + t.netPnl);
      if (t.netPnl > 0) wins++;
    }
    let net = 0;
    let peak = 0;
    let drawdown = 0;
    const closes: [string, number][] = [];
    for (const day of [...byDay.keys()].sort()) {
      net += byDay.get(day)!;
      closes.push([day, net]);
      peak = Math.max(peak, net);
      drawdown = Math.max(drawdown, peak - net);
    }
    const s = summarize(prepared);
    expect(s.netPnl.value).toBeCloseTo(net, 6);
    expect(s.maxDrawdown.value).toBeCloseTo(drawdown, 6);
    expect(s.wins).toBe(wins);
    expect(s.trades).toBe(2500);
    expect(s.tradingDays).toBe(byDay.size);
    expect(s.equity.byTrade.at(-1)?.equity).toBeCloseTo(net, 6);
    // the daily curve: ₹0 the day before, then each close
    expect(s.equity.byDay[0]).toMatchObject({ netPnl: 0, trades: 0, equity: 0 });
    expect(s.equity.byDay.slice(1).map((d) => d.date)).toEqual(closes.map(([day]) => day));
    s.equity.byDay.slice(1).forEach((d, i) => {
      expect(d.equity).toBeCloseTo(closes[i]![1], 6);
    });
    // the drawdown's peak and trough are points of that curve, and the fall between them is the drawdown
    const at = (date: string | null) => s.equity.byDay.find((d) => d.date === date)?.equity ?? 0;
    expect(at(s.maxDrawdown.peakDate) - at(s.maxDrawdown.troughDate)).toBeCloseTo(s.maxDrawdown.value!, 6);
  });

  it('thins the per-trade equity curve for charts, keeping the extremes exact', () => {
    const full = equityCurve(prepared);
    const { byTrade } = summarize(prepared).equity;
    expect(full).toHaveLength(2500);
    expect(byTrade.length).toBeLessThanOrEqual(EQUITY_CURVE_POINTS);
    expect(byTrade.length).toBeGreaterThan(EQUITY_CURVE_POINTS / 2);
    // every kept point is the full curve's point, in order
    const at = new Map(full.map((p, i) => [p.tradeId, i]));
    const positions = byTrade.map((p) => at.get(p.tradeId)!);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    for (const p of byTrade) expect(p).toEqual(full[at.get(p.tradeId)!]);
    // first, last, highest and lowest points and the deepest trade-to-trade fall's peak and trough survive
    const equities = full.map((p) => p.equity);
    const kept = new Set(byTrade.map((p) => p.tradeId));
    let peakAt = -1;
    let fall = 0;
    let fallFrom = -1;
    let fallTo = -1;
    equities.forEach((e, i) => {
      if (e > (equities[peakAt] ?? 0)) peakAt = i;
      else if ((equities[peakAt] ?? 0) - e > fall) {
        fall = (equities[peakAt] ?? 0) - e;
        fallFrom = peakAt;
        fallTo = i;
      }
    });
    const ids = [0, full.length - 1, equities.indexOf(Math.max(...equities)), equities.indexOf(Math.min(...equities))];
    for (const i of [...ids, fallFrom, fallTo].filter((i) => i >= 0)) {
      expect(kept.has(full[i]!.tradeId)).toBe(true);
    }
  });
});
