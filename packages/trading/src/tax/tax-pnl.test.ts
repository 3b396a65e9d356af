// The tax P&L's rules, each with an example worked by hand (money in rupees).
import { describe, expect, it } from 'vitest';
import { isLongTerm, taxableByRate, taxPnl, taxYears } from './tax-pnl';
import type { TaxLot, TaxTrade } from './types';

let n = 0;
function trade(over: Partial<TaxTrade>): TaxTrade {
  n++;
  return {
    id: `t${n}`,
    symbol: 'INFY',
    isin: 'INE009A01021',
    exchange: 'NSE',
    segment: 'equity',
    product: 'intraday',
    side: 'long',
    status: 'closed',
    entryDate: '2024-06-03',
    exitDate: '2024-06-03',
    quantity: 1,
    buyValue: 0,
    sellValue: 0,
    grossPnl: 0,
    charges: 0,
    stt: 0,
    lots: [],
    ...over,
  };
}

/** A delivery sale of `lots` at `sellValue`, with charges of which `stt` is STT. */
const sale = (sold: string, lots: TaxLot[], sellValue: number, charges = 0, stt = 0, symbol = 'INFY') =>
  trade({
    symbol,
    isin: null,
    product: 'delivery',
    entryDate: lots[0]!.acquired ?? sold,
    exitDate: sold,
    quantity: lots.reduce((s, l) => s + l.quantity, 0),
    buyValue: lots.reduce((s, l) => s + l.cost, 0),
    sellValue,
    grossPnl: sellValue - lots.reduce((s, l) => s + l.cost, 0),
    charges,
    stt,
    lots,
  });

describe('holding period', () => {
  it('is long term only after 12 months: the day after the anniversary', () => {
    expect(isLongTerm('2023-06-10', '2024-06-10')).toBe(false);
    expect(isLongTerm('2023-06-10', '2024-06-11')).toBe(true);
    // A leap day's anniversary is the last day of February.
    expect(isLongTerm('2024-02-29', '2025-02-28')).toBe(false);
    expect(isLongTerm('2024-02-29', '2025-03-01')).toBe(true);
  });
});

describe('short-term gains (s. 111A) on both sides of 23 Jul 2024', () => {
  // 100 bought at 1,000 on 1 Mar 2024 and sold at 1,100: sale 1,10,000, cost 1,00,000, charges 150 of which STT
  // 110: transfer expenses 40 (STT is not deductible). Gain 9,960 each; taxed at 15% on 22 Jul, 20% from 23 Jul.
  const lots = [{ acquired: '2024-03-01', quantity: 100, cost: 100_000 }];
  const year = taxPnl(
    [sale('2024-07-22', lots, 110_000, 150, 110), sale('2024-07-23', lots, 110_000, 150, 110)],
    '2024-25',
  );

  it('takes the rate of the sale date', () => {
    expect(year.shortTerm.rows.map((r) => [r.sold, r.gain, r.rate, r.transferExpenses, r.stt])).toEqual([
      ['2024-07-22', 9960, 15, 40, 110],
      ['2024-07-23', 9960, 20, 40, 110],
    ]);
    expect(year.shortTerm.byRate).toEqual([
      { from: '2024-04-01', to: '2024-07-22', rate: 15, gain: 9960, rows: 1 },
      { from: '2024-07-23', to: '2025-03-31', rate: 20, gain: 9960, rows: 1 },
    ]);
    expect(year.shortTerm).toMatchObject({ total: 19_920, saleValue: 220_000, stt: 220, transferExpenses: 80 });
  });
});

