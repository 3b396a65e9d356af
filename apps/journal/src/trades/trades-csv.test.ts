import { describe, expect, it } from 'vitest';
import type { JournalTrade } from '../data/journal-data';
import { tradesCsv, tradesCsvFileName } from './trades-csv';

const base: JournalTrade = {
  id: 't1',
  exchange: 'NSE',
  segment: 'options',
  product: 'intraday',
  symbol: 'NIFTY26AUG24500CE',
  underlying: 'NIFTY',
  expiry: '2026-08-27',
  strike: 24500,
  optionType: 'CE',
  lotSize: 65,
  side: 'long',
  quantity: 130,
  entryPrice: 112.5,
  exitPrice: 140.25,
  entryTime: '2026-08-03T04:00:00+00:00',
  // held overnight: entered Monday 3 August, closed Tuesday 4 August (the P&L day)
  exitTime: '2026-08-04T06:30:15+00:00',
  entryDate: '2026-08-03',
  exitDate: '2026-08-04',
  status: 'closed',
  grossPnl: 3607.5,
  charges: 96.34,
  chargesBreakdown: null,
  chargesSource: 'estimated',
  netPnl: 3511.16,
  stopLoss: null,
  target: null,
  playbookId: 'pb1',
  playbookName: 'Opening range breakout',
  brokerProfileId: null,
  emotionsBefore: [],
  emotionsAfter: [],
  mistakes: [],
  rating: null,
  notes: 'Gap up, "clean" breakout, held',
  importSource: 'zerodha',
  importId: null,
  tags: ['breakout', 'A+'],
  tagIds: ['g1', 'g2'],
};

const HEADER =
  'Entry date,Entry time,Exit date,Exit time,Symbol,Underlying,Exchange,Segment,Product,Side,Quantity,Entry price,Exit price,Status,Gross P&L,Charges,Net P&L,Charges source,Playbook,Tags,Notes';

describe('tradesCsv', () => {
  it('starts with a byte-order mark and writes IST times, plain numbers and quoted text', () => {
    const csv = tradesCsv([base]);
    expect(csv).toBe(
      `\uFEFF${HEADER}\r\n` +
        // 04:00 UTC is 09:30 IST; 06:30:15 UTC is 12:00:15 IST. 3,607.50 is written without grouping.
        '2026-08-03,2026-08-03T09:30:00+05:30,2026-08-04,2026-08-04T12:00:15+05:30,NIFTY26AUG24500CE,NIFTY,NSE,options,intraday,long,130,112.5,140.25,closed,3607.5,96.34,3511.16,estimated,Opening range breakout,breakout; A+,"Gap up, ""clean"" breakout, held"\r\n',
    );
  });

  it('leaves exit, P&L and playbook empty for an open trade and keeps a leading minus out of formulas', () => {
    const open: JournalTrade = {
      ...base,
      status: 'open',
      exitTime: null,
      exitDate: null,
      exitPrice: null,
      grossPnl: null,
      netPnl: null,
      playbookId: null,
      playbookName: null,
      tags: [],
      notes: '=HYPERLINK("x")',
    };
    const [, row] = tradesCsv([open]).split('\r\n');
    expect(row).toBe(
      `2026-08-03,2026-08-03T09:30:00+05:30,,,NIFTY26AUG24500CE,NIFTY,NSE,options,intraday,long,130,112.5,,open,,96.34,,estimated,,,"'=HYPERLINK(""x"")"`,
    );
  });

  it('writes a negative P&L as a plain number', () => {
    const loss = { ...base, grossPnl: -1234567.5, netPnl: -1234663.84 };
    expect(tradesCsv([loss]).split('\r\n')[1]).toContain(',closed,-1234567.5,96.34,-1234663.84,');
  });

  it('names the file for the IST day', () => {
    // 20:00 UTC on 21 Nov is already 22 Nov in India.
    expect(tradesCsvFileName(new Date('2026-11-21T20:00:00Z'))).toBe('bahi-trades-2026-11-22.csv');
  });
});
