import { describe, expect, it, vi } from 'vitest';
import type { JournalTrade, Playbook } from '../data/journal-data';
import { neighbours, type TradeDetail, toTradeReview } from './trade-review-data';

// Only the pure mapping is tested here; keep the real client (and its config check) out of a unit test.
vi.mock('../data/supabase', () => ({ supabase: {} }));

// NIFTY 24500 CE, 130 bought at 112.50 at 09:30 IST and sold at 140.25 at 12:00 IST, stop 100.
// Gross 130 × 27.75 = 3,607.50; charges 40.00 + 18.23 + 11.51 + 9.28 + 0.44 + 0.03 = 79.49; net 3,528.01.
const base: JournalTrade = {
  id: 't1',
  exchange: 'NSE',
  segment: 'options',
  product: 'intraday',
  symbol: 'NIFTY26AUG24500CE',
  underlying: 'NIFTY',
  expiry: '2026-08-25',
  strike: 24500,
  optionType: 'CE',
  lotSize: 65,
  side: 'long',
  quantity: 130,
  entryPrice: 112.5,
  exitPrice: 140.25,
  entryTime: '2026-08-03T04:00:00Z',
  exitTime: '2026-08-03T06:30:00Z',
  entryDate: '2026-08-03',
  exitDate: '2026-08-03',
  status: 'closed',
  grossPnl: 3607.5,
  charges: 79.49,
  chargesBreakdown: {
    brokerage: 40,
    stt: 18.23,
    exchange_txn: 11.51,
    gst: 9.28,
    stamp_duty: 0.44,
    sebi: 0.03,
    total: 79.49,
  },
  chargesSource: 'broker',
  netPnl: 3528.01,
  stopLoss: 100,
  target: 150,
  playbookId: 'pb-orb',
  playbookName: 'Opening range breakout',
  brokerProfileId: null,
  emotionsBefore: ['calm'],
  emotionsAfter: ['satisfied'],
  mistakes: [],
  rating: 4,
  notes: 'Waited for the range to break.',
  importSource: 'zerodha',
  importId: 'i1',
  tags: ['expiry'],
  tagIds: ['tag1'],
};

const playbook: Playbook = {
  id: 'pb-orb',
  name: 'Opening range breakout',
  description: null,
  rules: [
    { id: 'r1', text: 'Wait for the 15-minute range' },
    { id: 'r2', text: 'Stop below the range' },
    { id: 'r3', text: 'Out by 15:00' },
  ],
  markets: [],
  timeframes: [],
  isArchived: false,
  createdAt: '2026-01-01T00:00:00Z',
};

const detail: TradeDetail = {
  fills: [],
  checks: [
    { playbookId: 'pb-orb', ruleId: 'r1', followed: true },
    { playbookId: 'pb-orb', ruleId: 'r2', followed: false },
    // Ticked under a playbook the trade no longer has: not this checklist's.
    { playbookId: 'pb-old', ruleId: 'r3', followed: true },
  ],
};

describe('toTradeReview', () => {
  it('gives the figures of the journal row, the R to the stop and the charges line by line', () => {
    const review = toTradeReview(base, detail, playbook, []);
    expect(review.netPnl).toBe(3528.01);
    expect(review.grossPnl).toBe(3607.5);
    // (140.25 − 112.50) / (112.50 − 100) = 2.22R.
    expect(review.rMultiple).toBeCloseTo(2.22, 10);
    expect(review.chargeLines).toEqual([
      { label: 'Brokerage', amount: 40 },
      { label: 'STT', amount: 18.23 },
      { label: 'Exchange transaction', amount: 11.51 },
      { label: 'GST', amount: 9.28 },
      { label: 'Stamp duty', amount: 0.44 },
      { label: 'SEBI fee', amount: 0.03 },
    ]);
    expect(review.chargeLines.reduce((sum, l) => sum + l.amount, 0)).toBeCloseTo(review.charges, 10);
  });

  it('ticks the checklist only with checks made under the trade’s own playbook', () => {
    const review = toTradeReview(base, detail, playbook, []);
    expect(review.playbook).toEqual({
      name: 'Opening range breakout',
      rules: [
        { id: 'r1', text: 'Wait for the 15-minute range', followed: true },
        { id: 'r2', text: 'Stop below the range', followed: false },
        { id: 'r3', text: 'Out by 15:00', followed: null },
      ],
    });
    expect(toTradeReview({ ...base, playbookId: null }, detail, undefined, []).playbook).toBeNull();
  });

  it('has no R while open, without a stop, or with the stop on the wrong side', () => {
    const open = { ...base, status: 'open' as const, exitPrice: null, exitTime: null, netPnl: null, grossPnl: null };
    expect(toTradeReview(open, detail, playbook, []).rMultiple).toBeNull();
    expect(toTradeReview({ ...base, stopLoss: null }, detail, playbook, []).rMultiple).toBeNull();
    expect(toTradeReview({ ...base, stopLoss: 120 }, detail, playbook, []).rMultiple).toBeNull();
    // A short from 1,510 with its stop at 1,530, covered at 1,490: 20 / 20 = 1R.
    const short = { ...base, side: 'short' as const, entryPrice: 1510, exitPrice: 1490, stopLoss: 1530 };
    expect(toTradeReview(short, detail, playbook, []).rMultiple).toBe(1);
  });
});

describe('neighbours', () => {
  const at = (id: string, entryTime: string) => ({ ...base, id, symbol: id.toUpperCase(), entryTime });
  // The journal's order: newest entry first.
  const list = [at('c', '2026-08-05T04:30:00Z'), at('b', '2026-08-04T05:10:00Z'), at('a', '2026-08-03T03:50:00Z')];

  it('gives the trade entered before as previous and the one entered after as next', () => {
    expect(neighbours(list, 'b')).toEqual({
      previous: { id: 'a', label: 'A, 3 Aug 2026, 09:20' },
      next: { id: 'c', label: 'C, 5 Aug 2026, 10:00' },
    });
  });

  it('has no previous for the first trade, no next for the last, and none outside the list', () => {
    expect(neighbours(list, 'a')).toEqual({ previous: undefined, next: { id: 'b', label: 'B, 4 Aug 2026, 10:40' } });
    expect(neighbours(list, 'c').next).toBeUndefined();
    expect(neighbours(list, 'gone')).toEqual({});
  });
});
