import { describe, expect, it } from 'vitest';
import type { BrokerProfile } from './broker-profile';
import { DISCOUNT_BROKER } from './broker-profile';
import { type ChargeableTrade, estimateCharges } from './estimate-charges';
import { percent } from './paise';
import { CHARGE_RATES, type IndianStateCode, type RateTable } from './rates';

// Every expectation below is a contract note worked by hand from the dated rates in ./schedules (INDIA.md's from
// 1 Oct 2024; NSE's split of 1 Mar 2026 moves ₹9.99 per crore of IPFT into the transaction charge, ₹49.99 on options).

describe('estimateCharges: NIFTY option, 3 lots × 65, buy ₹120, sell ₹95.50 (NSE)', () => {
  const trade = (tradeDate: string) =>
    estimateCharges({
      exchange: 'NSE',
      segment: 'options',
      tradeDate,
      legs: [
        { side: 'buy', quantity: 195, price: 120 },
        { side: 'sell', quantity: 195, price: 95.5 },
      ],
    });

  it('charges 0.1% STT on the sell premium up to 31 Mar 2026', () => {
    // buy premium 195 × 120 = 23,400.00; sell premium 195 × 95.50 = 18,622.50; turnover 42,022.50
    // brokerage   2 orders × ₹20                          = 40.00
    // STT         0.1% × 18,622.50 = 18.6225 → nearest ₹    = 19.00
    // transaction ₹3,552.99/crore × 42,022.50 = 14.9305…   = 14.93  (0.03503% = 14.72 until 28 Feb 2026)
    // SEBI        ₹10/crore × 42,022.50 = 0.0420225        =  0.04
    // IPFT        ₹0.01/crore × 42,022.50 = 0.000042       =  0.00  (₹50/crore = 0.21 until 28 Feb 2026)
    // stamp       0.003% × 23,400 (buy) = 0.702            =  0.70
    // GST         18% × (40 + 14.93 + 0.04 = 54.97) = 9.8946 = 9.89
    // total 40 + 19 + 14.93 + 0.04 + 0 + 0.70 + 9.89      = 84.56
    expect(trade('2026-03-31')).toEqual({
      turnover: 42_022.5,
      brokerage: 40,
      stt: 19,
      transaction: 14.93,
      sebi: 0.04,
      ipft: 0,
      stamp: 0.7,
      gst: 9.89,
      total: 84.56,
      estimated: false,
      estimates: [],
    });
  });

  it('charges 0.15% STT on the sell premium from 1 Apr 2026', () => {
    // STT 0.15% × 18,622.50 = 27.93375 → ₹28; every other line as above: 84.56 − 19 + 28 = 93.56
    expect(trade('2026-04-01')).toMatchObject({ stt: 28, total: 93.56 });
  });

  it('reads an instant in Asia/Kolkata: 31 Mar 2026 19:00 UTC is 1 Apr 00:30 IST', () => {
    const instant = estimateCharges({
      exchange: 'NSE',
      segment: 'options',
      tradeDate: new Date('2026-03-31T19:00:00Z'),
      legs: [{ side: 'sell', quantity: 195, price: 95.5 }],
    });
    expect(instant.stt).toBe(28); // the new 0.15%, as above
  });
});

describe('estimateCharges: RELIANCE intraday 100 @ 2,950 → 2,962.50 (NSE)', () => {
  it('caps brokerage at ₹20 an order and charges STT on the sell side', () => {
    // buy 100 × 2,950 = 2,95,000.00; sell 100 × 2,962.50 = 2,96,250.00; turnover 5,91,250.00
    // brokerage   min(0.03% × 2,95,000 = 88.50, 20) + min(0.03% × 2,96,250 = 88.875, 20) = 40.00
    // STT         0.025% × 2,96,250 = 74.0625 → ₹74        = 74.00
    // transaction ₹306.99/crore × 5,91,250 = 18.1507…      = 18.15  (0.00297% = 17.56 until 28 Feb 2026)
    // SEBI        ₹10/crore × 5,91,250 = 0.59125           =  0.59
    // IPFT        ₹0.01/crore × 5,91,250 = 0.0006          =  0.00  (₹10/crore = 0.59 until 28 Feb 2026)
    // stamp       0.003% × 2,95,000 (buy)                   =  8.85
    // GST         18% × (40 + 18.15 + 0.59 = 58.74) = 10.5732 = 10.57
    // total 40 + 74 + 18.15 + 0.59 + 0 + 8.85 + 10.57      = 152.16
    expect(
      estimateCharges({
        exchange: 'NSE',
        segment: 'equity-intraday',
        tradeDate: '2026-04-01',
        legs: [
          { side: 'buy', quantity: 100, price: 2950 },
          { side: 'sell', quantity: 100, price: 2962.5 },
        ],
      }),
    ).toEqual({
      turnover: 591_250,
      brokerage: 40,
      stt: 74,
      transaction: 18.15,
      sebi: 0.59,
      ipft: 0,
      stamp: 8.85,
      gst: 10.57,
      total: 152.16,
      estimated: false,
      estimates: [],
    });
  });

  it('charges 0.03% when that is below ₹20 an order', () => {
    // buy 10 × 500 = 5,000 → 0.03% = 1.50; sell 10 × 505 = 5,050 → 0.03% = 1.515 → 1.52 (half up); total 3.02
    const { brokerage } = estimateCharges({
      exchange: 'NSE',
      segment: 'equity-intraday',
      tradeDate: '2025-06-09',
      legs: [
        { side: 'buy', quantity: 10, price: 500 },
        { side: 'sell', quantity: 10, price: 505 },
      ],
    });
    expect(brokerage).toBe(3.02);
  });

  it('caps each executed order: a sell filled in 3 orders costs up to ₹60', () => {
    // sell 1,000 × 2,962.50 = 29,62,500 → 0.03% = 888.75; cap 3 × ₹20 = 60
    const { brokerage } = estimateCharges({
      exchange: 'NSE',
      segment: 'equity-intraday',
      tradeDate: '2025-06-09',
      legs: [{ side: 'sell', quantity: 1000, price: 2962.5, orders: 3 }],
    });
    expect(brokerage).toBe(60);
  });
});

