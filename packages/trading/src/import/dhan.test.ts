import { describe, expect, it } from 'vitest';
import { parseDhanTransactions } from './dhan';
import { matchFills } from './match';

const HEADER =
  'Date,Scrip Name,Exchange,Bill No.,Buy Qty.,Buy Value,Sell Qty.,Sell Value,Brokerage,GST,STT,SEBI Fees,Stamp Duty,Txn. Charges,Oth. Charges,Gross Amount';

describe('parseDhanTransactions', () => {
  it('turns a row with buys and sells into two fills at average prices, sharing charges by value', () => {
    const csv = `${HEADER}\n09-06-2025,TATAMOTORS,NSE,B1001,100,"70,000.00",100,"71,000.00",40,7.2,17.75,0.14,2.1,4.18,0,"1,000.00"\n`;
    const { fills, errors } = parseDhanTransactions(csv);
    expect(errors).toEqual([]);
    // Charges 40 + 7.2 + 17.75 + 0.14 + 2.1 + 4.18 = 71.37; by value 70,000 : 71,000 → 35.43 and 35.94.
    expect(fills).toMatchObject([
      { side: 'buy', quantity: 100, price: 700, fees: 35.43, tradeId: 'B1001/TATAMOTORS/buy' },
      { side: 'sell', quantity: 100, price: 710, fees: 35.94, executedAt: '2025-06-09T09:15:00+05:30' },
    ]);
    // Same-day round trip: intraday, 100 × 10 = +1,000 gross, as the report's Gross Amount says.
    expect(matchFills(fills)).toMatchObject([{ product: 'intraday', grossPnl: 1000, fees: 71.37 }]);
  });

  it('reports malformed rows and imports the rest', () => {
    const csv = [
      HEADER,
      '2025-06-09,INFY,NSE,B1,10,15000,0,0,0,0,15,0,2.25,0.45,0,15000',
      '2025-06-09,INFY,NSE,B1,ten,15000,0,0,0,0,0,0,0,0,0,0',
      '2025-06-99,INFY,NSE,B1,10,15000,0,0,0,0,0,0,0,0,0,0',
      '2025-06-09,INFY,NSE,B1,0,0,0,0,0,0,0,0,0,0,0,0',
    ].join('\n');
    const { fills, errors } = parseDhanTransactions(csv);
    expect(fills).toHaveLength(1);
    expect(errors.map((e) => e.message)).toEqual([
      "Row 3: Buy Qty. 'ten' is not a number of 0 or more",
      "Row 4: Date '2025-06-99' is not a date",
      'Row 5: neither Buy Qty. nor Sell Qty. is above 0',
    ]);
  });
});
