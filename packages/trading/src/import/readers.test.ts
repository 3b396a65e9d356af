// What every broker reader promises alike: each bad row reported with its row number, the other rows imported; and a
// file of another kind named for what was expected, with detection saying what it is instead.
import { describe, expect, it } from 'vitest';
import { parseAngelOneTrades } from './angelone';
import { detectImportFile, wrongFileMessage } from './detect';
import { parseDhanTransactions } from './dhan';
import { ZERODHA_TRADEBOOK_EQ_CSV, zerodhaTradebookXlsx } from './fixtures/zerodha';
import { parseMappedCsv } from './mapped';
import type { ParseResult } from './types';
import { parseUpstoxTrades } from './upstox';
import { parseZerodhaTradebook } from './zerodha';

const rowsOf = (r: ParseResult) => ({ fills: r.fills.map((f) => f.row), errors: r.errors.map((e) => e.message) });

describe('every bad row at once', () => {
  it('Zerodha', () => {
    expect(rowsOf(parseZerodhaTradebook(ZERODHA_TRADEBOOK_EQ_CSV))).toMatchObject({
      errors: [
        "Row 6: quantity 'abc' is not a number",
        "Row 14: trade_type 'hold' is not buy or sell",
        "Row 34: order_execution_time '2025-02-30T10:00:00' is not a date and time",
      ],
    });
    // 38 rows, 3 bad.
    expect(parseZerodhaTradebook(ZERODHA_TRADEBOOK_EQ_CSV).fills).toHaveLength(35);
  });

  it('Dhan', () => {
    const csv = [
      'Date,Scrip Name,Exchange,Bill No.,Buy Qty.,Buy Value,Sell Qty.,Sell Value,Brokerage,GST,STT,SEBI Fees,Stamp Duty,Txn. Charges,Oth. Charges,Gross Amount',
      '09-06-2025,INFY,NSE,B1,10,15000,0,0,0,0,15,0,2.25,0.45,0,15000',
      '09-06-2025,INFY,XYZ,B1,10,15000,0,0,0,0,0,0,0,0,0,0',
      '10-06-2025,INFY,NSE,B2,0,0,10,15200,0,0,15,0,0,0.45,0,15200',
      '31-06-2025,INFY,NSE,B3,10,15000,0,0,0,0,0,0,0,0,0,0',
      '11-06-2025,,NSE,B4,10,15000,0,0,0,0,0,0,0,0,0,0',
    ].join('\n');
    expect(rowsOf(parseDhanTransactions(csv))).toEqual({
      fills: [2, 4],
      errors: [
        "Row 3: Exchange 'XYZ' is not NSE, BSE or MCX",
        "Row 5: Date '31-06-2025' is not a date",
        'Row 6: Scrip Name is empty',
      ],
    });
  });

  it('Upstox', () => {
    const csv = [
      'Date,Company,Amount,Exchange,Segment,Scrip Code,Instrument Type,Strike Price,Expiry,Trade Num,Trade Time,Side,Quantity,Price',
      '20-11-2026,STATE BANK OF INDIA,88000,NSE,EQ,SBIN,EQUITY,,,55001,10:22:33,Buy,100,880',
      '20-11-2026,STATE BANK OF INDIA,88000,NSE,EQ,SBIN,EQUITY,,,55002,10:23:00,Hold,100,880',
      '20-11-2026,STATE BANK OF INDIA,0,NSE,EQ,SBIN,EQUITY,,,55003,10:24:00,Sell,ten,884',
      '20-11-2026,STATE BANK OF INDIA,88400,NSE,EQ,SBIN,EQUITY,,,55004,14:10:00,Sell,100,884',
      '20-11-2026,STATE BANK OF INDIA,88400,XYZ,EQ,SBIN,EQUITY,,,55005,14:11:00,Sell,100,884',
    ].join('\n');
    expect(rowsOf(parseUpstoxTrades(csv))).toEqual({
      fills: [2, 5],
      errors: [
        "Row 3: Side 'Hold' is not Buy or Sell",
        "Row 4: Quantity 'ten' is not a number above 0",
        "Row 6: Exchange 'XYZ' is not NSE, BSE or MCX",
      ],
    });
  });

  it('Angel One, giving a share in another series its base symbol', () => {
    const csv = [
      'Scrip/Contract,Buy/Sell,Buy Price,Sell Price,Quantity,Brokerage,GST,STT,Sebi Tax,Exchange Turnover Charges,Stamp Duty,Other Charges,IPFT Charges,Order Type,Segment,Exchange,Order ID,Trade ID,Date',
      'IDEA-BE,Buy,9.80,0,1000,0,0,10,0,0.3,1.47,0,0,Delivery,CAPITAL,NSE,A1,T1,20-11-2026 10:22:33',
      'IDEA-BE,Hold,9.80,0,1000,0,0,10,0,0.3,1.47,0,0,Delivery,CAPITAL,NSE,A2,T2,20-11-2026 10:23:00',
      'IDEA,Sell,0,10.10,1000,0,0,10,0,0.3,0,0,0,Delivery,CAPITAL,NSE,A3,,21-11-2026 11:00:00',
      'IDEA,Sell,0,10.10,1000,0,0,10,0,0.3,0,0,0,Delivery,CAPITAL,NSE,A4,T4,21-11-2026 11:05:00',
      'IDEA,Sell,0,10.10,1000,0,0,10,0,0.3,0,0,0,Delivery,CAPITAL,NSE,A5,T5,tomorrow',
    ].join('\n');
    const result = parseAngelOneTrades(csv);
    expect(rowsOf(result)).toEqual({
      fills: [2, 5],
      errors: [
        "Row 3: Buy/Sell 'Hold' is not Buy or Sell",
        'Row 4: Trade ID is empty',
        "Row 6: Date 'tomorrow' is not a date and time",
      ],
    });
    expect(result.fills.map((f) => f.symbol)).toEqual(['IDEA', 'IDEA']);
  });

  it('any CSV through the column mapper', () => {
    const csv =
      'Date,Symbol,B/S,Qty,Rate\n2025-06-09,TCS,B,10,3500\n2025-06-09,TCS,X,10,3500\n2025-06-09,TCS-BE,S,10,3510\n2025-06-31,TCS,S,5,3500\n2025-06-09,TCS,S,10,abc\n';
    const result = parseMappedCsv(csv, {
      columns: { date: 'Date', symbol: 'Symbol', side: 'B/S', quantity: 'Qty', price: 'Rate' },
    });
    expect(rowsOf(result)).toEqual({
      fills: [2, 4],
      errors: [
        "Row 3: B/S 'X' is not buy or sell",
        "Row 5: Date '2025-06-31' is not a date and time",
        "Row 6: Rate 'abc' is not a number of 0 or more",
      ],
    });
    expect(result.fills.map((f) => f.symbol)).toEqual(['TCS', 'TCS']);
  });
});