describe('estimateCharges: stock future, RELIANCE 1 lot × 500, buy 2,950, sell 2,990 (NSE)', () => {
  const trade = (tradeDate: string) =>
    estimateCharges({
      exchange: 'NSE',
      segment: 'futures',
      tradeDate,
      legs: [
        { side: 'buy', quantity: 500, price: 2950 },
        { side: 'sell', quantity: 500, price: 2990 },
      ],
    });

  it('charges 0.02% STT on the sell side up to 31 Mar 2026', () => {
    // buy 500 × 2,950 = 14,75,000; sell 500 × 2,990 = 14,95,000; turnover 29,70,000
    // brokerage   min(0.03% × 14,75,000 = 442.50, 20) × 2 orders = 40.00
    // STT         0.02% × 14,95,000 = 299.00              = 299.00
    // transaction 0.00173% × 29,70,000 = 51.381           =  51.38
    // SEBI        ₹10/crore × 29,70,000 = 2.97            =   2.97
    // IPFT        ₹10/crore, the same                      =   2.97
    // stamp       0.002% × 14,75,000 (buy)                 =  29.50
    // GST         18% × (40 + 51.38 + 2.97 = 94.35) = 16.983 = 16.98
    // total 40 + 299 + 51.38 + 2.97 + 2.97 + 29.50 + 16.98 = 442.80
    expect(trade('2026-02-27')).toEqual({
      turnover: 2_970_000,
      brokerage: 40,
      stt: 299,
      transaction: 51.38,
      sebi: 2.97,
      ipft: 2.97,
      stamp: 29.5,
      gst: 16.98,
      total: 442.8,
      estimated: false,
      estimates: [],
    });
    // From 1 Mar 2026: transaction ₹182.99/crore × 29,70,000 = 54.348 → 54.35; IPFT ₹0.01/crore → 0.00;
    // GST 18% × (40 + 54.35 + 2.97 = 97.32) = 17.5176 → 17.52; total 40 + 299 + 54.35 + 2.97 + 29.50 + 17.52 = 443.34
    expect(trade('2026-03-31')).toMatchObject({ transaction: 54.35, ipft: 0, gst: 17.52, total: 443.34 });
  });

  it('charges 0.05% STT on the sell side from 1 Apr 2026, rounding ₹0.50 up', () => {
    // STT 0.05% × 14,95,000 = 747.50 → ₹748; total 443.34 − 299 + 748 = 892.34
    expect(trade('2026-04-01')).toMatchObject({ stt: 748, total: 892.34 });
  });
});

describe('estimateCharges: equity delivery', () => {
  it('charges STT and stamp duty on a buy, and no brokerage (SUZLON 450 @ 67.50, NSE)', () => {
    // turnover 450 × 67.50 = 30,375.00
    // brokerage 0; STT 0.1% × 30,375 = 30.375 → ₹30
    // transaction 0.00297% × 30,375 = 0.9021375 = 0.90; SEBI and IPFT ₹10/crore = 0.030375 = 0.03 each
    // stamp 0.015% × 30,375 = 4.55625 = 4.56; GST 18% × (0 + 0.90 + 0.03) = 0.1674 = 0.17
    // total 30 + 0.90 + 0.03 + 0.03 + 4.56 + 0.17 = 35.69
    expect(
      estimateCharges({
        exchange: 'NSE',
        segment: 'equity-delivery',
        tradeDate: '2025-06-09',
        legs: [{ side: 'buy', quantity: 450, price: 67.5 }],
      }),
    ).toEqual({
      turnover: 30_375,
      brokerage: 0,
      stt: 30,
      transaction: 0.9,
      sebi: 0.03,
      ipft: 0.03,
      stamp: 4.56,
      gst: 0.17,
      total: 35.69,
      estimated: false,
      estimates: [],
    });
  });

  it('rounds STT once on the note: buy and sell STT of ₹0.40 each make ₹1, not ₹0', () => {
    // 4 × 100 = 400 each side: 0.1% × 400 = 0.40 on the buy, 0.40 on the sell; 0.80 → ₹1
    const { stt } = estimateCharges({
      exchange: 'NSE',
      segment: 'equity-delivery',
      tradeDate: '2025-06-09',
      legs: [
        { side: 'buy', quantity: 4, price: 100 },
        { side: 'sell', quantity: 4, price: 100 },
      ],
    });
    expect(stt).toBe(1);
  });

  it('charges no stamp duty on a sell, and BSE transaction charges on BSE', () => {
    // sell 1,000 × 100 = 1,00,000: STT 0.1% = 100; transaction 0.00375% = 3.75; SEBI ₹10/crore = 0.10;
    // IPFT none on BSE; stamp none on a sell; GST 18% × (3.75 + 0.10) = 0.693 = 0.69; total 104.54
    expect(
      estimateCharges({
        exchange: 'BSE',
        segment: 'equity-delivery',
        tradeDate: '2025-06-09',
        legs: [{ side: 'sell', quantity: 1000, price: 100 }],
      }),
    ).toEqual({
      turnover: 100_000,
      brokerage: 0,
      stt: 100,
      transaction: 3.75,
      sebi: 0.1,
      ipft: 0,
      stamp: 0,
      gst: 0.69,
      total: 104.54,
      estimated: false,
      estimates: [],
    });
  });
});

describe('estimateCharges: STT on options exercised in the money', () => {
  it('charges 0.125% of the intrinsic value up to 31 Mar 2026 (NIFTY 22,500 CE, 2 lots × 65)', () => {
    // expiry Tue 31 Mar 2026, final settlement 22,618.35: intrinsic 118.35 × 130 = 15,385.50
    // STT 0.125% × 15,385.50 = 19.231875 → ₹19; an exercise is not a trade: no brokerage, exchange charges or stamp
    expect(
      estimateCharges({
        exchange: 'NSE',
        segment: 'options',
        tradeDate: '2026-03-31',
        legs: [],
        exercises: [{ optionType: 'CE', strike: 22_500, settlementPrice: 22_618.35, quantity: 130 }],
      }),
    ).toEqual({
      turnover: 0,
      brokerage: 0,
      stt: 19,
      transaction: 0,
      sebi: 0,
      ipft: 0,
      stamp: 0,
      gst: 0,
      total: 19,
      estimated: false,
      estimates: [],
    });
  });

  it('charges 0.15% from 1 Apr 2026, on one note with a sale (BANKNIFTY 52,000 PE exercised, 30 sold)', () => {
    // expiry Tue 28 Apr 2026, final settlement 51,637.78: put intrinsic 52,000 − 51,637.78 = 362.22 × 30 = 10,866.60
    // the same day: sold 30 BANKNIFTY 52,500 CE @ 6.65 = premium 199.50
    // STT         0.15% × 10,866.60 = 16.2999 + 0.15% × 199.50 = 0.29925; 16.59915 → ₹17
    //             (rounded once per note: rounding each line would give 16 + 0 = 16)
    // brokerage   1 order × ₹20                            = 20.00
    // transaction ₹3,552.99/crore × 199.50 = 0.0708822   =  0.07
    // SEBI        ₹10/crore × 199.50 = 0.0001995           =  0.00
    // IPFT        ₹0.01/crore × 199.50                     =  0.00
    // stamp       none on a sale
    // GST         18% × (20 + 0.07 + 0) = 3.6126           =  3.61
    // total 20 + 17 + 0.07 + 3.61                          = 40.68
    expect(
      estimateCharges({
        exchange: 'NSE',
        segment: 'options',
        tradeDate: '2026-04-28',
        legs: [{ side: 'sell', quantity: 30, price: 6.65 }],
        exercises: [{ optionType: 'PE', strike: 52_000, settlementPrice: 51_637.78, quantity: 30 }],
      }),
    ).toEqual({
      turnover: 199.5,
      brokerage: 20,
      stt: 17,
      transaction: 0.07,
      sebi: 0,
      ipft: 0,
      stamp: 0,
      gst: 3.61,
      total: 40.68,
      estimated: false,
      estimates: [],
    });
  });

  it('charges nothing on an option that expires out of the money', () => {
    const otm = estimateCharges({
      exchange: 'NSE',
      segment: 'options',
      tradeDate: '2026-04-28',
      legs: [],
      exercises: [{ optionType: 'CE', strike: 52_000, settlementPrice: 51_637.78, quantity: 30 }],
    });
    expect(otm.total).toBe(0);
  });

  it('refuses an exercise outside options, and bad exercise figures', () => {
    const exercise = { optionType: 'CE', strike: 100, settlementPrice: 110, quantity: 10 } as const;
    expect(() =>
      estimateCharges({
        exchange: 'NSE',
        segment: 'futures',
        tradeDate: '2026-04-28',
        legs: [],
        exercises: [exercise],
      }),
    ).toThrow('Only options are exercised.');
    expect(() =>
      estimateCharges({
        exchange: 'NSE',
        segment: 'options',
        tradeDate: '2026-04-28',
        legs: [],
        exercises: [{ ...exercise, settlementPrice: -1 }],
      }),
    ).toThrow('Settlement price cannot be negative (got -1).');
  });
});

