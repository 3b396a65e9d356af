import { describe, expect, it } from 'vitest';
import type { Fill } from './types';
import { parseUpstoxTrades } from './upstox';
import { type FixtureCell, writeXlsx } from './xlsx-fixture';

const HEADER = [
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

// The report's 10-row preamble: title, client details, blank lines.
const PREAMBLE: FixtureCell[][] = [
  ['Trade Report'],
  ['Client Name', 'ASHA MEHTA'],
  ['UCC', '5XY123'],
  ['Date', 'From 20-11-2026 To 20-11-2026'],
  [],
  ['Segment', 'ALL'],
  [],
  [],
  [],
  [],
];

// Row numbers in the sheet: the header is row 11, the fills start at row 12.
// 46346 is 20 Nov 2026 and 46350 is 24 Nov 2026 as Excel serials; 0.4 of a day is 09:36:00.
const ROWS: FixtureCell[][] = [
  [
    46346,
    'STATE BANK OF INDIA',
    88000,
    'NSE',
    'EQ',
    'SBIN',
    'EQUITY',
    null,
    null,
    '55001',
    '10:22:33',
    'Buy',
    100,
    880,
  ],
  [
    46346,
    'NIFTY 26000 CE 24 NOV 26',
    15665,
    'NFO',
    'FO',
    '45123',
    'OPTIDX',
    26000,
    46350,
    '55002',
    0.4,
    'Buy',
    130,
    120.5,
  ],
  [
    '20-11-2026',
    'RELIANCE INDUSTRIES LTD',
    740125,
    'NSE',
    'FO',
    null,
    'FUTSTK',
    null,
    '24-11-2026',
    '55003',
    '14:01:02',
    'Sell',
    500,
    1480.25,
  ],
  [46346, 'SBIN', 0, 'NSE', 'EQ', 'SBIN', 'EQUITY', null, null, '55004', '11:00:00', 'Sell', 'ten', 884.5],
  [46346, 'BANKNIFTY', 0, 'NFO', 'FO', null, 'OPTIDX', 58500, 46350, '55005', '11:30:00', 'Buy', 30, 410],
  [
    46346,
    'BANKNIFTY 58500 PE',
    12300,
    'NFO',
    'FO',
    null,
    'OPTIDX',
    58500,
    '2026-11-24',
    '55006',
    '11:45:00',
    'Buy',
    30,
    410,
  ],
];

const fill = (f: Partial<Fill>): Fill => ({
  broker: 'upstox',
  tradeId: null,
  orderId: null,
  exchange: 'NSE',
  segment: 'equity',
  symbol: '',
  underlying: null,
  expiry: null,
  strike: null,
  optionType: null,
  side: 'buy',
  quantity: 0,
  price: 0,
  executedAt: '',
  fees: null,
  row: 0,
  ...f,
});

const EXPECTED = {
  fills: [
    fill({
      tradeId: '55001',
      symbol: 'SBIN',
      quantity: 100,
      price: 880,
      executedAt: '2026-11-20T10:22:33+05:30',
      row: 12,
    }),
    fill({
      tradeId: '55002',
      segment: 'options',
      symbol: 'NIFTY 26000 CE 24 NOV 26',
      underlying: 'NIFTY',
      expiry: '2026-11-24',
      strike: 26000,
      optionType: 'CE',
      quantity: 130,
      price: 120.5,
      executedAt: '2026-11-20T09:36:00+05:30',
      row: 13,
    }),
    fill({
      tradeId: '55003',
      segment: 'futures',
      symbol: 'RELIANCE FUT 24 NOV 26',
      underlying: 'RELIANCE',
      expiry: '2026-11-24',
      side: 'sell',
      quantity: 500,
      price: 1480.25,
      executedAt: '2026-11-20T14:01:02+05:30',
      row: 14,
    }),
    fill({
      tradeId: '55006',
      segment: 'options',
      symbol: 'BANKNIFTY 58500 PE 24 NOV 26',
      underlying: 'BANKNIFTY',
      expiry: '2026-11-24',
      strike: 58500,
      optionType: 'PE',
      quantity: 30,
      price: 410,
      executedAt: '2026-11-20T11:45:00+05:30',
      row: 17,
    }),
  ],
  errors: [
    { row: 15, column: 'Quantity', message: "Row 15: Quantity 'ten' is not a number above 0" },
    { row: 16, column: 'Company', message: "Row 16: Company 'BANKNIFTY' does not say CE or PE" },
  ],
};

describe('parseUpstoxTrades', () => {
  it('reads the TRADE sheet after its preamble: equity, options and futures, a clear error per bad row', () => {
    const bytes = writeXlsx([
      { name: 'SUMMARY', rows: [['P&L summary']] },
      { name: 'TRADE', rows: [...PREAMBLE, HEADER, ...ROWS] },
    ]);
    expect(parseUpstoxTrades(bytes)).toEqual(EXPECTED);
  });

  it('reads the same report saved as CSV (dates and times as text)', () => {
    const csvRows = ROWS.map((r) =>
      r.map((cell, i) => {
        if (i === 0 && cell === 46346) return '20-11-2026';
        if (i === 8 && cell === 46350) return '24-11-2026';
        if (i === 10 && cell === 0.4) return '09:36:00';
        return cell === null ? '' : String(cell);
      }),
    );
    const csv = [...PREAMBLE.map((r) => r.join(',')), HEADER.join(','), ...csvRows.map((r) => r.join(','))].join('\n');
    expect(parseUpstoxTrades(csv)).toEqual(EXPECTED);
  });

  it('names a missing column, and a file that is not a workbook', () => {
    const bytes = writeXlsx([{ name: 'TRADE', rows: [HEADER.filter((h) => h !== 'Trade Num'), ROWS[0] ?? []] }]);
    expect(parseUpstoxTrades(bytes)).toEqual({
      fills: [],
      errors: [{ row: 1, column: 'trade_num', message: 'Row 1: missing column trade_num' }],
    });
    expect(parseUpstoxTrades(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]))).toEqual({
      fills: [],
      errors: [
        { row: 1, column: null, message: 'This file is not an Excel workbook (.xlsx): it could not be unzipped.' },
      ],
    });
  });
});
