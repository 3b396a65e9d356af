import { describe, expect, it } from 'vitest';
import type { Fill } from '../import/types';
import { Journal } from './journal.fixture';
import { planImport, planUndo } from './plan-import';
import { plannedTrades, type RebuildGroup } from './rebuild';

let id = 1;
function fill(symbol: string, side: 'buy' | 'sell', quantity: number, price: number, at: string): Fill {
  return {
    broker: 'zerodha',
    tradeId: String(id++),
    orderId: `o${id}`,
    exchange: 'NSE',
    segment: 'equity',
    symbol,
    underlying: null,
    expiry: null,
    strike: null,
    optionType: null,
    side,
    quantity,
    price,
    executedAt: `${at}+05:30`,
    fees: null,
    row: 0,
  };
}

const parsed = (...fills: Fill[]) => ({ fills, errors: [] });
const settings = { state: 'MH' } as const;
const context = (journal: Journal) => ({ stored: journal.stored, actions: [], charges: settings });
/** Each planned trade's symbol and STT. */
const stt = (groups: readonly RebuildGroup[]) =>
  plannedTrades(groups).map((p) => [p.trade.symbol, p.charges.lines?.stt]);
const bySymbol = (groups: readonly RebuildGroup[]) =>
  Object.fromEntries(plannedTrades(groups).map((p) => [p.trade.symbol, p.charges]));

// Two day trades on 9 Jun 2025 (NSE cash; intraday STT 0.025% of the sell turnover, one note for the day):
//   ITC       buy 100 @ 95, sell 100 @ 96:  STT 0.025% × 9,600 = ₹2.40
//   HDFCBANK  buy 25 @ 238, sell 25 @ 240:  STT 0.025% × 6,000 = ₹1.50
// On one note: ₹3.90 → ₹4, shared 2.40 : 1.50 → 246.15 and 153.85 paise: 246 and 153, the paisa left over to the
// larger remainder (HDFCBANK's .85): ITC ₹2.46, HDFCBANK ₹1.54.
const itc = () => [
  fill('ITC', 'buy', 100, 95, '2025-06-09T09:30:00'),
  fill('ITC', 'sell', 100, 96, '2025-06-09T10:30:00'),
];
const hdfc = () => [
  fill('HDFCBANK', 'buy', 25, 238, '2025-06-09T11:00:00'),
  fill('HDFCBANK', 'sell', 25, 240, '2025-06-09T14:00:00'),
];

describe('STT of a day re-rounded with the trades of an earlier file', () => {
  it('gives two files of the same day the rounding of one file with all their fills', () => {
    const itcFills = itc();
    const hdfcFills = hdfc();
    const oneFile = planImport(parsed(...itcFills, ...hdfcFills), context(new Journal()));
    expect(stt(oneFile.groups)).toEqual([
      ['ITC', 2.46],
      ['HDFCBANK', 1.54],
    ]);

    const journal = new Journal();
    const first = planImport(parsed(...itcFills), context(journal));
    // Alone on its note: ₹2.40 → ₹2.
    expect(stt(first.groups)).toEqual([['ITC', 2]]);
    journal.save(first.groups, 'imp-1');

    const second = planImport(parsed(...hdfcFills), context(journal));
    // The ITC trade is re-charged with its new share; every line of both trades is as in the one file.
    expect(second.replaced).toBe(1);
    expect(bySymbol(second.groups)).toEqual(bySymbol(oneFile.groups));
    // The re-charged ITC trade keeps the import it came from; HDFCBANK is the new import's.
    const itcTrade = plannedTrades(second.groups).find((p) => p.trade.symbol === 'ITC')!;
    expect(itcTrade.importId).toBe('imp-1');
    expect(itcTrade.executions.map((e) => e.importId)).toEqual(['imp-1', 'imp-1']);
  });

  it('re-rounds the kept trade back when the later file is undone', () => {
    const journal = new Journal();
    journal.save(planImport(parsed(...itc()), context(journal)).groups, 'imp-1');
    journal.save(planImport(parsed(...hdfc()), context(journal)).groups, 'imp-2');
    const undo = planUndo('imp-2', context(journal));
    // HDFCBANK's trade goes; ITC is alone on the note again: ₹2.
    expect(undo.replaced).toBe(2);
    expect(stt(undo.groups)).toEqual([['ITC', 2]]);
  });

  it("keeps a rebuilt trade's share of a note it shares with trades that are not rebuilt", () => {
    // 9 Jun 2025: SBIN bought for delivery, 10 @ 801 (STT 0.1% × 8,010 = ₹8.01), and the HDFCBANK day trade (₹1.50):
    // ₹9.51 → ₹10, shared 801 : 150 → 842.27 and 157.73 paise: SBIN ₹8.42, HDFCBANK ₹1.58 (the larger remainder).
    const journal = new Journal();
    const sbinBuy = fill('SBIN', 'buy', 10, 801, '2025-06-09T09:45:00');
    journal.save(planImport(parsed(sbinBuy, ...hdfc()), context(journal)).groups, 'imp-1');
    // A later file sells the SBIN on 16 Jun 2025 at 820 (₹8.20 → ₹8 on its own note): the holding is rebuilt, its
    // buy still on the 9 Jun note with HDFCBANK, whose trade is not touched.
    const sale = planImport(parsed(fill('SBIN', 'sell', 10, 820, '2025-06-16T10:00:00')), context(journal));
    expect(sale.replaced).toBe(1);
    expect(stt(sale.groups)).toEqual([['SBIN', 16.42]]);
  });

  it('leaves a kept trade alone when its share does not change, and another day or market is not its note', () => {
    // SBIN sells 8,000 (STT exactly ₹2.00); TATASTEEL sells 4,000 the same day (₹1.00): ₹3 on one note, shared
    // 2 : 1 = ₹2.00 and ₹1.00, so SBIN's share is what it was.
    const journal = new Journal();
    const sbin = [
      fill('SBIN', 'buy', 10, 790, '2025-06-09T09:30:00'),
      fill('SBIN', 'sell', 10, 800, '2025-06-09T10:30:00'),
    ];
    journal.save(planImport(parsed(...sbin), context(journal)).groups, 'imp-1');
    const steel = planImport(
      parsed(
        fill('TATASTEEL', 'buy', 25, 158, '2025-06-09T11:00:00'),
        fill('TATASTEEL', 'sell', 25, 160, '2025-06-09T14:00:00'),
      ),
      context(journal),
    );
    expect(steel.replaced).toBe(0);
    expect(stt(steel.groups)).toEqual([['TATASTEEL', 1]]);
    // The next day is another note: ITC's ₹2.40 rounds alone to ₹2 and SBIN is not touched.
    const nextDay = planImport(
      parsed(fill('ITC', 'buy', 100, 95, '2025-06-10T09:30:00'), fill('ITC', 'sell', 100, 96, '2025-06-10T10:30:00')),
      context(journal),
    );
    expect(nextDay.replaced).toBe(0);
    expect(stt(nextDay.groups)).toEqual([['ITC', 2]]);
  });
});