describe('estimateCharges: profile, table and input errors', () => {
  it('uses a configured broker profile', () => {
    // options at ₹10 an order: 2 × 10 = 20
    const cheap: BrokerProfile = {
      ...DISCOUNT_BROKER,
      brokerage: { ...DISCOUNT_BROKER.brokerage, options: { kind: 'flat', perOrder: 10 } },
    };
    const { brokerage } = estimateCharges(
      {
        exchange: 'NSE',
        segment: 'options',
        tradeDate: '2025-06-09',
        legs: [
          { side: 'buy', quantity: 75, price: 100 },
          { side: 'sell', quantity: 75, price: 110 },
        ],
      },
      cheap,
    );
    expect(brokerage).toBe(20);
  });

  it('takes rates from a supplied table by date', () => {
    // a hypothetical later set with intraday STT at 0.05%: sell 1,000 × 100 = 1,00,000 → ₹50
    const later = CHARGE_RATES.at(-1)!;
    const table: RateTable = [
      ...CHARGE_RATES,
      {
        ...later,
        effectiveFrom: '2027-01-01',
        rates: {
          ...later.rates,
          NSE: {
            ...later.rates.NSE,
            'equity-intraday': { ...later.rates.NSE['equity-intraday'], sttSell: percent(0.05) },
          },
        },
      },
    ];
    const sell = (tradeDate: string) =>
      estimateCharges(
        {
          exchange: 'NSE',
          segment: 'equity-intraday',
          tradeDate,
          legs: [{ side: 'sell', quantity: 1000, price: 100 }],
        },
        DISCOUNT_BROKER,
        table,
      ).stt;
    expect(sell('2026-12-31')).toBe(25); // 0.025% × 1,00,000
    expect(sell('2027-01-01')).toBe(50);
  });

  it('charges a date the old table did not cover (30 Sep 2024) at its own rates, not estimated', () => {
    // sell 75 × 100 = 7,500 premium: STT 0.0625% = 4.6875 → ₹5; transaction 0.0495% = 3.7125 → 3.71;
    // SEBI ₹10/crore = 0.0075 → 0.01; IPFT ₹50/crore = 0.0375 → 0.04; GST 18% × (20 + 3.71 + 0.01) = 4.2696 → 4.27
    // total 20 + 5 + 3.71 + 0.01 + 0.04 + 4.27 = 33.03
    expect(
      estimateCharges({
        exchange: 'NSE',
        segment: 'options',
        tradeDate: '2024-09-30',
        legs: [{ side: 'sell', quantity: 75, price: 100 }],
      }),
    ).toMatchObject({
      stt: 5,
      transaction: 3.71,
      sebi: 0.01,
      ipft: 0.04,
      gst: 4.27,
      total: 33.03,
      estimated: false,
      estimates: [],
    });
  });

  it.each([
    [{ side: 'buy', quantity: 0, price: 100 }, 'Quantity must be more than zero (got 0).'],
    [{ side: 'buy', quantity: 10, price: -1 }, 'Price cannot be negative (got -1).'],
    [
      { side: 'buy', quantity: 10, price: 100, orders: 0 },
      'Executed orders must be a whole number of at least 1 (got 0).',
    ],
  ] as const)('refuses a bad leg %o', (leg, message) => {
    expect(() =>
      estimateCharges({ exchange: 'NSE', segment: 'equity-intraday', tradeDate: '2025-06-09', legs: [leg] }),
    ).toThrow(message);
  });

  it('refuses a trade with no legs and a malformed date', () => {
    expect(() => estimateCharges({ exchange: 'NSE', segment: 'futures', tradeDate: '2025-06-09', legs: [] })).toThrow(
      'A trade needs at least one buy or sell to charge.',
    );
    expect(() =>
      estimateCharges({
        exchange: 'NSE',
        segment: 'futures',
        tradeDate: '09/06/2025',
        legs: [{ side: 'buy', quantity: 1, price: 1 }],
      }),
    ).toThrow('Trade date "09/06/2025" is not a YYYY-MM-DD date.');
  });
});

// The rate history from 1 Apr 2018: the same note on both sides of every date a rate changed. Before 1 Jul 2020 each
// note is charged for a Maharashtra resident (stamp duty on both sides); "=" marks a date with the previous row's note.
type Lines = {
  stt: number;
  transaction: number;
  sebi: number;
  ipft: number;
  stamp: number;
  gst: number;
  total: number;
};
const lines = (
  stt: number,
  transaction: number,
  sebi: number,
  ipft: number,
  stamp: number,
  gst: number,
  total: number,
) => ({ stt, transaction, sebi, ipft, stamp, gst, total }) satisfies Lines;

const note = (trade: Omit<ChargeableTrade, 'tradeDate'>, tradeDate: string, state?: IndianStateCode) =>
  estimateCharges({ ...trade, tradeDate }, DISCOUNT_BROKER, CHARGE_RATES, state ? { state } : {});

