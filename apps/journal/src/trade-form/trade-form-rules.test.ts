import { DISCOUNT_BROKER } from '@bahi/trading';
import type { TradeFormValues } from '@bahi/ui';
import { describe, expect, it } from 'vitest';
import { type ChargeProfile, DEFAULT_CHARGE_PROFILE, toChargeProfile } from '../data/broker-profile';
import {
  applyChange,
  chargesPreview,
  estimateTradeCharges,
  fromIstLocal,
  grossPnl,
  newTradeValues,
  tagNames,
  toIstLocal,
  tradePayload,
  validateTrade,
  withBrokerCharges,
} from './trade-form-rules';

// "Now" for every test: 21 Nov 2026, 16:30 IST.
const now = new Date('2026-11-21T11:00:00Z');

const suzlon: TradeFormValues = {
  ...newTradeValues(now),
  symbol: 'suzlon',
  quantity: '450',
  entryPrice: '67.50',
  exitPrice: '70',
  entryAt: '2026-11-20T10:22',
  exitAt: '2026-11-20T14:05',
};

const niftyCall: TradeFormValues = {
  ...newTradeValues(now),
  segment: 'options',
  underlying: 'NIFTY',
  expiry: '2026-11-24',
  strike: '24500',
  optionType: 'CE',
  lotSize: '65',
  lots: '2',
  entryPrice: '112.40',
  exitPrice: '162.40',
  entryAt: '2026-11-20T10:02',
  exitAt: '2026-11-20T10:41',
};

describe('IST times', () => {
  it('shows an instant as IST wall-clock time and reads it back', () => {
    expect(toIstLocal('2026-11-20T04:52:00Z')).toBe('2026-11-20T10:22');
    expect(fromIstLocal('2026-11-20T10:22')).toBe('2026-11-20T04:52:00.000Z');
    // Just after midnight IST is still the previous day in UTC.
    expect(fromIstLocal('2026-11-21T00:15')).toBe('2026-11-20T18:45:00.000Z');
    expect(fromIstLocal('20/11/2026')).toBeUndefined();
    // A day that does not exist is refused, not rolled over into March.
    expect(fromIstLocal('2026-02-30T10:00')).toBeUndefined();
  });

  it('starts a new trade on NSE, equity, intraday, long, entered now in IST', () => {
    const v = newTradeValues(now);
    expect([v.exchange, v.segment, v.product, v.side, v.entryAt]).toEqual([
      'NSE',
      'equity',
      'intraday',
      'long',
      '2026-11-21T16:30',
    ]);
  });
});

describe('lot sizes follow the contract', () => {
  it('fills the lot size from the dated table when underlying and expiry are known', () => {
    const start = { ...newTradeValues(now), segment: 'futures' as const };
    const typed = applyChange(start, { ...start, underlying: 'BANKNIFTY', expiry: '2026-11-25' });
    expect(typed.lotSize).toBe('30');
    // A December 2025 expiry is before the January 2026 revision: 35.
    expect(applyChange(typed, { ...typed, expiry: '2025-12-30' }).lotSize).toBe('35');
  });

  it('leaves the lot size to the user for an underlying the table does not know', () => {
    const start = { ...newTradeValues(now), segment: 'futures' as const, lotSize: '500' };
    expect(applyChange(start, { ...start, underlying: 'RELIANCE', expiry: '2026-11-25' }).lotSize).toBe('500');
  });
});

