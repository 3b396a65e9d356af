import { DISCOUNT_BROKER, estimateDraftCharges, manualTradeRow, newTradeDraft } from '@bahi/trading';
import type { TradeFormValues } from '@bahi/ui';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CHARGE_PROFILE, toChargeProfile } from '../data/broker-profile';
import type { JournalTrade } from '../data/journal-data';
import { chargesPreview, valuesFromTrade } from './trade-form-values';

// "Now" for every test: 21 Nov 2026, 16:30 IST.
const now = new Date('2026-11-21T11:00:00Z');

const suzlon: TradeFormValues = {
  ...newTradeDraft(now),
  symbol: 'suzlon',
  quantity: '450',
  entryPrice: '67.50',
  exitPrice: '70',
  entryAt: '2026-11-20T10:22',
  exitAt: '2026-11-20T14:05',
};

describe('the charges estimate on screen', () => {
  it('is the contract-note lines with the gross and net P&L (SUZLON 450 × ₹67.50 → ₹70.00, worked in trade-entry.test)', () => {
    const { charges, estimated, fix } = chargesPreview(estimateDraftCharges(suzlon, DEFAULT_CHARGE_PROFILE));
    expect(charges).toMatchObject({ brokerage: 18.56, stt: 8, total: 33.12, grossPnl: 1125, netPnl: 1091.88 });
    expect(charges).not.toHaveProperty('estimatedRates');
    expect([estimated, fix]).toEqual([undefined, undefined]);
    expect(chargesPreview(estimateDraftCharges({ ...suzlon, quantity: '' }, DEFAULT_CHARGE_PROFILE))).toEqual({
      note: 'Enter the quantity, entry price and entry time to see the charges.',
    });
  });

  it('estimates an older trade at the rates of its own date', () => {
    // 3 Jun 2024: NSE cash 0.00322% (from 1 Apr 2024), IPFT ₹10/crore. Transaction 0.00322% × 61,875 = 1.9924 →
    // 1.99; IPFT 0.06; GST 18% of (18.56 + 1.99 + 0.06) = 3.7098 → 3.71; total 18.56 + 8 + 1.99 + 0.06 + 0.06 +
    // 0.91 + 3.71 = 33.29.
    const june2024 = chargesPreview(
      estimateDraftCharges(
        { ...suzlon, entryAt: '2024-06-03T10:00', exitAt: '2024-06-03T11:00' },
        DEFAULT_CHARGE_PROFILE,
      ),
    );
    expect(june2024.charges).toMatchObject({ transaction: 1.99, ipft: 0.06, gst: 3.71, total: 33.29 });
    expect(june2024.estimated).toBeUndefined();
    // Before the tables start (1 Apr 2018): the nearest rates, said to be an estimate.
    const older = chargesPreview(
      estimateDraftCharges(
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
    const assumed = chargesPreview(estimateDraftCharges(june2019, DEFAULT_CHARGE_PROFILE));
    expect(assumed.estimated).toBe(
      "These charges are an estimate: stamp duty at Maharashtra's rate (your state is not set).",
    );
    // With the trader's state (Karnataka), nothing is assumed.
    const karnataka = {
      ...DEFAULT_CHARGE_PROFILE,
      settings: { ...DEFAULT_CHARGE_PROFILE.settings, state: 'KA' as const },
    };
    expect(chargesPreview(estimateDraftCharges(june2019, karnataka)).estimated).toBeUndefined();
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
    const result = estimateDraftCharges(suzlon, broker);
    expect('charges' in result && result.charges.brokerage).toBe(30);
    expect(broker.settings.profile).not.toBe(DISCOUNT_BROKER);
  });
});

describe('a saved trade back into the form', () => {
  it('gives the values that save the same trade again', () => {
    const saved = manualTradeRow(suzlon, DEFAULT_CHARGE_PROFILE, now);
    if (!saved.ok) throw new Error('expected a row');
    const row = saved.row;
    const trade = {
      exchange: row.exchange,
      segment: row.segment,
      product: row.product,
      side: row.side,
      symbol: row.symbol,
      underlying: row.underlying,
      expiry: row.expiry,
      strike: row.strike,
      optionType: row.option_type,
      lotSize: row.lot_size,
      quantity: row.quantity,
      entryPrice: row.avg_entry_price,
      exitPrice: row.avg_exit_price,
      entryTime: row.entry_time,
      exitTime: row.exit_time,
      stopLoss: row.stop_loss,
      target: row.target,
      playbookId: row.playbook_id,
      tags: saved.tags,
      emotionsBefore: [],
      emotionsAfter: [],
      mistakes: [],
      rating: row.rating,
      notes: row.notes,
    } as unknown as JournalTrade;
    const values = valuesFromTrade(trade);
    expect(values).toMatchObject({ symbol: 'SUZLON', quantity: '450', entryPrice: '67.5', exitPrice: '70' });
    expect([values.entryAt, values.exitAt]).toEqual(['2026-11-20T10:22', '2026-11-20T14:05']);
    const again = manualTradeRow(values, DEFAULT_CHARGE_PROFILE, now);
    expect(again.ok && again.row).toEqual(row);
  });
});
