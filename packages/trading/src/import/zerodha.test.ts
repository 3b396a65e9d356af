import { strToU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import { type FixtureCell, writeXlsx } from './xlsx-fixture';
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
          isin: 'INE040H01021',
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
      'SUZLON,INE040H01021,2025-06-09,NSE,EQ,EQ,sell,false,0,67.5,5,15,2025-06-09T10:22:35',
    ].join('\n');
    const { fills, errors } = parseZerodhaTradebook(csv);
    expect(fills.map((f) => f.tradeId)).toEqual(['3']);
    expect(errors.map((e) => e.message)).toEqual([
      "Row 2: quantity 'abc' is not a number",
      "Row 3: trade_type 'hold' is not buy or sell",
      "Row 5: order_execution_time '2025-06-31T10:22:35' is not a date and time",
      "Row 6: quantity '0' is not a number above 0",
    ]);
  });

  it('rejects a monthly option without expiry_date, which the symbol alone cannot date', () => {
    const csv = `${FO_HEADER}\nNIFTY25DEC24500CE,,2025-12-01,NFO,FO,OPTIDX,buy,false,75,120,9001,1001,2025-12-01T09:20:00,`;
    expect(parseZerodhaTradebook(csv).errors[0]?.message).toBe(
      "Row 2: expiry_date is empty and symbol 'NIFTY25DEC24500CE' does not give the expiry day",
    );
  });

  it('names a missing column instead of importing nothing silently', () => {
    const header = EQ_HEADER.replace(',trade_id', '');
    const { fills, errors } = parseZerodhaTradebook(
      `${header}\nSUZLON,INE040H01021,2025-06-09,NSE,EQ,EQ,buy,false,450,67.5,1,2025-06-09T10:22:33\n`,
    );
    expect(fills).toEqual([]);
    expect(errors).toEqual([{ row: 1, column: 'trade_id', message: 'Row 1: missing column trade_id' }]);
  });

  it('says what it expected when the file is another report altogether', () => {
    const dhan =
      'Date,Scrip Name,Exchange,Bill No.,Buy Qty.,Buy Value,Sell Qty.,Sell Value,Brokerage,GST,STT,SEBI Fees,Stamp Duty,Txn. Charges,Oth. Charges,Gross Amount\n' +
      '09-06-2025,TATAMOTORS,NSE,B1001,100,70000,100,71000,40,7.2,17.75,0.14,2.1,4.18,0,1000\n';
    expect(parseZerodhaTradebook(dhan)).toEqual({
      fills: [],
      errors: [
        {
          row: 1,
          column: null,
          message:
            'No Zerodha tradebook header (symbol, isin, trade_date, exchange, segment, series, trade_type …) was found in this file.',
        },
      ],
    });
  });

  it('reads the older header, which names the symbol column tradingsymbol and has no isin', () => {
    const csv =
      'trade_date,tradingsymbol,exchange,segment,series,trade_type,quantity,price,order_id,trade_id,order_execution_time\n' +
      '2019-04-03,RELIANCE,NSE,EQ,EQ,BUY,50,1371.20,1100000000412337,28400117,2019-04-03 09:31:02\n';
    const { fills, errors } = parseZerodhaTradebook(csv);
    expect(errors).toEqual([]);
    expect(fills).toMatchObject([
      {
        symbol: 'RELIANCE',
        isin: null,
        side: 'buy',
        quantity: 50,
        price: 1371.2,
        executedAt: '2019-04-03T09:31:02+05:30',
      },
    ]);
  });

  it('gives a share traded in another series its base symbol, with the ISIN that names it', () => {
    const csv = [
      EQ_HEADER,
      'IDEA,INE669E01016,2021-07-05,NSE,EQ,EQ,buy,false,1000,8.95,104520339,1300000001512890,2021-07-05T10:02:17',
      'IDEA-BE,INE669E01016,2021-09-08,NSE,EQ,BE,sell,false,1000,9.80,110938472,1300000002610345,2021-09-08T11:41:09',
      'BAJAJ-AUTO,INE917I01010,2024-10-07,NSE,EQ,EQ,sell,false,5,11480,208004519,1600000000955361,2024-10-07T09:52:13',
    ].join('\n');
    const { fills, errors } = parseZerodhaTradebook(csv);
    expect(errors).toEqual([]);
    expect(fills.map((f) => [f.symbol, f.isin, f.side])).toEqual([
      ['IDEA', 'INE669E01016', 'buy'],
      ['IDEA', 'INE669E01016', 'sell'],
      ['BAJAJ-AUTO', 'INE917I01010', 'sell'],
    ]);
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

  it('reads the same text given as bytes', () => {
    const csv = `${EQ_HEADER}\nSUZLON,INE040H01021,2025-06-09,NSE,EQ,EQ,buy,false,450.000000,67.500000,603052659,1300000021339012,2025-06-09T10:22:33\n`;
    expect(parseZerodhaTradebook(strToU8(csv))).toEqual(parseZerodhaTradebook(csv));
  });
});

