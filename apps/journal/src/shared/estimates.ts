// What estimated charges assumed, in the screens' words, with where the trader gives it: their state and their
// broker charges are both on the profile's broker charges card.
import { describeEstimate, type EstimateReason, estimateFix } from '@bahi/trading';
import type { EstimateNote } from '@bahi/ui';

const BROKER_CHARGES_HREF = '/profile#broker-charges';

/** Where the trader gives what an estimate assumed, as a link to their profile; the first reason that has one. */
export function estimateFixLink(reasons: readonly EstimateReason[]): { label: string; href: string } | undefined {
  for (const reason of reasons) {
    const fix = estimateFix(reason);
    if (fix === 'state') return { label: 'Set your state on your profile', href: BROKER_CHARGES_HREF };
    if (fix === 'broker-charges') return { label: 'Set your broker charges', href: BROKER_CHARGES_HREF };
  }
  return undefined;
}

/** Said beside one trade's charges that rest on an assumption: each thing assumed, in words. */
export function estimatedChargesNote(reasons: readonly EstimateReason[]): string {
  return `These charges are an estimate: ${reasons.map(describeEstimate).join('; ')}.`;
}

/** A plan's assumptions with their trade counts, as the import preview lists them. */
export function estimateNotes(counts: readonly { reason: EstimateReason; trades: number }[]): EstimateNote[] {
  return counts.map(({ reason, trades }) => {
    const fix = estimateFixLink([reason]);
    return { reason: describeEstimate(reason), trades, ...(fix ? { fix } : {}) };
  });
}
