// Import benchmark: a deterministic 50,000-row Zerodha tradebook spanning eight years (April 2018 to March 2026:
// equity and monthly options, scale-ins, partial exits, flips, sales of shares bought before the file), timed
// through parse and the whole plan against an empty journal (de-duplication, FIFO matching with each day netted,
// and contract-note charges at each date's rates). Target: within 1 s. Run by `npm run bench`; speed is measured
// here, never in a timed test.
import { planImport } from '../plan/plan-import';
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

const HEADER =
  'symbol,isin,trade_date,exchange,segment,series,trade_type,auction,quantity,price,trade_id,order_id,order_execution_time,expiry_date';
const STOCKS = ['SUZLON', 'INFY', 'TCS', 'RELIANCE', 'HDFCBANK', 'SBIN', 'ITC', 'TATAMOTORS'];
const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
/** Trading days in the eight years (about 250 a year). */
const DAYS = 2086;

/** A deterministic tradebook of `rows` fills (a fixed-seed LCG, so every run parses the same text). */
export function generateZerodhaTradebook(rows: number): string {
  let seed = 20_261_121;
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648;
  };
  const lines = [HEADER];
  const perDay = Math.ceil(rows / DAYS);
  for (let i = 0; i < rows; i++) {
    // Weekdays from Monday 2 Apr 2018: five trading days in every seven calendar days.
    const tradingDay = Math.floor(i / perDay);
    const calendarDay = Math.floor(tradingDay / 5) * 7 + (tradingDay % 5);
    const d = new Date(Date.UTC(2018, 3, 2 + calendarDay));
    const date = d.toISOString().slice(0, 10);
    const seconds = 9 * 3600 + 15 * 60 + Math.floor(((i % perDay) / perDay) * 6 * 3600);
    const time = new Date(seconds * 1000).toISOString().slice(11, 19);
    const side = random() < 0.5 ? 'buy' : 'sell';
    const id = String(600_000_000 + i);
    if (random() < 0.3) {
      // This month's NIFTY or BANKNIFTY option, expiring on the 28th.
      const yy = String(d.getUTCFullYear()).slice(2);
      const month = MONTHS[d.getUTCMonth()] ?? 'JAN';
      const expiry = `${date.slice(0, 8)}28`;
      const index = random() < 0.5 ? 'NIFTY' : 'BANKNIFTY';
      const symbol = `${index}${yy}${month}${index === 'NIFTY' ? 24500 : 52000}${random() < 0.5 ? 'CE' : 'PE'}`;
      const qty = 25 * (1 + Math.floor(random() * 4));
      const price = (100 + random() * 50).toFixed(2);
      lines.push(
        `${symbol},,${date},NFO,FO,OPTIDX,${side},false,${qty},${price},${id},${id},${date}T${time},${expiry}`,
      );
    } else {
      const symbol = STOCKS[Math.floor(random() * STOCKS.length)] ?? 'SUZLON';
      const qty = 1 + Math.floor(random() * 500);
      const price = (50 + random() * 1000).toFixed(2);
      lines.push(`${symbol},INE000000000,${date},NSE,EQ,EQ,${side},false,${qty},${price},${id},${id},${date}T${time},`);
    }
  }
  return `${lines.join('\n')}\n`;
}

export function benchImport(rows = 50_000): ImportBenchFigures {
  const text = generateZerodhaTradebook(rows);
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
