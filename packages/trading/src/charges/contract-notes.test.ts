import { describe, expect, it } from 'vitest';
import { matchFills } from '../import/match';
import type { Fill } from '../import/types';
import { DISCOUNT_BROKER } from './broker-profile';
import { chargeTrades, dpCharge, shareInProportion, typedTradeCharges } from './contract-notes';

let id = 1;
const fill = (symbol: string, side: 'buy' | 'sell', quantity: number, price: number, at: string): Fill => ({
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
});

describe('chargeTrades: STT rounded once per contract note', () => {
  // Two intraday round trips on 9 Jun 2025 (NSE, rates from 1 Oct 2024), each with a sell turnover of ₹9,600:
  // STT 0.025% × 9,600 = ₹2.40 each. Rounded per trade that is ₹2 + ₹2 = ₹4; the day's note rounds 4.80 to ₹5,
  // shared equally: ₹2.50 each.
  const trades = matchFills([
    fill('ITC', 'buy', 100, 95, '2025-06-09T09:30:00'),
    fill('ITC', 'sell', 100, 96, '2025-06-09T10:30:00'),
    fill('HDFCBANK', 'buy', 40, 238, '2025-06-09T11:00:00'),
    fill('HDFCBANK', 'sell', 40, 240, '2025-06-09T14:00:00'),
  ]);
  const [itc, hdfc] = chargeTrades(trades);

  it('shares the rounded STT of the day among its trades', () => {
    expect(itc?.lines?.stt).toBe(2.5);
    expect(hdfc?.lines?.stt).toBe(2.5);
  });

  it('works out every other line per trade, as before', () => {
    // ITC: buy 9,500, sell 9,600, turnover 19,100.
    // brokerage 0.03% × 9,500 = 2.85 and × 9,600 = 2.88 (both under ₹20) = 5.73
    // transaction 0.00297% × 19,100 = 0.56727 → 0.57; SEBI and IPFT ₹10/crore × 19,100 = 0.0191 → 0.02 each
    // stamp 0.003% × 9,500 = 0.285 → 0.29; GST 18% × (5.73 + 0.57 + 0.02 = 6.32) = 1.1376 → 1.14
    // total 5.73 + 2.50 + 0.57 + 0.02 + 0.02 + 0.29 + 1.14 = 10.27
    expect(itc).toEqual({
      total: 10.27,
      lines: {
        brokerage: 5.73,
        stt: 2.5,
        transaction: 0.57,
        sebi: 0.02,
        stamp: 0.29,
        gst: 1.14,
        ipft: 0.02,
        dp: 0,
        total: 10.27,
      },
      source: 'estimated',
      turnover: 19_100,
      estimatedRates: [],
    });
    // HDFCBANK: buy 9,520, sell 9,600: brokerage 2.856 → 2.86 and 2.88 = 5.74; transaction 0.567864 → 0.57;
    // stamp 0.2856 → 0.29; GST 18% × 6.33 = 1.1394 → 1.14; total 5.74 + 2.50 + 0.57 + 0.02 + 0.02 + 0.29 + 1.14.
    expect(hdfc?.total).toBe(10.28);
  });

  it('charges brokerage per executed order, at the rates of the trade date', () => {
    // SUZLON on 3 Aug 2026: buy 100 @ 60, sell 40 @ 62 and 60 @ 63 (three orders), intraday.
    // Turnover 6,000 bought + 6,260 sold = 12,260. NSE cash rates from 1 Mar 2026: transaction ₹306.99/crore, IPFT
    // ₹0.01/crore. brokerage 0.03% per order 1.80 + 0.744 → 0.74 + 1.134 → 1.13 = 3.67; STT 0.025% × 6,260 = 1.565
    // → ₹2; transaction 12,260 × 306.99 / 1 crore = 0.3764 → 0.38; SEBI ₹10/crore = 0.01226 → 0.01; IPFT 0.0000123 →
    // 0; stamp 0.003% × 6,000 = 0.18; GST 18% × (3.67 + 0.38 + 0.01 = 4.06) = 0.7308 → 0.73. Total 6.97.
    const [suzlon] = chargeTrades(
      matchFills([
        fill('SUZLON', 'buy', 100, 60, '2026-08-03T09:20:00'),
        fill('SUZLON', 'sell', 40, 62, '2026-08-03T10:00:00'),
        fill('SUZLON', 'sell', 60, 63, '2026-08-03T11:00:00'),
      ]),
    );
    expect(suzlon?.lines).toEqual({
      brokerage: 3.67,
      stt: 2,
      transaction: 0.38,
      sebi: 0.01,
      stamp: 0.18,
      gst: 0.73,
      ipft: 0,
      dp: 0,
      total: 6.97,
    });
  });

  it('keeps notes of different days apart', () => {
    const [a, b] = chargeTrades(
      matchFills([
        fill('ITC', 'buy', 100, 95, '2025-06-09T09:30:00'),
        fill('ITC', 'sell', 100, 96, '2025-06-09T10:30:00'),
        fill('HDFCBANK', 'buy', 40, 238, '2025-06-10T11:00:00'),
        fill('HDFCBANK', 'sell', 40, 240, '2025-06-10T14:00:00'),
      ]),
    );
    // Each day's note: 2.40 → ₹2.
    expect([a?.lines?.stt, b?.lines?.stt]).toEqual([2, 2]);
  });

  it("keeps two brokers' notes of the same day apart: each account has its own contract note", () => {
    const upstox = (f: Fill): Fill => ({ ...f, broker: 'upstox' });
    const [a, b] = chargeTrades(
      matchFills([
        fill('ITC', 'buy', 100, 95, '2025-06-09T09:30:00'),
        fill('ITC', 'sell', 100, 96, '2025-06-09T10:30:00'),
        upstox(fill('HDFCBANK', 'buy', 40, 238, '2025-06-09T11:00:00')),
        upstox(fill('HDFCBANK', 'sell', 40, 240, '2025-06-09T14:00:00')),
      ]),
    );
    // ₹2.40 → ₹2 on each broker's note, not ₹4.80 → ₹5 shared.
    expect([a?.lines?.stt, b?.lines?.stt]).toEqual([2, 2]);
  });

  it('estimates a trade dated before the rate tables with the nearest rates, and says so', () => {
    const [old] = chargeTrades(
      matchFills([
        fill('ITC', 'buy', 100, 95, '2017-06-09T09:30:00'),
        fill('ITC', 'sell', 100, 96, '2017-06-09T10:30:00'),
      ]),
    );
    // Two assumptions: the rates of 1 Apr 2018, and (with no state given) Maharashtra's stamp duty of that time.
    expect(old?.estimatedRates).toEqual([{ kind: 'before-tables', from: '2018-04-01' }, { kind: 'stamp-state-unset' }]);
    expect(old?.total).toBeGreaterThan(0);
  });
});