describe('estimateCharges across the rate history: NSE stock future, 500 × 2,950 → 2,990', () => {
  // buy 14,75,000; sell 14,95,000; turnover 29,70,000; brokerage min(0.03%, ₹20) × 2 orders = 40 throughout.
  // STT on the sell side to the rupee; transaction, SEBI and IPFT on the turnover; stamp duty before 1 Jul 2020
  // Maharashtra's 0.002% on both sides, from 1 Jul 2020 0.002% on the buy; GST 18% × (40 + transaction + SEBI).
  const future = {
    exchange: 'NSE',
    segment: 'futures',
    legs: [
      { side: 'buy', quantity: 500, price: 2950 },
      { side: 'sell', quantity: 500, price: 2990 },
    ],
  } as const;
  // 2018-04-02  STT 0.01% × 14,95,000 = 149.50 → 150; transaction 0.0019% = 56.43; SEBI ₹15/cr = 4.455 → 4.46;
  //             IPFT ₹0.01/cr = 0.003 → 0; stamp 0.002% × 29,70,000 = 59.40; GST 18% × 100.89 = 18.1602 → 18.16
  // 2019-04-01  SEBI ₹10/cr = 2.97; GST 18% × 99.40 = 17.892 → 17.89
  // 2020-06-01  SEBI ₹5/cr (half, Jun 2020–Mar 2021) = 1.485 → 1.49; GST 18% × 97.92 = 17.6256 → 17.63
  // 2020-07-01  stamp 0.002% × 14,75,000 (buy only) = 29.50
  // 2021-01-01  transaction 0.002% (+6%) = 59.40; GST 18% × 100.89 = 18.1602 → 18.16
  // 2021-04-01  SEBI ₹10/cr = 2.97; GST 18% × 102.37 = 18.4266 → 18.43
  // 2023-04-03  STT 0.0125% = 186.875 → 187; transaction 0.0019% = 56.43; IPFT ₹10/cr = 2.97; GST 18% × 99.40 = 17.89
  // 2024-04-01  transaction 0.00188% = 55.836 → 55.84; GST 18% × 98.81 = 17.7858 → 17.79
  // 2024-10-01  STT 0.02% = 299; transaction 0.00173% = 51.381 → 51.38; GST 18% × 94.35 = 16.983 → 16.98
  // 2026-03-02  transaction ₹182.99/cr = 54.348 → 54.35; IPFT ₹0.01/cr → 0; GST 18% × 97.32 = 17.5176 → 17.52
  // 2026-04-01  STT 0.05% = 747.50 → 748
  it.each([
    ['2018-04-02', lines(150, 56.43, 4.46, 0, 59.4, 18.16, 328.45)], // 40 + 150 + 56.43 + 4.46 + 59.40 + 18.16
    ['2019-03-29', lines(150, 56.43, 4.46, 0, 59.4, 18.16, 328.45)], // =
    ['2019-04-01', lines(150, 56.43, 2.97, 0, 59.4, 17.89, 326.69)], // 40 + 150 + 56.43 + 2.97 + 59.40 + 17.89
    ['2020-05-29', lines(150, 56.43, 2.97, 0, 59.4, 17.89, 326.69)], // =
    ['2020-06-01', lines(150, 56.43, 1.49, 0, 59.4, 17.63, 324.95)], // 40 + 150 + 56.43 + 1.49 + 59.40 + 17.63
    ['2020-06-30', lines(150, 56.43, 1.49, 0, 59.4, 17.63, 324.95)], // =
    ['2020-07-01', lines(150, 56.43, 1.49, 0, 29.5, 17.63, 295.05)], // 40 + 150 + 56.43 + 1.49 + 29.50 + 17.63
    ['2020-12-31', lines(150, 56.43, 1.49, 0, 29.5, 17.63, 295.05)], // =
    ['2021-01-01', lines(150, 59.4, 1.49, 0, 29.5, 18.16, 298.55)], // 40 + 150 + 59.40 + 1.49 + 29.50 + 18.16
    ['2021-03-31', lines(150, 59.4, 1.49, 0, 29.5, 18.16, 298.55)], // =
    ['2021-04-01', lines(150, 59.4, 2.97, 0, 29.5, 18.43, 300.3)], // 40 + 150 + 59.40 + 2.97 + 29.50 + 18.43
    ['2023-03-31', lines(150, 59.4, 2.97, 0, 29.5, 18.43, 300.3)], // =
    ['2023-04-03', lines(187, 56.43, 2.97, 2.97, 29.5, 17.89, 336.76)], // 40 + 187 + 56.43 + 2.97 × 2 + 29.50 + 17.89
    ['2024-03-28', lines(187, 56.43, 2.97, 2.97, 29.5, 17.89, 336.76)], // =
    ['2024-04-01', lines(187, 55.84, 2.97, 2.97, 29.5, 17.79, 336.07)], // 40 + 187 + 55.84 + 2.97 × 2 + 29.50 + 17.79
    ['2024-09-30', lines(187, 55.84, 2.97, 2.97, 29.5, 17.79, 336.07)], // =
    ['2024-10-01', lines(299, 51.38, 2.97, 2.97, 29.5, 16.98, 442.8)], // 40 + 299 + 51.38 + 2.97 × 2 + 29.50 + 16.98
    ['2026-02-27', lines(299, 51.38, 2.97, 2.97, 29.5, 16.98, 442.8)], // =
    ['2026-03-02', lines(299, 54.35, 2.97, 0, 29.5, 17.52, 443.34)], // 40 + 299 + 54.35 + 2.97 + 29.50 + 17.52
    ['2026-03-31', lines(299, 54.35, 2.97, 0, 29.5, 17.52, 443.34)], // =
    ['2026-04-01', lines(748, 54.35, 2.97, 0, 29.5, 17.52, 892.34)], // 443.34 − 299 + 748
  ])('on %s', (date, expected) => {
    expect(note(future, date, 'MH')).toEqual({
      turnover: 2_970_000,
      brokerage: 40,
      ...expected,
      estimated: false,
      estimates: [],
    });
  });
});

