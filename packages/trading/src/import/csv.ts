// A small RFC 4180 reader: quoted fields, doubled quotes, CRLF / LF / CR line ends, a UTF-8 BOM and a
// trailing newline. Lenient by design: a quote that is never closed is kept as text and its field ends at the
// next comma or line end, rather than taking the rest of the file, because a broker export with one odd cell
// should still import its other rows (and report that one).

/** Parses CSV text into records of cells. A blank line becomes `['']`, so record i is file row i + 1. */
export function parseCsv(text: string): string[][] {
  return Array.from(csvRecords(text));
}

/**
 * `parseCsv`'s records one at a time, so that a reader can turn each into a fill and drop it: a 50,000-row file's
 * cells then never all live at once, which spares the garbage collector copying them.
 */
export function* csvRecords(text: string): Generator<string[]> {
  let record: string[] = [];
  let previous: string[] = [];
  const n = text.length;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  // Each pass reads one field, then the separator after it (comma, line end or end of text).
  while (i < n) {
    let field: string;
    if (text.charCodeAt(i) === QUOTE && hasClosingQuote(text, i + 1)) {
      // Quoted field: read to the closing quote; "" is one quote.
      field = '';
      let from = i + 1;
      for (;;) {
        const q = text.indexOf('"', from);
        if (q === -1) {
          field += text.slice(from);
          i = n;
          break;
        }
        field += text.slice(from, q);
        if (text.charCodeAt(q + 1) === QUOTE) {
          field += '"';
          from = q + 2;
          continue;
        }
        i = q + 1;
        break;
      }
      // Anything between the closing quote and the separator is kept, as spreadsheets do.
      const start = i;
      while (i < n && !isSeparator(text.charCodeAt(i))) i++;
      field += text.slice(start, i);
    } else {
      const start = i;
      while (i < n && !isSeparator(text.charCodeAt(i))) i++;
      // A column often repeats the cell above it (exchange, segment, side, date): that string is used again rather
      // than a copy per row, which keeps a quarter less alive while a 50,000-row file is read (fewer, cheaper GCs).
      const above = previous[record.length];
      field =
        above !== undefined && above.length === i - start && text.startsWith(above, start)
          ? above
          : text.slice(start, i);
    }
    record.push(field);
    if (i >= n) break;
    const c = text.charCodeAt(i);
    i++;
    if (c === COMMA) {
      // A comma at the very end leaves one more, empty, field.
      if (i >= n) record.push('');
      continue;
    }
    if (c === CR && text.charCodeAt(i) === LF) i++;
    yield record;
    previous = record;
    record = [];
  }
  // No record after a final newline; otherwise the last line is a record even without one.
  if (record.length > 0) yield record;
}

/** Whether a quoted field opened just before `from` is closed somewhere: by a quote that is not doubled. */
function hasClosingQuote(text: string, from: number): boolean {
  let q = text.indexOf('"', from);
  while (q !== -1) {
    if (text.charCodeAt(q + 1) !== QUOTE) return true;
    q = text.indexOf('"', q + 2);
  }
  return false;
}

const QUOTE = 34;
const COMMA = 44;
const CR = 13;
const LF = 10;
const isSeparator = (c: number) => c === COMMA || c === LF || c === CR;

/** True for a record with no content (blank line or only empty cells). */
export function isBlankRecord(record: readonly string[]): boolean {
  for (const cell of record) if (cell.trim() !== '') return false;
  return true;
}

/** Lower-case, trimmed, spaces and dots to underscores: `Trade Date` and `trade_date` name the same column. */
export function headerKey(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/[.\s]+/g, '_')
    .replace(/_+$/, '');
}
