// The depository (DP) charge on a delivery sale: once per share (scrip) and day, whatever the quantity, debited on the
// ledger rather than the contract note. It is the depository's fee (CDSL's, for Zerodha) plus the depository
// participant's (the broker's), with 18% GST on both. These are Zerodha's figures, the discount broker whose schedule
// the default profile follows; a trader's own figure on their broker profile replaces them from the day they set it.
import type { Evidence } from './types';

/** One dated DP charge: in force for sales from `from` (IST) until the next row's. */
export interface DpRow {
  from: string;
  /** Rupees per share and day, as the broker states it. */
  amount: number;
  /** Whether `amount` already includes GST. */
  includesGst: boolean;
  source: string;
  evidence: Evidence;
}

export type DpSchedule = readonly DpRow[];

const ZERODHA_SUPPORT =
  'Zerodha support, "What does Depository Participant (DP) charge mean?" (https://support.zerodha.com/category/' +
  'account-opening/charges-at-zerodha/articles/what-do-dp-charges-mean)';
const WAYBACK =
  'Wayback Machine captures of https://zerodha.com/charges, as listed with their dates in a public cost-schedule ' +
  'audit (the captures themselves were not opened here)';

/** Zerodha's DP charge by date, from 1 Apr 2018, each row with its source. */
export const ZERODHA_DP_CHARGES: DpSchedule = [
  {
    from: '2018-04-01',
    amount: 13.5,
    includesGst: false,
    source:
      `₹13.50 + 18% GST (₹15.93) per scrip per day, of which ₹5.50 was CDSL's. ${ZERODHA_SUPPORT}, earlier text: ` +
      '"Rs. 13.5 (+ 18% GST) per day per scrip"; Nithin Kamath on TradingQnA: "It\'s always flat Rs.13.5" ' +
      '(https://tradingqna.com/t/dp-charges-i-think-there-is-some-mistake-in-the-website-please-confirm-me/19962/16). ' +
      `${WAYBACK}: "₹13.5 per scrip" on 22 Aug 2018 and 6 May 2019 (tax not mentioned), "₹13.5 + GST" on 17 Feb ` +
      '2020, 17 Jan 2022 and 1 Mar 2024. In force since at least Oct 2016, before these tables.',
    evidence: 'secondary',
  },
  {
    from: '2024-06-01',
    amount: 13,
    includesGst: false,
    source:
      'CDSL cut its debit transaction charge by ₹0.50 in every slab from 1 Jun 2024, ₹0.25 more for women first ' +
      'holders (Business Today, 11 May 2024, https://businesstoday.in/amp/markets/story/cdsl-tweaks-transaction-' +
      'charges-check-details-to-know-revised-rates-429187-2024-05-11; Bajaj Broking, https://www.bajajbroking.in/' +
      `blog/cdsl-reduces-transaction-charges-by-50p-per-transaction). ${WAYBACK}: "₹13 + GST" on 17 Sep 2024, ` +
      '"₹13.5 + GST" on 1 Mar 2024. The day Zerodha passed the cut on is taken as CDSL\'s, 1 Jun 2024: no Zerodha ' +
      `notice giving it was found. Women first holders pay ₹12.75 + GST (${ZERODHA_SUPPORT}): not modelled, a trader ` +
      'enters it on their profile.',
    evidence: 'secondary',
  },
  {
    from: '2024-10-01',
    amount: 13,
    includesGst: false,
    source:
      'CDSL charges one ₹3.50 per debit from 1 Oct 2024 under SEBI\'s "true to label" circular (CDSL filing of 26 ' +
      'Sep 2024, Business World/ANI, https://businessworld.in/article/cdsl-introduces-uniform-tariff-of-rs-350-per-' +
      'transaction-effective-1-oct-534418; Fortune India, https://fortuneindia.com/macro/after-sebi-directive-cdsl-' +
      "introduces-350-fee-on-debit-transactions-from-oct/118547). Zerodha's total is unchanged: ₹15.34 per scrip " +
      `(₹3.5 CDSL + ₹9.5 Zerodha + ₹2.34 GST) on its charges page (${WAYBACK}: 8 Oct and 2 Nov 2024) and ₹13 + 18% ` +
      'GST in Zerodha support, "DP charges for BTST trades" (https://support.zerodha.com/category/account-opening/' +
      'resident-individual/ri-charges/articles/dp-charges-for-btst-trades). Conflicting: Nithin Kamath wrote on 23 ' +
      'Feb 2026 of "₹13.5 + GST per transaction (includes ₹3.5 depository fee)" (x.com/Nithin0dha/status/' +
      '2025866391744557403, archived in github.com/zerodha/nithinkamath.me); the charges page figure is kept.',
    evidence: 'secondary',
  },
];
