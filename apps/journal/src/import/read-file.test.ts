import { describe, expect, it } from 'vitest';
import { completeColumnMap, csvHeaders, guessColumnMap, parseImportFile } from './read-file';

describe('csvHeaders', () => {
  it('reads the first non-blank record, after a byte-order mark and blank lines', () => {
    expect(csvHeaders('\uFEFF\n\nTrade Date,Symbol, Qty ,Price\n2026-08-03,SBIN,5,800')).toEqual([
      'Trade Date',
      'Symbol',
      'Qty',
      'Price',
    ]);
  });
});

describe('guessColumnMap', () => {
  it('maps common header names and leaves unknown fields unmapped', () => {
    expect(
      guessColumnMap(['Trade Date', 'Trading Symbol', 'Buy/Sell', 'Qty', 'Trade Price', 'Trade No.', 'Notes']),
    ).toEqual({
      date: 'Trade Date',
      symbol: 'Trading Symbol',
      side: 'Buy/Sell',
      quantity: 'Qty',
      price: 'Trade Price',
      tradeId: 'Trade No.',
    });
  });
});

describe('completeColumnMap', () => {
  it('is null until every required field has a column', () => {
    expect(completeColumnMap({ date: 'Date', symbol: 'Symbol', side: 'Side', quantity: 'Qty' })).toBeNull();
    expect(
      completeColumnMap({ date: 'Date', symbol: 'Symbol', side: 'Side', quantity: 'Qty', price: 'Price' }),
    ).toEqual({
      date: 'Date',
      symbol: 'Symbol',
      side: 'Side',
      quantity: 'Qty',
      price: 'Price',
    });
  });
});

describe('parseImportText', () => {
  it('reads a mapped CSV with the guessed columns', () => {
    const text =
      'Date,Symbol,Side,Qty,Price\n2026-08-03 09:20:00,SBIN,BUY,5,800.50\n2026-08-03 09:25:00,SBIN,HOLD,5,801';
    const columns = completeColumnMap(guessColumnMap(csvHeaders(text)));
    const result = parseImportFile('generic', text, columns ?? undefined);
    expect(result.fills.map((f) => [f.broker, f.symbol, f.side, f.quantity, f.price, f.executedAt])).toEqual([
      ['other', 'SBIN', 'buy', 5, 800.5, '2026-08-03T09:20:00+05:30'],
    ]);
    expect(result.errors.map((e) => e.row)).toEqual([3]);
  });

  it('asks for a column map before reading a generic CSV', () => {
    expect(() => parseImportFile('generic', 'Date,Symbol\n')).toThrow('Map the date, symbol, side, quantity and price');
  });

  it('reads Zerodha bytes as UTF-8 text', () => {
    const text =
      'symbol,isin,trade_date,exchange,segment,series,trade_type,auction,quantity,price,trade_id,order_id,order_execution_time\n' +
      'SBIN,INE062A01020,2026-08-05,NSE,EQ,EQ,buy,false,50,800.00,3001,7001,2026-08-05T09:45:00';
    const bytes = new TextEncoder().encode(text).buffer as ArrayBuffer;
    expect(parseImportFile('zerodha', bytes).fills.map((f) => [f.symbol, f.tradeId])).toEqual([['SBIN', '3001']]);
  });
});
