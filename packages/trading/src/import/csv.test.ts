import { describe, expect, it } from 'vitest';
import { parseCsv } from './csv';

describe('parseCsv', () => {
  it('reads quoted fields with commas, doubled quotes and line breaks', () => {
    expect(parseCsv('a,"b,c","say ""hi""","two\nlines"\n')).toEqual([['a', 'b,c', 'say "hi"', 'two\nlines']]);
  });

  it('accepts CRLF, a BOM and no trailing newline', () => {
    expect(parseCsv('\uFEFFx,y\r\n1,2')).toEqual([
      ['x', 'y'],
      ['1', '2'],
    ]);
  });

  it('keeps blank lines as records so row numbers match the file', () => {
    expect(parseCsv('h\n\nv\n')).toEqual([['h'], [''], ['v']]);
  });

  it('keeps empty trailing cells', () => {
    expect(parseCsv('a,,\n')).toEqual([['a', '', '']]);
  });

  it('keeps a quote that is never closed as text, so the rows after it still read', () => {
    expect(parseCsv('a,"open\nb,c\n')).toEqual([
      ['a', '"open'],
      ['b', 'c'],
    ]);
  });
});
