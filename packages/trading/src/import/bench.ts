// Import benchmark: a deterministic 50,000-row Zerodha tradebook (equity and options, scale-ins, partial
// exits, flips, over 100 trading days), timed through parse and FIFO match. Target: both within 1 s.
// Run by `npm run bench`; speed is measured here, never in a timed test.
import { matchFills } from './match';
import { parseZerodhaTradebook } from './zerodha';

export interface ImportBenchFigures {
  rows: number;
  bytes: number;
  fills: number;
  errors: number;
  trades: number;
  parseMs: number;
  matchMs: number;
  totalMs: number;
}

const HEADER =
  'symbol,isin,trade_date,exchange,segment,series,trade_type,auction,quantity,price,trade_id,order_id,order_execution_time,expiry_date';
const STOCKS = ['SUZLON', 'INFY', 'TCS', 'RELIANCE', 'HDFCBANK', 'SBIN', 'ITC', 'TATAMOTORS'];
const OPTIONS = ['NIFTY25DEC24500CE', 'NIFTY25DEC24000PE', 'BANKNIFTY25DEC52000CE', 'BANKNIFTY25DEC51000PE'];

/** A deterministic tradebook of `rows` fills (a fixed-seed LCG, so every run parses the same text). */
export function generateZerodhaTradebook(rows: number): string {
  let seed = 20_261_121;
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648;
  };
  const lines = [HEADER];
  const perDay = Math.ceil(rows / 100);
  for (let i = 0; i < rows; i++) {
    const day = Math.floor(i / perDay);
    const date = new Date(Date.UTC(2025, 6, 1 + day)).toISOString().slice(0, 10);
    const seconds = 9 * 3600 + 15 * 60 + Math.floor(((i % perDay) / perDay) * 6 * 3600);
    const time = new Date(seconds * 1000).toISOString().slice(11, 19);
    const side = random() < 0.5 ? 'buy' : 'sell';
    const id = String(600_000_000 + i);
    if (random() < 0.3) {
      const symbol = OPTIONS[Math.floor(random() * OPTIONS.length)] ?? 'NIFTY25DEC24500CE';
      const qty = 75 * (1 + Math.floor(random() * 4));
      const price = (100 + random() * 50).toFixed(2);
      lines.push(`${symbol},,${date},NFO,FO,OPTIDX,${side},false,${qty},${price},${id},1,${date}T${time},2025-12-30`);
    } else {
      const symbol = STOCKS[Math.floor(random() * STOCKS.length)] ?? 'SUZLON';
      const qty = 1 + Math.floor(random() * 500);
      const price = (50 + random() * 1000).toFixed(2);
      lines.push(`${symbol},INE000000000,${date},NSE,EQ,EQ,${side},false,${qty},${price},${id},1,${date}T${time},`);
    }
  }
  return `${lines.join('\n')}\n`;
}

export function benchImport(rows = 50_000): ImportBenchFigures {
  const text = generateZerodhaTradebook(rows);
  const t0 = performance.now();
  const { fills, errors } = parseZerodhaTradebook(text);
  const t1 = performance.now();
  const trades = matchFills(fills);
  const t2 = performance.now();
  const ms = (n: number) => Math.round(n * 10) / 10;
  return {
    rows,
    bytes: text.length,
    fills: fills.length,
    errors: errors.length,
    trades: trades.length,
    parseMs: ms(t1 - t0),
    matchMs: ms(t2 - t1),
    totalMs: ms(t2 - t0),
  };
}