describe('a file picked as the wrong broker', () => {
  it('is named for what each reader expected, and detection says what it is', () => {
    const zerodha = ZERODHA_TRADEBOOK_EQ_CSV;
    expect(parseDhanTransactions(zerodha).errors).toEqual([
      {
        row: 1,
        column: null,
        message: 'No Dhan transaction report header (Date, Scrip Name, Exchange, Buy Qty. …) was found in this file.',
      },
    ]);
    expect(parseUpstoxTrades(zerodhaTradebookXlsx('EQ')).errors).toEqual([
      {
        row: 1,
        column: null,
        message:
          'No Upstox trade report header (Date, Company, Amount, Exchange, Segment, Scrip Code …) was found in this file.',
      },
    ]);
    expect(parseAngelOneTrades(zerodha).errors[0]?.message).toBe(
      'No Angel One trade book header (Scrip/Contract, Buy/Sell, Buy Price, Sell Price, Quantity …) was found in this file.',
    );
    const detected = detectImportFile(zerodha);
    expect(wrongFileMessage(detected.kind, 'dhan-transactions')).toBe(
      'This looks like a Zerodha tradebook, not a Dhan transaction report.',
    );
    // Read as what it is, it imports.
    expect(parseZerodhaTradebook(zerodha).fills.length).toBeGreaterThan(0);
  });
});
