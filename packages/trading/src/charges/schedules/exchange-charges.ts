// Exchange transaction charges and NSE's Investor Protection Fund Trust (IPFT) levy, each side of a trade, by the
// date each took effect. Until 30 Sep 2024 exchanges charged members by monthly-turnover slabs and discount brokers
// passed the highest-rate (first) slab to clients, so that slab is the rate here; from 1 Oct 2024 SEBI's "true to
// label" circular (SEBI/HO/MRD/TPD-1/P/CIR/2024/92, 1 Jul 2024) made every exchange charge one flat rate.
import { percent } from '../paise';
import type { Exchange, RateRow, Schedule, SegmentOf } from './types';

type BySegment = { readonly [E in Exchange]: Readonly<Record<SegmentOf<E>, Schedule>> };

const START = '2018-04-01';

const row = (from: string, value: number, source: string, evidence: RateRow['evidence']): RateRow => ({
  from,
  value,
  source,
  evidence,
});

const NSE_2009 =
  'NSE circulars NSE/F&A/13028 and NSE/F&A/13029 (7 Sep 2009): first-slab rates from 1 Oct 2009, given as the ' +
  '"existing" charges by NSE/FA/46730 (18 Dec 2020)';
const NSE_2021 =
  'NSE/FA/46730 (18 Dec 2020): a 6% increase from 1 Jan 2021 "partly to augment the NSE IPFT corpus" (NSE press ' +
  'release of 24 Mar 2023 as reported by The Hindu, https://www.thehindu.com/business/nse-to-roll-back-6-increase-' +
  'in-transaction-charges/article66657383.ece); first-slab figures from the circular as quoted in public ' +
  'repositories, and Zerodha charges page copies 2021–2023 (0.00345% / 0.002% / 0.053%)';
const NSE_2023 =
  'NSE/FA/56129 (24 Mar 2023): the 2021 increase rolled back from 1 Apr 2023 (NSE press release, The Hindu as ' +
  'above) with IPFT raised separately; first-slab figures from the circular as quoted in public repositories';
const NSE_2024_APRIL =
  'NSE/FA/61137 (14 Mar 2024): first-slab rates from 1 Apr 2024, as quoted in public repositories (one archiving ' +
  'the PDF: https://nsearchives.nseindia.com/content/circulars/FA61137.pdf); Zerodha charges page, Jul 2024, as ' +
  'quoted there (0.00322% / 0.00188% / 0.0495%). Circular text not read here';
const NSE_2024_OCTOBER =
  'NSE/FA/64232 (27 Sep 2024): one flat rate for all members from 1 Oct 2024 under SEBI\'s "true to label" ' +
  'circular (PTI, https://m.rediff.com/news/commentary/2024/sep/27/nse-bse-revise-transaction-charges-effective-' +
  'from-oct-1/df33a938d5b647658155308e62397387; NDTV Profit and Hindustan Times of 27 Sep 2024 quote the circular ' +
  'figures: ₹2.97 / ₹1.73 / ₹35.03 per lakh each side)';
const NSE_2026 =
  'NSE/FA/73061 (27 Feb 2026): from 1 Mar 2026 the IPFT contribution goes back to ₹0.01 per crore and the ' +
  'transaction charge rises by the same amount, the total (₹307 / ₹183 / ₹3,553 per crore) unchanged; as quoted ' +
  'in several public repositories (https://nsearchives.nseindia.com/content/circulars/FA73061.pdf) and by ' +
  "Dhan's pricing page (0.0030699%). Circular text not read here";