describe('validateTrade', () => {
  it('accepts a complete closed trade', () => {
    expect(validateTrade(suzlon, now)).toEqual({});
    expect(validateTrade(niftyCall, now)).toEqual({});
  });

  it('names every missing field of an empty F&O form', () => {
    const errors = validateTrade({ ...newTradeValues(now), segment: 'options', entryAt: '' }, now);
    expect(errors).toMatchObject({
      underlying: 'Enter the underlying, such as NIFTY or RELIANCE.',
      expiry: 'Enter the contract expiry.',
      strike: 'Enter the strike price.',
      lotSize: 'Enter the lot size (units per lot).',
      lots: 'Enter how many lots.',
      entryPrice: 'Enter the entry price.',
      entryAt: 'Enter when you entered.',
    });
  });

  it('rejects an exit before the entry', () => {
    expect(validateTrade({ ...suzlon, exitAt: '2026-11-20T09:30' }, now).exitAt).toBe('The exit is before the entry.');
  });

  it('rejects a stop or target on the wrong side for longs and shorts', () => {
    expect(validateTrade({ ...suzlon, stopLoss: '68' }, now).stopLoss).toBe(
      'For a long trade the stop must be below the entry price.',
    );
    expect(validateTrade({ ...suzlon, side: 'short', stopLoss: '66', exitPrice: '65' }, now).stopLoss).toBe(
      'For a short trade the stop must be above the entry price.',
    );
    expect(validateTrade({ ...suzlon, target: '60' }, now).target).toBe(
      'For a long trade the target must be above the entry price.',
    );
  });

  it('rejects a quantity that is not a whole number of lots, and takes fund units with decimals', () => {
    expect(validateTrade({ ...niftyCall, lots: '1.5' }, now).lots).toBe(
      'The quantity must be a whole number of lots: 1.5 lots of 65 is 97.5 units.',
    );
    expect(validateTrade({ ...suzlon, quantity: '24.609' }, now).quantity).toBeUndefined();
    for (const quantity of ['0', '-3', '0.0000001']) {
      expect(validateTrade({ ...suzlon, quantity }, now).quantity).toBe(
        'The quantity must be above 0: shares, or ETF and fund units with up to 6 decimals.',
      );
    }
  });

  it('keeps an intraday trade within one IST day and exits paired with their times', () => {
    expect(validateTrade({ ...suzlon, exitAt: '2026-11-21T10:00' }, now).exitAt).toBe(
      'An intraday trade exits on the day it was entered: choose delivery or carry forward.',
    );
    expect(validateTrade({ ...suzlon, product: 'delivery', exitAt: '2026-11-21T10:00' }, now)).toEqual({});
    expect(validateTrade({ ...suzlon, exitAt: '' }, now).exitAt).toBe(
      'Enter when you exited, or clear the exit price.',
    );
    expect(validateTrade({ ...suzlon, exitPrice: '' }, now).exitPrice).toBe(
      'Enter the exit price, or clear the exit time for an open trade.',
    );
  });

  it('rejects a future entry and a contract that expired before the entry', () => {
    expect(validateTrade({ ...suzlon, entryAt: '2026-11-22T09:20', exitAt: '', exitPrice: '' }, now).entryAt).toBe(
      'The entry time is in the future.',
    );
    expect(validateTrade({ ...niftyCall, expiry: '2026-11-17' }, now).expiry).toBe(
      'The contract had expired before the entry date.',
    );
  });
});

