import { describe, expect, it } from 'vitest';
import { ZERODHA_HOLDINGS_CSV, zerodhaHoldingsXlsx } from './fixtures/zerodha';
import { parseZerodhaHoldings } from './holdings-statement';
import { writeXlsx } from './xlsx-fixture';

const HEADER =
  'Symbol,ISIN,Sector,Quantity Available,Quantity Discrepant,Quantity Long Term,Quantity Pledged (Margin),Quantity Pledged (Loan),Average Price,Previous Closing Price,Unrealized P&L,Unrealized P&L Pct.';

// The fixture's hand-worked holdings as on 31 Mar 2019 (see fixtures/README.md): INFY is 30 available + 20 pledged
// for margin = 50; Long Term is the part held over a year (ASIANPAINT bought 15 Jan 2018, SBIN 14 Mar 2018).
const FIXTURE_HOLDINGS = [
  {
    symbol: 'ASIANPAINT',
    isin: 'INE021A01026',
    quantity: 10,
    longTermQuantity: 10,
    averagePrice: 1120,
    boughtOn: null,
    row: 11,
  },
  {
    symbol: 'BAJAJ-AUTO',
    isin: 'INE917I01010',
    quantity: 5,
    longTermQuantity: 0,
    averagePrice: 2735.4,
    boughtOn: null,
    row: 12,
  },
  {
    symbol: 'INFY',
    isin: 'INE009A01021',
    quantity: 50,
    longTermQuantity: 0,
    averagePrice: 702.3,
    boughtOn: null,
    row: 13,
  },
  {
    symbol: 'SBIN',
    isin: 'INE062A01020',
    quantity: 100,
    longTermQuantity: 100,
    averagePrice: 270.15,
    boughtOn: null,
    row: 14,
  },
  {
    symbol: 'TCS',
    isin: 'INE467B01029',
    quantity: 20,
    longTermQuantity: 0,
    averagePrice: 1872.5,
    boughtOn: null,
    row: 15,
  },
];