/** Exchange transaction charge, each side, on turnover (premium turnover for options). */
export const TRANSACTION_CHARGES: BySegment = {
  NSE: {
    'equity-delivery': cashMarket(),
    'equity-intraday': cashMarket(),
    futures: [
      row(
        START,
        percent(0.0019),
        `${NSE_2009}: ₹1.90 per lakh each side up to ₹2,500 crore a month (NSE/F&A/13029 text, ` +
          'https://vlex.in/vid/nse-circular-no-nse-545609906); Zerodha charges page copies 2020 show 0.0019%.',
        'primary',
      ),
      row('2021-01-01', percent(0.002), `${NSE_2021}: ₹2.00 per lakh.`, 'secondary'),
      row('2023-04-01', percent(0.0019), `${NSE_2023}: ₹1.90 per lakh.`, 'secondary'),
      row('2024-04-01', percent(0.00188), `${NSE_2024_APRIL}: ₹1.88 per lakh.`, 'secondary'),
      row('2024-10-01', percent(0.00173), `${NSE_2024_OCTOBER}: ₹1.73 per lakh.`, 'secondary'),
      row('2026-03-01', 182.99, `${NSE_2026}: ₹182.99 per crore.`, 'secondary'),
    ],
    options: [
      row(
        START,
        percent(0.05),
        `${NSE_2009}: ₹50 per lakh of premium; Zerodha charges page copies 2019–2020 show "0.05% (on premium)".`,
        'secondary',
      ),
      row('2021-01-01', percent(0.053), `${NSE_2021}: ₹53 per lakh of premium.`, 'secondary'),
      row('2023-04-01', percent(0.05), `${NSE_2023}: ₹50 per lakh of premium.`, 'secondary'),
      row('2024-04-01', percent(0.0495), `${NSE_2024_APRIL}: ₹49.50 per lakh of premium.`, 'secondary'),
      row('2024-10-01', percent(0.03503), `${NSE_2024_OCTOBER}: ₹35.03 per lakh of premium.`, 'secondary'),
      row('2026-03-01', 3552.99, `${NSE_2026}: ₹3,552.99 per crore of premium.`, 'secondary'),
    ],
  },
  BSE: {
    'equity-delivery': bseCash(),
    'equity-intraday': bseCash(),
    futures: [
      row(START, 0, 'No BSE equity-derivatives charge found before the waiver of Aug 2019; nil assumed.', 'unsourced'),
      row(
        '2019-08-20',
        0,
        'BSE notice 20190819-14 (19 Aug 2019): transaction charges waived on equity derivatives, as quoted in a ' +
          'public repository; index and stock futures still "Nil" in BSE\'s circular of 27 Sep 2024 (Financial ' +
          'Express, https://www.financialexpress.com/market/bse-shares-jump-2-as-stock-exchanges-hike-transaction-' +
          'charges-from-october-1-3625903/lite).',
        'secondary',
      ),
    ],
    // SENSEX and BANKEX options, the bulk of BSE options turnover; stock and SENSEX 50 options stayed at ₹500 per
    // crore from 2 May 2022 and are charged at this (higher) rate from 1 Nov 2023.
    options: [
      row(START, 0, 'No BSE options charge found before the waiver of Aug 2019; nil assumed.', 'unsourced'),
      row(
        '2019-08-20',
        0,
        'BSE notice 20190819-14 (19 Aug 2019): equity-derivatives transaction charges waived, as quoted in a ' +
          'public repository.',
        'secondary',
      ),
      row(
        '2022-05-02',
        percent(0.005),
        'BSE notice 20220425-2 (25 Apr 2022): options ₹500 per crore of premium from 2 May 2022 (rate as quoted in ' +
          'a public repository; the notice is cited by BSE notice 20231020-46).',
        'secondary',
      ),
      row(
        '2023-11-01',
        percent(0.0375),
        'BSE notice 20231020-46 (20 Oct 2023), SENSEX options of the nearest expiry from 1 Nov 2023: ₹500 per ' +
          'crore of premium up to ₹3 crore a month, ₹3,750 above (the highest slab, taken here), falling to ' +
          '₹2,000 above ₹2,000 crore (https://bseindia.com/markets/MarketInfo/DispNoticesNCirculars.aspx?' +
          'noticeno=20231020-46).',
        'primary',
      ),
      row(
        '2024-05-13',
        percent(0.0495),
        'BSE notice 20240430-42 (30 Apr 2024), SENSEX and BANKEX options of all expiries from 13 May 2024: ₹4,950 ' +
          'per crore of premium above ₹3 crore a month, the highest slab (Mint/Economic Times reports of 30 Apr ' +
          '2024; notice number as quoted in a public repository).',
        'secondary',
      ),
      row(
        '2024-10-01',
        percent(0.0325),
        'BSE circular of 27 Sep 2024 (20240927-37 as quoted in a public repository): SENSEX and BANKEX options ' +
          '₹3,250 per crore of premium, flat, from 1 Oct 2024 (PTI; Hindustan Times, https://www.hindustantimes.com/' +
          'business/nse-bse-revise-transaction-fees-here-are-new-charges-effective-from-october-1-101727449498861.html).',
        'secondary',
      ),
    ],
  },
  MCX: {
    futures: [
      row(
        START,
        percent(0.0026),
        'MCX non-agricultural futures: ₹2.60 per lakh for members with a monthly average daily turnover up to ₹350 ' +
          'crore, from 1 Oct 2016 (Business Standard, 27 Sep 2016, https://business-standard.com/amp/article/news-cm/' +
          'mcx-spurts-after-raising-transaction-fee-116092700345_1.html); "0.0026% for group A" on Zerodha\'s support ' +
          'page. The MCX circular itself was not found.',
        'secondary',
      ),
      row(
        '2024-10-01',
        percent(0.0021),
        'MCX circular MCX/F&A/631/2024 (24 Sep 2024): ₹2.10 per lakh of turnover, flat, from 1 Oct 2024 (NDTV ' +
          'Profit, https://ndtvprofit.com/markets/mcx-revises-transaction-fees-on-fo-contracts-after-sebi-mandates-' +
          'uniform-charge-structure; Fortune India; circular number as quoted in public repositories).',
        'secondary',
      ),
    ],
    options: [
      row(
        START,
        0,
        'MCX options: transaction charges waived until 30 Sep 2021 (The Hindu BusinessLine, 26 Jul 2021, ' +
          'https://www.thehindubusinessline.com/markets/commodities/mcx-to-levy-charges-on-options-trading/' +
          'article35544482.ece).',
        'secondary',
      ),
      row(
        '2021-10-01',
        percent(0.05),
        'MCX options from 1 Oct 2021: ₹50 per lakh of premium up to ₹5 crore average daily premium turnover, ₹40 ' +
          'above (BusinessLine, as above); Zerodha charges page copies 2022–2024 show 0.05%.',
        'secondary',
      ),
      row(
        '2024-10-01',
        percent(0.0418),
        'MCX circular MCX/F&A/631/2024 (24 Sep 2024): ₹41.80 per lakh of premium, flat, from 1 Oct 2024 (NDTV ' +
          'Profit and Upstox news of 24–25 Sep 2024).',
        'secondary',
      ),
    ],
  },
};

