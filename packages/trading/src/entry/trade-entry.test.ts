import { describe, expect, it } from 'vitest';
import { DISCOUNT_BROKER } from '../charges/broker-profile';
import { grossPnl } from '../charges/contract-notes';
import {
  applyDraftChange,
  draftTagNames,
  duplicateOf,
  estimateDraftCharges,
  fromIstLocal,
  keepBrokerCharges,
  manualTradeRow,
  newTradeDraft,
  type TradeDraft,
  toIstLocal,
  validateTradeDraft,
} from './trade-entry';

/** A discount broker's charges, and no broker profile saved. */
const DISCOUNT = { id: null, settings: { profile: DISCOUNT_BROKER } };

/** An estimate's lines with its gross and net P&L, as a contract note adds them up. */
function lines(result: ReturnType<typeof estimateDraftCharges>) {
  if ('note' in result) throw new Error(result.note);
  const { estimatedRates: _assumed, ...charges } = result.charges;
  return { ...charges, ...(result.grossPnl === undefined ? {} : { grossPnl: result.grossPnl, netPnl: result.netPnl }) };
}

// "Now" for every test: 21 Nov 2026, 16:30 IST.
const now = new Date('2026-11-21T11:00:00Z');

const suzlon: TradeDraft = {
  ...newTradeDraft(now),
  symbol: 'suzlon',
  quantity: '450',
  entryPrice: '67.50',
  exitPrice: '70',
  entryAt: '2026-11-20T10:22',
  exitAt: '2026-11-20T14:05',
};

const niftyCall: TradeDraft = {
  ...newTradeDraft(now),
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
    const v = newTradeDraft(now);
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
    const start = { ...newTradeDraft(now), segment: 'futures' as const };
    const typed = applyDraftChange(start, { ...start, underlying: 'BANKNIFTY', expiry: '2026-11-25' });
    expect(typed.lotSize).toBe('30');
    // A December 2025 expiry is before the January 2026 revision: 35.
    expect(applyDraftChange(typed, { ...typed, expiry: '2025-12-30' }).lotSize).toBe('35');
  });

  it('leaves the lot size to the user for an underlying the table does not know', () => {
    const start = { ...newTradeDraft(now), segment: 'futures' as const, lotSize: '500' };
    expect(applyDraftChange(start, { ...start, underlying: 'RELIANCE', expiry: '2026-11-25' }).lotSize).toBe('500');
  });
});