describe('charges estimate (worked by hand, contract-note rounding)', () => {
  it('equity intraday: SUZLON 450 × ₹67.50 → ₹70.00 on a discount broker', () => {
    // Buy ₹30,375, sell ₹31,500, turnover ₹61,875, at the NSE rates from 1 Mar 2026.
    // Brokerage 0.03% per order: 9.11 + 9.45 = 18.56 (under the ₹20 cap). STT 0.025% of 31,500 = 7.875 → ₹8.
    // Transaction ₹306.99/crore × 61,875 = 1.8995 → 1.90. SEBI ₹10/crore = 0.06; IPFT ₹0.01/crore = 0.
    // Stamp 0.003% of 30,375 = 0.91. GST 18% of (18.56 + 1.90 + 0.06) = 3.6936 → 3.69.
    // Total 33.12; gross 450 × 2.50 = 1,125; net 1,091.88.
    const { charges } = chargesPreview(estimateTradeCharges(suzlon, DEFAULT_CHARGE_PROFILE));
    expect(charges).toEqual({
      turnover: 61875,
      brokerage: 18.56,
      stt: 8,
      transaction: 1.9,
      sebi: 0.06,
      stamp: 0.91,
      gst: 3.69,
      ipft: 0,
      dp: 0,
      total: 33.12,
      grossPnl: 1125,
      netPnl: 1091.88,
    });
  });

  it('options: 2 lots of NIFTY 24500 CE (65 each) at ₹112.40 → ₹162.40, at the April 2026 STT rate', () => {
    // 130 units. Buy premium ₹14,612, sell ₹21,112, turnover ₹35,724. Brokerage ₹20 × 2 orders = 40.
    // STT 0.15% of 21,112 = 31.668 → ₹32. Transaction ₹3,552.99/crore × 35,724 = 12.6927 → 12.69. SEBI 0.04.
    // IPFT ₹0.01/crore = 0. Stamp 0.003% of 14,612 = 0.44. GST 18% of (40 + 12.69 + 0.04) = 9.4914 → 9.49.
    // Total 94.66; gross 6,500; net 6,405.34.
    const { charges } = chargesPreview(estimateTradeCharges(niftyCall, DEFAULT_CHARGE_PROFILE));
    expect(charges).toMatchObject({ brokerage: 40, stt: 32, transaction: 12.69, sebi: 0.04, ipft: 0 });
    expect(charges).toMatchObject({ stamp: 0.44, gst: 9.49, total: 94.66, grossPnl: 6500, netPnl: 6405.34 });
  });

  it('delivery held a week: two contract notes, the DP charge and its GST on the sell', () => {
    // A broker stating its DP charge as ₹13.50 + GST.
    const broker: ChargeProfile = {
      id: null,
      settings: { profile: { ...DISCOUNT_BROKER, dp: { amount: 13.5, includesGst: false } } },
    };
    const reliance: TradeFormValues = {
      ...suzlon,
      symbol: 'RELIANCE',
      product: 'delivery',
      quantity: '10',
      entryPrice: '1400',
      exitPrice: '1450',
      entryAt: '2026-11-10T11:00',
      exitAt: '2026-11-17T11:00',
    };
    // Buy note (₹14,000): STT 0.1% = 14; transaction ₹306.99/crore = 0.4298 → 0.43; SEBI 0.01; IPFT 0;
    // stamp 0.015% = 2.10; GST 18% × 0.44 = 0.08.
    // Sell note (₹14,500): STT 14.5 → ₹15; transaction 0.4451 → 0.45; SEBI 0.01; IPFT 0; GST 18% × 0.46 = 0.08;
    // DP 13.50 + GST 2.43. Total 29 + 0.88 + 0.02 + 2.10 + 2.59 + 13.50 = 48.09.
    const { charges } = chargesPreview(estimateTradeCharges(reliance, broker));
    expect(charges).toMatchObject({ brokerage: 0, stt: 29, transaction: 0.88, sebi: 0.02, ipft: 0 });
    expect(charges).toMatchObject({ stamp: 2.1, dp: 13.5, gst: 2.59, total: 48.09, grossPnl: 500, netPnl: 451.91 });
  });

  it('charges an open trade for its entry only and says why nothing can be estimated', () => {
    const open = estimateTradeCharges({ ...suzlon, exitPrice: '', exitAt: '' }, DEFAULT_CHARGE_PROFILE);
    // Buy ₹30,375: brokerage 9.11, transaction 0.9325 → 0.93, SEBI 0.03, IPFT 0, stamp 0.91,
    // GST 18% of 10.07 = 1.81. Total 12.79.
    expect(open).toEqual({
      charges: expect.objectContaining({ stt: 0, brokerage: 9.11, stamp: 0.91, gst: 1.81, total: 12.79 }),
    });
    expect(estimateTradeCharges({ ...suzlon, quantity: '' }, DEFAULT_CHARGE_PROFILE)).toEqual({
      note: 'Enter the quantity, entry price and entry time to see the charges.',
    });
  });

  it('estimates an older trade at the rates of its own date', () => {
    // 3 Jun 2024: NSE cash 0.00322% (from 1 Apr 2024), IPFT ₹10/crore. Transaction 0.00322% × 61,875 = 1.9924 →
    // 1.99; IPFT 0.06; GST 18% of (18.56 + 1.99 + 0.06) = 3.7098 → 3.71; total 18.56 + 8 + 1.99 + 0.06 + 0.06 +
    // 0.91 + 3.71 = 33.29.
    const june2024 = chargesPreview(
      estimateTradeCharges(
        { ...suzlon, entryAt: '2024-06-03T10:00', exitAt: '2024-06-03T11:00' },
        DEFAULT_CHARGE_PROFILE,
      ),
    );
    expect(june2024.charges).toMatchObject({ transaction: 1.99, ipft: 0.06, gst: 3.71, total: 33.29 });
    expect(june2024.estimated).toBeUndefined();
    // Before the tables start (1 Apr 2018): the nearest rates, said to be an estimate.
    const older = chargesPreview(
      estimateTradeCharges(
        { ...suzlon, entryAt: '2017-06-05T10:00', exitAt: '2017-06-05T11:00' },
        DEFAULT_CHARGE_PROFILE,
      ),
    );
    expect(older.charges?.total).toBeGreaterThan(0);
    // With no state on the default profile, stamp duty before 1 Jul 2020 is also Maharashtra's.
    expect(older.estimated).toBe(
      'These charges are an estimate: charges at the rates of 1 Apr 2018 (our rate tables start there); stamp duty ' +
        "at Maharashtra's rate (your state is not set).",
    );
    expect(older.fix).toEqual({ label: 'Set your state on your profile', href: '/profile#broker-charges' });
  });

  it('says a trade before 1 Jul 2020 is inside the rate tables, and only its stamp duty state was assumed', () => {
    const june2019 = { ...suzlon, entryAt: '2019-06-03T10:00', exitAt: '2019-06-03T11:00' };
    const assumed = chargesPreview(estimateTradeCharges(june2019, DEFAULT_CHARGE_PROFILE));
    expect(assumed.estimated).toBe(
      "These charges are an estimate: stamp duty at Maharashtra's rate (your state is not set).",
    );
    // With the trader's state (Karnataka), nothing is assumed.
    const karnataka = {
      ...DEFAULT_CHARGE_PROFILE,
      settings: { ...DEFAULT_CHARGE_PROFILE.settings, state: 'KA' as const },
    };
    expect(chargesPreview(estimateTradeCharges(june2019, karnataka)).estimated).toBeUndefined();
  });

  it("uses the user's broker profile: 0.05% intraday capped at ₹15", () => {
    const broker = toChargeProfile({
      id: 'bp1',
      name: 'Upstox',
      broker: 'upstox',
      delivery_brokerage_pct: '0',
      delivery_brokerage_cap: null,
      intraday_brokerage_pct: '0.05',
      intraday_brokerage_cap: '15',
      futures_brokerage_pct: '0.03',
      futures_brokerage_cap: '20',
      options_brokerage_per_order: '20',
      dp_charge_per_sell: '0',
      dp_charge_includes_gst: false,
      residence_state: null,
    });
    // Buy 0.05% of 30,375 = 15.19 → capped 15; sell 0.05% of 31,500 = 15.75 → 15. Brokerage 30.
    const result = estimateTradeCharges(suzlon, broker);
    expect('charges' in result && result.charges.brokerage).toBe(30);
    expect(broker.settings.profile).not.toBe(DISCOUNT_BROKER);
  });
});

