import { beforeAll, describe, expect, it } from 'vitest';
import { lotSize } from '../lots/lot-sizes';
import { typedOpeningLot } from '../plan/opening-lots';
import { planImport } from '../plan/plan-import';
import { plannedTrades } from '../plan/rebuild';
import { fillKey } from './dedupe';
import { type GeneratedTradebook, generateZerodhaTradebook, TRADEBOOK_HEADER } from './generate-tradebook';
import type { Fill, ParseResult } from './types';
import { parseZerodhaTradebook } from './zerodha';

/** The ISIN check digit (ISO 6166): letters become 10–35, then Luhn from the right over the digits. */
function isinCheckDigit(body: string): number {
  const digits = [...body].map((c) => (c >= 'A' ? String(c.charCodeAt(0) - 55) : c)).join('');
  let sum = 0;
  [...digits].reverse().forEach((d, i) => {
    const n = i % 2 === 0 ? Number(d) * 2 : Number(d);
    sum += n > 9 ? n - 9 : n;
  });
  return (10 - (sum % 10)) % 10;
}

const rowsOf = (book: GeneratedTradebook) =>
  book.text
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => line.split(','));

let first: GeneratedTradebook;
let second: GeneratedTradebook;
let firstParsed: ParseResult;
let secondParsed: ParseResult;

beforeAll(() => {
  first = generateZerodhaTradebook();
  second = generateZerodhaTradebook({ file: 2 });
  firstParsed = parseZerodhaTradebook(first.text);
  secondParsed = parseZerodhaTradebook(second.text);
});

