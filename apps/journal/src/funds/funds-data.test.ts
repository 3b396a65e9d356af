import { describe, expect, it } from 'vitest';
import type { JournalTrade } from '../data/journal-data';
import {
  capitalSeries,
  type FundMovement,
  financialYear,
  fundsSummary,
  returnOnCapital,
  validateFundForm,
} from './funds-data';

const january: FundMovement[] = [
  { id: 'a', kind: 'deposit', amount: 100_000, occurredOn: '2026-01-01', note: null },
  { id: 'b', kind: 'deposit', amount: 50_000, occurredOn: '2026-01-21', note: null },
  { id: 'c', kind: 'withdrawal', amount: 20_000, occurredOn: '2026-01-31', note: null },
];
const pnl = [
  { date: '2026-01-10', netPnl: 3_000 },
  { date: '2026-01-25', netPnl: -1_000 },
];

describe('capitalSeries', () => {
  it('adds movements and realised P&L day by day', () => {
    expect(capitalSeries(january, pnl)).toEqual([
      { date: '2026-01-01', netDeposits: 100_000, tradingPnl: 0, capital: 100_000 },
      { date: '2026-01-10', netDeposits: 100_000, tradingPnl: 3_000, capital: 103_000 },
      { date: '2026-01-21', netDeposits: 150_000, tradingPnl: 3_000, capital: 153_000 },
      { date: '2026-01-25', netDeposits: 150_000, tradingPnl: 2_000, capital: 152_000 },
      { date: '2026-01-31', netDeposits: 130_000, tradingPnl: 2_000, capital: 132_000 },
    ]);
  });

  it('takes an adjustment with its sign', () => {
    const fee: FundMovement = { id: 'd', kind: 'adjustment', amount: -354, occurredOn: '2026-01-02', note: 'AMC' };
    expect(capitalSeries([january[0]!, fee], []).at(-1)?.capital).toBe(99_646);
  });
});

describe('returnOnCapital (Modified Dietz)', () => {
  it('weights each movement by the days it was in the account', () => {
    // 31 days. Weighted capital = 1,00,000 × 31/31 + 50,000 × 11/31 − 20,000 × 1/31 = 36,30,000 / 31.
    // Gain 3,000 − 1,000 = 2,000, so the return is 2,000 × 31 / 36,30,000 = 0.0170798…
    const r = returnOnCapital(january, pnl, '2026-01-01', '2026-01-31');
    expect(r.value).toBeCloseTo(62_000 / 3_630_000, 10);
    expect(r.netPnl).toBe(2_000);
    expect(r.averageCapital).toBe(117_096.77);
    expect(r.trades).toBe(2);
  });

  it('counts what came before the period as opening capital', () => {
    // Opening 1,00,000 + 3,000 of P&L before 11 Jan; from 11 to 20 Jan nothing moves and nothing is earned.
    const r = returnOnCapital(january, pnl, '2026-01-11', '2026-01-20');
    expect(r.averageCapital).toBe(103_000);
    expect(r.value).toBe(0);
  });

  it('has no return without capital', () => {
    expect(returnOnCapital([], pnl, '2026-01-01', '2026-01-31').value).toBeNull();
  });
});

describe('fundsSummary', () => {
  /** A trade closed on `exitDate` (the database's IST day of its exit time), or an open one. */
  const trade = (exitDate: string | null, netPnl: number | null, status: 'open' | 'closed' = 'closed') =>
    ({ status, exitDate, netPnl }) as JournalTrade;

  it('totals each kind and books P&L on the IST exit day', () => {
    const { summary, capital } = fundsSummary(
      [...january, { id: 'd', kind: 'adjustment', amount: -354, occurredOn: '2026-01-05', note: null }],
      // Closed at 20:00 UTC on 9 Jan, which is 01:30 on 10 Jan in India: the database dates it 10 Jan.
      [trade('2026-01-10', 3_000), trade('2026-01-25', -1_000), trade(null, null, 'open')],
      '2026-01-31',
    );
    expect(summary.deposits).toEqual({ total: 150_000, count: 2 });
    expect(summary.withdrawals).toEqual({ total: 20_000, count: 1 });
    expect(summary.adjustments).toEqual({ total: -354, count: 1 });
    expect(summary.netCapitalIn).toBe(129_646);
    expect(summary.tradingPnl).toEqual({ value: 2_000, trades: 2 });
    expect(summary.currentCapital).toBe(131_646);
    expect(capital.map((p) => p.date)).toContain('2026-01-10');
    expect(summary.returns).toHaveLength(1);
    expect(summary.returns[0]).toMatchObject({ label: 'Since you started', from: '2026-01-01', to: '2026-01-31' });
  });
});

describe('financial year', () => {
  it('runs April to March', () => {
    expect(financialYear('2026-11-21')).toEqual({ label: 'FY 2026–27', from: '2026-04-01' });
    expect(financialYear('2027-03-31')).toEqual({ label: 'FY 2026–27', from: '2026-04-01' });
    expect(financialYear('2026-04-01')).toEqual({ label: 'FY 2026–27', from: '2026-04-01' });
  });

  it('adds the financial year when the journal began before it', () => {
    // 1,00,000 from 1 Jan; +3,000 on 10 Jan (FY 2025–26); +2,000 on 10 Apr (FY 2026–27), today 30 Apr.
    const { summary } = fundsSummary(
      [january[0]!],
      [
        { status: 'closed', exitDate: '2026-01-10', netPnl: 3_000 } as JournalTrade,
        { status: 'closed', exitDate: '2026-04-10', netPnl: 2_000 } as JournalTrade,
      ],
      '2026-04-30',
    );
    expect(summary.returns.map((r) => r.label)).toEqual(['Since you started', 'FY 2026–27']);
    // In the year: opening capital 1,03,000, no movements, P&L 2,000 → 2,000 ÷ 1,03,000.
    expect(summary.returns[1]).toMatchObject({ from: '2026-04-01', to: '2026-04-30', averageCapital: 103_000 });
    expect(summary.returns[1]?.value).toBeCloseTo(2_000 / 103_000, 10);
  });
});

describe('validateFundForm', () => {
  const today = '2026-11-21';
  it('reads Indian-grouped amounts', () => {
    const r = validateFundForm(
      { kind: 'deposit', amount: '₹1,00,000.50', occurredOn: '2026-11-01', note: ' x ' },
      today,
    );
    expect(r).toEqual({
      ok: true,
      movement: { kind: 'deposit', amount: 100_000.5, occurredOn: '2026-11-01', note: 'x' },
    });
  });

  it('refuses a negative deposit, a zero adjustment, paise beyond two places and a future date', () => {
    const bad = (kind: 'deposit' | 'withdrawal' | 'adjustment', amount: string, occurredOn = '2026-11-01') => {
      const r = validateFundForm({ kind, amount, occurredOn, note: '' }, today);
      return r.ok ? {} : r.errors;
    };
    expect(bad('deposit', '-500').amount).toBe('A deposit is a positive amount; use an adjustment for a correction.');
    expect(bad('adjustment', '0').amount).toBe('An adjustment cannot be zero.');
    expect(bad('withdrawal', '10.505').amount).toBe('Enter an amount in rupees, with at most two decimals (paise).');
    expect(bad('deposit', '').amount).toBe('Enter the amount.');
    expect(bad('deposit', '100', '2026-11-22').occurredOn).toBe('The date cannot be in the future.');
    expect(bad('deposit', '100', '').occurredOn).toBe('Enter the date it happened.');
    expect(bad('adjustment', '-354')).toEqual({});
  });
});
