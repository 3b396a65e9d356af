import { describe, expect, it } from 'vitest';
import type { BrokerProfile } from './broker-profile';
import { DISCOUNT_BROKER } from './broker-profile';
import { estimateCharges } from './estimate-charges';
import { percent } from './paise';
import { CHARGE_RATES, type RateTable } from './rates';

// Every expectation below is a contract note worked by hand from INDIA.md's rates.

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
    // transaction 0.03503% × 42,022.50 = 14.7204817…        = 14.72
    // SEBI        ₹10/crore × 42,022.50 = 0.0420225        =  0.04
    // IPFT        ₹50/crore × 42,022.50 = 0.2101125        =  0.21
    // stamp       0.003% × 23,400 (buy) = 0.702            =  0.70
    // GST         18% × (40 + 14.72 + 0.04 = 54.76) = 9.8568 = 9.86
    // total 40 + 19 + 14.72 + 0.04 + 0.21 + 0.70 + 9.86    = 84.53
    expect(trade('2026-03-31')).toEqual({
      turnover: 42_022.5,
      brokerage: 40,
      stt: 19,
      transaction: 14.72,
      sebi: 0.04,
      ipft: 0.21,
      stamp: 0.7,
      gst: 9.86,
      total: 84.53,
    });
  });

  it('charges 0.15% STT on the sell premium from 1 Apr 2026', () => {
    // STT 0.15% × 18,622.50 = 27.93375 → ₹28; every other line as above: 84.53 − 19 + 28 = 93.53
    expect(trade('2026-04-01')).toMatchObject({ stt: 28, total: 93.53 });
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
    // transaction 0.00297% × 5,91,250 = 17.560125          = 17.56
    // SEBI        ₹10/crore × 5,91,250 = 0.59125           =  0.59
    // IPFT        ₹10/crore, the same                       =  0.59
    // stamp       0.003% × 2,95,000 (buy)                   =  8.85
    // GST         18% × (40 + 17.56 + 0.59 = 58.15) = 10.467 = 10.47
    // total 40 + 74 + 17.56 + 0.59 + 0.59 + 8.85 + 10.47   = 152.06
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
      transaction: 17.56,
      sebi: 0.59,
      ipft: 0.59,
      stamp: 8.85,
      gst: 10.47,
      total: 152.06,
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
    expect(trade('2026-03-31')).toEqual({
      turnover: 2_970_000,
      brokerage: 40,
      stt: 299,
      transaction: 51.38,
      sebi: 2.97,
      ipft: 2.97,
      stamp: 29.5,
      gst: 16.98,
      total: 442.8,
    });
  });

  it('charges 0.05% STT on the sell side from 1 Apr 2026, rounding ₹0.50 up', () => {
    // STT 0.05% × 14,95,000 = 747.50 → ₹748; total 442.80 − 299 + 748 = 891.80
    expect(trade('2026-04-01')).toMatchObject({ stt: 748, total: 891.8 });
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
    });
  });

  it('charges 0.15% from 1 Apr 2026, on one note with a sale (BANKNIFTY 52,000 PE exercised, 30 sold)', () => {
    // expiry Tue 28 Apr 2026, final settlement 51,637.78: put intrinsic 52,000 − 51,637.78 = 362.22 × 30 = 10,866.60
    // the same day: sold 30 BANKNIFTY 52,500 CE @ 6.65 = premium 199.50
    // STT         0.15% × 10,866.60 = 16.2999 + 0.15% × 199.50 = 0.29925; 16.59915 → ₹17
    //             (rounded once per note: rounding each line would give 16 + 0 = 16)
    // brokerage   1 order × ₹20                            = 20.00
    // transaction 0.03503% × 199.50 = 0.06988485          =  0.07
    // SEBI        ₹10/crore × 199.50 = 0.0001995           =  0.00
    // IPFT        ₹50/crore × 199.50 = 0.0009975           =  0.00
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

  it('refuses a trade date before the table starts', () => {
    const before = () =>
      estimateCharges({
        exchange: 'NSE',
        segment: 'options',
        tradeDate: '2024-09-30',
        legs: [{ side: 'sell', quantity: 75, price: 100 }],
      });
    expect(before).toThrow('No charge rates for trade date 2024-09-30: the rate table starts on 2024-10-01.');
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
