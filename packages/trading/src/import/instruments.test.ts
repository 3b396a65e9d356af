import { describe, expect, it } from 'vitest';
import type { CorporateAction } from './corporate-actions';
import { instrumentKeys } from './instruments';
import type { Fill } from './types';

const share = (symbol: string, isin: string | null, extra: Partial<Fill> = {}): Fill => ({
  broker: 'zerodha',
  tradeId: null,
  orderId: null,
  exchange: 'NSE',
  segment: 'equity',
  symbol,
  isin,
  underlying: null,
  expiry: null,
  strike: null,
  optionType: null,
  side: 'buy',
  quantity: 1,
  price: 100,
  executedAt: '2025-01-01T10:00:00+05:30',
  fees: null,
  row: 0,
  ...extra,
});

describe('instrumentKeys', () => {
  it('makes a renamed share one instrument by its ISIN, keyed by the ISIN', () => {
    const bought = share('GET&D-BE', 'INE200A01026');
    const sold = share('GVT&D', 'INE200A01026');
    const keys = instrumentKeys([bought, sold]);
    expect(keys.of(bought)).toBe('zerodha|EQ|I:INE200A01026');
    expect(keys.of(sold)).toBe(keys.of(bought));
  });

  it("gives a fill without an ISIN the share its symbol's other fills name, in either order", () => {
    const typed = share('GVT&D', null, { opening: true });
    const sold = share('GVT&D', 'INE200A01026');
    const old = share('GET&D', 'INE200A01026');
    for (const fills of [
      [typed, sold, old],
      [old, sold, typed],
    ]) {
      const keys = instrumentKeys(fills);
      expect(new Set(fills.map(keys.of))).toEqual(new Set(['zerodha|EQ|I:INE200A01026']));
    }
    // Alone, a symbol is its own instrument.
    expect(instrumentKeys([typed]).of(typed)).toBe('zerodha|EQ|S:GVT&D');
  });

  it('keeps a symbol whose ISIN changed (a split of the face value) one share, and other shares apart', () => {
    const before = share('IRCTC', 'INE335Y01012');
    const after = share('IRCTC', 'INE335Y01020');
    const other = share('INFY', 'INE009A01021');
    const keys = instrumentKeys([before, after, other]);
    expect(keys.of(after)).toBe(keys.of(before));
    expect(keys.of(other)).not.toBe(keys.of(before));
  });

  it('keeps brokers apart, and contracts per venue and expiry', () => {
    const zerodha = share('INFY', 'INE009A01021');
    const dhan = share('INFY', null, { broker: 'dhan' });
    const future = share('INFY25JUNFUT', null, { segment: 'futures', underlying: 'INFY', expiry: '2025-06-26' });
    const keys = instrumentKeys([zerodha, dhan, future]);
    expect(keys.of(dhan)).toBe('dhan|EQ|S:INFY');
    expect(keys.of(zerodha)).not.toBe(keys.of(dhan));
    expect(keys.of(future)).toBe('zerodha|NSE|INFY25JUNFUT|2025-06-26');
  });

  it("links a demerger's or merger's two shares into one family, each still its own instrument", () => {
    const star = share('STAR', 'INE939A01011');
    const onesource = share('ONESOURCE', 'INE013P01021', { side: 'sell' });
    const infy = share('INFY', 'INE009A01021');
    const demerger: CorporateAction = {
      symbol: 'STAR',
      kind: 'demerger',
      from: 2,
      to: 1,
      exDate: '2024-12-06',
      newSymbol: 'ONESOURCE',
      newIsin: 'INE013P01021',
      costPercent: 10.65,
    };
    const keys = instrumentKeys([star, onesource, infy], [demerger]);
    expect(keys.of(star)).not.toBe(keys.of(onesource));
    expect(keys.familyOf(onesource)).toBe(keys.familyOf(star));
    expect(keys.familyOf(infy)).toBe(keys.of(infy));
    expect(keys.actionShares(demerger)).toEqual([
      {
        broker: 'zerodha',
        source: keys.of(star),
        target: keys.of(onesource),
        family: keys.familyOf(star),
      },
    ]);
    // A split names no new share; an action on a share the journal does not hold applies nowhere.
    expect(keys.actionShares({ symbol: 'INFY', kind: 'split', from: 1, to: 2, exDate: '2025-01-01' })).toEqual([
      { broker: 'zerodha', source: keys.of(infy), target: null, family: keys.of(infy) },
    ]);
    expect(keys.actionShares({ symbol: 'TCS', kind: 'split', from: 1, to: 2, exDate: '2025-01-01' })).toEqual([]);
  });

  it('finds a statement line by its ISIN under a new name, or by its symbol', () => {
    const keys = instrumentKeys([share('GET&D-BE', 'INE200A01026')]);
    expect(keys.shareOf('zerodha', 'GVT&D', 'INE200A01026')).toBe('zerodha|EQ|I:INE200A01026');
    expect(keys.shareOf('zerodha', 'GET&D', null)).toBe('zerodha|EQ|I:INE200A01026');
    expect(keys.shareOf('zerodha', 'GVT&D', null)).toBeNull();
    expect(keys.shareOf('dhan', 'GET&D', null)).toBeNull();
  });
});
