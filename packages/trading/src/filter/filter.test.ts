import { describe, expect, it } from 'vitest';
import { type FilterableTrade, filterTrades, isEmptyFilter, outcomeOf } from './filter';

const trade = (over: Partial<FilterableTrade> & { id: string }): FilterableTrade & { id: string } => ({
  tradeDate: '2026-11-02',
  segment: 'equity',
  symbol: 'RELIANCE',
  tags: [],
  netPnl: 100,
  ...over,
});

const journal = [
  trade({ id: 'a', tradeDate: '2026-11-02', symbol: 'RELIANCE', netPnl: 1200, tags: ['A+ setup'] }),
  trade({
    id: 'b',
    tradeDate: '2026-11-03',
    segment: 'options',
    symbol: 'NIFTY25NOV26200CE',
    underlying: 'NIFTY',
    netPnl: -450,
    playbookId: 'pb1',
    notes: 'Chased the breakout',
  }),
  trade({
    id: 'c',
    tradeDate: '2026-11-04',
    segment: 'futures',
    symbol: 'NIFTY25NOVFUT',
    underlying: 'NIFTY',
    netPnl: 0,
  }),
  trade({ id: 'd', tradeDate: '2026-11-05', symbol: 'TCS', netPnl: null, playbookId: 'pb1', tags: ['Swing'] }),
];
const ids = (filter: Parameters<typeof filterTrades>[1]) => filterTrades(journal, filter).map((t) => t.id);

describe('trade filters', () => {
  it('keeps every trade for an empty filter', () => {
    expect(ids({})).toEqual(['a', 'b', 'c', 'd']);
    expect(isEmptyFilter({ segments: [], search: '' })).toBe(true);
    expect(isEmptyFilter({ outcome: 'win' })).toBe(false);
  });
  it('takes IST trade dates inclusive at both ends', () => {
    expect(ids({ from: '2026-11-03', to: '2026-11-04' })).toEqual(['b', 'c']);
  });
  it('matches a symbol or its underlying, in any case', () => {
    expect(ids({ symbol: 'nifty' })).toEqual(['b', 'c']);
    expect(ids({ symbol: 'RELIANCE' })).toEqual(['a']);
  });
  it('filters by segment, playbook (or none), tag and outcome', () => {
    expect(ids({ segments: ['options', 'futures'] })).toEqual(['b', 'c']);
    expect(ids({ playbookId: 'pb1' })).toEqual(['b', 'd']);
    expect(ids({ playbookId: 'none' })).toEqual(['a', 'c']);
    expect(ids({ tag: 'a+ SETUP' })).toEqual(['a']);
    expect(ids({ outcome: 'win' })).toEqual(['a']);
    expect(ids({ outcome: 'loss' })).toEqual(['b']);
    expect(ids({ outcome: 'breakeven' })).toEqual(['c']);
    expect(ids({ outcome: 'open' })).toEqual(['d']);
  });
  it('searches symbol, underlying and notes', () => {
    expect(ids({ search: 'breakout' })).toEqual(['b']);
    expect(ids({ search: 'nif' })).toEqual(['b', 'c']);
  });
  it('names the outcome of a P&L', () => {
    expect([outcomeOf(1), outcomeOf(-1), outcomeOf(0), outcomeOf(null)]).toEqual(['win', 'loss', 'breakeven', 'open']);
  });
});
