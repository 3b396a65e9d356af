// `npm run bench` for @bahi/trading: importing a 50,000-row Zerodha tradebook and every statistic over 100,000 trades.
import { benchImport } from './import/bench';
import { benchStats, PREPARE_TARGET_MS } from './stats/bench';
import { benchTax } from './tax/bench';

const ms = (v: number) => `${v.toFixed(1)} ms`;
const verdict = (value: number, target: number) => (value <= target ? 'ok' : 'OVER TARGET');

const imported = benchImport();
console.log(
  `import ${imported.rows.toLocaleString('en-IN')} Zerodha rows from ${imported.firstDay} to ${imported.lastDay} ` +
    `(parse, then plan: match with days netted and contract-note charges): ${ms(imported.totalMs)} ` +
    `[parse ${ms(imported.parseMs)}, plan ${ms(imported.planMs)}, ${imported.trades} trades, ` +
    `${imported.missingCost} without cost basis] (target ≤ 1000 ms: ${verdict(imported.totalMs, 1000)})`,
);

const stats = benchStats();
console.log(`statistics over ${stats.trades.toLocaleString('en-IN')} trades, median of ${stats.runs} runs:`);
console.log(
  `  prepare the journal (once per load: parse times and dates, lay out columns): ${ms(stats.prepareMs)} ` +
    `(target ≤ ${PREPARE_TARGET_MS} ms: ${verdict(stats.prepareMs, PREPARE_TARGET_MS)})`,
);
console.log(
  `  every dashboard and analytics statistic over the prepared journal: ${ms(stats.statsMs)} ` +
    `(target ≤ ${stats.targetMs} ms on a quiet machine: ${verdict(stats.statsMs, stats.targetMs)})`,
);
console.log(
  `  the same with a filter (FY 2025-26 options, ${stats.filteredTrades.toLocaleString('en-IN')} trades): ` +
    `${ms(stats.filteredMs)} (target ≤ ${stats.targetMs} ms: ${verdict(stats.filteredMs, stats.targetMs)})`,
);
console.log(
  `  parts alone: summarize ${ms(stats.summarizeMs)}, group-by ×12 ${ms(stats.groupByAllMs)}, ` +
    `R distribution ${ms(stats.rDistributionMs)}, calendar ${ms(stats.calendarMonthMs)}`,
);

const tax = benchTax();
console.log(
  `tax P&L of a financial year over ${tax.trades.toLocaleString('en-IN')} trades (${tax.years} years), median of 9: ` +
    `${ms(tax.yearMs)} (target ≤ ${tax.targetMs} ms: ${verdict(tax.yearMs, tax.targetMs)}); every year: ${ms(tax.allYearsMs)}`,
);