describe('estimateCharges across the rate history: NIFTY option, 195 × ₹120 → ₹95.50 (NSE)', () => {
  // buy premium 23,400; sell premium 18,622.50; turnover 42,022.50; brokerage 2 × ₹20 = 40 throughout.
  // Stamp duty before 1 Jul 2020 Maharashtra's 0.002% on both sides (0.84045 → 0.84), then 0.003% on the buy (0.70).
  // 2018-04-02  STT 0.05% × 18,622.50 = 9.31 → 9; transaction 0.05% = 21.01125 → 21.01; SEBI ₹15/cr = 0.063 → 0.06;
  //             GST 18% × (40 + 21.01 + 0.06 = 61.07) = 10.9926 → 10.99
  // 2019-04-01  SEBI ₹10/cr = 0.042 → 0.04; GST 18% × 61.05 = 10.989 → 10.99
  // 2020-06-01  SEBI ₹5/cr = 0.021 → 0.02; GST 18% × 61.03 = 10.9854 → 10.99
  // 2020-07-01  stamp 0.003% × 23,400 = 0.702 → 0.70
  // 2021-01-01  transaction 0.053% = 22.2719 → 22.27; GST 18% × 62.29 = 11.2122 → 11.21
  // 2021-04-01  SEBI 0.04; GST 18% × 62.31 = 11.2158 → 11.22
  // 2023-04-03  STT 0.0625% = 11.639 → 12; transaction 0.05% = 21.01; IPFT ₹50/cr = 0.2101 → 0.21; GST 10.99
  // 2024-04-01  transaction 0.0495% = 20.8011 → 20.80; GST 18% × 60.84 = 10.9512 → 10.95
  // 2024-10-01  STT 0.1% = 18.6225 → 19; transaction 0.03503% = 14.7205 → 14.72; GST 18% × 54.76 = 9.8568 → 9.86
  // 2026-03-02  transaction ₹3,552.99/cr = 14.9306 → 14.93; IPFT ₹0.01/cr → 0; GST 18% × 54.97 = 9.8946 → 9.89
  // 2026-04-01  STT 0.15% = 27.93 → 28
  const option = {
    exchange: 'NSE',
    segment: 'options',
    legs: [
      { side: 'buy', quantity: 195, price: 120 },
      { side: 'sell', quantity: 195, price: 95.5 },
    ],
  } as const;
  it.each([
    ['2018-04-02', lines(9, 21.01, 0.06, 0, 0.84, 10.99, 81.9)], // 40 + 9 + 21.01 + 0.06 + 0.84 + 10.99
    ['2019-03-29', lines(9, 21.01, 0.06, 0, 0.84, 10.99, 81.9)], // =
    ['2019-04-01', lines(9, 21.01, 0.04, 0, 0.84, 10.99, 81.88)],
    ['2020-05-29', lines(9, 21.01, 0.04, 0, 0.84, 10.99, 81.88)], // =
    ['2020-06-01', lines(9, 21.01, 0.02, 0, 0.84, 10.99, 81.86)],
    ['2020-06-30', lines(9, 21.01, 0.02, 0, 0.84, 10.99, 81.86)], // =
    ['2020-07-01', lines(9, 21.01, 0.02, 0, 0.7, 10.99, 81.72)],
    ['2020-12-31', lines(9, 21.01, 0.02, 0, 0.7, 10.99, 81.72)], // =
    ['2021-01-01', lines(9, 22.27, 0.02, 0, 0.7, 11.21, 83.2)],
    ['2021-03-31', lines(9, 22.27, 0.02, 0, 0.7, 11.21, 83.2)], // =
    ['2021-04-01', lines(9, 22.27, 0.04, 0, 0.7, 11.22, 83.23)],
    ['2023-03-31', lines(9, 22.27, 0.04, 0, 0.7, 11.22, 83.23)], // =
    ['2023-04-03', lines(12, 21.01, 0.04, 0.21, 0.7, 10.99, 84.95)],
    ['2024-03-28', lines(12, 21.01, 0.04, 0.21, 0.7, 10.99, 84.95)], // =
    ['2024-04-01', lines(12, 20.8, 0.04, 0.21, 0.7, 10.95, 84.7)],
    ['2024-09-30', lines(12, 20.8, 0.04, 0.21, 0.7, 10.95, 84.7)], // =
    ['2024-10-01', lines(19, 14.72, 0.04, 0.21, 0.7, 9.86, 84.53)],
    ['2026-02-27', lines(19, 14.72, 0.04, 0.21, 0.7, 9.86, 84.53)], // =
    ['2026-03-02', lines(19, 14.93, 0.04, 0, 0.7, 9.89, 84.56)],
    ['2026-03-31', lines(19, 14.93, 0.04, 0, 0.7, 9.89, 84.56)], // =
    ['2026-04-01', lines(28, 14.93, 0.04, 0, 0.7, 9.89, 93.56)],
  ])('on %s', (date, expected) => {
    expect(note(option, date, 'MH')).toEqual({
      turnover: 42_022.5,
      brokerage: 40,
      ...expected,
      estimated: false,
      estimates: [],
    });
  });
});

describe('estimateCharges across the rate history: NSE equity intraday, 100 × 2,950 → 2,962.50', () => {
  // buy 2,95,000; sell 2,96,250; turnover 5,91,250; brokerage 40; STT 0.025% × 2,96,250 = 74.0625 → 74 throughout.
  // 2018-04-02  transaction 0.00325% = 19.2156 → 19.22; SEBI ₹15/cr = 0.8869 → 0.89; stamp (MH) 0.002% × 5,91,250
  //             = 11.825 → 11.83; GST 18% × (40 + 19.22 + 0.89 = 60.11) = 10.8198 → 10.82
  // 2019-04-01  SEBI 0.59; GST 18% × 59.81 = 10.7658 → 10.77
  // 2020-06-01  SEBI ₹5/cr = 0.2956 → 0.30; GST 18% × 59.52 = 10.7136 → 10.71
  // 2020-07-01  stamp 0.003% × 2,95,000 = 8.85
  // 2021-01-01  transaction 0.00345% = 20.3981 → 20.40; GST 18% × 60.70 = 10.926 → 10.93
  // 2021-04-01  SEBI 0.59; GST 18% × 60.99 = 10.9782 → 10.98
  // 2023-04-03  transaction 0.00325% = 19.22; IPFT ₹10/cr = 0.59; GST 18% × 59.81 = 10.77
  // 2024-04-01  transaction 0.00322% = 19.0383 → 19.04; GST 18% × 59.63 = 10.7334 → 10.73
  // 2024-10-01  transaction 0.00297% = 17.5601 → 17.56; GST 18% × 58.15 = 10.467 → 10.47
  // 2026-03-02  transaction ₹306.99/cr = 18.1508 → 18.15; IPFT → 0; GST 18% × 58.74 = 10.5732 → 10.57
  const intraday = {
    exchange: 'NSE',
    segment: 'equity-intraday',
    legs: [
      { side: 'buy', quantity: 100, price: 2950 },
      { side: 'sell', quantity: 100, price: 2962.5 },
    ],
  } as const;
  it.each([
    ['2018-04-02', lines(74, 19.22, 0.89, 0, 11.83, 10.82, 156.76)], // 40 + 74 + 19.22 + 0.89 + 11.83 + 10.82
    ['2019-03-29', lines(74, 19.22, 0.89, 0, 11.83, 10.82, 156.76)], // =
    ['2019-04-01', lines(74, 19.22, 0.59, 0, 11.83, 10.77, 156.41)],
    ['2020-05-29', lines(74, 19.22, 0.59, 0, 11.83, 10.77, 156.41)], // =
    ['2020-06-01', lines(74, 19.22, 0.3, 0, 11.83, 10.71, 156.06)],
    ['2020-06-30', lines(74, 19.22, 0.3, 0, 11.83, 10.71, 156.06)], // =
    ['2020-07-01', lines(74, 19.22, 0.3, 0, 8.85, 10.71, 153.08)],
    ['2020-12-31', lines(74, 19.22, 0.3, 0, 8.85, 10.71, 153.08)], // =
    ['2021-01-01', lines(74, 20.4, 0.3, 0, 8.85, 10.93, 154.48)],
    ['2021-03-31', lines(74, 20.4, 0.3, 0, 8.85, 10.93, 154.48)], // =
    ['2021-04-01', lines(74, 20.4, 0.59, 0, 8.85, 10.98, 154.82)],
    ['2023-03-31', lines(74, 20.4, 0.59, 0, 8.85, 10.98, 154.82)], // =
    ['2023-04-03', lines(74, 19.22, 0.59, 0.59, 8.85, 10.77, 154.02)],
    ['2024-03-28', lines(74, 19.22, 0.59, 0.59, 8.85, 10.77, 154.02)], // =
    ['2024-04-01', lines(74, 19.04, 0.59, 0.59, 8.85, 10.73, 153.8)],
    ['2024-09-30', lines(74, 19.04, 0.59, 0.59, 8.85, 10.73, 153.8)], // =
    ['2024-10-01', lines(74, 17.56, 0.59, 0.59, 8.85, 10.47, 152.06)],
    ['2026-02-27', lines(74, 17.56, 0.59, 0.59, 8.85, 10.47, 152.06)], // =
    ['2026-03-02', lines(74, 18.15, 0.59, 0, 8.85, 10.57, 152.16)],
  ])('on %s', (date, expected) => {
    expect(note(intraday, date, 'MH')).toEqual({
      turnover: 591_250,
      brokerage: 40,
      ...expected,
      estimated: false,
      estimates: [],
    });
  });
});

