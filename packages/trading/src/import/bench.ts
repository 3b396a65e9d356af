// Import benchmark: a heavy trader's deterministic 50,000-row Zerodha tradebook over eight years (April 2018 to March
// 2026: intraday shares and index options, delivery positions held for years and sold in parts, sales of shares bought
// before the file, a split, index futures and options held for days, trade numbers that restart every day; see
// generate-tradebook.ts), timed through parse and the whole plan against an empty journal (de-duplication, FIFO
// matching with each day netted, and contract-note charges at each date's rates). Target: within 1 s. Run by
// `npm run bench`; speed is measured here, never in a timed test. apps/journal/bench/history.ts imports the same files
// end to end through the app.
import { planImport } from '../plan/plan-import';
import { generateZerodhaTradebook } from './generate-tradebook';
import { parseZerodhaTradebook } from './zerodha';

export interface ImportBenchFigures {
  rows: number;
  bytes: number;
  firstDay: string;
  lastDay: string;
  fills: number;
  errors: number;
  trades: number;
  missingCost: number;
  parseMs: number;
  planMs: number;
  totalMs: number;
}

export function benchImport(rows = 50_000): ImportBenchFigures {
  const { text } = generateZerodhaTradebook({ fills: rows });
  const t0 = performance.now();
  const parsed = parseZerodhaTradebook(text);
  const t1 = performance.now();
  const plan = planImport(parsed, { stored: [], actions: [] });
  const t2 = performance.now();
  const ms = (n: number) => Math.round(n * 10) / 10;
  const days = parsed.fills.map((f) => f.executedAt.slice(0, 10)).sort();
  return {
    rows,
    bytes: text.length,
    firstDay: days[0] ?? '',
    lastDay: days.at(-1) ?? '',
    fills: parsed.fills.length,
    errors: parsed.errors.length,
    trades: plan.trades,
    missingCost: plan.missingCost,
    parseMs: ms(t1 - t0),
    planMs: ms(t2 - t1),
    totalMs: ms(t2 - t0),
  };
}
