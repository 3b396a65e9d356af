import { strToU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import { detectImportFile, IMPORT_FILE_LABELS, wrongFileMessage } from './detect';
import {
  ZERODHA_HOLDINGS_CSV,
  ZERODHA_TRADEBOOK_EQ_CSV,
  zerodhaHoldingsXlsx,
  zerodhaTaxPnlXlsx,
  zerodhaTradebookXlsx,
} from './fixtures/zerodha';
import { writeXlsx } from './xlsx-fixture';

const DHAN =
  'Date,Scrip Name,Exchange,Bill No.,Buy Qty.,Buy Value,Sell Qty.,Sell Value,Brokerage,GST,STT,SEBI Fees,Stamp Duty,Txn. Charges,Oth. Charges,Gross Amount\n' +
  '09-06-2025,TATAMOTORS,NSE,B1001,100,70000,100,71000,40,7.2,17.75,0.14,2.1,4.18,0,1000\n';
const UPSTOX_HEADER = [
  'Date',
  'Company',
  'Amount',
  'Exchange',
  'Segment',
  'Scrip Code',
  'Instrument Type',
  'Strike Price',
  'Expiry',
  'Trade Num',
  'Trade Time',
  'Side',
  'Quantity',
  'Price',
];
const ANGEL_HEADER =
  'Scrip/Contract,Buy/Sell,Buy Price,Sell Price,Quantity,Brokerage,GST,STT,Sebi Tax,Exchange Turnover Charges,Stamp Duty,Other Charges,IPFT Charges,Order Type,Segment,Exchange,Order ID,Trade ID,Date';

describe('detectImportFile', () => {
  it('recognises each broker report by its header, in CSV text or bytes', () => {
    expect(detectImportFile(ZERODHA_TRADEBOOK_EQ_CSV)).toEqual({
      kind: 'zerodha-tradebook',
      label: 'Zerodha tradebook',
      broker: 'zerodha',
      format: 'csv',
      sheet: null,
      headerRow: 1,
    });
    expect(detectImportFile(strToU8(DHAN))).toMatchObject({ kind: 'dhan-transactions', broker: 'dhan', format: 'csv' });
    expect(
      detectImportFile(`${ANGEL_HEADER}\nSBIN-EQ,Buy,880,0,10,0,0,0,0,0,0,0,0,Delivery,CAPITAL,NSE,1,2,46346\n`),
    ).toMatchObject({ kind: 'angelone-trades', broker: 'angelone' });
    // Kite's holdings download, and Console's older tradebook header.
    expect(
      detectImportFile(
        'Instrument,Qty.,Avg. cost,LTP,Cur. val,P&L,Net chg.,Day chg.\nINFY,10,1500,1600,16000,1000,6.67,0.5\n',
      ),
    ).toMatchObject({ kind: 'zerodha-holdings' });
    expect(
      detectImportFile(
        'trade_date,tradingsymbol,exchange,segment,series,trade_type,quantity,price,order_id,trade_id,order_execution_time\n',
      ),
    ).toMatchObject({ kind: 'zerodha-tradebook' });
  });

  it('finds the header after a preamble, from column B, on whichever sheet holds it', () => {
    expect(detectImportFile(zerodhaTradebookXlsx('FO'))).toMatchObject({
      kind: 'zerodha-tradebook',
      format: 'xlsx',
      sheet: 'F&O',
      headerRow: 15,
    });
    expect(detectImportFile(ZERODHA_HOLDINGS_CSV)).toMatchObject({ kind: 'zerodha-holdings', headerRow: 10 });
    expect(detectImportFile(zerodhaHoldingsXlsx())).toMatchObject({ kind: 'zerodha-holdings', sheet: 'Equity' });
    // The tax P&L's first sheet is a summary; the tradewise exits are on the second.
    expect(detectImportFile(zerodhaTaxPnlXlsx())).toMatchObject({
      kind: 'zerodha-tax-pnl',
      label: 'Zerodha tax P&L statement',
      sheet: 'Tradewise Exits from 2024-04-01',
      headerRow: 11,
    });
    // Upstox's TRADE sheet after its 10-row preamble, behind another sheet.
    const upstox = writeXlsx([
      { name: 'SUMMARY', rows: [['P&L summary']] },
      {
        name: 'TRADE',
        rows: [['UPSTOX SECURITIES PRIVATE LIMITED'], ...Array.from({ length: 9 }, () => []), UPSTOX_HEADER],
      },
    ]);
    expect(detectImportFile(upstox)).toMatchObject({ kind: 'upstox-trades', sheet: 'TRADE', headerRow: 11 });
  });

  it('says unknown for a file it does not recognise, or that is not a workbook', () => {
    expect(detectImportFile('Date,Narration,Withdrawal Amt.,Deposit Amt.\n')).toMatchObject({
      kind: 'unknown',
      label: IMPORT_FILE_LABELS.unknown,
      broker: null,
      headerRow: null,
    });
    expect(detectImportFile(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2]))).toMatchObject({
      kind: 'unknown',
      format: 'xlsx',
    });
  });
});

describe('wrongFileMessage', () => {
  it('names what the file looks like and what was picked', () => {
    expect(wrongFileMessage('zerodha-tradebook', 'dhan-transactions')).toBe(
      'This looks like a Zerodha tradebook, not a Dhan transaction report.',
    );
    expect(wrongFileMessage('angelone-trades', 'upstox-trades')).toBe(
      'This looks like an Angel One trade book, not an Upstox trade report.',
    );
    expect(wrongFileMessage('zerodha-holdings', 'zerodha-tradebook')).toBe(
      'This looks like a Zerodha holdings statement, not a Zerodha tradebook.',
    );
  });

  it('says nothing when the kinds agree or the file is unknown', () => {
    expect(wrongFileMessage('dhan-transactions', 'dhan-transactions')).toBeNull();
    expect(wrongFileMessage('unknown', 'dhan-transactions')).toBeNull();
  });
});