describe('long-term gains (s. 112A) and the exemption', () => {
  const old = [{ acquired: '2022-01-10', quantity: 100, cost: 100_000 }];

  it('applies ₹1.25 lakh once to FY 2024-25, against the gains at the higher rate first', () => {
    // Gains of 80,000 before 23 Jul 2024 (10%) and 90,000 after (12.5%): 1,70,000. The exemption of 1,25,000 takes
    // all 90,000 at 12.5% and 35,000 of the 10% part, leaving 45,000 taxable at 10%.
    const year = taxPnl([sale('2024-05-15', old, 180_000), sale('2024-09-02', old, 190_000)], '2024-25');
    expect(year.longTerm.byRate.map((p) => [p.rate, p.gain])).toEqual([
      [10, 80_000],
      [12.5, 90_000],
    ]);
    expect(year.longTerm).toMatchObject({ total: 170_000, exemption: 125_000, exemptionUsed: 125_000 });
    expect(year.longTerm.taxableByRate.map((p) => [p.rate, p.gain])).toEqual([
      [10, 45_000],
      [12.5, 0],
    ]);
  });

  it('is ₹1 lakh in FY 2023-24', () => {
    // A gain of 60,000: all of it exempt, 40,000 of the exemption unused.
    const year = taxPnl([sale('2024-01-15', old, 160_000)], '2023-24');
    expect(year.longTerm).toMatchObject({ total: 60_000, exemption: 100_000, exemptionUsed: 60_000 });
    expect(year.longTerm.taxableByRate.map((p) => p.gain)).toEqual([0]);
  });

  it('lets a loss at one rate reduce gains at the other before the exemption', () => {
    // −20,000 at 10%, +1,60,000 at 12.5%: 1,40,000 net; the loss then the exemption go against the 12.5% gains:
    // 1,60,000 − 20,000 − 1,25,000 = 15,000 taxable at 12.5%.
    expect(
      taxableByRate(
        [
          { from: '2024-04-01', to: '2024-07-22', rate: 10, gain: -20_000, rows: 1 },
          { from: '2024-07-23', to: '2025-03-31', rate: 12.5, gain: 160_000, rows: 1 },
        ],
        125_000,
      ).map((p) => p.gain),
    ).toEqual([0, 15_000]);
  });

  it('splits one sale by the holding period of its lots', () => {
    // 10 bought 10 Jan 2022 for 10,000 and 10 on 1 Feb 2024 for 12,000; all 20 sold 2 Sep 2024 for 26,000 with
    // charges 30 of which STT 26. Long: 13,000 − 10,000 − 2 = 2,998 at 12.5%. Short: 13,000 − 12,000 − 2 = 998 at 20%.
    const year = taxPnl(
      [
        sale(
          '2024-09-02',
          [
            { acquired: '2022-01-10', quantity: 10, cost: 10_000 },
            { acquired: '2024-02-01', quantity: 10, cost: 12_000 },
          ],
          26_000,
          30,
          26,
        ),
      ],
      '2024-25',
    );
    expect(
      year.longTerm.rows.map((r) => [r.quantity, r.saleValue, r.actualCost, r.transferExpenses, r.stt, r.gain, r.rate]),
    ).toEqual([[10, 13_000, 10_000, 2, 13, 2998, 12.5]]);
    expect(year.shortTerm.rows.map((r) => [r.quantity, r.gain, r.rate, r.daysHeld])).toEqual([[10, 998, 20, 214]]);
  });
});

describe('grandfathering of shares bought before 1 Feb 2018 (s. 55(2)(ac))', () => {
  // 10 bought 1 Jun 2017 for 10,000; FMV on 31 Jan 2018 1,500 a share (15,000).
  const lots = [{ acquired: '2017-06-01', quantity: 10, cost: 10_000 }];
  const fmv = new Map([['ASIANPAINT', 1500]]);
  const gain = (sellValue: number) =>
    taxPnl([sale('2024-01-10', lots, sellValue, 0, 0, 'ASIANPAINT')], '2023-24', { fmv }).longTerm.rows[0];

  it('costs them at the higher of actual cost and the lower of FMV and sale value', () => {
    // Sold for 20,000: max(10,000, min(15,000, 20,000)) = 15,000; gain 5,000.
    expect(gain(20_000)).toMatchObject({ fmv: 15_000, costOfAcquisition: 15_000, gain: 5000 });
    // Sold for 14,000: max(10,000, min(15,000, 14,000)) = 14,000; no gain.
    expect(gain(14_000)).toMatchObject({ costOfAcquisition: 14_000, gain: 0 });
    // Sold for 9,000: max(10,000, min(15,000, 9,000)) = 10,000; a loss of 1,000.
    expect(gain(9000)).toMatchObject({ costOfAcquisition: 10_000, gain: -1000 });
  });

  it('asks for the FMV when it is not known, and costs at actual until then', () => {
    const year = taxPnl([sale('2024-01-10', lots, 20_000, 0, 0, 'ASIANPAINT')], '2023-24');
    expect(year.needsFmv).toEqual([{ symbol: 'ASIANPAINT', isin: null }]);
    expect(year.longTerm.rows[0]).toMatchObject({ needsFmv: true, costOfAcquisition: 10_000, gain: 10_000 });
    expect(year.schedule112A).toMatchObject([{ symbol: 'ASIANPAINT', acquired: 'BE', quantity: 10 }]);
  });
});

