import { describe, expect, it } from 'vitest';
import { mergeFills } from './dedupe';
import { matchFills } from './match';
import type { Fill } from './types';
import { parseZerodhaTradebook } from './zerodha';

const HEADER =
  'symbol,isin,trade_date,exchange,segment,series,trade_type,auction,quantity,price,trade_id,order_id,order_execution_time';
const row = (side: string, qty: number, price: number, id: string, time: string) =>
  `SUZLON,INE040H01021,2025-06-09,NSE,EQ,EQ,${side},false,${qty},${price},${id},1,2025-06-09T${time}`;

describe('mergeFills', () => {
  it('adds only the new fills of an overlapping second file (several imports a day)', () => {
    // Morning export: fills 1-2. Afternoon export of the whole day: fills 1-4.
    const morning = parseZerodhaTradebook(
      [HEADER, row('buy', 100, 67, '1', '09:30:00'), row('buy', 100, 68, '2', '10:00:00')].join('\n'),
    );
    const day = parseZerodhaTradebook(
      [
        HEADER,
        row('buy', 100, 67, '1', '09:30:00'),
        row('buy', 100, 68, '2', '10:00:00'),
        row('sell', 150, 70, '3', '14:00:00'),
        row('sell', 50, 66, '4', '15:00:00'),
      ].join('\n'),
    );
    const first = mergeFills([], morning.fills);
    expect([first.added, first.duplicates]).toEqual([2, 0]);
    const second = mergeFills(first.fills, day.fills);
    expect([second.added, second.duplicates]).toEqual([2, 2]);
    expect(second.fills.map((f) => f.tradeId)).toEqual(['1', '2', '3', '4']);
    // Importing the day again adds nothing.
    expect(mergeFills(second.fills, day.fills)).toMatchObject({ added: 0, duplicates: 4 });
    // The merged day is one closed trade: 13,500 in, 150×70 + 50×66 = 13,800 out: +300.
    expect(matchFills(second.fills)).toMatchObject([{ status: 'closed', quantity: 200, grossPnl: 300 }]);
  });

  it('treats a repeated trade id within one file as a duplicate', () => {
    const { fills } = parseZerodhaTradebook(
      [HEADER, row('buy', 1, 67, '7', '09:30:00'), row('buy', 1, 67, '7', '09:30:00')].join('\n'),
    );
    expect(mergeFills([], fills)).toMatchObject({ added: 1, duplicates: 1 });
  });

  it('without trade ids, keeps identical fills that are really two, and drops them when re-imported', () => {
    const base = parseZerodhaTradebook([HEADER, row('buy', 1, 67, 'x', '09:30:00')].join('\n')).fills[0] as Fill;
    const twin: Fill = { ...base, tradeId: null, broker: 'dhan' };
    const file = [twin, { ...twin }, { ...twin, price: 68 }];
    const first = mergeFills([], file);
    expect([first.added, first.duplicates]).toEqual([3, 0]);
    // The same file plus one more identical fill: only that third twin is new.
    const second = mergeFills(first.fills, [...file, { ...twin }]);
    expect([second.added, second.duplicates]).toEqual([1, 3]);
  });
});
