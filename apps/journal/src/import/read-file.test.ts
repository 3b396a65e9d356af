import { zerodhaTradebookXlsx } from '@bahi/trading/fixtures';
import { describe, expect, it } from 'vitest';
import { completeColumnMap, csvHeaders, guessColumnMap, type ReadFile, readImportFile } from './read-file';

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

const fills = (read: ReadFile) => (read.kind === 'tradebook' ? read.parsed.fills : []);
const ZERODHA =
  'symbol,isin,trade_date,exchange,segment,series,trade_type,auction,quantity,price,trade_id,order_id,order_execution_time\n' +
  'SBIN,INE062A01020,2026-08-05,NSE,EQ,EQ,buy,false,50,800.00,3001,7001,2026-08-05T09:45:00';
const bytes = (text: string) => new TextEncoder().encode(text).buffer as ArrayBuffer;

describe('readImportFile', () => {
  it('reads a mapped CSV with the guessed columns', () => {
    const text =
      'Date,Symbol,Side,Qty,Price\n2026-08-03 09:20:00,SBIN,BUY,5,800.50\n2026-08-03 09:25:00,SBIN,HOLD,5,801';
    const columns = completeColumnMap(guessColumnMap(csvHeaders(text)));
    const read = readImportFile('generic', text, columns ?? undefined);
    expect(fills(read).map((f) => [f.broker, f.symbol, f.side, f.quantity, f.price, f.executedAt])).toEqual([
      ['other', 'SBIN', 'buy', 5, 800.5, '2026-08-03T09:20:00+05:30'],
    ]);
    expect(read.kind === 'tradebook' && read.parsed.errors.map((e) => e.row)).toEqual([3]);
  });

  it('asks for a column map before reading a generic CSV', () => {
    expect(() => readImportFile('generic', 'Date,Symbol\n')).toThrow('Map the date, symbol, side, quantity and price');
  });

  it('reads a Zerodha tradebook as CSV bytes and as XLSX', () => {
    expect(fills(readImportFile('zerodha', bytes(ZERODHA))).map((f) => [f.symbol, f.tradeId])).toEqual([
      ['SBIN', '3001'],
    ]);
    expect(fills(readImportFile('zerodha', zerodhaTradebookXlsx('EQ').buffer as ArrayBuffer)).length).toBeGreaterThan(
      0,
    );
  });

  it('names a Zerodha tradebook picked as Dhan, and the source that reads it', () => {
    expect(readImportFile('dhan', bytes(ZERODHA))).toEqual({
      kind: 'wrong',
      message: 'This looks like a Zerodha tradebook, not a Dhan transaction report.',
      source: 'zerodha',
      label: 'Zerodha tradebook',
    });
  });
});
