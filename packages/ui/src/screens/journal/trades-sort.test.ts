import { describe, expect, it } from 'vitest';
import { sortTrades, type TradeListRow } from './trades';

const row = (id: string, entryTime: string, symbol: string, netPnl: number | null): TradeListRow => ({
  id,
  entryTime,
  exitTime: netPnl === null ? null : entryTime,
  symbol,
  underlying: null,
  segment: 'equity',
  product: 'intraday',
  side: 'long',
  quantity: 1,
  entryPrice: 100,
  exitPrice: netPnl === null ? null : 100,
  status: netPnl === null ? 'open' : 'closed',
  charges: 0,
  netPnl,
  playbook: null,
  tags: [],
});

// 05:00 UTC is 10:30 IST: written with another offset, trade a is still the latest, though its text sorts first.
const trades = [
  row('a', '2026-11-18T05:00:00+00:00', 'NIFTY 10', 500),
  row('b', '2026-11-18T09:45:00+05:30', 'NIFTY 9', -200),
  row('c', '2026-11-17T10:00:00+05:30', 'INFY', null),
  row('d', '2026-11-18T09:30:00+05:30', 'INFY', 500),
];
const ids = (rows: TradeListRow[]) => rows.map((t) => t.id).join('');

describe('sortTrades', () => {
  it('sorts by entry time as a time, whatever the offset it is written with', () => {
    expect(ids(sortTrades(trades, { key: 'entryTime', direction: 'desc' }))).toBe('abdc');
    expect(ids(sortTrades(trades, { key: 'entryTime', direction: 'asc' }))).toBe('cdba');
  });

  it('sorts symbols as a trader reads them, numbers by value, ties newest entry first', () => {
    // The two INFY trades (17 and 18 Nov) tie: the newer first, both ways round.
    expect(ids(sortTrades(trades, { key: 'symbol', direction: 'asc' }))).toBe('dcba');
    expect(ids(sortTrades(trades, { key: 'symbol', direction: 'desc' }))).toBe('abdc');
  });

  it('keeps open trades (no P&L) last in either direction', () => {
    // a and d tie on +500: the newer entry (a, 10:30 IST) first.
    expect(ids(sortTrades(trades, { key: 'netPnl', direction: 'desc' }))).toBe('adbc');
    expect(ids(sortTrades(trades, { key: 'netPnl', direction: 'asc' }))).toBe('badc');
  });
});