describe('estimateCharges across the rate history: NSE delivery buy, SUZLON 450 × 67.50', () => {
  // turnover 30,375 (buy only); brokerage 0; STT 0.1% = 30.375 → 30 throughout.
  // 2018-04-02  transaction 0.00325% = 0.9872 → 0.99; SEBI ₹15/cr = 0.0456 → 0.05; stamp (MH) 0.01% = 3.0375 → 3.04;
  //             GST 18% × (0.99 + 0.05) = 0.1872 → 0.19
  // 2019-04-01  SEBI 0.03; GST 18% × 1.02 = 0.1836 → 0.18
  // 2020-06-01  SEBI ₹5/cr = 0.0152 → 0.02; GST 18% × 1.01 = 0.18
  // 2020-07-01  stamp 0.015% = 4.55625 → 4.56
  // 2021-01-01  transaction 0.00345% = 1.0479 → 1.05; GST 18% × 1.07 = 0.1926 → 0.19
  // 2021-04-01  SEBI 0.03; GST 18% × 1.08 = 0.1944 → 0.19
  // 2023-04-03  transaction 0.99; IPFT ₹10/cr = 0.03; GST 18% × 1.02 = 0.18
  // 2024-04-01  transaction 0.00322% = 0.9781 → 0.98; GST 18% × 1.01 = 0.18
  // 2024-10-01  transaction 0.00297% = 0.9021 → 0.90; GST 18% × 0.93 = 0.1674 → 0.17
  // 2026-03-02  transaction ₹306.99/cr = 0.9325 → 0.93; IPFT → 0; GST 18% × 0.96 = 0.1728 → 0.17
  const delivery = {
    exchange: 'NSE',
    segment: 'equity-delivery',
    legs: [{ side: 'buy', quantity: 450, price: 67.5 }],
  } as const;
  it.each([
    ['2018-04-02', lines(30, 0.99, 0.05, 0, 3.04, 0.19, 34.27)], // 30 + 0.99 + 0.05 + 3.04 + 0.19
    ['2019-04-01', lines(30, 0.99, 0.03, 0, 3.04, 0.18, 34.24)],
    ['2020-06-01', lines(30, 0.99, 0.02, 0, 3.04, 0.18, 34.23)],
    ['2020-06-30', lines(30, 0.99, 0.02, 0, 3.04, 0.18, 34.23)], // =
    ['2020-07-01', lines(30, 0.99, 0.02, 0, 4.56, 0.18, 35.75)],
    ['2021-01-01', lines(30, 1.05, 0.02, 0, 4.56, 0.19, 35.82)],
    ['2021-04-01', lines(30, 1.05, 0.03, 0, 4.56, 0.19, 35.83)],
    ['2023-04-03', lines(30, 0.99, 0.03, 0.03, 4.56, 0.18, 35.79)],
    ['2024-04-01', lines(30, 0.98, 0.03, 0.03, 4.56, 0.18, 35.78)],
    ['2024-10-01', lines(30, 0.9, 0.03, 0.03, 4.56, 0.17, 35.69)],
    ['2026-03-02', lines(30, 0.93, 0.03, 0, 4.56, 0.17, 35.69)],
  ])('on %s', (date, expected) => {
    expect(note(delivery, date, 'MH')).toEqual({
      turnover: 30_375,
      brokerage: 0,
      ...expected,
      estimated: false,
      estimates: [],
    });
  });
});