function cashMarket(): Schedule {
  return [
    row(
      START,
      percent(0.00325),
      `${NSE_2009}: ₹3.25 per lakh each side, as quoted in public repositories; Zerodha charges page copies of ` +
        'Feb and Jun 2020 (e.g. https://inquisitordev.blogspot.com/2020/06/zerodha-list-of-all-charges-and-taxes.' +
        'html) show 0.00325%.',
      'secondary',
    ),
    row('2021-01-01', percent(0.00345), `${NSE_2021}: ₹3.45 per lakh.`, 'secondary'),
    row('2023-04-01', percent(0.00325), `${NSE_2023}: ₹3.25 per lakh.`, 'secondary'),
    row('2024-04-01', percent(0.00322), `${NSE_2024_APRIL}: ₹3.22 per lakh.`, 'secondary'),
    row('2024-10-01', percent(0.00297), `${NSE_2024_OCTOBER}: ₹2.97 per lakh.`, 'secondary'),
    row('2026-03-01', 306.99, `${NSE_2026}: ₹306.99 per crore.`, 'secondary'),
  ];
}

function bseCash(): Schedule {
  return [
    row(
      START,
      percent(0.003),
      'BSE group A and B shares: 0.003% on Zerodha charges page copies of Feb and Jun 2020; CSE notice of 28 Mar ' +
        '2018 gives 0.00300% for SENSEX shares from 2 Apr 2018 (https://www.cse-india.com/upload/cse_notice/' +
        "Notice_Turnover_charges.htm). BSE's own schedule then was per trade for members not on the turnover " +
        'option (BSE notice 20170316-42).',
      'secondary',
    ),
    row(
      '2021-03-01',
      percent(0.00345),
      'BSE notice 20210210-42 (10 Feb 2021): turnover slabs from 1 Mar 2021, highest ₹345 per crore, as quoted in ' +
        'a public repository.',
      'secondary',
    ),
    row(
      '2022-12-01',
      percent(0.00375),
      'BSE notice 20221109-7 (9 Nov 2022): ₹375 per crore flat for group A, B and non-exclusive scrips from 1 Dec ' +
        '2022 (stated on Zerodha\'s charges page; "a flat ₹375 for ₹1 crore" in The Hindu BusinessLine, 24 Mar ' +
        '2023).',
      'secondary',
    ),
  ];
}

const NSE_IPFT_2011 =
  'NSE IPFT contribution ₹0.01 per crore under NSE/F&A/18608 (12 Aug 2011), called "existing" when raised in 2023 ' +
  '(NSE press release of 24 Mar 2023; broker pages citing both circulars, e.g. https://support.infinn.in/portal/en/' +
  'kb/articles/what-are-nse-investor-protection-fund-trust-ipft-charges)';
const NSE_IPFT_2023 =
  'NSE/FA/56129 (24 Mar 2023): contribution raised from ₹0.01 per crore from 1 Apr 2023 (NSE press release, The ' +
  'Hindu and NDTV Profit of 24 Mar 2023; Zerodha support page "What are IPFT charges?")';

function nseIpft(raised: number): Schedule {
  return [
    row(START, 0.01, `${NSE_IPFT_2011}.`, 'secondary'),
    row('2023-04-01', raised, `${NSE_IPFT_2023}: ₹${raised} per crore.`, 'secondary'),
    row('2026-03-01', 0.01, `${NSE_2026}: IPFT ₹0.01 per crore.`, 'secondary'),
  ];
}

const NO_IPFT: Schedule = [
  row(
    START,
    0,
    "NSE's IPFT levy applies to NSE trades only; no BSE or MCX equivalent appears on brokers' charge schedules.",
    'secondary',
  ),
];

/** NSE Investor Protection Fund Trust levy, each side (premium turnover for options). */
export const IPFT: BySegment = {
  NSE: {
    'equity-delivery': nseIpft(10),
    'equity-intraday': nseIpft(10),
    futures: nseIpft(10),
    options: nseIpft(50),
  },
  BSE: { 'equity-delivery': NO_IPFT, 'equity-intraday': NO_IPFT, futures: NO_IPFT, options: NO_IPFT },
  MCX: { futures: NO_IPFT, options: NO_IPFT },
};