describe('the DP charge', () => {
  it('splits a charge stated with GST into the charge and its GST', () => {
    // Zerodha: ₹15.34 including 18% GST = ₹13.00 + ₹2.34.
    expect(dpCharge({ amount: 15.34, includesGst: true }, 18)).toEqual({ net: 1300, gst: 234 });
    // Groww: ₹13.50 + 18% GST (₹2.43).
    expect(dpCharge({ amount: 13.5, includesGst: false }, 18)).toEqual({ net: 1350, gst: 243 });
  });

  // A delivery sale of 10 INFY at 1,550, bought at 1,500 a few days before: the DP charge is on the sale.
  const saleOn = (bought: string, sold: string) =>
    matchFills([
      fill('INFY', 'buy', 10, 1500, `${bought}T09:30:00`),
      fill('INFY', 'sell', 10, 1550, `${sold}T10:00:00`),
    ]);

  it("is Zerodha's of the sale's date: ₹13.50 + GST to 31 May 2024, ₹13 + GST from 1 Jun 2024", () => {
    const mh = { state: 'MH' } as const;
    const lines = (sold: string) => chargeTrades(saleOn('2019-06-03', sold), mh)[0]!.lines!;
    // The `dp` line is the charge before its GST (₹2.43 on ₹13.50, ₹2.34 on ₹13, in the GST line).
    expect(lines('2019-06-10').dp).toBe(13.5);
    expect(lines('2024-05-31').dp).toBe(13.5);
    expect(lines('2024-06-10').dp).toBe(13);
    expect(lines('2026-02-16').dp).toBe(13);
  });

  it("says a sale's DP charge is Zerodha's when the trader has no broker profile", () => {
    const [sale] = chargeTrades(saleOn('2025-06-09', '2025-06-16'));
    expect(sale!.estimatedRates).toEqual([{ kind: 'dp-no-profile' }]);
  });

  it("uses the trader's own DP charge from the day they set it, Zerodha's before, and says so for another broker", () => {
    const own = { amount: 20, includesGst: false, from: '2025-06-12' };
    const upstox = { ...DISCOUNT_BROKER, name: 'Upstox', dp: own, dpAssumed: 'other-broker' as const };
    const zerodha = { ...DISCOUNT_BROKER, name: 'Zerodha', dp: own, dpAssumed: undefined };
    const [before] = chargeTrades(saleOn('2025-06-09', '2025-06-11'), { profile: upstox });
    const [after] = chargeTrades(saleOn('2025-06-09', '2025-06-16'), { profile: upstox });
    // Before 12 Jun 2025: ₹13 (Zerodha's), an assumption for an Upstox account; from then on the ₹20 entered.
    expect([before!.lines!.dp, after!.lines!.dp]).toEqual([13, 20]);
    expect(before!.estimatedRates).toEqual([{ kind: 'dp-before-own', from: '2025-06-12' }]);
    expect(after!.estimatedRates).toEqual([]);
    // A Zerodha account's earlier sales are charged Zerodha's published figure, which is no assumption.
    expect(chargeTrades(saleOn('2025-06-09', '2025-06-11'), { profile: zerodha })[0]!.estimatedRates).toEqual([]);
  });

  it('charges a delivery sale once per share and day, not once per trade', () => {
    // Hold 5 TCS and sell 8 on 13 Dec 2024: the holding's trade and the 3 with no cost basis are one sale of TCS.
    const trades = matchFills([
      fill('TCS', 'buy', 5, 4000, '2024-12-02T10:00:00'),
      fill('TCS', 'sell', 8, 4300, '2024-12-13T10:00:00'),
    ]);
    const charges = chargeTrades(trades, { profile: DISCOUNT_BROKER });
    expect(charges.map((c) => c.lines?.dp)).toEqual([13, 0]);
  });

  it('is added to a typed delivery trade on its sell day only', () => {
    // 10 INFY bought 2 Jun 2025 at 1,500, sold 9 Jun at 1,550, with ₹20 + GST per sale.
    const profile = { ...DISCOUNT_BROKER, dp: { amount: 20, includesGst: false } };
    const charges = typedTradeCharges(
      {
        exchange: 'NSE',
        segment: 'equity-delivery',
        symbol: 'INFY',
        side: 'long',
        quantity: 10,
        entry: { date: '2025-06-02', price: 1500 },
        exit: { date: '2025-06-09', price: 1550 },
      },
      { profile },
    );
    // Two notes. STT 0.1% × 15,000 = ₹15 and 0.1% × 15,500 = ₹15.50 → ₹16 (each note rounds its own).
    // DP ₹20 and its GST ₹3.60 on the sale; the rest of GST is on transaction + SEBI fee (no brokerage on delivery).
    expect(charges).toMatchObject({ stt: 31, dp: 20 });
    // transaction 0.00297% × 15,000 = 0.4455 → 0.45 and × 15,500 = 0.46035 → 0.46; SEBI 0.015 → 0.02 and 0.0155 →
    // 0.02. GST per note: 18% × (0.45 + 0.02) = 0.0846 → 0.08 and 18% × (0.46 + 0.02) = 0.0864 → 0.09; plus 3.60.
    expect(charges.gst).toBe(3.77);
  });
});

