// Corporate actions that change a delivery holding, as the trader records them (table public.corporate_actions), and
// what each does to the lots held on its ex-date. Sources are the Income-tax Act, 1961 (the ex-dates here are all
// before the 2025 Act took effect on 1 Apr 2026) and the companies' and brokers' announcements:
//
// - Split: every `from` shares become `to`, the cost spread over them; the holding period is the original share's.
// - Bonus: `to` new shares for every `from` held, acquired on the ex-date at no cost (s. 55(2)(aa)).
// - Demerger: the parent share keeps its holding and a new share is credited, `to` for every `from` held. Neither is a
//   transfer (s. 47(vib), (vid)). The new shares' cost is the parent's cost × the net book value of the undertaking
//   demerged ÷ the parent's net worth (s. 49(2C)), and the parent's cost is reduced by that amount (s. 49(2D)); the
//   company announces that share of the cost as a percentage (Strides Pharma for OneSource, record date 6 Dec 2024:
//   89.35% stays with STAR, 10.65% goes to ONESOURCE). The new shares were held since the parent's were: s. 2(42A)
//   Explanation 1(i)(g) (inserted by the Finance Act 1999, s. 3(g): "in consideration of a demerger, there shall be
//   included the period for which the share or shares held in the demerged company were held").
// - Merger (amalgamation): the holding becomes `to` shares of the amalgamated company for every `from` held; not a
//   transfer (s. 47(vii)); the cost is the amalgamating company's shares' cost (s. 49(2)) and the holding period
//   includes theirs (s. 2(42A) Explanation 1(i)(c)). HDFC into HDFCBANK: 42 for every 25, record date 13 Jul 2023.
// - Symbol change: the same holding under a new symbol (and ISIN, when it changed), 1:1. Where the ISIN stays the
//   same the journal links the two symbols without an action (one instrument per ISIN: ./instruments.ts).
//
// Texts read: s. 49(2C) and (2D) as inserted by the Finance Act 1999, s. 35
// (https://taxmanagementindia.com/visitor/detail_act.asp?ID=49518); s. 2(42A) Explanation 1(i)(c) and (g)
// (https://taxmanagementindia.com/web/tmi_blog_details.asp?id=781624, https://future.indiankanoon.org/doc/83208442);
// s. 49(2) (https://www.taxtmi.com/acts?id=45969); s. 47(vi), (vii) (https://www.vildirect.com/data/Acts/
// Income%20Tax%20Act,%201961/1969/1969%20-%20Section%2047.htm).
//
// Fractions: no company credits part of a share. The fractional entitlements are pooled and sold by a trustee, who pays
// the proceeds in cash (OneSource: Catalyst Trusteeship; HDFC Bank: "HDFC Bank Unclaimed fractional amount 2023");
// Zerodha prices the shares credited at the invested value ÷ the shares due including the fraction
// (https://tradingqna.com/t/everything-you-need-to-know-about-the-merger-of-hdfc-ltd-with-hdfc-bank/149269). So the
// journal credits whole shares at that price per share; the fraction, its cost and its cash leave the holding, and the
// trade's adjustment note says so (the cash is not a fill in any tradebook).
import { formatCount } from '../money/inr';
import { units } from './units';

export type CorporateActionKind = 'split' | 'bonus' | 'demerger' | 'merger' | 'symbol_change';

/**
 * A corporate action on a listed share. `from` and `to` are the ratio: a 1:5 split is from 1, to 5; a 1:1 bonus gives
 * one new share for every one held; a demerger credits `to` new shares for every `from` held (STAR → ONESOURCE is
 * from 2, to 1); a merger gives `to` new shares for every `from` (HDFC → HDFCBANK from 25, to 42); a symbol change
 * is 1:1.
 */
export interface CorporateAction {
  id?: string;
  /** The share the action is on, as the trader wrote it. */
  symbol: string;
  /** The share's ISIN, when known: it finds the share under any of its symbols. */
  isin?: string | null;
  kind: CorporateActionKind;
  from: number;
  to: number;
  /** The first IST trading day without the entitlement, YYYY-MM-DD: the holding is adjusted before its trades. */
  exDate: string;
  /** Demerger, merger, symbol change: the share the holding gets (the resulting or amalgamated company). */
  newSymbol?: string | null;
  newIsin?: string | null;
  /** Demerger: the percentage of the parent's cost that goes to the new shares (s. 49(2C)), above 0 and below 100. */
  costPercent?: number | null;
}

