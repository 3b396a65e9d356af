// What trades' charges were made of, in the words a trader reads on a contract note: the dashboard's period and a
// single trade's review.
import type { ChargeLine } from '@bahi/ui';
import type { JournalTrade } from './journal-data';

/** Broker and estimate breakdowns name the same charges differently; both read as the trader would. */
const CHARGE_LABELS: Record<string, string> = {
  brokerage: 'Brokerage',
  stt: 'STT',
  transaction: 'Exchange transaction',
  exchange_txn: 'Exchange transaction',
  gst: 'GST',
  stamp: 'Stamp duty',
  stamp_duty: 'Stamp duty',
  sebi: 'SEBI fee',
  ipft: 'IPFT',
  dp_charges: 'DP charges',
  dp: 'DP charges',
};
const NOT_CHARGES = new Set(['total', 'turnover']);

/** What the trades' charges were made of, largest first; charges without a breakdown are one line, so lines add up. */
export function chargeLines(trades: readonly JournalTrade[]): ChargeLine[] {
  // Summed by breakdown key first, named once at the end: a heavy journal is 20,000 breakdowns of nine keys each.
  const byKey = new Map<string, number>();
  let notItemised = 0;
  for (const t of trades) {
    const breakdown = t.chargesBreakdown;
    if (!breakdown) {
      if (t.charges) notItemised += t.charges;
      continue;
    }
    for (const key in breakdown) {
      const amount = breakdown[key];
      if (amount) byKey.set(key, (byKey.get(key) ?? 0) + Number(amount));
    }
  }
  const sums = new Map<string, number>();
  const add = (label: string, amount: number) => sums.set(label, (sums.get(label) ?? 0) + amount);
  if (notItemised) add('Not itemised', notItemised);
  for (const [key, amount] of byKey) if (!NOT_CHARGES.has(key)) add(CHARGE_LABELS[key] ?? 'Other', amount);
  return [...sums]
    .map(([label, amount]) => ({ label, amount: Math.round(amount * 100) / 100 }))
    .filter((line) => line.amount !== 0)
    .sort((a, b) => b.amount - a.amount);
}
