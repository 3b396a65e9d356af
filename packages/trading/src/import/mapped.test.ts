import { describe, expect, it } from 'vitest';
import { parseMappedCsv } from './mapped';

describe('parseMappedCsv', () => {
  it('maps an Upstox-style sheet (saved as CSV) with separate date and time, normalising values', () => {
    const csv = [
      'Date,Company,Amount,Exchange,Segment,Scrip Code,Instrument Type,Strike Price,Expiry,Trade Num,Trade Time,Side,Quantity,Price',
      '09-06-2025,INFOSYS LTD,"15,000.00",NSE,EQ,INFY,EQ,,,T1,10:22:33,Buy,10,"1,500.00"',
      '09-06-2025,NIFTY,9037.50,NFO,FO,NIFTY,OPTIDX,24500,30-12-2025,T2,02:05:00 PM,S,75,120.50',
    ].join('\n');
    const { fills, errors } = parseMappedCsv(csv, {
      broker: 'upstox',
      columns: {
        date: 'Date',
        time: 'Trade Time',
        symbol: 'Scrip Code',
        side: 'Side',
        quantity: 'Quantity',
        price: 'Price',
        tradeId: 'Trade Num',
        exchange: 'Exchange',
        segment: 'Instrument Type',
        strike: 'Strike Price',
        expiry: 'Expiry',
      },
    });
    // OPTIDX says options, but this sheet has no CE/PE column and the bare symbol does not say either.
    expect(errors).toEqual([
      { row: 3, column: 'Scrip Code', message: "Row 3: option 'NIFTY' has no option type (CE or PE)" },
    ]);
    expect(fills[0]).toMatchObject({
      broker: 'upstox',
      tradeId: 'T1',
      segment: 'equity',
      symbol: 'INFY',
      side: 'buy',
      quantity: 10,
      price: 1500,
      executedAt: '2025-06-09T10:22:33+05:30',
    });
    expect(fills).toHaveLength(1);
  });

  it('takes the option type from its own column and keeps the IST day of a UTC timestamp', () => {
    const csv =
      'when,ticker,action,qty,px,type,strike,expiry,id\n2025-06-09T20:00:00Z,NIFTY,SELL,75,120.5,Call,24500,2025-06-26,A1\n';
    const { fills, errors } = parseMappedCsv(csv, {
      columns: {
        date: 'when',
        symbol: 'ticker',
        side: 'action',
        quantity: 'qty',
        price: 'px',
        optionType: 'type',
        strike: 'strike',
        expiry: 'expiry',
        tradeId: 'id',
      },
    });
    expect(errors).toEqual([]);
    // 20:00 UTC is 01:30 the next day in India.
    expect(fills[0]).toMatchObject({
      segment: 'options',
      underlying: 'NIFTY',
      optionType: 'CE',
      strike: 24500,
      expiry: '2025-06-26',
      side: 'sell',
      executedAt: '2025-06-10T01:30:00+05:30',
    });
  });

  it('names the caller’s column in each row error', () => {
    const csv =
      'Date,Symbol,B/S,Qty,Rate\n2025-06-09,TCS,B,10,3500\n2025-06-09,TCS,X,10,3500\n2025-06-09,TCS,S,-5,3500\n2025-06-09,TCS,S,10,abc\n';
    const { fills, errors } = parseMappedCsv(csv, {
      columns: { date: 'Date', symbol: 'Symbol', side: 'B/S', quantity: 'Qty', price: 'Rate' },
    });
    expect(fills.map((f) => [f.side, f.executedAt])).toEqual([['buy', '2025-06-09T00:00:00+05:30']]);
    expect(errors).toEqual([
      { row: 3, column: 'B/S', message: "Row 3: B/S 'X' is not buy or sell" },
      { row: 4, column: 'Qty', message: "Row 4: Qty '-5' is not a number above 0" },
      { row: 5, column: 'Rate', message: "Row 5: Rate 'abc' is not a number of 0 or more" },
    ]);
  });
});