describe('parseZerodhaHoldings', () => {
  it('reads Console’s statement saved as CSV: shares held, their average, and the date it is as on', () => {
    expect(parseZerodhaHoldings(ZERODHA_HOLDINGS_CSV)).toEqual({
      holdings: FIXTURE_HOLDINGS,
      asOf: '2019-03-31',
      errors: [],
    });
  });

  it('reads the Equity sheet of Console’s XLSX (not Mutual Funds or Combined)', () => {
    expect(parseZerodhaHoldings(zerodhaHoldingsXlsx())).toEqual({
      holdings: FIXTURE_HOLDINGS,
      asOf: '2019-03-31',
      errors: [],
    });
  });

  it('counts discrepant and pledged shares as held, and the base symbol of a series', () => {
    const csv = [HEADER, 'IDEA-BE,INE669E01016,TELECOM,100,40,0,25,10,9.80,10.10,52.50,5.36'].join('\n');
    expect(parseZerodhaHoldings(csv)).toEqual({
      // 100 + 40 + 25 + 10.
      holdings: [
        {
          symbol: 'IDEA',
          isin: 'INE669E01016',
          quantity: 175,
          longTermQuantity: 0,
          averagePrice: 9.8,
          boughtOn: null,
          row: 2,
        },
      ],
      asOf: null,
      errors: [],
    });
  });

  it('reads Kite’s holdings CSV, which has no ISIN, long-term split or date', () => {
    const csv =
      'Instrument,Qty.,Avg. cost,LTP,Cur. val,P&L,Net chg.,Day chg.\nRELIANCE-EQ,15,2450.50,2890.00,43350.00,6592.50,17.93,1.2\n';
    expect(parseZerodhaHoldings(csv)).toEqual({
      holdings: [
        {
          symbol: 'RELIANCE',
          isin: null,
          quantity: 15,
          longTermQuantity: null,
          averagePrice: 2450.5,
          boughtOn: null,
          row: 2,
        },
      ],
      asOf: null,
      errors: [],
    });
  });

  it('reads a buy date per line when the file has a buy-date column, and says which dates it cannot read', () => {
    const csv = [
      'Instrument,Qty.,Avg. cost,Purchase Date',
      'HDFCBANK,25,1468.00,15-06-2021',
      'HDFCBANK,15,1595.20,2023-08-21',
      'ITC,300,216.10,',
      'TCS,5,3400,31-13-2023',
    ].join('\n');
    expect(parseZerodhaHoldings(csv)).toEqual({
      holdings: [
        {
          symbol: 'HDFCBANK',
          isin: null,
          quantity: 25,
          longTermQuantity: null,
          averagePrice: 1468,
          boughtOn: '2021-06-15',
          row: 2,
        },
        {
          symbol: 'HDFCBANK',
          isin: null,
          quantity: 15,
          longTermQuantity: null,
          averagePrice: 1595.2,
          boughtOn: '2023-08-21',
          row: 3,
        },
        // A line without a date has none: nothing is assumed.
        {
          symbol: 'ITC',
          isin: null,
          quantity: 300,
          longTermQuantity: null,
          averagePrice: 216.1,
          boughtOn: null,
          row: 4,
        },
      ],
      asOf: null,
      errors: [{ row: 5, column: 'buy_date', message: "Row 5: Purchase Date '31-13-2023' is not a date" }],
    });
  });

  it('reports every bad row by number and column, and reads the rest', () => {
    const csv = [
      HEADER,
      'TCS,INE467B01029,IT,20,0,0,0,0,1872.50,2004.90,2648,7.07',
      'INFY,INE009A01021,IT,-2,0,0,0,0,702.30,744.30,0,0',
      'HDFCBANK,INE040A01034,BANKS,0,12,0,0,0,N/A,1200,0,0',
      'SBIN,INE062A01020,BANKS,100,0,120,0,0,270.15,320.75,5060,18.73',
      ',INE154A01025,FMCG,10,0,0,0,0,245,250,50,2',
      'ITC,INE154A01025,FMCG,0,0,0,0,0,245,250,0,0',
    ].join('\n');
    const { holdings, errors } = parseZerodhaHoldings(csv);
    // ITC holds nothing: not an error, nothing to carry.
    expect(holdings.map((h) => h.symbol)).toEqual(['TCS']);
    expect(errors).toEqual([
      {
        row: 3,
        column: 'quantity_available',
        message: "Row 3: Quantity Available '-2' is not a number of 0 or more",
      },
      {
        row: 4,
        column: 'average_price',
        message:
          "Row 4: Average Price is 'N/A': Console has no buy average for HDFCBANK (add the buy on Console under Portfolio → Holdings → View discrepancy)",
      },
      {
        row: 5,
        column: 'quantity_long_term',
        message: "Row 5: Quantity Long Term '120' is not a number from 0 to the 100 held",
      },
      { row: 6, column: 'symbol', message: 'Row 6: Symbol is empty' },
    ]);
  });

  it('says what it expected when the file is not a holdings statement', () => {
    const bytes = writeXlsx([{ name: 'Equity', rows: [['Symbol', 'Trade Date', 'Quantity']] }]);
    expect(parseZerodhaHoldings(bytes)).toEqual({
      holdings: [],
      asOf: null,
      errors: [
        {
          row: 1,
          column: null,
          message:
            'No Zerodha holdings statement header (Symbol, ISIN, Sector, Quantity Available, Quantity Discrepant, Quantity Long Term …) was found in this file.',
        },
      ],
    });
  });

  it('reads fund units with their decimals (LIQUIDBEES 24.609)', () => {
    const csv = [HEADER, 'LIQUIDBEES,INF732E01037,ETF,24.609,0,0,0,0,999.99,1000.25,6.40,0.03'].join('\n');
    expect(parseZerodhaHoldings(csv).holdings.map((h) => [h.symbol, h.quantity, h.averagePrice])).toEqual([
      ['LIQUIDBEES', 24.609, 999.99],
    ]);
  });
});