describe('validateTradeDraft', () => {
  it('accepts a complete closed trade', () => {
    expect(validateTradeDraft(suzlon, now)).toEqual({});
    expect(validateTradeDraft(niftyCall, now)).toEqual({});
  });

  it('names every missing field of an empty F&O form', () => {
    const errors = validateTradeDraft({ ...newTradeDraft(now), segment: 'options', entryAt: '' }, now);
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
    expect(validateTradeDraft({ ...suzlon, exitAt: '2026-11-20T09:30' }, now).exitAt).toBe(
      'The exit is before the entry.',
    );
  });

  it('rejects a stop or target on the wrong side for longs and shorts', () => {
    expect(validateTradeDraft({ ...suzlon, stopLoss: '68' }, now).stopLoss).toBe(
      'For a long trade the stop must be below the entry price.',
    );
    expect(validateTradeDraft({ ...suzlon, side: 'short', stopLoss: '66', exitPrice: '65' }, now).stopLoss).toBe(
      'For a short trade the stop must be above the entry price.',
    );
    expect(validateTradeDraft({ ...suzlon, target: '60' }, now).target).toBe(
      'For a long trade the target must be above the entry price.',
    );
  });

  it('rejects a quantity that is not a whole number of lots, and takes fund units with decimals', () => {
    expect(validateTradeDraft({ ...niftyCall, lots: '1.5' }, now).lots).toBe(
      'The quantity must be a whole number of lots: 1.5 lots of 65 is 97.5 units.',
    );
    expect(validateTradeDraft({ ...suzlon, quantity: '24.609' }, now).quantity).toBeUndefined();
    for (const quantity of ['0', '-3', '0.0000001']) {
      expect(validateTradeDraft({ ...suzlon, quantity }, now).quantity).toBe(
        'The quantity must be above 0: shares, or ETF and fund units with up to 6 decimals.',
      );
    }
  });

  it('keeps an intraday trade within one IST day and exits paired with their times', () => {
    expect(validateTradeDraft({ ...suzlon, exitAt: '2026-11-21T10:00' }, now).exitAt).toBe(
      'An intraday trade exits on the day it was entered: choose delivery or carry forward.',
    );
    expect(validateTradeDraft({ ...suzlon, product: 'delivery', exitAt: '2026-11-21T10:00' }, now)).toEqual({});
    expect(validateTradeDraft({ ...suzlon, exitAt: '' }, now).exitAt).toBe(
      'Enter when you exited, or clear the exit price.',
    );
    expect(validateTradeDraft({ ...suzlon, exitPrice: '' }, now).exitPrice).toBe(
      'Enter the exit price, or clear the exit time for an open trade.',
    );
  });

  it('rejects a future entry and a contract that expired before the entry', () => {
    expect(validateTradeDraft({ ...suzlon, entryAt: '2026-11-22T09:20', exitAt: '', exitPrice: '' }, now).entryAt).toBe(
      'The entry time is in the future.',
    );
    expect(validateTradeDraft({ ...niftyCall, expiry: '2026-11-17' }, now).expiry).toBe(
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
    const charges = lines(estimateDraftCharges(suzlon, DISCOUNT));
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
    const charges = lines(estimateDraftCharges(niftyCall, DISCOUNT));
    expect(charges).toMatchObject({ brokerage: 40, stt: 32, transaction: 12.69, sebi: 0.04, ipft: 0 });
    expect(charges).toMatchObject({ stamp: 0.44, gst: 9.49, total: 94.66, grossPnl: 6500, netPnl: 6405.34 });
  });

  it('delivery held a week: two contract notes, the DP charge and its GST on the sell', () => {
    // A broker stating its DP charge as ₹13.50 + GST.
    const broker = {
      id: null,
      settings: { profile: { ...DISCOUNT_BROKER, dp: { amount: 13.5, includesGst: false } } },
    };
    const reliance: TradeDraft = {
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
    const charges = lines(estimateDraftCharges(reliance, broker));
    expect(charges).toMatchObject({ brokerage: 0, stt: 29, transaction: 0.88, sebi: 0.02, ipft: 0 });
    expect(charges).toMatchObject({ stamp: 2.1, dp: 13.5, gst: 2.59, total: 48.09, grossPnl: 500, netPnl: 451.91 });
  });

  it('charges an open trade for its entry only and says why nothing can be estimated', () => {
    const open = estimateDraftCharges({ ...suzlon, exitPrice: '', exitAt: '' }, DISCOUNT);
    // Buy ₹30,375: brokerage 9.11, transaction 0.9325 → 0.93, SEBI 0.03, IPFT 0, stamp 0.91,
    // GST 18% of 10.07 = 1.81. Total 12.79.
    expect(open).toEqual({
      charges: expect.objectContaining({ stt: 0, brokerage: 9.11, stamp: 0.91, gst: 1.81, total: 12.79 }),
    });
    expect(estimateDraftCharges({ ...suzlon, quantity: '' }, DISCOUNT)).toEqual({
      note: 'Enter the quantity, entry price and entry time to see the charges.',
    });
  });

  it('estimates an older trade at the rates of its own date', () => {
    // 3 Jun 2024: NSE cash 0.00322% (from 1 Apr 2024), IPFT ₹10/crore. Transaction 0.00322% × 61,875 = 1.9924 →
    // 1.99; IPFT 0.06; GST 18% of (18.56 + 1.99 + 0.06) = 3.7098 → 3.71; total 18.56 + 8 + 1.99 + 0.06 + 0.06 +
    // 0.91 + 3.71 = 33.29.
    const june2024 = estimateDraftCharges(
      { ...suzlon, entryAt: '2024-06-03T10:00', exitAt: '2024-06-03T11:00' },
      DISCOUNT,
    );
    expect(lines(june2024)).toMatchObject({ transaction: 1.99, ipft: 0.06, gst: 3.71, total: 33.29 });
    expect('charges' in june2024 && june2024.charges.estimatedRates).toEqual([]);
  });
});

describe('gross P&L', () => {
  it('is exact to the paisa for longs and shorts', () => {
    expect(grossPnl('long', 3, 0.1, 0.3)).toBe(0.6);
    expect(grossPnl('short', 75, 24512.35, 24480.05)).toBe(2422.5);
    expect(grossPnl('long', 1, 100.0001, 100)).toBe(0);
  });
});

describe('manualTradeRow', () => {
  it('builds a closed options trade with its contract symbol, units and estimated charges', () => {
    const result = manualTradeRow({ ...niftyCall, tags: 'expiry, Gap-up, expiry ', rating: '4' }, DISCOUNT, now);
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
    const result = manualTradeRow({ ...suzlon, exitPrice: '', exitAt: '', stopLoss: '66.2' }, DISCOUNT, now);
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
    expect(manualTradeRow({ ...suzlon, stopLoss: '70' }, DISCOUNT, now)).toEqual({
      ok: false,
      errors: { stopLoss: 'For a long trade the stop must be below the entry price.' },
    });
  });
});

describe('draftTagNames', () => {
  it('trims, drops blanks and keeps the first spelling of a repeated name', () => {
    expect(draftTagNames(' ORB,, gap  up , orb,News ')).toEqual(['ORB', 'gap up', 'News']);
  });
});

describe('editing a trade with charges from the broker', () => {
  it("keeps the broker's charges while the fills are unchanged, and re-estimates once they change", () => {
    const result = manualTradeRow(suzlon, DISCOUNT, now);
    if (!result.ok) throw new Error('expected a row');
    const notesOnly = keepBrokerCharges(result.row, suzlon, { ...suzlon, notes: 'Review later' });
    expect(notesOnly).not.toHaveProperty('charges');
    expect(notesOnly).not.toHaveProperty('charges_source');
    expect(notesOnly).toMatchObject({ gross_pnl: 1125 });
    expect(keepBrokerCharges(result.row, suzlon, { ...suzlon, exitPrice: '71' })).toMatchObject({
      charges: 33.12,
      charges_source: 'estimated',
    });
  });
});

describe('duplicateOf', () => {
  // SUZLON as manualTradeRow saves it: 450 long at ₹67.50, 10:22 to 14:05 IST on 20 Nov 2026.
  const saved = {
    id: 't1',
    symbol: 'SUZLON',
    segment: 'equity' as const,
    side: 'long' as const,
    quantity: 450,
    entryPrice: 67.5,
    exitPrice: 70,
    entryTime: '2026-11-20T04:52:00Z',
    exitTime: '2026-11-20T08:35:00Z',
  };

  it('finds the saved trade the draft would write again, whatever the symbol’s case or the second of the time', () => {
    expect(duplicateOf(suzlon, [saved])).toBe(saved);
    expect(duplicateOf(suzlon, [{ ...saved, entryTime: '2026-11-20T04:52:41Z' }])?.id).toBe('t1');
  });

  it('is not the trade being edited, nor one that differs in units, price, side or minute', () => {
    expect(duplicateOf(suzlon, [saved], 't1')).toBeUndefined();
    for (const other of [
      { quantity: 451 },
      { entryPrice: 67.55 },
      { side: 'short' as const },
      { exitTime: '2026-11-20T08:36:00Z' },
      { exitPrice: null, exitTime: null },
    ]) {
      expect(duplicateOf(suzlon, [{ ...saved, ...other }])).toBeUndefined();
    }
  });

  it('compares an open draft with open trades, and an F&O draft by its contract symbol', () => {
    const open = { ...suzlon, exitPrice: '', exitAt: '' };
    expect(duplicateOf(open, [{ ...saved, exitPrice: null, exitTime: null }])?.id).toBe('t1');
    expect(duplicateOf(open, [saved])).toBeUndefined();
    const call = {
      id: 'o1',
      symbol: 'NIFTY 24 NOV 26 24500 CE',
      segment: 'options' as const,
      side: 'long' as const,
      quantity: 130,
      entryPrice: 112.4,
      exitPrice: 162.4,
      entryTime: '2026-11-20T04:32:00Z',
      exitTime: '2026-11-20T05:11:00Z',
    };
    expect(duplicateOf(niftyCall, [call])?.id).toBe('o1');
    expect(duplicateOf({ ...niftyCall, quantity: '' }, [saved])).toBeUndefined();
    expect(duplicateOf({ ...niftyCall, lots: '' }, [call])).toBeUndefined();
  });
});
