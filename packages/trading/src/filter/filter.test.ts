import { describe, expect, it } from 'vitest';
import { type FilterableTrade, filterTrades, isEmptyFilter, outcomeOf } from './filter';

const trade = (over: Partial<FilterableTrade> & { id: string }): FilterableTrade & { id: string } => ({
  entryDate: '2026-11-02',
  exitDate: '2026-11-02',
  segment: 'equity',
  symbol: 'RELIANCE',
  tags: [],
  netPnl: 100,
  ...over,
});

const journal = [
  trade({ id: 'a', symbol: 'RELIANCE', netPnl: 1200, tags: ['A+ setup'] }),
  trade({
    id: 'b',
    entryDate: '2026-10-30',
    exitDate: '2026-11-03',
    segment: 'options',
    symbol: 'NIFTY25NOV26200CE',
    underlying: 'NIFTY',
    netPnl: -450,
    playbookId: 'pb1',
    notes: 'Chased the breakout',
  }),
  trade({
    id: 'c',
    entryDate: '2026-11-04',
    exitDate: '2026-11-06',
    segment: 'futures',
    symbol: 'NIFTY25NOVFUT',
    underlying: 'NIFTY',
    netPnl: 0,
  }),
  trade({
    id: 'd',
    entryDate: '2026-11-05',
    exitDate: null,
    symbol: 'TCS',
    netPnl: null,
    playbookId: 'pb1',
    tags: ['Swing'],
  }),
];
const ids = (filter: Parameters<typeof filterTrades>[1]) => filterTrades(journal, filter).map((t) => t.id);

describe('trade filters', () => {
  it('keeps every trade for an empty filter', () => {
    expect(ids({})).toEqual(['a', 'b', 'c', 'd']);
    expect(isEmptyFilter({ segments: [], search: '' })).toBe(true);
    expect(isEmptyFilter({ outcome: 'win' })).toBe(false);
    // which day the dates read narrows nothing without dates
    expect(isEmptyFilter({ dateBy: 'entry' })).toBe(true);
  });
  // a: 2 Nov → 2 Nov; b: 30 Oct → 3 Nov; c: 4 Nov → 6 Nov; d: entered 5 Nov, still open
  it('dates a trade by its IST exit day, inclusive at both ends; an open one by its entry day', () => {
    expect(ids({ from: '2026-11-03', to: '2026-11-04' })).toEqual(['b']);
    expect(ids({ from: '2026-11-05', to: '2026-11-06' })).toEqual(['c', 'd']);
    expect(ids({ to: '2026-11-02' })).toEqual(['a']);
    expect(ids({ from: '2026-11-01', to: '2026-11-30', dateBy: 'exit' })).toEqual(['a', 'b', 'c', 'd']);
  });
  it('dates by the IST entry day when asked', () => {
    expect(ids({ from: '2026-11-03', to: '2026-11-04', dateBy: 'entry' })).toEqual(['c']);
    expect(ids({ to: '2026-10-31', dateBy: 'entry' })).toEqual(['b']);
    expect(ids({ from: '2026-11-05', dateBy: 'entry' })).toEqual(['d']);
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
    // A sale with no cost basis is not open: it has exited, its P&L is just unknown.
    const missing = trade({ id: 'm', symbol: 'INFY', netPnl: null, status: 'missing_cost' });
    expect(filterTrades([...journal, missing], { outcome: 'open' }).map((t) => t.id)).toEqual(['d']);
    expect(filterTrades([...journal, missing], { symbol: 'INFY' }).map((t) => t.id)).toEqual(['m']);
  });
  it('searches symbol, underlying and notes', () => {
    expect(ids({ search: 'breakout' })).toEqual(['b']);
    expect(ids({ search: 'nif' })).toEqual(['b', 'c']);
  });
  it('names the outcome of a P&L', () => {
    expect([outcomeOf(1), outcomeOf(-1), outcomeOf(0), outcomeOf(null)]).toEqual(['win', 'loss', 'breakeven', 'open']);
  });
});
