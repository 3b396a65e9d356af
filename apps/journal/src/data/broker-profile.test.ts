import { estimateCharges } from '@bahi/trading';
import { describe, expect, it } from 'vitest';
import {
  type BrokerProfileRow,
  brokerChargesPayload,
  brokerChargesValues,
  DEFAULT_BROKER_CHARGES,
  toChargeProfile,
} from './broker-profile';

const row: BrokerProfileRow = {
  id: 'bp1',
  name: 'ICICI Direct',
  broker: 'icici',
  delivery_brokerage_pct: '0.25',
  delivery_brokerage_cap: null,
  intraday_brokerage_pct: '0.03',
  intraday_brokerage_cap: '20.00',
  futures_brokerage_pct: '0',
  futures_brokerage_cap: '20.00',
  options_brokerage_per_order: '0',
  dp_charge_per_sell: '18.50',
  dp_charge_includes_gst: false,
  residence_state: 'KA',
};

describe('toChargeProfile', () => {
  it('turns the numeric columns into brokerage rules, the DP charge as stated and the state', () => {
    const { id, settings } = toChargeProfile(row);
    const profile = settings.profile!;
    expect(id).toBe('bp1');
    expect(profile.dp).toEqual({ amount: 18.5, includesGst: false });
    expect(settings.state).toBe('KA');
    expect(profile.brokerage['equity-intraday']).toEqual({ kind: 'percent-capped', rate: 3000, capPerOrder: 20 });
    expect(profile.brokerage.futures).toEqual({ kind: 'free' });
    expect(profile.brokerage.options).toEqual({ kind: 'free' });
  });

  it("dates the trader's DP charge from the day they set it, and marks Zerodha's before it as assumed for another broker", () => {
    const icici = toChargeProfile({ ...row, dp_charge_from: '2026-12-03' }).settings.profile!;
    expect(icici.dp).toEqual({ amount: 18.5, includesGst: false, from: '2026-12-03' });
    expect(icici.dpAssumed).toBe('other-broker');
    const zerodha = toChargeProfile({ ...row, broker: 'zerodha', dp_charge_from: new Date('2026-12-03T00:00:00Z') });
    expect(zerodha.settings.profile!.dp?.from).toBe('2026-12-03');
    expect(zerodha.settings.profile!.dpAssumed).toBeUndefined();
  });

  it('applies a percentage with no cap in full', () => {
    const profile = toChargeProfile(row).settings.profile;
    // 0.25% of ₹1,40,000 = ₹350, uncapped.
    const charges = estimateCharges(
      {
        exchange: 'NSE',
        segment: 'equity-delivery',
        tradeDate: '2026-11-20',
        legs: [{ side: 'buy', quantity: 100, price: 1400 }],
      },
      profile,
    );
    expect(charges.brokerage).toBe(350);
  });
});

describe('the broker charges card', () => {
  it('fills the fields from the saved profile, or the discount-broker schedule when there is none', () => {
    expect(brokerChargesValues(null)).toEqual(DEFAULT_BROKER_CHARGES);
    expect(brokerChargesValues(row)).toEqual({
      broker: 'icici',
      intradayPct: '0.03',
      intradayCap: '20',
      deliveryPct: '0.25',
      deliveryCap: '',
      futuresPct: '0',
      futuresCap: '20',
      optionsPerOrder: '0',
      dpPerSell: '18.5',
      dpIncludesGst: false,
      residenceState: 'KA',
    });
  });

  it('builds the row to save, a blank cap meaning no cap', () => {
    expect(
      brokerChargesPayload({ ...DEFAULT_BROKER_CHARGES, broker: 'dhan', dpPerSell: '13.5', dpIncludesGst: false }),
    ).toEqual({
      ok: true,
      row: {
        name: 'Dhan',
        broker: 'dhan',
        intraday_brokerage_pct: 0.03,
        intraday_brokerage_cap: 20,
        delivery_brokerage_pct: 0,
        delivery_brokerage_cap: null,
        futures_brokerage_pct: 0.03,
        futures_brokerage_cap: 20,
        options_brokerage_per_order: 20,
        dp_charge_per_sell: 13.5,
        dp_charge_includes_gst: false,
        residence_state: null,
      },
    });
  });

  it('puts an error on each field that is not a sensible number', () => {
    expect(
      brokerChargesPayload({ ...DEFAULT_BROKER_CHARGES, intradayPct: '20', futuresCap: '-1', optionsPerOrder: '' }),
    ).toEqual({
      ok: false,
      errors: {
        intradayPct: 'At most 5%: brokerage is a small share of turnover.',
        futuresCap: 'Enter zero or a positive number.',
        optionsPerOrder: 'Enter a number (0 for none).',
      },
    });
  });
});
