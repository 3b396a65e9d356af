import { describe, expect, it } from 'vitest';
import type { Fill } from '../import/types';
import { Journal } from './journal.fixture';
import { undatedLots } from './lot-dates';
import { openingLotsFromHoldings, openingLotsFromTaxPnl, typedOpeningLot } from './opening-lots';
import { planActionChange, planImport, planUndo } from './plan-import';
import { plannedTrades, type RebuildGroup } from './rebuild';

let id = 1;
function fill(symbol: string, side: 'buy' | 'sell', quantity: number, price: number, at: string): Fill {
  return {
    broker: 'zerodha',
    tradeId: String(id++),
    orderId: null,
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

const context = (journal: Journal) => ({ stored: journal.trades, actions: [] });
const parsed = (...fills: Fill[]) => ({ fills, errors: [] });
const summary = (groups: readonly RebuildGroup[]) =>
  plannedTrades(groups).map((p) => [
    p.trade.symbol,
    p.trade.product,
    p.trade.status,
    p.trade.quantity,
    p.trade.grossPnl,
  ]);

// The history: 2024-25 has a TCS sale with no buy (shares bought before), an INFY holding, a SBIN day trade.
const tcsSale = fill('TCS', 'sell', 13, 4300, '2024-12-13T10:00:00');
const infyBuy = fill('INFY', 'buy', 10, 1500, '2024-06-03T10:00:00');
const sbin = [
  fill('SBIN', 'buy', 100, 800, '2024-08-01T09:30:00'),
  fill('SBIN', 'sell', 100, 805, '2024-08-01T14:00:00'),
];

describe('planImport', () => {
  it('imports a sale of earlier holdings with no cost basis, and counts it for the preview', () => {
    const journal = new Journal();
    const plan = planImport(parsed(infyBuy, ...sbin, tcsSale), context(journal));
    expect(plan).toMatchObject({ newFills: 4, duplicates: 0, trades: 3, open: 1, closed: 1, missingCost: 1 });
    expect(summary(plan.groups)).toEqual([
      ['INFY', 'delivery', 'open', 10, null],
      ['SBIN', 'intraday', 'closed', 100, 500],
      ['TCS', 'delivery', 'missing_cost', 13, null],
    ]);
  });

  it('gives that sale its cost from a holdings statement dated before the history, rebuilding only TCS', () => {
    const journal = new Journal();
    journal.save(planImport(parsed(infyBuy, ...sbin, tcsSale), context(journal)).groups, 'file1');
    const missing = journal.trades.find((t) => t.status === 'missing_cost')!;

    // Held at the end of 31 Mar 2024: 13 TCS at 3,900 and 10 INFY at 1,400 (INFY's tradebook starts later, so it is
    // an opening lot too; the statement predates every INFY fill).
    const lots = openingLotsFromHoldings(
      [
        { symbol: 'TCS', isin: 'INE467B01029', quantity: 13, averagePrice: 3900, row: 2 },
        { symbol: 'SBIN', isin: 'INE062A01020', quantity: 0, averagePrice: 0, row: 3 },
      ],
      '2024-03-31',
      'zerodha',
      journal.trades,
    );
    expect(lots.skipped).toEqual([{ row: 3, column: null, message: 'Row 3: SBIN: nothing held' }]);
    const plan = planImport(parsed(...lots.fills), context(journal));
    // TCS: the one stored trade is replaced by a closed one: (4,300 − 3,900) × 13 = 5,200.
    expect(plan.groups.map((g) => g.replace)).toEqual([[missing.id]]);
    expect(plan).toMatchObject({ trades: 1, closed: 1, missingCost: 0, costFound: 1, replaced: 1 });
    expect(summary(plan.groups)).toEqual([['TCS', 'delivery', 'closed', 13, 5200]]);
    const [tcs] = plannedTrades(plan.groups);
    // The stored sale keeps its import; the opening lot is this import's.
    // The opening lot is a new fill; the sale is the stored one, named by its id.
    const stored = journal.trades.find((t) => t.id === missing.id)?.fills[0]?.id;
    expect(tcs?.executions.map((e) => [e.kind, e.importId, e.fill.tradeId, e.storedId])).toEqual([
      ['opening', null, 'holding:2024-03-31:TCS', null],
      ['fill', 'file1', tcsSale.tradeId, stored],
    ]);
  });

  it('skips a holding the tradebook already covers, saying why', () => {
    const journal = new Journal();
    journal.save(planImport(parsed(infyBuy), context(journal)).groups, 'file1');
    const lots = openingLotsFromHoldings(
      [{ symbol: 'INFY', isin: null, quantity: 10, averagePrice: 1450, row: 2 }],
      '2024-06-30',
      'zerodha',
      journal.trades,
    );
    expect(lots).toEqual({
      fills: [],
      skipped: [
        {
          row: 2,
          column: null,
          message: 'Row 2: INFY is in your tradebook on or before 2024-06-30, which already holds it',
        },
      ],
    });
  });

  it('takes the cost of each pre-history sale from a tax P&L statement', () => {
    const journal = new Journal();
    journal.save(
      planImport(parsed(tcsSale, fill('TCS', 'buy', 5, 4000, '2025-01-06T10:00:00')), context(journal)).groups,
      'f',
    );
    const lots = openingLotsFromTaxPnl(
      [
        // Bought before the tradebook, sold in it: the cost of 8 + 5 of the 13 sold, at 3,800 and 4,000.
        {
          symbol: 'TCS',
          isin: null,
          entryDate: '2023-05-02',
          exitDate: '2024-12-13',
          quantity: 8,
          buyValue: 30_400,
          row: 5,
        },
        {
          symbol: 'TCS',
          isin: null,
          entryDate: '2023-09-14',
          exitDate: '2024-12-13',
          quantity: 5,
          buyValue: 20_000,
          row: 6,
        },
        // Bought in the tradebook: already known.
        {
          symbol: 'TCS',
          isin: null,
          entryDate: '2025-01-06',
          exitDate: '2025-03-10',
          quantity: 5,
          buyValue: 20_000,
          row: 7,
        },
        // Sold before the tradebook starts: nothing in the journal to give a cost to.
        {
          symbol: 'TCS',
          isin: null,
          entryDate: '2022-01-03',
          exitDate: '2023-02-01',
          quantity: 2,
          buyValue: 7_000,
          row: 8,
        },
      ],
      'zerodha',
      journal.trades,
    );
    expect(lots.fills.map((f) => [f.quantity, f.price, f.executedAt])).toEqual([
      [8, 3800, '2023-05-02T15:30:00+05:30'],
      [5, 4000, '2023-09-14T15:30:00+05:30'],
    ]);
    expect(lots.skipped.map((s) => s.row)).toEqual([7, 8]);
    const plan = planImport(parsed(...lots.fills), context(journal));
    // 13 sold at 4,300: 8 × 500 + 5 × 300 = 5,500; the 5 bought in January stay held.
    expect(summary(plan.groups)).toEqual([
      ['TCS', 'delivery', 'closed', 13, 5500],
      ['TCS', 'delivery', 'open', 5, null],
    ]);
  });

  it('continues a position from an earlier file and keeps closed trades before the new fills as they are', () => {
    const journal = new Journal();
    journal.save(planImport(parsed(...sbin, infyBuy), context(journal)).groups, 'file1');
    const sbinTrade = journal.trades.find((t) => t.fills[0]?.fill.symbol === 'SBIN')!;
    // The next file sells the INFY holding and day-trades SBIN again.
    const next = planImport(
      parsed(
        fill('INFY', 'sell', 10, 1600, '2025-01-10T10:00:00'),
        fill('SBIN', 'buy', 50, 810, '2025-01-10T09:30:00'),
        fill('SBIN', 'sell', 50, 812, '2025-01-10T11:30:00'),
      ),
      context(journal),
    );
    // The SBIN trade of August is before the new fills and closed: kept. INFY's open holding is rebuilt, closed.
    expect(next.groups.flatMap((g) => g.replace)).not.toContain(sbinTrade.id);
    expect(next).toMatchObject({ replaced: 1, trades: 2 });
    expect(summary(next.groups)).toEqual([
      ['INFY', 'delivery', 'closed', 10, 1000],
      ['SBIN', 'intraday', 'closed', 50, 100],
    ]);
  });

  it('rebuilds the later trades of a share when an earlier file brings its first buys', () => {
    const journal = new Journal();
    journal.save(planImport(parsed(tcsSale), context(journal)).groups, 'file2024');
    const older = planImport(parsed(fill('TCS', 'buy', 13, 3500, '2023-11-01T10:00:00')), context(journal));
    expect(summary(older.groups)).toEqual([['TCS', 'delivery', 'closed', 13, 10_400]]);
    expect(older).toMatchObject({ replaced: 1, costFound: 1, missingCost: 0 });
  });

  it('skips every fill already stored, and plans nothing for a file imported twice', () => {
    const journal = new Journal();
    const fills = [infyBuy, ...sbin, tcsSale];
    journal.save(planImport(parsed(...fills), context(journal)).groups, 'file1');
    expect(planImport(parsed(...fills), context(journal))).toMatchObject({ duplicates: 4, newFills: 0, groups: [] });
  });

  it('stores a split fill once and rematches only the part the rebuilt trades held', () => {
    const journal = new Journal();
    // 2 Jan: buy 100, sell 40: 40 intraday, 60 into the holding. The buy is one fill, held 40 and 60.
    const buy = fill('ITC', 'buy', 100, 400, '2025-01-02T10:00:00');
    journal.save(
      planImport(parsed(buy, fill('ITC', 'sell', 40, 405, '2025-01-02T11:00:00')), context(journal)).groups,
      'a',
    );
    const parts = journal.trades.flatMap((t) => t.fills.filter((f) => f.fill.tradeId === buy.tradeId));
    expect(parts.map((f) => f.fill.quantity).sort()).toEqual([40, 60]);
    expect(new Set(parts.map((f) => f.id)).size).toBe(1);
    // A later sale rebuilds the holding (60 of the buy) but not the closed day trade, which keeps its 40.
    const plan = planImport(parsed(fill('ITC', 'sell', 60, 420, '2025-02-03T10:00:00')), context(journal));
    const [holding] = plannedTrades(plan.groups);
    // (420 − 400) × 60 = 1,200.
    expect(holding?.trade).toMatchObject({ status: 'closed', quantity: 60, grossPnl: 1200 });
    expect(holding?.executions[0]).toMatchObject({ storedId: parts[0]?.id, quantity: 60 });
  });
});

describe('planUndo', () => {
  it("takes out one import's fills and rebuilds the trades they were in from the others", () => {
    const journal = new Journal();
    journal.save(planImport(parsed(tcsSale), context(journal)).groups, 'tradebook');
    journal.save(
      planImport(
        parsed(
          typedOpeningLot({
            broker: 'zerodha',
            symbol: 'TCS',
            quantity: 13,
            price: 3900,
            date: '2024-03-28',
            id: 'o1',
          }),
        ),
        context(journal),
      ).groups,
      'opening',
    );
    expect(journal.trades.map((t) => t.status)).toEqual(['closed']);

    const undo = planUndo('opening', context(journal));
    // The sale is back to having no cost basis; its fill stays filed under the tradebook.
    expect(summary(undo.groups)).toEqual([['TCS', 'delivery', 'missing_cost', 13, null]]);
    expect(plannedTrades(undo.groups)[0]?.executions.map((e) => e.importId)).toEqual(['tradebook']);
    expect(plannedTrades(undo.groups)[0]?.importId).toBe('tradebook');
  });
});

describe('planActionChange', () => {
  it("rebuilds a share's holding from the ex-date of a new split", () => {
    const journal = new Journal();
    journal.save(
      planImport(
        parsed(
          fill('NESTLEIND', 'buy', 10, 25_000, '2024-01-10T10:00:00'),
          fill('NESTLEIND', 'sell', 100, 2_600, '2024-03-01T10:00:00'),
        ),
        context(journal),
      ).groups,
      'f',
    );
    // Without the 1:10 split the sale of 100 closes 10 and leaves 90 with no cost basis.
    expect(journal.trades.map((t) => t.status)).toEqual(['closed', 'missing_cost']);
    // A 1:10 split from 5 Feb: the 10 held become 100 at 2,500; sold at 2,600: 100 × 100 = 10,000.
    const split = { symbol: 'NESTLEIND', kind: 'split', from: 1, to: 10, exDate: '2024-02-05' } as const;
    const change = planActionChange(split, { stored: journal.trades, actions: [split] });
    expect(change).toMatchObject({ replaced: 2, costFound: 1, missingCost: 0 });
    expect(summary(change.groups)).toEqual([['NESTLEIND', 'delivery', 'closed', 100, 10_000]]);
  });
});

describe('one instrument per ISIN across imports', () => {
  const share = (symbol: string, isin: string | null, side: 'buy' | 'sell', quantity: number, at: string) => ({
    ...fill(symbol, side, quantity, side === 'buy' ? 410 : 1495, at),
    isin,
  });
  // 11 GE T&D bought as GET&D-BE (series BE) and sold as GVT&D, ISIN INE200A01026 both.
  const sale = share('GVT&D', 'INE200A01026', 'sell', 11, '2025-02-05T14:02:26');
  const buy = share('GET&D', 'INE200A01026', 'buy', 11, '2024-03-12T09:48:31');

  it('gives a renamed share’s sale its cost when an earlier file brings the buy under the old name', () => {
    const journal = new Journal();
    journal.save(planImport(parsed(sale), context(journal)).groups, 'fy25');
    expect(journal.trades.map((t) => t.status)).toEqual(['missing_cost']);
    const plan = planImport(parsed(buy), context(journal));
    // One closed trade under today's name: 11 × (1,495 − 410) = 11,935.
    expect(plan).toMatchObject({ trades: 1, closed: 1, missingCost: 0, costFound: 1, replaced: 1 });
    expect(summary(plan.groups)).toEqual([['GVT&D', 'delivery', 'closed', 11, 11935]]);
  });

  it("knows a holdings statement's line by its ISIN under the new name, and a typed lot by the symbol", () => {
    const journal = new Journal();
    journal.save(planImport(parsed(buy, sale), context(journal)).groups, 'file');
    const lots = openingLotsFromHoldings(
      [{ symbol: 'GVT&D', isin: 'INE200A01026', quantity: 11, averagePrice: 400, row: 2 }],
      '2024-12-31',
      'zerodha',
      journal.trades,
    );
    expect(lots.skipped.map((s) => s.message)).toEqual([
      'Row 2: GVT&D is in your tradebook on or before 2024-12-31, which already holds it',
    ]);
    // A typed lot has no ISIN: under the symbol the journal stores (today's), it joins the same share.
    const typed = typedOpeningLot({
      broker: 'zerodha',
      symbol: 'gvt&d',
      quantity: 4,
      price: 300,
      date: '2024-01-02',
      id: 'o1',
    });
    const plan = planImport(parsed(typed), context(journal));
    expect(plan.groups.map((g) => g.key)).toEqual(['zerodha|EQ|I:INE200A01026']);
    // FIFO: the 4 typed (held since 2 Jan 2024) are sold first, then 7 of the 11 bought; 4 stay open.
    expect(summary(plan.groups)).toEqual([
      ['GVT&D', 'delivery', 'closed', 11, 4 * (1495 - 300) + 7 * (1495 - 410)],
      ['GVT&D', 'delivery', 'open', 4, null],
    ]);
  });

  it('takes a typed opening lot of fund units with decimals', () => {
    const lot = typedOpeningLot({
      broker: 'zerodha',
      symbol: 'LIQUIDBEES',
      quantity: 24.609,
      price: 999.99,
      date: '2025-03-31',
      id: 'o2',
    });
    expect(lot).toMatchObject({ symbol: 'LIQUIDBEES', quantity: 24.609, price: 999.99, opening: true });
    expect(() => typedOpeningLot({ ...lotInput, quantity: 0 })).toThrow(
      'Enter how many shares or units you held, a number above 0.',
    );
  });
});

const lotInput = { broker: 'zerodha', symbol: 'INFY', quantity: 1, price: 1, date: '2025-01-01', id: 'x' } as const;

describe('undoing dated lots that replaced an undated one', () => {
  // A holdings statement's undated lot: 100 TCS at 3,000 (3,00,000), held on 31 Mar 2024, and a sale after it.
  const undated: Fill = {
    ...typedOpeningLot({ broker: 'zerodha', symbol: 'TCS', quantity: 100, price: 3000, date: '2024-03-31', id: 'h' }),
    tradeId: 'holding:2024-03-31:TCS',
    dateUnknown: true,
  };
  const dated = (id: string, quantity: number, price: number, date: string) =>
    typedOpeningLot({ broker: 'zerodha', symbol: 'TCS', quantity, price, date, id });
  // Each undated lot whole (its parts in the sale and the holding added up).
  const undatedNow = (journal: Journal) => undatedLots(journal.trades).map((l) => [l.quantity, l.price]);
  const start = () => {
    const journal = new Journal();
    journal.save(
      planImport(parsed(undated, fill('TCS', 'sell', 20, 4000, '2024-06-03T10:00:00')), context(journal)).groups,
      'holdings',
    );
    return journal;
  };

  it('brings the lot back as it was', () => {
    const journal = start();
    // 60 dated at 2,500 replace 60 of the 100: the rest, 40, keeps the statement's total: (3,00,000 − 1,50,000) ÷ 40.
    const first = planImport(parsed(dated('o1', 60, 2500, '2023-05-10')), context(journal));
    expect(first.replacedLots).toEqual([{ lot: undated, importId: 'holdings', rest: { quantity: 40, price: 3750 } }]);
    journal.save(first.groups, 'o1');
    expect(undatedNow(journal)).toEqual([[40, 3750]]);
    journal.save(planUndo('o1', context(journal), first.replacedLots).groups, null);
    expect(undatedNow(journal)).toEqual([[100, 3000]]);
    // Its shares are the holdings statement's again.
    expect(journal.trades.flatMap((t) => t.fills).find((s) => s.fill.dateUnknown)?.importId).toBe('holdings');
  });

  it('gives back what the undone import took when a later one took more', () => {
    const journal = start();
    const first = planImport(parsed(dated('o1', 60, 2500, '2023-05-10')), context(journal));
    journal.save(first.groups, 'o1');
    // 10 more at 2,800 from the rest: 30 left, at (40 × 3,750 − 28,000) ÷ 30 = 4,066.6667.
    journal.save(planImport(parsed(dated('o2', 10, 2800, '2023-06-01')), context(journal)).groups, 'o2');
    expect(undatedNow(journal)).toEqual([[30, 4066.6667]]);
    // Undoing o1 gives its 60 back: 90 undated, at the statement's 3,00,000 less o2's 28,000: 2,72,000 ÷ 90.
    journal.save(planUndo('o1', context(journal), first.replacedLots).groups, null);
    expect(undatedNow(journal)).toEqual([[90, 3022.2222]]);
  });

  it('leaves a lot that the import never replaced as it is', () => {
    const journal = start();
    const first = planImport(parsed(dated('o1', 60, 2500, '2023-05-10')), context(journal));
    // The import's part that replaced the lot was never saved: the lot is as it was.
    expect(planUndo('o1', context(journal), first.replacedLots).groups).toEqual([]);
    expect(undatedNow(journal)).toEqual([[100, 3000]]);
  });
});
