// The trades list's CSV export, made for Excel: a UTF-8 byte-order mark (so ₹ and Hindi names survive), CRLF rows,
// ISO dates and times in IST, plain numbers (no grouping, no ₹) so that a spreadsheet reads them as numbers.
// 'Exit date' is the day the P&L is realised, the day the journal's calendar, dashboard and funds count it on.
import { toIstTimestamp } from '@bahi/trading';
import type { JournalTrade } from '../data/journal-data';

const COLUMNS = [
  'Entry date',
  'Entry time',
  'Exit date',
  'Exit time',
  'Symbol',
  'Underlying',
  'Exchange',
  'Segment',
  'Product',
  'Side',
  'Quantity',
  'Entry price',
  'Exit price',
  'Status',
  'Gross P&L',
  'Charges',
  'Net P&L',
  'Charges source',
  'Playbook',
  'Tags',
  'Notes',
] as const;

function cell(value: string | number | null | undefined, text = false): string {
  if (value === null || value === undefined) return '';
  let s = String(value);
  // A text cell starting with = + - @ would run as a formula in Excel: a leading apostrophe keeps it text.
  if (text && /^[=+\-@]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
}

export function tradesCsv(trades: readonly JournalTrade[]): string {
  const lines = [COLUMNS.join(',')];
  for (const t of trades) {
    lines.push(
      [
        cell(t.entryDate),
        cell(toIstTimestamp(t.entryTime)),
        cell(t.exitDate),
        cell(t.exitTime === null ? null : toIstTimestamp(t.exitTime)),
        cell(t.symbol, true),
        cell(t.underlying, true),
        cell(t.exchange),
        cell(t.segment),
        cell(t.product),
        cell(t.side),
        cell(t.quantity),
        cell(t.entryPrice),
        cell(t.exitPrice),
        cell(t.status),
        cell(t.grossPnl),
        cell(t.charges),
        cell(t.netPnl),
        cell(t.chargesSource),
        cell(t.playbookName, true),
        cell(t.tags.join('; '), true),
        cell(t.notes, true),
      ].join(','),
    );
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** The download's file name, e.g. bahi-trades-2026-11-21.csv (the IST day). */
export function tradesCsvFileName(now: Date = new Date()): string {
  return `bahi-trades-${toIstTimestamp(now).slice(0, 10)}.csv`;
}
