// Statistics over 100,000 closed trades: summarize, every group-by, the R distribution and a calendar month.
// Target: ≤ 25 ms for all of it over the prepared journal (median of runs), which is what the app recomputes each
// time the trader changes a filter. Run with `npx tsx packages/trading/src/bench.ts`.

import type { TradeFilter } from '../filter/filter';
import { dateOfDayNumber, dayNumber, weekdayOfDayNumber } from '../time/ist';
import { calendarMonth } from './calendar';
import { groupByAll } from './group-by';
import { journalStats } from './journal-stats';
import { prepareJournal } from './prepare';
import { rDistribution } from './r-multiples';
import { summarize } from './summarize';
import type { TradeForStats } from './types';

export const BENCH_TRADES = 100_000;
/** Issue 15: every statistic within 8 ms on a quiet machine (20 ms under load); preparing within 250 ms. */
export const BENCH_TARGET_MS = 8;
export const PREPARE_TARGET_MS = 250;

/** Deterministic pseudo-random numbers (mulberry32), so every run measures the same journal. */
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

const pad = (n: number) => (n < 10 ? `0${n}` : `${n}`);
const ist = (day: number, second: number) =>
  `${dateOfDayNumber(day)}T${pad(Math.floor(second / 3600))}:${pad(Math.floor(second / 60) % 60)}:${pad(second % 60)}+05:30`;

/** 100,000 trades over about two years of weekdays, 200 a day, in entry order. */
export function benchTrades(count = BENCH_TRADES, seed = 7): TradeForStats[] {
  const next = random(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  const symbols = Array.from({ length: 60 }, (_, i) => `SYM${i}`);
  const emotions = ['calm', 'fomo', 'anxious', 'greedy', 'confident', 'bored'];
  const mistakes = ['no stop', 'chased entry', 'moved stop', 'oversized', 'early exit'];
  const tags = ['breakout', 'trend', 'reversal', 'gap', 'news', 'scalp', 'vwap', 'range'];
  const playbooks = ['pb-orb', 'pb-vwap', 'pb-gap', 'pb-trend', null];
  const some = (list: readonly string[], max: number) => {
    const k = Math.floor(next() * (max + 1));
    return Array.from({ length: k }, () => pick(list));
  };
  const trades: TradeForStats[] = new Array(count);
  let day = dayNumber(2025, 1, 1);
  for (let i = 0; i < count; i++) {
    if (i % 200 === 0)
      do day++;
      while (weekdayOfDayNumber(day) > 4);
    const entrySecond = 33_300 + Math.floor(next() * 21_600); // 09:15 to 15:15 IST
    const roll = next();
    // 85% intraday (seconds to hours), 10% overnight, 5% held up to two weeks
    const exitDay = roll < 0.85 ? day : roll < 0.95 ? day + 1 : day + 2 + Math.floor(next() * 12);
    const exitSecond =
      exitDay === day
        ? Math.min(55_800, entrySecond + Math.floor(next() * 10_000))
        : 33_300 + Math.floor(next() * 22_000);
    const side = next() < 0.7 ? 'long' : 'short';
    const entryPrice = 100 + Math.floor(next() * 2000);
    const move = Math.round((next() - 0.45) * entryPrice * 2) / 100;
    const exitPrice = entryPrice + move;
    const quantity = 1 + Math.floor(next() * 200);
    const grossPnl = Math.round((side === 'long' ? move : -move) * quantity * 100) / 100;
    const charges = Math.round((20 + next() * 40) * 100) / 100;
    const risk = Math.max(0.05, Math.round(entryPrice * next() * 2) / 100);
    trades[i] = {
      id: `t${i}`,
      symbol: pick(symbols),
      segment: pick(['equity', 'futures', 'options'] as const),
      product: exitDay === day ? 'intraday' : 'carry_forward',
      side,
      entryTime: ist(day, entrySecond),
      exitTime: ist(exitDay, exitSecond),
      entryDate: dateOfDayNumber(day),
      exitDate: dateOfDayNumber(exitDay),
      grossPnl,
      charges,
      netPnl: Math.round((grossPnl - charges) * 100) / 100,
      quantity,
      entryPrice,
      exitPrice,
      stopLoss: next() < 0.7 ? (side === 'long' ? entryPrice - risk : entryPrice + risk) : null,
      playbookId: pick(playbooks),
      emotionsBefore: some(emotions, 2),
      emotionsAfter: some(emotions, 1),
      mistakes: some(mistakes, 1),
      tags: some(tags, 2),
    };
  }
  return trades;
}

export interface BenchFigures {
  trades: number;
  runs: number;
  /**
   * Median milliseconds. Preparing (parsing and laying out the journal, its groups included, which are laid out when
   * first read) happens once per load: reported only.
   */
  prepareMs: number;
  /** Every dashboard and analytics statistic over the prepared journal: `journalStats(prepared)`. The target. */
  statsMs: number;
  /** The same with the trades list's filter applied (an Indian financial year of options trades), no re-prepare. */
  filteredMs: number;
  filteredTrades: number;
  /** The parts over the prepared journal, each alone. */
  summarizeMs: number;
  groupByAllMs: number;
  rDistributionMs: number;
  calendarMonthMs: number;
  targetMs: number;
}

export const BENCH_FILTER: TradeFilter = { from: '2025-04-01', to: '2026-03-31', segments: ['options'] };

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export function benchStats(runs = 9): BenchFigures {
  const trades = benchTrades();
  const month = trades[Math.floor(trades.length / 2)]!.exitDate.slice(0, 7);
  // Preparing is timed on its own: the app does it once per load, not once per statistic.
  const prepareTimes: number[] = [];
  let journal = prepareJournal(trades);
  void journal.rowGroups;
  for (let run = 0; run < 5; run++) {
    const t0 = performance.now();
    journal = prepareJournal(trades);
    void journal.rowGroups; // the groups too, as analytics reads them
    prepareTimes.push(performance.now() - t0);
  }
  const times: number[][] = [prepareTimes, [], [], [], [], [], []];
  let filteredTrades = 0;
  for (let run = -2; run < runs; run++) {
    // two warm-up runs let the JIT settle; they are not recorded
    const t1 = performance.now();
    journalStats(journal, { month });
    const t2 = performance.now();
    filteredTrades = journalStats(journal, { month, filter: BENCH_FILTER }).summary.trades;
    const t3 = performance.now();
    summarize(journal);
    const t4 = performance.now();
    groupByAll(journal);
    const t5 = performance.now();
    rDistribution(journal);
    const t6 = performance.now();
    calendarMonth(journal, month);
    const t7 = performance.now();
    if (run < 0) continue;
    for (const [i, ms] of [t2 - t1, t3 - t2, t4 - t3, t5 - t4, t6 - t5, t7 - t6].entries()) times[i + 1]!.push(ms);
  }
  const [prepareMs, statsMs, filteredMs, summarizeMs, groupByAllMs, rDistributionMs, calendarMonthMs] = times.map(
    median,
  ) as [number, number, number, number, number, number, number];
  return {
    trades: trades.length,
    runs,
    prepareMs,
    statsMs,
    filteredMs,
    filteredTrades,
    summarizeMs,
    groupByAllMs,
    rDistributionMs,
    calendarMonthMs,
    targetMs: BENCH_TARGET_MS,
  };
}
