// Tax P&L benchmark: 1,00,000 closed trades over eight financial years (intraday equity, F&O, commodities and
// delivery sales from one to three lots, some bought before 1 Feb 2018), the tax P&L of each year. Target: a year's
// tax P&L over the whole journal within 100 ms. Run by `npm run bench`; speed is measured here, never in a test.
import { taxPnl, taxYears } from './tax-pnl';
import type { TaxTrade } from './types';

export interface TaxBenchFigures {
  trades: number;
  years: number;
  /** Median of 9 runs of the busiest year. */
  yearMs: number;
  /** Every year, one after another. */
  allYearsMs: number;
  targetMs: number;
}

const day = (n: number) => new Date(Date.UTC(2018, 3, 2) + n * 86_400_000).toISOString().slice(0, 10);

/** A deterministic journal of `count` tax trades (a fixed-seed LCG). */
export function generateTaxTrades(count: number): TaxTrade[] {
  let seed = 20_261_125;
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648;
  };
  const trades: TaxTrade[] = [];
  for (let i = 0; i < count; i++) {
    const exit = Math.floor((i / count) * 2900);
    const kind = random();
    const gross = Math.round((random() - 0.45) * 1_000_000) / 100;
    const base: TaxTrade = {
      id: `t${i}`,
      symbol: `S${i % 400}`,
      isin: null,
      exchange: 'NSE',
      segment: 'equity',
      product: 'intraday',
      side: random() < 0.7 ? 'long' : 'short',
      status: 'closed',
      entryDate: day(exit),
      exitDate: day(exit),
      quantity: 100,
      buyValue: 50_000,
      sellValue: 50_000 + gross,
      grossPnl: gross,
      charges: 40,
      stt: 12,
      lots: [],
    };
    if (kind < 0.4) trades.push(base);
    else if (kind < 0.75)
      trades.push({ ...base, segment: random() < 0.5 ? 'futures' : 'options', product: 'carry_forward' });
    else if (kind < 0.8) trades.push({ ...base, exchange: 'MCX', segment: 'futures', product: 'carry_forward' });
    else {
      const lots = Array.from({ length: 1 + Math.floor(random() * 3) }, () => ({
        acquired: day(exit - Math.floor(random() * 1200) - 300),
        quantity: 10 + Math.floor(random() * 50),
        cost: 10_000 + Math.round(random() * 40_000),
      }));
      const cost = lots.reduce((s, l) => s + l.cost, 0);
      trades.push({
        ...base,
        product: 'delivery',
        side: 'long',
        quantity: lots.reduce((s, l) => s + l.quantity, 0),
        buyValue: cost,
        sellValue: cost + gross,
        lots,
      });
    }
  }
  return trades;
}

export function benchTax(count = 100_000): TaxBenchFigures {
  const trades = generateTaxTrades(count);
  const years = taxYears(trades);
  const fmv = new Map([['S1', 100]]);
  const busiest = years[Math.floor(years.length / 2)]!;
  for (let i = 0; i < 3; i++) taxPnl(trades, busiest, { fmv });
  const runs: number[] = [];
  for (let i = 0; i < 9; i++) {
    const t0 = performance.now();
    taxPnl(trades, busiest, { fmv });
    runs.push(performance.now() - t0);
  }
  const t0 = performance.now();
  for (const fy of years) taxPnl(trades, fy, { fmv });
  const allYearsMs = performance.now() - t0;
  runs.sort((a, b) => a - b);
  const round = (n: number) => Math.round(n * 10) / 10;
  return { trades: count, years: years.length, yearMs: round(runs[4]!), allYearsMs: round(allYearsMs), targetMs: 100 };
}