describe('business income', () => {
  it('sums intraday equity as speculative and F&O as non-speculative, turnover as absolute results', () => {
    // Intraday +500 and −300: turnover 800, gross 200, charges 40 + 20: net 140.
    // Options −1,200 (charges 50), futures +3,000 (charges 80): turnover 4,200, gross 1,800, net 1,670.
    const year = taxPnl(
      [
        trade({ grossPnl: 500, charges: 40 }),
        trade({ grossPnl: -300, charges: 20 }),
        trade({ segment: 'options', product: 'carry_forward', grossPnl: -1200, charges: 50 }),
        trade({ segment: 'futures', product: 'carry_forward', grossPnl: 3000, charges: 80 }),
      ],
      '2024-25',
    );
    expect(year.speculative).toMatchObject({ trades: 2, turnover: 800, gross: 200, expenses: 60, net: 140 });
    expect(year.nonSpeculative).toMatchObject({ trades: 2, turnover: 4200, gross: 1800, expenses: 130, net: 1670 });
    expect(year.nonSpeculative.options).toMatchObject({ turnover: 1200, net: -1250 });
  });

  it('counts commodity derivatives apart, and leaves sales with no cost basis out, listed', () => {
    const missing = trade({ product: 'delivery', status: 'missing_cost', grossPnl: null });
    const year = taxPnl(
      [trade({ exchange: 'MCX', segment: 'futures', product: 'carry_forward', grossPnl: -700, charges: 10 }), missing],
      '2024-25',
    );
    expect(year.nonSpeculative.commodities).toMatchObject({ trades: 1, turnover: 700, net: -710 });
    expect(year.missingCost).toEqual([missing.id]);
    expect(year.shortTerm.rows).toEqual([]);
  });
});

describe('financial years', () => {
  it('puts a trade in the year of its exit day, 1 April to 31 March', () => {
    const trades = [
      trade({ exitDate: '2025-03-31' }),
      trade({ exitDate: '2025-04-01' }),
      trade({ exitDate: '2019-06-01' }),
    ];
    expect(taxYears(trades)).toEqual(['2025-26', '2024-25', '2019-20']);
    expect(taxPnl(trades, '2024-25').speculative.trades).toBe(1);
  });

  it('works out tax year 2026-27 under the 2025 Act: the same rates and exemption, its own sections', () => {
    // 100 bought 10 Jan 2025 for 1,00,000, sold 2 Jun 2026 for 3,00,000: long term, 2,00,000. The exemption of
    // 1,25,000 leaves 75,000 at 12.5%. 100 bought 2 Jan 2026 for 50,000 and sold 2 Jun 2026 for 60,000: short term,
    // 10,000 at 20%.
    const year = taxPnl(
      [
        sale('2026-06-02', [{ acquired: '2025-01-10', quantity: 100, cost: 100_000 }], 300_000),
        sale('2026-06-02', [{ acquired: '2026-01-02', quantity: 100, cost: 50_000 }], 60_000),
      ],
      '2026-27',
    );
    expect(year).toMatchObject({ act: 'Income-tax Act, 2025', label: 'Tax year 2026-27' });
    expect(year.longTerm.taxableByRate.map((p) => [p.rate, p.gain])).toEqual([[12.5, 75_000]]);
    expect(year.shortTerm.byRate.map((p) => [p.rate, p.gain])).toEqual([[20, 10_000]]);
  });

  it('labels each year with the Act in force', () => {
    expect(taxPnl([], '2025-26')).toMatchObject({ act: 'Income-tax Act, 1961', label: 'FY 2025-26 (AY 2026-27)' });
    expect(taxPnl([], '2026-27')).toMatchObject({ act: 'Income-tax Act, 2025', label: 'Tax year 2026-27' });
  });
});