describe('estimateCharges on BSE', () => {
  it.each([
    // sell 1,000 × 100 = 1,00,000 delivery: STT 0.1% = 100; GST 18% × (transaction + SEBI)
    // 2018-04-02  transaction 0.003% = 3.00; SEBI ₹15/cr = 0.15; stamp (MH, sell side too) 0.01% = 10.00;
    //             GST 18% × 3.15 = 0.567 → 0.57; total 100 + 3 + 0.15 + 10 + 0.57 = 113.72
    ['2018-04-02', lines(100, 3, 0.15, 0, 10, 0.57, 113.72)],
    // 2021-02-26  transaction 0.003% = 3.00; SEBI ₹5/cr = 0.05; no stamp on a sale; GST 18% × 3.05 = 0.549 → 0.55
    ['2021-02-26', lines(100, 3, 0.05, 0, 0, 0.55, 103.6)],
    // 2021-03-01  transaction 0.00345% = 3.45; GST 18% × 3.50 = 0.63; total 104.13
    ['2021-03-01', lines(100, 3.45, 0.05, 0, 0, 0.63, 104.13)],
    // 2022-11-30  SEBI ₹10/cr = 0.10; GST 18% × 3.55 = 0.639 → 0.64; total 104.19
    ['2022-11-30', lines(100, 3.45, 0.1, 0, 0, 0.64, 104.19)],
    // 2022-12-01  transaction ₹375/cr = 3.75; GST 18% × 3.85 = 0.693 → 0.69; total 104.54
    ['2022-12-01', lines(100, 3.75, 0.1, 0, 0, 0.69, 104.54)],
  ])('delivery sale of 1,000 × 100 on %s', (date, expected) => {
    const sale = {
      exchange: 'BSE',
      segment: 'equity-delivery',
      legs: [{ side: 'sell', quantity: 1000, price: 100 }],
    } as const;
    expect(note(sale, date, 'MH')).toEqual({
      turnover: 100_000,
      brokerage: 0,
      ...expected,
      estimated: false,
      estimates: [],
    });
  });

  it.each([
    // SENSEX option 100 × ₹250 → ₹300: premium buy 25,000, sell 30,000, turnover 55,000; brokerage 40; SEBI ₹10/cr
    // = 0.055 → 0.06 throughout; stamp 0.003% × 25,000 = 0.75 (from 1 Jul 2020); GST 18% × (40 + transaction + 0.06)
    // 2022-04-29  STT 0.05% × 30,000 = 15; transaction nil (waived); GST 18% × 40.06 = 7.2108 → 7.21; total 63.02
    ['2022-04-29', lines(15, 0, 0.06, 0, 0.75, 7.21, 63.02)],
    // 2022-05-02  transaction ₹500/cr = 2.75; GST 18% × 42.81 = 7.7058 → 7.71; total 66.27
    ['2022-05-02', lines(15, 2.75, 0.06, 0, 0.75, 7.71, 66.27)],
    // 2023-10-31  STT 0.0625% = 18.75 → 19; transaction 2.75; total 70.27
    ['2023-10-31', lines(19, 2.75, 0.06, 0, 0.75, 7.71, 70.27)],
    // 2023-11-01  transaction ₹3,750/cr (highest slab) = 20.625 → 20.63; GST 18% × 60.69 = 10.9242 → 10.92; 91.36
    ['2023-11-01', lines(19, 20.63, 0.06, 0, 0.75, 10.92, 91.36)],
    ['2024-05-10', lines(19, 20.63, 0.06, 0, 0.75, 10.92, 91.36)], // =
    // 2024-05-13  transaction ₹4,950/cr = 27.225 → 27.23; GST 18% × 67.29 = 12.1122 → 12.11; total 99.15
    ['2024-05-13', lines(19, 27.23, 0.06, 0, 0.75, 12.11, 99.15)],
    ['2024-09-30', lines(19, 27.23, 0.06, 0, 0.75, 12.11, 99.15)], // =
    // 2024-10-01  STT 0.1% = 30; transaction ₹3,250/cr = 17.875 → 17.88; GST 18% × 57.94 = 10.4292 → 10.43; 99.12
    ['2024-10-01', lines(30, 17.88, 0.06, 0, 0.75, 10.43, 99.12)],
  ])('SENSEX option round trip on %s', (date, expected) => {
    const option = {
      exchange: 'BSE',
      segment: 'options',
      legs: [
        { side: 'buy', quantity: 100, price: 250 },
        { side: 'sell', quantity: 100, price: 300 },
      ],
    } as const;
    expect(note(option, date)).toEqual({
      turnover: 55_000,
      brokerage: 40,
      ...expected,
      estimated: false,
      estimates: [],
    });
  });

  it('marks BSE options before the August 2019 waiver estimated: no schedule was found for them', () => {
    // 2019-06-03 (MH): STT 0.05% × 30,000 = 15; transaction nil (assumed); SEBI 0.06; stamp 0.002% × 55,000 = 1.10;
    // GST 18% × 40.06 = 7.21; total 40 + 15 + 0.06 + 1.10 + 7.21 = 63.37
    const option = {
      exchange: 'BSE',
      segment: 'options',
      legs: [
        { side: 'buy', quantity: 100, price: 250 },
        { side: 'sell', quantity: 100, price: 300 },
      ],
    } as const;
    expect(note(option, '2019-06-03', 'MH')).toMatchObject({
      transaction: 0,
      stamp: 1.1,
      total: 63.37,
      estimated: true,
      // The BSE options row has no source until the waiver of 20 Aug 2019.
      estimates: [
        {
          kind: 'unsourced-rate',
          line: 'transaction',
          exchange: 'BSE',
          segment: 'options',
          value: 0,
          until: '2019-08-20',
        },
      ],
    });
    expect(note(option, '2019-08-20', 'MH').estimated).toBe(false);
  });
});

describe('estimateCharges on MCX (commodity futures and options)', () => {
  // CRUDEOIL 1 lot = 100 barrels. CTT (not STT) on the seller; no IPFT; SEBI ₹10 per crore (non-agricultural).
  const crudeFuture = {
    exchange: 'MCX',
    segment: 'futures',
    legs: [
      { side: 'buy', quantity: 100, price: 6000 },
      { side: 'sell', quantity: 100, price: 6050 },
    ],
  } as const;

  it.each([
    // buy 6,00,000; sell 6,05,000; turnover 12,05,000; brokerage min(0.03% × 6,00,000 = 180, 20) × 2 = 40
    // CTT 0.01% × 6,05,000 = 60.50 → 61; SEBI ₹10/cr = 1.205 → 1.21; stamp 0.002% × 6,00,000 (buy) = 12.00
    // 2024-09-30  transaction ₹2.60/lakh = 31.33; GST 18% × (40 + 31.33 + 1.21 = 72.54) = 13.0572 → 13.06
    //             total 40 + 61 + 31.33 + 1.21 + 12 + 13.06 = 158.60
    ['2024-09-30', lines(61, 31.33, 1.21, 0, 12, 13.06, 158.6)],
    // 2024-10-01  transaction ₹2.10/lakh = 25.305 → 25.31; GST 18% × 66.52 = 11.9736 → 11.97; total 151.49
    ['2024-10-01', lines(61, 25.31, 1.21, 0, 12, 11.97, 151.49)],
  ])('CRUDEOIL future 6,000 → 6,050 on %s', (date, expected) => {
    expect(note(crudeFuture, date)).toEqual({
      turnover: 1_205_000,
      brokerage: 40,
      ...expected,
      estimated: false,
      estimates: [],
    });
  });

  it('charges a Maharashtra resident 0.001% stamp duty on both sides of a commodity note before 1 Jul 2020', () => {
    // 2019-06-03: stamp 0.001% × 12,05,000 = 12.05 (both sides); every other line as on 30 Sep 2024: 158.60 − 12 + 12.05
    expect(note(crudeFuture, '2019-06-03', 'MH')).toMatchObject({
      stamp: 12.05,
      total: 158.65,
      estimated: false,
      estimates: [],
    });
  });

  it('charges no stamp duty on commodities for Tamil Nadu before 1 Jul 2020, saying that it charged by quantity', () => {
    // Tamil Nadu charged commodities per unit (not worked out): stamp nil, total 158.65 − 12.05 = 146.60
    expect(note(crudeFuture, '2019-06-03', 'TN')).toMatchObject({
      stamp: 0,
      total: 146.6,
      estimated: true,
      estimates: [{ kind: 'stamp-commodity-by-quantity', state: 'TN' }],
    });
  });

  const crudeOption = {
    exchange: 'MCX',
    segment: 'options',
    legs: [
      { side: 'buy', quantity: 100, price: 150 },
      { side: 'sell', quantity: 100, price: 180 },
    ],
  } as const;

  it.each([
    // premium buy 15,000, sell 18,000, turnover 33,000; brokerage ₹20 × 2 = 40; CTT 0.05% × 18,000 = 9;
    // SEBI ₹10/cr = 0.033 → 0.03; stamp 0.003% × 15,000 = 0.45; GST 18% × (40 + transaction + 0.03)
    // 2021-09-30  transaction waived; GST 18% × 40.03 = 7.2054 → 7.21; total 40 + 9 + 0.03 + 0.45 + 7.21 = 56.69
    ['2021-09-30', lines(9, 0, 0.03, 0, 0.45, 7.21, 56.69)],
    // 2021-10-01  transaction 0.05% = 16.50; GST 18% × 56.53 = 10.1754 → 10.18; total 76.16
    ['2021-10-01', lines(9, 16.5, 0.03, 0, 0.45, 10.18, 76.16)],
    ['2024-09-30', lines(9, 16.5, 0.03, 0, 0.45, 10.18, 76.16)], // =
    // 2024-10-01  transaction ₹41.80/lakh = 13.794 → 13.79; GST 18% × 53.82 = 9.6876 → 9.69; total 72.96
    ['2024-10-01', lines(9, 13.79, 0.03, 0, 0.45, 9.69, 72.96)],
  ])('CRUDEOIL 6000 CE bought at ₹150, sold at ₹180 on %s', (date, expected) => {
    expect(note(crudeOption, date)).toEqual({
      turnover: 33_000,
      brokerage: 40,
      ...expected,
      estimated: false,
      estimates: [],
    });
  });

  it('charges CTT of 0.0001% on the settlement value of an exercised option, not its intrinsic value', () => {
    // 6000 CE, 100 units, settlement 6,050: settlement value 6,05,000 × 0.0001% = 0.605 → ₹1 (rounded to the rupee);
    // on the intrinsic value (50 × 100 = 5,000) it would be 0.005 → ₹0
    expect(
      estimateCharges({
        exchange: 'MCX',
        segment: 'options',
        tradeDate: '2025-06-17',
        legs: [],
        exercises: [{ optionType: 'CE', strike: 6000, settlementPrice: 6050, quantity: 100 }],
      }),
    ).toMatchObject({ stt: 1, transaction: 0, stamp: 0, total: 1, estimated: false, estimates: [] });
  });

  it('refuses equity on MCX', () => {
    expect(() =>
      estimateCharges({
        exchange: 'MCX',
        segment: 'equity-intraday',
        tradeDate: '2025-06-17',
        legs: [{ side: 'buy', quantity: 1, price: 100 }],
      }),
    ).toThrow('MCX trades commodity futures and options only.');
  });
});

