import type { TaxHead } from '@bahi/trading';
import { formatCount } from '@bahi/trading';

// What the tax screen's parts share: the heads' names, dates as a return lists them, and rates. Their wide tables
// scroll in components/scroll-region.tsx.

export const HEAD_TITLES: Record<TaxHead, string> = {
  speculative: 'Speculative business income',
  nonSpeculative: 'Non-speculative business income',
  shortTerm: 'Short-term capital gains',
  longTerm: 'Long-term capital gains',
};

export const TAX_HEADS = Object.keys(HEAD_TITLES) as TaxHead[];

const shortDate = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'Asia/Kolkata',
});
const longDate = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Asia/Kolkata',
});

/** A date-only value read as noon in India, so that no time zone moves it to another day. */
const istNoon = (iso: string) => new Date(`${iso}T12:00:00+05:30`);

/** '24 Sept 2024', in a <time> element. */
export function Day({ iso }: { iso: string }) {
  return <time dateTime={iso}>{shortDate.format(istNoon(iso))}</time>;
}

export const formatDay = (iso: string) => shortDate.format(istNoon(iso));
export const formatLongDay = (iso: string) => longDate.format(istNoon(iso));

/** Whole days from one IST day to another. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** '12.5%'. */
export const formatRate = (rate: number) => `${rate.toLocaleString('en-IN', { maximumFractionDigits: 2 })}%`;

/** The Act's short citation for a rule ('s. 111A'); nothing when the rules have not loaded. */
export function sectionRef(sections: Record<string, string> | undefined, key: string): string | null {
  return sections?.[key] || null;
}

export const count = (n: number, one: string, many = `${one}s`) => `${formatCount(n)} ${n === 1 ? one : many}`;
