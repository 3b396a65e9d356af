import { describe, expect, it } from 'vitest';
import { parseAngelOneTrades } from './angelone';
import type { Fill } from './types';
import { type FixtureCell, writeXlsx } from './xlsx-fixture';

const HEADER = [
  'Scrip/Contract',
  'Buy/Sell',
  'Buy Price',
  'Sell Price',
  'Quantity',
  'Brokerage',
  'GST',
  'STT',
  'Sebi Tax',
  'Exchange Turnover Charges',
  'Stamp Duty',
  'Other Charges',
  'IPFT Charges',
  'Order Type',
  'Segment',
  'Exchange',
  'Order ID',
  'Trade ID',
  'Date',
];

// Title and a blank line, so the header is row 3 and the fills start at row 4.
// 46346.458333333336 is 20 Nov 2026 11:00:00 as an Excel serial (0.458333… of a day is 11 h).
const ROWS: FixtureCell[][] = [
  ['Trade Book'],
  [],
  HEADER,
  // 20 + 3.60 + 0 + 0.01 + 4.56 + 0.47 + 0 + 0.01 = 28.65
  [
    'NIFTY24NOV2626000CE',
    'Buy',
    120.5,
    0,
    130,
    20,
    3.6,
    0,
    0.01,
    4.56,
    0.47,
    0,
    0.01,
    'CARRYFORWARD',
    'NSE-FO',
    'NFO',
    '1100001',
    '250001',
    '20-11-2026 09:36:00',
  ],
  // 20 + 3.60 + 22 + 0.01 + 0.26 + 0 + 0 + 0.01 = 45.88
  [
    'SBIN-EQ',
    'Sell',
    0,
    884.5,
    100,
    20,
    3.6,
    22,
    0.01,
    0.26,
    0,
    0,
    0.01,
    'INTRADAY',
    'NSE-EQ',
    'NSE',
    '1100002',
    '250002',
    46346.458333333336,
  ],
  // No charge cells: fees unknown (null), so the journal estimates them.
  [
    'BANKNIFTY24NOV26FUT',
    'S',
    0,
    58650,
    30,
    null,
    null,
    null,
    null,
    null,
    null,
    null,
    null,
    'CARRYFORWARD',
    'NSE-FO',
    '',
    '1100003',
    '250003',
    '2026-11-20 14:05:10',
  ],
  [
    'NIFTY24NOV2626000PE',
    'Buy',
    'abc',
    0,
    65,
    20,
    0,
    0,
    0,
    0,
    0,
    0,
    0,
    'INTRADAY',
    'NSE-FO',
    'NFO',
    '1100004',
    '250004',
    '20-11-2026 10:00:00',
  ],
  [
    'BANKNIFTY26NOVFUT',
    'Buy',
    58500,
    0,
    30,
    20,
    0,
    0,
    0,
    0,
    0,
    0,
    0,
    'CARRYFORWARD',
    'NSE-FO',
    'NFO',
    '1100005',
    '250005',
    '20-11-2026 10:05:00',
  ],
];

const fill = (f: Partial<Fill>): Fill => ({
  broker: 'angelone',
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
      tradeId: '250001',
      orderId: '1100001',
      segment: 'options',
      symbol: 'NIFTY24NOV2626000CE',
      underlying: 'NIFTY',
      expiry: '2026-11-24',
      strike: 26000,
      optionType: 'CE',
      quantity: 130,
      price: 120.5,
      executedAt: '2026-11-20T09:36:00+05:30',
      fees: 28.65,
      row: 4,
    }),
    fill({
      tradeId: '250002',
      orderId: '1100002',
      symbol: 'SBIN',
      side: 'sell',
      quantity: 100,
      price: 884.5,
      executedAt: '2026-11-20T11:00:00+05:30',
      fees: 45.88,
      row: 5,
    }),
    fill({
      tradeId: '250003',
      orderId: '1100003',
      segment: 'futures',
      symbol: 'BANKNIFTY24NOV26FUT',
      underlying: 'BANKNIFTY',
      expiry: '2026-11-24',
      side: 'sell',
      quantity: 30,
      price: 58650,
      executedAt: '2026-11-20T14:05:10+05:30',
      row: 6,
    }),
  ],
  errors: [
    { row: 7, column: 'Buy Price', message: "Row 7: Buy Price 'abc' of this buy is not a number of 0 or more" },
    {
      row: 8,
      column: 'Scrip/Contract',
      message: "Row 8: Scrip/Contract 'BANKNIFTY26NOVFUT' does not give the contract's expiry day",
    },
  ],
};

describe('parseAngelOneTrades', () => {
  it("reads the trade book: contracts from Angel One symbols, the side's price, the broker's charges as fees", () => {
    expect(parseAngelOneTrades(writeXlsx([{ name: 'Trade Book', rows: ROWS }]))).toEqual(EXPECTED);
  });

  it('reads the same report saved as CSV', () => {
    const csv = ROWS.map((r) =>
      r
        .map((cell) => (cell === 46346.458333333336 ? '20-11-2026 11:00:00' : cell === null ? '' : String(cell)))
        .join(','),
    ).join('\r\n');
    expect(parseAngelOneTrades(csv)).toEqual(EXPECTED);
    expect(parseAngelOneTrades(new TextEncoder().encode(csv).buffer)).toEqual(EXPECTED);
  });
});