describe('STT on fund units', () => {
  // On 9 Jun 2025, each bought 2 Jun and sold 9 Jun: INFY 400 × 2,500 → 2,510 (a share), NIFTYBEES 3,800 × 263 →
  // 265 (an equity ETF), LIQUIDBEES 1,000 × 1,000 → 1,000.05 (a liquid ETF), each with its ISIN.
  const isins = { INFY: 'INE009A01021', NIFTYBEES: 'INF204KB14I2', LIQUIDBEES: 'INF732E01037' } as const;
  const held = (symbol: keyof typeof isins, quantity: number, buy: number, sell: number) => [
    { ...fill(symbol, 'buy', quantity, buy, '2025-06-02T10:00:00'), isin: isins[symbol] },
    { ...fill(symbol, 'sell', quantity, sell, '2025-06-09T10:00:00'), isin: isins[symbol] },
  ];
  const trades = matchFills([
    ...held('INFY', 400, 2500, 2510),
    ...held('NIFTYBEES', 3800, 263, 265),
    ...held('LIQUIDBEES', 1000, 1000, 1000.05),
  ]);
  const stt = (symbol: string) => {
    const i = trades.findIndex((t) => t.symbol === symbol);
    return chargeTrades(trades)[i]!.lines!.stt;
  };

  it('charges a share 0.1% each side, an equity ETF 0.001% on the sale only, a liquid ETF none', () => {
    // 2 Jun's note: INFY 0.1% × 10,00,000 = ₹1,000; NIFTYBEES and LIQUIDBEES purchases pay none.
    // 9 Jun's note: INFY 0.1% × 10,04,000 = 1,004.00, NIFTYBEES 0.001% × 10,07,000 = 10.07, LIQUIDBEES 0: the note
    // rounds 1,014.07 to ₹1,014, shared by exact STT: 1,01,400 paise × 1,004/1,014.07 = 1,00,393.07 and
    // × 10.07/1,014.07 = 1,006.93; the paisa left goes to the larger remainder (NIFTYBEES): 1,003.93 and 10.07.
    expect(stt('INFY')).toBe(2003.93);
    expect(stt('NIFTYBEES')).toBe(10.07);
    expect(stt('LIQUIDBEES')).toBe(0);
  });

  it('knows the best-known ETFs by symbol when a trade is typed without an ISIN', () => {
    const typed = (symbol: string) =>
      typedTradeCharges({
        exchange: 'NSE',
        segment: 'equity-delivery',
        symbol,
        side: 'long',
        quantity: 3800,
        entry: { date: '2025-06-02', price: 263 },
        exit: { date: '2025-06-09', price: 265 },
      }).stt;
    // 0.1% × 9,99,400 = ₹999.40 → ₹999 and 0.1% × 10,07,000 = ₹1,007 for a share; ₹10.07 → ₹10 for NIFTYBEES.
    expect(typed('ITC')).toBe(2006);
    expect(typed('NIFTYBEES')).toBe(10);
    expect(typed('GOLDBEES')).toBe(0);
  });
});

describe('shareInProportion', () => {
  it('gives each part its share to the paisa, the left-over paise to the largest remainders', () => {
    // ₹5 shared 2.4 : 3.0 → 222.2… and 277.7… paise: 222 and 278.
    expect(shareInProportion(500, [24n, 30n])).toEqual([222, 278]);
    expect(shareInProportion(100, [1n, 1n, 1n])).toEqual([34, 33, 33]);
    expect(shareInProportion(100, [0n, 0n])).toEqual([0, 0]);
  });
});