describe('gross P&L', () => {
  it('is exact to the paisa for longs and shorts', () => {
    expect(grossPnl('long', 3, 0.1, 0.3)).toBe(0.6);
    expect(grossPnl('short', 75, 24512.35, 24480.05)).toBe(2422.5);
    expect(grossPnl('long', 1, 100.0001, 100)).toBe(0);
  });
});

describe('tradePayload', () => {
  it('builds a closed options trade with its contract symbol, units and estimated charges', () => {
    const result = tradePayload(
      { ...niftyCall, tags: 'expiry, Gap-up, expiry ', rating: '4' },
      DEFAULT_CHARGE_PROFILE,
      now,
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.tags).toEqual(['expiry', 'Gap-up']);
    expect(result.row).toMatchObject({
      exchange: 'NSE',
      segment: 'options',
      product: 'intraday',
      symbol: 'NIFTY 24 NOV 26 24500 CE',
      underlying: 'NIFTY',
      expiry: '2026-11-24',
      strike: 24500,
      option_type: 'CE',
      lot_size: 65,
      side: 'long',
      quantity: 130,
      avg_entry_price: 112.4,
      avg_exit_price: 162.4,
      entry_time: '2026-11-20T04:32:00.000Z',
      exit_time: '2026-11-20T05:11:00.000Z',
      status: 'closed',
      gross_pnl: 6500,
      charges: 94.66,
      charges_source: 'estimated',
      rating: 4,
      broker_profile_id: null,
    });
    expect(result.row.charges_breakdown).not.toHaveProperty('turnover');
  });

  it('saves a trade without an exit as open, with no gross P&L', () => {
    const result = tradePayload(
      { ...suzlon, exitPrice: '', exitAt: '', stopLoss: '66.2' },
      DEFAULT_CHARGE_PROFILE,
      now,
    );
    expect(result.ok && result.row).toMatchObject({
      symbol: 'SUZLON',
      underlying: null,
      expiry: null,
      lot_size: null,
      quantity: 450,
      status: 'open',
      exit_time: null,
      avg_exit_price: null,
      gross_pnl: null,
      stop_loss: 66.2,
      charges: 12.79,
    });
  });

  it('returns the field errors instead of a row', () => {
    expect(tradePayload({ ...suzlon, stopLoss: '70' }, DEFAULT_CHARGE_PROFILE, now)).toEqual({
      ok: false,
      errors: { stopLoss: 'For a long trade the stop must be below the entry price.' },
    });
  });
});

describe('tagNames', () => {
  it('trims, drops blanks and keeps the first spelling of a repeated name', () => {
    expect(tagNames(' ORB,, gap  up , orb,News ')).toEqual(['ORB', 'gap up', 'News']);
  });
});

describe('editing a trade with charges from the broker', () => {
  it("keeps the broker's charges while the fills are unchanged, and re-estimates once they change", () => {
    const result = tradePayload(suzlon, DEFAULT_CHARGE_PROFILE, now);
    if (!result.ok) throw new Error('expected a row');
    const notesOnly = withBrokerCharges(result.row, suzlon, { ...suzlon, notes: 'Review later' });
    expect(notesOnly).not.toHaveProperty('charges');
    expect(notesOnly).not.toHaveProperty('charges_source');
    expect(notesOnly).toMatchObject({ gross_pnl: 1125 });
    expect(withBrokerCharges(result.row, suzlon, { ...suzlon, exitPrice: '71' })).toMatchObject({
      charges: 33.12,
      charges_source: 'estimated',
    });
  });
});
