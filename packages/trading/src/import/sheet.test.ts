import { strToU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import { cellDate, cellId, cellTimestamp, workbookRecords } from './sheet';
import { writeXlsx } from './xlsx-fixture';

describe('cells', () => {
  it('reads a date cell as a serial or as text, leaving any time of day out', () => {
    // 45817 is 9 Jun 2025.
    expect(
      ['45817', '45817.75', '2025-06-09', '09-06-2025', '2025-06-09 10:22:33', '2025-06-09T10:22:33'].map(cellDate),
    ).toEqual(Array(6).fill('2025-06-09'));
    expect(cellDate('2025-02-30')).toBeNull();
  });

  it('reads a time cell beside a date cell, or a full date-time on its own', () => {
    expect(cellTimestamp('45817', '0.5')).toBe('2025-06-09T12:00:00+05:30');
    expect(cellTimestamp('45817', '2025-06-09 10:22:33')).toBe('2025-06-09T10:22:33+05:30');
    expect(cellTimestamp('45817.43232638889')).toBe('2025-06-09T10:22:33+05:30');
  });

  it('turns an id Excel wrote in E notation back into its digits, and leaves other ids alone', () => {
    expect(cellId('1.300000021339012E+15')).toBe('1300000021339012');
    expect(cellId(' 603052659 ')).toBe('603052659');
    expect(cellId('B1001')).toBe('B1001');
  });
});

describe('workbookRecords', () => {
  it('gives every sheet of a workbook, and CSV (text or bytes) as one sheet', () => {
    const bytes = writeXlsx([
      { name: 'A', rows: [['x']] },
      { name: 'B', rows: [['y'], ['z']] },
    ]);
    expect(workbookRecords(bytes)).toEqual({
      sheets: [
        { name: 'A', records: [['x']] },
        { name: 'B', records: [['y'], ['z']] },
      ],
      format: 'xlsx',
      errors: [],
    });
    expect(workbookRecords(strToU8('h\nv\n'))).toEqual({
      sheets: [{ name: '', records: [['h'], ['v']] }],
      format: 'csv',
      errors: [],
    });
  });

  it('reads only the first rows when asked, in CSV as in a workbook', () => {
    const csv = 'a\nb\nc\nd\n';
    expect(workbookRecords(csv, { maxRows: 2 }).sheets[0]?.records).toEqual([['a'], ['b']]);
    expect(workbookRecords(strToU8(csv), { maxRows: 3 }).sheets[0]?.records).toEqual([['a'], ['b'], ['c']]);
  });

  it('says so when zip bytes are not a workbook', () => {
    expect(workbookRecords(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 9]))).toEqual({
      sheets: [],
      format: 'xlsx',
      errors: [
        { row: 1, column: null, message: 'This file is not an Excel workbook (.xlsx): it could not be unzipped.' },
      ],
    });
  });
});
