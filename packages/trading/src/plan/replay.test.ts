import { describe, expect, it } from 'vitest';
import type { Fill } from '../import/types';
import { Journal } from './journal.fixture';
import { planImport } from './plan-import';
import { plannedTrades } from './rebuild';
import { planReplay, type StoredTradeFigures } from './replay';

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

// ITC day trades, buy 100 @ 95 and sell 100 @ 96 (turnover ₹19,100): on 3 Jun 2019, when stamp duty was the trader's
// state's on both sides, and on 9 Jun 2025.
const itc2019 = () => [
  fill('ITC', 'buy', 100, 95, '2019-06-03T09:30:00'),
  fill('ITC', 'sell', 100, 96, '2019-06-03T10:30:00'),
];
const sbin2025 = () => [
  fill('SBIN', 'buy', 10, 790, '2025-06-09T09:30:00'),
  fill('SBIN', 'sell', 10, 800, '2025-06-09T10:30:00'),
];

describe('planReplay: rebuild my journal', () => {
  it('changes nothing in a journal made under the same rules', () => {
    const journal = new Journal();
    journal.save(planImport(parsed(...itc2019(), ...sbin2025()), { stored: [], actions: [] }).groups, 'imp-1');
    const replay = planReplay({ stored: journal.stored, actions: [] });
    expect(replay).toMatchObject({ checked: 2, unchanged: 2, refigured: 0, rematched: 0, written: 0, groups: [] });
    // With no state set, the 2019 trade's stamp duty is still Maharashtra's, and the replay says so.
    expect(replay.estimates).toEqual([{ reason: { kind: 'stamp-state-unset' }, trades: 1 }]);
  });

  it("re-charges the trades a new setting changes (the trader's state), and only their instrument", () => {
    const journal = new Journal();
    journal.save(planImport(parsed(...itc2019(), ...sbin2025()), { stored: [], actions: [] }).groups, 'imp-1');
    const before = journal.stored.find((t) => t.fills[0]!.fill.symbol === 'ITC')!;
    // Karnataka charged 0.003% on each side, Maharashtra 0.002% on intraday:
    //   0.002% × 19,100 = ₹0.382 → ₹0.38; 0.003% × 19,100 = ₹0.573 → ₹0.57: the charges rise by ₹0.19.
    const replay = planReplay({ stored: journal.stored, actions: [], charges: { state: 'KA' } });
    expect(replay).toMatchObject({ checked: 2, unchanged: 1, refigured: 1, rematched: 0, written: 1, replaced: 1 });
    expect(replay.groups.map((g) => g.replace)).toEqual([[before.id]]);
    const [itc] = plannedTrades(replay.groups);
    expect(itc!.charges.lines?.stamp).toBe(0.57);
    expect(Math.round((itc!.charges.total - before.charges!) * 100) / 100).toBe(0.19);
    expect(replay.estimates).toEqual([]);
  });

  it('re-charges a trade stored with charges that today’s rules do not give', () => {
    const journal = new Journal();
    journal.save(planImport(parsed(...sbin2025()), { stored: [], actions: [] }).groups, 'imp-1');
    const stale = journal.stored.map((t) => ({ ...t, charges: 0 }));
    expect(planReplay({ stored: stale, actions: [] })).toMatchObject({ unchanged: 0, refigured: 1, written: 1 });
  });

  it('matches again fills that were stored as other trades', () => {
    // Two buys of SBIN and one sale the same day stored as two trades (as an older matching might have): today they
    // net into one day trade of 20 shares.
    const journal = new Journal();
    const fills = [
      fill('SBIN', 'buy', 10, 790, '2025-06-09T09:30:00'),
      fill('SBIN', 'buy', 10, 792, '2025-06-09T09:40:00'),
      fill('SBIN', 'sell', 20, 800, '2025-06-09T10:30:00'),
    ];
    journal.save(planImport(parsed(...fills), { stored: [], actions: [] }).groups, 'imp-1');
    const [one] = journal.stored;
    const split: StoredTradeFigures[] = [
      { ...one!, id: 'a', fills: one!.fills.filter((s) => s.fill.side === 'buy') },
      { ...one!, id: 'b', status: 'closed', fills: one!.fills.filter((s) => s.fill.side === 'sell') },
    ];
    expect(planReplay({ stored: split, actions: [] })).toMatchObject({
      checked: 2,
      unchanged: 0,
      rematched: 2,
      rematchedInto: 1,
      written: 1,
      replaced: 2,
    });
  });
});
