import { describe, expect, it } from 'vitest';
import { shiftMonth } from './calendar';
import { chargesShare, equityPoints } from './dashboard';
import { count, ofTrades, percent, profitFactor } from './stat-format';

describe('statistics as the screens write them', () => {
  it('rounds rates to whole percent and says "—" without a sample', () => {
    expect(percent({ value: 11 / 18 })).toBe('61%');
    expect(percent({ value: null })).toBe('—');
  });

  it('writes a profit factor, ∞ with wins and no losses, — with neither', () => {
    expect(profitFactor({ value: 19_100 / 7_560, n: 12 }, 6)).toBe('2.53');
    expect(profitFactor({ value: null, n: 3 }, 3)).toBe('∞');
    expect(profitFactor({ value: null, n: 0 }, 0)).toBe('—');
  });

  it('counts with Indian digit grouping and the right plural', () => {
    expect(count(1, 'trade')).toBe('1 trade');
    expect(count(100_000, 'trade')).toBe('1,00,000 trades');
    expect(count(2, 'loss', 'losses')).toBe('2 losses');
    expect(ofTrades(11, 18)).toBe('11 of 18 trades');
  });
});

describe('chargesShare', () => {
  it('gives the share of gross profit that charges took', () => {
    // ₹600 of charges on ₹12,140 gross: 4.9%, shown as 5%.
    expect(chargesShare({ grossPnl: { value: 12_140, n: 12 }, charges: { value: 600, n: 12 } })).toBe(
      '5% of your gross profit',
    );
  });

  it('says charges deepened a gross loss rather than a negative share', () => {
    expect(chargesShare({ grossPnl: { value: -2_000, n: 3 }, charges: { value: 60, n: 3 } })).toBe(
      'on top of a gross loss',
    );
    expect(chargesShare({ grossPnl: { value: null, n: 0 }, charges: { value: null, n: 0 } })).toBe(
      'No charges recorded',
    );
  });
});

describe('shiftMonth', () => {
  it('crosses year ends both ways', () => {
    expect(shiftMonth('2026-01', -1)).toBe('2025-12');
    expect(shiftMonth('2026-12', 1)).toBe('2027-01');
    expect(shiftMonth('2026-11', 0)).toBe('2026-11');
  });
});

describe('equityPoints', () => {
  const day = (date: string, equity: number) => ({ date, netPnl: 0, trades: 1, equity });

  it('keeps every day of a short period', () => {
    expect(equityPoints([day('2026-01-01', 100), day('2026-01-02', 60)], 2)).toEqual([
      { date: '2026-01-01', equity: 100 },
      { date: '2026-01-02', equity: 60 },
    ]);
  });

  it("keeps each week's last close when there are too many days", () => {
    // Thu 1 and Fri 2 Jan 2026 close one week, Mon 5 and Tue 6 Jan the next.
    const days = [day('2026-01-01', 100), day('2026-01-02', 60), day('2026-01-05', 90), day('2026-01-06', 40)];
    expect(equityPoints(days, 3)).toEqual([
      { date: '2026-01-02', equity: 60 },
      { date: '2026-01-06', equity: 40 },
    ]);
  });
});
