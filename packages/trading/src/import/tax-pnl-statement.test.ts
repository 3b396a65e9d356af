import { describe, expect, it } from 'vitest';
import { zerodhaTaxPnlXlsx } from './fixtures/zerodha';
import { parseZerodhaTaxPnl } from './tax-pnl-statement';
import { type FixtureCell, writeXlsx } from './xlsx-fixture';

const HEADER: FixtureCell[] = [
  null,
  'Symbol',
  'ISIN',
  'Entry Date',
  'Exit Date',
  'Quantity',
  'Buy Value',
  'Sell Value',
  'Profit',
  'Period of Holding',
  'Fair Market Value',
  'Taxable Profit',
];

describe('parseZerodhaTaxPnl', () => {
  it('reads the equity delivery exits of the fixture’s FY 2024-25 statement, from its second sheet', () => {
    // Hand-worked in fixtures/README.md: the short-term SUZLON exit and six long-term rows (TCS's one sale
    // order filled as two trades, 12 + 8); ASIANPAINT's buy value is its actual cost, 10 × 1,120.00, not its
    // 31 Jan 2018 fair market value.
    expect(parseZerodhaTaxPnl(zerodhaTaxPnlXlsx())).toEqual({
      exits: [
        exit('SUZLON', 'INE040H01021', '2024-04-22', '2024-09-25', 500, 20925, 39300, 'short_term', 16),
        exit('ICICIBANK', 'INE090A01021', '2019-06-12', '2024-06-19', 40, 17134, 44736, 'long_term', 20),
        exit('INFY', 'INE009A01021', '2018-11-20', '2024-09-18', 30, 20700, 57150, 'long_term', 21),
        exit('BAJAJ-AUTO', 'INE917I01010', '2018-10-22', '2024-10-07', 5, 13677, 57400, 'long_term', 22),
        exit('TCS', 'INE467B01029', '2018-07-10', '2024-12-13', 12, 22470, 52380, 'long_term', 23),
        exit('TCS', 'INE467B01029', '2018-07-10', '2024-12-13', 8, 14980, 34920, 'long_term', 24),
        exit('ASIANPAINT', 'INE021A01026', '2018-01-15', '2025-01-20', 10, 11200, 24500, 'long_term', 25),
      ],
      period: { from: '2024-04-01', to: '2025-03-31' },
      ignoredSections: ['Equity - Intraday', 'F&O'],
      errors: [],
    });
  });

  it('reports every bad exit by row and column, reads the rest, and reads text dates and buybacks', () => {
    const bytes = writeXlsx([
      {
        name: 'Tradewise Exits from 2025-04-01',
        rows: [
          [null, 'Tradewise Exits from 2025-04-01 to 2026-03-31'],
          [null, 'Equity - Long Term'],
          HEADER,
          [null, 'IDEA-BE', 'INE669E01016', '2024-01-10', '2025-06-02', 1000, 8950, 9800, 850, 509, 0, 850],
          [null, 'TCS', 'INE467B01029', '2024-01-10', '2025-06-02', 'ten', 1, 2, 1, 509, 0, 1],
          [null, 'INFY', 'INE009A01021', '2025-06-02', '2024-01-10', 10, 15000, 16000, 1000, 0, 0, 1000],
          [null, 'SBIN', 'INE062A01020', 'soon', '2025-06-02', 10, 5000, 8000, 3000, 0, 0, 3000],
          [null, 'Total', null, null, null, null, 28950, 33800, 4850],
          [null, 'Equity - Buyback'],
          HEADER,
          [null, 'WIPRO', 'INE075A01022', '2022-03-01', '2025-12-12', 100, 25000, 25000, 0, 1382, 0, 0],
        ],
      },
    ]);
    expect(parseZerodhaTaxPnl(bytes)).toEqual({
      exits: [
        exit('IDEA', 'INE669E01016', '2024-01-10', '2025-06-02', 1000, 8950, 9800, 'long_term', 4),
        exit('WIPRO', 'INE075A01022', '2022-03-01', '2025-12-12', 100, 25000, 25000, 'buyback', 11),
      ],
      period: { from: '2025-04-01', to: '2026-03-31' },
      ignoredSections: [],
      errors: [
        { row: 5, column: 'quantity', message: "Row 5: Quantity 'ten' is not a number above 0" },
        { row: 6, column: 'exit_date', message: 'Row 6: Exit Date 2024-01-10 is before Entry Date 2025-06-02' },
        { row: 7, column: 'entry_date', message: "Row 7: Entry Date 'soon' is not a date" },
      ],
    });
  });

  it('says what it expected when no tradewise header is in the workbook', () => {
    const bytes = writeXlsx([{ name: 'Equity and Non Equity', rows: [['Realized Profit Breakdown']] }]);
    expect(parseZerodhaTaxPnl(bytes).errors).toEqual([
      {
        row: 1,
        column: null,
        message:
          'No Zerodha tax P&L statement header (Symbol, ISIN, Entry Date, Exit Date, Quantity, Buy Value, Sell Value …) was found in this file.',
      },
    ]);
  });

  it('reads units with decimals in an exit (LIQUIDBEES 24.609)', () => {
    const bytes = writeXlsx([
      {
        name: 'Tradewise Exits from 2024-04-01',
        rows: [
          [null, 'Equity - Short Term'],
          HEADER,
          [
            null,
            'LIQUIDBEES',
            'INF732E01037',
            '2024-01-15',
            '2024-07-02',
            24.609,
            24608.75,
            24712.55,
            103.8,
            169,
            0,
            103.8,
          ],
        ],
      },
    ]);
    const { exits, errors } = parseZerodhaTaxPnl(bytes);
    expect(errors).toEqual([]);
    expect(exits.map((e) => [e.symbol, e.quantity, e.buyValue])).toEqual([['LIQUIDBEES', 24.609, 24608.75]]);
  });
});

function exit(
  symbol: string,
  isin: string,
  entryDate: string,
  exitDate: string,
  quantity: number,
  buyValue: number,
  sellValue: number,
  section: 'short_term' | 'long_term' | 'buyback',
  row: number,
) {
  return { symbol, isin, entryDate, exitDate, quantity, buyValue, sellValue, section, row };
}