describe('parseZerodhaTradebook, Console XLSX', () => {
  // Console's layout: column A empty, the preamble from column B, the header on row 15, fills from row 16.
  const preamble: FixtureCell[][] = [
    [],
    [],
    [],
    [],
    [],
    [],
    [null, 'Client ID', 'ZX1234'],
    [],
    [],
    [],
    [null, 'Tradebook for F&O from 2025-06-01 to 2026-01-31'],
    [],
    [],
    [],
  ];
  const header: FixtureCell[] = [
    null,
    'Symbol',
    'ISIN',
    'Trade Date',
    'Exchange',
    'Segment',
    'Series',
    'Trade Type',
    'Auction',
    'Quantity',
    'Price',
    'Trade ID',
    'Order ID',
    'Order Execution Time',
    'Expiry Date',
  ];

  it('reads Excel serial dates and times, numeric ids, and text dates, naming columns as the sheet does', () => {
    // 45817 is 9 Jun 2025; 10:22:33 is 37,353 s of 86,400 = 0.43232638…; 45992 is 1 Dec 2025, 46021 is 30 Dec 2025.
    const bytes = writeXlsx([
      {
        name: 'Equity',
        rows: [
          ...preamble,
          header,
          [
            null,
            'SUZLON',
            'INE040H01021',
            45817,
            'NSE',
            'EQ',
            'EQ',
            'buy',
            false,
            450,
            67.5,
            603052659,
            '1.300000021339012E+15',
            45817.43232638889,
            null,
          ],
          [
            null,
            'NIFTY25DEC24500CE',
            null,
            45992,
            'NFO',
            'FO',
            'OPTIDX',
            'sell',
            false,
            75,
            120.5,
            '9001',
            '1001',
            '2025-12-01 09:20:00',
            46021,
          ],
          [
            null,
            'RELIANCE26JANFUT',
            null,
            '05-01-2026',
            'NFO',
            'FO',
            'FUTSTK',
            'buy',
            false,
            'ten',
            1250,
            '9002',
            '1002',
            '2026-01-05 14:01:02',
            '2026-01-27',
          ],
          [
            null,
            'NIFTY26JAN26000CE',
            null,
            46029,
            'NFO',
            'FO',
            'OPTIDX',
            'buy',
            false,
            65,
            140,
            '9003',
            '1003',
            '2026-01-12 10:20:44',
            '2026-02-24',
          ],
        ],
      },
    ]);
    const { fills, errors } = parseZerodhaTradebook(bytes);
    expect(fills).toMatchObject([
      {
        symbol: 'SUZLON',
        isin: 'INE040H01021',
        tradeId: '603052659',
        orderId: '1300000021339012',
        quantity: 450,
        price: 67.5,
        executedAt: '2025-06-09T10:22:33+05:30',
        row: 16,
      },
      {
        segment: 'options',
        underlying: 'NIFTY',
        expiry: '2025-12-30',
        strike: 24500,
        optionType: 'CE',
        side: 'sell',
        executedAt: '2025-12-01T09:20:00+05:30',
        isin: null,
        row: 17,
      },
    ]);
    expect(errors).toEqual([
      { row: 18, column: 'quantity', message: "Row 18: Quantity 'ten' is not a number" },
      {
        row: 19,
        column: 'expiry_date',
        message: "Row 19: Expiry Date '2026-02-24' is not in the month of Symbol 'NIFTY26JAN26000CE'",
      },
    ]);
  });

  it('says what it expected when the workbook has no tradebook header', () => {
    const bytes = writeXlsx([{ name: 'Sheet1', rows: [['Holdings'], ['Symbol', 'ISIN', 'Quantity Available']] }]);
    expect(parseZerodhaTradebook(bytes).errors).toEqual([
      {
        row: 1,
        column: null,
        message:
          'No Zerodha tradebook header (symbol, isin, trade_date, exchange, segment, series, trade_type …) was found in this file.',
      },
    ]);
  });

  it('reads ETF and fund units with their decimals, and refuses a fraction of a futures or options unit', () => {
    const csv = [
      FO_HEADER,
      'LIQUIDBEES,INF732E01037,2025-07-10,NSE,EQ,EQ,sell,false,24.609000,1004.000000,615873021,1300000016605512,2025-07-10T10:05:39,',
      'NIFTY25DECFUT,,2025-12-01,NFO,FO,FUTIDX,buy,false,37.500000,26000,9002,1002,2025-12-01T09:20:00,2025-12-30',
    ].join('\n');
    const { fills, errors } = parseZerodhaTradebook(csv);
    expect(fills.map((f) => [f.symbol, f.quantity])).toEqual([['LIQUIDBEES', 24.609]]);
    expect(errors.map((e) => e.message)).toEqual([
      "Row 3: quantity '37.500000' is not a whole number: futures and options trade in whole units (lots × lot size)",
    ]);
  });
});
