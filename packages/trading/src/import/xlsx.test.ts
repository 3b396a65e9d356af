import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { columnIndex, excelSerialToIst, readXlsx, readXlsxSheets, XlsxError } from './xlsx';
import { writeXlsx } from './xlsx-fixture';

describe('readXlsx', () => {
  it('reads shared, inline and rich strings, numbers, booleans and empty cells, keeping row numbers', () => {
    const wide: (string | null)[] = Array.from({ length: 27 }, () => null);
    wide[26] = 'in AA';
    const bytes = writeXlsx([
      {
        name: 'Sheet1',
        rows: [
          ['Trade Report', null, 'M&M <FUT>'],
          [],
          [{ inline: 'inline text' }, 884.5, true, { rich: ['NIF', 'TY'] }],
          wide,
        ],
      },
    ]);
    expect(readXlsx(bytes)).toEqual({
      name: 'Sheet1',
      rows: [
        ['Trade Report', '', 'M&M <FUT>'],
        [],
        ['inline text', '884.5', 'TRUE', 'NIFTY'],
        [...Array.from({ length: 26 }, () => ''), 'in AA'],
      ],
    });
  });

  it('reads the sheet asked for by name, else the first', () => {
    const bytes = writeXlsx([
      { name: 'Summary', rows: [['totals']] },
      { name: 'TRADE', rows: [['fills']] },
    ]);
    expect(readXlsx(bytes, 'trade').rows).toEqual([['fills']]);
    expect(readXlsx(bytes, 'Missing').rows).toEqual([['totals']]);
    expect(readXlsx(bytes).name).toBe('Summary');
  });

  it('reads every sheet in workbook order, each no further than maxRows when asked', () => {
    const bytes = writeXlsx([
      { name: 'Summary', rows: [['totals'], ['more']] },
      { name: 'Tradewise Exits from 2024-04-01', rows: [[], ['', 'Symbol'], ['', 'TCS'], ['', 'INFY']] },
    ]);
    expect(readXlsxSheets(bytes)).toEqual([
      { name: 'Summary', rows: [['totals'], ['more']] },
      { name: 'Tradewise Exits from 2024-04-01', rows: [[], ['', 'Symbol'], ['', 'TCS'], ['', 'INFY']] },
    ]);
    expect(readXlsxSheets(bytes, { maxRows: 2 }).map((s) => s.rows)).toEqual([
      [['totals'], ['more']],
      [[], ['', 'Symbol']],
    ]);
  });

  it('says so when the bytes are not a workbook', () => {
    expect(() => readXlsx(strToU8('symbol,price\nSBIN,880'))).toThrow(
      new XlsxError('This file is not an Excel workbook (.xlsx): it could not be unzipped.'),
    );
    expect(() => readXlsx(zipSync({ 'word/document.xml': strToU8('<w/>') }))).toThrow(
      'This file is not an Excel workbook (.xlsx): it has no workbook.',
    );
  });
});

describe('columnIndex', () => {
  it('counts A as 0, Z as 25, AA as 26, AZ as 51, BA as 52', () => {
    expect(['A1', 'Z9', 'AA10', 'AZ3', 'BA3'].map(columnIndex)).toEqual([0, 25, 26, 51, 52]);
  });
});

describe('excelSerialToIst', () => {
  it('reads a date-time serial as India wall-clock time', () => {
    // 45292 is 1 Jan 2024; + 366 (2024) + 365 (2025) + 304 (Jan–Oct 2026) + 19 = 46346, 20 Nov 2026.
    // 10:22:33 is 37,353 s of 86,400: 0.432326388…
    expect(excelSerialToIst('46346.432326388889')).toBe('2026-11-20T10:22:33+05:30');
    expect(excelSerialToIst('46346')).toBe('2026-11-20T00:00:00+05:30');
  });

  it('reads a time alone (a fraction of a day) on Excel day 0', () => {
    expect(excelSerialToIst('0.5')).toBe('1899-12-30T12:00:00+05:30');
  });

  it('is null for text and for numbers that cannot be trade dates', () => {
    expect(['20-11-2026', '', '5', '880.5', '-1'].map(excelSerialToIst)).toEqual([null, null, null, null, null]);
  });
});