describe('generateZerodhaTradebook', () => {
  it('writes the same 50,000 fills every run, in the published layout, from April 2018 to March 2026', () => {
    expect(generateZerodhaTradebook({ fills: 500 }).text).toBe(generateZerodhaTradebook({ fills: 500 }).text);
    expect(first.text.slice(0, first.text.indexOf('\n'))).toBe(TRADEBOOK_HEADER);
    expect(first).toMatchObject({ rows: 50_000, firstDay: '2018-04-02', lastDay: '2026-03-31' });
    expect(firstParsed.errors).toEqual([]);
    expect(firstParsed.fills).toHaveLength(50_000);
    expect(secondParsed.errors).toEqual([]);
    expect(secondParsed.fills).toHaveLength(50_000);
  });

  it('gives every share one ISIN with a valid check digit', () => {
    // By hand for RELIANCE, INE002A0101 and its check digit 8: the letters as numbers (I 18, N 23, E 14, A 10) give
    // 182314002100101; from the right, every other digit doubled (a product's two digits added), 2+0+2+0+0+1+4+0+0+4
    // +2+3+4+8+2 = 32, and 10 − 2 = 8.
    expect(isinCheckDigit('INE002A0101')).toBe(8);
    const isins = new Map<string, Set<string>>();
    for (const [symbol, isin, , , segment] of rowsOf(first)) {
      if (segment !== 'EQ') continue;
      isins.set(symbol as string, (isins.get(symbol as string) ?? new Set()).add(isin as string));
    }
    expect(isins.size).toBe(22);
    for (const [symbol, set] of isins) {
      expect([symbol, set.size]).toEqual([symbol, 1]);
      const [isin] = [...set] as [string];
      expect(isin).toMatch(/^INE[0-9A-Z]{8}\d$/);
      expect([symbol, isinCheckDigit(isin.slice(0, 11))]).toEqual([symbol, Number(isin[11])]);
    }
  });

  it('restarts trade numbers every day: the same number on many days, each time with another order', () => {
    const byNumber = new Map<string, { days: Set<string>; orders: Set<string> }>();
    for (const [, , date, , segment, , , , , , tradeId, orderId] of rowsOf(first)) {
      const key = `${segment}|${tradeId}`;
      const seen = byNumber.get(key) ?? { days: new Set(), orders: new Set() };
      seen.days.add(date as string);
      seen.orders.add(orderId as string);
      byNumber.set(key, seen);
    }
    // Nearly every fill's number is used on other days too (about 25 fills a day draw from the same few hundred
    // numbers; only the top of the busiest days' ranges is used once)…
    const elsewhere = rowsOf(first).filter(([, , , , segment, , , , , , id]) => {
      return (byNumber.get(`${segment}|${id}`)?.days.size ?? 0) > 1;
    });
    expect(elsewhere.length / first.rows).toBeGreaterThan(0.99);
    const repeated = [...byNumber.values()].filter((s) => s.days.size > 1);
    expect(Math.max(...repeated.map((s) => s.days.size))).toBeGreaterThan(100);
    // …by another order each time.
    expect(repeated.every((s) => s.orders.size >= s.days.size)).toBe(true);
    // …and no fill is lost for it: all 50,000 are distinct fills, none taken for a duplicate.
    expect(new Set(firstParsed.fills.map(fillKey)).size).toBe(50_000);
    expect(planImport(firstParsed, { stored: [], actions: [] }).duplicates).toBe(0);
  });

  it('writes index options and futures with the symbol, expiry and lot size of their day', () => {
    const derivatives = firstParsed.fills.filter((f) => f.segment !== 'equity');
    expect(derivatives.length).toBeGreaterThan(15_000);
    for (const f of derivatives) {
      const lot = lotSize(f.underlying as string, f.expiry as string) as number;
      if (f.quantity % lot !== 0) throw new Error(`${f.symbol} ${f.quantity} is not lots of ${lot}`);
      // Thursdays (4) before September 2025, Tuesdays (2) after; a day earlier when that day is a holiday.
      const weekday = new Date(`${f.expiry}T00:00:00Z`).getUTCDay();
      const expected = (f.expiry as string) >= '2025-09-01' ? 2 : 4;
      if (weekday !== expected && weekday !== expected - 1) throw new Error(`${f.symbol} expires ${f.expiry}`);
    }
    const symbols = new Map(derivatives.map((f) => [f.symbol, f]));
    // 26 Jan 2023, the month's last Thursday, was Republic Day: January's contracts expired on Wednesday the 25th.
    expect([...symbols.values()].find((f) => f.symbol.startsWith('NIFTY23JAN'))?.expiry).toBe('2023-01-25');
    // The last Tuesday of September 2025.
    expect([...symbols.values()].find((f) => f.symbol.startsWith('NIFTY25SEP'))?.expiry).toBe('2025-09-30');
    // A weekly: YY, the month as 1–9/O/N/D, the day, then strike and type; 75 a lot in 2018, 65 from January 2026.
    const weekly = derivatives.find((f) => /^NIFTY18O11\d+(CE|PE)$/.test(f.symbol));
    expect(weekly).toMatchObject({ expiry: '2018-10-11', underlying: 'NIFTY', segment: 'options' });
    expect((weekly as Fill).quantity % 75).toBe(0);
    expect(derivatives.some((f) => /^NIFTY26JANFUT$/.test(f.symbol) && f.quantity % 65 === 0)).toBe(true);
  });

  it('makes a second file of other fills in the same instruments, never numbered as the first on a day', () => {
    const shares = (parsed: ParseResult) =>
      [...new Set(parsed.fills.filter((f) => f.segment === 'equity').map((f) => f.symbol))].sort();
    expect(shares(secondParsed)).toEqual(shares(firstParsed));
    const keys = new Set(firstParsed.fills.map(fillKey));
    expect(secondParsed.fills.filter((f) => keys.has(fillKey(f)))).toEqual([]);
    const numbers = new Set(rowsOf(first).map(([, , date, , segment, , , , , , id]) => `${date}|${segment}|${id}`));
    expect(
      rowsOf(second).filter(([, , date, , segment, , , , , , id]) => numbers.has(`${date}|${segment}|${id}`)),
    ).toEqual([]);
  });

  it('sells shares held from before the file and through a split: both opening lots and the split give every cost', () => {
    // The shares held from before file 1 (one of them split), planned alone: the other instruments do not meet them.
    const held = new Set(first.openingLots.map((lot) => lot.symbol));
    const missing = (parsed: ParseResult, extra: Fill[], withSplit: boolean) => {
      const plan = planImport(
        { fills: [...parsed.fills.filter((f) => held.has(f.symbol)), ...extra], errors: [] },
        { stored: [], actions: withSplit ? [first.split] : [] },
      );
      const bySymbol: Record<string, number> = {};
      for (const { trade } of plannedTrades(plan.groups)) {
        if (trade.status === 'missing_cost') bySymbol[trade.symbol] = (bySymbol[trade.symbol] ?? 0) + 1;
      }
      return bySymbol;
    };
    const lots = first.openingLots.map((lot, i) =>
      typedOpeningLot({ ...lot, broker: 'zerodha', date: lot.heldOn, id: `bench-${i}` }),
    );
    expect(first.split).toEqual({ symbol: 'TATASTEEL', kind: 'split', from: 1, to: 10, exDate: '2022-07-28' });
    expect(Object.keys(missing(firstParsed, [], false)).sort()).toEqual(['HINDUNILVR', 'ITC', 'TATASTEEL']);
    // The opening lots alone leave TATASTEEL's sales after its split short of shares; the split alone, the early sales.
    expect(Object.keys(missing(firstParsed, lots, false))).toEqual(['TATASTEEL']);
    expect(Object.keys(missing(firstParsed, [], true)).sort()).toEqual(['HINDUNILVR', 'ITC', 'TATASTEEL']);
    expect(missing(firstParsed, lots, true)).toEqual({});
    // The second file held nothing before it; only the split explains its later TATASTEEL sales.
    expect(second.openingLots).toEqual([]);
    expect(Object.keys(missing(secondParsed, [], false))).toEqual(['TATASTEEL']);
    expect(missing(secondParsed, [], true)).toEqual({});
  });
});