describe('estimateCharges: state-wise stamp duty before 1 Jul 2020', () => {
  const intraday = {
    exchange: 'NSE',
    segment: 'equity-intraday',
    legs: [
      { side: 'buy', quantity: 100, price: 2950 },
      { side: 'sell', quantity: 100, price: 2962.5 },
    ],
  } as const;

  it("charges each state's rate on both sides of the note", () => {
    // 2019-06-03, turnover 5,91,250: STT 74, transaction 19.22, SEBI 0.59, GST 10.77 as on the history row above.
    // Maharashtra 0.002% × 5,91,250 = 11.825 → 11.83; total 40 + 74 + 19.22 + 0.59 + 11.83 + 10.77 = 156.41
    expect(note(intraday, '2019-06-03', 'MH')).toMatchObject({
      stamp: 11.83,
      total: 156.41,
      estimated: false,
      estimates: [],
    });
    // Karnataka 0.003% × 5,91,250 = 17.7375 → 17.74; total 156.41 − 11.83 + 17.74 = 162.32
    expect(note(intraday, '2019-06-03', 'KA')).toMatchObject({
      stamp: 17.74,
      total: 162.32,
      estimated: false,
      estimates: [],
    });
  });

  it("caps a state's duty per note where the state capped it (Telangana: 0.01%, at most ₹100)", () => {
    // NSE future 500 × 2,950 → 2,990 on 2019-06-03: 0.01% × 29,70,000 = 297 → capped at 100;
    // total 40 + 150 + 56.43 + 2.97 + 100 + 17.89 = 367.29
    const future = {
      exchange: 'NSE',
      segment: 'futures',
      legs: [
        { side: 'buy', quantity: 500, price: 2950 },
        { side: 'sell', quantity: 500, price: 2990 },
      ],
    } as const;
    expect(note(future, '2019-06-03', 'TS')).toMatchObject({
      stamp: 100,
      total: 367.29,
      estimated: false,
      estimates: [],
    });
  });

  it('uses Maharashtra for a trader with no state, and for a state with no published schedule, marked estimated', () => {
    expect(note(intraday, '2019-06-03')).toMatchObject({
      stamp: 11.83,
      total: 156.41,
      estimated: true,
      estimates: [{ kind: 'stamp-state-unset' }],
    });
    expect(note(intraday, '2019-06-03', 'BR')).toMatchObject({
      stamp: 11.83,
      total: 156.41,
      estimated: true,
      estimates: [{ kind: 'stamp-state-unpublished', state: 'BR' }],
    });
    // From 1 Jul 2020 the duty no longer depends on the state: not estimated without one.
    expect(note(intraday, '2020-07-01')).toMatchObject({ stamp: 8.85, estimated: false, estimates: [] });
  });
});

describe('estimateCharges: dates outside the rate table', () => {
  it('charges a note before 1 Apr 2018 at the first rates in the table, marked estimated', () => {
    // 2017-12-15 takes the 2018-04-01 rates: the futures note of the history table above (328.45), estimated
    const future = {
      exchange: 'NSE',
      segment: 'futures',
      legs: [
        { side: 'buy', quantity: 500, price: 2950 },
        { side: 'sell', quantity: 500, price: 2990 },
      ],
    } as const;
    expect(note(future, '2017-12-15', 'MH')).toEqual({
      turnover: 2_970_000,
      brokerage: 40,
      ...lines(150, 56.43, 4.46, 0, 59.4, 18.16, 328.45),
      estimated: true,
      estimates: [{ kind: 'before-tables', from: '2018-04-01' }],
    });
  });

  it('still refuses a date that is not a date', () => {
    const bad = (tradeDate: string) => () =>
      estimateCharges({
        exchange: 'NSE',
        segment: 'futures',
        tradeDate,
        legs: [{ side: 'buy', quantity: 1, price: 1 }],
      });
    expect(bad('2019-02-30')).toThrow('Trade date "2019-02-30" is not a YYYY-MM-DD date.');
    expect(bad('2017-13-01')).toThrow('Trade date "2017-13-01" is not a YYYY-MM-DD date.');
  });

  it('refuses a state code it does not know', () => {
    expect(() =>
      estimateCharges(
        {
          exchange: 'NSE',
          segment: 'futures',
          tradeDate: '2019-06-03',
          legs: [{ side: 'buy', quantity: 1, price: 1 }],
        },
        DISCOUNT_BROKER,
        CHARGE_RATES,
        { state: 'XX' as IndianStateCode },
      ),
    ).toThrow('Unknown state "XX": use a code from INDIAN_STATES.');
  });
});
