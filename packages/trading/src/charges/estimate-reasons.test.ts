import { describe, expect, it } from 'vitest';
import { describeEstimate, type EstimateReason, estimateFix, mergeReasons } from './estimate-reasons';
import { CHARGE_RATES, rateSetOn } from './rates';

describe('describeEstimate', () => {
  it.each<[EstimateReason, string]>([
    [{ kind: 'stamp-state-unset' }, "stamp duty at Maharashtra's rate (your state is not set)"],
    [
      { kind: 'stamp-state-unpublished', state: 'BR' },
      "stamp duty at Maharashtra's rate (no published rates were found for Bihar)",
    ],
    [
      { kind: 'stamp-commodity-by-quantity', state: 'TN' },
      'no stamp duty on commodities (Tamil Nadu charged it by quantity, which is not worked out here)',
    ],
    [{ kind: 'before-tables', from: '2018-04-01' }, 'charges at the rates of 1 Apr 2018 (our rate tables start there)'],
    [
      {
        kind: 'unsourced-rate',
        line: 'transaction',
        exchange: 'BSE',
        segment: 'futures',
        value: 0,
        until: '2019-08-20',
      },
      'the BSE futures transaction charge taken as nil (no published rate was found before 20 Aug 2019)',
    ],
    [{ kind: 'dp-no-profile' }, "the DP charge at Zerodha's rate for the day (your broker charges are not set)"],
    [
      { kind: 'dp-before-own', from: '2026-12-03' },
      "the DP charge at Zerodha's rate for the day (your own applies to sales from 3 Dec 2026)",
    ],
  ])('says %j as %s', (reason, text) => {
    expect(describeEstimate(reason)).toBe(text);
  });

  it('names where the trader gives what was assumed: the state, or their broker charges', () => {
    expect(estimateFix({ kind: 'stamp-state-unset' })).toBe('state');
    expect(estimateFix({ kind: 'dp-no-profile' })).toBe('broker-charges');
    expect(estimateFix({ kind: 'before-tables', from: '2018-04-01' })).toBeNull();
  });
});

describe('mergeReasons', () => {
  it('keeps each reason once, in first-seen order', () => {
    const a: EstimateReason[] = [{ kind: 'stamp-state-unset' }, { kind: 'before-tables', from: '2018-04-01' }];
    const b: EstimateReason[] = [{ kind: 'before-tables', from: '2018-04-01' }, { kind: 'dp-no-profile' }];
    expect(mergeReasons(a, b)).toEqual([...a, { kind: 'dp-no-profile' }]);
    expect(mergeReasons(a, [])).toBe(a);
  });
});

describe('the reasons the rate tables give', () => {
  it('are none inside the tables with a sourced state, whatever the date from 1 Apr 2018', () => {
    for (const set of CHARGE_RATES) {
      const applied = rateSetOn(set.effectiveFrom, CHARGE_RATES, { state: 'MH' });
      expect(applied.estimates, set.effectiveFrom).toEqual([]);
      expect(applied.rates.NSE['equity-delivery'].estimates, set.effectiveFrom).toEqual([]);
    }
  });

  it('say the state is not set before 1 Jul 2020 only, and that a date before 1 Apr 2018 is outside', () => {
    expect(rateSetOn('2020-06-30').estimates).toEqual([{ kind: 'stamp-state-unset' }]);
    expect(rateSetOn('2020-07-01').estimates).toEqual([]);
    expect(rateSetOn('2017-12-15', CHARGE_RATES, { state: 'KA' }).estimates).toEqual([
      { kind: 'before-tables', from: '2018-04-01' },
    ]);
  });
});