describe('units of non-equity funds (liquid, gold, foreign-share ETFs)', () => {
  // LIQUIDBEES (a liquid ETF) bought 7 Apr 2025: 24.609 units for 24,609 and sold 10 Jul 2025 for 24,707.44, charges
  // 12.50 with no STT: gain 24,707.44 − 24,609 − 12.50 = 85.94, short term whatever the holding (s. 50AA).
  const liquid = trade({
    ...sale('2025-07-10', [{ acquired: '2025-04-07', quantity: 24.609, cost: 24_609 }], 24_707.44, 12.5, 0),
    symbol: 'LIQUIDBEES',
    isin: 'INF732E01037',
  });
  // GOLDBEES bought 2 May 2023 (100 for 4,800), sold 5 Jun 2025 for 8,100 with 20 of charges: a gold fund is no
  // longer a specified fund for sales from 1 Apr 2025, so the gain of 3,280 falls under the holding-period rules.
  const gold = trade({
    ...sale('2025-06-05', [{ acquired: '2023-05-02', quantity: 100, cost: 4_800 }], 8_100, 20, 0),
    symbol: 'GOLDBEES',
    isin: null,
  });
  // The same GOLDBEES lot sold a year earlier (5 Jun 2024, for 6,300, 20 of charges): specified then, gain 1,480.
  const goldEarlier = trade({
    ...sale('2024-06-05', [{ acquired: '2023-05-02', quantity: 100, cost: 4_800 }], 6_300, 20, 0),
    symbol: 'GOLDBEES',
    isin: null,
  });
  // NIFTYBEES is an equity ETF: its long-term sale stays in s. 112A.
  const nifty = trade({
    ...sale('2025-06-05', [{ acquired: '2023-05-02', quantity: 10, cost: 2_000 }], 2_700, 0, 0),
    symbol: 'NIFTYBEES',
    isin: 'INF204KB14I2',
  });

  it('lists their sales apart from the heads of listed equity, by rule', () => {
    const year = taxPnl([liquid, gold, nifty], '2025-26');
    expect(year.funds.rows.map((r) => [r.symbol, r.fund, r.rule, r.quantity, r.daysHeld, r.gain])).toEqual([
      ['GOLDBEES', 'gold', 'other', 100, 765, 3280],
      ['LIQUIDBEES', 'debt', 'specified', 24.609, 94, 85.94],
    ]);
    expect(year.funds.specified).toEqual({ rows: 1, saleValue: 24_707.44, actualCost: 24_609, gain: 85.94 });
    expect(year.funds.other).toEqual({ rows: 1, saleValue: 8_100, actualCost: 4_800, gain: 3_280 });
    expect(year.shortTerm.rows).toEqual([]);
    expect(year.longTerm.rows.map((r) => [r.symbol, r.gain])).toEqual([['NIFTYBEES', 700]]);
    expect(year.schedule112A.map((r) => r.symbol)).toEqual(['NIFTYBEES']);
  });

  it('counts a gold fund bought from 1 Apr 2023 as a specified fund for sales up to 31 Mar 2025', () => {
    const year = taxPnl([goldEarlier], '2024-25');
    expect(year.funds.rows.map((r) => [r.symbol, r.rule, r.gain])).toEqual([['GOLDBEES', 'specified', 1480]]);
    expect(year.shortTerm.rows).toEqual([]);
  });

  it('reads a share with an INE ISIN as a share whatever its symbol', () => {
    const share = trade({ ...liquid, id: 'share', isin: 'INE000A01000' });
    expect(taxPnl([share], '2025-26').shortTerm.rows).toHaveLength(1);
  });
});