/** A corporate action as it applied to one trade's holding. */
export interface AppliedAction extends CorporateAction {
  /**
   * This holding received shares without its own fills moving: a demerger's new share (its lots are made from the
   * parent's), or a merger or symbol change within one instrument. A holding that moved (a merger's or symbol
   * change's new share, holding the old share's fills) has no flag: its fills before the ex-date are the old share's.
   */
  credited?: boolean;
  /** What happened to a fractional entitlement, in the trader's words. */
  note?: string;
}

export const CORPORATE_ACTION_KINDS: readonly CorporateActionKind[] = [
  'split',
  'bonus',
  'demerger',
  'merger',
  'symbol_change',
];

/** A merger or symbol change: the holding moves to the new share, its lots (fills, costs, dates) with it. */
export const movesHolding = (a: Pick<CorporateAction, 'kind'>): boolean =>
  a.kind === 'merger' || a.kind === 'symbol_change';

/** An action that names a second share (the new one). */
export const hasNewShare = (a: Pick<CorporateAction, 'kind'>): boolean => a.kind === 'demerger' || movesHolding(a);

/**
 * Whole shares per lot for the exact entitlements `exact` (each ≥ 0): the holding's entitlement rounded down, as the
 * company credits it, shared over the lots by their whole parts first and the rest, one share each, to the largest
 * fractional parts (the oldest lot on a tie). The shares held stay in FIFO order.
 */
export function wholeShares(exact: readonly number[]): number[] {
  const total = Math.floor(units(exact.reduce((s, x) => s + x, 0)));
  const whole = exact.map((x) => Math.floor(units(x)));
  let left = total - whole.reduce((s, x) => s + x, 0);
  if (left > 0) {
    const order = exact.map((x, i) => ({ i, part: units(x - Math.floor(units(x))) }));
    order.sort((a, b) => b.part - a.part || a.i - b.i);
    for (const { i } of order) {
      if (left === 0) break;
      whole[i]!++;
      left--;
    }
  }
  return whole;
}

const NAMES: Record<CorporateActionKind, string> = {
  split: 'split',
  bonus: 'bonus',
  demerger: 'demerger',
  merger: 'merger',
  symbol_change: 'symbol change',
};

/**
 * The note for a holding whose entitlement was not whole: `held` shares gave `exact`, `whole` were credited. Null when
 * nothing was lost to a fraction.
 */
export function fractionNote(action: CorporateAction, held: number, exact: number, whole: number): string | null {
  const fraction = units(exact - whole);
  if (fraction <= 0) return null;
  const share = action.kind === 'split' || action.kind === 'bonus' ? action.symbol : (action.newSymbol ?? '');
  const due = action.kind === 'bonus' ? 'new shares' : `${share} shares`;
  return (
    `The ${NAMES[action.kind]} gave ${formatCount(exact)} ${due} for the ${formatCount(held)} ${action.symbol} held: ` +
    `${formatCount(whole)} were credited and the fraction of ${formatCount(fraction)} is paid in cash by the company, ` +
    'which is not in this journal.'
  );
}

/**
 * Shares per original share from `acquired` to `sold` (IST days), for a lot of a trade with these adjustments: the
 * splits, mergers and symbol changes in between (a demerger or bonus leaves the lot's own units as they were).
 */
export function unitScale(adjustments: readonly AppliedAction[], acquired: string, sold: string): number {
  let scale = 1;
  for (const a of adjustments) {
    if (a.exDate <= acquired || a.exDate > sold || a.credited) continue;
    if (a.kind === 'split' || movesHolding(a)) scale *= a.to / a.from;
  }
  return scale;
}

/** The part of a lot's cost that is still its own at `sold`: each demerger since `acquired` took its percentage. */
export function costShare(adjustments: readonly AppliedAction[], acquired: string, sold: string): number {
  let share = 1;
  for (const a of adjustments) {
    if (a.kind !== 'demerger' || a.credited || a.exDate <= acquired || a.exDate > sold) continue;
    share *= 1 - (a.costPercent ?? 0) / 100;
  }
  return share;
}
