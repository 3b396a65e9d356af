import { describe, expect, it } from 'vitest';
import { parseZerodhaTradebook } from './zerodha';

const EQ_HEADER =
  'symbol,isin,trade_date,exchange,segment,series,trade_type,auction,quantity,price,trade_id,order_id,order_execution_time';
const FO_HEADER = `${EQ_HEADER},expiry_date`;

describe('parseZerodhaTradebook', () => {
  it('reads the INDIA.md example row, keeping exchange time in IST', () => {
    const csv = `${EQ_HEADER}\nSUZLON,INE040H01021,2025-06-09,NSE,EQ,EQ,buy,false,450.000000,67.500000,603052659,1300000021339012,2025-06-09T10:22:33\n`;
    expect(parseZerodhaTradebook(csv)).toEqual({
      fills: [
        {
          broker: 'zerodha',
          tradeId: '603052659',
          orderId: '1300000021339012',
          exchange: 'NSE',
          segment: 'equity',
          symbol: 'SUZLON',
          underlying: null,
          expiry: null,
          strike: null,
          optionType: null,
          side: 'buy',
          quantity: 450,
          price: 67.5,
          executedAt: '2025-06-09T10:22:33+05:30',
          fees: null,
          row: 2,
        },
      ],
      errors: [],
    });
  });

  it('reads F&O rows: empty ISIN, contract from the symbol, expiry day from expiry_date', () => {
    const csv = [
      FO_HEADER,
      'NIFTY25DEC24500CE,,2025-12-01,NFO,FO,OPTIDX,buy,false,75,120.50,9001,1001,2025-12-01T09:20:00,2025-12-30',
      'RELIANCE26JANFUT,,2026-01-05,NSE,FO,FUTSTK,sell,false,500,1250.00,9002,1002,2026-01-05 14:01:02,2026-01-27',
    ].join('\r\n');
    const { fills, errors } = parseZerodhaTradebook(csv);
    expect(errors).toEqual([]);
    expect(fills[0]).toMatchObject({
      exchange: 'NSE',
      segment: 'options',
      underlying: 'NIFTY',
      expiry: '2025-12-30',
      strike: 24500,
      optionType: 'CE',
      quantity: 75,
      price: 120.5,
    });
    expect(fills[1]).toMatchObject({
      segment: 'futures',
      underlying: 'RELIANCE',
      expiry: '2026-01-27',
      strike: null,
      side: 'sell',
      executedAt: '2026-01-05T14:01:02+05:30',
    });
  });

  it('reports each malformed row by number, column and value, and imports the rest', () => {
    const csv = [
      EQ_HEADER,
      'SUZLON,INE040H01021,2025-06-09,NSE,EQ,EQ,buy,false,abc,67.5,1,11,2025-06-09T10:22:33',
      'SUZLON,INE040H01021,2025-06-09,NSE,EQ,EQ,hold,false,10,67.5,2,12,2025-06-09T10:22:34',
      'SUZLON,INE040H01021,2025-06-09,NSE,EQ,EQ,sell,false,10,67.5,3,13,2025-06-09T10:22:35',
      'SUZLON,INE040H01021,2025-06-31,NSE,EQ,EQ,sell,false,10,67.5,4,14,2025-06-31T10:22:35',
      'SUZLON,INE040H01021,2025-06-09,NSE,EQ,EQ,sell,false,2.5,67.5,5,15,2025-06-09T10:22:35',
    ].join('\n');
    const { fills, errors } = parseZerodhaTradebook(csv);
    expect(fills.map((f) => f.tradeId)).toEqual(['3']);
    expect(errors.map((e) => e.message)).toEqual([
      "Row 2: quantity 'abc' is not a number",
      "Row 3: trade_type 'hold' is not buy or sell",
      "Row 5: order_execution_time '2025-06-31T10:22:35' is not a date and time",
      "Row 6: quantity '2.5' is not a whole number above 0",
    ]);
  });

  it('rejects a monthly option without expiry_date, which the symbol alone cannot date', () => {
    const csv = `${FO_HEADER}\nNIFTY25DEC24500CE,,2025-12-01,NFO,FO,OPTIDX,buy,false,75,120,9001,1001,2025-12-01T09:20:00,`;
    expect(parseZerodhaTradebook(csv).errors[0]?.message).toBe(
      "Row 2: expiry_date is empty and symbol 'NIFTY25DEC24500CE' does not give the expiry day",
    );
  });

  it('names a missing column instead of importing nothing silently', () => {
    const { fills, errors } = parseZerodhaTradebook('symbol,trade_date\nSUZLON,2025-06-09\n');
    expect(fills).toEqual([]);
    expect(errors[0]?.message).toBe('Row 1: missing column exchange, segment, trade_type, quantity, price, trade_id');
  });

  it('reads Title Case headers after a preamble (the XLSX variant saved as CSV)', () => {
    const csv = [
      'Tradebook for Equity,,',
      '',
      'Symbol,ISIN,Trade Date,Exchange,Segment,Series,Trade Type,Auction,Quantity,Price,Trade ID,Order ID,Order Execution Time',
      'SUZLON,INE040H01021,2025-06-09,NSE,EQ,EQ,Buy,false,450,67.5,603052659,1300000021339012,2025-06-09T10:22:33',
    ].join('\n');
    const { fills, errors } = parseZerodhaTradebook(csv);
    expect(errors).toEqual([]);
    expect(fills[0]).toMatchObject({ symbol: 'SUZLON', side: 'buy', row: 4 });
  });
});
